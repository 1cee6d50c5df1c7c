"""Under the banner, the house rule offered fits the question (issue 52, item 7).

The questions are typed as at the table, written for these tests, not taken from the entries.
"""

import pytest
from django.urls import reverse

from scorekeeper.referee.display import results
from scorekeeper.rules import get_entry
from scorekeeper.rulesearch.search import NONE, OPEN, Hit, Lookup
from tests.factories import GameFactory

NOT_COVERED = "No sheet covers this — agree it at the table."


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
    shown = results(found)
    assert shown.verdict == "uncovered" and shown.house_rule.slug == "jump-in"
    assert [entry.slug for entry in shown.others] == ["wild", "misdeal"]


def test_the_open_verdict_offers_a_house_rule_only_when_the_question_is_about_it():
    found = lookup_of("last card was a +4, challenge?", "wd4-last-card-challenge", "jump-in")
    found = Lookup(found.query, found.hits, OPEN)
    assert results(found).house_rule is None
    about = Lookup("i jumped in with my last +4, can they challenge", found.hits, OPEN)
    shown = results(about)
    assert shown.verdict == OPEN and shown.best.slug == "wd4-last-card-challenge"
    assert shown.house_rule.slug == "jump-in"


@pytest.mark.parametrize("question", ["\x00", "jump in" * 40, "<script>jump in</script>", "+ * |"])
def test_odd_questions_from_a_game_with_rules_agreed_never_fail(crew_client, question):
    client, crew = crew_client
    game = GameFactory(crew=crew, house_rules={"seven-zero": True})
    text = search_page(client, q=question, game=game.pk)
    assert "<script>jump" not in text
