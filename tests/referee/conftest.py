import pytest

from tests.factories import GameFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(crew_client):
    _, crew = crew_client
    return GameFactory(crew=crew, players=["Ann", "Ben", "Cat"], edition="cheese-touch")
