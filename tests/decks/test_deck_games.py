"""A game played with a crew's deck: saved, scored, shown, exported and imported by its cards."""

import pytest
from django.db import transaction
from django.db.models import ProtectedError

from scorekeeper.decks.models import Deck, DeckVersion, version_of
from scorekeeper.domain import RuleError
from scorekeeper.gamefiles.files import export_game, import_file
from scorekeeper.games.models import Game, Round
from scorekeeper.games.scoreboard import load_game
from scorekeeper.games.services import game_rematch, game_start, round_edit
from scorekeeper.languages.words import in_words
from scorekeeper.roster.models import Player
from tests.deck_samples import BOX, start_with_deck
from tests.factories import CrewFactory, PlayerFactory, play_round

FLIP = {
    "name": "Flip box",
    "base": "kitty",
    "sides": [
        {
            "name": "Light",
            "cards": [{"token": "F", "name": "Flip", "kind": "action", "count": 1, "points": 20}],
        },
        {
            "name": "Dark",
            "cards": [
                {"token": "DC", "name": "Draw Colour", "kind": "wild", "count": 4, "points": 60}
            ],
            "remove": ["W+4"],
        },
    ],
}


def fresh(game):
    return load_game(Game.objects.all(), game.pk)


@pytest.mark.django_db
def test_a_round_with_the_crew_s_cards_is_saved_scored_and_exported():
    crew = CrewFactory()
    game = start_with_deck(crew, BOX)
    saved = play_round(game, "Ann", Ben="R7 BL SH")
    assert saved.board.scored.totals == {"Ann": 87, "Ben": 0}
    assert list(Round.objects.get(game=game).hands.values_list("points", flat=True)) == [87]
    exported = export_game(fresh(game))
    assert exported["deck"] == BOX
    assert exported["rounds"][0]["hands"] == {"Ben": "R7 BL SH"}
    with pytest.raises(RuleError, match="2 × SH"), transaction.atomic():
        play_round(game, "Ann", Ben="SH SH")
    assert Round.objects.filter(game=game).count() == 1


@pytest.mark.django_db
def test_an_exported_deck_game_imports_on_another_crew_with_the_same_totals():
    game = start_with_deck(CrewFactory(), BOX)
    play_round(game, "Ann", Ben="BL BL 5")
    exported = export_game(fresh(game))
    other = CrewFactory()
    report = import_file(crew=other, data=exported)
    copy = fresh(report.games[0])
    assert copy.deck.deck.crew == other and copy.deck.data == BOX
    assert export_game(copy)["result"] == exported["result"]
    assert exported["result"]["totals"]["Ann"] == 85
    # A second game with the same cards joins the same deck, not a new one.
    import_file(crew=other, data={**exported, "id": None})
    assert Deck.objects.filter(crew=other).count() == 1


@pytest.mark.django_db
def test_a_file_whose_hands_use_a_token_its_deck_does_not_define_is_refused_whole():
    game = start_with_deck(CrewFactory(), BOX)
    play_round(game, "Ann", Ben="BL")
    exported = export_game(fresh(game))
    exported["rounds"][0]["hands"]["Ben"] = "QQ"
    other = CrewFactory()
    with pytest.raises(RuleError, match="'QQ' is not a card of this deck"):
        import_file(crew=other, data=exported)
    assert not Deck.objects.filter(crew=other).exists()
    assert not Game.objects.filter(crew=other).exists()


@pytest.mark.django_db
def test_each_round_of_a_two_sided_deck_is_scored_by_the_side_that_was_up():
    game = start_with_deck(CrewFactory(), FLIP)
    assert fresh(game).edition == "kitty"  # the deck's base settles the rules
    play_round(game, "Ann", side=1, Ben="RF X")
    saved = play_round(game, "Ann", side=2, Ben="DC")
    assert saved.board.scored.totals["Ann"] == 70 + 60
    with pytest.raises(RuleError, match="no Wild Draw Four"), transaction.atomic():
        play_round(game, "Ann", side=2, Ben="W+4")
    # Correcting round 2 keeps its side unless told otherwise.
    edited = round_edit(game=fresh(game), number=2, version=1, winner="Ann", hands={"Ben": "DC DC"})
    assert edited.board.scored.totals["Ann"] == 70 + 120
    assert list(Round.objects.filter(game=game).values_list("side", flat=True)) == [1, 2]
    exported = export_game(fresh(game))
    assert [item["side"] for item in exported["rounds"]] == [1, 2]
    report = import_file(crew=CrewFactory(), data={**exported, "id": None})
    assert export_game(fresh(report.games[0]))["result"] == exported["result"]


@pytest.mark.django_db
def test_two_crews_with_the_same_cards_each_see_their_own_deck_s_name():
    cards = {"base": "classic", "remove": ["+2"]}
    start_with_deck(CrewFactory(), {"name": "Dee's box", **cards})
    theirs = start_with_deck(CrewFactory(), {"name": "Eve's box", **cards})
    with pytest.raises(RuleError) as refused, transaction.atomic():
        play_round(theirs, "Ann", Ben="R+2")
    said = in_words(refused.value)
    assert "Eve's box" in said and "Dee's box" not in said
    assert not Round.objects.exists()


@pytest.mark.django_db
def test_a_game_keeps_the_deck_version_it_was_played_with():
    crew = CrewFactory()
    game = start_with_deck(crew, BOX)
    play_round(game, "Ann", Ben="BL")
    deck = Deck.objects.get(crew=crew)
    worth_more = {**BOX, "cards": [{**BOX["cards"][0], "points": 90}, BOX["cards"][1]]}
    newer = version_of(deck, worth_more)
    assert deck.current == newer and fresh(game).deck != newer
    assert export_game(fresh(game))["result"]["totals"]["Ann"] == 40
    with pytest.raises(ProtectedError), transaction.atomic():
        DeckVersion.objects.filter(pk=fresh(game).deck_id).delete()
    rematch = game_rematch(game=fresh(game))
    assert rematch.deck_id == fresh(game).deck_id


@pytest.mark.django_db
def test_another_crew_s_deck_cannot_start_a_game():
    mine, theirs = CrewFactory(), CrewFactory()
    version = version_of(Deck.objects.create(crew=theirs, name="Theirs"), BOX)
    players = [PlayerFactory(crew=mine, name=name) for name in ("Ann", "Ben")]
    with pytest.raises(RuleError, match="another crew"), transaction.atomic():
        game_start(
            crew=mine,
            players=players,
            edition="classic",
            scoring="standard",
            target=500,
            deck=version,
        )
    assert not Game.objects.filter(crew=mine).exists()


def _queries(client, method, url, data=None):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
    assert response.status_code in (200, 302), response.status_code
    return len(captured)


@pytest.mark.django_db
def test_a_crew_s_deck_costs_the_scoreboard_and_the_round_post_no_query(crew_client):
    """Query counts stay flat: a game with a crew's deck reads as many rows as one without."""
    from django.urls import reverse

    client, crew = crew_client
    client.get("/")  # the session's crew
    plain = game_start(
        crew=crew,
        players=[PlayerFactory(crew=crew, name=name) for name in ("Cy", "Di")],
        edition="classic",
        scoring="standard",
        target=500,
    )
    own = start_with_deck(crew, BOX)
    counts = {}
    for label, game, hand in (("plain", plain, "R7 W"), ("own", own, "R7 BL")):
        page = reverse("games:game_detail", args=[game.pk])
        players = [seat.player.name for seat in game.seats.all()]
        post = {
            "winner": players[0],
            "number": "1",
            "request_key": f"key-{label}",
            "cards_1": hand,
        }
        counts[label] = (
            _queries(client, "get", page),
            _queries(client, "get", page),
            _queries(client, "post", reverse("games:round_create", args=[game.pk]), post),
            _queries(client, "get", page),
        )
    assert counts["own"] == counts["plain"]
    assert Round.objects.get(game=own).entry["points"] == {str(own.seats.all()[1].player_id): 47}


@pytest.mark.django_db
def test_the_home_page_names_each_game_s_deck_without_a_query_per_game(crew_client):
    client, crew = crew_client
    client.get("/")
    players = [Player.objects.get_or_create(crew=crew, name=name)[0] for name in ("Ann", "Ben")]
    for _ in range(3):
        game_start(crew=crew, players=players, edition="classic", scoring="standard", target=500)
    plain = _queries(client, "get", "/")
    for _ in range(3):
        start_with_deck(crew, BOX)
    page = client.get("/").content.decode()
    assert page.count("Our 112-card box") >= 3
    assert _queries(client, "get", "/") == plain


@pytest.mark.django_db(transaction=True)
def test_a_finished_deck_game_counts_in_the_stats_by_its_own_cards():
    from scorekeeper.history.models import SeatResult

    crew = CrewFactory()
    version = version_of(Deck.objects.create(crew=crew, name=BOX["name"]), BOX)
    players = [PlayerFactory(crew=crew, name=name) for name in ("Ann", "Ben")]
    game = game_start(
        crew=crew, players=players, edition="classic", scoring="lowest", target=80, deck=version
    )
    saved = play_round(game, "Ann", Ben="BL BL")
    assert saved.board.scored.finished and saved.board.scored.winners == ("Ann",)
    rows = {row.player.name: row for row in SeatResult.objects.filter(game=game)}
    assert (rows["Ann"].total, rows["Ann"].won) == (0, True)
    assert (rows["Ben"].total, rows["Ben"].won, rows["Ben"].held_points) == (80, False, 80)
