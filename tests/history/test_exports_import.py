import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game, Round
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player
from tests.factories import CrewFactory
from tests.games.test_commands import GAME, REFUSALS
from tests.history.conftest import make_game


def command_output(*args: str) -> str:
    out = io.StringIO()
    call_command("export_game", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_one_game_downloads_exactly_as_export_game_prints_it(crew, member_client):
    game = make_game(crew, [("Ann", {"Ben": "R7 W", "Cat": 12})], target=500)
    response = member_client.get(f"/games/{game.pk}/export/")
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}.json"'
    assert response.content.decode() == command_output(str(game.pk))


@pytest.mark.django_db
def test_all_games_download_holds_the_crews_games_only(crew, member_client):
    make_game(CrewFactory(name="Others"), [("Ann", {"Ben": 200})], players=["Ann", "Ben"])
    first = make_game(crew, [("Ann", {"Ben": 200})], players=["Ann", "Ben"])
    second = make_game(crew, [("Ben", {"Ann": 20})], players=["Ann", "Ben"], date="2026-11-21")
    response = member_client.get("/games/export/")
    games = json.loads(response.content)
    assert [g["night"]["date"] for g in games] == ["2026-11-20", "2026-11-21"]
    assert games == [json.loads(command_output(str(g.pk))) for g in (first, second)]
    assert "attachment" in response["Content-Disposition"]


@pytest.mark.django_db
def test_an_export_imports_back_into_the_same_games(crew, member_client):
    make_game(crew, [("Ann", {"Ben": "R7 W", "Cat": 12})], target=500, night_name="Friday")
    make_game(crew, [("Cat", {"Ann": 200, "Ben": 0})], date="2026-11-21", scoring="lowest")
    exported = member_client.get("/games/export/").content
    other = CrewFactory(name="Backup")
    from tests.factories import MembershipFactory, UserFactory

    user = UserFactory()
    MembershipFactory(crew=other, user=user)
    member_client.force_login(user)
    upload = SimpleUploadedFile("games.json", exported, content_type="application/json")
    response = member_client.post("/games/import/", {"file": upload})
    assert response.status_code == 302 and response["Location"] == "/nights/"
    assert Game.objects.filter(crew=other).count() == 2
    again = json.loads(member_client.get("/games/export/").content)
    # The first crew still holds the games' ids, so the copies get ids of their own.
    assert [{**game, "id": None} for game in again] == [
        {**game, "id": None} for game in json.loads(exported)
    ]


@pytest.mark.django_db
def test_a_single_game_file_imports_and_opens_its_record(crew, member_client):
    upload = SimpleUploadedFile("game.json", json.dumps(GAME).encode())
    response = member_client.post("/games/import/", {"file": upload})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/record/"
    assert game.crew == crew and game.rounds.count() == 2
    assert "Imported 1 game." in member_client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_the_import_page_opens(member_client):
    response = member_client.get("/games/import/")
    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("text", "message"), REFUSALS)
def test_refused_files_save_nothing_and_say_why_like_the_command(member_client, text, message):
    before = (Crew.objects.count(), Player.objects.count())
    upload = SimpleUploadedFile("bad.json", text.encode())
    response = member_client.post("/games/import/", {"file": upload})
    assert response.status_code == 422
    page = response.content.decode()
    assert "Refused" in page and message in page
    assert Game.objects.count() == 0 and Round.objects.count() == 0
    assert GameNight.objects.count() == 0
    assert (Crew.objects.count(), Player.objects.count()) == before


@pytest.mark.django_db
def test_one_refused_game_in_a_file_of_many_saves_none(member_client):
    bad = {**GAME, "players": ["Ann"]}
    upload = SimpleUploadedFile("games.json", json.dumps([GAME, GAME, bad]).encode())
    response = member_client.post("/games/import/", {"file": upload})
    assert response.status_code == 422
    assert "Refused: game 3 of 3: A game needs 2 to 10 players" in response.content.decode()
    assert Game.objects.count() == 0 and Player.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[]", "Refused: the file holds an empty list of games."),
        (b"\xff\xfe{", "bad.json is not UTF-8 text."),
        (b"", "The file is empty."),
        (b"[1]", "Refused: game 1 of 1: A game must be a JSON object."),
    ],
)
def test_other_refusals(member_client, content, message):
    upload = SimpleUploadedFile("bad.json", content)
    response = member_client.post("/games/import/", {"file": upload})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_no_file_is_a_clear_error(member_client):
    response = member_client.post("/games/import/", {})
    assert response.status_code == 422
    assert "Choose a game file to import." in response.content.decode()
