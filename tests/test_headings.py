"""Every page has one top-level heading (axe's "page-has-heading-one"), the game screens
included: a screen reader's first jump lands on what the page is."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.browser.conftest import every_screen, table_member  # noqa: F401 (fixtures)


@pytest.mark.django_db(transaction=True)
def test_every_screen_has_one_h1(request):
    screens = request.getfixturevalue("every_screen")
    member, visitor = Client(), Client()
    member.force_login(get_user_model().objects.get(username="ann"))
    counts = {}
    for screen in screens:
        html = (member if screen.signed_in else visitor).get(screen.url).content.decode()
        counts[screen.name] = len(re.findall(r"<h1[\s>]", html))
    assert {name: count for name, count in counts.items() if count != 1} == {}
    assert len(counts) >= 20
