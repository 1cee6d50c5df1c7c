import pytest

from scorekeeper.domain import RuleError
from scorekeeper.games.models import Game
from scorekeeper.newgame.setup import game_from_setup
from scorekeeper.roster.models import Player
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


def test_a_member_without_a_player_is_on_the_roster_and_the_start_makes_theirs(crew_client):
    """Members who joined by invite before joining made them a player had none: the new-game
    roster offers them by user name, and starting the game gives them their own player."""
    from django.urls import reverse

    from tests.factories import MembershipFactory

    client, crew = crew_client
    PlayerFactory(crew=crew, name="Ann")
    newcomer = MembershipFactory(crew=crew, user__username="zoe").user
    assert not Player.objects.filter(user=newcomer).exists()
    page = client.get(reverse("newgame:game_new")).content.decode()
    assert 'value="add:Ann"' in page and 'value="add:zoe"' in page
    data = {**SETUP, "target_choice": "500", "seat": ["Ann"], "action": "add:zoe"}
    seated = client.post(reverse("newgame:game_new"), data).content.decode()
    assert 'name="seat" value="zoe"' in seated
    client.post(reverse("newgame:game_new"), {**data, "seat": ["Ann", "zoe"], "action": "start"})
    game = Game.objects.get()
    zoe = game.seats.get(number=1).player
    assert (zoe.name, zoe.user, zoe.crew) == ("zoe", newcomer, crew)
    # Now a player of the crew, offered once.
    page = client.get(reverse("newgame:game_new")).content.decode()
    assert page.count('value="add:zoe"') == 1


def test_a_member_is_not_offered_twice_next_to_a_player_of_that_name(crew_client):
    from django.urls import reverse

    from tests.factories import MembershipFactory

    client, crew = crew_client
    PlayerFactory(crew=crew, name="Zoe")
    MembershipFactory(crew=crew, user__username="zoe")
    page = client.get(reverse("newgame:game_new")).content.decode()
    assert page.count('value="add:Zoe"') == 1 and 'value="add:zoe"' not in page
