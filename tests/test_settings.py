import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from scorekeeper.settings import envbool, envint


@pytest.mark.parametrize("word", ["1", "true", "TRUE", " yes ", "on", "On"])
def test_a_yes_word_is_true(monkeypatch, word):
    monkeypatch.setenv("SCOREKEEPER_FLAG", word)
    assert envbool("SCOREKEEPER_FLAG") is True


@pytest.mark.parametrize("word", ["0", "false", "False", "no", "off"])
def test_a_no_word_is_false(monkeypatch, word):
    monkeypatch.setenv("SCOREKEEPER_FLAG", word)
    assert envbool("SCOREKEEPER_FLAG", default=True) is False


@pytest.mark.parametrize("value", [None, "", "  "])
def test_an_unset_or_empty_flag_takes_the_default(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("SCOREKEEPER_FLAG", raising=False)
    else:
        monkeypatch.setenv("SCOREKEEPER_FLAG", value)
    assert envbool("SCOREKEEPER_FLAG") is False
    assert envbool("SCOREKEEPER_FLAG", default=True) is True


@pytest.mark.parametrize("word", ["ture", "y", "2", "enabled", "false!"])
def test_a_typo_in_a_flag_is_refused_naming_the_variable_and_the_words(monkeypatch, word):
    monkeypatch.setenv("SCOREKEEPER_FLAG", word)
    with pytest.raises(ImproperlyConfigured) as refused:
        envbool("SCOREKEEPER_FLAG")
    message = str(refused.value)
    assert "SCOREKEEPER_FLAG" in message
    assert repr(word.strip().lower()) in message
    assert "1/0, true/false, yes/no, on/off" in message


def test_a_whole_number_is_read(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_NUMBER", " 120 ")
    assert envint("SCOREKEEPER_NUMBER", 60) == 120
    monkeypatch.setenv("SCOREKEEPER_NUMBER", "")
    assert envint("SCOREKEEPER_NUMBER", 60) == 60


@pytest.mark.parametrize("value", ["sixty", "1.5", "60s"])
def test_a_number_that_is_not_whole_is_refused_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv("SCOREKEEPER_NUMBER", value)
    with pytest.raises(ImproperlyConfigured, match=r"SCOREKEEPER_NUMBER='.*' is not a whole"):
        envint("SCOREKEEPER_NUMBER", 60)


def _start_django(
    code: str = "import django; django.setup()", **env: str
) -> subprocess.CompletedProcess[str]:
    """Load the settings (or run ``code``) in a fresh interpreter, the way manage.py and
    gunicorn start."""
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        # A key of our own, so loading the settings never writes one under data/.
        "SECRET_KEY": "test-only-secret-key",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_app_does_not_start_with_debug_ture():
    started = _start_django(DEBUG="ture")
    assert started.returncode != 0
    assert "ImproperlyConfigured" in started.stderr
    assert "DEBUG='ture'" in started.stderr
    assert "1/0, true/false, yes/no, on/off" in started.stderr


def test_the_app_starts_with_a_proper_flag():
    started = _start_django(DEBUG="off", SECURE_COOKIES="yes")
    assert started.returncode == 0, started.stderr


def test_a_served_worker_loads_the_views_and_the_rules_index_before_its_first_request():
    """gunicorn imports ``scorekeeper.wsgi`` as a worker boots: the views, the rules search's
    index (seconds to build, at its first use) and what the search builds at its first question
    are loaded then, not on a player's first page."""
    started = _start_django(
        "import sys, scorekeeper.wsgi; "
        "from scorekeeper.rulesearch import search; "
        "index = search.built(); "
        "print('scorekeeper.referee.views' in sys.modules, index is not None, "
        "index._model is not None, index._verdict is not None)"
    )
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == ["True", "True", "True", "True"]
