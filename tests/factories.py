import datetime as dt
from collections.abc import Mapping

import factory
from django.contrib.auth import get_user_model

from scorekeeper.crews.models import Crew, Membership
from scorekeeper.domain import score_game
from scorekeeper.domain.challenge import judge_by_answer
from scorekeeper.games.entries import named_entry
from scorekeeper.games.models import Challenge, Game, Round, Seat
from scorekeeper.games.services import Saved, locked_game, round_record, store_round
from scorekeeper.nights.models import GameNight
from scorekeeper.referee.services import challenge_record
from scorekeeper.roster.models import Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("a-long-test-password")


class CrewFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Crew

    name = factory.Sequence(lambda n: f"Crew {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    crew = factory.SubFactory(CrewFactory)
    user = factory.SubFactory(UserFactory)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    crew = factory.SubFactory(CrewFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class GameNightFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = GameNight
        # A night the crew already has that date (one stored by a test's own helper, say) is
        # that night, not a second one the database refuses: which dates the sequence below has
        # reached depends on the tests run before.
        django_get_or_create = ("crew", "date", "session")

    crew = factory.SubFactory(CrewFactory)
    # One night a day, going back from today: a crew has at most one night per date.
    date = factory.Sequence(lambda n: dt.date.today() - dt.timedelta(days=n))
    session = 1


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game
        skip_postgeneration_save = True

    crew = factory.SubFactory(CrewFactory)
    night = factory.SubFactory(GameNightFactory, crew=factory.SelfAttribute("..crew"))

    @factory.post_generation
    def players(self, create, names, **kwargs):
        """GameFactory(players=["Ann", "Ben"]) seats these players in this order."""
        for number, name in enumerate(names or ["Ann", "Ben", "Cat"]):
            player, _ = Player.objects.get_or_create(crew=self.crew, name=name)
            Seat.objects.create(crew=self.crew, game=self, player=player, number=number)


def _seated(game: Game) -> dict[str, Player]:
    """The game's players by name, in seat order."""
    seats = game.seats.select_related("player").order_by("number")
    return {seat.player.name: seat.player for seat in seats}


def _player(seated: Mapping[str, Player], who: str | Player) -> Player:
    return who if isinstance(who, Player) else seated[who]


def play_round(
    game: Game,
    winner: str,
    *,
    number: int | None = None,
    by=None,
    went_out_on: str = "",
    side: int | None = None,
    request_key: str | None = None,
    **hands: str | int,
) -> Saved:
    """Save the next round of ``game`` the way the table does: under the game's row lock,
    through ``services.round_record`` (checked and scored by the core, the game's version and
    status moved on, the trail written).

    ``play_round(game, "Ann", Ben="R7 W", Cat=12)``: each other player's hand as cards or a
    typed total; with no hands, every other seat holds 10. A player whose name is no Python
    name is passed as ``**{"Ann Lee": 5}``. ``number`` is the round the phone meant to save
    (None: the next one). Returns the service's ``Saved`` (the board after the round).
    """
    if not hands:
        hands = {name: 10 for name in _seated(game) if name != winner}
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        return round_record(
            game=locked,
            winner=winner,
            hands=hands,
            number=number,
            by=by,
            went_out_on=went_out_on,
            side=side,
            request_key=request_key,
        )


SEATED = ("Ann", "Ben", "Cat")


def round_form(
    winner: str,
    number: int | str = 1,
    *,
    seats: tuple[str, ...] | list[str] = SEATED,
    request_key: str = "",
    version: int | str = "",
    went_out_on: str | None = None,
    **hands: str | int,
) -> dict[str, str | int]:
    """The POST data of the round form (a new round, or an edit when ``version`` is given).

    ``seats`` are the game's players in seat order (the form names hands by seat index); each
    hand is cards (``Ben="*7 W"``) or a typed total (``Cat=12``), a seat not named is left
    empty (a name not seated is refused). ``went_out_on`` is sent only when given (the page
    sends its default, "other").
    """
    data: dict[str, str | int] = {
        "winner": winner,
        "number": number,
        "request_key": request_key,
        "version": version,
    }
    unseated = set(hands) - set(seats)
    if unseated:
        # A misspelt name would leave its seat empty and the test would post another round.
        raise ValueError(f"{sorted(unseated)} not among the seats {list(seats)}")
    if went_out_on is not None:
        data["went_out_on"] = went_out_on
    for index, name in enumerate(seats):
        hand = hands.get(name)
        data[f"cards_{index}"] = hand if isinstance(hand, str) else ""
        data[f"total_{index}"] = str(hand) if isinstance(hand, int) else ""
    return data


class RoundFactory(factory.Factory):
    """For bench/ only (it builds hundreds of rounds fast): a test saves a round with
    ``play_round``, the table's whole write. This stores the next round of a seated game,
    checked by the core against that round alone, straight through ``store_round``.

    ``RoundFactory(game=game)`` makes the first seat win and every other seat hold 10 points;
    ``RoundFactory(game=game, winner="Ben", hands={"Ann": "R7 W", "Cat": 12})`` says who held
    what (cards or a typed total). The game's status is not recomputed: use the services for
    a round that must finish a game.
    """

    class Meta:
        model = Round

    game = factory.SubFactory(GameFactory)
    winner = None
    hands = None
    request_key = None

    @classmethod
    def _create(
        cls,
        model_class: type[Round],
        *,
        game: Game,
        winner: str | None,
        hands: Mapping[str, str | int] | None,
        request_key: str | None,
    ) -> Round:
        players = _seated(game)
        winner = winner or next(iter(players))
        if hands is None:
            hands = {name: 10 for name in players if name != winner}
        scored = score_game(
            {
                "edition": game.edition,
                "scoring": game.scoring,
                "target": game.target,
                "players": list(players),
                "rounds": [{"winner": winner, "hands": dict(hands)}],
            }
        )
        number = game.rounds.count() + 1
        return store_round(game, number, players, winner, scored["rounds"][0]["hands"], request_key)


class ChallengeFactory(factory.Factory):
    """A Wild Draw Four challenge logged on a game, judged by the core from the table's answer.

    By default the second seat challenges the first, who did not hold the colour in play
    (not guilty: the challenger draws). Players are given by name or as ``Player`` rows.
    """

    class Meta:
        model = Challenge

    game = factory.SubFactory(GameFactory)
    challenger = None
    challenged = None
    colour = "R"
    guilty = False

    @classmethod
    def _create(
        cls,
        model_class: type[Challenge],
        *,
        game: Game,
        challenger: str | Player | None,
        challenged: str | Player | None,
        colour: str,
        guilty: bool,
    ) -> Challenge:
        seated = _seated(game)
        names = list(seated)
        return challenge_record(
            game=game,
            challenger=_player(seated, challenger or names[1]),
            challenged=_player(seated, challenged or names[0]),
            colour=colour,
            hand="",
            verdict=judge_by_answer(colour, guilty, game.edition),
        )


def entry_of(round_) -> dict:
    """A stored round's entry read by name (it stores player ids): what a test compares."""
    names = dict(
        Seat.objects.filter(game_id=round_.game_id).values_list("player_id", "player__name")
    )
    return named_entry(round_.entry, names)
