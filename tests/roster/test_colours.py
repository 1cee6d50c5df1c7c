"""A player's colour: given when the player joins the crew (the least worn), changed on the
roster, and worn by their standing on the boards and their line in the game's chart."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.gamefiles.files import players_by_name
from scorekeeper.games.models import Game
from scorekeeper.roster.models import Colour, Player, RosterChange, next_colours
from tests.factories import CrewFactory, GameFactory, PlayerFactory, RoundFactory

pytestmark = pytest.mark.django_db


def test_a_crew_s_first_eight_players_wear_eight_colours_and_the_ninth_the_least_worn(crew):
    players = [Player.objects.create(crew=crew, name=f"P{n}") for n in range(9)]
    colours = [p.colour for p in players]
    assert sorted(colours[:8]) == sorted(Colour.values)
    assert colours[8] == colours[0]  # all worn once: the palette's first again


def test_a_retired_player_s_colour_is_free_again(crew):
    ann = Player.objects.create(crew=crew, name="Ann")
    Player.objects.filter(pk=ann.pk).update(retired_at=timezone.now())
    assert Player.objects.create(crew=crew, name="Ben").colour == ann.colour


def test_each_crew_has_its_own_palette():
    first, second = CrewFactory(), CrewFactory()
    assert Player.objects.create(crew=first, name="Ann").colour == Colour.BLUE
    assert Player.objects.create(crew=second, name="Ann").colour == Colour.BLUE
    assert Player.objects.create(crew=first, name="Ben").colour == Colour.RED


def test_a_colour_picked_is_kept(crew):
    assert Player.objects.create(crew=crew, name="Ann", colour=Colour.PINK).colour == Colour.PINK
    assert next_colours(crew.pk, 2) == [Colour.BLUE, Colour.RED]


def test_players_a_game_file_brings_wear_distinct_colours(crew):
    Player.objects.create(crew=crew, name="Ann", colour=Colour.BLUE)
    found = players_by_name(crew, ["ann", "Ben", "Cat"])
    assert found["ann"].colour == Colour.BLUE
    assert {found["Ben"].colour, found["Cat"].colour} == {Colour.RED, Colour.GREEN}
    assert Player.objects.get(crew=crew, name="Cat").colour == found["Cat"].colour


def post_colour(client, player, colour):
    return client.post(reverse("roster:player_colour", args=[player.pk]), {"colour": colour})


def test_a_new_colour_says_so_moves_the_games_on_and_shows_in_the_trail(
    member_client, crew, member
):
    game = GameFactory(crew=crew, players=["Ann", "Ben"])
    ann = Player.objects.get(crew=crew, name="Ann")
    version = Game.objects.get(pk=game.pk).version
    response = member_client.post(
        reverse("roster:player_colour", args=[ann.pk]), {"colour": Colour.TEAL}, follow=True
    )
    page = response.content.decode()
    assert "Ann now wears Teal." in page
    assert f"{member.username} gave Ann the colour Teal." in page
    ann.refresh_from_db()
    assert ann.colour == Colour.TEAL
    assert Game.objects.get(pk=game.pk).version == version + 1
    change = RosterChange.objects.get(kind=RosterChange.Kind.RECOLOURED)
    assert change.after == {"name": "Ann", "colour": Colour.TEAL}


def test_the_same_colour_again_changes_nothing(member_client, crew):
    ann = PlayerFactory(crew=crew, name="Ann")
    response = member_client.post(
        reverse("roster:player_colour", args=[ann.pk]), {"colour": ann.colour}, follow=True
    )
    assert "Ann keeps the same colour." in response.content.decode()
    assert not RosterChange.objects.exists()


@pytest.mark.parametrize("colour", ["", "8", "-1", "x", "٣", "1.0", "999999999999999999999"])
def test_a_colour_not_in_the_palette_is_refused_and_changes_nothing(member_client, crew, colour):
    ann = PlayerFactory(crew=crew, name="Ann")
    before = ann.colour
    response = post_colour(member_client, ann, colour)
    assert response.status_code == 422
    assert "Pick one of the colours shown." in response.content.decode()
    ann.refresh_from_db()
    assert ann.colour == before
    assert not RosterChange.objects.exists()


def test_another_crew_s_player_cannot_be_recoloured(member_client):
    other = PlayerFactory(crew=CrewFactory(), name="Zed")
    assert post_colour(member_client, other, Colour.RED).status_code == 404


def test_the_player_page_offers_the_palette_with_theirs_checked(member_client, crew):
    ann = PlayerFactory(crew=crew, name="Ann")
    page = member_client.get(reverse("roster:player_edit", args=[ann.pk])).content.decode()
    offered = re.findall(r'name="colour" value="(\d+)"( checked)?', page)
    assert [int(value) for value, _ in offered] == Colour.values
    assert [int(value) for value, checked in offered if checked] == [ann.colour]


def test_the_player_page_names_the_colours_in_spanish(member_client, crew):
    ann = PlayerFactory(crew=crew, name="Ann")
    page = member_client.get(
        reverse("roster:player_edit", args=[ann.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Turquesa" in page and "Guardar el color" in page and "Teal" not in page


def _standing_classes(page: str) -> dict[str, str]:
    return {
        name: classes
        for classes, name in re.findall(
            r'<li class="standing([^"]*)" data-standing="([^"]+)"', page
        )
    }


def test_the_scoreboard_and_the_live_board_wear_each_player_s_colour(member_client, client, crew):
    game = GameFactory(crew=crew, players=["Ann", "Ben"])
    Player.objects.filter(crew=crew, name="Ben").update(colour=Colour.PINK)
    colours = {p.name: p.colour for p in Player.objects.filter(crew=crew)}
    for page in (
        member_client.get(reverse("games:game_detail", args=[game.pk])).content.decode(),
        client.get(reverse("live:live_board", args=[game.share_token])).content.decode(),
    ):
        classes = _standing_classes(page)
        assert {name: f" series-{colours[name]}" in c for name, c in classes.items()} == {
            "Ann": True,
            "Ben": True,
        }


def test_the_game_chart_draws_each_line_in_its_player_s_colour(member_client, crew):
    game = GameFactory(crew=crew, players=["Ann", "Ben"])
    RoundFactory(game=game, winner="Ann", hands={"Ben": 10})
    Player.objects.filter(crew=crew, name="Ann").update(colour=Colour.SLATE)
    Player.objects.filter(crew=crew, name="Ben").update(colour=Colour.AMBER)
    page = member_client.get(reverse("history:game_record", args=[game.pk])).content.decode()
    lines = re.findall(r'<polyline class="line (series-\d)"', page)
    assert lines == [f"series-{Colour.SLATE}", f"series-{Colour.AMBER}"]


@pytest.mark.django_db(transaction=True)
def test_the_players_of_the_release_before_get_colours_in_the_order_they_joined():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("roster", "0002_player")]
    MigrationExecutor(connection).migrate(before)
    try:
        apps = MigrationExecutor(connection).loader.project_state(before).apps
        OldCrew, OldPlayer = apps.get_model("crews", "Crew"), apps.get_model("roster", "Player")
        crews = [OldCrew.objects.create(name=name) for name in ("One", "Two")]
        made = [
            OldPlayer.objects.create(crew=crews[n % 2 if n < 4 else 0], name=f"P{n}")
            for n in range(13)
        ]
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
        colours = dict(Player.objects.values_list("pk", "colour"))
        one = [colours[p.pk] for p in made if p.crew_id == crews[0].pk]
        two = [colours[p.pk] for p in made if p.crew_id == crews[1].pk]
        assert one == [n % 8 for n in range(len(one))] and len(one) == 11
        assert two == [0, 1]
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
