import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.rules import ENTRIES, get_entry
from tests.factories import GameFactory

from .conftest import HTMX

# A Cheese Touch game of Ann, Ben and Cat (its edition is the one the pages preselect).
pytestmark = pytest.mark.game(edition="cheese-touch")


def search_page(client, **params):
    return client.get(reverse("referee:rules_search"), params)


def test_the_rules_page_is_public_and_has_one_search_box(client, db):
    response = search_page(client)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.count('type="search"') == 1
    assert 'hx-trigger="input changed delay:250ms"' in text
    # A search overtaken by the next keystrokes finishes (an abort is a console error in htmx).
    assert "replace" not in "".join(re.findall(r'hx-sync="([^"]*)"', text))
    # Nothing typed yet: the usual arguments first, and every entry can still be browsed.
    assert "Often argued about" in text
    assert 'href="/rules/stacking/"' in text
    for entry in ENTRIES:
        assert f'href="/rules/{entry.slug}/"' in text


def test_the_browse_list_follows_the_edition_filter(client, db):
    text = search_page(client, edition="kitty").content.decode()
    assert 'href="/rules/kitty-card/"' in text
    assert 'href="/rules/cheese-touch-card/"' not in text


def test_a_plain_get_renders_the_whole_page_with_the_best_answer_on_top(client, db):
    response = search_page(client, q="can you stack draw 2")
    text = response.content.decode()
    assert "<h1>Rules</h1>" in text
    best = text.index('id="best-title"')
    assert text.index("Stacking Draw Twos and +4s", best) < text.index("Other answers")
    assert 'value="can you stack draw 2"' in text


def test_htmx_gets_only_the_results_partial(client, db):
    response = client.get(reverse("referee:rules_search"), {"q": "wd4 challenge"}, **HTMX)
    text = response.content.decode()
    assert response.status_code == 200
    assert text.lstrip().startswith('<div id="results"')
    assert "<h1>" not in text
    assert "Challenging a Wild Draw Four" in text
    assert "HX-Request" in response["Vary"]


def test_a_history_restore_gets_the_whole_page(client, db):
    response = client.get(
        reverse("referee:rules_search"),
        {"q": "wd4 challenge"},
        HTTP_HX_HISTORY_RESTORE_REQUEST="true",
        **HTMX,
    )
    assert "<h1>Rules</h1>" in response.content.decode()


def test_the_best_answer_shows_sources_disagreements_and_related_links(client, db):
    text = search_page(client, q="forgot to say uno").content.decode()
    entry = get_entry("uno-penalty")
    assert escape(entry.answer) in text
    assert "Sources: Classic rules as restated by unorules.org" in text
    assert "Sheets disagree:" in text
    assert "2 cards." in text and "4 cards." in text
    for slug in entry.related:
        assert f'href="/rules/{slug}/"' in text


def test_no_answer_says_so_and_suggests_other_words(client, db):
    text = search_page(client, q="zzqx").content.decode()
    assert "No answer found for “zzqx”" in text


def test_the_edition_filter_keeps_only_that_decks_entries(client, db):
    every = search_page(client, q="cheese touch").content.decode()
    assert 'href="/rules/cheese-touch-card/"' in every
    text = search_page(client, q="cheese touch", edition="kitty").content.decode()
    assert 'href="/rules/cheese-touch-card/"' not in text
    assert '<option value="kitty" selected>' in text


def test_an_unknown_edition_is_refused_with_a_message(client, db):
    response = search_page(client, q="uno penalty", edition="pokemon")
    assert response.status_code == 422
    text = response.content.decode()
    assert "There is no edition called &#x27;pokemon&#x27;" in text
    assert "Forgot to say UNO: the penalty" in text


def test_a_members_game_preselects_its_edition_and_keeps_the_game(crew_client, game):
    client, _ = crew_client
    text = search_page(client, game=game.pk).content.decode()
    assert '<option value="cheese-touch" selected>' in text
    assert f'<input type="hidden" name="game" value="{game.pk}">' in text
    assert f'href="/games/{game.pk}/challenge/"' in text


def test_an_explicit_edition_wins_over_the_games(crew_client, game):
    client, _ = crew_client
    text = search_page(client, game=game.pk, edition="").content.decode()
    assert '<option value="" selected>' in text


def test_another_crews_game_is_ignored_on_the_public_page(crew_client):
    client, _ = crew_client
    other = GameFactory(edition="kitty", house_rules={"stack-draw": True})
    response = search_page(client, q="can you stack draw 2", game=other.pk)
    text = response.content.decode()
    assert response.status_code == 200
    assert "At this table" not in text
    assert 'name="game"' not in text
    assert '<option value="" selected>' in text


def test_a_game_id_is_ignored_for_a_visitor(client, db):
    game = GameFactory(house_rules={"stack-draw": True})
    text = search_page(client, q="can you stack draw 2", game=game.pk).content.decode()
    assert "At this table" not in text


@pytest.mark.parametrize("raw", ["abc", "-1", "99999999999999999999"])
def test_a_malformed_game_id_is_ignored(crew_client, raw):
    client, _ = crew_client
    assert search_page(client, q="uno", game=raw).status_code == 200


@pytest.mark.game(house_rules={"stack-draw": True, "uno-penalty": 3})
def test_the_search_answer_from_a_game_says_what_changes_at_this_table(crew_client, game):
    client, _ = crew_client
    text = search_page(client, q="can you stack draw 2", game=game.pk).content.decode()
    assert "Official:" in text
    assert "At this table:</strong> when a Draw Two or a Wild Draw Four is played on you" in text
    assert f'href="/rules/draw-two/?game={game.pk}"' in text


def test_an_entry_has_its_own_short_url(client, db):
    response = client.get("/rules/wd4-challenge/")
    assert response.status_code == 200
    text = response.content.decode()
    entry = get_entry("wd4-challenge")
    assert f"<h1>{entry.title}</h1>" in text
    assert "Only the player who has to draw the 4 cards may challenge." in text
    assert 'href="/rules/challenge/"' in text


def test_an_unknown_entry_is_not_found(client, db):
    assert client.get("/rules/no-such-rule/").status_code == 404


@pytest.mark.game(house_rules={"stack-draw": True})
def test_an_entry_opened_from_a_game_with_stacking_agreed_says_official_and_at_this_table(
    crew_client,
    game,
):
    client, _ = crew_client
    text = client.get(f"/rules/stacking/?game={game.pk}").content.decode()
    assert f"<strong>Official:</strong> {escape(get_entry('stacking').answer)}" in text
    assert "<strong>At this table:</strong> when a Draw Two" in text
    assert f'href="/games/{game.pk}/"' in text


@pytest.mark.game(house_rules={"stack-draw": True})
def test_an_entry_the_house_rules_dont_touch_has_no_table_note(crew_client, game):
    client, _ = crew_client
    text = client.get(f"/rules/card-points/?game={game.pk}").content.decode()
    assert "Official:" not in text
    assert "At this table:" not in text


def test_an_entry_of_another_crews_game_has_no_table_note(crew_client):
    client, _ = crew_client
    other = GameFactory(house_rules={"stack-draw": True})
    text = client.get(f"/rules/stacking/?game={other.pk}").content.decode()
    assert "At this table:" not in text
    assert f"/games/{other.pk}/" not in text


@pytest.mark.game(house_rules={"uno-penalty": "lots", "stack-draw": True})
def test_a_stored_bad_house_rule_does_not_break_the_answer(crew_client, game):
    client, _ = crew_client
    response = client.get(f"/rules/uno-penalty/?game={game.pk}")
    assert response.status_code == 200
    assert "At this table:" not in response.content.decode()


def test_the_rules_pages_run_no_query_for_a_visitor(client, db, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert search_page(client, q="draw two").status_code == 200
    with django_assert_num_queries(0):
        assert search_page(client).status_code == 200
    with django_assert_num_queries(0):
        assert client.get("/rules/stacking/").status_code == 200


@pytest.mark.game(house_rules={"stack-draw": True})
def test_the_rules_pages_run_a_fixed_number_of_queries_from_a_game(
    crew_client, django_assert_num_queries, game
):
    client, _ = crew_client
    # session, user, the game: however many answers or related entries are shown
    for query in ("stack", "draw two", "card"):
        with django_assert_num_queries(3):
            search_page(client, q=query, game=game.pk)
    with django_assert_num_queries(3):
        client.get(f"/rules/stacking/?game={game.pk}")


def test_the_rules_pages_only_answer_get(client, db):
    assert client.post(reverse("referee:rules_search")).status_code == 405
    assert client.post("/rules/stacking/").status_code == 405
