"""A game file sent twice is stored once, into its own crew or another one (issue 53, item 1):
the copy another crew imports keeps the file's id as its ``origin`` and is recognised by it."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from scorekeeper.crews.models import Crew
from scorekeeper.gamefiles.files import import_file
from scorekeeper.gamefiles.trash import game_delete, game_restore
from scorekeeper.games.models import Game
from scorekeeper.games.services import locked_game
from scorekeeper.history.models import Rating, SeatResult
from tests.factories import CrewFactory, MembershipFactory, UserFactory
from tests.games.test_commands import GAME
from tests.history.test_ratings import from_scratch, stored
from tests.threads import at_once, failures

# Ann goes out with 110 in the other hands: the game is finished and rated.
FINISHED = {**GAME, "rounds": [{"winner": "Ann", "hands": {"Ben": 60, "Cat": 50}}]}


def member_of(crew: Crew) -> Client:
    client = Client()
    client.force_login(MembershipFactory(crew=crew, user=UserFactory()).user)
    return client


def send(client: Client, content: bytes):
    upload = SimpleUploadedFile("game.json", content, content_type="application/json")
    return client.post("/games/import/", {"file": upload}, follow=True)


def exported_from(crew: Crew) -> bytes:
    """The crew's game's file, downloaded from its record as a member would."""
    game = Game.objects.get(crew=crew)
    return member_of(crew).get(f"/games/{game.pk}/export/").content


@pytest.mark.django_db
def test_a_file_imported_twice_into_another_crew_is_stored_and_rated_once(
    crew, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_file(crew=crew, data=FINISHED)
    content = exported_from(crew)
    other = CrewFactory(name="Other crew")
    client = member_of(other)
    with django_capture_on_commit_callbacks(execute=True):
        first = send(client, content).content.decode()
    assert "Imported 1 game." in first
    copy = Game.objects.get(crew=other)
    # An id of its own (the first crew still holds the file's), the file's kept as its origin.
    assert copy.uid != Game.objects.get(crew=crew).uid
    assert str(copy.origin) == json.loads(content)["id"]
    ratings = stored(other)
    with django_capture_on_commit_callbacks(execute=True):
        again = send(client, content).content.decode()
    assert "Imported 0 games. 1 game was already here: skipped." in again
    assert list(Game.objects.filter(crew=other)) == [copy]
    assert stored(other) == ratings == from_scratch(other)
    assert Rating.objects.filter(crew=other).count() == 3
    assert SeatResult.objects.filter(crew=other).count() == 3


@pytest.mark.django_db
def test_the_copys_own_file_and_the_original_file_are_both_recognised(crew):
    import_file(crew=crew, data=FINISHED)
    original = exported_from(crew)
    other = CrewFactory(name="Other crew")
    client = member_of(other)
    send(client, original)
    copied = exported_from(other)  # the copy's file carries the copy's own id
    assert "1 game was already here: skipped." in send(client, copied).content.decode()
    assert "1 game was already here: skipped." in send(client, original).content.decode()
    own = send(member_of(crew), original).content.decode()
    assert "1 game was already here: skipped." in own
    assert Game.objects.filter(crew=other).count() == Game.objects.filter(crew=crew).count() == 1


@pytest.mark.django_db
def test_the_command_imports_a_file_into_another_crew_once(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(FINISHED))
    call_command("import_game", str(path), "--crew", "One", stdout=io.StringIO())
    exported = io.StringIO()
    call_command("export_game", str(Game.objects.get().pk), stdout=exported)
    path.write_text(exported.getvalue())
    out, err = io.StringIO(), io.StringIO()
    call_command("import_game", str(path), "--crew", "Two", stdout=out, stderr=err)
    assert err.getvalue().strip() == "Imported 1 game."
    out, err = io.StringIO(), io.StringIO()
    call_command("import_game", str(path), "--crew", "Two", stdout=out, stderr=err)
    copy = Game.objects.get(crew__name="Two")
    assert out.getvalue().strip() == f"{copy.pk} already present in Two: skipped"
    assert err.getvalue().strip() == "Imported 0 games. 1 game was already here: skipped."


@pytest.mark.django_db
def test_a_deleted_copy_put_back_still_knows_its_file(crew):
    import_file(crew=crew, data=FINISHED)
    original = exported_from(crew)
    other = CrewFactory(name="Other crew")
    client = member_of(other)
    send(client, original)
    copy = Game.objects.get(crew=other)
    with locked_game(crew=other, game_id=copy.pk) as game:
        kept = game_delete(game=game)
    back = game_restore(crew=other, deleted=kept.pk)
    assert Game.objects.get(pk=back.pk).origin == copy.origin
    assert "1 game was already here: skipped." in send(client, original).content.decode()
    assert Game.objects.filter(crew=other).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_file_sent_at_once_from_several_phones_is_stored_once(crew):
    import_file(crew=crew, data=FINISHED)
    content = exported_from(crew)
    other = CrewFactory(name="Other crew")
    phones = [member_of(other) for _ in range(4)]
    results = at_once(lambda index: send(phones[index], content), len(phones))
    assert not failures(results), failures(results)
    assert [response.status_code for response in results] == [200] * 4
    pages = [response.content.decode() for response in results]
    assert sum("Imported 1 game." in page for page in pages) == 1
    assert sum("1 game was already here: skipped." in page for page in pages) == 3
    assert Game.objects.filter(crew=other).count() == 1
    assert stored(other) == from_scratch(other) and Rating.objects.filter(crew=other).count() == 3
