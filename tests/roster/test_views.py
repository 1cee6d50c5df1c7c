"""The roster pages: what a member sees and what each form answers, in English and Spanish."""

import pytest
from django.urls import reverse

from scorekeeper.roster.models import Player, RosterChange
from tests.factories import CrewFactory, GameFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def post(client, name, player, data, **headers):
    return client.post(reverse(f"roster:{name}", args=[player.pk]), data, follow=True, **headers)


def test_the_roster_lists_players_with_games_and_links_from_players_and_crew(member_client, crew):
    GameFactory(crew=crew, players=["Ann", "Ben"])
    GameFactory(crew=crew, players=["Ann", "Cat"])
    page = member_client.get(reverse("roster:roster")).content.decode()
    assert "Ann</a>" in page and "2 games" in page and "1 game" in page
    assert (
        reverse("roster:roster")
        in member_client.get(reverse("history:player_list")).content.decode()
    )
    assert (
        reverse("roster:roster")
        in member_client.get(reverse("accounts:crew_detail")).content.decode()
    )


def test_a_rename_says_what_changed_and_shows_in_the_trail(member_client, crew, member):
    ben = PlayerFactory(crew=crew, name="Bne")
    response = post(member_client, "player_rename", ben, {"name": "Ben"})
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("roster:roster")
    assert "Bne is now Ben." in page
    assert f"{member.username} renamed Bne to Ben." in page


def test_a_refused_rename_answers_422_with_the_reason_and_keeps_the_typed_name(member_client, crew):
    PlayerFactory(crew=crew, name="Ann")
    ben = PlayerFactory(crew=crew, name="Ben")
    response = post(member_client, "player_rename", ben, {"name": "ann"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "Ann is already a player of this crew" in page and 'value="ann"' in page
    assert Player.objects.get(pk=ben.pk).name == "Ben"


def test_merge_retire_and_link_from_the_player_page(member_client, crew, member):
    GameFactory(crew=crew, players=["Ann", "Bne"])
    bne, ann = Player.objects.get(name="Bne"), Player.objects.get(name="Ann")
    ben = PlayerFactory(crew=crew, name="Ben")
    assert (
        "Bne was merged into Ben."
        in post(member_client, "player_merge", bne, {"into": ben.pk}).content.decode()
    )
    assert not Player.objects.filter(pk=bne.pk).exists()
    page = post(member_client, "player_retire", ann, {}).content.decode()
    assert "Ann is retired" in page and "Retired" in page
    assert (
        "Ann is back on the roster."
        in post(member_client, "player_return", ann, {}).content.decode()
    )
    page = post(member_client, "player_link", ben, {"member": member.pk}).content.decode()
    assert f"Ben is linked to {member.username}." in page
    assert list(RosterChange.objects.values_list("kind", flat=True)) == [
        "linked",
        "returned",
        "retired",
        "merged",
    ]


def test_another_crews_player_is_a_404_everywhere(member_client, crew):
    stranger = PlayerFactory(crew=CrewFactory(), name="Zed")
    mine = PlayerFactory(crew=crew, name="Ann")
    assert member_client.get(reverse("roster:player_edit", args=[stranger.pk])).status_code == 404
    for name in ("player_rename", "player_retire", "player_return", "player_link"):
        assert post(member_client, name, stranger, {"name": "X"}).status_code == 404
    # Merging into a player of another crew: 404, nothing changed.
    assert post(member_client, "player_merge", mine, {"into": stranger.pk}).status_code == 404
    assert Player.objects.filter(pk__in=[mine.pk, stranger.pk]).count() == 2


@pytest.mark.parametrize(
    ("view", "data", "words"),
    [
        ("player_merge", {"into": ""}, "Pick the player to merge into."),
        ("player_merge", {"into": "x"}, "Pick the player to merge into."),
        ("player_merge", {"into": "SELF"}, "Pick two different players to merge."),
        ("player_link", {"member": "x"}, "Pick a member of the crew, or nobody."),
        ("player_link", {"member": "OTHER"}, "That person is not a member of this crew."),
        ("player_rename", {"name": "a\u0007b"}, "control character (U+0007)"),
        ("player_rename", {"name": "x" * 200}, "40 characters"),
    ],
)
def test_bad_input_gets_a_specific_message_and_changes_nothing(
    member_client, crew, view, data, words
):
    ann = PlayerFactory(crew=crew, name="Ann")
    other = MembershipFactory().user
    data = {
        k: (ann.pk if v == "SELF" else other.pk if v == "OTHER" else v) for k, v in data.items()
    }
    response = post(member_client, view, ann, data)
    assert response.status_code == 422
    assert words in response.content.decode()
    assert Player.objects.filter(pk=ann.pk, name="Ann", user=None, retired_at=None).exists()
    assert not RosterChange.objects.exists()


def test_a_retired_player_is_not_offered_at_a_new_game_until_typed_again(member_client, crew):
    ann = PlayerFactory(crew=crew, name="Ann")
    PlayerFactory(crew=crew, name="Ben")
    post(member_client, "player_retire", ann, {})
    page = member_client.get(reverse("newgame:game_new")).content.decode()
    assert 'value="add:Ben"' in page and 'value="add:Ann"' not in page
    data = {
        "seat": ["Ann", "Ben"],
        "action": "start",
        "edition": "classic",
        "scoring": "standard",
        "target": "500",
        "target_choice": "500",
    }
    response = member_client.post(reverse("newgame:game_new"), data)
    assert response.status_code == 302
    assert Player.objects.get(pk=ann.pk).retired_at is None


def test_the_roster_speaks_spanish(member_client, crew):
    ben = PlayerFactory(crew=crew, name="Bne")
    PlayerFactory(crew=crew, name="Ann")
    es = {"HTTP_ACCEPT_LANGUAGE": "es"}
    page = member_client.get(reverse("roster:player_edit", args=[ben.pk]), **es).content.decode()
    assert "Cambiar el nombre" in page and "Fusionar" in page and "Retirar a Bne" in page
    page = post(member_client, "player_rename", ben, {"name": "Ben"}, **es).content.decode()
    assert "Bne ahora es Ben." in page and "cambió el nombre de Bne a Ben" in page


def test_the_roster_page_reads_in_a_fixed_number_of_queries(
    member_client, crew, django_assert_max_num_queries
):
    for index in range(3):
        GameFactory(crew=crew, players=[f"A{index}", f"B{index}", "Cat"])
    with django_assert_max_num_queries(12) as few:
        member_client.get(reverse("roster:roster"))
    for index in range(3, 12):
        GameFactory(crew=crew, players=[f"A{index}", f"B{index}", "Cat"])
    with django_assert_max_num_queries(len(few.captured_queries)):
        member_client.get(reverse("roster:roster"))


def test_a_member_linked_on_the_roster_finds_their_own_statistics(member_client, crew, member):
    ben = PlayerFactory(crew=crew, name="Ben")
    page = member_client.get(reverse("history:player_list")).content.decode()
    assert "My statistics" not in page
    post(member_client, "player_link", ben, {"member": member.pk})
    page = member_client.get(reverse("history:player_list")).content.decode()
    assert f'href="{reverse("history:player_detail", args=[ben.pk])}">My statistics (Ben)' in page
