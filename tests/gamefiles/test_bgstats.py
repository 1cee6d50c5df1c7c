"""BG Stats both ways (issue 55): a finished game sent as a play by the app's push link, a crew's
games written as a BG Stats export, and such a file's UNO plays stored as games recorded with
their final totals and winners (no rounds)."""

import io
import json
import re
import uuid
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scorekeeper.crews.models import Crew
from scorekeeper.domain import RuleError, scored_game
from scorekeeper.gamefiles.bgstats import export_file, import_bgstats, play_uuid
from scorekeeper.gamefiles.files import export_game, import_file
from scorekeeper.gamefiles.trash import game_delete, game_restore
from scorekeeper.games.models import Game, Seat
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.games.services import locked_game, round_record
from scorekeeper.history import stats
from scorekeeper.history.models import Rating, SeatResult
from scorekeeper.roster.models import Player
from tests.factories import CrewFactory, MembershipFactory, UserFactory
from tests.history.conftest import make_game

LINK = re.compile(r'<a class="btn" href="([^"]+)" rel="noopener noreferrer" id="send-to-bgstats">')


def pushed(page: str) -> dict:
    """The play a record page's "Send to BG Stats" link carries, decoded."""
    found = LINK.search(page)
    assert found, "no Send to BG Stats link"
    url = urlsplit(unescape(found.group(1)))
    assert (url.scheme, url.netloc, url.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    (data,) = parse_qs(url.query)["data"]
    return json.loads(data)


def record_of(client, game) -> str:
    return client.get(reverse("history:game_record", args=[game.pk])).content.decode()


# --- The push link ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_finished_game_is_sent_to_bg_stats_with_every_field_of_its_play(crew, member_client):
    crew.time_zone = "Europe/Madrid"
    crew.save()
    game = make_game(
        crew,
        [("Ben", {"Ann": 30, "Cat": 40}), ("Ann", {"Ben": 60, "Cat": 50})],
        date="2026-11-20",
        started_at="2026-11-20T19:30:00+00:00",
        finished_at="2026-11-20T20:15:40+00:00",
        first_dealer="Cat",
    )
    assert pushed(record_of(member_client, game)) == {
        "sourceName": "Scorekeeper",
        "sourcePlayId": str(game.uid),
        "playDate": "2026-11-20 20:30:00",  # the crew's wall clock
        "durationMin": 46,
        "location": {"name": "Friday club"},
        "game": {
            "name": "UNO",
            "sourceGameId": "uno",
            "bggId": 2223,
            "highestWins": True,
            "noPoints": False,
            "cooperative": False,
        },
        "players": [
            # Cat dealt first, so Ann, at her left, played first.
            {"name": "Ann", "sourcePlayerId": str(_id("Ann")), "score": 110, "winner": True,
             "seatOrder": 1, "startPlayer": True},
            {"name": "Ben", "sourcePlayerId": str(_id("Ben")), "score": 70, "winner": False,
             "seatOrder": 2, "startPlayer": False},
            {"name": "Cat", "sourcePlayerId": str(_id("Cat")), "score": 0, "winner": False,
             "seatOrder": 3, "startPlayer": False},
        ],
    }  # fmt: skip


def _id(name: str) -> int:
    return Player.objects.get(name=name).pk


@pytest.mark.django_db
def test_a_lowest_wins_game_is_sent_as_one_whose_lowest_score_wins(crew, member_client):
    game = make_game(
        crew, [("Ann", {"Ben": 70, "Cat": 120})], scoring="lowest", players=("Ann", "Ben", "Cat")
    )
    play = pushed(record_of(member_client, game))
    assert play["game"]["name"] == "UNO (lowest wins)" and play["game"]["bggId"] == 2223
    assert play["game"]["highestWins"] is False
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Ann", 0, True),
        ("Ben", 70, False),
        ("Cat", 120, False),
    ]
    # No first dealer: the first seat played first.
    assert [p["startPlayer"] for p in play["players"]] == [True, False, False]


@pytest.mark.django_db
def test_a_shared_win_sends_both_winners_and_the_dealer_left_of_the_last_seat(crew, member_client):
    game = make_game(
        crew, [("Ann", {"Ben": 50, "Cat": 50})], scoring="lowest", target=50, first_dealer="Ben"
    )
    play = pushed(record_of(member_client, game))
    assert [(p["winner"], p["startPlayer"]) for p in play["players"]] == [
        (True, False),
        (False, False),
        (False, True),
    ]
    assert [p["seatOrder"] for p in play["players"]] == [1, 2, 3]


@pytest.mark.django_db
def test_a_game_without_a_winner_offers_no_link(crew, member_client):
    in_play = make_game(crew, [("Ann", {"Ben": 5, "Cat": 5})])
    abandoned = make_game(crew, [], date="2026-11-21", ended="abandoned")
    for game in (in_play, abandoned):
        assert "Send to BG Stats" not in record_of(member_client, game)


# --- The export file -------------------------------------------------------------------------


def crew_with_games(crew: Crew) -> list[Game]:
    """Standard and lowest-wins games, a shared win among them, and one that does not count."""
    return [
        make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], first_dealer="Ann"),
        make_game(crew, [("Ben", {"Ann": 120})], players=("Ann", "Ben"), date="2026-11-21"),
        # Lowest wins, Ann and Cat tied on the lowest total: both win.
        make_game(
            crew,
            [("Ann", {"Ben": 30, "Cat": 20}), ("Cat", {"Ann": 20, "Ben": 80})],
            scoring="lowest",
            date="2026-11-22",
        ),
        make_game(
            crew,
            [("Dan", {"Ann": 100, "Cat": 30})],
            players=("Ann", "Cat", "Dan"),
            scoring="lowest",
            date="2026-11-23",
            first_dealer="Dan",
        ),  # fmt: skip
        make_game(crew, [("Ann", {"Ben": 5, "Cat": 5})], date="2026-11-24"),  # still in play
    ]


def exported(*args: str) -> str:
    out = io.StringIO()
    call_command("export_bgstats", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_the_export_holds_the_crews_finished_games_as_bg_stats_plays(crew):
    games = crew_with_games(crew)
    make_game(CrewFactory(name="Others"), [("Ann", {"Ben": 200})], players=("Ann", "Ben"))
    data = json.loads(exported("--crew", "friday CLUB"))
    assert set(data) == {"players", "locations", "games", "plays"}
    assert [(p["id"], p["name"]) for p in data["players"]] == [
        (1, "Ann"),
        (2, "Ben"),
        (3, "Cat"),
        (4, "Dan"),
    ]
    assert [(loc["id"], loc["name"]) for loc in data["locations"]] == [(1, "Friday club")]
    assert [(g["id"], g["name"], g["bggId"], g["highestWins"]) for g in data["games"]] == [
        (1, "UNO", 2223, True),
        (2, "UNO (lowest wins)", 2223, False),
    ]
    plays = data["plays"]
    assert [play["uuid"] for play in plays] == [str(play_uuid(game)) for game in games[:4]]
    assert [play["gameRefId"] for play in plays] == [1, 1, 2, 2]
    assert [play["playDate"] for play in plays][:2] == [
        "2026-11-20 19:00:00",
        "2026-11-21 19:00:00",
    ]
    assert plays[0]["playerScores"] == [
        {"playerRefId": 1, "score": "110", "winner": True, "seatOrder": 1, "startPlayer": False},
        {"playerRefId": 2, "score": "0", "winner": False, "seatOrder": 2, "startPlayer": True},
        {"playerRefId": 3, "score": "0", "winner": False, "seatOrder": 3, "startPlayer": False},
    ]
    assert [(s["playerRefId"], s["score"], s["winner"]) for s in plays[2]["playerScores"]] == [
        (1, "20", True),
        (2, "110", False),
        (3, "20", True),
    ]
    # Dan dealt first: Ann, at his left (the first seat), started.
    assert [s["startPlayer"] for s in plays[3]["playerScores"]] == [True, False, False]
    assert (
        exported("--crew", "Friday club") == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    )


@pytest.mark.django_db
def test_every_play_keeps_one_uuid_derived_from_its_game(crew):
    game = crew_with_games(crew)[0]
    first = export_file(crew)["plays"][0]["uuid"]
    assert first == export_file(crew)["plays"][0]["uuid"] == str(play_uuid(game))
    assert first != str(game.uid) and uuid.UUID(first).version == 5


@pytest.mark.django_db
def test_the_history_page_downloads_what_the_command_writes(crew, member_client, tmp_path):
    crew_with_games(crew)
    nights = member_client.get(reverse("nights:night_list")).content.decode()
    assert f'href="{reverse("gamefiles:bgstats_export")}" download' in nights
    response = member_client.get(reverse("gamefiles:bgstats_export"))
    assert response["Content-Type"] == "application/json"
    assert re.fullmatch(
        r'attachment; filename="BGStatsExport-\d{4}-\d\d-\d\d\.json"',
        response["Content-Disposition"],
    )
    path = tmp_path / "BGStatsExport.json"
    call_command("export_bgstats", str(path), "--crew", crew.name, stderr=io.StringIO())
    assert response.content.decode() == path.read_text() == exported("--crew", crew.name)


@pytest.mark.django_db
def test_the_export_command_names_the_crew_it_cannot_find(crew):
    CrewFactory(name="Second")
    with pytest.raises(CommandError, match="No crew is named 'Nobody'"):
        exported("--crew", "Nobody")
    with pytest.raises(CommandError, match="Say which crew"):
        exported()


# --- The round trip ---------------------------------------------------------------------------


def results(crew: Crew) -> list[tuple]:
    """Each counted game's players, totals and winners, in the order played, by the core."""
    games = Game.objects.filter(crew=crew).counted().order_by("started_at", "pk").with_rounds()
    out = []
    for game in games:
        scored = scored_game(game_to_dict(game))
        out.append((game.scoring, dict(scored.totals), scored.winners))
    return out


def import_command(path, crew: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("import_bgstats", str(path), "--crew", crew, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue().strip()


@pytest.mark.django_db
def test_an_export_imported_into_a_new_site_gives_the_same_winners_and_totals(
    crew, tmp_path, django_capture_on_commit_callbacks
):
    crew_with_games(crew)
    before = results(crew)
    wins = sorted(
        stats.player_stats(Game.objects.filter(crew=crew)).values_list("name", "games_won")
    )
    path = tmp_path / "BGStatsExport.json"
    call_command("export_bgstats", str(path), "--crew", crew.name, stderr=io.StringIO())
    exported_once = path.read_text()
    # A new site: nothing of the first one is left.
    Game.objects.all().delete()
    Crew.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        out, err = import_command(path, "New home")
    new = Crew.objects.get(name="New home")
    assert err == "Imported 4 UNO plays from BG Stats."
    assert out.split() == [
        str(pk) for pk in Game.objects.filter(crew=new).order_by("pk").values_list("pk", flat=True)
    ]
    assert results(new) == before
    assert (
        sorted(stats.player_stats(Game.objects.filter(crew=new)).values_list("name", "games_won"))
        == wins
    )
    assert (
        Rating.objects.filter(crew=new).count() == SeatResult.objects.filter(crew=new).count() == 11
    )
    # A second import stores nothing; the copies export as the same plays.
    with django_capture_on_commit_callbacks(execute=True):
        out, err = import_command(path, "New home")
    assert (out, err) == (
        "",
        "Imported 0 UNO plays from BG Stats. 4 plays were already here: skipped.",
    )
    assert Game.objects.filter(crew=new).count() == 4
    again = json.loads(exported("--crew", "New home"))
    assert [p["uuid"] for p in again["plays"]] == [
        p["uuid"] for p in json.loads(exported_once)["plays"]
    ]
    assert [p["playerScores"] for p in again["plays"]] == [
        p["playerScores"] for p in json.loads(exported_once)["plays"]
    ]  # fmt: skip


@pytest.mark.django_db
def test_a_crew_importing_its_own_export_stores_nothing(crew):
    crew_with_games(crew)
    report = import_bgstats(crew=crew, data=export_file(crew))
    assert (report.stored, report.present) == ([], 4)
    assert Game.objects.filter(crew=crew).count() == 5


@pytest.mark.django_db
def test_another_crew_imports_the_same_file_once_too(crew):
    crew_with_games(crew)
    data = export_file(crew)
    first, second = CrewFactory(name="One"), CrewFactory(name="Two")
    for other in (first, second, first, second):
        import_bgstats(crew=other, data=data)
    assert Game.objects.filter(crew=first).count() == Game.objects.filter(crew=second).count() == 4
    assert export_file(first)["plays"] == export_file(second)["plays"]


# --- Reading a BG Stats file -------------------------------------------------------------------


def bgstats_file(*plays, games=None, players=None) -> dict:
    """A BG Stats export as the app writes one (the keys our reader looks at, and some others)."""
    return {
        "userInfo": {"meRefId": 1, "appVersion": "7.0"},
        "players": players
        or [
            {"id": 1, "uuid": "a", "name": "Ann", "isAnonymous": False},
            {"id": 2, "uuid": "b", "name": "Ben"},
            {"id": 3, "uuid": "c", "name": "Cat"},
        ],
        "locations": [{"id": 1, "name": "Ben's place"}],
        "games": games
        or [
            {"id": 1, "name": "UNO", "bggId": 2223, "highestWins": True},
            {"id": 2, "name": "Catan", "bggId": 13, "highestWins": True},
            {"id": 3, "name": "Uno (our house rules)", "bggId": 2223, "highestWins": False},
            {"id": 4, "name": "Azul", "bggId": 230802},
        ],
        "plays": list(plays),
    }


def play(game=1, *scores, uuid_=None, date="2026-11-20 21:00:00", **extra) -> dict:
    return {
        "uuid": uuid_ or str(uuid.uuid4()).upper(),
        "gameRefId": game,
        "locationRefId": 1,
        "playDate": date,
        "durationMin": 35,
        "playerScores": [
            {
                "playerRefId": ref,
                "score": score,
                "winner": won,
                "seatOrder": 0,
                "startPlayer": False,
            }
            for ref, score, won in scores or [(1, "500", True), (2, "120", False)]
        ],  # fmt: skip
        **extra,
    }


@pytest.mark.django_db
def test_uno_plays_come_in_with_their_totals_and_winners_and_the_rest_is_listed(crew):
    Player.objects.create(crew=crew, name="ann")  # on the roster already, written otherwise
    crew.time_zone = "Europe/Madrid"
    crew.save()
    data = bgstats_file(
        play(1, (1, "500", True), (2, "120", False), (3, 75, False)),
        play(2),
        play(3, (2, "30", True), (3, "30", True), (1, "90", False)),
        play(4),
        play(2),
        play(1, (1, "", False), (2, "", True)),  # a play logged without scores
        play(1, ignored=True),
    )
    report = import_bgstats(crew=crew, data=data)
    assert report.summary() == (
        "Imported 2 UNO plays from BG Stats. Skipped 3 plays of other games: Azul, Catan (2). "
        "Skipped 1 UNO play without scores. "
        "Skipped 1 UNO play BG Stats leaves out of its statistics."
    )
    assert sorted(Player.objects.filter(crew=crew).values_list("name", flat=True)) == [
        "Ben",
        "Cat",
        "ann",
    ]
    first, second = sorted(report.stored, key=lambda game: game.pk)
    assert [seat.player.name for seat in first.seats.select_related("player")] == [
        "ann",
        "Ben",
        "Cat",
    ]
    assert results(crew) == [
        ("standard", {"ann": 500, "Ben": 120, "Cat": 75}, ("ann",)),
        ("lowest", {"Ben": 30, "Cat": 30, "ann": 90}, ("Ben", "Cat")),  # a tie shared
    ]
    stored = Game.objects.get(pk=first.pk)
    assert stored.source == "bgstats" and stored.rounds.count() == 0
    assert stored.started_at.isoformat() == "2026-11-20T20:00:00+00:00"  # 21:00 in Madrid
    assert (stored.finished_at - stored.started_at).total_seconds() == 35 * 60
    assert str(stored.uid) == data["plays"][0]["uuid"].lower()


@pytest.mark.django_db
def test_the_seat_order_and_the_start_player_come_in_too(crew):
    scores = [
        {"playerRefId": 3, "score": "10", "winner": False, "seatOrder": 3, "startPlayer": False},
        {"playerRefId": 1, "score": "20", "winner": True, "seatOrder": 1, "startPlayer": False},
        {"playerRefId": 2, "score": "5", "winner": False, "seatOrder": 2, "startPlayer": True},
    ]
    (game,) = import_bgstats(
        crew=crew, data=bgstats_file({**play(), "playerScores": scores})
    ).stored
    seats = Seat.objects.filter(game=game).select_related("player").order_by("number")
    assert [seat.player.name for seat in seats] == ["Ann", "Ben", "Cat"]
    # Ben started, so Ann, at his right, dealt: exported again, Ben starts.
    assert Game.objects.get(pk=game.pk).first_dealer.name == "Ann"
    starts = [s["startPlayer"] for s in export_file(crew)["plays"][0]["playerScores"]]
    assert starts == [False, True, False]


@pytest.mark.django_db
def test_a_play_that_names_no_winner_is_won_by_the_best_score(crew):
    data = bgstats_file(play(3, (1, "40", False), (2, "25", False), (3, "25", False)))
    import_bgstats(crew=crew, data=data)
    assert results(crew) == [("lowest", {"Ann": 40, "Ben": 25, "Cat": 25}, ("Ben", "Cat"))]


@pytest.mark.django_db
def test_a_play_in_the_file_twice_is_stored_once(crew):
    twice = play()
    report = import_bgstats(crew=crew, data=bgstats_file(twice, dict(twice)))
    assert (len(report.stored), report.present) == (1, 1)


REFUSALS = [
    ({"plays": []}, "the file is not a BG Stats export"),
    ([1, 2], "the file is not a BG Stats export"),
    ({**bgstats_file(), "plays": {"a": 1}}, "the file is not a BG Stats export"),
    # The good play before it is not kept either.
    (bgstats_file(play(), play(1, (1, "500", True), (9, "1", False))), "Play 2 names the player 9"),
    (bgstats_file(play(1, (1, "five hundred", True), (2, "1", False))),
     "Play 1: Ann's score 'five hundred' is not a number."),
    (bgstats_file(play(1, (1, "12.5", True), (2, "1", False))), "'12.5' is not a whole number"),
    (bgstats_file(play(1, (1, "-5", True), (2, "1", False))), "'-5' must be from 0"),
    (bgstats_file(play(1, (1, True, True), (2, "1", False))), "True is not a number"),
    (bgstats_file(play(1, (1, "5", True)),), "an UNO game has 2 to 10 players"),
    (bgstats_file(play(uuid_="play-7")), "its uuid 'play-7' is not a BG Stats play id"),
    (bgstats_file(play(date="yesterday")), "its playDate 'yesterday' is not a date and time"),
    (bgstats_file(play(durationMin="long")), "durationMin 'long' must be a whole number"),
    (bgstats_file(play(), players=[{"id": 1, "name": "Ann"}, {"id": 2, "name": "ANN"}]),
     "Play 1: Player name 'ANN' is used twice"),
    (bgstats_file(play(), players=[{"id": 1, "name": "Ann"}, {"id": 2}]),
     "Play 1: the player 2 has no name"),
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("data, words", REFUSALS)
def test_a_file_it_cannot_read_is_refused_in_words_with_nothing_stored(crew, data, words):
    with pytest.raises(RuleError, match=re.escape(words)):
        import_bgstats(crew=crew, data=data)
    assert not Game.objects.exists() and not Player.objects.exists()


@pytest.mark.django_db
def test_the_command_refuses_in_one_line_and_leaves_no_crew_behind(tmp_path):
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(bgstats_file(play(1, (1, "x", True), (2, "1", False)))))
    with pytest.raises(CommandError, match=r"^Refused: Play 1: Ann's score 'x' is not a number\.$"):
        import_command(path, "Brand new")
    assert not Crew.objects.filter(name="Brand new").exists()
    path.write_text("{not json")
    with pytest.raises(CommandError, match="Refused: not valid JSON"):
        import_command(path, "Brand new")


# --- The import page --------------------------------------------------------------------------


def upload(client, data):
    content = json.dumps(data).encode()
    file = SimpleUploadedFile("BGStatsExport.json", content, content_type="application/json")
    return client.post(reverse("history:games_import"), {"file": file}, follow=True)


@pytest.mark.django_db
def test_the_import_page_takes_a_bg_stats_export(crew, member_client):
    page = member_client.get(reverse("history:games_import")).content.decode()
    assert "BGStatsExport.json" in page
    data = bgstats_file(play(), play(2), play(1, (2, "300", True), (3, "100", False)))
    text = upload(member_client, data).content.decode()
    assert "Imported 2 UNO plays from BG Stats. Skipped 1 play of another game: Catan." in text
    assert Game.objects.filter(crew=crew).count() == 2
    again = upload(member_client, data).content.decode()
    assert "Imported 0 UNO plays from BG Stats. 2 plays were already here: skipped." in again


@pytest.mark.django_db
def test_the_import_page_refuses_a_bad_bg_stats_file_in_words(crew, member_client):
    response = upload(member_client, bgstats_file(play(1, (1, "500", True), (7, "1", False))))
    assert response.status_code == 422
    text = response.content.decode()
    assert "Refused: Play 1 names the player 7, whom the file&#x27;s players do not list." in text
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_import_page_speaks_spanish(crew, member_client):
    member_client.cookies["django_language"] = "es"
    text = upload(member_client, bgstats_file(play(), play(2))).content.decode()
    assert "Se importó 1 partida de UNO de BG Stats." in text
    assert "Se omitió 1 partida de otro juego: Catan." in text
    bad = upload(member_client, bgstats_file(play(1, (1, "x", True), (2, "1", False))))
    assert "Rechazado: Partida 1: la puntuación de Ann" in bad.content.decode()


# --- A game recorded with its final totals -------------------------------------------------------


def imported_game(crew: Crew, capture, *scores, game=1) -> Game:
    with capture(execute=True):
        report = import_bgstats(crew=crew, data=bgstats_file(play(game, *scores)))
    (stored,) = report.stored
    return Game.objects.get(pk=stored.pk)


@pytest.mark.django_db
def test_a_recorded_game_counts_in_wins_ratings_nights_and_head_to_head(
    crew, member_client, django_capture_on_commit_callbacks
):
    game = imported_game(crew, django_capture_on_commit_callbacks)
    rows = {r.player.name: r for r in SeatResult.objects.filter(game=game).select_related("player")}
    assert (rows["Ann"].won, rows["Ann"].total, rows["Ann"].place) == (True, 500, 1)
    assert (rows["Ben"].won, rows["Ben"].total, rows["Ben"].place) == (False, 120, 2)
    # No round was played: the per-round figures leave it out.
    assert {(r.rounds_won, r.collected, r.best_round, r.held_hands) for r in rows.values()} == {
        (0, 0, None, 0)
    }
    assert Rating.objects.filter(game=game).count() == 2
    figures = {row["name"]: row for row in stats.player_stats(Game.objects.filter(crew=crew))}
    assert figures["Ann"]["games_won"] == 1 and figures["Ann"]["points_per_round_won"] is None
    night = member_client.get(reverse("nights:night_detail", args=[game.night_id]))
    assert night.status_code == 200 and "Ann" in night.content.decode()
    ann, ben = (Player.objects.get(name=name) for name in ("Ann", "Ben"))
    h2h = member_client.get(reverse("history:head_to_head"), {"a": ann.pk, "b": ben.pk})
    assert h2h.status_code == 200 and f"/games/{game.pk}/record/" in h2h.content.decode()


@pytest.mark.django_db
def test_its_record_page_says_it_came_from_bg_stats(
    crew, member_client, django_capture_on_commit_callbacks
):
    game = imported_game(crew, django_capture_on_commit_callbacks)
    page = record_of(member_client, game)
    assert "This game came from BG Stats: its final totals and winners, without its rounds." in page
    assert "Round by round" not in page and "Score progression" not in page
    assert "Rounds won" not in page and "target 500" not in page
    assert "won by Ann" in page
    sent = pushed(page)
    assert [(p["name"], p["score"], p["winner"]) for p in sent["players"]] == [
        ("Ann", 500, True),
        ("Ben", 120, False),
    ]
    assert sent["durationMin"] == 35
    table = member_client.get(reverse("games:game_detail", args=[game.pk]))
    assert table.status_code == 200


@pytest.mark.django_db
def test_its_record_page_speaks_spanish(crew, member_client, django_capture_on_commit_callbacks):
    game = imported_game(crew, django_capture_on_commit_callbacks)
    member_client.cookies["django_language"] = "es"
    page = record_of(member_client, game)
    assert "Esta partida viene de BG Stats" in page and "Enviar a BG Stats" in page
    assert "came from BG Stats" not in page


@pytest.mark.django_db
def test_it_takes_no_round(crew, django_capture_on_commit_callbacks):
    game = imported_game(crew, django_capture_on_commit_callbacks)
    with locked_game(crew=crew, game_id=game.pk) as locked, pytest.raises(RuleError) as refused:
        round_record(game=locked, winner="Ann", hands={"Ben": 5})
    assert "recorded with its final totals only" in str(refused.value)
    assert game.rounds.count() == 0


@pytest.mark.django_db
def test_our_own_format_carries_it_with_its_result(crew, django_capture_on_commit_callbacks):
    game = imported_game(crew, django_capture_on_commit_callbacks, (1, "40", True), (2, "40", True))
    data = export_game(Game.objects.with_rounds().get(pk=game.pk))
    assert data["source"] == "bgstats" and data["rounds"] == []
    assert data["result"] == {
        "totals": {"Ann": 40, "Ben": 40},
        "finished": True,
        "winners": ["Ann", "Ben"],
    }
    other = CrewFactory(name="Backup")
    copy = import_file(crew=other, data=data).games[0]
    assert export_game(Game.objects.with_rounds().get(pk=copy.pk)) == {
        **data,
        "id": str(copy.uid),
    }
    assert results(other) == results(crew)


@pytest.mark.django_db
def test_a_deleted_recorded_game_comes_back_with_its_totals(
    crew, django_capture_on_commit_callbacks
):
    game = imported_game(crew, django_capture_on_commit_callbacks)
    before = results(crew)
    with locked_game(crew=crew, game_id=game.pk) as locked:
        kept = game_delete(game=locked)
    back = game_restore(crew=crew, deleted=kept.pk)
    assert results(crew) == before and Game.objects.get(pk=back.pk).source == "bgstats"


@pytest.mark.django_db
def test_a_file_cannot_claim_a_source_we_do_not_know(crew):
    data = {"format": "scorekeeper-game/1", "players": ["Ann", "Ben"], "source": "elsewhere"}
    with pytest.raises(RuleError, match="'source' 'elsewhere' is not a place a game comes from"):
        import_file(crew=crew, data=data)


@pytest.mark.django_db
def test_a_roster_merge_moves_a_recorded_seat(crew, django_capture_on_commit_callbacks):
    from scorekeeper.roster.services import merge

    game = imported_game(crew, django_capture_on_commit_callbacks)
    cat = Player.objects.create(crew=crew, name="Cathy")
    merge(crew=crew, keep_id=cat.pk, gone_id=Player.objects.get(name="Ben").pk)
    seat = Seat.objects.get(game=game, player=cat)
    assert (seat.recorded_total, seat.recorded_won) == (120, False)
    assert results(crew) == [("standard", {"Ann": 500, "Cathy": 120}, ("Ann",))]


@pytest.mark.django_db
def test_a_member_of_another_crew_cannot_download_this_crews_export(crew, client):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    outsider = MembershipFactory(crew=CrewFactory(name="Elsewhere"), user=UserFactory()).user
    client.force_login(outsider)
    data = json.loads(client.get(reverse("gamefiles:bgstats_export")).content)
    assert data["plays"] == [] and data["locations"][0]["name"] == "Elsewhere"


@pytest.mark.django_db
def test_its_table_page_counts_nothing_to_go(
    crew, member_client, django_capture_on_commit_callbacks
):
    """A game recorded elsewhere has totals, not a target played to: no "380 to go"."""
    game = imported_game(crew, django_capture_on_commit_callbacks)
    page = member_client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Ben" in page and "120" in page
    assert "to go" not in page and "380" not in page
