import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game, Hand, Round
from scorekeeper.roster.models import Player

GAME = {
    "format": "scorekeeper-game/1",
    "edition": "cheese-touch",
    "scoring": "standard",
    "target": 100,
    "players": ["Ann", "Ben", "Cat"],
    "night": {"date": "2026-11-20", "name": "Friday"},
    "started_at": "2026-11-20T19:00:00+00:00",
    "finished_at": None,
    "first_dealer": "Cat",
    "house_rules": {"agreed": {"stack-draw": True}, "note": "no 7-0"},
    "rounds": [
        {"winner": "Ann", "hands": {"Ben": "R7 W", "Cat": 12}},
        {"winner": "Ben", "hands": {"Ann": ["x", "y+2"], "Cat": "*7 *7"}},
    ],
}


def run(*args, stdin: str | None = None) -> str:
    out = io.StringIO()
    if stdin is not None:
        import sys

        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            call_command(*args, stdout=out)
        finally:
            sys.stdin = old
    else:
        call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    return path


@pytest.mark.django_db
def test_import_stores_the_game_and_prints_its_id(game_file):
    output = run("import_game", str(game_file))
    game = Game.objects.get()
    assert output.strip().splitlines()[-1] == str(game.pk)
    assert [s.player.name for s in game.seats.all()] == ["Ann", "Ben", "Cat"]
    assert game.rounds.count() == 2
    assert Hand.objects.get(round__number=2, player__name="Ann").points == 70
    assert Hand.objects.get(round__number=2, player__name="Ann").cards == "X Y+2"
    assert Hand.objects.get(round__number=1, player__name="Cat").cards == ""
    assert game.crew.name == "Home crew"
    assert game.night.name == "Friday"
    assert game.first_dealer.name == "Cat"
    assert game.house_rules == {"stack-draw": True}


@pytest.mark.django_db
def test_import_reads_standard_input():
    output = run("import_game", "-", "--crew", "Tuesday club", stdin=json.dumps(GAME))
    game = Game.objects.get(pk=int(output.strip().splitlines()[-1]))
    assert game.crew.name == "Tuesday club"


@pytest.mark.django_db
def test_import_reuses_an_existing_crew_ignoring_case(game_file):
    crew = Crew.objects.create(name="Tuesday Club")
    run("import_game", str(game_file), "--crew", "tuesday club")
    assert Game.objects.get().crew == crew
    assert Crew.objects.count() == 1


@pytest.mark.django_db
def test_import_refuses_without_crew_when_there_are_several(game_file):
    Crew.objects.create(name="One")
    Crew.objects.create(name="Two")
    with pytest.raises(CommandError, match="--crew"):
        run("import_game", str(game_file))
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_export_import_export_is_lossless(game_file):
    game_id = run("import_game", str(game_file)).strip().splitlines()[-1]
    first = run("export_game", game_id)
    # Into a site without the game (as a restore would): the file's id is kept as well.
    Game.objects.filter(pk=game_id).delete()
    second_id = run("import_game", "-", "--crew", "Other", stdin=first).strip().splitlines()[-1]
    assert run("export_game", second_id) == first
    exported = json.loads(first)
    assert exported["result"]["totals"] == {"Ann": 69, "Ben": 84, "Cat": 0}
    assert exported["rounds"][1]["hands"]["Ann"] == "X Y+2"
    assert exported["night"] == {"date": "2026-11-20", "name": "Friday"}


@pytest.mark.django_db
def test_dry_run_prints_what_export_would_and_saves_nothing(game_file):
    dry = run("import_game", str(game_file), "--dry-run")
    assert Game.objects.count() == 0
    assert Player.objects.count() == 0
    assert Crew.objects.count() == 0
    game_id = run("import_game", str(game_file)).strip().splitlines()[-1]
    exported = json.loads(run("export_game", game_id))
    dry_game = json.loads(dry)
    # The file has no id, so each import gives the game a new one.
    assert dry_game.pop("id") != exported.pop("id")
    assert dry_game == exported


@pytest.mark.django_db
def test_export_all_prints_an_array_of_every_game(game_file):
    run("import_game", str(game_file))
    run("import_game", str(game_file), "--crew", "Other")
    exported = json.loads(run("export_game", "--all"))
    assert isinstance(exported, list)
    assert len(exported) == 2
    assert all(game["format"] == "scorekeeper-game/1" for game in exported)


@pytest.mark.django_db
def test_export_of_a_missing_game_is_refused():
    with pytest.raises(CommandError, match="No game with id 999"):
        run("export_game", "999")


TOO_MANY_WILDS = [{"winner": "Ann", "hands": {"Ben": "W W W", "Cat": "W W"}}]
REFUSALS = [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({**GAME, "format": "other/2"}), "other/2"),
    (json.dumps({k: v for k, v in GAME.items() if k != "format"}), "format"),
    (json.dumps({**GAME, "players": ["Ann"]}), "2 to 10 players"),
    (json.dumps({**GAME, "edition": "pokemon"}), "pokemon"),
    (json.dumps({**GAME, "target": -5}), "-5"),
    (
        json.dumps(
            {**GAME, "rounds": [{"winner": "Ann", "hands": {"Ben": "W W W", "Cat": "W W"}}]}
        ),
        "W",
    ),
    (json.dumps({**GAME, "first_dealer": "Zed"}), "Zed"),
    (json.dumps({**GAME, "house_rules": {"agreed": {"no-such-rule": True}}}), "no-such-rule"),
    (json.dumps({**GAME, "night": {"date": "yesterday"}}), "yesterday"),
    (json.dumps({**GAME, "night": {"date": "2026-02-30"}}), "2026-02-30"),
    (json.dumps({**GAME, "started_at": "2026-02-30T10:00:00"}), "2026-02-30"),
    (json.dumps({**GAME, "house_rules": {"agreed": "x"}}), "House rules"),
    (
        json.dumps(
            {
                **GAME,
                "challenges": [
                    {
                        "challenger": "Ann",
                        "challenged": "Ben",
                        "drawer": "Ben",
                        "colour": "purple",
                        "guilty": True,
                        "cards": 4,
                    }
                ],
            }
        ),
        "purple",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("text", "message"), REFUSALS)
def test_refused_files_save_nothing_and_say_why(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CommandError, match="Refused") as error:
        run("import_game", str(path))
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert Game.objects.count() == 0
    assert Round.objects.count() == 0
    assert Player.objects.count() == 0
    assert Crew.objects.count() == 0


@pytest.mark.django_db
def test_a_refusal_late_in_the_file_rolls_back_the_players_and_night(tmp_path):
    bad = {**GAME, "challenges": [{"challenger": "Ann", "challenged": "Zed"}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(CommandError, match="Zed"):
        run("import_game", str(path))
    assert Player.objects.count() == 0
    assert Game.objects.count() == 0


def test_the_command_line_prints_one_line_and_no_traceback(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "bad.json"
    path.write_text("{oops")
    result = subprocess.run(
        [sys.executable, "manage.py", "import_game", str(path)],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "SCOREKEEPER_DATA_DIR": str(tmp_path)},
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "not valid JSON" in result.stderr


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        run("import_game", str(tmp_path / "nope.json"))
