import pytest

from tests.factories import GameFactory, MembershipFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def crew_client(client, db):
    """A client signed in as a member of a crew, with the crew."""
    membership = MembershipFactory(crew__name="Friday club")
    client.force_login(membership.user)
    return client, membership.crew


@pytest.fixture
def game(crew_client):
    _, crew = crew_client
    return GameFactory(crew=crew, players=["Ann", "Ben", "Cat"], edition="cheese-touch")
