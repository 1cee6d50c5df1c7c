"""The rules pages give the library in the page's language, and the search understands Spanish
and English questions whichever language the page is in."""

from django.urls import reverse
from django.utils.html import escape

from scorekeeper.rules import ENTRIES, get_entry
from scorekeeper.rules.entries_es import ENTRIES_ES, SHEET_TITLES

from .conftest import HTMX

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def page(response):
    assert response.status_code == 200
    return response.content.decode()


def ask(client, query, headers, **params):
    return page(client.get(reverse("referee:rules_search"), {"q": query, **params}, **headers))


def best_title(text):
    start = text.index('id="best-title"')
    return text[start : text.index("</h2>", start)]


def test_a_spanish_question_on_a_spanish_page_gets_the_spanish_answer(client, db):
    text = ask(client, "¿quién puede desafiar un comodín toma 4?", SPANISH)
    spanish = ENTRIES_ES["wd4-challenge"]
    assert escape(spanish.title) in best_title(text)
    assert escape(spanish.answer) in text
    for answer in spanish.variants:
        assert escape(answer) in text
    assert escape(SHEET_TITLES["unorules"]) in text
    assert escape(get_entry("wd4-challenge").answer) not in text


def test_a_spanish_question_on_an_english_page_gets_the_english_answer(client, db):
    text = ask(client, "se acabó la pila", ENGLISH)
    entry = get_entry("draw-pile-runs-out")
    assert escape(entry.title) in best_title(text)
    assert escape(entry.answer) in text
    assert escape(ENTRIES_ES["draw-pile-runs-out"].answer) not in text


def test_an_english_question_on_a_spanish_page_gets_the_spanish_answer(client, db):
    text = ask(client, "can you stack draw 2", SPANISH)
    assert escape(ENTRIES_ES["stacking"].title) in best_title(text)
    assert escape(ENTRIES_ES["stacking"].answer) in text


def test_a_misspelled_spanish_question_without_accents_works_on_both_pages(client, db):
    for headers, title in ((SPANISH, ENTRIES_ES["stacking"].title), (ENGLISH, "Stacking")):
        assert escape(title) in best_title(ask(client, "se puede acumlar +2", headers))


def test_the_other_answers_and_related_links_are_in_the_page_language(client, db):
    text = ask(client, "comodín", SPANISH)
    others = text[text.index('id="best-title"') :]
    assert escape(ENTRIES_ES["wild-any-time"].title) in others
    assert escape(get_entry("wild-any-time").title) not in others


def test_the_htmx_results_are_in_the_page_language(client, db):
    response = client.get(reverse("referee:rules_search"), {"q": "robar cuatro"}, **HTMX, **SPANISH)
    text = page(response)
    assert text.lstrip().startswith('<div id="results"')
    assert escape(ENTRIES_ES["wild-draw-four"].title) in text


def test_the_browse_list_is_in_the_page_language(client, db):
    text = page(client.get(reverse("referee:rules_search"), **SPANISH))
    for entry in ENTRIES:
        assert escape(ENTRIES_ES[entry.slug].title) in text, entry.slug
    english = page(client.get(reverse("referee:rules_search"), **ENGLISH))
    assert escape(ENTRIES_ES["stacking"].title) not in english
    assert escape(get_entry("stacking").title) in english


def test_an_entry_page_is_in_the_page_language_with_the_same_sources(client, db):
    url = reverse("referee:rule_detail", args=["uno-penalty"])
    spanish = page(client.get(url, **SPANISH))
    assert escape(ENTRIES_ES["uno-penalty"].title) in spanish
    assert escape(ENTRIES_ES["uno-penalty"].answer) in spanish
    for sheet in get_entry("uno-penalty").sources:
        assert escape(SHEET_TITLES[sheet]) in spanish
    for slug in get_entry("uno-penalty").related:
        assert escape(ENTRIES_ES[slug].title) in spanish
    english = page(client.get(url, **ENGLISH))
    assert escape(get_entry("uno-penalty").answer) in english
    assert escape(ENTRIES_ES["uno-penalty"].answer) not in english


def test_the_spanish_choice_by_cookie_gives_the_spanish_library(client, db):
    client.cookies["django_language"] = "es"
    text = page(client.get(reverse("referee:rule_detail", args=["wild"])))
    assert escape(ENTRIES_ES["wild"].answer) in text


def test_the_first_card_helper_shows_the_sheets_answers_in_the_page_language(client, db):
    url = reverse("referee:first_card")
    spanish = page(client.get(url, {"card": "reverse", "edition": "classic"}, **SPANISH))
    for answer in ENTRIES_ES["first-card-reverse"].variants:
        assert escape(answer) in spanish
    assert escape(ENTRIES_ES["first-card-reverse"].title) in spanish
    english = page(client.get(url, {"card": "reverse", "edition": "classic"}, **ENGLISH))
    for variant in get_entry("first-card-reverse").variants:
        assert escape(variant.answer) in english


def test_the_challenge_helper_words_who_may_challenge_in_the_page_language(client, db):
    spanish = page(client.get(reverse("referee:rules_challenge"), **SPANISH))
    assert escape(ENTRIES_ES["wd4-challenge"].variants[0]) in spanish
    assert escape(SHEET_TITLES["unorules"]) in spanish
