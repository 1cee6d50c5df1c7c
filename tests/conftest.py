import os
import shutil

import pytest
from django.test import Client
from django.utils import translation

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game
from tests.factories import CrewFactory, GameFactory, MembershipFactory, UserFactory, play_round

# Sync Playwright runs an event loop in the test thread; Django's ORM may still be used there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# The fixtures through which a test reaches the database (pytest-django's, and ours build on them).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_setup", "live_server"})


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--database-only",
        action="store_true",
        help="run only the tests that touch the database (CI's second leg, on PostgreSQL): a "
        "test that never does (the core, the rules library) already ran on the first leg, and "
        "a browser flow runs there too unless its point is the database (marked `database`)",
    )


def touches_the_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("browser") and not item.get_closest_marker("database"):
        return False
    names = set(getattr(item, "fixturenames", ()))
    return bool(names & DATABASE_FIXTURES) or item.get_closest_marker("django_db") is not None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-only"):
        return
    kept = [item for item in items if touches_the_database(item)]
    config.hook.pytest_deselected(items=[item for item in items if not touches_the_database(item)])
    items[:] = kept


def pytest_configure(config: pytest.Config) -> None:
    """The Spanish pages need the compiled catalogue: build it (with Babel) if it is missing or
    older than its .po, as ``make test`` does, so a bare ``pytest`` on a fresh clone works too."""
    from scorekeeper.languages.catalogs import compile_catalogues

    compile_catalogues()


def chromium_path() -> str | None:
    """Debian's Chromium (or CHROMIUM_PATH); None means Playwright's own download is used."""
    candidate = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    return candidate if os.path.exists(candidate) else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {
        **browser_type_launch_args,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
        ],
    }
    path = chromium_path()
    if path:
        args["executable_path"] = path
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


# A busy machine (CI runs two test processes on two cores) can take many seconds to serve a
# page the first time; a flow fails on what the page shows, never because it waited long.
PAGE_WAIT_MS = 120_000


@pytest.fixture(scope="session")
def browser(browser):
    """Every context a test opens (its ``page``'s, or one of its own for a second phone) waits
    as long as a busy machine needs, and so do the ``expect`` assertions."""
    from playwright.sync_api import expect

    expect.set_options(timeout=PAGE_WAIT_MS // 4)
    new_context = browser.new_context

    def patient_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.set_default_timeout(PAGE_WAIT_MS // 2)
        context.set_default_navigation_timeout(PAGE_WAIT_MS)
        return context

    browser.new_context = patient_context
    return browser


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """PBKDF2 takes half a second a user on a small machine; the tests check who may log in,
    not how the password is stored."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def default_language_after_each_test():
    """Django's locale middleware leaves a request's language active in the thread; reset it
    so a test that words something outside a request (the rules library in the active
    language) never inherits the previous test's Spanish."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def plain_static_files(settings):
    """Production names static files by their hash from collectstatic's manifest; tests run on
    a fresh clone without collectstatic, so they use the plain names (served from the finders)."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


# --- The crew at the table and its game: shared by every test (tests/browser gives its own crew) -


@pytest.fixture
def crew(db) -> Crew:
    return CrewFactory(name="Friday club")


@pytest.fixture
def member(crew):
    """A user who belongs to ``crew`` (their only crew, so it is their current one)."""
    return MembershipFactory(crew=crew, user=UserFactory()).user


@pytest.fixture
def member_client(client, member) -> Client:
    client.force_login(member)
    return client


@pytest.fixture
def htmx_client(member) -> Client:
    """Signed in as ``member``; every request says it comes from htmx (``HX-Request``)."""
    htmx = Client(headers={"HX-Request": "true"})
    htmx.force_login(member)
    return htmx


@pytest.fixture
def crew_client(member_client, crew) -> tuple[Client, Crew]:
    """The member's client and their crew, as a pair (the older spelling of the two above)."""
    return member_client, crew


@pytest.fixture
def game(request, crew) -> Game:
    """A game of ``crew`` (the signed-in member's; in tests/browser, ``table_member``'s),
    seated Ann, Ben and Cat, classic, standard scoring to 500, with no round yet.

    A test, class or module that needs another game says so with a marker, read from the
    closest one (a test's own marker replaces its module's)::

        @pytest.mark.game(edition="kitty", target=200, players=["Ann", "Ben"],
                          rounds=[("Ann", {"Ben": 60})])

    ``players``, ``edition``, ``scoring``, ``target``, ``house_rules`` and any other field go to
    ``GameFactory``; ``deck`` is a deck's cards (as in tests/deck_samples.py), saved as a deck
    of the crew the game is played with; ``rounds`` are (winner, hands) pairs saved in order
    by ``play_round``, the table's own write.
    """
    marker = request.node.get_closest_marker("game")
    shape = dict(marker.kwargs) if marker else {}
    rounds = shape.pop("rounds", ())
    cards = shape.pop("deck", None)
    if cards is not None:
        from scorekeeper.decks.models import Deck, version_of

        shape["deck"] = version_of(Deck.objects.create(crew=crew, name=cards["name"]), cards)
        shape.setdefault("edition", cards["base"])
    made = GameFactory(crew=crew, **shape)
    for winner, hands in rounds:
        play_round(made, winner, **hands)
    made.refresh_from_db()  # the version and status the rounds left, as a page would read them
    return made
