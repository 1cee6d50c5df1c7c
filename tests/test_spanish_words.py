"""One vocabulary per language: no English word left on a Spanish screen (issue 26, defect 8)."""

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from zoneinfo import available_timezones

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.demo.management.commands.seed_demo import NIGHT_NAMES
from scorekeeper.domain.decks import parse_deck
from scorekeeper.history.charts import score_progression
from scorekeeper.languages.catalogs import LOCALE_DIR
from scorekeeper.languages.words import keys_in_words
from scorekeeper.referee.display import challenge_keypad
from scorekeeper.referee.forms import HouseNoteForm
from scorekeeper.rules import ENTRIES
from tests.browser.conftest import every_screen, table_member  # noqa: F401 (fixtures)

SPANISH_PO = LOCALE_DIR / "es" / "LC_MESSAGES" / "django.po"


def test_the_keypad_faces_say_the_cards_as_the_spanish_sheet_does():
    with translation.override("es"):
        faces = {key.label for key in keys_in_words("classic")}
        pad = {key.label for key in challenge_keypad("classic")["values"]}
        wilds = {key.label for key in challenge_keypad("classic")["wilds"]}
    assert {"Salta", "Reversa", "Comodín", "+2", "+4"} <= faces
    assert not {"Skip", "Rev", "Wild"} & faces
    assert {"Salta", "Reversa"} <= pad and "Comodín" in wilds


def test_the_keypad_faces_stay_english_in_english():
    with translation.override("en"):
        faces = {key.label for key in keys_in_words("classic")}
    assert {"Skip", "Rev", "Wild"} <= faces


def test_the_score_chart_names_the_target_in_spanish():
    with translation.override("es"):
        chart = score_progression(["Ann", "Ben"], {"Ann": [20], "Ben": [0]}, 500)
    assert ">meta 500</text>" in chart and "target" not in chart.replace('class="target', "")


def test_the_house_rule_boxes_of_a_not_covered_answer_have_a_spanish_label():
    with translation.override("es"):
        label = str(HouseNoteForm().fields["rules"].label)
    assert label == "Reglas de la casa que se activan en esta partida"


def test_a_crew_card_is_named_in_the_crew_s_own_words_in_each_language():
    card = {"token": "SK", "name": "Skip", "kind": "wild", "count": 1, "points": 30}
    named = parse_deck({"name": "Ours", "cards": [{**card, "name_es": "Saltito"}]}).sides[0]
    english_only = parse_deck({"name": "Theirs", "cards": [card]}).sides[0]
    with translation.override("es"):
        spanish = [key.label for key in keys_in_words(named)][-1]
        fallback = [key.label for key in keys_in_words(english_only)][-1]
    with translation.override("en"):
        english = [key.label for key in keys_in_words(named)][-1]
    # The crew's "Skip" is its own card, never the catalogue's "Salta".
    assert (spanish, fallback, english) == ("Saltito", "Skip", "Skip")


# --- No English word on a Spanish page ---------------------------------------------------------

# What people typed, kept as they typed it: the crew of tests/browser/conftest.py's
# every_screen (its name, its deck, its deck's card and that card's rule, the demo history's
# night names) and the question asked.
TYPED_BY_THE_CREW = (
    "Friday club",
    "Flip box",
    "Blank card",
    "Whoever plays it names a rule for the round.",
    "stack draw two",
    *filter(None, NIGHT_NAMES),
)
WORD = re.compile(r"[A-Za-zÀ-ÿ]+")
HIDDEN = {"script", "style", "template"}
SHOWN_ATTRIBUTES = {"placeholder", "aria-label", "title", "alt"}


class _ShownText(HTMLParser):
    """The words a reader meets: text, and the attributes shown or read out."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._hidden += tag in HIDDEN
        self.parts += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in HIDDEN

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def shown_text(html: str) -> str:
    parser = _ShownText()
    parser.feed(html)
    text = " ".join(" ".join(parser.parts).split())
    for typed in TYPED_BY_THE_CREW:
        text = text.replace(typed, " ")
    return text


@dataclass(frozen=True)
class EnglishWords:
    """What gives English away on a Spanish page, from the catalogue: a word of its English
    that none of its Spanish uses ("cards", "yet"), or a name it translates ("Classic" is
    "Clásico"), even where a translation kept it by mistake. Names quoted as they are pass:
    where a sheet says something ("Wild Draw 4 Card, line 147") and the IANA time zones."""

    unused: frozenset[str]  # lower case
    translated_names: frozenset[str]  # as written

    @classmethod
    def from_catalogue(cls) -> "EnglishWords":
        with SPANISH_PO.open("rb") as source:
            messages = [message for message in read_po(source, locale="es") if message.id]

        def words(texts) -> set[str]:
            return {
                word.lower()
                for text in texts
                for word in WORD.findall(re.sub(r"%\(\w+\)s|{{.*?}}", " ", text or ""))
            }

        def each(value) -> tuple[str, ...]:
            return value if isinstance(value, tuple) else (value,)

        english = words(text for message in messages for text in each(message.id))
        spanish = words(text for message in messages for text in each(message.string))
        # Django's own Spanish dates: "1 may 2026" is May, not the English "may".
        from django.utils import dates, translation

        with translation.override("es"):
            spanish |= words(
                str(name)
                for table in (dates.MONTHS, dates.MONTHS_3, dates.MONTHS_AP, dates.WEEKDAYS)
                for name in table.values()
            )
            spanish |= words(str(name) for name in dates.WEEKDAYS_ABBR.values())
        cites = [
            cite.where
            for entry in ENTRIES
            for cite in (*entry.cites, *(c for variant in entry.variants for c in variant.cites))
        ]
        quoted = words(cites) | words(zone.replace("_", " ") for zone in available_timezones())
        names = {
            message.id
            for message in messages
            if isinstance(message.id, str)
            and re.fullmatch(r"[A-Z][a-z]{2,}", message.id)
            and message.string
            and message.string.lower() != message.id.lower()
            and message.id.lower() not in quoted
        }
        return cls(frozenset(english - spanish - quoted), frozenset(names))

    def found_in(self, text: str) -> list[str]:
        return [
            word
            for word in WORD.findall(text)
            if word.lower() in self.unused or word in self.translated_names
        ]


def test_the_scan_finds_an_english_word_and_passes_the_crews_own():
    english = EnglishWords.from_catalogue()
    html = (
        '<p title="Undo">Sacar Blank card</p><p>Swap Hands ×1, puntos</p>'
        "<p>Las instrucciones Classic</p>"
        "<script>no cards yet</script><p>Flip box · Friday club</p>"
    )
    assert english.found_in(shown_text(html)) == ["Undo", "Swap", "Classic"]


@pytest.mark.django_db(transaction=True)
def test_no_spanish_screen_shows_an_english_word(request):
    """Every screen of tests/browser/conftest.py's walk, in Spanish: no word of the catalogue's
    English that its Spanish never uses."""
    screens = request.getfixturevalue("every_screen")
    english = EnglishWords.from_catalogue()
    member, visitor = Client(), Client()
    for client in (member, visitor):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    member.force_login(get_user_model().objects.get(username="ann"))
    found = {}
    for screen in screens:
        response = (member if screen.signed_in else visitor).get(screen.url)
        assert response.status_code == 200, screen.name
        if words := english.found_in(shown_text(response.content.decode())):
            found[screen.name] = sorted(set(words))
    assert not found, found


@pytest.mark.django_db
def test_the_rating_column_and_the_scoring_filter_have_two_spanish_names(member_client, crew):
    from tests.history.conftest import make_game

    make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"], date="2026-11-01")
    page = member_client.get("/players/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    rating = re.search(r'href="\?sort=-?rating">([^<]+)<', page)  # its first tap: best first
    scoring = re.search(r'<label for="id_scoring">([^<]+)</label>', page)
    assert rating and scoring, "the players table and its scoring filter"
    assert (rating.group(1), scoring.group(1)) == ("Puntuación", "Modo de puntuación")


# The app says "tú": Django's own Spanish (the sign-up form's help, the password rules, the
# login refusal) says "usted" until our catalogue says it again.
USTED = re.compile(
    r"\b(?:[Ss]u|[Ss]us|[Ii]ntroduzca|[Aa]segúrese|[Vv]uelva|[Oo]bserve|[Cc]orrija|[Ee]nvíe|"
    r"[Ee]scriba|[Ii]ngrese|[Ss]eleccione|[Uu]sted)\b"
)


def test_the_usted_scan_finds_django_s_spanish():
    assert USTED.findall("Para verificar, introduzca la misma contraseña anterior.") == [
        "introduzca"
    ]
    assert not USTED.findall("Escribe la misma contraseña otra vez, para comprobarla.")


@pytest.mark.django_db
def test_signing_up_and_logging_in_say_tu(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    get_user_model().objects.create_user("ana", password="a-long-test-password")
    pages = {
        "sign-up": client.get(reverse("accounts:signup")),
        "refused sign-up": client.post(
            reverse("accounts:signup"),
            {"username": "ana", "password1": "12345", "password2": "54321", "crew_name": "Mesa"},
        ),
        "common password": client.post(
            reverse("accounts:signup"),
            {"username": "beto", "password1": "password", "password2": "password"},
        ),
        "password like the name": client.post(
            reverse("accounts:signup"),
            {"username": "robertito", "password1": "robertito1", "password2": "robertito1"},
        ),
        "refused log-in": client.post(
            reverse("accounts:login"), {"username": "ana", "password": "not-it"}
        ),
    }
    said = {}
    for name, response in pages.items():
        assert response.status_code in (200, 422), name
        if found := USTED.findall(shown_text(response.content.decode())):
            said[name] = sorted(set(found))
    assert not said, said


@pytest.mark.django_db
@pytest.mark.game(players=["Ann", "Ben"])
def test_an_empty_hand_says_so_in_the_page_s_language(member_client, game):
    url = reverse("games:game_detail", args=[game.pk])
    spanish = member_client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    english = member_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span class="hand-empty">todavía sin cartas</span>' in spanish
    assert '<span class="hand-empty">no cards yet</span>' in english
