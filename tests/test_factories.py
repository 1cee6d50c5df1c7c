from scorekeeper.domain import score_game
from scorekeeper.games.models import Hand
from scorekeeper.games.scoreboard import game_to_dict
from tests.factories import ChallengeFactory, GameFactory, RoundFactory


def test_a_round_is_the_next_one_and_the_core_accepts_the_game(db):
    game = GameFactory(players=["Ann", "Ben", "Cat"], edition="classic")
    first = RoundFactory(game=game)
    second = RoundFactory(game=game, winner="Ben", hands={"Ann": "R7 W", "Cat": 3})
    assert (first.number, second.number) == (1, 2)
    assert first.winner.name == "Ann"
    points = {hand.player.name: hand.points for hand in Hand.objects.filter(round=second)}
    assert points == {"Ann": 57, "Cat": 3}
    scored = score_game(game_to_dict(game))
    assert len(scored["rounds"]) == 2


def test_a_round_factory_makes_its_own_game(db):
    round_ = RoundFactory()
    assert round_.game.seats.count() == 3
    assert round_.number == 1


def test_a_challenge_is_judged_by_the_core(db):
    game = GameFactory(players=["Ann", "Ben", "Cat"])
    innocent = ChallengeFactory(game=game)
    guilty = ChallengeFactory(game=game, challenger="Ann", challenged="Cat", guilty=True)
    assert (innocent.challenger.name, innocent.challenged.name) == ("Ben", "Ann")
    assert innocent.drawer == innocent.challenger
    assert innocent.cards_drawn == 6
    assert guilty.drawer.name == "Cat"
    assert guilty.cards_drawn == 4
    assert game.challenges.count() == 2
