"""The inputs of the security review, one by one: a clear 4xx (or RuleError) and no change."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from scorekeeper.crews.models import Crew
from scorekeeper.domain import RuleError
from scorekeeper.domain.scoring import clean_name
from scorekeeper.gamefiles.files import MAX_FILE_BYTES, import_file, read_game_file
from scorekeeper.games.models import Game, Round
from scorekeeper.roster.models import Player
from tests.factories import GameFactory
from tests.games.test_commands import GAME


@pytest.mark.parametrize(
    ("raw", "clean"),
    [(" Ann ", "Ann"), ("Dee   Dee", "Dee Dee"), ("e\u0301", "é"), ("A\u200dB", "A\u200dB")],
)
def test_names_are_normalised_and_trimmed(raw, clean):
    assert clean_name(raw) == clean


@pytest.mark.parametrize(
    "raw", ["Ann\x00", "\x1b[31mAnn", "Ann\r\nBen", "\ufeffAnn", "\u202eAnn", "", "x" * 41, 7]
)
def test_names_refuse_control_characters_blanks_and_lengths(raw):
    with pytest.raises(RuleError):
        clean_name(raw)


@pytest.mark.parametrize("total", ["²", "⑦", "١٢", "1000000", str(2**31)])
def test_a_typed_total_takes_ascii_digits_within_the_column(member_client, total, game):
    data = {"winner": "Ann", "number": 1, "went_out_on": "other", "total_1": total, "total_2": "3"}
    response = member_client.post(f"/games/{game.pk}/rounds/", data)
    assert response.status_code == 422
    if len(total) <= 6:  # longer ones are refused by the field's length first
        assert "must be a whole number from 0 to 999,999" in response.content.decode()
    assert not Round.objects.exists()


def test_a_seat_name_cut_at_40_characters_never_ends_in_a_space(member_client, crew):
    long = "x" * 39 + " y"
    response = member_client.post(
        "/games/new/",
        {
            "seat": [long, "Ben"],
            "action": "start",
            "edition": "classic",
            "scoring": "standard",
            "target_choice": "500",
        },
    )
    assert response.status_code == 302
    assert Player.objects.filter(crew=crew, name="x" * 39).exists()
    game = Game.objects.get()
    data = {"winner": "Ben", "number": 1, "went_out_on": "other", "total_0": "5"}
    assert member_client.post(f"/games/{game.pk}/rounds/", data).status_code == 302
    assert member_client.get(f"/games/{game.pk}/record/").status_code == 200


@pytest.mark.parametrize("name", ["\u202eEvil", "Crew\x1b", "a\r\nb"])
def test_crew_and_night_names_refuse_control_characters(member_client, crew, name):
    response = member_client.post("/crews/new/", {"name": name})
    assert response.status_code == 422
    assert "control character" in response.content.decode()
    game = GameFactory(crew=crew)
    response = member_client.post(f"/nights/{game.night_id}/", {"name": name})
    assert response.status_code == 422
    assert Crew.objects.count() == 1


def with_(**changes):
    return {**json.loads(json.dumps(GAME)), **changes}


def challenge(**changes):
    item = {"challenger": "Ben", "challenged": "Ann", "drawer": "Ben", "colour": "red"}
    return [{**item, "guilty": False, "cards": 6, **changes}]


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (with_(started_at="0001-01-01T00:00:00+14:00"), "between the years 1 and 9999"),
        (with_(finished_at="9999-12-31T23:59:59-05:00"), "between the years 1 and 9999"),
        (with_(challenges=5), "'challenges' must be a list"),
        (with_(challenges=challenge(challenger={"a": 1})), "is not a player"),
        (with_(challenges=challenge(cards=True)), "'cards' 4 or 6"),
        (with_(challenges=challenge(hand="R7" * 300)), "at most 400"),
        (with_(players=["Ann\x00", "Ben", "Cat"]), "NUL"),
        (with_(players=["\u202eAnn", "Ben", "Cat"]), "control character"),
        (with_(house_rules={"agreed": {}, "note": "x" * 1_000_000}), "at most 500"),
        (with_(house_rules={"agreed": {}, "note": {"a": 1}}), "at most 500"),
        (with_(target=2**31), "from 1 to 1,000,000"),
        (with_(rounds=[{"winner": "Ann", "hands": {"Ben": 2**31, "Cat": 1}}]), "999,999"),
        (with_(first_dealer={"a": 1}), "first dealer"),
        (with_(night={"date": "2026-11-20", "name": "\x1b"}), "control character"),
        (with_(id=5), "not an id"),
        (with_(audit=[{"before": {"x": json.loads("[" * 30 + "]" * 30)}}]), "nests deeper"),
    ],
)
def test_the_reader_refuses_hostile_games_and_stores_nothing(crew, game, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        import_file(crew=crew, data=game)
    assert not Game.objects.exists() and not Player.objects.exists()


def test_json_nested_900_levels_is_refused_with_a_message(member_client):
    for text in ("[" * 900 + "]" * 900, '{"rounds": ' + "[" * 900 + "]" * 900 + "}"):
        upload = SimpleUploadedFile("deep.json", text.encode())
        response = member_client.post("/games/import/", {"file": upload})
        assert response.status_code == 422
        assert "Refused:" in response.content.decode()
    with pytest.raises(RuleError):
        import_file(crew=Crew.objects.get(), data=read_game_file("[" * 100_000 + "]" * 100_000))


def test_an_upload_over_the_limit_is_refused(member_client):
    upload = SimpleUploadedFile("big.json", b" " * (MAX_FILE_BYTES + 1))
    response = member_client.post("/games/import/", {"file": upload})
    assert response.status_code == 422
    assert "larger than 10 MB" in response.content.decode()


def test_a_game_already_present_is_recognised_and_skipped_on_the_page(member_client, game):
    exported = member_client.get(f"/games/{game.pk}/export/").content
    assert json.loads(exported)["id"] == str(game.uid)
    upload = SimpleUploadedFile("game.json", exported)
    response = member_client.post("/games/import/", {"file": upload}, follow=True)
    assert "Imported 0 games. 1 game was already here: skipped." in response.content.decode()
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_the_command_reads_the_all_file_and_skips_what_is_present(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    first = io.StringIO()
    call_command("import_game", str(path), stdout=first, stderr=io.StringIO())
    every = tmp_path / "all.json"
    out = io.StringIO()
    call_command("export_game", "--all", stdout=out)
    every.write_text(out.getvalue())
    stdout, stderr = io.StringIO(), io.StringIO()
    call_command("import_game", str(every), stdout=stdout, stderr=stderr)
    game_id = first.getvalue().strip()
    assert stdout.getvalue().strip() == f"{game_id} already present in Home crew: skipped"
    assert "1 game was already here: skipped." in stderr.getvalue()
    assert Game.objects.count() == 1
