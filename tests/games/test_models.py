import pytest
from django.db import IntegrityError, transaction

from scorekeeper.domain import score_game
from scorekeeper.gamefiles.files import export_game, game_to_dict, import_game
from scorekeeper.games.models import Game, Hand, Round, Seat
from scorekeeper.roster.models import Player
from tests.factories import CrewFactory, GameFactory, PlayerFactory


@pytest.mark.django_db
def test_a_seat_number_is_unique_within_a_game():
    game = GameFactory(players=["Ann", "Ben"])
    other = PlayerFactory(crew=game.crew, name="Cat")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(crew=game.crew, game=game, player=other, number=0)


@pytest.mark.django_db
def test_a_player_sits_once_per_game():
    game = GameFactory(players=["Ann", "Ben"])
    ann = Player.objects.get(name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(crew=game.crew, game=game, player=ann, number=5)


@pytest.mark.django_db
def test_round_numbers_are_unique_within_a_game():
    game = GameFactory(players=["Ann", "Ben"])
    ann = Player.objects.get(name="Ann")
    Round.objects.create(crew=game.crew, game=game, number=1, winner=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(crew=game.crew, game=game, number=1, winner=ann)


@pytest.mark.django_db
def test_hand_points_cannot_be_negative():
    game = GameFactory(players=["Ann", "Ben"])
    ann, ben = Player.objects.get(name="Ann"), Player.objects.get(name="Ben")
    round_ = Round.objects.create(crew=game.crew, game=game, number=1, winner=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(crew=game.crew, round=round_, player=ben, points=-1)


@pytest.mark.django_db
def test_player_names_are_unique_in_a_crew_ignoring_case():
    crew = CrewFactory()
    PlayerFactory(crew=crew, name="Ann")
    PlayerFactory(name="ann")  # another crew may have its own Ann
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerFactory(crew=crew, name="ANN")


@pytest.mark.django_db
def test_the_target_must_be_positive():
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(target=0)


@pytest.mark.django_db
def test_the_edition_must_be_known_to_the_database():
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(edition="pokemon")


@pytest.mark.django_db
def test_the_stored_status_equals_the_cores_answer():
    crew = CrewFactory()
    data = {
        "format": "scorekeeper-game/1",
        "target": 60,
        "players": ["Ann", "Ben"],
        "rounds": [{"winner": "Ann", "hands": {"Ben": "W R+2"}}],
    }
    game = import_game(crew=crew, data=data)
    assert game.status == Game.Status.FINISHED
    assert score_game(game_to_dict(game))["result"]["finished"] is True
    assert game.finished_at is not None


@pytest.mark.django_db
def test_every_stored_row_belongs_to_the_games_crew():
    crew = CrewFactory()
    data = {
        "format": "scorekeeper-game/1",
        "players": ["Ann", "Ben"],
        "rounds": [{"winner": "Ann", "hands": {"Ben": "R1"}}],
    }
    game = import_game(crew=crew, data=data)
    assert {p.crew_id for p in Player.objects.all()} == {crew.pk}
    assert {s.crew_id for s in game.seats.all()} == {crew.pk}
    assert {r.crew_id for r in game.rounds.all()} == {crew.pk}
    assert {h.crew_id for h in Hand.objects.all()} == {crew.pk}
    assert game.night.crew_id == crew.pk


@pytest.mark.django_db
def test_export_reads_a_fixed_number_of_queries(django_assert_num_queries):
    crew = CrewFactory()
    rounds = [{"winner": "Ann", "hands": {"Ben": "R1"}} for _ in range(3)]
    many = [{"winner": "Ben", "hands": {"Ann": "G2"}} for _ in range(30)]
    base = {"format": "scorekeeper-game/1", "target": 1000, "players": ["Ann", "Ben"]}
    small = import_game(crew=crew, data={**base, "rounds": rounds})
    large = import_game(crew=crew, data={**base, "rounds": many})
    for game in (small, large):
        with django_assert_num_queries(8):
            export_game(Game.objects.filter(pk=game.pk).with_rounds().get())
