"""Project-wide response headers that no single view should have to remember."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


class PrivateCacheMiddleware:
    """A signed-in page or export is the user's alone: ``Cache-Control: private`` keeps it out
    of shared caches (a proxy, a CDN) unless the view chose its own caching, like the live view's
    ``no-cache``. ``Vary: Cookie`` (set by the session) already keeps browsers apart."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.has_header("Cache-Control"):
            return response  # checked first: asking for the user may cost the session's queries
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response


RENEWED_KEY = "renewed_at"


class SlidingSessionMiddleware:
    """Keep a signed-in session alive while it is used: once a day at most, the session is
    saved again, which pushes its expiry (and the cookie's) SESSION_COOKIE_AGE ahead. A session
    is stamped when it is written anyway (the login), so the stamp itself costs no write."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is None or not session.accessed or session.is_empty():
            return response
        now = int(time.time())
        stamp = session.get(RENEWED_KEY)
        if session.modified or (
            stamp is not None and now - stamp >= settings.SESSION_RENEW_SECONDS
        ):
            session[RENEWED_KEY] = now
        return response
