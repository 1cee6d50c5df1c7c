"""``search.clear_caches`` forgets every question the search has seen, so the benchmarks time a
first visitor: no cache a question fills may be left out of it."""

from __future__ import annotations

import pytest

from scorekeeper.rulesearch import search as search_module


@pytest.fixture
def index():
    return search_module.default_index()


def question_caches(index) -> dict[str, object]:
    """Every cached function of the index, of its typo correction and of its normaliser."""
    return {
        f"{owner}.{name}": value
        for owner, holder in (("index", index), ("typos", index.typos), ("reader", index.reader))
        for name, value in vars(holder).items()
        if hasattr(value, "cache_clear")
    }


def test_every_cache_a_question_fills_is_cleared(index):
    assert len(question_caches(index)) == len(index.question_caches()) == 5
    assert {id(cached) for cached in question_caches(index).values()} == {
        id(cached) for cached in index.question_caches()
    }


def test_clearing_forgets_the_questions_seen(index):
    search_module.lookup("can you stack draw twos")
    search_module.lookup("se puede acumular el roba dos")
    assert index.analyse.cache_info().currsize > 0
    search_module.clear_caches()
    for name, cached in question_caches(index).items():
        assert cached.cache_info().currsize == 0, name


def test_a_running_server_keeps_its_typo_corrections(index):
    search_module.lookup("can you stak drwa twos")
    corrected = index.typos.correct.cache_info().currsize
    assert corrected > 0
    search_module.clear_caches(typos=False)
    assert index.typos.correct.cache_info().currsize == corrected
    assert index.analyse.cache_info().currsize == 0
    # And the same question is answered alike afresh.
    before = [hit.entry.slug for hit in search_module.search("can you stak drwa twos")]
    search_module.clear_caches()
    assert [hit.entry.slug for hit in search_module.search("can you stak drwa twos")] == before


def test_an_index_switched_off_keeps_caches_of_its_own(index):
    switched = index.without("nearest")
    switched.lookup("can you stack draw twos")
    assert switched.analyse is not index.analyse
    assert switched.nearest("can you stack draw twos") == {}
    assert index.nearest("can you stack draw twos")
