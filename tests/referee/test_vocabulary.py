"""One vocabulary: every edition in the domain's registry reaches every screen that names one."""

from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.domain import EDITIONS, keypad_keys
from scorekeeper.domain import editions as registry
from scorekeeper.games.models import Edition, Game
from scorekeeper.referee.display import challenge_keypad, edition_choices, first_card_choices
from scorekeeper.rules import EDITIONS as RULES_EDITIONS
from scorekeeper.rules import (
    HOUSE_RULES,
    entries_for_edition,
    first_card,
    house_rule_labels,
)
from scorekeeper.rulesearch.search import search

EDITION_SLUGS = list(EDITIONS)
SPECIAL_SLUGS = [slug for slug, edition in EDITIONS.items() if edition.has_special]


def test_the_registry_is_not_empty_and_has_editions_with_special_cards():
    # Guards the parametrised tests below from passing over nothing.
    assert "classic" in EDITION_SLUGS and len(SPECIAL_SLUGS) >= 1


@pytest.mark.parametrize("slug", EDITION_SLUGS)
def test_the_model_choices_hold_every_edition_by_its_name(slug):
    assert (slug, EDITIONS[slug].name) in Edition.choices
    assert dict(Game._meta.get_field("edition").choices)[slug] == EDITIONS[slug].name


def test_the_model_choices_are_the_registry_in_its_order():
    assert [value for value, _ in Edition.choices] == EDITION_SLUGS
    assert Edition.CLASSIC == "classic" and Edition.CHEESE_TOUCH == "cheese-touch"
    [constraint] = [c for c in Game._meta.constraints if c.name == "game_edition_known"]
    assert sorted(constraint.condition.children[0][1]) == sorted(EDITION_SLUGS)


@pytest.mark.parametrize("slug", EDITION_SLUGS)
def test_the_rules_library_knows_every_edition_by_its_title(slug):
    assert slug in RULES_EDITIONS
    assert (slug, EDITIONS[slug].title) in edition_choices()
    assert entries_for_edition(slug)  # the edition filter
    search("draw two", edition=slug)  # accepted, not "no edition called"


@pytest.mark.parametrize("slug", EDITION_SLUGS)
def test_the_rules_page_offers_every_edition_in_its_deck_filter(client, db, slug):
    text = client.get(reverse("referee:rules_search"), {"edition": slug}).content.decode()
    assert f'<option value="{slug}" selected>{escape(EDITIONS[slug].title)}</option>' in text


@pytest.mark.parametrize("slug", EDITION_SLUGS)
def test_the_first_card_helper_answers_every_edition(slug, client, db):
    deck = EDITIONS[slug]
    kinds = [kind for kind, _ in first_card_choices(slug)]
    assert ("special" in kinds) == deck.has_special
    for kind in kinds:
        assert first_card(kind, slug).summary
    if deck.has_special:
        url = reverse("referee:first_card")
        text = client.get(url, {"edition": slug}).content.decode()
        assert escape(deck.special_name) in text


@pytest.mark.parametrize("slug", SPECIAL_SLUGS)
def test_the_round_keypad_has_every_special_card(slug):
    deck = EDITIONS[slug]
    [special] = [key for key in keypad_keys(slug) if key.token == "X"]
    assert special.name == deck.special_name
    assert special.label == deck.special_name.removesuffix(" card")


@pytest.mark.parametrize("slug", SPECIAL_SLUGS)
def test_the_challenge_keypad_page_has_every_special_card(client, db, slug):
    name = EDITIONS[slug].special_name
    text = client.get(reverse("referee:rules_challenge"), {"edition": slug}).content.decode()
    assert f'data-pad-card="X" data-name="{escape(name)}">' in text
    assert f'<option value="{slug}" selected>' in text


def test_the_classic_challenge_keypad_has_no_special_card(client, db):
    text = client.get(reverse("referee:rules_challenge"), {"edition": "classic"}).content.decode()
    assert 'data-pad-card="X"' not in text


@pytest.mark.parametrize("slug", EDITION_SLUGS)
def test_the_new_game_page_offers_every_edition(crew_client, slug):
    client, _ = crew_client
    text = client.get(reverse("newgame:game_new")).content.decode()
    assert f'value="{slug}"' in text
    assert escape(EDITIONS[slug].name) in text


def test_a_fifth_edition_reaches_the_screens_that_read_the_registry(monkeypatch):
    """What adding one entry to the registry gives, without touching any other module."""
    fifth = replace(
        EDITIONS["water-drop"],
        slug="fire-drop",
        name="Fire Drop",
        title="Fire Drop (test)",
        special_name="Fire Drop card",
        special_colour="R",
        first_special=None,  # nobody has read its sheet on a special card turned up first
        challenge_reading="",
    )
    monkeypatch.setitem(registry.EDITIONS, "fire-drop", fifth)
    assert ("fire-drop", "Fire Drop (test)") in edition_choices()
    assert keypad_keys("fire-drop")[-1].name == "Fire Drop card"
    assert challenge_keypad("fire-drop")["wilds"][-1].label == "Fire Drop (red)"
    assert dict(first_card_choices("fire-drop"))["special"] == "Fire Drop card"
    outcome = first_card("special", "fire-drop")
    assert outcome.silent and "Fire Drop" in outcome.summary


# --- House rules: one wording on every page --------------------------------------------------

AGREED = {"stack-draw": True, "uno-penalty": 4}
LABELS = ["Stacking Draw Twos and Wild Draw Fours", "UNO penalty: 4 cards"]


def test_house_rules_are_labelled_once_in_the_library():
    assert house_rule_labels(AGREED) == LABELS
    assert LABELS[0] == HOUSE_RULES["stack-draw"].label
    assert house_rule_labels({"stack-draw": False, "bogus": True, "uno-penalty": "x"}) == []
    assert house_rule_labels({"uno-penalty": 1}) == ["UNO penalty: 1 card"]


@pytest.mark.game(players=["Ann", "Ben"], house_rules=AGREED)
def test_the_scoreboard_and_the_game_record_word_house_rules_the_same(crew_client, game):
    client, _ = crew_client
    pages = [
        reverse("games:game_detail", args=[game.pk]),
        reverse("history:game_record", args=[game.pk]),
        reverse("referee:rules_search") + f"?game={game.pk}",
    ]
    for url in pages:
        text = client.get(url).content.decode()
        for label in LABELS:
            assert label in text, (url, label)
        assert "Stack draw" not in text
