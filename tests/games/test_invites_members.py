"""Invite links expire and can be revoked; members can be removed, never the last one."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.crews.models import Invite, Membership
from tests.factories import MembershipFactory, UserFactory

PASSWORD = "a-long-test-password"


@pytest.fixture
def invite(crew, member) -> Invite:
    return Invite.objects.create(
        crew=crew, created_by=member, expires_at=timezone.now() + timedelta(days=7)
    )


def test_a_new_invite_expires_in_seven_days(member_client, crew):
    member_client.post(reverse("accounts:invite_create"))
    invite = Invite.objects.get(crew=crew)
    assert invite.expires_at - invite.created_at == pytest.approx(
        timedelta(days=7), abs=timedelta(seconds=5)
    )


def test_an_expired_invite_is_refused_with_a_clear_message(client, invite):
    invite.expires_at = timezone.now() - timedelta(minutes=1)
    invite.save()
    newcomer = UserFactory()
    client.force_login(newcomer)
    url = reverse("accounts:join", args=[invite.token])
    page = client.get(url)
    assert page.status_code == 410
    assert "This invite link expired on" in page.content.decode()
    assert client.post(url).status_code == 410
    assert not Membership.objects.filter(user=newcomer).exists()


def test_an_invite_from_before_invites_had_a_date_expires_after_seven_days(client, invite):
    invite.expires_at = None
    invite.created_at = timezone.now() - timedelta(days=8)
    invite.save()
    assert client.get(reverse("accounts:join", args=[invite.token])).status_code == 410


def test_sign_up_with_an_expired_invite_creates_no_account(client, invite):
    invite.expires_at = timezone.now() - timedelta(days=1)
    invite.save()
    data = {"username": "ann", "password1": PASSWORD, "password2": PASSWORD, "invite": invite.token}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    assert not Membership.objects.filter(user__username="ann").exists()


def test_a_member_revokes_an_invite_from_the_crew_page(member_client, invite):
    page = member_client.get(reverse("accounts:crew_detail")).content.decode()
    revoke_url = reverse("accounts:invite_revoke", args=[invite.token])
    assert revoke_url in page
    response = member_client.post(revoke_url, follow=True)
    assert "The invite link is revoked" in response.content.decode()
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    assert revoke_url not in response.content.decode()  # no longer listed as open

    member_client.logout()
    refused = member_client.get(reverse("accounts:join", args=[invite.token]))
    assert refused.status_code == 410
    assert "This invite link was revoked" in refused.content.decode()


def test_another_crews_invite_cannot_be_revoked(client, invite):
    outsider = MembershipFactory(crew__name="Sunday club").user
    client.force_login(outsider)
    assert client.post(reverse("accounts:invite_revoke", args=[invite.token])).status_code == 404
    invite.refresh_from_db()
    assert invite.revoked_at is None


def test_a_member_removes_another(member_client, crew):
    other = MembershipFactory(crew=crew).user
    url = reverse("accounts:member_remove", args=[other.pk])
    assert url in member_client.get(reverse("accounts:crew_detail")).content.decode()
    response = member_client.post(url, follow=True)
    assert f"{other.get_username()} is no longer a member" in response.content.decode()
    assert not Membership.objects.filter(crew=crew, user=other).exists()


def test_a_member_can_leave_a_crew_that_keeps_others(member_client, crew, member):
    MembershipFactory(crew=crew)
    response = member_client.post(reverse("accounts:member_remove", args=[member.pk]))
    assert response.status_code == 302
    assert not Membership.objects.filter(crew=crew, user=member).exists()


def test_the_last_member_cannot_leave_the_crew_empty(member_client, crew, member):
    response = member_client.post(reverse("accounts:member_remove", args=[member.pk]))
    assert response.status_code == 409
    assert "is the last member of Friday club" in response.content.decode()
    assert Membership.objects.filter(crew=crew, user=member).exists()
