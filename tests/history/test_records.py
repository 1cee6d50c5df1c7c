"""Records and rivals equal a computation from scratch over generated histories (ties and
lowest-wins included), and the pages show them, linked to where they were set, in a fixed
number of queries."""

import datetime as dt
import importlib

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.models import Game
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.history import records
from scorekeeper.history.models import SeatResult
from scorekeeper.history.records import Kind, Line
from scorekeeper.nights.recap import recap_of
from scorekeeper.roster.models import Player
from tests.factories import CrewFactory, MembershipFactory, UserFactory
from tests.history import records_model as model
from tests.history.conftest import make_game, seed

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STORED = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
IDS = {name: number for number, name in enumerate(model.ROSTER, start=1)}
NAMES = {number: name for name, number in IDS.items()}


def lines_for(games: list[model.Played]) -> list[Line]:
    """The lines the pages read, built from each game's figures as the results keep them."""
    lines = []
    for game in games:
        kept = records.record_figures(game.scored)
        seats = game.scored.seat_figures()  # in the standings' order, as the rows are written
        for name in seats:
            lines.append(
                Line(
                    game_id=game.index,
                    night_id=game.night,
                    player_id=IDS[name],
                    won=seats[name].won,
                    rounds=len(game.scored.rounds),
                    to_target=not game.ended,
                    biggest_round=kept[name].biggest_round,
                    deficit=kept[name].deficit,
                    margin=kept[name].margin,
                )
            )
    return lines


def crew_shown(found: dict[Kind, records.Record], names=NAMES) -> dict[str, tuple]:
    return {kind.value: (names[r.player_id], r.value, r.game_id) for kind, r in found.items()}


def rival_shown(rival: records.Rival | None, names=NAMES) -> tuple | None:
    return None if rival is None else (names[rival.player_id], rival.wins, rival.together)


# --- The pure functions against the model --------------------------------------------------


@FAST
@given(model.histories)
def test_records_equal_a_computation_from_scratch(history):
    games = model.played(history)
    by_player = records.player_records(lines_for(games))
    assert crew_shown(records.crew_records(by_player)) == model.crew_records(games)
    assert {
        NAMES[player]: {kind.value: (r.value, r.game_id) for kind, r in held.items()}
        for player, held in by_player.items()
    } == model.player_records(games)


@FAST
@given(model.histories)
def test_rivals_and_streaks_equal_a_computation_from_scratch(history):
    games = model.played(history)
    lines = lines_for(games)
    for name, player in IDS.items():
        found = records.rivals_of(player, lines)
        expected = model.rivals(games, name)
        assert rival_shown(found.nemesis) == expected["nemesis"], name
        assert rival_shown(found.beaten) == expected["beaten"], name
        streak = records.streak_now([line for line in lines if line.player_id == player])
        assert (None if streak is None else (streak.won, streak.games)) == model.streak_now(
            games, name
        )


def test_a_game_known_by_its_totals_counts_in_the_records_that_need_no_rounds():
    kept = dict(won=True, rounds=0, to_target=True, biggest_round=None, deficit=None)
    lines = [
        Line(1, 1, 1, margin=12, **kept),
        Line(
            1,
            1,
            2,
            won=False,
            rounds=0,
            to_target=True,
            biggest_round=None,
            deficit=None,
            margin=None,
        ),  # fmt: skip
    ]
    held = records.player_records(lines)[1]
    assert {kind: record.value for kind, record in held.items()} == {
        Kind.GAMES: 1,
        Kind.STREAK: 1,
        Kind.NIGHT_WINS: 1,
        Kind.CLOSEST: 12,
    }


def test_in_lowest_wins_the_comeback_counts_from_the_lowest_total_and_the_round_is_points_taken():
    # Ben goes out first (Ann takes 30), then Ann twice; Ben reaches 40 with 45: Ann wins on 30.
    plan = model.Plan(
        ("Ann", "Ben"),
        "lowest",
        40,
        (("Ben", {"Ann": 30}), ("Ann", {"Ben": 5}), ("Ann", {"Ben": 40})),
    )
    (game,) = model.played([[plan]])
    kept = records.record_figures(game.scored)
    assert kept["Ann"] == records.RecordFigures(biggest_round=30, deficit=30, margin=15)
    assert kept["Ben"] == records.RecordFigures(biggest_round=40, deficit=15, margin=None)


def test_a_shared_win_is_a_finish_by_0_points():
    plan = model.Plan(("Ann", "Ben"), "lowest", 10, (("Ann", {"Ben": 0}),), ended="leader")
    (game,) = model.played([[plan]])
    assert set(game.scored.winners) == {"Ann", "Ben"}
    assert {f.margin for f in records.record_figures(game.scored).values()} == {0}


@FAST
@given(st.lists(model.plans(), min_size=1, max_size=6))
def test_a_nights_records_measure_what_its_recap_measures(night):
    """The recap (nights/recap.py) names a night's biggest round, closest finish and comeback
    from the scored games; the records of that night alone give the same figures."""
    games = model.played([night])
    recap = recap_of({game.index: game.scored for game in games})
    best = records.crew_records(records.player_records(lines_for(games)))
    found = {kind: record.value for kind, record in best.items()}
    assert found.get(Kind.BIGGEST_ROUND) == (recap.biggest_round and recap.biggest_round.points)
    assert found.get(Kind.CLOSEST) == recap.closest_finish.margin
    assert found.get(Kind.COMEBACK) == (recap.comeback and recap.comeback.deficit)


def test_the_earliest_set_keeps_a_tie():
    same = dict(won=True, rounds=2, to_target=True, deficit=0, margin=5)
    lines = [
        Line(1, 1, 1, biggest_round=50, **same),
        Line(2, 1, 2, biggest_round=50, **same),
        Line(3, 2, 2, biggest_round=40, **same),
    ]
    best = records.crew_records(records.player_records(lines))
    assert (best[Kind.BIGGEST_ROUND].player_id, best[Kind.BIGGEST_ROUND].game_id) == (1, 1)
    # Player 2 reached two wins in a row first (player 1 has one): the streak is theirs.
    assert (best[Kind.STREAK].player_id, best[Kind.STREAK].value) == (2, 2)
    # Two closest finishes of 5: the first game's.
    assert best[Kind.CLOSEST].game_id == 1


# --- Stored histories: the pages against the model ------------------------------------------


def store(crew, history: list[list[model.Plan]]) -> None:
    for night, plans in enumerate(history):
        date = dt.date(2026, 1, 1) + dt.timedelta(days=night)
        for number, plan in enumerate(plans):
            make_game(
                crew,
                plan.rounds,
                players=plan.players,
                scoring=plan.scoring,
                target=plan.target,
                date=date.isoformat(),
                started_at=f"{date.isoformat()}T19:{number:02d}:00+00:00",
                **({"ended": plan.ended} if plan.ended else {}),
            )


def stored_games(crew) -> tuple[list[model.Played], dict[int, int]]:
    """The crew's games as the model reads them, scored by the core from the stored rounds,
    and each game's id → its position."""
    games = []
    positions = {}
    nights: dict[int, int] = {}
    for game in Game.objects.filter(crew=crew).order_by("started_at", "pk").with_rounds():
        from scorekeeper.domain import scored_game

        night = nights.setdefault(game.night_id, len(nights))
        positions[game.pk] = len(games)
        games.append(model.Played(len(games), night, scored_game(game_to_dict(game)), game.ended))
    for game in games:
        game.positions = {p.name: i for i, p in enumerate(game.scored.standings)}
    return games, positions


@pytest.mark.django_db
@STORED
@given(model.histories)
def test_the_pages_show_the_records_and_rivals_of_a_computation_from_scratch(client, history):
    user, crew = UserFactory(), CrewFactory()
    MembershipFactory(crew=crew, user=user)
    client.force_login(user)
    store(crew, history)
    games, positions = stored_games(crew)
    names = dict(Player.objects.filter(crew=crew).values_list("pk", "name"))

    response = client.get("/players/records/")
    assert response.status_code == 200
    shown = {
        row.record["kind"].value: (
            row.record["holder"],
            row.record["value"],
            positions[row.record["record"].game_id],
        )
        for row in response.context["table"].rows
    }
    assert shown == model.crew_records(games)

    expected = model.player_records(games)
    for player_id, name in names.items():
        response = client.get(f"/players/{player_id}/")
        assert response.status_code == 200
        held = {
            row.record["kind"].value: (row.record["value"], positions[row.record["record"].game_id])
            for row in response.context["records_table"].rows
        }
        assert held == expected.get(name, {}), name
        rivals = model.rivals(games, name)
        for key in ("nemesis", "beaten"):
            found = response.context[key]
            assert (
                None if found is None else (found["name"], found["wins"], found["together"])
            ) == rivals[key], (name, key)
        streak = response.context["streak"]
        assert (None if streak is None else (streak.won, streak.games)) == model.streak_now(
            games, name
        )


# --- The pages ------------------------------------------------------------------------------

ANN_BEATS_BEN = [("Ann", {"Ben": 60})]
BEN_BEATS_ANN = [("Ben", {"Ann": 60})]


def two_player_game(crew, rounds, *, day: int, minute: int = 0, **extra):
    return make_game(
        crew,
        rounds,
        players=("Ann", "Ben"),
        target=50,
        date=f"2026-03-{day:02d}",
        started_at=f"2026-03-{day:02d}T19:{minute:02d}:00+00:00",
        **extra,
    )


@pytest.fixture
def rivalry(crew):
    """Ann beats Ben three times on the 2nd (a night of three wins), Ben wins on the 3rd with
    a comeback; a lowest-wins game on the 4th; a game in 2025."""
    for minute in range(3):
        two_player_game(crew, ANN_BEATS_BEN, day=2, minute=minute)
    # Ben trails by 40 after the first round, then wins 55 to 40.
    comeback = two_player_game(crew, [("Ann", {"Ben": 40}), ("Ben", {"Ann": 55})], day=3)
    lowest = make_game(
        crew,
        [("Ben", {"Ann": 30}), ("Ann", {"Ben": 5}), ("Ann", {"Ben": 40})],
        players=("Ann", "Ben"),
        scoring="lowest",
        target=40,
        date="2026-03-04",
    )
    old = make_game(
        crew, [("Ben", {"Ann": 90})], players=("Ann", "Ben"), target=50, date="2025-06-01"
    )
    return {"comeback": comeback, "lowest": lowest, "old": old}


def by_kind(table) -> dict[str, dict]:
    return {row.record["kind"].value: row.record for row in table.rows}


@pytest.mark.django_db
def test_the_records_page_shows_each_record_linked_to_where_it_was_set(rivalry, member_client):
    response = member_client.get("/players/records/")
    assert response.status_code == 200
    found = by_kind(response.context["table"])
    assert found["night_wins"]["holder"] == "Ann" and found["night_wins"]["value"] == 3
    assert found["streak"]["value"] == 3  # Ann's three on the 2nd (the 2025 game was Ben's)
    # The lowest-wins game: Ben took 40 in one round; Ann came back from 30 behind.
    assert (found["biggest_round"]["holder"], found["biggest_round"]["value"]) == ("Ben", 90)
    assert (found["comeback"]["holder"], found["comeback"]["value"]) == ("Ben", 40)
    assert found["comeback"]["record"].game_id == rivalry["comeback"].pk
    page = response.content.decode()
    night = rivalry["comeback"].night
    assert f'href="/games/{rivalry["comeback"].pk}/record/"' in page
    assert f'href="/nights/{found["night_wins"]["record"].night_id}/"' in page
    assert "from 40 points behind" in page
    assert str(night) in page
    assert "How records are kept" in page


@pytest.mark.django_db
def test_records_by_season_read_only_its_games(rivalry, member_client):
    response = member_client.get("/players/records/?season=2025")
    assert response.status_code == 200
    found = by_kind(response.context["table"])
    assert {record["holder"] for record in found.values()} == {"Ben"}
    assert found["biggest_round"]["value"] == 90
    assert "Records of 2025" in response.content.decode()
    lowest = by_kind(member_client.get("/players/records/?season=2026-q1").context["table"])
    assert (lowest["biggest_round"]["holder"], lowest["biggest_round"]["value"]) == ("Ann", 60)
    assert (lowest["comeback"]["holder"], lowest["comeback"]["value"]) == ("Ben", 40)
    assert lowest["quickest"]["value"] == 1


@pytest.mark.django_db
def test_a_season_without_games_says_so_and_an_unknown_season_is_refused(crew, member_client):
    make_game(crew, ANN_BEATS_BEN, players=("Ann", "Ben"), target=50, date="2026-03-02")
    empty = member_client.get("/players/records/?season=2026-q2")
    assert empty.status_code == 200
    assert "No finished game in this season yet" in empty.content.decode()
    refused = member_client.get("/players/records/?season=s999999")
    assert refused.status_code == 422
    assert "Choose a season of your crew." in refused.content.decode()


@pytest.mark.django_db
def test_the_records_page_counts_only_the_crews_games(crew, member_client):
    other = CrewFactory()
    make_game(other, [("Zed", {"Yan": 300})], players=("Zed", "Yan"), target=50)
    make_game(crew, ANN_BEATS_BEN, players=("Ann", "Ben"), target=50)
    found = by_kind(member_client.get("/players/records/").context["table"])
    assert {record["holder"] for record in found.values()} == {"Ann"}


@pytest.mark.django_db
def test_a_game_recorded_with_its_totals_counts_where_no_round_is_needed(crew, member_client):
    # A BG Stats play: final totals and the winner, no rounds.
    recorded = make_game(
        crew,
        [],
        players=("Ann", "Ben"),
        target=50,
        result={"totals": {"Ann": 120, "Ben": 117}, "winners": ["Ann"]},
    )
    found = by_kind(member_client.get("/players/records/").context["table"])
    assert set(found) == {"streak", "night_wins", "closest", "games"}
    assert found["closest"]["value"] == 3
    assert found["closest"]["record"].game_id == recorded.pk


@pytest.mark.django_db
def test_the_records_export_as_csv(rivalry, member_client):
    response = member_client.get("/players/records/?_export=csv&_table=records")
    assert response.status_code == 200
    text = response.content.decode()
    assert text.splitlines()[0] == "Record,Held by,Figure,Set in"
    assert "Most wins in one night,Ann,3," in text
    players = member_client.get("/players/records/?_export=csv&_table=players").content.decode()
    assert players.splitlines()[0].startswith("Player,Streak,Wins in a night")


@pytest.mark.django_db
def test_a_players_page_shows_their_records_streak_and_rivals(rivalry, crew, member_client):
    ann = Player.objects.get(crew=crew, name="Ann")
    ben = Player.objects.get(crew=crew, name="Ben")
    response = member_client.get(f"/players/{ann.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    # Ann won the lowest-wins game, the last one played: one win now.
    assert "1 win in a row" in page
    held = by_kind(response.context["records_table"])
    assert held["games"]["value"] == 6 and held["streak"]["value"] == 3
    assert held["comeback"]["value"] == 30  # the lowest-wins game, from the leader's 0
    assert response.context["beaten"]["name"] == "Ben" and response.context["beaten"]["wins"] == 4
    assert response.context["nemesis"] is None  # Ben beat her twice: not enough
    assert "Nobody has beaten Ann 3 times yet." in page
    assert f'href="/players/head-to-head/?a={ann.pk}&amp;b={ben.pk}"' in page
    ben_page = member_client.get(f"/players/{ben.pk}/")
    assert ben_page.context["nemesis"]["name"] == "Ann"
    assert "1 game without a win" in ben_page.content.decode()


@pytest.mark.django_db
def test_a_players_records_by_season_keep_the_streak_now(rivalry, crew, member_client):
    ann = Player.objects.get(crew=crew, name="Ann")
    response = member_client.get(f"/players/{ann.pk}/?season=2025")
    assert response.status_code == 200
    held = by_kind(response.context["records_table"])
    assert set(held) == {"games"}  # she lost the one game of 2025
    assert response.context["streak"].won  # still the win of the last game played
    assert response.context["beaten"] is None
    assert "/players/records/?season=2025" in response.content.decode()
    assert member_client.get(f"/players/{ann.pk}/?season=1999-q9").status_code == 422


@pytest.mark.django_db
def test_a_rivals_head_to_head_link_keeps_the_season(crew, member_client):
    for minute in range(3):
        two_player_game(crew, BEN_BEATS_ANN, day=2, minute=minute)
    ann = Player.objects.get(crew=crew, name="Ann")
    response = member_client.get(f"/players/{ann.pk}/?season=2026")
    assert response.context["nemesis"]["head_to_head"].endswith("&season=2026")
    assert member_client.get(response.context["nemesis"]["head_to_head"]).status_code == 200


@pytest.mark.django_db
def test_the_records_page_is_linked_from_players_and_home(member_client, crew):
    assert 'href="/players/records/"' in member_client.get("/players/").content.decode()
    assert 'href="/players/records/"' in member_client.get("/").content.decode()


@pytest.mark.django_db
def test_the_records_need_a_login(client):
    response = client.get("/players/records/")
    assert response.status_code == 302 and "/login/" in response["Location"]


# --- The kept figures --------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_kept_rows_carry_the_figures_of_the_core(rivalry):
    from scorekeeper.domain import scored_game

    for game in Game.objects.filter(pk=rivalry["lowest"].pk).with_rounds():
        expected = records.record_figures(scored_game(game_to_dict(game)))
        for row in SeatResult.objects.filter(game=game).select_related("player"):
            kept = expected[row.player.name]
            assert (row.biggest_round, row.deficit, row.margin) == (
                kept.biggest_round,
                kept.deficit,
                kept.margin,
            )


@pytest.mark.django_db
def test_the_migration_fills_the_figures_of_rows_kept_before_it(crew):
    seed(12, "Seeded crew")
    expected = {
        row.pk: (row.biggest_round, row.deficit, row.margin) for row in SeatResult.objects.all()
    }
    assert any(margin for _, _, margin in expected.values())
    SeatResult.objects.update(biggest_round=None, deficit=None, margin=None)
    migration = importlib.import_module("scorekeeper.history.migrations.0003_seat_result_records")
    migration.fill_record_figures(apps, None)
    assert {
        row.pk: (row.biggest_round, row.deficit, row.margin) for row in SeatResult.objects.all()
    } == expected


# --- Queries --------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("games", [2, 60])
def test_the_records_page_makes_a_fixed_number_of_queries(
    games, member, client, django_assert_num_queries
):
    crew = seed(games, f"Crew of {games}", user=member)
    client.force_login(member)
    client.get("/")  # the first page keeps the crew's time zone in the session (a write)
    # Session, user, crew; the season menu (named seasons, first night); the results; the
    # players' names; the records' nights.
    with django_assert_num_queries(8):
        assert client.get("/players/records/").status_code == 200
    with django_assert_num_queries(8):
        assert client.get("/players/records/?season=2026").status_code == 200
    player = Player.objects.filter(crew=crew).order_by("name").first()
    with django_assert_num_queries(PLAYER_PAGE_QUERIES):
        assert client.get(f"/players/{player.pk}/").status_code == 200
    # By season, the streak now reads the player's every game: one query more.
    with django_assert_num_queries(PLAYER_PAGE_QUERIES + 1):
        assert client.get(f"/players/{player.pk}/?season=2026").status_code == 200


PLAYER_PAGE_QUERIES = 14
