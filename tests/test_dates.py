"""One date style per language: "1 Dec 2026" in English, "1 dic 2026" in Spanish, wherever a
page says a day (Django's DATE_FORMAT, the tables' formats, a roster change, a game's start).
The full date of a night ("Tuesday 1 December 2026") is its own, longer form."""

import datetime as dt
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation
from django.utils.formats import date_format

from tests.browser.conftest import every_screen, table_member  # noqa: F401 (fixtures)
from tests.test_spanish_words import shown_text

DAY = dt.datetime(2026, 12, 1, 20, 15)
IN_A_TABLE = "date format: a game's night in a table"
SHORT = {"en": "1 Dec 2026", "es": "1 dic 2026"}
# The styles that are not ours: "Dec. 1, 2026" (Django's English), "1 de diciembre de 2026"
# (Django's Spanish) without the weekday of a night's full date.
OTHER_STYLES = {
    "en": re.compile(r"\b[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}\b"),
    "es": re.compile(r"(?<!, )\b\d{1,2} de [a-zé]+ de \d{4}\b"),
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_short_date_format_says_one_style(language):
    with translation.override(language):
        dates = {
            date_format(DAY, "DATE_FORMAT"),
            date_format(DAY, "SHORT_DATE_FORMAT"),
            date_format(DAY, translation.gettext("j M Y")),
            date_format(
                DAY, translation.pgettext("date format: a game's night in a table", "j M Y")
            ),
        }
        times = {date_format(DAY, "DATETIME_FORMAT"), date_format(DAY, "SHORT_DATETIME_FORMAT")}
    assert dates == {SHORT[language]}
    assert times == {f"{SHORT[language]}, 20:15"}


def test_the_other_styles_are_found():
    assert OTHER_STYLES["en"].findall("last Dec. 1, 2026 · 1 Dec 2026") == ["Dec. 1, 2026"]
    assert OTHER_STYLES["es"].findall(
        "1 de diciembre de 2026 · martes, 1 de diciembre de 2026"
    ) == ["1 de diciembre de 2026"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_no_screen_says_a_day_in_another_style(request, language):
    screens = request.getfixturevalue("every_screen")
    member, visitor = Client(), Client()
    for client in (member, visitor):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    member.force_login(get_user_model().objects.get(username="ann"))
    found = {}
    for screen in screens:
        html = (member if screen.signed_in else visitor).get(screen.url).content.decode()
        if dates := OTHER_STYLES[language].findall(shown_text(html)):
            found[screen.name] = sorted(set(dates))
    assert not found, found


@pytest.mark.django_db(transaction=True)
def test_no_spanish_screen_capitalises_a_month(request):
    screens = request.getfixturevalue("every_screen")
    member = Client()
    member.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    member.force_login(get_user_model().objects.get(username="ann"))
    english_month = re.compile(
        r"\b\d{1,2} (?:Ene|Feb|Mar|Abr|May|Jun|Jul|Ago|Sep|Oct|Nov|Dic) \d{4}"
    )
    found = {}
    for screen in screens:
        if screen.signed_in and (
            dates := english_month.findall(shown_text(member.get(screen.url).content.decode()))
        ):
            found[screen.name] = sorted(set(dates))
    assert not found, found
