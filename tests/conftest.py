import os
import shutil

import pytest

from tests.factories import MembershipFactory

# Sync Playwright runs an event loop in the test thread; Django's ORM may still be used there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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


@pytest.fixture
def crew_client(client, db):
    """A client signed in as a member of a crew, with the crew."""
    membership = MembershipFactory(crew__name="Friday club")
    client.force_login(membership.user)
    return client, membership.crew
