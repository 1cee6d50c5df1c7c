"""What collectstatic ships: the minified scripts parse and behave as the readable sources do."""

import json

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import override_settings
from playwright.sync_api import Page

HANDS = ["7 7 W", "R0 R5", "+2 skip rev +4", "G9 B+2 WD4", "S R D2", "9 9 9 9", "Q9", ""]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    from django.conf import settings

    root = tmp_path_factory.mktemp("static")
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "scorekeeper.staticfiles.MinifiedStaticFilesStorage"},
    }
    # override_settings, not assignments: its setting_changed signal drops the storage a test
    # before may have built with the real STATIC_ROOT (collectstatic then wrote there, and
    # this module failed or passed with the order of the tests).
    with override_settings(STATIC_ROOT=root, STORAGES=storages):
        call_command("collectstatic", "--noinput", verbosity=0)
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    return {
        name: (root / hashed).read_text()
        for name, hashed in manifest.items()
        if name.endswith((".js", ".css"))
    }


def _source(name: str) -> str:
    with open(finders.find(name), encoding="utf-8") as file:
        return file.read()


def test_every_minified_script_parses(page: Page, shipped):
    scripts = [name for name in shipped if name.startswith("js/") and name.endswith(".js")]
    assert {"js/site.js", "js/notation.js", "js/table.js"} <= set(scripts)
    for name in scripts:
        error = page.evaluate(
            "src => { try { new Function(src); return null } catch (e) { return String(e) } }",
            shipped[name],
        )
        assert error is None, f"{name}: {error}"


def _hand_points(page: Page, script: str) -> list:
    page.set_content("<!doctype html><html><head></head><body></body></html>")
    page.add_script_tag(content=script)
    return page.evaluate(
        """hands => hands.map(h => {
          const keys = window.scorekeeperNotation.keyFor;
          const points = {};
          h.split(" ").forEach(t => { const k = keys(t); if (k !== null) points[k] = 11; });
          return [h.split(" ").map(keys), window.scorekeeperNotation.handPoints(h, points)];
        })""",
        HANDS,
    )


def test_the_minified_offline_scoring_reads_hands_as_the_source_does(page: Page, shipped):
    # The joined file every page loads (notation.js within it), as the finder joins the sources.
    readable = _hand_points(page, _source("js/site.js"))
    other = page.context.new_page()
    minified = _hand_points(other, shipped["js/site.js"])
    assert minified == readable
    assert readable[0][1] == 33 and readable[-2][1] is None  # three cards; "Q9" is not a card
