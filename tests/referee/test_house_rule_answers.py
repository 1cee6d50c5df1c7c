"""Under the banner, the house rule offered fits the question; a house rule the game agreed is the
answer to a question about it (issue 52, item 7).

The questions are typed as at the table, written for these tests, not taken from the entries.
"""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.referee.display import TABLE, results
from scorekeeper.rules import get_entry
from scorekeeper.rulesearch.search import ANSWER, NONE, OPEN, Hit, Lookup
from tests.factories import GameFactory

NOT_COVERED = "No sheet covers this — agree it at the table."
JUMP_IN_AT_TABLE = "anyone holding a card identical to the top of the discard pile"
JUMP_IN_EN_ESTA_MESA = "quien tenga una carta idéntica a la de arriba de la pila"


def search_page(client, language="en", **params):
    response = client.get(reverse("referee:rules_search"), params, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def lookup_of(question, *slugs, verdict=NONE):
    hits = [Hit(get_entry(slug), 10.0 - place) for place, slug in enumerate(slugs)]
    return Lookup(question, hits, verdict)


# --- The offer fits the question ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("a card went missing under the sofa what now", "en"),
        ("he peeked at my hand while i was in the kitchen", "en"),
        ("se nos perdio una carta", "es"),
        ("mi hermano me vio la mano", "es"),
        ("se puede espiar la mano del otro?", "es"),
    ],
)
def test_a_lost_card_or_a_peek_is_offered_only_the_free_text_form(crew_client, question, language):
    client, crew = crew_client
    game = GameFactory(crew=crew)
    text = search_page(client, language, q=question, game=game.pk)
    assert 'data-verdict="uncovered"' in text
    assert f'action="/games/{game.pk}/house-note/"' in text  # the form is still there
    assert 'name="rules"' not in text  # with no house rule to switch on
    banner = text.split('class="card-panel not-covered-answer"')[1].split("</article>")[0]
    assert "/rules/" not in banner  # no house rule named as what tables agree


@pytest.mark.parametrize(
    ("question", "language", "slug"),
    [
        ("can i throw my card in when its not my turn if its the same one", "en", "jump-in"),
        ("my uncle dealt me 9 cards lol what do we do", "en", "misdeal"),
        ("does the 7 let me swap hands with someone", "en", "seven-zero"),
        ("me puedo colar si tengo la misma carta?", "es", "jump-in"),
        ("el que repartía me dio 9 cartas, qué hacemos", "es", "misdeal"),
        ("con el 7 se intercambian las manos?", "es", "seven-zero"),
    ],
)
def test_a_question_about_a_house_rule_is_offered_that_rule(crew_client, question, language, slug):
    client, crew = crew_client
    game = GameFactory(crew=crew)
    text = search_page(client, language, q=question, game=game.pk)
    assert 'data-verdict="uncovered"' in text
    assert f'href="/rules/{slug}/?game={game.pk}"' in text
    entry = get_entry(slug)
    if entry.house_rules:  # its switch is offered, ticked
        assert f'value="{entry.house_rules[0]}" id="id_rules_' in text
        ticked = text.split(f'value="{entry.house_rules[0]}"')[1].split(">")[0]
        assert "checked" in ticked


def test_the_offer_may_be_a_later_hit_the_question_is_about():
    found = lookup_of("dealer gave me 9 can i jump in anyway", "wild", "jump-in", "misdeal")
    shown = results(found, {})
    assert shown.verdict == "uncovered" and shown.house_rule.slug == "jump-in"
    assert [entry.slug for entry in shown.others] == ["wild", "misdeal"]


def test_the_open_verdict_offers_a_house_rule_only_when_the_question_is_about_it():
    found = lookup_of("last card was a +4, challenge?", "wd4-last-card-challenge", "jump-in")
    found = Lookup(found.query, found.hits, OPEN)
    assert results(found, {}).house_rule is None
    about = Lookup("i jumped in with my last +4, can they challenge", found.hits, OPEN)
    shown = results(about, {})
    assert shown.verdict == OPEN and shown.best.slug == "wd4-last-card-challenge"
    assert shown.house_rule.slug == "jump-in"


# --- A house rule the game agreed answers a question about it -----------------------------------


def test_jump_in_agreed_answers_at_this_table_not_the_banner(crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"jump-in": True})
    text = search_page(client, q="can i jump in with the same card?", game=game.pk)
    assert f'data-verdict="{TABLE}"' in text
    assert NOT_COVERED not in text
    assert f"<strong>At this table:</strong> {JUMP_IN_AT_TABLE}" in text
    assert f'id="best-title"><a href="/rules/jump-in/?game={game.pk}"' in text
    # What the library says follows, after the table's rule.
    assert text.index("At this table:</strong>") < text.index("Official:</strong>")
    assert escape(get_entry("jump-in").answer) in text
    assert "Record as a house rule for this game" not in text  # already agreed


def test_jump_in_agreed_answers_en_esta_mesa_in_spanish(crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"jump-in": True})
    text = search_page(client, "es", q="¿puedo meterme con la misma carta?", game=game.pk)
    assert f'data-verdict="{TABLE}"' in text
    assert f"<strong>En esta mesa:</strong> {JUMP_IN_EN_ESTA_MESA}" in text
    assert 'data-verdict="uncovered"' not in text
    assert "acuérdenlo en la mesa" not in text  # the banner, in Spanish


def test_without_the_agreement_the_same_question_gets_the_banner(crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"seven-zero": True})  # another rule agreed
    text = search_page(client, q="can i jump in with the same card?", game=game.pk)
    assert 'data-verdict="uncovered"' in text and NOT_COVERED in text
    assert "At this table:" not in text
    spanish = search_page(client, "es", q="¿puedo meterme con la misma carta?", game=game.pk)
    assert "acuérdenlo en la mesa" in spanish and "En esta mesa:" not in spanish


def test_an_agreed_rule_does_not_answer_a_question_about_something_else(crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"jump-in": True, "seven-zero": True})
    text = search_page(client, q="a card went missing under the sofa what now", game=game.pk)
    assert 'data-verdict="uncovered"' in text and NOT_COVERED in text
    assert "At this table:" not in text


def test_another_crews_agreement_is_not_this_table(crew_client):
    client, _ = crew_client
    other = GameFactory(house_rules={"jump-in": True})
    text = search_page(client, q="can i jump in with the same card?", game=other.pk)
    assert 'data-verdict="uncovered"' in text and "At this table:" not in text


def test_the_table_s_rule_answers_even_when_it_is_not_the_first_hit():
    found = lookup_of("can i jump in on a misdeal", "misdeal", "jump-in", "deal-seven")
    shown = results(found, {"jump-in": True})
    assert shown.verdict == TABLE and shown.best.slug == "jump-in"
    assert not shown.uncovered and shown.house_rule is None
    assert [entry.slug for entry in shown.others] == ["misdeal", "deal-seven"]


def test_a_sheet_answer_keeps_its_verdict_with_the_table_s_rule_first(crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"stack-draw": True})
    question = "can i put a +2 on a +2 so the next guy takes 4"
    shown = results(lookup_of(question, "stacking", verdict=ANSWER), {"stack-draw": True})
    assert shown.verdict == ANSWER  # the sheets settle it; the table's rule is shown first
    text = search_page(client, q=question, game=game.pk)
    assert 'data-verdict="answer"' in text or 'data-verdict="likely"' in text
    assert text.index("At this table:</strong>") < text.index("Official:</strong>")
    assert "Sources:" in text  # the sheets' citation stays, below


@pytest.mark.parametrize("question", ["\x00", "jump in" * 40, "<script>jump in</script>", "+ * |"])
def test_odd_questions_from_a_game_with_rules_agreed_never_fail(crew_client, question):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"jump-in": True, "seven-zero": True})
    text = search_page(client, q=question, game=game.pk)
    assert "<script>jump" not in text


def test_the_entry_page_of_an_agreed_house_rule_says_the_table_s_rule_first(crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"jump-in": True})
    text = client.get(f"/rules/jump-in/?game={game.pk}").content.decode()
    assert f"<strong>At this table:</strong> {JUMP_IN_AT_TABLE}" in text
    assert NOT_COVERED not in text
    assert text.index("At this table:</strong>") < text.index("Official:</strong>")
    assert NOT_COVERED in client.get("/rules/jump-in/").content.decode()  # not from the game
