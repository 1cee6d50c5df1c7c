"""What a phone downloads to open a scoreboard for the first time, compressed as it travels."""

import gzip
import json
import re
import urllib.request

import brotli
import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from scorekeeper.staticfiles import minified

# What a phone downloads compressed to open the scoreboard: 40 KB, whether it travels as brotli
# (what WhiteNoise sends a browser over HTTPS) or gzip (plain HTTP on the table's Wi-Fi, where
# browsers offer no brotli). The scripts and stylesheets count as collectstatic ships them:
# minified (scorekeeper/staticfiles.py).
BUDGET = 40 * 1024
GZIP_BUDGET = 40 * 1024
ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="/static/([^"?]+)"')


def _gzip(body: bytes) -> int:
    return len(gzip.compress(body, compresslevel=6))  # what a proxy sends HTML at


def _brotli(body: bytes) -> int:
    return len(brotli.compress(body, quality=11))  # what collectstatic writes for WhiteNoise


def _sent(live_server, client, path: str, encoding: str) -> tuple[bytes, str]:
    """The page's bytes as a real server sends them to a browser offering ``encoding``, and
    the Content-Encoding it chose."""
    request = urllib.request.Request(
        live_server.url + path,
        headers={
            "Accept-Encoding": encoding,
            "Cookie": f"sessionid={client.cookies['sessionid'].value}",
        },
    )
    with urllib.request.urlopen(request) as response:  # noqa: S310 (the test's own server)
        return response.read(), response.headers.get("Content-Encoding", "")


@pytest.mark.game(players=["Ann", "Ben"], rounds=[("Ann", {"Ben": 10})])
def test_a_real_server_sends_pages_compressed(live_server, member_client, game):
    path = reverse("games:game_detail", args=[game.pk])
    sent, encoding = _sent(live_server, member_client, path, "gzip, deflate")
    assert encoding == "gzip"
    plain, none = _sent(live_server, member_client, path, "identity")
    assert none == ""
    assert b"Ann" in gzip.decompress(sent)
    assert len(sent) < len(plain) / 3


@pytest.mark.game(
    players=["Ann", "Ben", "Cat", "Dee"],
    rounds=[
        ("Ann", {"Ben": 10, "Cat": 10, "Dee": 10}),
        ("Ben", {"Ann": 10, "Cat": 10, "Dee": 10}),
        ("Cat", {"Ann": 10, "Ben": 10, "Dee": 10}),
    ],
)
def test_the_scoreboards_first_load_fits_the_budget(live_server, member_client, game):
    # The page as the server really sends it (gzip: the middleware compresses pages; WhiteNoise
    # serves the assets' own compressed copies, counted below as collectstatic writes them).
    path = reverse("games:game_detail", args=[game.pk])
    sent, encoding = _sent(live_server, member_client, path, "gzip, deflate, br")
    assert encoding == "gzip"
    html = gzip.decompress(sent)
    assets = ASSET.findall(html.decode())
    assert any(name.endswith(".css") for name in assets)
    assert any(name.endswith(".js") for name in assets)

    rows = [("page HTML (as sent)", len(sent), len(sent), len(html))]
    for name in assets:
        with open(finders.find(name), "rb") as asset:
            body = minified(name, asset.read())
        rows.append((name, _gzip(body), _brotli(body), len(body)))
    gzip_total = sum(row[1] for row in rows)
    brotli_total = sum(row[2] for row in rows)
    print("\nfirst load of the scoreboard (bytes): gzip / brotli / uncompressed")
    for name, gz, br, raw in rows:
        print(f"  {name:40} {gz:7} {br:7} {raw:8}")
    print(f"  {'total':40} {gzip_total:7} {brotli_total:7} {sum(r[3] for r in rows):8}")
    assert brotli_total <= BUDGET
    assert gzip_total <= GZIP_BUDGET
    assert brotli_total <= gzip_total


def test_collectstatic_writes_hashed_names_and_compressed_copies(tmp_path, settings):
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "scorekeeper.staticfiles.MinifiedStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    hashed = [p.name for p in (tmp_path / "css").glob("app.*.css")]
    assert hashed, "app.css has a hashed copy"
    assert (tmp_path / "css" / f"{hashed[0]}.gz").exists()
    assert (tmp_path / "css" / f"{hashed[0]}.br").exists()
    assert (tmp_path / "staticfiles.json").exists()


def test_collectstatic_ships_our_scripts_and_stylesheets_minified(tmp_path, settings):
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    # A folder an older release filled with readable copies: collectstatic skips copying them
    # again (unchanged), and they are still minified.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "scorekeeper.staticfiles.MinifiedStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    for name in ("js/site.js", "js/notation.js", "js/table.js", "css/app.css", "css/table.css"):
        with open(finders.find(name), "rb") as source:
            original = source.read()
        shipped = (tmp_path / manifest[name]).read_bytes()
        assert 0.4 * len(original) < len(shipped) < 0.85 * len(original), name
        assert b"/*" not in shipped and b"\n  " not in shipped, name
        # The hashed name is the minified copy's, and its compressed copies are of it too.
        assert gzip.decompress((tmp_path / f"{manifest[name]}.gz").read_bytes()) == shipped
    # A file already minified passes unchanged (htmx).
    htmx = next(
        name for name in manifest if name.startswith("django_htmx/htmx") and ".min." in name
    )
    with open(finders.find(htmx), "rb") as source:
        assert (tmp_path / manifest[htmx]).read_bytes() == source.read()
    # The stylesheet's url() still points at the hashed icon after minifying.
    css = (tmp_path / manifest["css/app.css"]).read_text()
    assert manifest["icons/mark.svg"].rsplit("/", 1)[1] in css
