"""Project-wide response headers that no single view should have to remember."""

from __future__ import annotations

from collections.abc import Callable

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
