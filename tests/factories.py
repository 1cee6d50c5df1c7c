import datetime as dt

import factory
from django.contrib.auth import get_user_model

from scorekeeper.games.models import Crew, Game, GameNight, Membership, Player, Seat


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

    crew = factory.SubFactory(CrewFactory)
    # One night a day, going back from today: a crew has at most one night per date.
    date = factory.Sequence(lambda n: dt.date.today() - dt.timedelta(days=n))


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
