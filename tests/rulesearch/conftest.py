import pytest

from scorekeeper.rulesearch import search


@pytest.fixture(scope="session")
def index():
    """The app's index (``search.default_index``): built at the first test that asks for it,
    not while the tests are collected."""
    return search.default_index()
