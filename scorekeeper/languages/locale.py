"""The page's language for every request: the switcher's cookie, else the browser's."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers


@lru_cache(maxsize=512)
def language_for(cookie: str | None, accept_language: str) -> str:
    """The language Django picks for this language cookie and ``Accept-Language`` header
    (``get_language_from_request`` without a URL prefix), worked out once per pair: phones
    send the same few pairs all evening."""
    asked = HttpRequest()
    if cookie is not None:
        asked.COOKIES[settings.LANGUAGE_COOKIE_NAME] = cookie
    asked.META["HTTP_ACCEPT_LANGUAGE"] = accept_language
    return translation.get_language_from_request(asked)


@receiver(setting_changed)
def _forget_languages(setting: str, **kwargs) -> None:
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LANGUAGE_COOKIE_NAME", "LOCALE_PATHS"}:
        language_for.cache_clear()


class LocaleMiddleware:
    """Django's ``LocaleMiddleware`` for a site whose URLs carry no language prefix.

    Django's reads the path twice per request and asks whether the URLconf uses
    ``i18n_patterns`` (for its prefix redirects), then weighs the cookie and the header
    afresh: about a tenth of a bare request's time. Our URLs have no prefix (a test holds it),
    so the language comes from the language cookie, then ``Accept-Language``, then
    ``settings.LANGUAGE_CODE``, exactly as Django's decides without a prefix, and the response
    says so. It varies on ``Accept-Language`` and on ``Cookie`` (the switcher's cookie, or a
    signed-in user's saved language, see ``crews.preferences``), named in one go for both.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = language_for(cookie, request.META.get("HTTP_ACCEPT_LANGUAGE", ""))
        translation.activate(language)
        request.LANGUAGE_CODE = language  # a code of settings.LANGUAGES, as get_language() says
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response
