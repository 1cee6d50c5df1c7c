import re
from unittest import mock

import pytest
from django.urls import reverse

from scorekeeper.domain.challenge import judge_by_answer
from scorekeeper.gamefiles.files import export_game
from scorekeeper.games.models import Challenge, Game, Hand, Round
from scorekeeper.referee.services import challenge_record
from scorekeeper.roster.models import Player
from tests.factories import GameFactory, play_round

from .conftest import HTMX

# A Cheese Touch game of Ann, Ben and Cat: its own sheet bars no one from challenging.
pytestmark = pytest.mark.game(edition="cheese-touch")


def log_red(game, ann, ben, verdict, **extra):
    """Ann challenges Ben's Wild Draw Four with red in play and no hand entered."""
    return challenge_record(
        game=game, challenger=ann, challenged=ben, colour="R", hand="", verdict=verdict, **extra
    )


STANDALONE = "/rules/challenge/"


def judge(client, **data):
    return client.post(STANDALONE, {"edition": "classic", **data})


def seat_ids(game):
    return {seat.player.name: str(seat.player_id) for seat in game.seats.select_related("player")}


def logged_post(client, game, challenger="Ann", challenged="Ben", **data):
    ids = seat_ids(game)
    # The game fixture seats three, so the form asks whether the challenger had to draw the 4.
    payload = {"challenger": ids[challenger], "challenged": ids[challenged], "drew": "yes", **data}
    return client.post(reverse("referee:game_challenge", args=[game.pk]), payload)


# --- standalone ------------------------------------------------------------------------------


def test_an_answer_other_than_yes_or_no_is_refused_in_words(client, db):
    response = judge(client, colour="R", held="maybe")
    page = response.content.decode()
    assert response.status_code == 422 and "Answer yes or no." in page
    assert "valid choice" not in page


def test_the_standalone_helper_is_public_with_four_labelled_colours_and_a_keypad(client, db):
    response = client.get(STANDALONE)
    assert response.status_code == 200
    text = response.content.decode()
    for label in ("Red", "Green", "Blue", "Yellow"):
        assert f"</span>{label}</label>" in text
    assert 'data-pad-value="+2"' in text
    assert 'data-pad-card="W+4"' in text
    assert 'data-pad-card="X"' not in text  # Classic has no special card
    assert 'name="held" value="yes"' in text and 'name="held" value="no"' in text
    assert "Only the player who has to draw the 4 cards may challenge." in text


@pytest.mark.parametrize(
    ("edition", "label"),
    [("cheese-touch", "Cheese Touch (yellow)"), ("kitty", "Kitty (wild)")],
)
def test_the_keypad_has_the_editions_special_card_with_its_colour(client, db, edition, label):
    text = client.get(STANDALONE, {"edition": edition}).content.decode()
    assert f'data-pad-card="X" data-name="{EDITION_CARD[edition]}">{label}</button>' in text


EDITION_CARD = {"cheese-touch": "Cheese Touch card", "kitty": "Kitty card"}


def test_an_unknown_deck_in_the_link_falls_back_to_classic(client, db):
    text = client.get(STANDALONE, {"edition": "nope"}).content.decode()
    assert '<option value="classic" selected>' in text


def test_a_hand_with_the_active_colour_is_guilty(client, db):
    response = judge(client, colour="R", hand="R7 G+2 W")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Guilty</h2>" in text
    assert "The player who laid the +4 draws 4" in text
    assert "they held red 7 while red was in play" in text
    assert 'href="/rules/wd4-challenge/"' in text
    assert "Only the player who has to draw the 4 cards may challenge." in text


def test_a_hand_without_the_active_colour_is_not_guilty(client, db):
    text = judge(client, colour="R", hand="B7 G+2 W W+4").content.decode()
    assert "Not guilty</h2>" in text
    assert "The challenger draws 6" in text
    assert "they held no red card" in text


def test_a_matching_number_of_another_colour_does_not_count(client, db):
    text = judge(client, colour="G", hand="R5 B5 Y5").content.decode()
    assert "Not guilty</h2>" in text


@pytest.mark.parametrize(
    ("edition", "guilty"),
    [("cheese-touch", True), ("kitty", False), ("water-drop", False)],
)
def test_special_cards_follow_their_edition(client, db, edition, guilty):
    text = client.post(STANDALONE, {"edition": edition, "colour": "Y", "hand": "X B2"})
    headline = "Guilty</h2>" if guilty else "Not guilty</h2>"
    assert headline in text.content.decode()


def test_the_yes_no_answer_judges_without_a_hand(client, db):
    yes = judge(client, colour="B", held="yes").content.decode()
    assert "Guilty</h2>" in yes
    assert "they held a blue card while blue was in play, so they draw 4" in yes
    no = judge(client, colour="B", held="no", hand="not cards").content.decode()
    assert "Not guilty</h2>" in no
    assert "The challenger draws 6" in no


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hand": "R7"}, "Choose the colour that was in play"),
        ({"colour": "P", "hand": "R7"}, "Choose red, green, blue or yellow"),
        ({"colour": "R", "hand": "R7 Q9"}, "&#x27;Q9&#x27; is not a card: write e.g. R7"),
        ({"colour": "R", "hand": "*7 B2"}, "*7 has no colour: a challenge needs each card"),
        ({"colour": "R", "hand": "X"}, "the Classic deck has no special card"),
        ({"colour": "R", "hand": "R0 R0"}, "the deck holds only one"),
        ({"colour": "R", "hand": ""}, "Enter the cards in their hand, or answer whether"),
        ({"colour": "R", "hand": "R7", "edition": "uno-flip"}, "Choose one of the decks"),
    ],
)
def test_bad_input_is_refused_with_a_specific_message(client, db, data, message):
    response = client.post(STANDALONE, {"edition": "classic", **data})
    assert response.status_code == 422
    text = response.content.decode()
    assert message in text
    assert "verdict-headline" not in text


def test_a_refused_hand_is_kept_for_correcting(client, db):
    text = judge(client, colour="R", hand="R7 Q9").content.decode()
    assert 'value="R7 Q9"' in text
    assert 'aria-invalid="true"' in text


def test_htmx_swaps_only_the_judge_partial(client, db):
    response = client.post(STANDALONE, {"edition": "classic", "colour": "R", "hand": "R1"}, **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="judge">')
    assert "<h1>" not in text
    assert "Guilty</h2>" in text
    bad = client.post(STANDALONE, {"edition": "classic", "hand": "R1"}, **HTMX)
    assert bad.status_code == 422
    assert bad.content.decode().lstrip().startswith('<div id="judge">')


# --- from a game -----------------------------------------------------------------------------


def test_the_game_helper_needs_a_login(client, db):
    game = GameFactory()
    response = client.get(reverse("referee:game_challenge", args=[game.pk]))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_the_game_helper_asks_who_challenged_whom_by_seat_name(crew_client, game):
    client, _ = crew_client
    text = client.get(reverse("referee:game_challenge", args=[game.pk])).content.decode()
    assert "Who challenged?" in text and "Who laid the Wild Draw Four?" in text
    for name in ("Ann", "Ben", "Cat"):
        assert f"> {name}</label>" in text
    assert 'data-pad-card="X"' in text  # the game's deck: Cheese Touch
    assert f'href="/games/{game.pk}/"' in text


def test_a_guilty_verdict_is_logged_with_the_challenged_player_drawing_4(crew_client, game):
    client, _ = crew_client
    response = logged_post(client, game, colour="Y", hand="X B7")
    challenge = Challenge.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/challenges/{challenge.pk}/"
    assert (challenge.challenger.name, challenge.challenged.name) == ("Ann", "Ben")
    assert challenge.guilty is True
    assert challenge.drawer.name == "Ben"
    assert challenge.cards_drawn == 4
    assert challenge.colour == "Y"
    assert challenge.hand == "X B7"
    assert challenge.crew_id == game.crew_id
    page = client.get(response["Location"]).content.decode()
    assert "Guilty</h2>" in page
    assert "Ben draws 4" in page
    assert "they held Cheese Touch card while yellow was in play" in page


def test_an_innocent_verdict_is_logged_with_the_challenger_drawing_6(crew_client, game):
    client, _ = crew_client
    logged_post(client, game, challenger="Cat", challenged="Ann", colour="G", held="no")
    challenge = Challenge.objects.get()
    assert challenge.guilty is False
    assert challenge.drawer.name == "Cat"
    assert challenge.cards_drawn == 6
    assert challenge.hand == ""
    page = client.get(f"/games/{game.pk}/challenges/{challenge.pk}/").content.decode()
    assert "Not guilty</h2>" in page
    assert "Cat (the challenger) draws 6" in page


def test_htmx_logs_and_shows_the_verdict_in_place(crew_client, game):
    client, _ = crew_client
    ids = seat_ids(game)
    response = client.post(
        reverse("referee:game_challenge", args=[game.pk]),
        {
            "challenger": ids["Ben"],
            "challenged": ids["Cat"],
            "colour": "R",
            "held": "yes",
            "drew": "yes",
        },
        **HTMX,
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="judge">')
    assert "Cat draws 4" in text
    assert "Logged on this game" in text
    assert Challenge.objects.get().drawer.name == "Cat"


def test_the_game_form_carries_a_fresh_request_key(crew_client, game):
    client, _ = crew_client
    url = reverse("referee:game_challenge", args=[game.pk])
    keys = [
        re.search(r'name="request_key" value="([0-9a-f]{32})"', client.get(url).content.decode())
        for _ in range(2)
    ]
    assert all(keys) and keys[0][1] != keys[1][1]


def test_a_resent_challenge_with_the_same_key_is_logged_once(crew_client, game):
    client, _ = crew_client
    sent = {"colour": "Y", "hand": "X B7", "request_key": "a" * 32}
    first = logged_post(client, game, **sent)
    again = logged_post(client, game, **sent)
    logged = Challenge.objects.get()
    assert logged.request_key == "a" * 32
    assert first["Location"] == again["Location"] == (f"/games/{game.pk}/challenges/{logged.pk}/")
    # From a phone that kept it offline, through htmx: the verdict of the one logged.
    ids = seat_ids(game)
    resent = client.post(
        reverse("referee:game_challenge", args=[game.pk]),
        {"challenger": ids["Ann"], "challenged": ids["Ben"], "drew": "yes", **sent},
        **HTMX,
    )
    assert resent.status_code == 200 and "Ben draws 4" in resent.content.decode()
    assert Challenge.objects.count() == 1
    logged_post(client, game, **{**sent, "request_key": "b" * 32})
    assert Challenge.objects.count() == 2  # another key is another challenge


def test_a_key_is_recognised_only_on_its_own_game(crew_client, game):
    _, crew = crew_client
    other = GameFactory(crew=crew, players=["Ann", "Ben"])
    verdict = judge_by_answer("R", True, "classic")
    for each in (game, other):
        ann, ben = (seat.player for seat in each.seats.select_related("player").order_by("pk")[:2])
        log_red(each, ann, ben, verdict, request_key="same")
    assert Challenge.objects.filter(request_key="same").count() == 2


def test_a_resend_racing_the_first_save_returns_the_logged_challenge(crew_client, game):
    """The key lookup missed (the first save committed in between): the constraint decides."""
    ann, ben, _ = (seat.player for seat in game.seats.select_related("player").order_by("pk"))
    verdict = judge_by_answer("R", True, "classic")
    first = log_red(game, ann, ben, verdict, request_key="k1")
    with mock.patch("scorekeeper.referee.services._logged", side_effect=[None, first]):
        again = log_red(game, ann, ben, verdict, request_key="k1")
    assert again == first and Challenge.objects.count() == 1


def totals(game):
    return export_game(Game.objects.filter(pk=game.pk).with_rounds().get())["result"]["totals"]


def test_a_challenge_never_changes_the_scores(crew_client, game):
    client, _ = crew_client
    play_round(game, "Ann", Ben=12, Cat=30)
    before = totals(game)
    assert before["Ann"] == 42
    logged_post(client, game, colour="R", hand="R5")
    logged_post(client, game, challenger="Cat", challenged="Ben", colour="R", held="no")
    assert Challenge.objects.count() == 2
    assert totals(game) == before
    assert Round.objects.count() == 1 and Hand.objects.count() == 2


def test_a_player_cannot_challenge_themselves(crew_client, game):
    client, _ = crew_client
    response = logged_post(client, game, challenger="Ann", challenged="Ann", colour="R", hand="R5")
    assert response.status_code == 422
    assert "must be two different players" in response.content.decode()
    assert not Challenge.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "R", "hand": "R5"}, "Choose who challenged."),
        ({"colour": "R", "hand": "*5"}, "*5 has no colour"),
        ({"hand": "R5"}, "Choose the colour that was in play"),
    ],
)
def test_bad_input_from_a_game_logs_nothing(crew_client, game, data, message):
    client, _ = crew_client
    ids = seat_ids(game)
    if message != "Choose who challenged.":
        data = {"challenger": ids["Ann"], "drew": "yes", **data}
    data = {"challenged": ids["Ben"], **data}
    response = client.post(reverse("referee:game_challenge", args=[game.pk]), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Challenge.objects.exists()


def test_a_player_not_seated_in_the_game_is_refused(crew_client, game):
    client, crew = crew_client
    stranger = Player.objects.create(crew=crew, name="Dee")
    ids = seat_ids(game)
    response = client.post(
        reverse("referee:game_challenge", args=[game.pk]),
        {
            "challenger": str(stranger.pk),
            "challenged": ids["Ben"],
            "colour": "R",
            "hand": "R1",
            "drew": "yes",
        },
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert "Choose who challenged from this game&#x27;s players." in page
    assert "valid choice" not in page
    assert not Challenge.objects.exists()
    spanish = client.post(
        reverse("referee:game_challenge", args=[game.pk]),
        {"challenger": ids["Ann"], "challenged": str(stranger.pk), "colour": "R", "hand": "R1"},
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert "Elige quién tiró el Comodín Toma 4 entre los jugadores" in spanish.content.decode()


def test_another_crews_game_is_not_found(crew_client):
    client, _ = crew_client
    other = GameFactory(players=["Xan", "Yul"])
    ids = seat_ids(other)
    url = reverse("referee:game_challenge", args=[other.pk])
    assert client.get(url).status_code == 404
    data = {"challenger": ids["Xan"], "challenged": ids["Yul"], "colour": "R", "hand": "R1"}
    assert client.post(url, data).status_code == 404
    assert not Challenge.objects.exists()


def test_another_crews_logged_challenge_is_not_found(crew_client, game):
    client, _ = crew_client
    other = GameFactory(players=["Xan", "Yul"])
    xan, yul = (seat.player for seat in other.seats.select_related("player"))
    logged = Challenge.objects.create(
        crew=other.crew,
        game=other,
        challenger=xan,
        challenged=yul,
        colour="R",
        hand="R1",
        guilty=True,
        drawer=yul,
        cards_drawn=4,
    )
    assert client.get(f"/games/{other.pk}/challenges/{logged.pk}/").status_code == 404
    # and not through one of our own games either
    assert client.get(f"/games/{game.pk}/challenges/{logged.pk}/").status_code == 404


def test_a_logged_challenge_with_an_unreadable_hand_still_shows_its_verdict(crew_client, game):
    client, _ = crew_client
    ann, ben, _ = (seat.player for seat in game.seats.select_related("player"))
    logged = Challenge.objects.create(
        crew=game.crew,
        game=game,
        challenger=ann,
        challenged=ben,
        colour="R",
        hand="??",
        guilty=True,
        drawer=ben,
        cards_drawn=4,
    )
    page = client.get(f"/games/{game.pk}/challenges/{logged.pk}/")
    assert page.status_code == 200
    assert "Ben draws 4" in page.content.decode()


# --- Who may challenge: the sheet's rule, and a warning for anyone else -------------------------


# A Classic game of three: unorules.org gives the challenge to the player who draws.
CLASSIC = pytest.mark.game(edition="classic")


@CLASSIC
def test_a_classic_game_form_asks_whether_the_challenger_had_to_draw(crew_client, game):
    client, _ = crew_client
    url = reverse("referee:game_challenge", args=[game.pk])
    text = client.get(url).content.decode()
    assert "Did the challenger have to draw the 4?" in text
    assert "No, someone else challenged" in text
    assert "Log it anyway" not in text  # offered only after the warning


def test_a_boxed_deck_logs_anyones_challenge_without_asking(crew_client, game):
    # The game fixture is a Cheese Touch game: its own sheet speaks of the player the card was
    # played on without barring anyone else, and the general summary sets no limit on who.
    client, _ = crew_client
    text = client.get(reverse("referee:game_challenge", args=[game.pk])).content.decode()
    assert "Did the challenger have to draw the 4?" not in text
    response = logged_post(client, game, challenger="Cat", colour="R", held="yes")
    assert response.status_code == 302
    assert Challenge.objects.get().challenger.name == "Cat"


@CLASSIC
def test_a_classic_game_warns_with_the_unorules_rule(crew_client, game):
    client, _ = crew_client
    response = logged_post(client, game, challenger="Cat", drew="no", colour="R", held="no")
    assert response.status_code == 422
    assert "the Classic sheet (unorules.org) lets only that player challenge" in (
        response.content.decode()
    )
    assert not Challenge.objects.exists()


@CLASSIC
def test_the_table_may_log_it_anyway_once_warned(crew_client, game):
    client, _ = crew_client
    response = logged_post(
        client, game, challenger="Cat", drew="no", anyway="on", colour="R", held="yes"
    )
    assert response.status_code == 302
    challenge = Challenge.objects.get()
    assert challenge.challenger.name == "Cat" and challenge.guilty


@CLASSIC
def test_the_question_must_be_answered_with_three_players(crew_client, game):
    client, _ = crew_client
    response = logged_post(client, game, drew="", colour="R", held="yes")
    assert response.status_code == 422
    assert "Say whether the challenger was the player who had to draw the 4" in (
        response.content.decode()
    )
    response = logged_post(client, game, drew="maybe", colour="R", held="yes")
    assert response.status_code == 422
    assert not Challenge.objects.exists()


@pytest.mark.game(edition="classic", players=["Ann", "Ben"])
def test_with_two_players_the_challenger_always_had_to_draw(crew_client, game):
    client, _ = crew_client
    text = client.get(reverse("referee:game_challenge", args=[game.pk])).content.decode()
    assert "Did the challenger have to draw the 4?" not in text
    ids = seat_ids(game)
    response = client.post(
        reverse("referee:game_challenge", args=[game.pk]),
        {"challenger": ids["Ann"], "challenged": ids["Ben"], "colour": "R", "held": "no"},
    )
    assert response.status_code == 302
    assert Challenge.objects.get().challenger.name == "Ann"


@CLASSIC
def test_the_service_refuses_another_challenger_unless_told_to_log_anyway(game):
    from scorekeeper.referee.services import OtherChallenger

    ann, ben = (seat.player for seat in game.seats.order_by("number")[:2])
    verdict = judge_by_answer("R", True, game.edition)
    args = {"game": game, "challenger": ann, "challenged": ben, "colour": "R", "hand": ""}
    with pytest.raises(OtherChallenger, match="Log it anyway"):
        challenge_record(**args, verdict=verdict, challenger_drew=False)
    assert not Challenge.objects.exists()
    challenge_record(**args, verdict=verdict, challenger_drew=False, log_anyway=True)
    assert Challenge.objects.count() == 1


def test_the_service_logs_another_challenger_on_a_boxed_deck(game):
    ann, ben = (seat.player for seat in game.seats.order_by("number")[:2])
    verdict = judge_by_answer("R", True, game.edition)
    log_red(game, ann, ben, verdict, challenger_drew=False)
    assert Challenge.objects.count() == 1


def test_the_verdict_shows_who_may_challenge_from_the_games_own_sheet(crew_client, game):
    client, _ = crew_client
    response = logged_post(client, game, colour="R", held="no")
    page = client.get(response["Location"]).content.decode()
    assert "Diary of a Wimpy Kid edition sheet (NOTE on the Wild Draw 4, lines 103-107)" in page
    assert "unorules" not in page.split("Who may challenge:")[1].split("</p>")[0]
    assert (
        "Our reading, not the sheet&#x27;s words:" in page
        or "Our reading, not the sheet's words:" in page
    )


def test_a_logged_challenge_moves_the_game_s_version_and_a_resend_does_not(crew_client, game):
    """The game page and the live board show the challenges: a new one is a new version (the
    live board's 304 would otherwise keep the watchers on the board without it)."""
    ann, ben, _ = (seat.player for seat in game.seats.select_related("player").order_by("pk"))
    verdict = judge_by_answer("R", True, "classic")
    before = Game.objects.get(pk=game.pk).version
    log_red(game, ann, ben, verdict, request_key="k1")
    assert Game.objects.get(pk=game.pk).version == before + 1
    log_red(game, ann, ben, verdict, request_key="k1")  # the phone's resend: nothing new
    assert Game.objects.get(pk=game.pk).version == before + 1


def test_the_game_s_version_moves_in_one_place_of_the_code():
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "scorekeeper"
    writers = sorted(
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if 'F("version")' in path.read_text() or "version=F(" in path.read_text()
    )
    assert writers == ["games/services.py"]
    assert Path(package / "games/services.py").read_text().count('F("version")') == 1
