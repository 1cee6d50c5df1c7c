"""A game's life: stopped early (the leader wins, or no result), abandoned, resumed, deleted
and put back. Every write goes through the services; a refusal says why and changes nothing."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.domain import RuleError, score_game
from scorekeeper.domain.challenge import judge_by_answer
from scorekeeper.gamefiles.files import export_game, import_game
from scorekeeper.gamefiles.models import DeletedGame
from scorekeeper.gamefiles.trash import game_delete, game_restore
from scorekeeper.games.models import Game, Round
from scorekeeper.games.services import (
    GAME_UNDO_WINDOW,
    Conflict,
    game_end,
    game_rematch,
    game_resume,
    locked_game,
    round_delete_last,
    round_edit,
)
from scorekeeper.games.signals import game_changed
from scorekeeper.referee.services import challenge_record
from tests.factories import CrewFactory, GameFactory, play_round

HTMX = {"HTTP_HX_REQUEST": "true"}


# Ann leads 100 to Ben's 30 after two rounds of a game to 500.
pytestmark = pytest.mark.game(
    rounds=[("Ann", {"Ben": 60, "Cat": 40}), ("Ben", {"Ann": 10, "Cat": 20})]
)


def write(game, service, **options):
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        return service(game=locked, **options)


def snapshot(game):
    game.refresh_from_db()
    return (game.status, game.ended, game.version, game.finished_at, game.rounds.count())


@pytest.fixture
def signals():
    sent = []

    def listen(sender, **kwargs):
        sent.append(kwargs)

    game_changed.connect(listen)
    yield sent
    game_changed.disconnect(listen)


# --- Stopping early ---------------------------------------------------------------------------


def test_ending_early_with_the_leader_winning_finishes_the_game_for_the_leader(
    game, signals, django_capture_on_commit_callbacks
):
    version = game.version
    with django_capture_on_commit_callbacks(execute=True):
        board = write(game, game_end, ending="leader", version=version)
    assert (board.finished, board.winners, board.ended) == (True, ("Ann",), "leader")
    game.refresh_from_db()
    assert (game.status, game.ended, game.version) == ("finished", "leader", version + 1)
    assert game.finished_at is not None
    assert (signals[-1]["game_id"], signals[-1]["crew_id"]) == (game.pk, game.crew_id)
    assert signals[-1]["finished"] is True and signals[-1]["was_finished"] is False
    # The game's trail says who stopped it (a history row of the setting).
    assert game.history.first().ended == "leader"


@pytest.mark.game(players=["Ann", "Ben"])
def test_a_tie_for_the_lead_is_a_shared_win(game):
    play_round(game, "Ann", Ben=30)
    play_round(game, "Ben", Ann=30)
    assert write(game, game_end, ending="leader").winners == ("Ann", "Ben")


@pytest.mark.game(scoring="lowest")
def test_in_lowest_mode_the_lowest_total_leads(game):
    play_round(game, "Ann", Ben=60, Cat=40)
    assert write(game, game_end, ending="leader").winners == ("Ann",)


@pytest.mark.parametrize("ending", ["no_result", "abandoned"])
def test_no_result_or_abandoned_ends_the_game_with_no_winner(game, ending):
    board = write(game, game_end, ending=ending)
    assert (board.finished, board.winners, board.ended) == (True, (), ending)
    assert board.next_dealer is None
    game.refresh_from_db()
    assert (game.status, game.ended) == ("finished", ending)


@pytest.mark.game(players=["Ann", "Ben"])
def test_a_game_with_no_round_can_be_abandoned_but_has_no_leader(game):
    before = snapshot(game)
    with pytest.raises(RuleError, match="No round has been played yet, so nobody leads"):
        write(game, game_end, ending="leader")
    assert snapshot(game) == before
    assert write(game, game_end, ending="abandoned").finished


@pytest.mark.parametrize("ending", ["", "won", "LEADER", "leader "])
def test_an_unknown_ending_is_refused_in_words_and_changes_nothing(game, ending):
    before = snapshot(game)
    with pytest.raises(RuleError, match="is not a way to stop a game"):
        write(game, game_end, ending=ending)
    assert snapshot(game) == before


def test_a_stale_stop_is_refused_because_the_leader_may_have_changed(game):
    version = game.version
    play_round(game, "Cat", Ann=200, Ben=1)  # another phone: Cat leads now
    before = snapshot(game)
    with pytest.raises(Conflict, match="changed on another phone"):
        write(game, game_end, ending="leader", version=version)
    assert snapshot(game) == before


def test_a_stop_named_before_a_challenge_was_logged_is_refused_in_words(game):
    """Another phone logged a challenge: the game changed, so the stop asks to look again."""
    version = game.version
    ann, ben = (seat.player for seat in game.seats.select_related("player").order_by("pk")[:2])
    challenge_record(
        game=game,
        challenger=ann,
        challenged=ben,
        colour="R",
        hand="",
        verdict=judge_by_answer("R", True, "classic"),
    )
    before = snapshot(game)
    with pytest.raises(Conflict, match=r"changed on another phone .*a challenge"):
        write(game, game_end, ending="leader", version=version)
    assert snapshot(game) == before


def test_a_game_stopped_twice_or_already_won_is_refused(game, crew):
    write(game, game_end, ending="no_result")
    before = snapshot(game)
    with pytest.raises(Conflict, match=r"already stopped \(ended early with no result\)"):
        write(game, game_end, ending="leader")
    assert snapshot(game) == before
    won = GameFactory(crew=crew, players=["Ann", "Ben"], target=50)
    play_round(won, "Ann", Ben=60)
    with pytest.raises(Conflict, match="already over"):
        write(won, game_end, ending="abandoned")
    assert Game.objects.get(pk=won.pk).ended == ""


def test_a_stopped_game_takes_no_round_until_resumed_but_a_correction_is_allowed(game):
    write(game, game_end, ending="leader")
    before = snapshot(game)
    with pytest.raises(RuleError, match="resume it to add or delete a round"):
        play_round(game, "Cat", Ann=1, Ben=1)
    with pytest.raises(RuleError, match="resume it to add or delete a round"):
        write(game, round_delete_last, number=2)
    assert snapshot(game) == before
    saved = write(
        game, round_edit, number=2, version=1, winner="Ben", hands={"Ann": 200, "Cat": 20}
    )
    assert saved.board.winners == ("Ben",)  # the correction changed who led
    assert Game.objects.get(pk=game.pk).ended == "leader"


def test_resuming_puts_the_game_back_in_play(game, signals, django_capture_on_commit_callbacks):
    write(game, game_end, ending="leader")
    with django_capture_on_commit_callbacks(execute=True):
        board = write(game, game_resume)
    assert (board.finished, board.winners, board.ended) == (False, (), "")
    game.refresh_from_db()
    assert (game.status, game.ended, game.finished_at) == ("active", "", None)
    assert signals[-1]["finished"] is False and signals[-1]["was_finished"] is True
    play_round(game, "Cat", Ann=1, Ben=1)
    assert game.rounds.count() == 3


def test_resuming_a_game_that_is_not_stopped_is_refused(game):
    before = snapshot(game)
    with pytest.raises(Conflict, match="not stopped"):
        write(game, game_resume)
    assert snapshot(game) == before


def test_another_crews_game_cannot_be_stopped_or_deleted(game):
    other = CrewFactory(name="Sunday club")
    with locked_game(crew=other, game_id=game.pk) as locked:
        assert locked is None
    before = snapshot(game)
    with pytest.raises(Conflict):
        game_restore(crew=other, deleted=1)
    assert snapshot(game) == before


# --- Deleting and putting back ------------------------------------------------------------------


def test_a_deleted_game_is_kept_as_its_file_and_comes_back_whole(game, member):
    write(game, game_end, ending="leader")
    file = export_game(Game.objects.with_rounds().get(pk=game.pk))
    uid, token = game.uid, Game.objects.get(pk=game.pk).share_token
    kept = write(game, game_delete, by=member)
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not Round.objects.filter(game_id=game.pk).exists()
    assert (kept.uid, kept.label, kept.deleted_by) == (uid, "Ann, Ben, Cat", member)
    assert kept.data["file"]["rounds"] == file["rounds"]

    back = game_restore(crew=game.crew, deleted=kept.pk, by=member)
    back = Game.objects.with_rounds().get(pk=back.pk)
    assert (back.uid, back.share_token, back.ended, back.status) == (
        uid,
        token,
        "leader",
        "finished",
    )
    again = export_game(back)
    assert again["rounds"] == file["rounds"] and again["ended"] == "leader"
    assert again["audit"][-1]["action"] == "game-restored"
    assert f"by {member.get_username()}" in again["audit"][-1]["text"]
    assert not DeletedGame.objects.exists()
    with pytest.raises(Conflict, match="already restored, or its undo"):
        game_restore(crew=game.crew, deleted=kept.pk)
    assert Game.objects.filter(uid=uid).count() == 1


def test_the_undo_of_a_delete_expires(game):
    kept = write(game, game_delete)
    DeletedGame.objects.filter(pk=kept.pk).update(
        deleted_at=timezone.now() - GAME_UNDO_WINDOW - dt.timedelta(seconds=1)
    )
    with pytest.raises(Conflict, match="expired after 10 minutes"):
        game_restore(crew=game.crew, deleted=kept.pk)
    assert not Game.objects.filter(uid=game.uid).exists()
    # The next delete forgets files whose undo has expired.
    other = GameFactory(crew=game.crew, players=["Ann", "Ben"])
    write(other, game_delete)
    assert list(DeletedGame.objects.values_list("uid", flat=True)) == [other.uid]


def test_a_stale_delete_is_refused_and_deletes_nothing(game):
    version = game.version
    play_round(game, "Cat", Ann=1, Ben=1)
    with pytest.raises(Conflict, match="changed on another phone"):
        write(game, game_delete, version=version)
    assert Game.objects.filter(pk=game.pk).exists()
    assert not DeletedGame.objects.exists()


def test_another_crew_cannot_put_back_a_deleted_game(game):
    kept = write(game, game_delete)
    with pytest.raises(Conflict):
        game_restore(crew=CrewFactory(name="Sunday club"), deleted=kept.pk)
    assert DeletedGame.objects.filter(pk=kept.pk).exists()
    assert not Game.objects.exists()


@pytest.mark.game(players=["Ann", "Ben"], target=50, rounds=[("Ann", {"Ben": 60})])
def test_a_rematch_deleted_by_mistake_gives_the_table_link_back_and_takes_it_on_undo(crew, game):
    first = game
    table_link = Game.objects.get(pk=first.pk).share_token
    rematch = write(first, game_rematch)
    own_link = Game.objects.get(pk=first.pk).share_token
    assert rematch.share_token == table_link and own_link != table_link
    kept = write(rematch, game_delete)
    assert Game.objects.get(pk=first.pk).share_token == table_link
    back = game_restore(crew=crew, deleted=kept.pk)
    back.refresh_from_db()
    assert (back.share_token, back.rematch_of_id) == (table_link, first.pk)
    assert Game.objects.get(pk=first.pk).share_token == own_link


@pytest.mark.game(players=["Ann", "Ben"], target=50, rounds=[("Ann", {"Ben": 60})])
def test_a_deleted_game_takes_its_place_in_the_chain_of_rematches_back(crew, game):
    first = game
    rematch = write(first, game_rematch)
    kept = write(first, game_delete)
    assert Game.objects.get(pk=rematch.pk).rematch_of is None
    back = game_restore(crew=crew, deleted=kept.pk)
    assert Game.objects.get(pk=rematch.pk).rematch_of_id == back.pk


@pytest.mark.game(players=["Ann", "Ben"], target=50, rounds=[("Ann", {"Ben": 60})])
def test_a_second_rematch_is_the_first_one(game):
    first = game
    rematch = write(first, game_rematch)
    assert write(first, game_rematch) == rematch
    assert Game.objects.count() == 2


# --- Game files --------------------------------------------------------------------------------


def test_a_game_file_carries_the_ending_and_old_files_need_none(game, crew):
    write(game, game_end, ending="no_result")
    data = export_game(Game.objects.with_rounds().get(pk=game.pk))
    assert data["ended"] == "no_result" and data["result"]["winners"] == []
    other = CrewFactory(name="Sunday club")
    copy = import_game(crew=other, data=data)
    assert (copy.ended, copy.status) == ("no_result", "finished")
    old = {key: value for key, value in data.items() if key not in ("ended", "id")}
    plain = import_game(crew=other, data=old)
    assert (plain.ended, plain.status) == ("", "active")


@pytest.mark.parametrize(
    ("ended", "message"),
    [
        ("lost", "'ended' 'lost' is not a way a game ends"),
        (3, "'ended' 3 is not a way a game ends"),
    ],
)
def test_a_file_with_a_bad_ending_is_refused_in_words(crew, ended, message):
    data = {"format": "scorekeeper-game/1", "players": ["Ann", "Ben"], "ended": ended}
    with pytest.raises(RuleError, match=message):
        import_game(crew=crew, data=data)
    assert not Game.objects.exists()


def test_the_core_refuses_an_ending_after_the_target_or_a_leader_without_rounds():
    game = {"players": ["Ann", "Ben"], "target": 50}
    won = [{"winner": "Ann", "hands": {"Ben": 60}}]
    with pytest.raises(RuleError, match="reached its target in round 1"):
        score_game({**game, "rounds": won, "ended": "leader"})
    with pytest.raises(RuleError, match="needs at least one round"):
        score_game({**game, "ended": "leader"})
    result = score_game({**game, "ended": "abandoned"})["result"]
    assert (result["finished"], result["winners"]) == (True, [])


# --- The pages ---------------------------------------------------------------------------------


def test_stopping_from_the_page_shows_the_game_over_moment(crew_client, game):
    client, _ = crew_client
    url = reverse("games:game_stop", args=[game.pk])
    response = client.post(url, {"ending": "leader", "version": game.version}, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Ann wins!" in text and "Ended early" in text and "leading when the game" in text
    assert "Rematch" in text and "Resume the game" in text
    assert "Save round 3" not in text
    response = client.post(reverse("games:game_resume", args=[game.pk]), **HTMX)
    assert "Save round 3" in response.content.decode()


def test_without_javascript_a_stop_redirects_to_the_board(crew_client, game):
    client, _ = crew_client
    response = client.post(reverse("games:game_stop", args=[game.pk]), {"ending": "abandoned"})
    assert response.status_code == 302
    assert "Game abandoned" in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({"ending": "sideways"}, 422, "is not a way to stop a game"),
        ({"ending": "leader", "version": "0"}, 409, "changed on another phone"),
        # Not a number: refused, never read as "no version" (that would skip the check).
        ({"ending": "leader", "version": "x"}, 422, "is not a number this page could have sent"),
        ({"ending": "leader"}, 200, ""),  # no version named: nothing to check
    ],
)
def test_a_refused_stop_explains_above_the_board(crew_client, game, data, status, message):
    client, _ = crew_client
    response = client.post(reverse("games:game_stop", args=[game.pk]), data, **HTMX)
    assert response.status_code == status
    assert message in response.content.decode()
    if status != 200:
        assert Game.objects.get(pk=game.pk).ended == ""


def test_deleting_from_the_page_offers_undo_on_the_home_page(crew_client, game):
    client, _ = crew_client
    response = client.post(
        reverse("gamefiles:game_delete", args=[game.pk]), {"version": game.version}, **HTMX
    )
    assert response["HX-Redirect"] == "/"
    home = client.get("/").content.decode()
    kept = DeletedGame.objects.get()
    assert "Game of Ann, Ben, Cat deleted" in home
    assert reverse("gamefiles:game_undelete", args=[kept.pk]) in home
    response = client.post(reverse("gamefiles:game_undelete", args=[kept.pk]))
    back = Game.objects.get()
    assert response["Location"] == reverse("games:game_detail", args=[back.pk])
    assert back.uid == game.uid and back.rounds.count() == 2
    again = client.post(reverse("gamefiles:game_undelete", args=[kept.pk]))
    assert again.status_code == 404


def test_an_expired_undo_says_so_on_the_home_page(crew_client, game):
    client, _ = crew_client
    kept = write(game, game_delete)
    DeletedGame.objects.update(deleted_at=timezone.now() - GAME_UNDO_WINDOW * 2)
    response = client.post(reverse("gamefiles:game_undelete", args=[kept.pk]))
    assert response.status_code == 409
    assert "its undo expired after 10 minutes" in response.content.decode()
    assert not Game.objects.exists()


def test_the_stop_and_resume_posts_run_a_fixed_number_of_queries(
    crew_client, game, django_assert_max_num_queries
):
    client, _ = crew_client
    for number in range(3):
        play_round(game, ["Ann", "Ben"][number % 2], Cat=1, **{["Ben", "Ann"][number % 2]: 1})
    client.get("/")
    with django_assert_max_num_queries(14):
        client.post(reverse("games:game_stop", args=[game.pk]), {"ending": "leader"}, **HTMX)
    with django_assert_max_num_queries(14):
        client.post(reverse("games:game_resume", args=[game.pk]), **HTMX)


def test_the_home_page_offers_the_game_in_play_and_the_last_nights_winners(crew_client, crew):
    client, _ = crew_client
    night = GameFactory(crew=crew, players=["Ann", "Ben"]).night
    for winner in ("Ann", "Ann", "Ben"):
        done = GameFactory(crew=crew, players=["Ann", "Ben"], target=50, night=night)
        play_round(done, winner, **{"Ben" if winner == "Ann" else "Ann": 60})
    stopped = GameFactory(crew=crew, players=["Ann", "Ben"], night=night)
    play_round(stopped, "Ben", Ann=5)
    write(stopped, game_end, ending="no_result")  # counts for nobody
    playing = GameFactory(crew=crew, players=["Ann", "Ben", "Cat"], night=night)
    play_round(playing, "Cat", Ann=5, Ben=5)
    page = client.get("/").content.decode()
    assert f'href="/games/{playing.pk}/">Continue: round 2</a>' in page
    winners = page[page.index('class="winner-list"') :]
    assert winners.index("Ann") < winners.index("Ben")
    assert '<strong>Ann</strong> <span class="muted">2 games</span>' in page
    assert '<strong>Ben</strong> <span class="muted">1 game</span>' in page
    assert "Ended early: no result" in page


def test_the_home_page_queries_stay_fixed_with_a_finished_night(
    crew_client, crew, django_assert_num_queries
):
    client, _ = crew_client
    night = GameFactory(crew=crew, players=["Ann", "Ben"]).night
    for _ in range(4):
        done = GameFactory(crew=crew, players=["Ann", "Ben"], target=50, night=night)
        play_round(done, "Ann", Ben=60)
    client.get("/")
    # The recent games, seats, players; deleted games; the last night's games, seats, rounds;
    # the current season's named seasons and its leader.
    with django_assert_num_queries(12):
        client.get("/")


def test_the_live_board_of_a_stopped_game_says_so_and_polls_slowly(client, game):
    live = reverse("live:live_board", args=[game.share_token])
    playing = client.get(live, **HTMX).content.decode()
    assert "every 4s" in playing
    write(game, game_end, ending="no_result")
    text = client.get(live, **HTMX).content.decode()
    assert "No result" in text and "every 4s" in text  # for a while: a rematch may follow
    assert "Rematch" not in text and "Resume" not in text  # nothing to change from there
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - dt.timedelta(hours=1))
    assert "every 12s" in client.get(live, **HTMX).content.decode()


def test_a_round_sent_to_a_stopped_game_is_refused_above_the_board(crew_client, game):
    """A phone that kept a round offline sends it after the table stopped the game: 422 with
    the reason (its queue shows it), nothing stored."""
    client, _ = crew_client
    write(game, game_end, ending="no_result")
    data = {"winner": "Ann", "number": 3, "went_out_on": "other", "request_key": "k1"}
    for index, total in enumerate(["", "4", "5"]):
        data |= {f"cards_{index}": "", f"total_{index}": total}
    response = client.post(reverse("games:round_create", args=[game.pk]), data, **HTMX)
    assert response.status_code == 422
    assert "This game was stopped (ended early with no result)" in response.content.decode()
    assert game.rounds.count() == 2
