"""The lighter request floor (issue 25) decides as Django's own layers do: the language, the
messages, who a change is by, and no session opened for a visitor who has none."""

import pytest
from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from simple_history.models import HistoricalRecords

from scorekeeper.languages.locale import language_for
from scorekeeper.middleware import HistoryRequestMiddleware


def test_our_urls_carry_no_language_prefix():
    """scorekeeper.languages.locale.LocaleMiddleware leaves out Django's URL-prefix work."""
    assert is_language_prefix_patterns_used(settings.ROOT_URLCONF) == (False, False)


@pytest.mark.parametrize(
    ("cookie", "accept"),
    [
        (None, ""),
        (None, "es-MX,es;q=0.9,en;q=0.5"),
        (None, "de-DE,fr;q=0.8"),
        ("es", "en"),
        ("en", "es"),
        ("xx", "es"),
        (None, "*"),
        (None, "es-ES"),
    ],
)
def test_the_language_is_the_one_djangos_middleware_picks(cookie, accept):
    request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE=accept)
    if cookie is not None:
        request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = cookie
    assert language_for(cookie, accept) == translation.get_language_from_request(request)


@pytest.mark.django_db
def test_a_visitor_without_a_session_gets_no_session_and_the_same_headers(client):
    response = client.get(reverse("referee:rules_search"), HTTP_ACCEPT_LANGUAGE="es")
    assert response["Content-Language"] == "es"
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert "private" not in response.get("Cache-Control", "")


@pytest.mark.django_db
def test_a_message_set_on_a_post_shows_on_the_next_page(client):
    response = client.post(reverse("accounts:set_language"), {"language": "xx", "next": "/login/"})
    assert response.status_code == 302
    assert "is not a language of this app" in client.get("/login/").content.decode()
    assert "is not a language of this app" not in client.get("/login/").content.decode()


@pytest.mark.parametrize(("method", "told"), [("post", True), ("get", False), ("head", False)])
def test_who_made_a_change_is_known_to_the_history_on_writes_only(method, told):
    """simple-history reads the request (and its user) from its context while a view writes;
    a GET never writes, so it is not told."""
    seen = []

    def view(request):
        seen.append(getattr(HistoricalRecords.context, "request", None))
        return HttpResponse("ok")

    request = getattr(RequestFactory(), method)("/")
    HistoryRequestMiddleware(view)(request)
    assert seen == [request if told else None]
    assert getattr(HistoricalRecords.context, "request", None) is None  # and forgotten after
