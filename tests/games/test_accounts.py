import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorekeeper.crews.models import Crew, Invite, Membership
from scorekeeper.roster.models import Player
from tests.factories import MembershipFactory
from tests.words import shows_word

SIGNUP = {
    "username": "ann",
    "password1": "a-long-test-password",
    "password2": "a-long-test-password",
}


@pytest.mark.django_db
def test_a_fresh_install_offers_the_first_account_and_crew(client):
    text = client.get("/").content.decode()
    assert "Create the first account and crew" in text


@pytest.mark.django_db
def test_signup_creates_the_user_their_crew_and_their_player(client):
    response = client.post(reverse("accounts:signup"), {**SIGNUP, "crew_name": "Friday club"})
    assert response.status_code == 302
    user = get_user_model().objects.get(username="ann")
    crew = Crew.objects.get(name="Friday club")
    assert Membership.objects.filter(crew=crew, user=user).exists()
    assert Player.objects.get(crew=crew).user == user
    assert "Friday club" in client.get("/").content.decode()


@pytest.mark.django_db
def test_signup_refuses_a_taken_crew_name_and_saves_nothing(client):
    Crew.objects.create(name="Friday Club")
    response = client.post(reverse("accounts:signup"), {**SIGNUP, "crew_name": "friday club"})
    assert response.status_code == 422
    assert "already exists" in response.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_signup_refuses_mismatched_passwords(client):
    data = {**SIGNUP, "password2": "something-else-entirely", "crew_name": "X"}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 422
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_an_invite_link_lets_a_new_user_join_the_crew(client):
    owner = MembershipFactory(crew__name="Friday club")
    client.force_login(owner.user)
    response = client.post(reverse("accounts:invite_create"))
    invite = Invite.objects.get()
    assert response["Location"] == reverse("accounts:crew_detail_invite", args=[invite.token])
    page = client.get(response["Location"]).content.decode()
    assert f"/join/{invite.token}/" in page
    client.logout()
    join_page = client.get(reverse("accounts:join", args=[invite.token])).content.decode()
    assert "Join Friday club" in join_page
    client.post(
        reverse("accounts:signup") + f"?invite={invite.token}", {**SIGNUP, "invite": invite.token}
    )
    newcomer = get_user_model().objects.get(username="ann")
    assert Membership.objects.filter(crew=owner.crew, user=newcomer).exists()
    assert Crew.objects.count() == 1


@pytest.mark.django_db
def test_a_signed_in_user_joins_with_one_tap(client):
    invite = Invite.objects.create(crew=Crew.objects.create(name="Tuesday"))
    other = MembershipFactory()
    client.force_login(other.user)
    client.post(reverse("accounts:join", args=[invite.token]))
    assert Membership.objects.filter(crew=invite.crew, user=other.user).exists()
    assert client.session["crew_id"] == invite.crew_id


@pytest.mark.django_db
def test_an_unknown_invite_is_not_found(client):
    assert client.get(reverse("accounts:join", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_switching_to_a_crew_you_are_not_in_is_not_found(client):
    mine = MembershipFactory()
    theirs = Crew.objects.create(name="Theirs")
    client.force_login(mine.user)
    assert client.post(reverse("accounts:crew_switch", args=[theirs.pk])).status_code == 404
    second = Crew.objects.create(name="Second")
    Membership.objects.create(crew=second, user=mine.user)
    client.post(reverse("accounts:crew_switch", args=[second.pk]))
    assert client.session["crew_id"] == second.pk


@pytest.mark.django_db
def test_a_second_crew_can_be_started(client):
    mine = MembershipFactory()
    client.force_login(mine.user)
    client.post(reverse("accounts:crew_new"), {"name": "Cousins"})
    assert Membership.objects.filter(crew__name="Cousins", user=mine.user).exists()
    response = client.post(reverse("accounts:crew_new"), {"name": "cousins"})
    assert response.status_code == 422


@pytest.mark.django_db
def test_the_dashboard_lists_only_the_current_crews_games(client):
    from tests.factories import GameFactory

    mine = MembershipFactory()
    GameFactory(crew=mine.crew, players=["Ann", "Ben"])
    GameFactory(players=["Zed", "Yan"])
    client.force_login(mine.user)
    text = client.get("/").content.decode()
    assert "Ann, Ben" in text
    assert not shows_word(text, "Zed")  # a CSRF token may hold the letters


@pytest.mark.django_db
def test_log_out_from_the_crew_page(client):
    mine = MembershipFactory()
    client.force_login(mine.user)
    page = client.get(reverse("accounts:crew_detail")).content.decode()
    assert f'action="{reverse("accounts:logout")}"' in page
    client.post(reverse("accounts:logout"))
    assert client.get(reverse("accounts:crew_detail")).status_code == 302


@pytest.mark.django_db
def test_account_pages_run_a_fixed_number_of_queries(client, django_assert_num_queries):
    with django_assert_num_queries(1):  # is this the first user?
        client.get(reverse("accounts:signup"))
    with django_assert_num_queries(0):
        client.get(reverse("accounts:login"))
    mine = MembershipFactory()
    for number in range(5):
        Membership.objects.create(crew=Crew.objects.create(name=f"Other {number}"), user=mine.user)
    invite = Invite.objects.create(crew=mine.crew)
    client.force_login(mine.user)
    client.get("/")  # stores the current crew in the session
    with django_assert_num_queries(6):  # the open invite links too
        client.get(reverse("accounts:crew_detail"))
    with django_assert_num_queries(4):
        client.get(reverse("accounts:join", args=[invite.token]))


@pytest.mark.django_db
def test_a_member_who_joined_by_invite_today_is_on_the_new_game_roster(client):
    owner = MembershipFactory(crew__name="Friday club")
    invite = Invite.objects.create(crew=owner.crew)
    client.post(
        reverse("accounts:signup") + f"?invite={invite.token}", {**SIGNUP, "invite": invite.token}
    )
    newcomer = get_user_model().objects.get(username="ann")
    assert Player.objects.get(crew=owner.crew, user=newcomer).name == "ann"
    client.force_login(owner.user)
    assert 'value="add:ann"' in client.get(reverse("newgame:game_new")).content.decode()


@pytest.mark.django_db
def test_joining_with_one_tap_adds_a_player_or_claims_the_unclaimed_one_of_that_name(client):
    invite = Invite.objects.create(crew=Crew.objects.create(name="Tuesday"))
    unclaimed = Player.objects.create(crew=invite.crew, name="BOB")
    bob = MembershipFactory(user__username="bob").user
    client.force_login(bob)
    client.post(reverse("accounts:join", args=[invite.token]))
    client.post(reverse("accounts:join", args=[invite.token]))  # twice: still one player
    unclaimed.refresh_from_db()
    assert unclaimed.user == bob
    assert Player.objects.filter(crew=invite.crew).count() == 1
