"""Project-wide response headers that no single view should have to remember."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from functools import lru_cache

import csp.middleware
import simple_history.middleware
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.utils import build_policy
from django.conf import settings
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.utils.cache import patch_cache_control
from django.utils.functional import SimpleLazyObject, empty
from django.utils.translation import gettext


def potentially_trustworthy(request: HttpRequest) -> bool:
    """Whether the browser counts the page's origin as secure: https, or plain http on
    localhost, a ``*.localhost`` name or a loopback address (W3C Secure Contexts); not the
    plain-http network address the other phones at the table open."""
    if request.is_secure():
        return True
    # The raw Host: this runs on every response, a 400 for a host not allowed included.
    return _trustworthy_host(request._get_raw_host())


# Reading a host costs more than a bare request's whole middleware (a failed ip_address() parse
# raises): each one is read once. The table's phones use a handful of hosts; a bound keeps a
# client sending made-up ones from growing it.
@lru_cache(maxsize=256)
def _trustworthy_host(raw_host: str) -> bool:
    host, _ = split_domain_port(raw_host)
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# Headers a browser honours only on a potentially trustworthy origin.
SECURE_ORIGIN_ONLY = ("Cross-Origin-Opener-Policy",)


class ResponseHeadersMiddleware:
    """The project's own response headers, in one pass at the top (every response passes it):

    - Only the headers that apply to the connection. Django's SecurityMiddleware sends
      Cross-Origin-Opener-Policy on every response, and Chromium logs on every page of a
      plain-http network address (the live board and the shared recap on a friend's phone) that
      it ignored it: there it is not sent. (HSTS Django already sends over https only.)
    - The Permissions-Policy header: every browser feature of ``settings.PERMISSIONS_POLICY``
      switched off (``camera=()``). A few lines of our own instead of a dependency for one
      header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = ", ".join(
            f"{feature}=({' '.join(allowed)})"
            for feature, allowed in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not potentially_trustworthy(request):
            for header in SECURE_ORIGIN_ONLY:
                response.headers.pop(header, None)
        response.headers.setdefault("Permissions-Policy", self.policy)
        return response


class RequestSizeMiddleware:
    """A request whose body is larger than ``settings.MAX_REQUEST_BYTES`` is answered 413 from
    its Content-Length, before anything reads the body: Django's own limit
    (DATA_UPLOAD_MAX_MEMORY_SIZE) leaves file uploads out, and an upload is spooled to a
    temporary file as it is parsed, even an anonymous one to the login page. (A body sent
    without a Content-Length, chunked, is one Django never reads.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads such a body as empty
        limit = settings.MAX_REQUEST_BYTES
        if length > limit:
            text = gettext(
                "This request is larger than %(megabytes)s MB, the most this site accepts: "
                "nothing was read or saved."
            ) % {"megabytes": limit // (1024 * 1024)}
            return HttpResponse(text, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


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
        session = getattr(request, "session", None)
        if (
            session is not None
            and not session.modified
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        ):
            return response  # no session: nobody is signed in (a sign-in writes the session)
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


# The response attributes django-csp's per-view decorators set (csp_update, csp_replace...).
_PER_VIEW_PARTS = frozenset(
    f"_csp_{part}{suffix}" for part in ("config", "update", "replace") for suffix in ("", "_ro")
)
_CSP_HEADERS = (
    (HEADER, "CONTENT_SECURITY_POLICY", "_csp_exempt", False),
    (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", "_csp_exempt_ro", True),
)


@lru_cache(maxsize=1)
def _csp_headers() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """The headers the settings give (enforced, report-only; those without a policy left out):
    each with its policy, the response attribute that exempts a view, and the URL prefixes
    it skips."""
    headers = []
    for header, setting, exempt, report_only in _CSP_HEADERS:
        policy = build_policy(report_only=report_only)
        if policy:
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            headers.append((header, policy, exempt, tuple(prefixes)))
    return tuple(headers)


@receiver(setting_changed)
def _forget_csp_headers(setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _csp_headers.cache_clear()


class CSPMiddleware(csp.middleware.CSPMiddleware):
    """django-csp's middleware with the settings' policy built once, not on every response.

    django-csp builds the header from the settings on every response, twice (the policy and
    the report-only one): about a tenth of a bare request's time. Our pages use no nonce and
    no per-view decorator; a response that has one (or a debug error page) is handled by
    django-csp itself, and the rest get the same headers from the built strings.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if (
            getattr(request, "_csp_nonce", None) is not None
            or any(
                getattr(response, name) is not None
                for name in _PER_VIEW_PARTS.intersection(vars(response))
            )
            or (settings.DEBUG and response.status_code in (404, 500))
        ):
            return super().process_response(request, response)
        for header, policy, exempt, excluded in _csp_headers():
            if (
                header not in response
                and not getattr(response, exempt, False)
                and not (excluded and request.path_info.startswith(excluded))
            ):
                response[header] = policy
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = csp.middleware.CheckableLazyObject(self._csp_nonce_post_response)
        return response


class LazyMessageMiddleware(MessageMiddleware):
    """Django's MessageMiddleware with the message store opened only when a view or a page
    reads or adds a message: most requests (a poll, a 304, a page without messages) never do,
    and building the cookie and session stores on each was a tenth of a bare request. A store
    never opened has nothing to save, as Django's own would have saved nothing."""

    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        store = getattr(request, "_messages", None)
        if isinstance(store, SimpleLazyObject) and store._wrapped is empty:
            return response
        return super().process_response(request, response)


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def HistoryRequestMiddleware(get_response: Callable[[HttpRequest], HttpResponse]):  # noqa: N802
    """simple-history's middleware (it names who made each change in the history rows) for
    the requests that may write: a GET never writes (house rule), so it skips the context."""
    with_request = simple_history.middleware.HistoryRequestMiddleware(get_response)

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method in SAFE_METHODS:
            return get_response(request)
        return with_request(request)

    return middleware
