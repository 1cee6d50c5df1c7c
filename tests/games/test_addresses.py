"""Links for other phones never name this machine's loopback address (issue #12)."""

import io
import subprocess
import sys

import pytest
import segno
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper import addresses
from scorekeeper.addresses import is_loopback, shared_url
from scorekeeper.crews.models import Invite


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
    settings.LISTEN_HOST = ""
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


def test_the_share_sheet_and_qr_use_the_lan_address(lan, crew_client, game):
    client, _ = crew_client
    expected = f"http://192.168.1.20:8000/live/{game.share_token}/"
    page = client.get(reverse("games:game_detail", args=[game.pk]), HTTP_HOST="127.0.0.1:8000")
    text = page.content.decode()
    assert f'data-url="{expected}"' in text and f'value="{expected}"' in text
    assert "127.0.0.1" not in text
    assert "Revoke link and make a new one" in text
    qr = client.get(reverse("live:share_qr", args=[game.pk]), HTTP_HOST="127.0.0.1:8000")
    drawn = io.BytesIO()
    segno.make(expected, error="m").save(drawn, kind="svg", scale=5, dark="#000", light="#fff")
    assert qr.content == drawn.getvalue()


def test_without_a_network_the_sheet_says_what_to_do_and_draws_no_qr(lan, crew_client, game):
    lan["value"] = None
    client, _ = crew_client
    page = client.get(reverse("games:game_detail", args=[game.pk]), HTTP_HOST="localhost:8000")
    text = page.content.decode()
    assert "set PUBLIC_URL" in text and "/live/" not in text
    assert "Revoke link" not in text  # there is no link to revoke
    qr = client.get(reverse("live:share_qr", args=[game.pk]), HTTP_HOST="localhost:8000")
    assert qr.status_code == 404


def test_an_invite_link_uses_the_lan_address(lan, crew_client, member):
    client, _ = crew_client
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


# --- A server started on one address (#26 defect 9) -----------------------------------------


def test_a_server_on_loopback_only_shares_nothing(lan, settings):
    settings.LISTEN_HOST = "127.0.0.1"
    assert shared_url(request_on("127.0.0.1:8000"), "/live/x/") is None
    settings.LISTEN_HOST = "::1"
    assert shared_url(request_on("[::1]:8000"), "/live/x/") is None


@pytest.mark.parametrize("listen", ["", "0.0.0.0", "::"])
def test_a_server_on_every_address_shares_the_lan_address(lan, settings, listen):
    settings.LISTEN_HOST = listen
    assert shared_url(request_on("127.0.0.1:8000"), "/live/x/") == (
        "http://192.168.1.20:8000/live/x/"
    )


def test_a_server_on_one_address_shares_that_address(lan, settings):
    settings.LISTEN_HOST = "10.0.0.7"
    assert shared_url(request_on("localhost:8000"), "/live/x/") == "http://10.0.0.7:8000/live/x/"


def test_a_public_url_wins_over_a_loopback_server(lan, settings):
    settings.LISTEN_HOST = "127.0.0.1"
    settings.PUBLIC_URL = "https://score.example.org"
    assert shared_url(request_on("127.0.0.1:8000"), "/live/x/") == (
        "https://score.example.org/live/x/"
    )


def test_the_sheet_says_no_phone_can_reach_a_loopback_server(lan, settings, crew_client, game):
    settings.LISTEN_HOST = "127.0.0.1"
    client, _ = crew_client
    page = client.get(reverse("games:game_detail", args=[game.pk]), HTTP_HOST="127.0.0.1:8000")
    text = page.content.decode()
    assert "No other phone can reach this server" in text
    assert "192.168.1.20" not in text and "/live/" not in text
    assert "Revoke link" not in text
    qr = client.get(reverse("live:share_qr", args=[game.pk]), HTTP_HOST="127.0.0.1:8000")
    assert qr.status_code == 404


def _printed(*args: str) -> str:
    done = subprocess.run(
        ["sh", "scripts/print-address.sh", *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_make_run_prints_no_phone_address_for_a_loopback_server():
    text = _printed("8000", "127.0.0.1")
    assert "No other phone can reach it" in text
    assert "from a phone" not in text and "http://127.0.0.1:8000/" in text


def test_make_run_prints_the_one_address_it_listens_on():
    text = _printed("8000", "192.168.1.9")
    assert "http://192.168.1.9:8000/" in text and "No other phone" not in text


def test_make_run_passes_its_host_to_the_app():
    with open("Makefile", encoding="utf-8") as makefile:
        text = makefile.read()
    assert 'LISTEN_HOST="$(HOST)"' in text and "print-address.sh $(PORT) $(HOST)" in text
