"""``search.clear_caches`` forgets every question the search has seen, so the benchmarks time a
first visitor: no cache a question fills may be left out of it."""

from __future__ import annotations

import importlib
import inspect

import pytest


@pytest.fixture
def search_module():
    return importlib.import_module("scorekeeper.rulesearch.search")


def question_caches(module) -> dict[str, object]:
    """Every cached function of the search, but the two built once from the library."""
    return {
        name: value
        for name, value in inspect.getmembers(module)
        if hasattr(value, "cache_clear") and name not in ("_stem", "_char_model")
    }


def test_every_cache_a_question_fills_is_cleared(search_module):
    assert set(question_caches(search_module)) == {
        cached.__name__ for cached in search_module._QUESTION_CACHES
    }


def test_clearing_forgets_the_questions_seen(search_module):
    search_module.lookup("can you stack draw twos")
    search_module.lookup("se puede acumular el roba dos")
    assert search_module._analyse.cache_info().currsize > 0
    search_module.clear_caches()
    for name, cached in question_caches(search_module).items():
        assert cached.cache_info().currsize == 0, name


def test_a_running_server_keeps_its_typo_corrections(search_module):
    search_module.lookup("can you stak drwa twos")
    corrected = search_module._correct.cache_info().currsize
    assert corrected > 0
    search_module.clear_caches(typos=False)
    assert search_module._correct.cache_info().currsize == corrected
    assert search_module._analyse.cache_info().currsize == 0
    # And the same question is answered alike afresh.
    before = [hit.entry.slug for hit in search_module.search("can you stak drwa twos")]
    search_module.clear_caches()
    assert [hit.entry.slug for hit in search_module.search("can you stak drwa twos")] == before
