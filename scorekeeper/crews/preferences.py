"""A user's language: the browser's, unless a switcher choice overrides it.

Order of precedence, highest first:

1. a signed-in user's ``Preference.language`` (set by the switcher; it follows them to every
   phone they sign in on). The user row is read with its preference in one query
   (:class:`PreferenceModelBackend`), so pages that show the user pay nothing extra;
2. the language cookie the switcher sets (``settings.LANGUAGE_COOKIE_NAME``), for visitors;
3. the browser's ``Accept-Language``;
4. ``settings.LANGUAGE_CODE`` (English).

Django's ``LocaleMiddleware`` handles 2-4; :class:`UserLanguageMiddleware` adds 1.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorekeeper.crews.models import Preference
from scorekeeper.languages.words import supported
from scorekeeper.prepared import Prepared


def _users_with_preference(user_id):
    return get_user_model()._default_manager.select_related("preference").filter(pk=user_id)


_USER = Prepared(_users_with_preference, user_id=int)


class PreferenceModelBackend(ModelBackend):
    """Django's ModelBackend; the session's user comes with their preference (one LEFT JOIN),
    in SQL built once (every signed-in request reads it: ``scorekeeper.prepared``)."""

    def get_user(self, user_id):
        if type(user_id) is int:
            user = _USER.get(user_id=user_id)
        else:
            user = _users_with_preference(user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None


def user_language(user) -> str:
    """The language a signed-in user chose, or "" (the browser's). No query when the user was
    loaded by :class:`PreferenceModelBackend`."""
    try:
        language = user.preference.language
    except Preference.DoesNotExist:
        return ""
    return language if supported(language) else ""


class UserLanguageMiddleware:
    """After ``AuthenticationMiddleware``: a signed-in user's saved language wins.

    Anonymous requests (no user in the session) are left to ``LocaleMiddleware`` and cost no
    query; without a session cookie the session is not even opened. Every response varies on
    the cookie (the language cookie picks the page): ``scorekeeper.languages.locale`` says so.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            settings.SESSION_COOKIE_NAME in request.COOKIES
            and SESSION_KEY in request.session
            and request.user.is_authenticated
        ):
            language = user_language(request.user)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)


def _next_url(request: HttpRequest) -> str:
    """The page to go back to: a path on this site ("/games/3/") or an address of this host
    (the Referer). Anything else goes home: a bare word ("x") would be read as a view's name
    by ``redirect()``, or as a path relative to /language/."""
    for candidate in (request.POST.get("next"), request.headers.get("Referer")):
        if (
            candidate
            and (candidate.startswith("/") or urlsplit(candidate).netloc)
            and url_has_allowed_host_and_scheme(
                candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
            )
        ):
            return candidate
    return "/"


def remember_language(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The switcher: remember the language in a cookie (this browser) and, for a signed-in
    user, in their preference (every phone they sign in on). Then back to the page."""
    language = request.POST.get("language", "")
    response = HttpResponseRedirect(_next_url(request))
    if not supported(language):
        choices = ", ".join(code for code, _name in settings.LANGUAGES)
        messages.error(
            request,
            _("%(language)s is not a language of this app: choose one of %(choices)s.")
            % {"language": repr(language[:20]), "choices": choices},
        )
        return response
    if request.user.is_authenticated:
        Preference.objects.update_or_create(user=request.user, defaults={"language": language})
    remember_language(response, language)
    return response


def store_chosen_language(request: HttpRequest, user) -> None:
    """A new account keeps the language its owner picked with the switcher before signing up."""
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if supported(language):
        Preference.objects.create(user=user, language=language)
