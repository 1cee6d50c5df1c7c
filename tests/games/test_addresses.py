"""Links for other phones never name this machine's loopback address (issue #12)."""

import io
import subprocess
import sys

import pytest
import segno
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper.games import addresses
from scorekeeper.games.addresses import is_loopback, shared_url
from scorekeeper.games.models import Invite
from tests.factories import GameFactory


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "127.8.9.10", "localhost", "LOCALHOST", "app.localhost", "::1", "[::1]"],
)
def test_loopback_hosts_are_recognised(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.0.0.2", "score.example.org", "[fd00::2]"])
def test_other_hosts_are_not_loopback(host):
    assert not is_loopback(host)


def request_on(host):
    return RequestFactory().get("/", HTTP_HOST=host)


@pytest.fixture
def lan(monkeypatch, settings):
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["*"]
    address = {"value": "192.168.1.20"}
    monkeypatch.setattr(addresses, "lan_address", lambda: address["value"])
    return address


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1:8000", "http://192.168.1.20:8000/live/x/"),
        ("localhost:8000", "http://192.168.1.20:8000/live/x/"),
        ("[::1]:8000", "http://192.168.1.20:8000/live/x/"),
        ("localhost", "http://192.168.1.20/live/x/"),
        ("192.168.1.5:8000", "http://192.168.1.5:8000/live/x/"),  # already what phones use
        ("score.example.org", "http://score.example.org/live/x/"),
    ],
)
def test_a_loopback_page_shares_the_lan_address(lan, host, expected):
    assert shared_url(request_on(host), "/live/x/") == expected


def test_a_configured_public_url_wins(lan, settings):
    settings.PUBLIC_URL = "https://score.example.org"
    assert shared_url(request_on("127.0.0.1:8000"), "/live/x/") == (
        "https://score.example.org/live/x/"
    )


def test_without_a_network_there_is_no_link_rather_than_a_loopback_one(lan):
    lan["value"] = None
    assert shared_url(request_on("127.0.0.1:8000"), "/live/x/") is None


def test_the_lan_address_is_never_loopback():
    address = addresses.lan_address()
    assert address is None or not is_loopback(address)


def test_the_share_sheet_and_qr_use_the_lan_address(lan, crew_client):
    client, crew = crew_client
    game = GameFactory(crew=crew)
    expected = f"http://192.168.1.20:8000/live/{game.share_token}/"
    page = client.get(reverse("games:game_detail", args=[game.pk]), HTTP_HOST="127.0.0.1:8000")
    text = page.content.decode()
    assert f'data-url="{expected}"' in text and f'value="{expected}"' in text
    assert "127.0.0.1" not in text
    qr = client.get(reverse("games:share_qr", args=[game.pk]), HTTP_HOST="127.0.0.1:8000")
    drawn = io.BytesIO()
    segno.make(expected, error="m").save(drawn, kind="svg", scale=5, dark="#000", light="#fff")
    assert qr.content == drawn.getvalue()


def test_without_a_network_the_sheet_says_what_to_do_and_draws_no_qr(lan, crew_client):
    lan["value"] = None
    client, crew = crew_client
    game = GameFactory(crew=crew)
    page = client.get(reverse("games:game_detail", args=[game.pk]), HTTP_HOST="localhost:8000")
    text = page.content.decode()
    assert "set PUBLIC_URL" in text and "/live/" not in text
    qr = client.get(reverse("games:share_qr", args=[game.pk]), HTTP_HOST="localhost:8000")
    assert qr.status_code == 404


def test_an_invite_link_uses_the_lan_address(lan, crew_client, member):
    client, crew = crew_client
    client.post(reverse("accounts:invite_create"), HTTP_HOST="127.0.0.1:8000")
    invite = Invite.objects.get()
    page = client.get(
        reverse("accounts:crew_detail_invite", args=[invite.token]), HTTP_HOST="127.0.0.1:8000"
    )
    join = reverse("accounts:join", args=[invite.token])
    assert f"http://192.168.1.20:8000{join}" in page.content.decode()


def _settings_with(public_url: str) -> subprocess.CompletedProcess:
    code = "from django.conf import settings; print(settings.PUBLIC_URL, settings.ALLOWED_HOSTS)"
    return subprocess.run(
        [sys.executable, "-c", f"import django, os; django.setup(); {code}"],
        env={
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
            "PUBLIC_URL": public_url,
            "PATH": "/usr/bin:/bin",
        },
        capture_output=True,
        text=True,
        check=False,
    )


def test_public_url_is_read_and_its_host_allowed():
    done = _settings_with("http://score.lan:8000/")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("http://score.lan:8000 ")
    assert "'score.lan'" in done.stdout


@pytest.mark.parametrize("value", ["score.lan", "ftp://score.lan", "https://score.lan/app"])
def test_a_public_url_that_is_not_an_address_stops_the_start(value):
    done = _settings_with(value)
    assert done.returncode != 0
    assert "PUBLIC_URL=" in done.stderr and "is not an address like" in done.stderr
