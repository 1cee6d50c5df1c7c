"""The app in English and Spanish: who picks the language, what the catalogue holds, and which
templates must carry no text outside the translation tags."""

from __future__ import annotations

import gettext
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract
from babel.messages.pofile import read_po
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.crews.models import Preference
from scorekeeper.languages.catalogs import LOCALE_DIR, compile_catalogues
from scorekeeper.languages.words import SCRIPT_MESSAGES
from tests.factories import ChallengeFactory, GameFactory, MembershipFactory, play_round
from tests.history.conftest import make_game

ROOT = Path(settings.BASE_DIR)
SPANISH_PO = LOCALE_DIR / "es" / "LC_MESSAGES" / "django.po"
SWITCH = reverse("accounts:set_language")
LANGUAGE_COOKIE = settings.LANGUAGE_COOKIE_NAME


def catalogue():
    with SPANISH_PO.open("rb") as source:
        return read_po(source, locale="es")


def page(response) -> str:
    return response.content.decode()


# --- Who picks the language ----------------------------------------------------------------


@pytest.mark.django_db
def test_without_accept_language_the_pages_are_english(client):
    response = client.get("/login/")
    assert response["Content-Language"] == "en"
    text = page(response)
    assert '<html lang="en">' in text
    assert "<h1>Log in</h1>" in text and "Iniciar sesión" not in text


@pytest.mark.django_db
def test_the_browsers_language_picks_spanish(client):
    response = client.get("/login/", HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9,en;q=0.5")
    assert response["Content-Language"] == "es"
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]
    text = page(response)
    assert '<html lang="es">' in text
    assert "<h1>Iniciar sesión</h1>" in text
    assert "¿Eres nuevo?" in text and "New here?" not in text
    # Django's own words (the login form's labels) come from its Spanish catalogue.
    assert "Nombre de usuario" in text and "Contraseña" in text


@pytest.mark.django_db
def test_a_language_the_app_does_not_speak_falls_back_to_english(client):
    response = client.get("/login/", HTTP_ACCEPT_LANGUAGE="de-DE,fr;q=0.8")
    assert response["Content-Language"] == "en"


@pytest.mark.django_db
def test_every_page_has_the_switcher_with_the_current_language_pressed(client):
    text = page(client.get("/signup/", HTTP_ACCEPT_LANGUAGE="es"))
    assert f'action="{SWITCH}"' in text
    # Each language named in itself, whatever the page's language.
    assert 'value="es" lang="es" class="link-button" aria-pressed="true">Español<' in text
    assert 'value="en" lang="en" class="link-button" aria-pressed="false">English<' in text
    assert '<input type="hidden" name="next" value="/signup/">' in text


@pytest.mark.django_db
def test_a_visitor_switching_is_remembered_by_a_cookie(client):
    response = client.post(SWITCH, {"language": "es", "next": "/signup/"})
    assert response.status_code == 302 and response["Location"] == "/signup/"
    cookie = response.cookies[LANGUAGE_COOKIE]
    assert cookie.value == "es"
    assert cookie["max-age"] == settings.LANGUAGE_COOKIE_AGE  # outlives the browser session
    assert cookie["samesite"] == "Lax"
    # The cookie beats the browser's own language.
    assert "Crear cuenta</button>" in page(client.get("/signup/", HTTP_ACCEPT_LANGUAGE="en"))
    assert not Preference.objects.exists()
    client.post(SWITCH, {"language": "en", "next": "/signup/"})
    assert "Create account</button>" in page(client.get("/signup/", HTTP_ACCEPT_LANGUAGE="es"))


@pytest.mark.django_db
def test_an_unknown_language_is_refused_in_words_and_changes_nothing(member_client, member):
    response = member_client.post(SWITCH, {"language": "xx", "next": "/crew/"}, follow=True)
    assert "&#x27;xx&#x27; is not a language of this app: choose one of en, es." in page(response)
    assert LANGUAGE_COOKIE not in member_client.cookies
    assert not Preference.objects.filter(user=member).exists()


@pytest.mark.django_db
def test_the_switcher_goes_back_only_to_this_site(client):
    response = client.post(SWITCH, {"language": "es", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    response = client.post(SWITCH, {"language": "es"}, HTTP_REFERER="http://testserver/rules/")
    assert response["Location"] == "http://testserver/rules/"


@pytest.mark.django_db
def test_the_switcher_only_answers_post(client):
    assert client.get(SWITCH).status_code == 405


@pytest.mark.django_db
def test_a_signed_in_choice_follows_the_user_to_another_phone(crew, member, member_client):
    member_client.post(SWITCH, {"language": "es", "next": "/crew/"})
    assert Preference.objects.get(user=member).language == "es"
    # Another phone: no language cookie, a browser in English, signed in through the form.
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    member.set_password("a-long-test-password")
    member.save()
    response = other.post(
        "/login/",
        {"username": member.get_username(), "password": "a-long-test-password"},
        follow=True,
    )
    assert LANGUAGE_COOKIE not in other.cookies
    assert "Jugar" in page(response)
    assert '<h2 id="members">Miembros</h2>' in page(other.get("/crew/"))
    # A phone that was already signed in follows from its next page on.
    third = Client(HTTP_ACCEPT_LANGUAGE="en")
    third.force_login(member)
    assert '<h2 id="members">Miembros</h2>' in page(third.get("/crew/"))
    # Back to English from any phone.
    third.post(SWITCH, {"language": "en", "next": "/crew/"})
    assert '<h2 id="members">Members</h2>' in page(other.get("/crew/"))


@pytest.mark.django_db
def test_the_users_preference_beats_the_cookie(crew, member, member_client):
    Preference.objects.create(user=member, language="es")
    member_client.cookies[LANGUAGE_COOKIE] = "en"
    assert "Miembros" in page(member_client.get("/crew/"))


@pytest.mark.django_db
def test_a_preference_costs_no_query(crew, member_client, member):
    member_client.get("/")  # stores the current crew in the session

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert member_client.get("/crew/").status_code == 200
        return len(captured)

    without = queries()
    Preference.objects.create(user=member, language="es")
    assert queries() == without  # the preference comes with the user, in one query


@pytest.mark.django_db
def test_a_visitor_in_spanish_costs_no_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        client.get("/login/", HTTP_ACCEPT_LANGUAGE="es")
    client.cookies[LANGUAGE_COOKIE] = "es"
    with django_assert_num_queries(0):
        client.get("/rules/")


@pytest.mark.django_db
def test_signing_up_keeps_the_language_picked_before(client):
    client.post(SWITCH, {"language": "es", "next": "/signup/"})
    password = "a-long-test-password"
    data = {"username": "lucia", "password1": password, "password2": password}
    response = client.post("/signup/", data | {"crew_name": "Los viernes"})
    assert response.status_code == 302
    assert Preference.objects.get(user__username="lucia").language == "es"


@pytest.mark.django_db
def test_signing_up_without_a_choice_stores_no_preference(client):
    password = "a-long-test-password"
    data = {"username": "lucia", "password1": password, "password2": password}
    client.post("/signup/", data | {"crew_name": "Los viernes"}, HTTP_ACCEPT_LANGUAGE="es")
    assert not Preference.objects.exists()  # the browser's language keeps deciding


@pytest.mark.django_db
def test_a_refused_sign_up_speaks_spanish(client):
    data = {"username": "", "password1": "x", "password2": "y", "crew_name": ""}
    response = client.post("/signup/", data, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 422
    assert "Este campo es obligatorio." in page(response)


# --- Pages in Spanish ------------------------------------------------------------------------


@pytest.fixture
def spanish(member_client):
    member_client.cookies[LANGUAGE_COOKIE] = "es"
    return member_client


@pytest.mark.django_db
def test_the_history_pages_speak_spanish(crew, spanish):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], date="2026-11-21")
    nights = page(spanish.get("/nights/"))
    assert "<h1>Noches de juego</h1>" in nights and "Game nights" not in nights
    assert "Descargar todas las partidas" in nights and "Quién jugó" in nights
    players = page(spanish.get(reverse("history:player_list")))
    assert "<h1>Jugadores</h1>" in players and "Porcentaje de victorias" in players
    assert "Últimos 30 días" in players and "Win rate" not in players
    record = page(spanish.get(reverse("history:game_record", args=[game.pk])))
    assert f"Partida n.º {game.pk}" in record and "Ronda a ronda" in record
    assert "Round by round" not in record
    assert "ganó Ann" in record  # "won by"


@pytest.mark.django_db
def test_dates_follow_the_language(crew, spanish, member_client):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], date="2026-11-21")
    url = reverse("nights:night_detail", args=[game.night_id])
    text = page(spanish.get(url))
    assert "sábado, 21 de noviembre de 2026" in text
    assert '<h1 id="night-title">Noche de juego sáb 21 nov 2026' in text  # its default name
    assert "21 nov 2026" in page(spanish.get(reverse("nights:night_list")))  # its row
    ann = game.seats.get(player__name="Ann").player
    player = page(spanish.get(reverse("history:player_detail", args=[ann.pk])))
    assert ">nov 26</text>" in player  # the month under the chart's bar
    spanish.cookies[LANGUAGE_COOKIE] = "en"
    english = page(member_client.get(url))
    assert "Saturday 21 November 2026" in english
    assert '<h1 id="night-title">Game night Sat 21 Nov 2026' in english


@pytest.mark.django_db
def test_numbers_follow_the_language(crew, spanish):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 5})], date="2026-11-21", target=50)
    make_game(crew, [("Ben", {"Ann": 7, "Cat": 50})], date="2026-11-21", target=50)
    text = page(spanish.get(reverse("history:player_list")))
    assert "50 %" in text  # Ann won one of two games
    assert "57,0" in text  # Ben's points per round won: a decimal comma


@pytest.mark.django_db
def test_csv_headers_follow_the_language_and_values_stay_plain(crew, spanish):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], date="2026-11-21")
    url = reverse("history:player_list") + "?_export=csv&_table=players"
    header, first = page(spanish.get(url)).splitlines()[:2]
    assert header.startswith("Jugador,Puntuación,Jugadas,Ganadas,Porcentaje de victorias")
    # Values stay machine-readable: a decimal point, not the page's decimal comma.
    assert re.match(r"Ann,-?\d+\.\d,1,1,1\.000", first), first


@pytest.mark.django_db
def test_account_messages_speak_spanish(crew, spanish, member):
    other = MembershipFactory(crew=crew).user
    response = spanish.post(reverse("accounts:member_remove", args=[other.pk]), follow=True)
    assert f"{other.get_username()} ya no es miembro de Friday club." in page(response)


@pytest.mark.django_db
def test_the_offline_page_speaks_spanish(client):
    text = page(client.get(reverse("offline"), HTTP_ACCEPT_LANGUAGE="es"))
    assert "<h1>Sin conexión</h1>" in text and "No connection" not in text


@pytest.mark.django_db
def test_a_new_language_gives_the_phone_a_new_offline_page(client):
    def offline_revision(language: str) -> str:
        body = page(client.get(reverse("service_worker"), HTTP_ACCEPT_LANGUAGE=language))
        match = re.search(r'"url": "/offline/", "revision": "(\w+)"', body)
        assert match
        return match.group(1)

    assert offline_revision("en") != offline_revision("es")


# --- The scripts' words ----------------------------------------------------------------------


def test_every_script_message_is_a_string_of_our_scripts():
    scripts = "".join(path.read_text() for path in (ROOT / "static" / "js").glob("*.js"))
    for message in SCRIPT_MESSAGES:
        assert f'"{message}"' in scripts, message


# A string literal of a script that reads as words ("Pick who went out first."), outside t("…").
SCRIPT_STRING = re.compile(r'(?<![\w$])(t\(\s*)?"((?:[^"\\]|\\.)*)"')
READS_AS_WORDS = re.compile(r"^[A-Z…].*[A-Za-z]+ [a-z]+")


def _words_outside_t(source: str) -> list[str]:
    found = []
    for line in source.splitlines():
        code = "" if line.strip().startswith("//") else line.split(" // ")[0]
        for match in SCRIPT_STRING.finditer(code):
            if not match.group(1) and READS_AS_WORDS.match(match.group(2)):
                found.append(match.group(2))
    return found


def test_the_scan_finds_script_words_outside_t():
    source = '''target.textContent = hand ? "The keypad fills " + name : "Pick who went out first.";
    notice(t("Round %(number)s is saved on this phone.", { number: 4 }));
    element("li", { class: "queue-item is-waiting" });  // "A comment says what it likes"'''
    assert _words_outside_t(source) == ["The keypad fills ", "Pick who went out first."]


def test_the_scripts_say_their_words_through_t():
    """Every sentence a script shows goes through scorekeeperText (t), so it has a translation."""
    for path in sorted((ROOT / "static" / "js").glob("*.js")):
        assert _words_outside_t(path.read_text()) == [], path.name


@pytest.mark.django_db
def test_a_spanish_page_carries_the_scripts_words(client):
    spanish = page(client.get("/login/", HTTP_ACCEPT_LANGUAGE="es"))
    block = re.search(
        r'<script id="script-messages" type="application/json">(.*?)</script>', spanish
    )
    assert block
    words = json.loads(block.group(1))
    assert set(words) == set(SCRIPT_MESSAGES)
    assert words[SCRIPT_MESSAGES[1]].startswith("No se guardó: el servidor respondió con un error")
    assert 'id="script-messages"' not in page(client.get("/login/"))  # English: the code's own


# --- The catalogue -----------------------------------------------------------------------------


def test_the_spanish_catalogue_is_complete():
    entries = [message for message in catalogue() if message.id]
    assert len(entries) > 150
    untranslated = [m.id for m in entries if not all(m.string if m.pluralizable else [m.string])]
    fuzzy = [m.id for m in entries if m.fuzzy]
    assert not untranslated, untranslated
    assert not fuzzy, fuzzy


def test_the_spanish_catalogue_keeps_every_placeholder():
    """A translation with a placeholder missing or misspelt would crash or lose a name."""
    problems = []
    for message in catalogue():
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        wanted = set(re.findall(r"%\(\w+\)[sd]", ids[-1]))
        for string in strings:
            if set(re.findall(r"%\(\w+\)[sd]", string)) != wanted:
                problems.append((message.id, string))
    assert not problems, problems


HEADER_FIELD = re.compile(
    r"(?m)^(?:Project-Id-Version|Report-Msgid-Bugs-To|POT-Creation-Date|PO-Revision-Date|"
    r"Last-Translator|Language-Team|Language|MIME-Version|Content-Type|"
    r"Content-Transfer-Encoding|Plural-Forms|Generated-By):"
)


def _translations():
    """(msgid, each translation) for every message of the Spanish catalogue but its header."""
    for message in catalogue():
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        for string in strings:
            yield ids[-1], string


def test_no_translation_holds_the_catalogues_header():
    """A header block pasted as a msgstr showed as a button's label on the first-card page."""
    pasted = [
        (msgid, string[:60]) for msgid, string in _translations() if HEADER_FIELD.search(string)
    ]
    assert not pasted, pasted


def test_the_header_check_finds_a_pasted_header():
    assert HEADER_FIELD.search("Project-Id-Version: Scorekeeper 1\nLanguage: es\n")
    assert not HEADER_FIELD.search("Número (0–9)")


HTML_TAG = re.compile(r"</?([a-z][a-z0-9]*)\b")
BRACE_PLACEHOLDER = re.compile(r"{\w*}")


def test_translations_keep_the_html_and_the_brace_placeholders_of_their_msgid():
    problems = [
        (msgid, string)
        for msgid, string in _translations()
        if sorted(HTML_TAG.findall(msgid)) != sorted(HTML_TAG.findall(string))
        or sorted(BRACE_PLACEHOLDER.findall(msgid)) != sorted(BRACE_PLACEHOLDER.findall(string))
    ]
    assert not problems, problems


PYTHON_KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "pgettext_lazy": ((1, "c"), 2),
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
}


def _python_sources() -> list[Path]:
    return [
        path
        for path in (ROOT / "scorekeeper").rglob("*.py")
        if "migrations" not in path.parts and path.read_text().count("gettext")
    ]


def test_every_marked_python_string_is_in_the_catalogue():
    """A string marked in the code but not in the .po (make messages not run) shows in English."""
    known = {(m.context, m.id[0] if m.pluralizable else m.id) for m in catalogue()}
    missing = []
    for path in _python_sources():
        with path.open("rb") as source:
            for _line, message, _comments, context in extract(
                "python", source, keywords=PYTHON_KEYWORDS
            ):
                key = (context, message[0] if isinstance(message, tuple) else message)
                if key not in known:
                    missing.append((path.relative_to(ROOT).as_posix(), key))
    assert not missing, missing


TAG = re.compile(r"{%-?\s*(.*?)\s*-?%}", re.S)
TRANSLATE = re.compile(r"""^trans(?:late)?\s+(["'])(.*?)\1(?:\s+context\s+(["'])(.*?)\3)?""")


def _scanned_templates() -> list[Path]:
    return sorted((ROOT / "templates").rglob("*.html"))


def test_every_translate_tag_is_in_the_catalogue():
    known = {(message.context, message.id) for message in catalogue()}
    missing = []
    for path in _scanned_templates():
        for tag in TAG.findall(path.read_text()):
            if match := TRANSLATE.match(tag):
                key = (match.group(4), match.group(2))
                if key not in known:
                    missing.append((path.name, key))
    assert not missing, missing


class _VisibleText(HTMLParser):
    """The words a person would read or hear: text, and the text-bearing attributes."""

    ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value:
                self.words.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.words.append(data)


# Words that are the same in every language: the app's name and a file format.
SAME_IN_EVERY_LANGUAGE = {"Scorekeeper"}


def _untagged_words(source: str) -> list[str]:
    # Django's {# #} ends on its line: one spread over lines is shown on the page.
    source = re.sub(r"{#.*?#}", "", source)
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    source = re.sub(
        r"{%\s*blocktrans(?:late)?\b.*?%}.*?{%\s*endblocktrans(?:late)?\s*%}",
        "",
        source,
        flags=re.S,
    )
    source = TAG.sub(" ", source)
    source = re.sub(r"{{.*?}}", " ", source, flags=re.S)
    parser = _VisibleText()
    parser.feed(source)
    found = []
    for text in parser.words:
        for word in re.findall(r"[A-Za-z][A-Za-z'’]+", text):
            if word not in SAME_IN_EVERY_LANGUAGE:
                found.append(word)
    return found


def test_the_scan_finds_words_outside_the_tags():
    """The check below must be able to fail."""
    assert _untagged_words('<p>Hello {{ name }}</p><a aria-label="Close">×</a>') == [
        "Hello",
        "Close",
    ]
    tagged = '{% translate "Hello" %}<a aria-label="{% translate \'Close\' %}">×</a>'
    assert _untagged_words(tagged) == []
    assert _untagged_words("{# a note #}<p>{# a\nnote #}</p>") == ["note"]


def test_no_template_shows_words_outside_the_translation_tags():
    offenders = {}
    for path in _scanned_templates():
        if words := _untagged_words(path.read_text()):
            offenders[path.relative_to(ROOT).as_posix()] = words
    assert not offenders, offenders


CSS_CONTENT = re.compile(r"""content:\s*(["'])(.*?)\1""")


def _words_in_stylesheets() -> dict[str, list[str]]:
    found = {}
    for path in sorted((ROOT / "static" / "css").glob("*.css")):
        words = [
            text
            for _quote, text in CSS_CONTENT.findall(path.read_text())
            if re.search(r"[A-Za-z]{2}", text)
        ]
        if words:
            found[path.name] = words
    return found


def test_no_stylesheet_writes_words():
    """A CSS ``content:`` shows the same words in every language: words belong in a template,
    in the translation tags (a symbol such as "✓" may stay)."""
    assert not _words_in_stylesheets()


# --- Compiling ---------------------------------------------------------------------------------


def test_the_catalogue_compiles_on_a_machine_without_gettext(tmp_path):
    """Babel alone (a dependency): copy the .po, compile, read it back with Python's gettext."""
    target = tmp_path / "es" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(SPANISH_PO, target / "django.po")
    written = compile_catalogues(tmp_path)
    assert written == [target / "django.mo"]
    assert compile_catalogues(tmp_path) == []  # up to date: nothing to do
    translation = gettext.GNUTranslations((target / "django.mo").open("rb"))
    assert translation.gettext("Game nights") == "Noches de juego"
    assert translation.pgettext("navigation", "Main") == "Principal"
    assert translation.ngettext(
        "Too many attempts: try again in %(minutes)s minute.",
        "Too many attempts: try again in %(minutes)s minutes.",
        5,
    ).endswith("minutos.")


def test_compiled_catalogues_stay_out_of_git():
    assert "*.mo" in (ROOT / ".gitignore").read_text().split()


@pytest.mark.django_db
def test_a_refused_round_is_explained_in_the_pages_language(crew):
    from django.utils import translation

    from scorekeeper.games.services import Conflict
    from tests.factories import GameFactory

    game = GameFactory(crew=crew, players=["Ann", "Ben"])
    spanish = "La ronda 5 todavía no se puede guardar: la siguiente ronda es la 1."
    with translation.override("es"), pytest.raises(Conflict, match=spanish):
        play_round(game, "Ann", number=5, Ben=3)


# --- The table and the referee in Spanish (wave 2) ---------------------------------------------


def _no_english(text: str, *words: str) -> None:
    # The scripts' words block is keyed by the English: not shown.
    text = re.sub(r'<script id="script-messages".*?</script>', "", text, flags=re.S)
    for word in words:
        assert word not in text, word


@pytest.mark.django_db
def test_the_game_page_speaks_spanish(crew, spanish):
    game = make_game(crew, [("Ann", {"Ben": 12, "Cat": 7})], target=500)
    text = page(spanish.get(reverse("games:game_detail", args=[game.pk])))
    assert "<h2>Ronda 2</h2>" in text and "Guardar la ronda 2" in text
    assert "¿Quién se quedó sin cartas?" in text and "Cartas que quedan en cada mano" in text
    assert "Toma 2" in text and "Comodín Toma 4" in text  # the went-out choices
    assert "Ronda a ronda" in text and "Desafiar un Comodín Toma 4" in text
    assert "Que los otros teléfonos vean" in text and "Compartir" in text
    assert 'aria-label="+2, Toma 2 (20 puntos)"' in text  # the keypad, read out
    assert 'aria-label="1 (1 punto)"' in text  # one point, not "1 puntos"
    _no_english(text, "Who went out?", "Save round", "Round by round", "Share</button>")
    fresh = GameFactory(crew=crew)  # nobody deals yet: the draw for deal is offered
    text = page(spanish.get(reverse("games:game_detail", args=[fresh.pk]) + "?draw=1"))
    assert "¿Quién reparte primero?" in text and "Salta (vale 20)" in text


@pytest.mark.django_db
def test_a_refused_round_speaks_spanish(crew, spanish):
    game = make_game(crew, [], target=500)
    data = {
        "number": 1,
        "winner": "Ann",
        "cards_1": "7",
        "total_1": "7",
        "cards_2": "",
        "total_2": "",
    }
    response = spanish.post(reverse("games:round_create", args=[game.pk]), data)
    assert response.status_code == 422
    text = page(response)
    assert "No se guardó." in text and "Todo lo que escribiste sigue aquí:" in text
    assert "Pon las cartas de Ben o un total, no ambos." in text
    assert "Pon las cartas de Cat o su total." in text
    _no_english(text, "Not saved.", "Everything you entered")


@pytest.mark.django_db
def test_round_edit_and_new_game_speak_spanish(crew, spanish):
    game = make_game(crew, [("Ann", {"Ben": 12, "Cat": 7})], target=500)
    edit = page(spanish.get(reverse("games:round_change", args=[game.pk, 1])))
    assert "<h1>Editar la ronda 1</h1>" in edit and "Al guardar se vuelve a puntuar" in edit
    assert "Cancelar" in edit and "Edit round" not in edit
    new = page(spanish.get(reverse("newgame:game_new")))
    assert "<h1>Partida nueva</h1>" in new and "Jugadores en el orden de la mesa" in new
    assert "Reglas de la casa (opcional)" in new and "Empezar la partida" in new
    assert "Gana el más bajo" in new  # a scoring choice, with its summary in Spanish
    assert "cuando alguien llega a la meta" in new
    _no_english(new, "New game", "Start game", "Players in seat order", "Lowest wins")


@pytest.mark.django_db
def test_the_dashboard_and_home_speak_spanish(crew, spanish):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], date="2026-11-21")
    dashboard = page(spanish.get(reverse("games:home")))
    assert "Partida nueva" in dashboard and "Partidas recientes" in dashboard
    assert "Estándar a 100" in dashboard  # the game's scoring mode, a model choice
    _no_english(dashboard, "New game", "Recent games")
    home = page(Client().get("/", HTTP_ACCEPT_LANGUAGE="es"))  # a visitor
    assert "Lleva los puntos de tu juego de cartas en la mesa" in home
    assert "Barajas" in home and "Gana el más bajo" in home
    _no_english(home, "Score your card game", "Decks", "Lowest wins")


@pytest.mark.django_db
def test_the_live_view_speaks_spanish(crew, client):
    game = make_game(crew, [("Ann", {"Ben": 12, "Cat": 7})], target=500)
    url = reverse("live:live", args=[game.share_token])
    text = page(client.get(url, HTTP_ACCEPT_LANGUAGE="es"))
    assert "<h1>Marcador en vivo</h1>" in text and "Rondas jugadas: 1" in text
    assert "faltan 481" in text and "Clasificación" in text
    _no_english(text, "Live scoreboard", "Rounds played", "to go")


@pytest.mark.django_db
def test_the_live_boards_cache_keeps_each_language_apart(crew):
    """The polled board is cached per version: an English watcher's copy must never reach a
    Spanish watcher (or the other way round), and a 304 never keeps the other language."""
    game = make_game(crew, [("Ann", {"Ben": 12, "Cat": 7})], target=500)
    url = reverse("live:live_board", args=[game.share_token])
    english, spanish = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="es")
    first = english.get(url)
    assert "481 to go" in page(first)
    second = spanish.get(url)
    assert "faltan 481" in page(second) and "to go" not in page(second)
    assert second["ETag"] != first["ETag"]
    assert spanish.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    assert "481 to go" in page(english.get(url))  # the Spanish render did not replace it
    assert english.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


@pytest.mark.django_db
def test_the_referee_pages_speak_spanish(crew, spanish):
    game = make_game(crew, [], target=500)
    search = page(spanish.get(reverse("referee:rules_search") + "?q=acumular+toma+2"))
    assert "Haz una pregunta sobre las reglas" in search and "Buscar</button>" in search
    _no_english(search, "Ask a rules question", "Search</button>", "Other answers")
    entry = page(spanish.get(reverse("referee:rule_detail", args=["wd4-challenge"])))
    assert "Todas las reglas" in entry and "Juzgar un desafío" in entry
    _no_english(entry, "All rules", "Judge a challenge", "Sources:")
    challenge = page(spanish.get(reverse("referee:game_challenge", args=[game.pk])))
    assert "<h1>Desafío de Comodín Toma 4</h1>" in challenge
    assert "¿Quién desafió?" in challenge and "Color en juego" in challenge
    assert "Juzgar su mano" in challenge and "Rojo" in challenge
    _no_english(challenge, "Who challenged?", "Judge their hand", "Their hand")
    first_card = page(spanish.get(reverse("referee:first_card") + "?edition=classic&card=skip"))
    assert "<h1>Primera carta volteada</h1>" in first_card and "Empieza" in first_card
    _no_english(first_card, "First card turned up", "Plays first", "Which card")


@pytest.mark.django_db
def test_a_games_record_names_the_challenges_colour_in_spanish(crew, spanish):
    game = make_game(crew, [("Ann", {"Ben": 12, "Cat": 7})], target=500)
    ChallengeFactory(game=game, colour="Y")
    text = page(spanish.get(reverse("history:game_record", args=[game.pk])))
    assert ">amarillo<" in text
    assert ">yellow<" not in text


@pytest.mark.django_db
def test_a_challenge_verdict_speaks_spanish(crew, spanish):
    response = spanish.post(
        reverse("referee:rules_challenge"), {"edition": "classic", "colour": "R", "held": "yes"}
    )
    text = page(response)
    assert "Culpable" in text and "Veredicto · el color en juego era rojo" in text
    assert "Quien tiró el +4 toma 4" in text
    _no_english(text, "Guilty", "Verdict", "The player who laid", "they held")


@pytest.mark.django_db
def test_the_cores_refusals_speak_spanish(crew, spanish):
    """The core words its refusals in English with a template (scorekeeper.domain.words): the
    pages translate the template and fill in the values."""
    game = make_game(crew, [], target=500)
    data = {"number": 1, "winner": "Ann", "cards_1": "7 Q", "total_1": "", "total_2": "5"}
    text = page(spanish.post(reverse("games:round_create", args=[game.pk]), data))
    assert "Mano de Ben: &#x27;Q&#x27; no es una carta: escribe p. ej. R7" in text
    _no_english(text, "is not a card", "s hand:")
    setup = {"action": "start", "seat": ["Ann"], "edition": "classic", "scoring": "standard"}
    text = page(spanish.post(reverse("newgame:game_new"), setup | {"target_choice": "500"}))
    assert "Sienta de 2 a 10 jugadores para empezar (hay 1)." in text
    text = page(spanish.post(reverse("newgame:game_new"), {"action": "new", "new_player": " "}))
    assert "Escribe el nombre del jugador nuevo y luego toca Agregar." in text


@pytest.mark.django_db
def test_an_import_refusal_speaks_spanish(crew, spanish):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("history:games_import")
    empty = SimpleUploadedFile("partidas.json", b"[]", content_type="application/json")
    text = page(spanish.post(url, {"file": empty}))
    assert "el archivo tiene una lista de partidas vacía." in text
    broken = SimpleUploadedFile("partidas.json", b"[{]", content_type="application/json")
    text = page(spanish.post(url, {"file": broken}))
    assert "no es JSON válido (línea 1, columna 3" in text
    _no_english(text, "not valid JSON")


@pytest.mark.django_db
def test_house_rules_speak_spanish(crew, spanish):
    game = make_game(
        crew, [], target=500, house_rules={"agreed": {"jump-in": True, "uno-penalty": 2}}
    )
    text = page(spanish.get(reverse("games:game_detail", args=[game.pk])))
    assert "Meterse fuera de turno · Castigo por no decir UNO: 2 cartas" in text
    form = page(spanish.get(reverse("referee:house_rules", args=[game.pk])))
    assert "Acumular Toma 2 y Comodín Toma 4" in form and "Tomar hasta poder jugar" in form
    _no_english(form, "Stacking Draw Twos", "Jump-in", "Leave empty")
    entry = page(
        spanish.get(reverse("referee:rule_detail", args=["call-uno"]) + f"?game={game.pk}")
    )
    assert "<strong>En esta mesa:</strong> si te descubren sin decir UNO, tomas 2 cartas" in entry


# --- The decks, the first card and the pages that are not there, in Spanish ------------------


@pytest.mark.django_db
def test_the_decks_speak_spanish(crew, spanish):
    home = page(Client().get("/", HTTP_ACCEPT_LANGUAGE="es"))
    assert "Baraja clásica de 108 cartas, 108 cartas" in home
    assert '<span class="chip">carta Balde de agua</span> Quien la juega descarta' in home
    _no_english(home, "Classic 108-card deck", "Water Drop card", "Its player discards")
    new = page(spanish.get(reverse("newgame:game_new")))
    assert 'value="classic"' in new and " Clásico</label>" in new
    assert " Kitty — carta Kitty</label>" in new
    _no_english(new, " Classic</label>", "Kitty card")
    game = make_game(crew, [], target=500, edition="water-drop")
    text = page(spanish.get(reverse("games:game_detail", args=[game.pk]) + "?draw=1"))
    assert "reparte quien saque el número más alto" in text  # the draw for deal
    _no_english(text, "Each player turns a card", "highest number deals")
    classic = GameFactory(crew=crew, edition="classic")
    text = page(spanish.get(reverse("games:game_detail", args=[classic.pk]) + "?draw=1"))
    assert "Clásico" in text.split("</title>")[0]  # the page title names the deck
    assert "reparte quien tenga el valor más alto en puntos" in text
    challenge = page(spanish.get(reverse("referee:game_challenge", args=[game.pk])))
    assert "X es la carta Balde de agua." in challenge
    _no_english(challenge, "Water Drop card")


@pytest.mark.django_db
def test_the_history_names_the_decks_in_spanish(crew, spanish):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], date="2026-11-21")
    players = page(spanish.get(reverse("history:player_list")))
    assert ">Clásico</option>" in players and ">Water Drop</option>" in players
    _no_english(players, ">Classic</option>")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("edition", "card", "words", "english"),
    [
        ("classic", "number", "No pasa nada especial", "Nothing special happens"),
        ("classic", "reverse", "en sentido contrario a las agujas del reloj", "counter-clockwise"),
        ("classic", "draw-two", "toma 2 y pierde el turno", "draws 2 and is skipped"),
        ("classic", "wild", "La hoja del Clásico dice dos cosas", "says two things"),
        ("kitty", "special", "lo leemos como que nadie toma", "we read it as"),
        ("cheese-touch", "special", "La hoja no lo dice; acuérdenlo", "The sheet doesn't say"),
        ("water-drop", "wild-draw-four", "Vuelve a la baraja", "goes back into the deck"),
    ],
)
def test_the_first_card_speaks_spanish(spanish, edition, card, words, english):
    url = reverse("referee:first_card") + f"?edition={edition}&card={card}"
    text = page(spanish.get(url))
    assert words in text
    _no_english(text, english)


@pytest.mark.django_db
def test_a_refused_first_card_speaks_spanish(spanish):
    response = spanish.get(reverse("referee:first_card") + "?edition=classic&card=special")
    assert response.status_code == 422
    text = page(response)
    assert "La baraja Clásico no tiene carta especial" in text
    assert "solo la tienen las ediciones Kitty, Cheese Touch, Water Drop" in text
    _no_english(text, "deck has no special card")


@pytest.mark.django_db
def test_a_page_that_is_not_there_says_so_in_the_readers_language(crew, spanish, member_client):
    missing = reverse("games:game_detail", args=[999999])
    response = spanish.get(missing)
    assert response.status_code == 404
    text = page(response)
    assert "<h1>No encontrado</h1>" in text and "Esa partida no existe en tu grupo." in text
    assert "Volver a Scorekeeper" in text
    _no_english(text, "Not found", "No such game")
    english = Client().get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 404
    assert "There is no page at this address." in page(english)
    assert "Resolver404" not in page(english)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "words", "english"),
    [
        (
            {"players": ["Ann", "Ben"], "rounds": {}},
            "&#x27;rounds&#x27; debe ser una lista.",
            "must be",
        ),
        (
            {"players": ["Ann", "Ben"], "target": 2_000_000},
            "debe ser un número entero de 1 a 1\xa0000\xa0000, como 500.",
            "whole number",
        ),
        (
            {"players": ["Ann", "Ben"], "rounds": [{"winner": "Cat", "hands": {}}]},
            "Ronda 1: quien ganó, &#x27;Cat&#x27;, no es un jugador de esta partida.",
            "is not a player",
        ),
        (
            {"players": ["Ann", "Ann"]},
            "El nombre &#x27;Ann&#x27; aparece dos veces",
            "is used twice",
        ),
    ],
)
def test_a_game_files_problems_speak_spanish(crew, spanish, game, words, english):
    """A game file's own problems (scorekeeper.domain.scoring) are said in the reader's
    language, large numbers with the language's separators."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {"format": "scorekeeper-game/1", "edition": "classic", **game}
    upload = SimpleUploadedFile("partida.json", json.dumps(data).encode(), "application/json")
    response = spanish.post(reverse("history:games_import"), {"file": upload})
    text = page(response)
    assert words in text
    _no_english(text, english)


def test_a_card_is_named_in_the_readers_language():
    from django.utils import translation

    from scorekeeper.domain import parse_card
    from scorekeeper.languages.words import in_words

    card = parse_card("R+2")
    assert card.label() == "red Draw Two"  # the core's English
    with translation.override("es"):
        assert in_words(card.label()) == "Toma 2 rojo"
        assert in_words(parse_card("G7").label()) == "7 verde"
        assert in_words(parse_card("X", "kitty").label("kitty")) == "carta Kitty"
