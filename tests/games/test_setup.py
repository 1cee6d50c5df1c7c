import pytest

from scorekeeper.domain import RuleError
from scorekeeper.games.models import Game, Player
from scorekeeper.games.setup import game_from_setup
from tests.factories import PlayerFactory

SETUP = {"edition": "classic", "scoring": "standard", "target": 500}


def test_it_seats_crew_players_by_name_and_makes_the_new_ones(crew):
    ann = PlayerFactory(crew=crew, name="Ann")
    game = game_from_setup(crew=crew, seats=["Dee", "ANN"], roster={"Ann": ann}, **SETUP)
    seated = [seat.player for seat in game.seats.all()]
    assert seated[1] == ann
    assert seated[0].name == "Dee" and seated[0].crew == crew


def test_a_refused_game_makes_no_player(crew):
    with pytest.raises(RuleError):
        game_from_setup(crew=crew, seats=["Dee", "Eve"], roster={}, **{**SETUP, "target": 0})
    assert not Player.objects.filter(crew=crew).exists()
    assert not Game.objects.exists()
