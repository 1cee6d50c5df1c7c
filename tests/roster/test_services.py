"""The roster's changes: rename, merge, retire, bring back, link; each refusal changes nothing."""

import random

import pytest

from scorekeeper.crews.models import Crew
from scorekeeper.domain import scored_game
from scorekeeper.gamefiles.trash import game_delete, game_restore
from scorekeeper.games.models import Challenge, Game, Hand, Round, Seat
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.games.services import locked_game, round_edit
from scorekeeper.history import stats
from scorekeeper.history.models import SeatResult
from scorekeeper.roster import services
from scorekeeper.roster.models import Player, RosterChange
from scorekeeper.roster.services import RosterError
from tests.factories import (
    ChallengeFactory,
    CrewFactory,
    GameFactory,
    MembershipFactory,
    entry_of,
    play_round,
)
from tests.history.conftest import make_game

pytestmark = pytest.mark.django_db


def player(crew, name):
    return Player.objects.get(crew=crew, name=name)


def snapshot(crew):
    """Everything a refused change must leave as it was."""
    return (
        sorted(Player.objects.filter(crew=crew).values_list("pk", "name", "user_id", "retired_at")),
        sorted(Seat.objects.filter(crew=crew).values_list("pk", "player_id")),
        sorted(Hand.objects.filter(crew=crew).values_list("pk", "player_id")),
        sorted((r.pk, str(r.entry)) for r in Round.objects.filter(crew=crew)),
        RosterChange.objects.filter(crew=crew).count(),
    )


# --- Rename ------------------------------------------------------------------------------


@pytest.mark.game(
    players=["Ann", "Bne", "Cat"], target=10_000, rounds=[("Bne", {"Ann": "R7", "Cat": 12})]
)
def test_a_rename_keeps_every_round_readable_and_editable(game):
    bne = player(game.crew, "Bne")
    change = services.rename(crew=game.crew, player_id=bne.pk, name="  Ben ")
    assert (change.kind, change.before, change.after) == (
        "renamed",
        {"name": "Bne"},
        {"name": "Ben"},
    )
    stored = Round.objects.get(game=game)
    assert entry_of(stored)["winner"] == "Ben"
    assert game_to_dict(Game.objects.with_rounds().get(pk=game.pk))["rounds"] == [
        {"winner": "Ben", "hands": {"Ann": "R7", "Cat": 12}}
    ]
    # The old round is corrected under the new name.
    with locked_game(game_id=game.pk, crew=game.crew) as locked:
        round_edit(game=locked, number=1, version=1, winner="Ben", hands={"Ann": "R7", "Cat": 3})
    assert entry_of(Round.objects.get(game=game))["points"] == {"Ann": 7, "Cat": 3}


def test_a_rename_moves_the_game_version_so_open_boards_refresh():
    game = GameFactory(players=["Ann", "Ben"])
    before = Game.objects.get(pk=game.pk).version
    services.rename(crew=game.crew, player_id=player(game.crew, "Ann").pk, name="Anna")
    assert Game.objects.get(pk=game.pk).version == before + 1


def test_changing_only_the_case_is_a_rename_and_the_same_name_is_no_change():
    ben = Player.objects.create(crew=CrewFactory(), name="ben")
    assert services.rename(crew=ben.crew, player_id=ben.pk, name="Ben").after == {"name": "Ben"}
    assert services.rename(crew=ben.crew, player_id=ben.pk, name="Ben") is None
    assert RosterChange.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "must not be empty"),
        ("   ", "must not be empty"),
        ("x" * 200, "40 characters"),
        ("Be\x00n", "control character (U+0000)"),
        ("Ben\u202e", "invisible or control character (U+202E)"),
        ("ANN", "ANN is already a player of this crew"),
        ("ann", "merge Ben into Ann"),
        (12, "must be text"),
    ],
)
def test_a_bad_name_gets_a_clear_message_and_changes_nothing(name, words):
    crew = CrewFactory()
    Player.objects.create(crew=crew, name="Ann")
    ben = Player.objects.create(crew=crew, name="Ben")
    before = snapshot(crew)
    with pytest.raises(RosterError) as refused:
        services.rename(crew=crew, player_id=ben.pk, name=name)
    shown = str(refused.value).replace("ANN", "Ann") if name == "ANN" else str(refused.value)
    assert words.replace("ANN", "Ann") in shown
    assert snapshot(crew) == before


def test_a_player_of_another_crew_cannot_be_renamed():
    ben = Player.objects.create(crew=CrewFactory(), name="Ben")
    with pytest.raises(RosterError, match="no longer on the crew's roster"):
        services.rename(crew=CrewFactory(), player_id=ben.pk, name="Benny")
    assert Player.objects.get(pk=ben.pk).name == "Ben"


# --- Merge -------------------------------------------------------------------------------


def test_a_merge_moves_seats_rounds_hands_challenges_and_the_dealer():
    crew = CrewFactory()
    game = GameFactory(crew=crew, players=["Ann", "Bne"], target=10_000)
    Game.objects.filter(pk=game.pk).update(first_dealer=player(crew, "Bne"))
    play_round(game, "Bne", Ann=9)
    ChallengeFactory(game=game, challenger="Bne", challenged="Ann")
    other = GameFactory(crew=crew, players=["Ben", "Cat"], target=10_000)
    play_round(other, "Ben", Cat=4)
    bne, ben = player(crew, "Bne"), player(crew, "Ben")
    change = services.merge(crew=crew, keep_id=ben.pk, gone_id=bne.pk)
    assert change.before["games"] == 1 and change.after == {"name": "Ben"}
    assert not Player.objects.filter(pk=bne.pk).exists()
    assert list(game.seats.values_list("player__name", flat=True)) == ["Ann", "Ben"]
    assert Game.objects.get(pk=game.pk).first_dealer_id == ben.pk
    stored = Round.objects.get(game=game)
    assert stored.winner_id == ben.pk and entry_of(stored)["hands"] == {"Ann": 9}
    assert Challenge.objects.get(game=game).challenger_id == ben.pk
    assert set(Hand.objects.filter(round=stored).values_list("player_id", flat=True)) == {
        player(crew, "Ann").pk
    }
    # The round's history follows too: its trail reads the kept name.
    history = Round.history.filter(game_id=game.pk).first()
    assert history.winner_id == ben.pk and str(ben.pk) not in history.entry["hands"]
    assert history.entry["winner"] == ben.pk


def test_a_merge_of_two_players_who_shared_a_game_is_refused():
    crew = CrewFactory()
    game = GameFactory(crew=crew, players=["Ben", "Bne"])
    before = snapshot(crew)
    with pytest.raises(RosterError, match=f"both played in game {game.pk}"):
        services.merge(crew=crew, keep_id=player(crew, "Ben").pk, gone_id=player(crew, "Bne").pk)
    assert snapshot(crew) == before


def test_a_player_is_not_merged_with_itself():
    ben = Player.objects.create(crew=CrewFactory(), name="Ben")
    with pytest.raises(RosterError, match="two different players"):
        services.merge(crew=ben.crew, keep_id=ben.pk, gone_id=ben.pk)
    assert Player.objects.filter(pk=ben.pk).exists()


def test_a_merge_across_crews_is_refused_and_changes_nothing():
    ben = Player.objects.create(crew=CrewFactory(), name="Ben")
    bne = Player.objects.create(crew=CrewFactory(), name="Bne")
    with pytest.raises(RosterError):
        services.merge(crew=ben.crew, keep_id=ben.pk, gone_id=bne.pk)
    assert Player.objects.filter(pk__in=[ben.pk, bne.pk]).count() == 2


def test_a_merge_keeps_the_member_link_and_refuses_two_members():
    crew = CrewFactory()
    ann, bob = MembershipFactory(crew=crew).user, MembershipFactory(crew=crew).user
    ben = Player.objects.create(crew=crew, name="Ben")
    bne = Player.objects.create(crew=crew, name="Bne", user=ann)
    services.merge(crew=crew, keep_id=ben.pk, gone_id=bne.pk)
    assert Player.objects.get(pk=ben.pk).user == ann
    cat = Player.objects.create(crew=crew, name="Cat", user=bob)
    with pytest.raises(RosterError, match="two different members"):
        services.merge(crew=crew, keep_id=ben.pk, gone_id=cat.pk)
    assert Player.objects.filter(pk=cat.pk, user=bob).exists()


def _random_games(crew, seed):
    """Finished games of a crew with two spellings of one person who never share a table."""
    rng = random.Random(seed)
    for index in range(8):
        ben = rng.choice(["Ben", "Bne"])
        players = rng.sample(["Ann", "Cat", "Dan"], rng.randint(1, 3)) + [ben]
        rng.shuffle(players)
        scoring = rng.choice(["standard", "lowest"])
        rounds = []
        for _ in range(rng.randint(1, 5)):
            winner = rng.choice(players)
            rounds.append((winner, {p: rng.randint(0, 30) for p in players if p != winner}))
        rounds.append((players[0], {p: 600 for p in players[1:]}))  # the game ends here
        date = f"2026-10-{index + 1:02}"
        make_game(crew, rounds, players=players, scoring=scoring, target=1000, date=date)


def _figures(crew: Crew, rename=None):
    games = Game.objects.filter(crew=crew).order_by("started_at").with_rounds()
    totals = []
    for game in games:
        data = game_to_dict(game)
        if rename:
            data = rename(data)
        scored = scored_game(data)
        totals.append({p.name: (p.total, p.place, p.winner) for p in scored.standings})
    rows = {
        row["name"]: {k: v for k, v in row.items() if k not in ("player_id",)}
        for row in stats.player_stats(Game.objects.filter(crew=crew))
    }
    return totals, rows


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_after_a_merge_the_stats_and_totals_equal_a_history_played_as_one_player(
    seed, django_capture_on_commit_callbacks
):
    merged, scratch = CrewFactory(), CrewFactory()
    _random_games(merged, seed)
    _random_games(scratch, seed)
    with django_capture_on_commit_callbacks(execute=True):
        if (
            Player.objects.filter(crew=merged, name="Ben").exists()
            and Player.objects.filter(crew=merged, name="Bne").exists()
        ):
            services.merge(
                crew=merged,
                keep_id=player(merged, "Ben").pk,
                gone_id=player(merged, "Bne").pk,
            )
        else:
            only = Player.objects.get(crew=merged, name__in=["Ben", "Bne"])
            services.rename(crew=merged, player_id=only.pk, name="Ben")

    def as_one(data):
        swap = {"Bne": "Ben"}
        data = dict(data, players=[swap.get(p, p) for p in data["players"]])
        data["rounds"] = [
            {
                "winner": swap.get(r["winner"], r["winner"]),
                "hands": {swap.get(n, n): h for n, h in r["hands"].items()},
            }
            for r in data["rounds"]
        ]
        return data

    merged_totals, merged_rows = _figures(merged)
    scratch_totals, _ = _figures(scratch, rename=as_one)
    assert merged_totals == scratch_totals
    # The crew's statistics: equal to those of a crew whose files said "Ben" all along.
    rebuilt = CrewFactory()
    for game in Game.objects.filter(crew=scratch).order_by("started_at").with_rounds():
        data = as_one(game_to_dict(game))
        make_game(
            rebuilt,
            [(r["winner"], r["hands"]) for r in data["rounds"]],
            players=data["players"],
            scoring=data["scoring"],
            target=data["target"],
            date=data["night"]["date"],
            started_at=data["started_at"],
        )
    _, rebuilt_rows = _figures(rebuilt)
    assert merged_rows == rebuilt_rows
    assert (
        SeatResult.objects.filter(crew=merged).count()
        == SeatResult.objects.filter(crew=rebuilt).count()
    )


# --- Retire and bring back ---------------------------------------------------------------


def test_retire_and_bring_back_are_recorded_once():
    ben = Player.objects.create(crew=CrewFactory(), name="Ben")
    assert services.set_retired(crew=ben.crew, player_id=ben.pk, retired=True).kind == "retired"
    assert services.set_retired(crew=ben.crew, player_id=ben.pk, retired=True) is None
    assert Player.objects.get(pk=ben.pk).retired_at is not None
    assert services.set_retired(crew=ben.crew, player_id=ben.pk, retired=False).kind == "returned"
    assert Player.objects.get(pk=ben.pk).retired_at is None
    assert RosterChange.objects.count() == 2


# --- Link --------------------------------------------------------------------------------


def test_a_player_links_to_a_member_of_the_crew_once():
    crew = CrewFactory()
    ann = MembershipFactory(crew=crew).user
    ben = Player.objects.create(crew=crew, name="Ben")
    cat = Player.objects.create(crew=crew, name="Cat")
    change = services.link(crew=crew, player_id=ben.pk, user_id=ann.pk)
    assert change.after == {"name": "Ben", "member": ann.username}
    with pytest.raises(RosterError, match=f"{ann.username} is already linked to Ben"):
        services.link(crew=crew, player_id=cat.pk, user_id=ann.pk)
    assert Player.objects.get(pk=cat.pk).user_id is None
    assert services.link(crew=crew, player_id=ben.pk, user_id=None).kind == "unlinked"
    assert Player.objects.get(pk=ben.pk).user_id is None


def test_a_member_of_another_crew_cannot_be_linked():
    ben = Player.objects.create(crew=CrewFactory(), name="Ben")
    stranger = MembershipFactory().user
    with pytest.raises(RosterError, match="not a member of this crew"):
        services.link(crew=ben.crew, player_id=ben.pk, user_id=stranger.pk)
    assert Player.objects.get(pk=ben.pk).user_id is None


@pytest.mark.game(players=["Ann", "Bne"], target=10_000, rounds=[("Bne", {"Ann": 9})])
def test_a_game_deleted_then_restored_after_a_rename_seats_the_renamed_player(game):
    ChallengeFactory(game=game, challenger="Bne", challenged="Ann")
    crew, bne = game.crew, player(game.crew, "Bne")
    with locked_game(game_id=game.pk, crew=crew) as locked:
        deleted = game_delete(game=locked)
    services.rename(crew=crew, player_id=bne.pk, name="Ben")
    restored = game_restore(crew=crew, deleted=deleted.pk)
    assert list(restored.seats.values_list("player_id", flat=True)) == [
        player(crew, "Ann").pk,
        bne.pk,
    ]
    assert not Player.objects.filter(crew=crew, name="Bne").exists()
    assert entry_of(Round.objects.get(game=restored))["winner"] == "Ben"
    assert Challenge.objects.get(game=restored).challenger_id == bne.pk


def test_a_merge_moves_the_hands_a_player_sent_into_a_count_and_the_count_they_went_out_in():
    from scorekeeper.games.counts import count_open, hand_send
    from scorekeeper.games.models import Count, CountedHand

    crew = CrewFactory()
    game = GameFactory(crew=crew, players=["Ann", "Bne", "Cat"], target=10_000)
    with locked_game(crew=crew, game_id=game.pk) as locked:
        count_open(game=locked, winner="Ann", number=1)
    hand_send(token=Seat.objects.get(game=game, player__name="Bne").link_token, total="7")
    later = GameFactory(crew=crew, players=["Bne", "Dan"], target=10_000)
    with locked_game(crew=crew, game_id=later.pk) as locked:
        count_open(game=locked, winner="Bne", number=1)
    ben = GameFactory(crew=crew, players=["Ben", "Eve"]).seats.get(number=0).player
    bne = player(crew, "Bne")
    services.merge(crew=crew, keep_id=ben.pk, gone_id=bne.pk)
    assert CountedHand.objects.get().player_id == ben.pk
    assert Count.objects.get(game=later).winner_id == ben.pk
