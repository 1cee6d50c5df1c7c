import pytest

from scorekeeper.domain import score_game
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.scoreboard import game_to_dict
from tests.factories import ChallengeFactory, GameFactory, play_round, round_form


def test_a_round_is_the_next_one_and_the_core_accepts_the_game(db):
    game = GameFactory(players=["Ann", "Ben", "Cat"], edition="classic")
    first = play_round(game, "Ann")
    second = play_round(game, "Ben", Ann="R7 W", Cat=3)
    assert (first.number, second.number) == (1, 2)
    assert game.rounds.get(number=1).winner.name == "Ann"
    points = {hand.player.name: hand.points for hand in Hand.objects.filter(round__number=2)}
    assert points == {"Ann": 57, "Cat": 3}
    scored = score_game(game_to_dict(Game.objects.with_rounds().get(pk=game.pk)))
    assert len(scored["rounds"]) == 2


def test_a_round_goes_through_the_table_s_write_and_can_finish_the_game(db):
    game = GameFactory(players=["Ann", "Ben"], target=100)
    play_round(game, "Ann", Ben=60)
    assert Game.objects.get(pk=game.pk).version == 1  # the board's version moved on
    saved = play_round(game, "Ann", Ben=60)
    assert saved.board.scored.winners == ("Ann",)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_the_round_form_names_hands_by_seat_and_refuses_a_name_not_seated():
    data = round_form("Ann", 2, version=3, Ben="*7 W", Cat=12)
    assert (data["winner"], data["number"], data["version"]) == ("Ann", 2, 3)
    assert (data["cards_1"], data["total_1"], data["cards_2"], data["total_2"]) == (
        "*7 W",
        "",
        "",
        "12",
    )
    assert "went_out_on" not in data
    with pytest.raises(ValueError, match="Bne"):
        round_form("Ann", Bne=3)


def test_the_game_fixture_is_the_crew_s_game_of_three_to_500(game, crew):
    seated = list(game.seats.order_by("number").values_list("player__name", flat=True))
    assert (game.crew, seated, game.edition, game.target) == (
        crew,
        ["Ann", "Ben", "Cat"],
        "classic",
        500,
    )
    assert not game.rounds.exists()


@pytest.mark.game(
    edition="kitty", target=200, players=["Ann", "Ben"], rounds=[("Ben", {"Ann": 150})]
)
def test_the_game_marker_shapes_the_game_and_plays_its_rounds(game):
    assert (game.edition, game.target, game.status) == ("kitty", 200, Game.Status.ACTIVE)
    assert list(game.rounds.values_list("winner__name", flat=True)) == ["Ben"]
    assert game.version == 1  # read after its rounds, as a page would


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
