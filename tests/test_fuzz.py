"""Hostile values posted to every write form and fed to the game-file reader (hypothesis).

Never a 5xx; a refusal (4xx, or ``RuleError`` from the reader) changes nothing. The targets
and values are in tests/fuzzing.py; bench/fuzz.py sends 10,000+ of the same posts.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings

from scorekeeper.domain import RuleError
from scorekeeper.gamefiles.files import import_file, read_game_file
from scorekeeper.games.models import Game
from scorekeeper.languages.words import in_words
from tests.fuzzing import TARGETS, fingerprint, hostile_file, hostile_game, make_site
from tests.fuzzing import check as check_post

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


@pytest.fixture
def site(db):
    return make_site()


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_a_form_never_fails_and_a_refusal_changes_nothing(site, target):
    @FUZZ
    @given(value=target.strategy)
    def run(value: Any) -> None:
        check_post(site, target, value)

    run()


def _read_and_import(site, raw: bytes | None = None, data: Any = None) -> None:
    """A hostile file is refused with a sentence saying what is wrong, and nothing changes; a
    file the changes left valid adds its games to the crew."""
    before = fingerprint()
    games = Game.objects.filter(crew=site.crew).count()
    try:
        if raw is not None:
            data = read_game_file(raw)
        with transaction.atomic():
            import_file(crew=site.crew, data=data)
    except RuleError as error:
        message = in_words(error)
        assert fingerprint() == before
        assert re.fullmatch(r"[^\s].{8,}[.?)]", message, re.DOTALL), message
        assert "Traceback" not in message and "Error(" not in message, message
    else:
        assert Game.objects.filter(crew=site.crew).count() > games
        assert fingerprint() != before


@FUZZ
@given(game=hostile_game)
def test_the_reader_refuses_hostile_games_with_a_message(site, game):
    _read_and_import(site, data=game)


@FUZZ
@given(raw=hostile_file)
def test_the_reader_refuses_hostile_files_with_a_message(site, raw):
    _read_and_import(site, raw=raw)
