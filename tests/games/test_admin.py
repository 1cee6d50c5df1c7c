import pytest
from django.contrib.auth import get_user_model

from scorekeeper.games.models import Hand, Round


@pytest.fixture
def admin_client(client, db):
    user = get_user_model().objects.create_superuser("root", password="a-long-admin-password")
    client.force_login(user)
    return client


@pytest.mark.game(rounds=[("Ann", {"Ben": 10, "Cat": 10})])
def test_the_admin_shows_rounds_and_hands_read_only(admin_client, game):
    round_ = game.rounds.get()
    page = admin_client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200
    assert 'name="rounds-0-number"' not in page.content.decode()
    assert admin_client.get(f"/admin/games/round/{round_.pk}/change/").status_code == 200
    assert admin_client.get("/admin/games/round/add/").status_code == 403
    post = admin_client.post(
        f"/admin/games/round/{round_.pk}/change/", {"number": 9, "hands-TOTAL_FORMS": 0}
    )
    assert post.status_code == 403
    assert Round.objects.get(pk=round_.pk).number == 1
    assert (
        admin_client.post(f"/admin/games/round/{round_.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert Hand.objects.filter(round=round_).count() == 2
