"""The scoreboard page is rendered once per game version and language, in kept fragments
(``{% fragment %}``), and the board's rows and score are kept per version: a change (a round,
a dealer, a new live link, another language) shows at once, and each reader's forms carry
their own CSRF token, never the one of whoever rendered the fragment first."""

import re

from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.urls import reverse

from scorekeeper.games.kept import CSRF_SLOT, version_key
from scorekeeper.games.models import Game
from scorekeeper.games.services import game_new_share_token, round_delete_last
from tests.factories import GameFactory, MembershipFactory, UserFactory, play_round

PLAYERS = ["Ann", "Ben", "Cat"]


def new_game(crew) -> Game:
    game = GameFactory(crew=crew, players=PLAYERS, target=500)
    play_round(game, "Ann", Ben=1, Cat=2)
    game.refresh_from_db()
    return game


def page(client: Client, game: Game, language: str = "en") -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse("games:game_detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_new_round_shows_in_every_fragment(crew_client):
    client, crew = crew_client
    game = new_game(crew)
    first = page(client, game)
    assert 'data-next-round="2"' in first  # "table"
    assert "Delete round 1" in first  # "game-life"
    play_round(game, "Ben", Ann=3, Cat=4)
    game.refresh_from_db()
    second = page(client, game)
    assert 'data-next-round="3"' in second and 'data-next-round="2"' not in second
    assert "Delete round 2" in second and "Delete round 1" not in second
    assert 'data-standing="Ben" data-total="7"' in second  # "board"
    assert cache.get(version_key(game, "board"))[0].next_round == 3


def test_each_language_has_its_own_fragments(crew_client):
    client, crew = crew_client
    game = new_game(crew)
    english = page(client, game)
    spanish = page(client, game, "es")
    for words, palabras in [
        ("Who went out?", "¿Quién se quedó sin cartas?"),  # "round-fields"
        ("Delete the game", "Borrar la partida"),  # "game-life"
        ("House rules:", "Reglas de la casa:"),  # "table" (the referee panel)
        ("Let the other phones watch", "Que los otros teléfonos vean"),  # "share"
        ("Who deals first?", "¿Quién reparte primero?"),  # "dealer"
    ]:
        assert words in english and palabras not in english
        assert palabras in spanish and words not in spanish
    assert "Who went out?" in page(client, game)  # and English again, from its own copy


def test_a_dealer_a_rename_and_a_new_live_link_show_at_once(crew_client):
    client, crew = crew_client
    game = new_game(crew)
    before = page(client, game)
    assert "Who deals first?" in before
    client.post(reverse("games:dealer_pick", args=[game.pk]), {"dealer": "Ben"})
    assert "Who deals first?" not in page(client, game)
    old_link = game.share_token
    assert old_link in before
    game_new_share_token(game=game)
    game.refresh_from_db()
    after = page(client, game)
    assert game.share_token in after and old_link not in after  # "share"


def test_a_deleted_round_offers_undo_from_the_kept_version(crew_client):
    client, crew = crew_client
    game = new_game(crew)
    play_round(game, "Ben", Ann=3, Cat=4)
    game.refresh_from_db()
    assert "Undo delete" not in page(client, game)
    assert "Undo delete" not in page(client, game)  # kept: no deletion for this version
    round_delete_last(game=game, number=2)
    game.refresh_from_db()
    assert "Undo delete" in page(client, game)
    assert "Undo delete" in page(client, game)  # kept: the deletion, still in its window


def test_kept_fragments_carry_each_readers_own_csrf_token(crew_client):
    client, crew = crew_client
    game = new_game(crew)
    page(client, game)  # the first reader renders the fragments and keeps them
    other = Client(enforce_csrf_checks=True)
    other.force_login(MembershipFactory(crew=crew, user=UserFactory()).user)
    other.get("/")  # a session and a CSRF cookie of its own
    html = page(other, game)
    secret = other.cookies[settings.CSRF_COOKIE_NAME].value
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', html)
    assert len(tokens) >= 5  # the board's, the delete, stop and share forms, the switcher
    assert CSRF_SLOT not in html
    assert {_unmask_cipher_token(token) for token in tokens} == {secret}
    stop = other.post(
        reverse("games:game_stop", args=[game.pk]),
        {"ending": "abandoned", "version": game.version, "csrfmiddlewaretoken": tokens[0]},
    )
    assert stop.status_code == 302  # accepted: the token is this reader's


def test_each_page_gets_its_own_round_key_in_the_fields_a_round_form_has(crew_client):
    from scorekeeper.games.forms import RoundForm

    client, crew = crew_client
    game = new_game(crew)
    first, second = page(client, game), page(client, game)  # the second from the kept copy
    keys = [
        re.findall(r'name="request_key" value="([0-9a-f]{32})"', html) for html in (first, second)
    ]
    assert len(keys[0]) == len(keys[1]) == 1 and keys[0] != keys[1]
    assert "\x00" not in second
    # The kept copy writes the hidden fields out itself: the same ones the form would render.
    form = RoundForm(
        players=PLAYERS, edition=game.edition, initial={"number": 2, "request_key": "k"}
    )
    rendered = "".join(str(field) for field in form.hidden_fields())
    ours = re.search(r'<input type="hidden" name="request_key".*?id="id_version">', first).group(0)
    assert ours.replace(keys[0][0], "k") == rendered


def test_the_kept_menu_follows_the_sign_in_and_the_language(crew_client):
    client, crew = crew_client
    game = new_game(crew)
    signed_in = page(client, game)
    visitor = Client().get(reverse("referee:rules_search")).content.decode()
    menu = re.compile(r'<nav aria-label="[^"]*">(.*?)</nav>', re.DOTALL)
    assert "/login/" not in menu.search(signed_in).group(1)
    assert "/login/" in menu.search(visitor).group(1)
    spanish = page(client, game, "es")
    assert menu.search(spanish).group(1) != menu.search(signed_in).group(1)
    assert 'lang="es" class="link-button" aria-pressed="true"' in spanish  # the switcher
    assert 'lang="en" class="link-button" aria-pressed="true"' in signed_in
