"""A form sent empty (every field left out) is refused with a message, never as if nothing
had been sent: a page that reads ``request.POST or None`` takes an empty POST for a GET."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.crews.models import Crew
from scorekeeper.decks.models import Deck
from scorekeeper.history.models import Season

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["accounts:crew_new", "decks:deck_list", "history:seasons"])
def test_an_empty_post_to_a_member_s_form_is_refused_with_a_message(member_client, name):
    before = (Crew.objects.count(), Deck.objects.count(), Season.objects.count())
    response = member_client.post(reverse(name), {})
    assert response.status_code == 422
    assert 'class="error' in response.content.decode() or "errorlist" in response.content.decode()
    assert (Crew.objects.count(), Deck.objects.count(), Season.objects.count()) == before


def test_an_empty_sign_up_is_refused_with_a_message(db):
    response = Client().post(reverse("accounts:signup"), {})
    assert response.status_code == 422
    assert "errorlist" in response.content.decode() or 'class="error' in response.content.decode()
