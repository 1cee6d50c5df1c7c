"""One write path: a round POST loads the game once, scores it once, and says what it expects."""

import re

import pytest
from django.urls import reverse

from scorekeeper.domain import scored as scored_module
from scorekeeper.games.audit import describe_change
from scorekeeper.games.models import Game, Round
from scorekeeper.games.services import (
    Conflict,
    locked_game,
    round_delete_last,
    round_edit,
)
from scorekeeper.pwa import KEEP_HEADER
from tests.factories import play_round, round_form

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def scoring_calls(monkeypatch):
    """Counts every scoring of a whole game by the core."""
    calls = []
    original = scored_module.scored_with_hands

    def counting(game):
        calls.append(1)
        return original(game)

    monkeypatch.setattr(scored_module, "scored_with_hands", counting)
    return calls


# transactional_db: the view's transaction is a real one, as in production (inside a test's
# transaction it would add a SAVEPOINT and a RELEASE that production never runs).
def test_a_round_post_is_at_most_12_queries_and_one_scoring(
    transactional_db, crew_client, game, scoring_calls, django_assert_max_num_queries
):
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben=5, Cat=6)
    play_round(game, "Ben", number=2, Ann=3, Cat=4)
    client.get("/")  # the first request of a session stores the current crew
    scoring_calls.clear()
    url = reverse("games:round_create", args=[game.pk])
    with django_assert_max_num_queries(12):
        response = client.post(url, round_form("Cat", 3, Ann=7, Ben="*7 W"), **HTMX)
    assert response.status_code == 200
    assert len(scoring_calls) == 1
    assert Round.objects.filter(game=game).count() == 3


def test_a_round_edit_post_is_at_most_12_queries_and_one_scoring(
    transactional_db, crew_client, game, scoring_calls, django_assert_max_num_queries
):
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben=5, Cat=6)
    client.get("/")
    scoring_calls.clear()
    url = reverse("games:round_change", args=[game.pk, 1])
    with django_assert_max_num_queries(12):
        response = client.post(url, round_form("Ben", 1, version=1, Ann=9, Cat=1))
    assert response.status_code == 302
    assert len(scoring_calls) == 1
    assert Round.objects.get(game=game).winner.name == "Ben"


def test_conflict_checks_add_no_query_per_round(crew_client, game, django_assert_num_queries):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    client.get("/")
    counts = []
    for number in (1, 2, 3):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as context:
            response = client.post(url, round_form("Ann", number, Ben=1, Cat=1), **HTMX)
        assert response.status_code == 200
        counts.append(len(context))
    assert counts[0] == counts[1] == counts[2]


def test_a_round_number_already_saved_is_refused_with_who_and_the_entry_kept(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    first = client.post(url, round_form("Ann", 1, request_key="phone-a", Ben=5, Cat=6), **HTMX)
    assert first.status_code == 200
    username = Round.objects.get().created_by.get_username()
    second = client.post(url, round_form("Ben", 1, request_key="phone-b", Ann=40, Cat=2), **HTMX)
    assert second.status_code == 409
    text = second.content.decode()
    assert "Round 1 was already saved from another phone at" in text
    assert f"by {username}" in text
    assert 'value="40"' in text  # the typed entry is still on screen
    assert "Save as round 2" in text
    assert 'name="number" value="2"' in text
    assert Round.objects.count() == 1
    # One tap saves it as the next round, on purpose.
    third = client.post(url, round_form("Ben", 2, request_key="phone-b", Ann=40, Cat=2), **HTMX)
    assert third.status_code == 200
    assert list(Round.objects.values_list("number", flat=True)) == [1, 2]


def test_a_resent_request_returns_the_stored_round_even_after_an_edit(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    original = round_form("Ann", 1, request_key="key-1", Ben=5, Cat=6)
    client.post(url, original, **HTMX)
    edit = reverse("games:round_change", args=[game.pk, 1])
    assert client.post(edit, round_form("Ann", 1, version=1, Ben=50, Cat=6)).status_code == 302
    late = client.post(url, original, **HTMX)
    assert late.status_code == 200
    assert Round.objects.count() == 1
    round_ = Round.objects.get()
    assert round_.request_key == "key-1"
    assert round_.version == 2
    assert sorted(h.points for h in round_.hands.all()) == [6, 50]


def test_an_edit_keeps_the_rounds_creation_time_and_author(crew_client, game):
    client, _ = crew_client
    client.post(reverse("games:round_create", args=[game.pk]), round_form("Ann", 1, Ben=5, Cat=6))
    before = Round.objects.get()
    edit = reverse("games:round_change", args=[game.pk, 1])
    client.post(edit, round_form("Ben", 1, version=1, Ann=3, Cat=6))
    after = Round.objects.get()
    assert (after.pk, after.created_at, after.created_by_id) == (
        before.pk,
        before.created_at,
        before.created_by_id,
    )


def test_a_stale_edit_is_refused_with_what_changed(crew_client, game):
    client, _ = crew_client
    client.post(reverse("games:round_create", args=[game.pk]), round_form("Ann", 1, Ben=40, Cat=6))
    edit = reverse("games:round_change", args=[game.pk, 1])
    assert client.post(edit, round_form("Ann", 1, version=1, Ben=45, Cat=6)).status_code == 302
    stale = client.post(edit, round_form("Ann", 1, version=1, Ben=10, Cat=6))
    assert stale.status_code == 409
    text = stale.content.decode()
    assert "changed on another phone" in text
    assert "Ben 40 → 45" in text
    assert 'name="version" value="2"' in text  # saving again now is on purpose
    assert Round.objects.get().hands.get(player__name="Ben").points == 45


def test_delete_last_names_its_round_so_a_repeat_deletes_nothing(crew_client, game):
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben=5, Cat=6)
    play_round(game, "Ben", number=2, Ann=3, Cat=4)
    url = reverse("games:round_delete", args=[game.pk])
    assert client.post(url, {"number": 2}, **HTMX).status_code == 200
    again = client.post(url, {"number": 2}, **HTMX)
    assert again.status_code == 409
    assert "Round 2 was already deleted." in again.content.decode()
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_undo_is_shown_to_a_second_phone_and_gone_after_the_next_round(crew_client, game, client):
    phone_a, crew = crew_client
    play_round(game, "Ann", number=1, Ben=5, Cat=6)
    phone_a.post(reverse("games:round_delete", args=[game.pk]), {"number": 1})
    # A second phone (another member of the crew) sees the undo too.
    from tests.factories import MembershipFactory

    other = MembershipFactory(crew=crew).user
    client.force_login(other)
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Undo delete" in page and "Round 1 deleted" in page
    play_round(game, "Cat", number=1, Ann=1, Ben=1)
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Undo delete" not in page


def test_undo_is_refused_once_a_round_took_the_number(crew_client, game):
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben=5, Cat=6)
    response = client.post(reverse("games:round_delete", args=[game.pk]), {"number": 1}, **HTMX)
    deletion = response.content.decode().split('name="deletion" value="')[1].split('"')[0]
    play_round(game, "Cat", number=1, Ann=1, Ben=1)
    undo = client.post(reverse("games:round_undo", args=[game.pk]), {"deletion": deletion}, **HTMX)
    assert undo.status_code == 409
    assert Round.objects.get().winner.name == "Cat"


def test_the_audit_trail_says_who_changed_what(crew_client, game):
    client, _ = crew_client
    client.post(reverse("games:round_create", args=[game.pk]), round_form("Ann", 1, Ben=40, Cat=6))
    client.post(
        reverse("games:round_change", args=[game.pk, 1]),
        round_form("Ann", 1, version=1, Ben=45, Cat=6),
    )
    client.post(reverse("games:round_delete", args=[game.pk]), {"number": 1})
    user = Round.history.first().history_user.get_username()
    lines = [describe_change(r) for r in Round.history.order_by("history_date", "history_id")]
    assert lines[0].startswith(f"Round 1 saved by {user} at ")
    assert lines[1].startswith(f"Round 1 changed by {user} at ")
    assert lines[1].endswith(": Ben 40 → 45.")
    assert lines[2].startswith(f"Round 1 deleted by {user} at ")


def test_saving_an_unchanged_edit_changes_and_records_nothing(crew_client, game):
    """Issue 26, defect 11: no "Round 1 changed by …: no change in points" for a Save of an
    edit page left as it was; the board says nothing was changed."""
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben="7 7 W", Cat=6)
    game_version = Game.objects.get(pk=game.pk).version
    edit = reverse("games:round_change", args=[game.pk, 1])
    # As the edit page sends it back: the cards as stored, the total as typed.
    response = client.post(edit, round_form("Ann", 1, version=1, Ben="*7 *7 W", Cat=6), follow=True)
    assert response.redirect_chain == [(reverse("games:game_detail", args=[game.pk]), 302)]
    assert "Nothing to save: round 1 already reads like this." in response.content.decode()
    assert Round.objects.get().version == 1
    assert Game.objects.get(pk=game.pk).version == game_version
    assert [r.history_type for r in Round.history.all()] == ["+"]
    # Typed as the keypad types them (colourless 7s), the cards are the same cards.
    client.post(edit, round_form("Ann", 1, version=1, Ben="7 W 7", Cat=6))
    assert Round.history.count() == 1 and Round.objects.get().version == 1
    # A real change is still saved and recorded.
    client.post(edit, round_form("Ann", 1, version=1, Ben="*7 *7 W", Cat=7))
    assert Round.objects.get().version == 2
    assert describe_change(Round.history.order_by("history_id").last()).endswith(": Cat 6 → 7.")


def test_an_unchanged_edit_of_a_round_stored_without_its_card_changes_nothing(crew_client, game):
    """The edit page shows "Another card" for a round stored without the card it ended on
    (an imported one); saving it as it is is not a change, and a real change keeps it unsaid."""
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben=7, Cat=6)
    assert Round.objects.get().went_out_on == ""
    edit = reverse("games:round_change", args=[game.pk, 1])
    form = client.get(edit).content.decode()
    assert re.search(r'<input[^>]*value="other"[^>]*checked', form)
    # As the edit page sends it back: "Another card" picked.
    as_shown = {**round_form("Ann", 1, version=1, Ben=7, Cat=6), "went_out_on": "other"}
    response = client.post(edit, as_shown, follow=True)
    assert "Nothing to save: round 1 already reads like this." in response.content.decode()
    assert Round.objects.get().version == 1 and Round.history.count() == 1
    client.post(edit, {**as_shown, "total_1": "8"})
    changed = Round.objects.get()
    assert changed.version == 2 and changed.went_out_on == ""
    client.post(edit, {**round_form("Ann", 1, version=2, Ben=8, Cat=6), "went_out_on": "+2"})
    assert Round.objects.get().went_out_on == "+2"


@pytest.mark.parametrize("page", ["games:home", "games:game_detail"])
def test_the_workers_own_fetch_of_a_page_leaves_the_message_for_the_reader(crew_client, game, page):
    """A flaky browser run: the service worker kept a page (sw.js keep()) between the save's
    redirect and the board, and that page used up "Nothing to save…". Its fetch carries
    pwa.KEEP_HEADER and gets no message; the reader's next page gets it."""
    client, _ = crew_client
    play_round(game, "Ann", number=1, Ben="7 7 W", Cat=6)
    edit = reverse("games:round_change", args=[game.pk, 1])
    client.post(edit, round_form("Ann", 1, version=1, Ben="*7 *7 W", Cat=6))
    args = [game.pk] if page == "games:game_detail" else []
    kept = client.get(reverse(page, args=args), headers={KEEP_HEADER: "1"})
    assert kept.status_code == 200 and "Nothing to save" not in kept.content.decode()
    shown = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Nothing to save: round 1 already reads like this." in shown
    again = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Nothing to save" not in again


@pytest.mark.game(players=["Ann", "Ben"])
def test_the_service_writes_nothing_for_an_unchanged_edit(game):
    play_round(game, "Ann", number=1, went_out_on="+2", Ben=3)
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        saved = round_edit(game=locked, number=1, version=1, winner="Ann", hands={"Ben": 3})
    assert saved.unchanged and saved.board.scored.totals["Ann"] == 3
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        round_edit(
            game=locked, number=1, version=1, winner="Ann", hands={"Ben": 3}, went_out_on="+2"
        )
    assert Round.history.count() == 1
    # Only the card the round ended on changes: that is a change.
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        saved = round_edit(
            game=locked, number=1, version=1, winner="Ann", hands={"Ben": 3}, went_out_on="+4"
        )
    assert not saved.unchanged
    assert Round.objects.get().went_out_on == "+4" and Round.history.count() == 2


@pytest.mark.game(players=["Ann", "Ben"])
def test_services_refuse_stale_writes_without_writing(game):
    crew = game.crew
    play_round(game, "Ann", number=1, Ben=3)
    with pytest.raises(Conflict, match="Round 1 was already saved"):
        play_round(game, "Ben", number=1, Ann=3)
    stale = pytest.raises(Conflict, match="changed on another phone")
    with stale, locked_game(crew=crew, game_id=game.pk) as locked:
        round_edit(game=locked, number=1, version=7, winner="Ben", hands={"Ann": 3})
    play_round(game, "Ann", number=2, Ben=1)
    not_last = pytest.raises(Conflict, match="no longer the last round")
    with not_last, locked_game(crew=crew, game_id=game.pk) as locked:
        round_delete_last(game=locked, number=1)
    assert Game.objects.get().version == 2
    assert list(Round.objects.values_list("number", "winner__name")) == [(1, "Ann"), (2, "Ann")]


def test_the_polled_live_board_is_rendered_once_per_version(
    crew_client, game, django_assert_num_queries
):
    from django.test import Client

    _, _ = crew_client
    play_round(game, "Ann", number=1, Ben=5, Cat=6)
    url = reverse("live:live_board", args=[game.share_token])
    first = Client().get(url)
    with django_assert_num_queries(1):  # another watcher: the stamp, then the rendered board
        second = Client().get(url)
    assert second.status_code == 200 and second.content == first.content
    assert second["ETag"] == first["ETag"]
    play_round(game, "Ben", number=2, Ann=7, Cat=8)
    third = Client().get(url)
    assert third["ETag"] != first["ETag"]
    assert "Rounds played: 2" in third.content.decode()
