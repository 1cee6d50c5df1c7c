"""An invite link lets INVITE_USES people join, a crew has at most INVITES_OPEN open links, and the
invite page says both (issue 53, item 19: invites were reusable and uncapped)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.crews.models import Invite, InviteUse, Membership
from tests.factories import CrewFactory, MembershipFactory, UserFactory
from tests.threads import at_once, failures

PASSWORD = "a-long-test-password"


def make_invite(crew, member) -> Invite:
    return Invite.objects.create(
        crew=crew, created_by=member, expires_at=timezone.now() + timedelta(days=7)
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_an_invite_lets_its_number_of_people_join_then_says_it_is_used_up(crew, member, settings):
    settings.INVITE_USES = 2
    invite = make_invite(crew, member)
    url = reverse("accounts:join", args=[invite.token])
    for _ in range(2):
        assert signed_in(UserFactory()).post(url).status_code == 302
    late = UserFactory()
    refused = signed_in(late).post(url)
    assert refused.status_code == 410
    assert "This invite link has let 2 people join, the most it can." in refused.content.decode()
    assert not Membership.objects.filter(crew=crew, user=late).exists()
    assert InviteUse.objects.filter(invite=invite).count() == 2
    assert signed_in(late).get(url).status_code == 410


@pytest.mark.django_db
def test_a_member_opening_the_link_again_uses_no_place(crew, member, settings):
    settings.INVITE_USES = 1
    invite = make_invite(crew, member)
    url = reverse("accounts:join", args=[invite.token])
    friend = signed_in(UserFactory())
    assert friend.post(url).status_code == 302
    assert friend.post(url).status_code == 410  # the link is used up, by this friend
    assert InviteUse.objects.filter(invite=invite).count() == 1
    other_crew_member = MembershipFactory(crew=CrewFactory(name="Elsewhere")).user
    assert signed_in(other_crew_member).post(url).status_code == 410


@pytest.mark.django_db
def test_a_used_up_invite_creates_no_account_at_sign_up(client, crew, member, settings):
    settings.INVITE_USES = 1
    invite = make_invite(crew, member)
    assert signed_in(UserFactory()).post(reverse("accounts:join", args=[invite.token]))
    data = {"username": "late", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("accounts:signup"), {**data, "invite": invite.token})
    assert response.status_code == 410
    assert not get_user_model().objects.filter(username="late").exists()


@pytest.mark.django_db
def test_sign_up_by_an_invite_counts_a_use(client, crew, member):
    invite = make_invite(crew, member)
    data = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("accounts:signup"), {**data, "invite": invite.token})
    assert response.status_code == 302
    assert InviteUse.objects.get(invite=invite).user.username == "newcomer"


@pytest.mark.django_db
def test_a_crew_has_at_most_its_number_of_open_links(member_client, crew, member, settings):
    settings.INVITES_OPEN = 2
    for _ in range(2):
        assert member_client.post(reverse("accounts:invite_create")).status_code == 302
    refused = member_client.post(reverse("accounts:invite_create"))
    assert refused.status_code == 409
    assert (
        "Your crew already has 2 open invite links, the most it can have: revoke one to make "
        "another."
    ) in refused.content.decode()
    assert Invite.objects.filter(crew=crew).count() == 2
    # A revoked, an expired or a used-up link is not open: room for another.
    first = Invite.objects.filter(crew=crew).first()
    member_client.post(reverse("accounts:invite_revoke", args=[first.token]))
    assert member_client.post(reverse("accounts:invite_create")).status_code == 302


@pytest.mark.django_db
def test_the_invite_page_states_the_limits(member_client, crew, settings):
    settings.INVITE_USES, settings.INVITES_OPEN = 10, 5
    page = member_client.post(reverse("accounts:invite_create"), follow=True).content.decode()
    invite = Invite.objects.get(crew=crew)
    expires = f"{invite.expires_at.day} {invite.expires_at:%b %Y}"
    assert f"It lets up to 10 people join, until {expires}." in page
    assert "A crew can have up to 5 open links at a time." in page
    assert "0 of 10 joined" in page
    member_client.cookies["django_language"] = "es"
    spanish = member_client.get(reverse("accounts:crew_detail_invite", args=[invite.token]))
    text = spanish.content.decode()
    assert "Con él pueden unirse 10 personas como máximo" in text
    assert "Un grupo puede tener hasta 5 enlaces abiertos a la vez." in text
    assert "se han unido 0 de 10" in text


@pytest.mark.django_db(transaction=True)
def test_people_joining_at_once_by_one_link_fill_its_places_exactly(settings):
    settings.INVITE_USES = 3
    founder = MembershipFactory()
    invite = make_invite(founder.crew, founder.user)
    url = reverse("accounts:join", args=[invite.token])
    phones = [signed_in(UserFactory()) for _ in range(6)]
    results = at_once(lambda index: phones[index].post(url), len(phones))
    assert not failures(results), failures(results)
    assert sorted(response.status_code for response in results) == [302] * 3 + [410] * 3
    assert Membership.objects.filter(crew=founder.crew).count() == 1 + 3
    assert InviteUse.objects.filter(invite=invite).count() == 3


@pytest.mark.django_db(transaction=True)
def test_links_made_at_once_stop_at_the_crews_most(settings):
    settings.INVITES_OPEN = 2
    founder = MembershipFactory()
    phones = [signed_in(MembershipFactory(crew=founder.crew).user) for _ in range(5)]
    url = reverse("accounts:invite_create")
    results = at_once(lambda index: phones[index].post(url), len(phones))
    assert not failures(results), failures(results)
    assert sorted(response.status_code for response in results) == [302] * 2 + [409] * 3
    assert Invite.objects.filter(crew=founder.crew).count() == 2
