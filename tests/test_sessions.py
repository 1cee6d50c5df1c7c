"""A sign-in lasts the night and the hours a phone spends offline, and slides while it is used."""

from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from scorekeeper.middleware import RENEWED_KEY


def test_a_session_lasts_at_least_two_weeks():
    assert settings.SESSION_COOKIE_AGE >= 14 * 24 * 3600


def test_signing_in_stamps_the_session(client, member):

    client.post(
        reverse("accounts:login"), {"username": member.username, "password": "a-long-test-password"}
    )
    assert RENEWED_KEY in client.session


def test_a_day_old_session_is_renewed_by_a_visit(member_client):
    session = member_client.session
    session[RENEWED_KEY] = int((timezone.now() - timedelta(days=2)).timestamp())
    session.save()
    stored = Session.objects.get(session_key=session.session_key)
    Session.objects.filter(pk=stored.pk).update(expire_date=timezone.now() + timedelta(days=1))

    member_client.get(reverse("games:home"))

    renewed = Session.objects.get(session_key=session.session_key)
    assert renewed.expire_date > timezone.now() + timedelta(days=29)


def test_a_fresh_session_is_not_written_again(member_client):
    session = member_client.session
    session[RENEWED_KEY] = int(timezone.now().timestamp())
    session.save()
    member_client.get(reverse("games:home"))  # remembers the crew: a write of its own
    before = Session.objects.get(session_key=session.session_key).expire_date
    member_client.get(reverse("games:home"))
    assert Session.objects.get(session_key=session.session_key).expire_date == before
