import re

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
    # Every script and stylesheet comes from our own /static/ (a random CSRF token may hold
    # the letters "cdn", so the addresses are read, not the whole page).
    sources = re.findall(r'(?:src|href)="([^"]+)"', text)
    assert sources
    assert not [url for url in sources if "//" in url or "unpkg" in url or "cdn" in url.lower()]


@pytest.mark.django_db
def test_the_admin_login_page_renders(client):
    assert client.get("/admin/login/").status_code == 200
