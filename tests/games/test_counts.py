"""A round counted by the whole table: the scorekeeper says who went out, each other player
sends their own hand from their seat's link, and the round is stored once, exactly."""

import html
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games.models import Count, CountedHand, Game, Round, Seat
from tests.factories import GameFactory, MembershipFactory, play_round
from tests.threads import at_once, failures

PLAYERS = ["Ann", "Ben", "Cat", "Dee"]
HTMX = {"HTTP_HX_REQUEST": "true"}
# A hand's send that is not the last: the seat, the count open (read before the lock), a
# savepoint, the game's row lock, its seats, the count, its hands, the hand written, the
# count's version moved on, the savepoint released.
SEND_QUERIES = 10
pytestmark = [pytest.mark.django_db, pytest.mark.game(players=PLAYERS)]


@pytest.fixture
def table(member_client, game):
    """The scorekeeper's phone and the game the table plays."""
    return member_client, game


def token(game, name):
    return Seat.objects.get(game=game, player__name=name).link_token


def start(client, game, winner="Ann", number=1, **extra):
    data = {"winner": winner, "number": number, "went_out_on": "other", **extra}
    return client.post(reverse("games:count_start", args=[game.pk]), data, **HTMX)


def send(link, cards="", total="", request_key="", client=None, **extra):
    client = client or Client()
    data = {"cards": cards, "total": total, "request_key": request_key, **extra}
    return client.post(reverse("live:seat_hand", args=[link]), data)


def text(response) -> str:
    return html.unescape(response.content.decode())


def totals(game):
    from scorekeeper.games.scoreboard import board_for

    loaded = Game.objects.with_rounds().get(pk=game.pk)
    return {row.name: row.total for row in board_for(loaded).standings}


def test_every_seat_has_its_own_link_and_its_page_shows_the_board(table):
    _, game = table
    links = [seat.link_token for seat in Seat.objects.filter(game=game)]
    assert len(set(links)) == 4 and all(links)
    page = Client().get(reverse("live:seat", args=[links[1]])).content.decode()
    assert "Ben at the table" in page and 'data-standing="Ann"' in page
    assert 'id="hand-form"' not in page  # nothing is being counted


def test_the_round_counted_by_every_phone_is_stored_once_when_the_last_hand_is_in(table):
    client, game = table
    assert start(client, game).status_code == 200
    game.refresh_from_db()
    assert game.counting == 1
    assert (
        'id="hand-form"'
        in Client().get(reverse("live:seat", args=[token(game, "Ben")])).content.decode()
    )
    winner_page = Client().get(reverse("live:seat", args=[token(game, "Ann")])).content.decode()
    assert "You went out in round 1" in winner_page and 'id="hand-form"' not in winner_page
    assert send(token(game, "Ben"), cards="R7 W").status_code == 200  # 7 + 50
    assert send(token(game, "Cat"), total="12").status_code == 200
    assert not Round.objects.filter(game=game).exists()
    last = send(token(game, "Dee"), cards="B+2")  # 20: the last hand stores the round
    assert "Round 1 is saved" in last.content.decode()
    assert Round.objects.filter(game=game).count() == 1
    assert totals(game) == {"Ann": 89, "Ben": 0, "Cat": 0, "Dee": 0}
    count = Count.objects.get(game=game)
    assert count.state == Count.State.STORED
    game.refresh_from_db()
    assert game.counting is None


ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"
)
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)


def test_a_hand_sent_twice_keeps_the_latest_and_the_trail_says_which_phone(table):
    client, game = table
    start(client, game)
    ben = token(game, "Ben")
    send(ben, total="30", phone_id="3f2a", client=Client(HTTP_USER_AGENT=ANDROID))
    send(ben, total="25", phone_id="B001", client=Client(HTTP_USER_AGENT=IPHONE))
    hand = CountedHand.objects.get(player__name="Ben")
    assert (hand.total, hand.points, hand.phone) == (25, 25, "Safari · iPhone #B001")
    assert [(mark["phone"], mark["points"]) for mark in hand.trail] == [
        ("Chrome · Android #3F2A", 30),
        ("Safari · iPhone #B001", 25),
    ]
    # The game's trail shows the count and each send, with its phone.
    send(token(game, "Cat"), total="2")  # no browser named, no phone name: the seat's phone
    client.post(reverse("games:count_stop", args=[game.pk]), {"number": 1}, **HTMX)
    page = text(client.get(reverse("history:game_record", args=[game.pk])))
    assert "Round 1 counted on every phone: " in page and "Ann went out." in page
    assert "Ben's hand for round 1 sent from Chrome · Android #3F2A at " in page
    assert ": 30 points." in page and ": 25 points." in page
    assert "Ben's hand for round 1 sent from Safari · iPhone #B001 at " in page
    assert "Cat's hand for round 1 sent from Cat's phone at " in page
    assert "The count of round 1 was cancelled at " in page


@pytest.mark.parametrize(
    ("agent", "phone_id", "label"),
    [
        (ANDROID, "", "Chrome · Android"),
        (IPHONE, "0a0a", "Safari · iPhone #0A0A"),
        ("curl/8.0", "zzzz", ""),  # nothing known, and a name the page would never make
        ("", "12345", ""),
    ],
)
def test_a_phone_is_named_by_its_browser_its_system_and_the_name_its_page_keeps(
    agent, phone_id, label
):
    from scorekeeper.live.views import phone_label

    assert phone_label(agent, phone_id) == label


def test_a_retry_of_the_same_send_is_counted_once(table):
    client, game = table
    start(client, game)
    ben = token(game, "Ben")
    send(ben, total="30", request_key="k1")
    response = send(ben, total="30", request_key="k1")
    assert "Already counted: 30 points." in response.content.decode()
    assert len(CountedHand.objects.get(player__name="Ben").trail) == 1


def test_a_retry_that_arrives_after_its_round_was_stored_is_answered_as_counted(table):
    client, game = table
    start(client, game)
    send(token(game, "Ben"), total="5", request_key="late")
    send(token(game, "Cat"), total="6")
    send(token(game, "Dee"), total="7")
    response = send(token(game, "Ben"), total="5", request_key="late")
    assert response.status_code == 200 and "Already counted: 5 points." in response.content.decode()
    assert Round.objects.filter(game=game).count() == 1


def test_a_hand_sent_after_the_round_was_stored_is_refused_and_changes_nothing(table):
    client, game = table
    start(client, game)
    for name in ("Ben", "Cat", "Dee"):
        send(token(game, name), total="3")
    before = (Round.objects.get().entry, Game.objects.get(pk=game.pk).version)
    response = send(token(game, "Ben"), total="40")
    assert response.status_code == 409
    assert (
        "Round 1 was already saved — ask the scorekeeper to correct it."
        in response.content.decode()
    )
    assert (Round.objects.get().entry, Game.objects.get(pk=game.pk).version) == before


def test_a_hand_with_nothing_being_counted_is_refused(table):
    _, game = table
    response = send(token(game, "Ben"), total="4")
    assert response.status_code == 409
    assert "No round is being counted" in response.content.decode()
    assert not CountedHand.objects.exists()


@pytest.mark.parametrize(
    ("cards", "total", "message"),
    [
        ("", "", "Enter Ben's cards or their total."),
        ("R7", "7", "Give Ben's cards or a total, not both."),
        ("", "12a", "Ben's total “12a” must be a whole number"),
        ("", "٣", "must be a whole number"),
        ("Q9", "", "Q9"),
    ],
)
def test_a_hand_the_round_form_would_refuse_is_refused_in_its_words(table, cards, total, message):
    client, game = table
    start(client, game)
    version = Game.objects.get(pk=game.pk).version
    response = send(token(game, "Ben"), cards=cards, total=total)
    assert response.status_code == 422
    assert message in text(response)
    assert not CountedHand.objects.exists()
    assert Game.objects.get(pk=game.pk).version == version


def test_the_winner_s_link_has_no_hand_to_send(table):
    client, game = table
    start(client, game)
    response = send(token(game, "Ann"), total="4")
    assert response.status_code == 422 and "Ann went out in round 1" in text(response)


def test_a_link_sends_only_its_own_seat_s_hand(table):
    client, game = table
    start(client, game)
    send(token(game, "Ben"), total="9", player="Cat", seat="2", name="Cat")
    assert list(CountedHand.objects.values_list("player__name", "points")) == [("Ben", 9)]


def test_a_revoked_link_and_an_unknown_one_answer_404_and_change_nothing(table):
    client, game = table
    start(client, game)
    ben = token(game, "Ben")
    response = client.post(
        reverse("games:seat_link", args=[game.pk, 2]), {"action": "revoke"}, follow=True
    )
    assert "Ben's link is revoked." in text(response)
    assert send(ben, total="3").status_code == 404
    assert Client().get(reverse("live:seat", args=[ben])).status_code == 404
    assert send("not-a-link-at-all", total="3").status_code == 404
    assert not CountedHand.objects.exists()


def test_a_new_link_replaces_the_old_one(table):
    client, game = table
    old = token(game, "Ben")
    client.post(reverse("games:seat_link", args=[game.pk, 2]), {"action": "renew"})
    new = token(game, "Ben")
    assert new and new != old
    assert Client().get(reverse("live:seat", args=[old])).status_code == 404
    assert Client().get(reverse("live:seat", args=[new])).status_code == 200


def test_another_crew_cannot_touch_a_game_s_seat_links(table):
    _, game = table
    stranger = Client()
    stranger.force_login(MembershipFactory().user)
    response = stranger.post(reverse("games:seat_link", args=[game.pk, 2]), {"action": "revoke"})
    assert response.status_code == 404
    assert Seat.objects.get(game=game, number=1).link_token


def test_a_link_of_another_game_cannot_send_into_this_one(table):
    client, game = table
    other = GameFactory(crew=game.crew, players=["Ann", "Ben"])
    start(client, game)
    response = send(token(other, "Ben"), total="3")
    assert response.status_code == 409  # its own game counts nothing
    assert not CountedHand.objects.exists()


def test_the_scorekeeper_saves_with_the_hands_there_are_and_a_late_hand_is_refused(table):
    client, game = table
    start(client, game, winner="Cat")
    send(token(game, "Ann"), total="10")
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert re.search(r'name="total_0"[^>]*value="10"', page)  # the form holds the hand sent
    assert 'data-count-seat="Ann" data-state="sent"' in page
    data = {"winner": "Cat", "number": 1, "went_out_on": "other", "request_key": "sk"}
    data |= {"total_0": "10", "total_1": "4", "total_3": "6"}
    data |= {f"cards_{i}": "" for i in range(4)} | {"total_2": ""}
    assert (
        client.post(reverse("games:round_create", args=[game.pk]), data, **HTMX).status_code == 200
    )
    assert totals(game)["Cat"] == 20
    assert Count.objects.get().state == Count.State.STORED
    assert send(token(game, "Ben"), total="4").status_code == 409
    assert Round.objects.count() == 1


def test_the_count_can_be_cancelled_and_the_round_entered_on_the_scorekeeper_s_phone(table):
    client, game = table
    start(client, game)
    send(token(game, "Ben"), total="10")
    client.post(reverse("games:count_stop", args=[game.pk]), {"number": 1}, **HTMX)
    assert Count.objects.get().state == Count.State.CANCELLED
    assert Game.objects.get(pk=game.pk).counting is None
    assert send(token(game, "Cat"), total="3").status_code == 409


def test_a_second_count_is_refused_while_one_is_open_and_the_same_tap_again_is_the_same(table):
    client, game = table
    assert start(client, game).status_code == 200
    assert start(client, game).status_code == 200  # a retry: the count already open
    response = start(client, game, winner="Ben")
    assert (
        response.status_code == 409
        and "Round 1 is already being counted" in response.content.decode()
    )
    assert Count.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "status"),
    [({"winner": "Zed"}, 422), ({"number": 2}, 409), ({"number": "٣"}, 422), ({"number": ""}, 409)],
)
def test_a_count_for_no_player_or_the_wrong_round_is_refused(table, data, status):
    client, game = table
    response = start(client, game, **data)
    assert response.status_code == status
    assert not Count.objects.exists() and Game.objects.get(pk=game.pk).counting is None


def test_the_count_panel_polls_while_counting_and_reloads_the_page_when_it_is_over(table):
    client, game = table
    start(client, game)
    url = reverse("games:count_panel", args=[game.pk]) + "?count=1"
    panel = client.get(url)
    assert (
        panel.status_code == 200
        and 'data-count-seat="Ben" data-state="counting"' in panel.content.decode()
    )
    send(token(game, "Ben"), total="8")
    assert 'data-count-seat="Ben" data-state="sent"' in client.get(url).content.decode()
    for name in ("Cat", "Dee"):
        send(token(game, name), total="1")
    over = client.get(url)
    assert over.status_code == 204 and over["HX-Refresh"] == "true"


def test_the_seat_page_reloads_when_a_count_opens(table):
    client, game = table
    url = reverse("live:seat_board", args=[token(game, "Ben")])
    assert Client().get(url + "?count=").status_code == 200
    start(client, game)
    opened = Client().get(url + "?count=")
    assert opened.status_code == 204 and opened["HX-Refresh"] == "true"
    first = Client().get(url + "?count=1")
    assert first.status_code == 200
    assert Client().get(url + "?count=1", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_the_links_follow_the_table_into_the_rematch(table):
    client, game = table
    links = {name: token(game, name) for name in PLAYERS}
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    client.post(reverse("games:rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    assert {name: token(rematch, name) for name in PLAYERS} == links
    assert not Seat.objects.filter(game=game).exclude(link_token=None).exists()


def test_a_round_deleted_while_counting_cancels_the_count(table):
    from scorekeeper.games.services import locked_game, round_record

    client, game = table
    with locked_game(crew=game.crew, game_id=game.pk) as locked:
        round_record(game=locked, winner="Ann", hands={"Ben": 1, "Cat": 1, "Dee": 1})
    start(client, game, number=2)
    client.post(reverse("games:round_delete", args=[game.pk]), {"number": 1}, **HTMX)
    assert Count.objects.get().state == Count.State.CANCELLED
    assert send(token(game, "Ben"), total="2").status_code == 409


@pytest.mark.django_db(transaction=True)
def test_hands_sent_at_once_from_every_phone_store_the_round_exactly_once():
    """Nine seats send their hands at the same moment (each twice, as a retry would): one
    round, with every hand, once."""
    names = [f"P{n}" for n in range(10)]
    game = GameFactory(players=names, target=10_000)
    scorekeeper = Client()
    scorekeeper.force_login(MembershipFactory(crew=game.crew).user)
    start(scorekeeper, game, winner="P0")
    links = [token(game, name) for name in names[1:]] * 2

    def phone(index):
        seat = index % 9
        return send(links[index], total=str(seat + 1), request_key=f"k{seat}").status_code

    results = at_once(phone, len(links))
    assert not failures(results), failures(results)
    assert set(results) <= {200, 409}
    assert Round.objects.filter(game=game).count() == 1
    assert totals(game)["P0"] == sum(range(1, 10))
    assert Count.objects.get().state == Count.State.STORED


def test_a_send_from_the_page_s_htmx_answers_with_the_hand_part_alone(table):
    client, game = table
    start(client, game)
    response = Client().post(
        reverse("live:seat_hand", args=[token(game, "Ben")]),
        {"total": "11", "cards": "", "request_key": "h"},
        HTTP_HX_REQUEST="true",
    )
    body = text(response)
    assert response.status_code == 200 and body.lstrip().startswith('<div id="seat-hand">')
    assert "Sent: 11 points." in body and "data-standing" not in body
    refused = Client().post(
        reverse("live:seat_hand", args=[token(game, "Cat")]),
        {"total": "x", "cards": ""},
        HTTP_HX_REQUEST="true",
    )
    assert refused.status_code == 422 and "must be a whole number" in text(refused)


def test_the_live_board_shows_each_seat_s_state_and_polls_quicker_while_counting(table):
    client, game = table
    board = reverse("live:live_board", args=[game.share_token])
    assert 'hx-trigger="every 4s"' in text(Client().get(board))
    start(client, game)
    send(token(game, "Ben"), total="8")
    page = text(Client().get(board))
    assert 'hx-trigger="every 1s"' in page
    assert 'data-count-seat="Ben" data-state="sent"' in page
    assert 'data-count-seat="Cat" data-state="counting"' in page


@pytest.mark.django_db(transaction=True)
def test_the_seats_of_the_release_before_each_get_a_link_of_their_own():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("games", "0013_nouns_to_their_rooms")]
    MigrationExecutor(connection).migrate(before)
    try:
        apps = MigrationExecutor(connection).loader.project_state(before).apps
        crew = apps.get_model("crews", "Crew").objects.create(name="Old")
        night = apps.get_model("nights", "GameNight").objects.create(crew=crew, date="2026-11-20")
        Player = apps.get_model("roster", "Player")
        game = apps.get_model("games", "Game").objects.create(
            crew=crew, night=night, share_token="old-share"
        )
        for number, name in enumerate(PLAYERS):
            player = Player.objects.create(crew=crew, name=name)
            apps.get_model("games", "Seat").objects.create(
                crew=crew, game=game, player=player, number=number
            )
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
        links = list(Seat.objects.filter(game_id=game.pk).values_list("link_token", flat=True))
        assert len(links) == 4 and all(links) and len(set(links)) == 4
        assert Game.objects.get(pk=game.pk).counting is None
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )


def test_a_hand_moves_the_count_s_version_and_the_polls_see_it_but_not_the_board_s(table):
    """A hand changes no total: the game's version (and the board kept for it) stay, and the
    count's version moves on, so every poll sees the hand at its next ask."""
    client, game = table
    play_round(game, "Ann", number=1, Ben=5, Cat=6, Dee=7)
    start(client, game, number=2)
    board = reverse("live:live_board", args=[game.share_token])
    seat_board = reverse("live:seat_board", args=[token(game, "Cat")]) + "?count=2"
    watched, seated = Client().get(board), Client().get(seat_board)
    before = Game.objects.values_list("version", "count_version").get(pk=game.pk)
    send(token(game, "Ben"), total="8")
    after = Game.objects.values_list("version", "count_version").get(pk=game.pk)
    assert after == (before[0], before[1] + 1)
    with CaptureQueriesContext(connection) as read:
        polled = Client().get(board, HTTP_IF_NONE_MATCH=watched["ETag"])
    assert polled.status_code == 200 and polled["ETag"] != watched["ETag"]
    assert 'data-count-seat="Ben" data-state="sent"' in text(polled)
    assert "Rounds played: 1" in text(polled)
    # The board kept for the version answered: no round was read, nothing was scored again.
    assert not [q["sql"] for q in read.captured_queries if '"games_round"' in q["sql"]]
    polled_seat = Client().get(seat_board, HTTP_IF_NONE_MATCH=seated["ETag"])
    assert polled_seat.status_code == 200 and polled_seat["ETag"] != seated["ETag"]
    assert 'data-count-seat="Ben" data-state="sent"' in text(polled_seat)
    assert Client().get(board, HTTP_IF_NONE_MATCH=polled["ETag"]).status_code == 304


def test_a_hand_s_send_takes_the_same_few_queries_however_long_the_game(table):
    """The send reads the seat and the count, then under the game's lock the seats, the count
    and its hands, and writes the hand and the count's version; its answer reads nothing more."""
    client, game = table
    counts = []
    for number, sender in ((1, "Ben"), (2, "Cat"), (3, "Dee")):
        start(client, game, number=number)
        url = reverse("live:seat_hand", args=[token(game, sender)])
        with CaptureQueriesContext(connection) as queries:
            response = Client().post(
                url,
                {"total": "4", "cards": "", "request_key": f"q{number}"},
                **HTMX,
            )
        assert response.status_code == 200 and "Waiting for the others' hands" in text(response)
        counts.append(len(queries))
        others = [name for name in PLAYERS[1:] if name != sender]
        for name in others:
            send(token(game, name), total="1")
    assert Round.objects.filter(game=game).count() == 3
    assert counts == [SEND_QUERIES] * 3, counts
