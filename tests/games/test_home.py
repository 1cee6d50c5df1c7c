import pytest


@pytest.mark.django_db
def test_the_first_page_names_every_deck(client):
    response = client.get("/")
    assert response.status_code == 200
    text = response.content.decode()
    for name in ("Classic", "Kitty card", "Cheese Touch card", "Water Drop card"):
        assert name in text


@pytest.mark.django_db
def test_htmx_is_served_from_our_own_static_files(client):
    text = client.get("/").content.decode()
    assert "/static/django_htmx/htmx" in text
    assert "unpkg" not in text and "cdn" not in text.lower()


@pytest.mark.django_db
def test_the_admin_login_page_renders(client):
    assert client.get("/admin/login/").status_code == 200
