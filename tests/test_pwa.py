"""The app shell's server side (scorekeeper/pwa.py): the worker, and the ping a phone's offline
queue uses to tell whether the server answers."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_ping_answers_empty_and_is_never_kept(client, django_user_model, signed_in):
    if signed_in:
        client.force_login(django_user_model.objects.create_user("ann", password="x"))
    response = client.get(reverse("ping"))
    assert response.status_code == 204
    assert response.content == b""
    assert response["Cache-Control"] == "no-store"


def test_the_ping_only_answers_a_get(client):
    assert client.post(reverse("ping")).status_code == 405


def test_every_page_tells_the_offline_queue_where_to_ping(client):
    html = client.get(reverse("games:home")).content.decode()
    assert f'data-ping="{reverse("ping")}"' in html


def test_the_worker_is_asked_for_again_on_every_visit(client):
    response = client.get(reverse("service_worker"))
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert body.startswith("self.SCOREKEEPER = ")
    assert reverse("offline") in body
