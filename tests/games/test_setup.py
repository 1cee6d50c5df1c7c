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


# --- Each seat's colour, chosen at New game (issue 54) --------------------------------------


def _new_game(client, seats, colours, action="start", **extra):
    from django.urls import reverse

    data = {**SETUP, "target_choice": "500", "seat": seats, "seat_colour": colours}
    return client.post(reverse("newgame:game_new"), {**data, "action": action, **extra})


def _shown_colours(response) -> dict[str, str]:
    """Each seat row's name and the colour its select shows."""
    import re

    page = response.content.decode()
    rows = re.findall(
        r'name="seat" value="([^"]+)">.*?<select name="seat_colour"[^>]*>(.*?)</select>',
        page,
        re.S,
    )
    return {
        name: re.search(r'<option value="(\d)" selected>', options)[1] for name, options in rows
    }


def test_each_seat_shows_the_player_s_colour_and_a_new_name_one_the_table_does_not_wear(
    crew_client,
):
    import html

    from scorekeeper.roster.models import Colour

    client, crew = crew_client
    PlayerFactory(crew=crew, name="Ann", colour=Colour.RED)
    PlayerFactory(crew=crew, name="Ben", colour=Colour.RED)  # the crew wears red twice
    response = _new_game(client, ["Ann"], ["1"], action="add:Ben")
    assert response.status_code == 200
    shown = _shown_colours(response)
    # Ann keeps her red; Ben's red is taken at this table, so he is offered another.
    assert shown["Ann"] == str(Colour.RED) and shown["Ben"] != str(Colour.RED)
    assert 'aria-label="Ben\'s colour"' in html.unescape(response.content.decode())


def test_the_colours_chosen_at_new_game_are_kept_on_the_roster_with_their_trail(crew_client):
    from scorekeeper.roster.models import Colour, RosterChange

    client, crew = crew_client
    ann = PlayerFactory(crew=crew, name="Ann", colour=Colour.BLUE)
    response = _new_game(client, ["Ann", "Dee"], [str(Colour.TEAL), str(Colour.PINK)])
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.colour == Colour.TEAL
    assert Player.objects.get(crew=crew, name="Dee").colour == Colour.PINK
    change = RosterChange.objects.get(player=ann, kind=RosterChange.Kind.RECOLOURED)
    assert (change.before["colour"], change.after["colour"]) == (Colour.BLUE, Colour.TEAL)
    seated = Game.objects.get().seats.order_by("number")
    assert [s.player.colour_class for s in seated] == [
        f"series-{Colour.TEAL}",
        f"series-{Colour.PINK}",
    ]


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        (["2", "2"], "Ann and Dee both wear Green: pick another colour for one of them."),
        (["2", "9"], "Pick one of the colours shown for Dee."),
        (["2", "x"], "Pick one of the colours shown for Dee."),
    ],
)
def test_a_table_sharing_a_colour_or_a_colour_not_offered_is_refused_and_nothing_changes(
    crew_client, colours, message
):
    import html

    from scorekeeper.roster.models import Colour

    client, crew = crew_client
    ann = PlayerFactory(crew=crew, name="Ann", colour=Colour.BLUE)
    response = _new_game(client, ["Ann", "Dee"], colours)
    assert response.status_code == 422
    assert message in html.unescape(response.content.decode())
    ann.refresh_from_db()
    assert ann.colour == Colour.BLUE
    assert not Game.objects.exists() and not Player.objects.filter(name="Dee").exists()


def test_a_table_of_more_seats_than_colours_shares_some(crew):
    from scorekeeper.newgame.setup import colour_clash, table_colours

    seats = [f"P{n}" for n in range(10)]
    colours = table_colours(seats, {}, {})
    assert sorted(colours.values()) == [0, 0, 1, 1, 2, 3, 4, 5, 6, 7]  # all once, then again
    assert colour_clash(seats, colours) is None
    assert colour_clash(seats[:8], {**colours, "P1": colours["P0"]}) == ("P0", "P1", colours["P0"])
