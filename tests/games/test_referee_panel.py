"""The game page's links to the referee tools: a games template fed by the view's context."""

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.rules import house_rule_labels
from tests.factories import ChallengeFactory, GameFactory


def loaded(game):
    """The game as the scoreboard loads it (seats and challenges prefetched)."""
    return Game.objects.filter(pk=game.pk).with_rounds().get()


def panel(game):
    # What the scoreboard view gives it: the game and its house rules by name.
    context = {"game": game, "house_rule_lines": house_rule_labels(game.house_rules)}
    return render_to_string("games/_referee_panel.html", context)


def test_the_panel_links_to_the_referee_tools_of_this_game(db):
    game = GameFactory(edition="kitty")
    text = panel(loaded(game))
    assert f'href="/games/{game.pk}/challenge/">Challenge a Wild Draw 4</a>' in text
    assert 'href="/rules/first-card/?edition=kitty">First card</a>' in text
    assert f'href="/rules/?edition=kitty&amp;game={game.pk}">Rules</a>' in text
    assert "No house rules agreed" in text
    assert f'href="/games/{game.pk}/house-rules/">Set house rules</a>' in text


def test_the_panel_shows_the_agreed_house_rules_and_note(db):
    game = GameFactory(
        house_rules={"uno-penalty": 1, "stack-draw": True, "jump-in": False},
        house_note="Sevens swap only on Fridays",
    )
    text = panel(loaded(game))
    assert "Stacking Draw Twos and Wild Draw Fours · UNO penalty: 1 card<" in text
    assert "Jump-in" not in text
    assert "Sevens swap only on Fridays" in text
    assert "Change house rules" in text


def test_the_panel_lists_the_games_challenges(db):
    game = GameFactory(players=["Ann", "Ben"])
    ChallengeFactory(game=game, challenger="Ann", challenged="Ben", guilty=False)
    text = panel(loaded(game))
    assert "Ann challenged Ben: not guilty, Ann drew 6" in text


def test_the_panel_runs_no_query_of_its_own(db, django_assert_num_queries):
    game = GameFactory(house_rules={"stack-draw": True})
    for _ in range(3):
        ChallengeFactory(game=game, challenger="Ann", challenged="Ben", colour="G", guilty=True)
    game = loaded(game)
    with django_assert_num_queries(0):
        text = panel(game)
    assert text.count("challenged Ben") == 3


@pytest.mark.game(house_rules={"jump-in": True})
def test_the_scoreboard_page_shows_the_panel(crew_client, game):
    client, _ = crew_client
    text = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Challenge a Wild Draw 4" in text
    assert "<strong>House rules:</strong> Jump-in" in text
