"""Addresses and fields an attacker chooses (issue 53, item 15): a clear 4xx, or a redirect
with a message, never a 500, and nothing changed. CI runs them on SQLite and on PostgreSQL
(which refuses a NUL in a text parameter and a string longer than its column)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.urls import URLPattern, URLResolver, get_resolver

from scorekeeper.crews.models import Invite
from scorekeeper.games.models import Game, Round
from scorekeeper.inputs import MAX_ID, IdConverter, TokenConverter, is_token
from scorekeeper.nights.models import GameNight
from tests.factories import PlayerFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


def _converters(patterns):
    """(route, argument, converter) of every pattern of ours (the admin's are Django's)."""
    for entry in patterns:
        if isinstance(entry, URLResolver) and entry.namespace != "admin":
            yield from _converters(entry.url_patterns)
        elif isinstance(entry, URLPattern):
            for name, converter in entry.pattern.converters.items():
                yield str(entry.pattern), name, type(converter).__name__


def test_every_id_and_token_in_the_url_conf_has_a_checked_shape():
    loose = [
        (route, name, kind)
        for route, name, kind in _converters(get_resolver().url_patterns)
        if kind not in {IdConverter.__name__, TokenConverter.__name__, "SlugConverter"}
    ]
    assert loose == []


def test_an_id_is_a_positive_number_of_64_bits():
    converter = IdConverter()
    assert converter.to_python(str(MAX_ID)) == MAX_ID
    for value in ("0", str(MAX_ID + 1)):
        with pytest.raises(ValueError):
            converter.to_python(value)


@pytest.mark.parametrize(
    ("value", "shaped"),
    [("abc-DEF_123", True), ("", False), ("\x00", False), ("a b", False), ("x" * 65, False)],
)
def test_a_token_has_the_shape_of_the_links_we_make(value, shaped):
    assert is_token(value) is shaped


@pytest.mark.parametrize(
    "path",
    [
        "/live/%00/",
        "/live/%00/board/",
        "/recap/%00/",
        "/join/%00/",
        "/signup/?invite=%00",
        "/crew/invite/%00/",
        "/crew/invite/%00x/",
    ],
)
def test_a_nul_in_a_token_is_no_page_for_a_member(member_client, path):
    response = member_client.get(path)
    assert response.status_code == 404
    assert "not valid" in response.content.decode() or "no page" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/live/%00/", "/recap/%00/", "/join/%00/", "/signup/?invite=%00"])
def test_a_nul_in_a_token_is_no_page_for_a_visitor(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.django_db
def test_a_watchers_poll_with_a_nul_in_its_token_is_no_page(client):
    response = client.get("/live/%00/board/", HTTP_IF_NONE_MATCH='"page-1-1"')
    assert response.status_code == 404


def test_revoking_an_invite_named_with_a_nul_is_no_page(member_client, crew, member):
    invite = Invite.objects.create(crew=crew, created_by=member)
    for path in ("/crew/invite/%00/revoke/", "/join/%00/"):
        assert member_client.post(path).status_code == 404
    assert Invite.objects.get(pk=invite.pk).revoked_at is None


@pytest.mark.django_db
def test_signing_up_with_a_nul_invite_is_refused_and_makes_nobody(client, django_user_model):
    data = {"invite": "\x00", "username": "eve", "password1": "x" * 20, "password2": "x" * 20}
    response = client.post("/signup/", data)
    assert response.status_code == 404
    assert "This invite link is not valid." in response.content.decode()
    assert not django_user_model.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/login/", "/admin/login/"])
def test_a_username_longer_than_the_column_is_refused_before_the_login_brake(client, path):
    response = client.post(path, {"username": "u" * 300, "password": "whatever"})
    assert response.status_code == 200  # the form again, with its message
    assert "at most 150 characters (it has 300)" in response.content.decode()
    assert not AccessAttempt.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("next_url", ["x", "games:home", "", "//evil.example/"])
def test_an_anonymous_language_switch_to_no_page_of_ours_goes_home(client, next_url):
    response = client.post("/language/", {"language": "es", "next": next_url})
    assert response.status_code == 302
    assert response["Location"] == "/"


@pytest.mark.django_db
def test_the_language_switch_goes_back_to_the_page_it_names(client):
    response = client.post("/language/", {"language": "es", "next": "/rules/?q=uno"})
    assert response["Location"] == "/rules/?q=uno"


@pytest.mark.parametrize("after", ["²", "٣", "9" * 5000, "9" * 30, "-1", " 1", "1.0"])
def test_a_new_night_after_a_session_that_is_not_a_number_starts_nothing(
    member_client, crew, after
):
    response = member_client.post("/nights/new/", {"after": after}, follow=True)
    assert response.redirect_chain[-1] == ("/nights/", 302)
    assert "is not a number this page could have sent" in response.content.decode()
    assert not GameNight.objects.filter(crew=crew).exists()


@pytest.mark.parametrize(
    "path",
    [
        "/games/9223372036854775808/",
        "/games/99999999999999999999/",
        "/games/0/",
        "/players/9223372036854775808/",
        "/decks/9223372036854775808/",
    ],
)
def test_an_id_past_64_bits_is_no_page(member_client, path):
    assert member_client.get(path).status_code == 404


@pytest.mark.parametrize("game", ["²", "١", str(2**63), "9" * 30, "-1"])
def test_the_rules_search_ignores_a_game_that_is_no_id(member_client, game):
    response = member_client.get("/rules/", {"q": "skip", "game": game})
    assert response.status_code == 200


@pytest.mark.parametrize("value", [str(2**63), "9" * 30, "²", " 1"])
def test_merging_or_linking_a_player_to_no_id_is_refused(member_client, crew, value):
    player = PlayerFactory(crew=crew, name="Dee")
    for path, field in (("merge", "into"), ("link", "member")):
        response = member_client.post(f"/players/roster/{player.pk}/{path}/", {field: value})
        assert response.status_code == 422
    player.refresh_from_db()
    assert (player.name, player.user_id) == ("Dee", None)


def test_a_write_to_an_id_past_64_bits_is_no_page(member_client, game):
    for path in (
        "/games/9223372036854775808/stop/",
        f"/games/{game.pk}/rounds/9223372036854775808/",
        "/crews/9223372036854775808/switch/",
    ):
        assert member_client.post(path, {"ending": "abandoned"}).status_code == 404
    assert Game.objects.get(pk=game.pk).ended == ""


@pytest.mark.parametrize("version", ["٣", "x", "1" * 30, "-1"])
def test_a_stop_naming_a_version_that_is_not_ascii_digits_is_refused(member_client, version, game):
    data = {"ending": "abandoned", "version": version}
    response = member_client.post(f"/games/{game.pk}/stop/", data, **HTMX)
    assert response.status_code == 422
    assert "is not a number this page could have sent" in response.content.decode()
    assert Game.objects.get(pk=game.pk).ended == ""


def test_a_delete_naming_a_version_that_is_not_ascii_digits_is_refused(member_client, game):
    response = member_client.post(f"/games/{game.pk}/delete/", {"version": "٣"}, **HTMX)
    assert response.status_code == 422
    assert Game.objects.filter(pk=game.pk).exists()


@pytest.mark.game(rounds=[("Ann", {"Ben": 10, "Cat": 10})])
def test_deleting_a_round_named_by_a_number_that_is_not_ascii_digits_is_refused(
    member_client, game
):
    response = member_client.post(f"/games/{game.pk}/rounds/delete-last/", {"number": "١"})
    assert response.status_code == 409
    assert Round.objects.filter(game=game).count() == 1
