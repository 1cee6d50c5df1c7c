import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game, Hand, Round
from scorekeeper.live.views import LIVE_FOLLOW_AFTER_END
from scorekeeper.roster.models import Player
from tests.factories import GameFactory, play_round, round_form

HTMX = {"HTTP_HX_REQUEST": "true"}


# Kitty cards (the special card on the keypad), to a target two big rounds reach.
pytestmark = pytest.mark.game(edition="kitty", target=200)


def test_the_game_page_needs_a_login(client, db):
    game = GameFactory()
    response = client.get(reverse("games:game_detail", args=[game.pk]))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_another_crews_game_is_not_found(crew_client):
    client, _ = crew_client
    other = GameFactory()
    assert client.get(reverse("games:game_detail", args=[other.pk])).status_code == 404
    post = client.post(
        reverse("games:round_create", args=[other.pk]), round_form("Ann", Ben=1, Cat=2)
    )
    assert post.status_code == 404
    assert Round.objects.count() == 0


def test_the_scoreboard_shows_players_keypad_and_special_card(crew_client, game):
    client, _ = crew_client
    text = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    for name in ("Ann", "Ben", "Cat", "Kitty card", "Save round 1"):
        assert name in text
    assert 'data-key="W+4"' in text
    assert 'data-key="X"' in text
    assert f'href="/games/{game.pk}/record/"' in text
    assert f'href="/nights/{game.night_id}/"' in text


def test_a_round_by_keypad_and_totals_updates_the_board_in_place(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    response = client.post(url, round_form("Ann", Ben="*7 W X", Cat=12), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert 'id="table"' in text and "<html" not in text
    assert "119" in text  # 7 + 50 + 50 + 12
    assert response["HX-Reswap"] == "outerHTML show:#table:top"
    round_ = Round.objects.get()
    assert round_.winner.name == "Ann"
    assert Hand.objects.get(player__name="Ben").cards == "*7 W X"
    assert Hand.objects.get(player__name="Cat").points == 12


def test_without_javascript_a_round_post_redirects_to_the_board(crew_client, game):
    client, _ = crew_client
    response = client.post(
        reverse("games:round_create", args=[game.pk]), round_form("Ben", Ann=3, Cat=4)
    )
    assert response.status_code == 302
    assert Round.objects.count() == 1


def test_too_many_wilds_is_refused_inline_and_keeps_the_entry(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    response = client.post(url, round_form("Ann", Ben="W W W", Cat="W W *5"), **HTMX)
    assert response.status_code == 422
    text = response.content.decode()
    assert "5 × W (Wild) entered, but the deck holds only four" in text
    assert 'value="W W *5"' in text
    assert 'id="round-errors"' in text
    assert response["HX-Reswap"] == "outerHTML show:#round-errors:top"
    assert Round.objects.count() == 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (round_form("", Ben=1, Cat=2), "Tap the player who went out."),
        (round_form("Ann", Ben=1), "Enter Cat&#x27;s cards or their total."),
        (round_form("Ann", Ben="Q9", Cat=2), "&#x27;Q9&#x27; is not a card"),
        (round_form("Ann", Ben=1, Cat=-3), "must be a whole number"),
        ({**round_form("Ann", Ben=1, Cat=2), "cards_2": "*7"}, "not both"),
        (round_form("Zed", Ben=1, Cat=2), "Pick the player who went out"),
    ],
)
def test_bad_rounds_get_a_specific_message_and_change_nothing(crew_client, game, data, message):
    client, _ = crew_client
    response = client.post(reverse("games:round_create", args=[game.pk]), data, **HTMX)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Round.objects.count() == 0


def test_a_resent_round_is_stored_once(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    data = round_form("Ann", request_key="abc123", Ben=5, Cat=6)
    client.post(url, data, **HTMX)
    client.post(url, data, **HTMX)
    assert Round.objects.count() == 1


def test_reaching_the_target_ends_the_game_with_a_winner_and_rematch(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    client.post(url, round_form("Ann", Ben="W W W", Cat="W +2".replace("+2", "*+2")), **HTMX)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    text = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Ann wins!" in text
    assert "Save round" not in text
    response = client.post(reverse("games:rematch", args=[game.pk]))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("games:game_detail", args=[rematch.pk])
    assert [s.player.name for s in rematch.seats.all()] == ["Ann", "Ben", "Cat"]
    assert (rematch.edition, rematch.scoring, rematch.target) == ("kitty", "standard", 200)


def test_a_round_after_the_end_is_refused(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    client.post(url, round_form("Ann", Ben=150, Cat=60), **HTMX)
    response = client.post(url, round_form("Ben", number=2, Ann=1, Cat=2), **HTMX)
    assert response.status_code == 422
    assert "after the game ended" in response.content.decode()
    assert Round.objects.count() == 1


@pytest.mark.game(scoring="lowest", target=50)
def test_lowest_mode_shares_an_equal_win(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    client.post(url, round_form("Ann", Ben=30, Cat=10), **HTMX)
    client.post(url, round_form("Cat", number=2, Ann=10, Ben=25), **HTMX)
    text = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Shared win: Ann and Cat" in text


@pytest.mark.game(scoring="lowest", target=100)
def test_lowest_mode_says_how_far_each_player_is_from_the_target_that_ends_it(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    client.post(url, round_form("Ann", Ben=30, Cat=10), **HTMX)
    page = reverse("games:game_detail", args=[game.pk])
    text = client.get(page).content.decode()
    assert "100 before the target" in text  # Ann, who leads: farthest from the end
    assert "70 before the target" in text and "90 before the target" in text
    assert "to go" not in text
    spanish = client.get(page, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "a 100 de la meta" in spanish and "faltan" not in spanish


def test_editing_a_past_round_rescores_the_game(crew_client, game):
    client, _ = crew_client
    url = reverse("games:round_create", args=[game.pk])
    client.post(url, round_form("Ann", Ben=5, Cat=6), **HTMX)
    client.post(url, round_form("Ben", number=2, Ann=7, Cat=8), **HTMX)
    edit = reverse("games:round_change", args=[game.pk, 1])
    form = client.get(edit).content.decode()
    assert 'value="5"' in form
    response = client.post(edit, round_form("Cat", Ann=20, Ben=30))
    assert response.status_code == 302
    first = Round.objects.get(number=1)
    assert first.winner.name == "Cat"
    assert sorted(h.points for h in first.hands.all()) == [20, 30]
    text = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert ">50<" in text.replace(" ", "")


def test_an_edit_that_breaks_the_deck_is_refused(crew_client, game):
    client, _ = crew_client
    client.post(
        reverse("games:round_create", args=[game.pk]), round_form("Ann", Ben=5, Cat=6), **HTMX
    )
    edit = reverse("games:round_change", args=[game.pk, 1])
    response = client.post(edit, round_form("Ann", Ben="X X X", Cat="X X"))
    assert response.status_code == 422
    assert "only four" in response.content.decode()
    assert Round.objects.get().hands.get(player__name="Ben").points == 5


def test_delete_last_round_and_undo(crew_client, game):
    client, _ = crew_client
    client.post(
        reverse("games:round_create", args=[game.pk]), round_form("Ann", Ben=5, Cat=6), **HTMX
    )
    response = client.post(reverse("games:round_delete", args=[game.pk]), {"number": 1}, **HTMX)
    assert Round.objects.count() == 0
    text = response.content.decode()
    assert "Round 1 deleted" in text
    deletion = text.split('name="deletion" value="')[1].split('"')[0]
    # The undo survives a reload.
    assert (
        f'name="deletion" value="{deletion}"'
        in client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    )
    client.post(reverse("games:round_undo", args=[game.pk]), {"deletion": deletion}, **HTMX)
    restored = Round.objects.get()
    assert restored.winner.name == "Ann"
    assert sorted(h.points for h in restored.hands.all()) == [5, 6]


def test_undo_of_an_unknown_deletion_is_refused(crew_client, game):
    client, _ = crew_client
    response = client.post(reverse("games:round_undo", args=[game.pk]), {"deletion": "99"}, **HTMX)
    assert response.status_code == 409
    assert "can&#x27;t be put back" in response.content.decode()
    assert Round.objects.count() == 0


def test_pick_dealer_and_the_deal_moves_left(crew_client, game):
    client, _ = crew_client
    client.post(reverse("games:dealer_pick", args=[game.pk]), {"dealer": "Cat"}, **HTMX)
    game.refresh_from_db()
    assert game.first_dealer.name == "Cat"
    response = client.post(
        reverse("games:round_create", args=[game.pk]), round_form("Ann", Ben=1, Cat=2), **HTMX
    )
    assert "<strong>Ann</strong> deals round 2" in response.content.decode()


def test_draw_for_deal_picks_the_highest_number(crew_client, game):
    client, _ = crew_client
    data = {"draw_0": "*5", "draw_1": "W", "draw_2": "*9"}
    client.post(reverse("games:dealer_draw", args=[game.pk]), data, **HTMX)
    game.refresh_from_db()
    assert game.first_dealer.name == "Cat"


def test_draw_for_deal_tie_asks_for_a_redraw(crew_client, game):
    client, _ = crew_client
    data = {"draw_0": "*9", "draw_1": "*+2", "draw_2": "*9"}
    response = client.post(reverse("games:dealer_draw", args=[game.pk]), data, **HTMX)
    assert "Ann and Cat draw again" in response.content.decode()
    game.refresh_from_db()
    assert game.first_dealer is None


def test_new_game_seats_players_in_order_and_starts(crew_client):
    client, crew = crew_client
    Player.objects.create(crew=crew, name="Ann")
    url = reverse("newgame:game_new")
    state = {"edition": "cheese-touch", "scoring": "lowest", "target_choice": "500"}
    page = client.post(url, {**state, "action": "add:Ann"}, **HTMX)
    assert 'name="seat" value="Ann"' in page.content.decode()
    page = client.post(
        url, {**state, "seat": ["Ann"], "new_player": "Ben", "action": "new"}, **HTMX
    )
    assert 'name="seat" value="Ben"' in page.content.decode()
    page = client.post(url, {**state, "seat": ["Ann", "Ben"], "action": "up:1"}, **HTMX)
    text = page.content.decode()
    assert text.index('value="Ben"') < text.index('value="Ann"')
    response = client.post(
        url,
        {
            **state,
            "seat": ["Ben", "Ann"],
            "target_choice": "custom",
            "target_custom": "300",
            "action": "start",
        },
    )
    game = Game.objects.get()
    assert response["Location"] == reverse("games:game_detail", args=[game.pk])
    assert [s.player.name for s in game.seats.all()] == ["Ben", "Ann"]
    assert (game.edition, game.scoring, game.target) == ("cheese-touch", "lowest", 300)
    assert game.night.crew == crew
    assert Player.objects.filter(crew=crew, name="Ben").exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"seat": ["Ann"]}, "Seat 2 to 10 players"),
        ({"seat": ["Ann", "Ben"], "target_choice": "custom"}, "Enter a target"),
        ({"seat": ["Ann", "Ben"], "target_choice": "custom", "target_custom": "0"}, "greater than"),
        ({"seat": ["Ann", "Ben"], "edition": "pokemon"}, "There is no edition called"),
        ({"seat": ["Ann", "Ben"], "edition": ""}, "This field is required."),
        ({"seat": ["Ann", "Ben"], "scoring": "golf"}, "Choose a scoring mode from the list."),
        ({"seat": ["Ann", "Ben"], "target_choice": "12"}, "Choose a target from the list"),
    ],
)
def test_new_game_refusals_start_nothing(crew_client, extra, message):
    client, _ = crew_client
    data = {"edition": "classic", "scoring": "standard", "target_choice": "500", "action": "start"}
    response = client.post(reverse("newgame:game_new"), {**data, **extra}, **HTMX)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.game(players=["Ann", "Ben"])
def test_live_page_opens_without_login_and_answers_304_when_unchanged(client, game):
    live = reverse("live:live_board", args=[game.share_token])
    first = client.get(live, **HTMX)
    assert first.status_code == 200
    assert "Ann" in first.content.decode()
    assert "Save round" not in first.content.decode()
    etag = first["ETag"]
    again = client.get(live, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert again.status_code == 304
    play_round(game, "Ann", Ben=9)
    changed = client.get(live, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


@pytest.mark.game(players=["Ann", "Ben"])
def test_the_live_page_has_no_controls_that_change_anything(client, game):
    text = client.get(reverse("live:live", args=[game.share_token])).content.decode()
    # The page's only form is the footer's language switcher: it changes the viewer's pages.
    main = text.split('id="main"')[1].split('<footer class="site-footer">')[0]
    assert "<form" not in main
    assert "every 4s" in text


@pytest.mark.game(players=["Ann", "Ben"], target=100)
def test_a_game_over_is_polled_quickly_for_a_while_then_slowly(client, game):
    """Issue 26, defect 10: the watchers follow a rematch within the usual 4 s for a while
    after the end; a game long over is polled every 12 s, and a watcher that only ever got
    304s is told the slower pace (the ETag names it)."""
    live = reverse("live:live_board", args=[game.share_token])
    play_round(game, "Ann", Ben=120)
    just_over = client.get(live, **HTMX)
    assert "Ann wins!" in just_over.content.decode()
    assert 'hx-trigger="every 4s"' in just_over.content.decode()
    assert client.get(live, HTTP_IF_NONE_MATCH=just_over["ETag"], **HTMX).status_code == 304
    # Only this long after the end does the pace slow down.
    Game.objects.filter(pk=game.pk).update(
        finished_at=timezone.now() - LIVE_FOLLOW_AFTER_END + dt.timedelta(seconds=30)
    )
    assert client.get(live, HTTP_IF_NONE_MATCH=just_over["ETag"], **HTMX).status_code == 304
    Game.objects.filter(pk=game.pk).update(
        finished_at=timezone.now() - LIVE_FOLLOW_AFTER_END - dt.timedelta(seconds=1)
    )
    later = client.get(live, HTTP_IF_NONE_MATCH=just_over["ETag"], **HTMX)
    assert later.status_code == 200 and later["ETag"] != just_over["ETag"]
    assert 'hx-trigger="every 12s"' in later.content.decode()
    assert client.get(live, HTTP_IF_NONE_MATCH=later["ETag"], **HTMX).status_code == 304
    page = client.get(reverse("live:live", args=[game.share_token])).content.decode()
    assert 'hx-trigger="every 12s"' in page  # the whole page as well


def test_revoking_the_share_link_makes_the_old_one_fail(crew_client, game):
    client, _ = crew_client
    old = game.share_token
    client.post(reverse("games:share_reset", args=[game.pk]))
    game.refresh_from_db()
    assert game.share_token != old
    assert client.get(reverse("live:live", args=[old])).status_code == 404
    assert client.get(reverse("live:live", args=[game.share_token])).status_code == 200


def test_the_share_qr_code_is_an_svg(crew_client, game):
    client, _ = crew_client
    response = client.get(reverse("live:share_qr", args=[game.pk]))
    assert response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in response.content[:200]
    assert b'xmlns="http://www.w3.org/2000/svg"' in response.content


@pytest.mark.parametrize("rounds", [1, 12])
def test_page_queries_do_not_grow_with_rounds(crew_client, game, rounds, django_assert_num_queries):
    client, _ = crew_client
    for number in range(rounds):
        loser = "Ben" if number % 2 == 0 else "Ann"
        play_round(game, ["Ann", "Ben"][number % 2], Cat=1, **{loser: 1})
    client.get("/")  # the first request of a session stores the current crew in it
    # The session, the user, the game row with its crew (the membership checked in the same
    # query); this version is new, so the game is read whole (the game, its seats, rounds and
    # challenges, and the version check of a consistent read); the page also looks for a
    # deleted round that Undo could put back.
    with django_assert_num_queries(9):
        client.get(reverse("games:game_detail", args=[game.pk]))
    # The next reader of the same version: the session, the user and the game row; the rows,
    # their score and the last deletion are kept for the version.
    with django_assert_num_queries(3):
        client.get(reverse("games:game_detail", args=[game.pk]))
    watcher = Client()  # the other phones: no session, no sign-in
    # The stamp and the game row: the board of this version is kept (the table's page scored
    # it), and nothing is being counted.
    with django_assert_num_queries(2):
        watcher.get(reverse("live:live", args=[game.share_token]))
    board_url = reverse("live:live_board", args=[game.share_token])
    with django_assert_num_queries(2):
        etag = watcher.get(board_url)["ETag"]
    with django_assert_num_queries(1):
        assert watcher.get(board_url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_assert_num_queries(4):  # the kept board, and the round's own version
        client.get(reverse("games:round_change", args=[game.pk, 1]))


def test_crew_is_required(client, db):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("loner", password="x-long-password")
    client.force_login(user)
    assert client.get(reverse("newgame:game_new"))["Location"] == reverse("accounts:crew_new")
    assert Crew.objects.count() == 0


def test_house_rules_agreed_at_the_start_are_stored(crew_client):
    client, _ = crew_client
    data = {
        "edition": "classic",
        "scoring": "standard",
        "target_choice": "500",
        "seat": ["Ann", "Ben"],
        "house-stack_draw": "on",
        "house-jump_in": "on",
        "house-uno_penalty": "3",
        "house-house_note": "Sevens are lucky",
        "action": "start",
    }
    client.post(reverse("newgame:game_new"), data)
    game = Game.objects.get()
    assert game.house_rules == {"stack-draw": True, "jump-in": True, "uno-penalty": 3}
    assert game.house_note == "Sevens are lucky"


@pytest.mark.parametrize(
    ("extra", "message"),
    [({"house-uno_penalty": "99"}, "99"), ({"house-uno_penalty": "two"}, "two")],
)
def test_bad_house_rules_start_nothing(crew_client, extra, message):
    client, _ = crew_client
    data = {"edition": "classic", "scoring": "standard", "target_choice": "500"}
    data |= {"seat": ["Ann", "Ben"], "action": "start", **extra}
    response = client.post(reverse("newgame:game_new"), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize("games", [1, 8])
def test_dashboard_and_new_game_queries_do_not_grow(crew_client, games, django_assert_num_queries):
    client, crew = crew_client
    for _ in range(games):
        GameFactory(crew=crew, players=["Ann", "Ben", "Cat"])
    client.get("/")  # stores the current crew in the session
    # The recent games, their seats and players; games deleted a moment ago (Undo); the last
    # night's finished games (none here); the current season's named seasons and its leader.
    with django_assert_num_queries(10):
        client.get("/")
    # The crew's players, its members who have no player yet (offered by user name), and its
    # own decks.
    with django_assert_num_queries(6):
        client.get(reverse("newgame:game_new"))


def test_the_tables_live_link_follows_it_into_the_rematch(crew_client, game):
    client, _ = crew_client
    link = game.share_token
    live = reverse("live:live_board", args=[link])
    client.post(reverse("games:round_create", args=[game.pk]), round_form("Ann", Ben=150, Cat=60))
    over = client.get(live, **HTMX)
    assert "Ann wins!" in over.content.decode()
    assert "every 4s" in over.content.decode()  # just over: the rematch is followed at once
    client.post(reverse("games:rematch", args=[game.pk]))
    rematch = Game.objects.exclude(pk=game.pk).get()
    game.refresh_from_db()
    assert (rematch.share_token, rematch.rematch_of) == (link, game)
    assert game.share_token != link  # the finished game keeps a link of its own
    now = client.get(live, HTTP_IF_NONE_MATCH=over["ETag"], **HTMX)
    assert now.status_code == 200
    text = now.content.decode()
    assert f'data-game="{rematch.pk}"' in text and "Ann wins!" not in text
    assert "every 4s" in text
    old_game = client.get(reverse("live:live", args=[game.share_token])).content.decode()
    assert "Ann wins!" in old_game
