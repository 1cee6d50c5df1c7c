"""The night's recap: each figure on hand-built nights, its page, and its read-only link."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.extract import extract
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils.translation import template as template_i18n

from scorekeeper.games.models import Challenge, Game
from scorekeeper.history.models import Rating
from scorekeeper.nights.models import GameNight
from scorekeeper.nights.recap import (
    BiggestRound,
    ChallengeLine,
    Champion,
    ClosestFinish,
    Comeback,
    GameLine,
    Recap,
    night_recap,
)
from tests.factories import (
    ChallengeFactory,
    CrewFactory,
    GameNightFactory,
    MembershipFactory,
)
from tests.history.conftest import make_game
from tests.test_i18n import ROOT, catalogue
from tests.words import shows_word

DATE = "2026-11-20"


def game_at(crew, hour: int, rounds, **options) -> Game:
    """A game of the night of ``DATE`` started at ``hour``:00 (the night's order)."""
    return make_game(crew, rounds, started_at=f"{DATE}T{hour}:00:00+00:00", **options)


@pytest.fixture
def friday(crew) -> GameNight:
    """Three games: Ann wins outright, Ann comes back from 50 behind Ben, Cat's game in play.

    Game 1 (target 100): Ann collects 110 in round 1.
    Game 2 (target 100): Ben 50 after round 1 (Ann 0: 50 behind), Ann collects 95, Cat 10,
    then Ann 5 more: Ann 100, Ben 50, Cat 10.
    Game 3 (target 100): one round, in play.
    """
    game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 50})])
    game_at(
        crew,
        20,
        [
            ("Ben", {"Ann": 30, "Cat": 20}),
            ("Ann", {"Ben": 45, "Cat": 50}),
            ("Cat", {"Ann": 4, "Ben": 6}),
            ("Ann", {"Ben": 2, "Cat": 3}),
        ],
    )
    game_at(crew, 21, [("Cat", {"Ann": 5, "Ben": 5})])
    return GameNight.objects.get(crew=crew, date=DATE)


def text_of(response) -> str:
    return response.content.decode()


# --- The figures -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_night_is_recapped_from_its_scored_games(friday):
    recap = night_recap(friday)
    assert [(g.number, g.winners, g.rounds, g.counted) for g in recap.games] == [
        (1, ("Ann",), 1, True),
        (2, ("Ann",), 4, True),
        (3, (), 1, False),
    ]
    assert recap.games[2].outcome_label == "In play"
    assert recap.champion == Champion(names=("Ann",), wins=2, counted=2)
    assert recap.biggest_round == BiggestRound(
        game=1, round=1, player="Ann", points=110, scoring="standard"
    )
    assert recap.biggest_round.collected
    # Game 1: 110 to 0; game 2: Ann 100, Ben 50.
    assert recap.closest_finish == ClosestFinish(
        game=2, first="Ann", first_total=100, second="Ben", second_total=50, winners=("Ann",)
    )
    assert recap.closest_finish.margin == 50
    assert recap.comeback == Comeback(game=2, player="Ann", deficit=50, after_round=1, leader="Ben")
    assert recap.challenges == ()
    assert {mover.name for mover in recap.movers} == {"Ann", "Ben", "Cat"}  # the rated players


@pytest.mark.django_db
def test_the_counted_games_are_the_ones_the_stats_count(crew):
    game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 50})])
    game_at(crew, 20, [("Ben", {"Ann": 10, "Cat": 10})], ended="leader")
    game_at(crew, 21, [("Cat", {"Ann": 10, "Ben": 10})], ended="no_result")
    game_at(crew, 22, [("Ann", {"Ben": 10, "Cat": 10})], ended="abandoned")
    game_at(crew, 23, [("Ann", {"Ben": 10, "Cat": 10})])
    night = GameNight.objects.get(crew=crew)
    recap = night_recap(night)
    counted = set(Game.objects.counted().filter(night=night).values_list("pk", flat=True))
    assert {g.pk for g in recap.games if g.counted} == counted
    assert [g.outcome_label for g in recap.games] == [
        "",
        "",
        "Ended early: no result",
        "Abandoned",
        "In play",
    ]
    assert recap.counted == 2
    assert recap.champion == Champion(names=("Ann", "Ben"), wins=1, counted=2)


@pytest.mark.django_db
def test_equal_most_wins_make_co_champions(crew):
    game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 50})])
    game_at(crew, 20, [("Cat", {"Ann": 60, "Ben": 50})])
    game_at(crew, 21, [("Ann", {"Ben": 100, "Cat": 1})])
    game_at(crew, 22, [("Cat", {"Ann": 100, "Ben": 1})])
    recap = night_recap(GameNight.objects.get(crew=crew))
    assert recap.champion == Champion(names=("Ann", "Cat"), wins=2, counted=4)
    assert recap.champion.shared


@pytest.mark.django_db
def test_a_shared_win_counts_for_each_winner_and_is_the_closest_finish(crew):
    game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 50})])
    # Stopped early with Ann and Ben level at 20: both win, a margin of 0.
    game_at(
        crew,
        20,
        [("Ann", {"Ben": 10, "Cat": 10}), ("Ben", {"Ann": 10, "Cat": 10})],
        ended="leader",
    )
    recap = night_recap(GameNight.objects.get(crew=crew))
    assert recap.champion == Champion(names=("Ann",), wins=2, counted=2)
    close = recap.closest_finish
    assert (close.game, close.margin, close.tied, close.winners) == (2, 0, True, ("Ann", "Ben"))
    # Ann led after round 1; Ben trailed her by 20 then, and won (shared): the comeback.
    assert recap.comeback == Comeback(game=2, player="Ben", deficit=20, after_round=1, leader="Ann")


@pytest.mark.django_db
def test_equal_figures_name_the_earliest(crew):
    game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 45})])  # 105 to 0
    game_at(crew, 20, [("Ben", {"Ann": 55, "Cat": 50})])  # 105 to 0
    recap = night_recap(GameNight.objects.get(crew=crew))
    assert (recap.biggest_round.game, recap.biggest_round.player) == (1, "Ann")
    assert (recap.closest_finish.game, recap.closest_finish.margin) == (1, 105)
    assert recap.comeback is None  # both winners led from the first round


@pytest.mark.django_db
def test_a_night_without_a_finished_game_has_no_champion_finish_or_comeback(crew, member_client):
    game_at(crew, 19, [("Ann", {"Ben": 30, "Cat": 20})])
    game_at(crew, 20, [("Ben", {"Ann": 12, "Cat": 5})], ended="no_result")
    night = GameNight.objects.get(crew=crew)
    recap = night_recap(night)
    assert recap.champion is recap.closest_finish is recap.comeback is None
    assert recap.counted == 0
    # The rounds were played: the biggest one still counts.
    assert recap.biggest_round == BiggestRound(1, 1, "Ann", 50, "standard")
    text = text_of(member_client.get(reverse("nights:night_detail", args=[night.pk])))
    assert "no champion" in text and "Champion of the night" not in text
    assert "Closest finish" not in text and "Comeback" not in text
    assert "In play" in text and "Ended early: no result" in text


@pytest.mark.django_db
def test_a_night_without_games(crew, member_client):
    night = GameNightFactory(crew=crew)
    recap = night_recap(night)
    assert recap.games == () and recap.champion is None and recap.biggest_round is None
    text = text_of(member_client.get(reverse("nights:night_detail", args=[night.pk])))
    assert "No game was played this night yet." in text


@pytest.mark.django_db
def test_lowest_wins_scoring_reads_every_figure_the_games_own_way(crew):
    # Round 1: Ben goes out; Ann is left with 40, Cat with 10 (Ben leads on 0, Ann 40 behind).
    # Round 2: Ann goes out; Ben is left with 70, Cat with 95: Cat passes 100, Ann wins on 40.
    game_at(
        crew,
        19,
        [("Ben", {"Ann": 40, "Cat": 10}), ("Ann", {"Ben": 70, "Cat": 95})],
        scoring="lowest",
    )
    recap = night_recap(GameNight.objects.get(crew=crew))
    assert recap.champion == Champion(names=("Ann",), wins=1, counted=1)
    assert recap.biggest_round == BiggestRound(1, 2, "Cat", 95, "lowest")
    assert not recap.biggest_round.collected
    assert recap.closest_finish == ClosestFinish(1, "Ann", 40, "Ben", 70, ("Ann",))
    assert recap.comeback == Comeback(game=1, player="Ann", deficit=40, after_round=1, leader="Ben")


@pytest.mark.django_db
def test_the_challenges_called_are_the_ones_logged(crew):
    first = game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 50})])
    second = game_at(crew, 20, [("Ben", {"Ann": 5, "Cat": 5})])
    ChallengeFactory(game=second, challenger="Cat", challenged="Ben", guilty=True)
    ChallengeFactory(game=first, challenger="Ben", challenged="Ann", guilty=False)
    recap = night_recap(GameNight.objects.get(crew=crew))
    logged = {c.game_id: c for c in Challenge.objects.all()}
    assert logged[second.pk].drawer.name == "Ben" and logged[second.pk].cards_drawn == 4
    assert logged[first.pk].drawer.name == "Ben" and logged[first.pk].cards_drawn == 6
    assert recap.challenges == (
        ChallengeLine(1, "Ben", "Ann", guilty=False, drawer="Ben", cards=6),
        ChallengeLine(2, "Cat", "Ben", guilty=True, drawer="Ben", cards=4),
    )


@pytest.mark.django_db
def test_the_recap_takes_as_many_queries_for_one_game_as_for_many(crew, django_assert_num_queries):
    game_at(crew, 19, [("Ann", {"Ben": 60, "Cat": 50})])
    busy = CrewFactory(name="Busy")
    for hour in range(12, 22):
        game = make_game(
            busy,
            [("Ann", {"Ben": 5, "Cat": 5}), ("Ben", {"Ann": 5, "Cat": 5})],
            started_at=f"{DATE}T{hour}:00:00+00:00",
        )
        ChallengeFactory(game=game)
    small = GameNight.objects.get(crew=crew)
    big = GameNight.objects.get(crew=busy)
    with django_assert_num_queries(6):
        assert len(night_recap(small).games) == 1
    with django_assert_num_queries(6):
        recap = night_recap(big)
    assert len(recap.games) == 10 and len(recap.challenges) == 10


@pytest.mark.django_db
def test_a_write_between_the_reads_makes_the_recap_read_again(crew, monkeypatch):
    """A round saved while the night's rows are read: the versions differ, it reads again."""
    game = game_at(crew, 19, [("Ann", {"Ben": 10, "Cat": 10})])
    night = GameNight.objects.get(crew=crew)
    from scorekeeper.games.models import GameQuerySet

    original = GameQuerySet.with_rounds
    calls = []

    def with_rounds(queryset, **options):
        loaded = original(queryset, **options)
        calls.append(list(loaded))  # read now (the queryset keeps the rows)...
        if len(calls) == 1:  # ...and another phone's write commits right after
            Game.objects.filter(pk=game.pk).update(version=game.version + 1)
        return loaded

    monkeypatch.setattr(GameQuerySet, "with_rounds", with_rounds)
    night_recap(night)
    assert len(calls) == 2


# --- The night page ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_night_page_opens_with_the_recap(friday, member_client):
    text = text_of(member_client.get(reverse("nights:night_detail", args=[friday.pk])))
    assert text.index("The night's recap") < text.index('<h2 id="games-h">')
    assert "Champion of the night" in text and "Won 2 of 2 games" in text
    assert "Ann collected 110 points in round 1 of game 1" in text
    assert "Ann beat Ben by 50 points in game 2" in text
    assert "Ann was 50 points behind Ben after round 1 and won game 2" in text
    assert "No challenge was called." in text
    # Members reach each game's record from the recap; the games table agrees on the winners.
    games = list(Game.objects.filter(night=friday).order_by("started_at"))
    assert f'href="{reverse("history:game_record", args=[games[0].pk])}">Game 1</a>' in text
    assert "The night's rating movers" in text


@pytest.mark.django_db
def test_the_games_table_names_the_cores_winners(friday, member_client):
    response = member_client.get(reverse("nights:night_detail", args=[friday.pk]))
    rows = response.context["games_table"].rows
    assert [row.get_cell("winners") for row in rows] == ["Ann", "Ann", "In play"]


def test_the_movers_section_shows_only_when_the_ratings_fill_it():
    played = (GameLine(1, 7, ("Ann", "Ben"), ("Ann",), 1, True, ""),)
    figures = {
        "champion": Champion(("Ann",), 1, 1),
        "biggest_round": None,
        "closest_finish": None,
        "comeback": None,
        "challenges": (),
    }
    quiet = Recap(games=played, **figures)
    assert quiet.movers == []
    shown = render_to_string("history/_recap.html", {"recap": quiet, "shared": True})
    assert "Champion of the night" in shown and "rating movers" not in shown
    moved = Recap(games=played, **figures, movers=["Ann +3.2"])
    shown = render_to_string("history/_recap.html", {"recap": moved, "shared": True})
    assert "The night's rating movers" in shown and "<li>Ann +3.2</li>" in shown


# --- The shared link ---------------------------------------------------------------------------


def share_url(night: GameNight) -> str:
    return reverse("nights:night_recap_share", args=[night.pk])


def unshare_url(night: GameNight) -> str:
    return reverse("nights:night_recap_unshare", args=[night.pk])


def shared_page(token: str) -> str:
    return reverse("nights:night_recap_shared", args=[token])


@pytest.mark.django_db
def test_a_member_shares_the_recap_and_stops_sharing(friday, member_client, settings):
    settings.PUBLIC_URL = "https://scores.example"
    night_page = reverse("nights:night_detail", args=[friday.pk])
    assert "Stop sharing" not in text_of(member_client.get(night_page))

    response = member_client.post(share_url(friday))
    assert response.status_code == 302
    assert response["Location"] == night_page + "#recap-share"
    friday.refresh_from_db()
    token = friday.recap_token
    assert token and len(token) >= 32
    text = text_of(member_client.get(night_page))
    assert f'value="https://scores.example{shared_page(token)}"' in text
    assert "Stop sharing" in text

    # A second tap (or another member's) keeps the link already sent around.
    member_client.post(share_url(friday))
    friday.refresh_from_db()
    assert friday.recap_token == token

    visitor = Client()
    shown = visitor.get(shared_page(token))
    assert shown.status_code == 200
    assert "Champion of the night" in text_of(shown)

    assert member_client.post(unshare_url(friday)).status_code == 302
    friday.refresh_from_db()
    assert friday.recap_token is None
    assert visitor.get(shared_page(token)).status_code == 404
    assert "Share this recap</button>" in text_of(member_client.get(night_page))

    # Sharing again makes a new link; the old one stays dead.
    member_client.post(share_url(friday))
    friday.refresh_from_db()
    assert friday.recap_token not in (None, token)
    assert visitor.get(shared_page(token)).status_code == 404
    assert visitor.get(shared_page(friday.recap_token)).status_code == 200


@pytest.mark.django_db
def test_share_and_stop_with_htmx_answer_the_panel(friday, htmx_client, settings):
    settings.PUBLIC_URL = "https://scores.example"
    response = htmx_client.post(share_url(friday))
    assert response.status_code == 200
    text = text_of(response)
    assert text.lstrip().startswith('<section id="recap-share"')
    friday.refresh_from_db()
    assert f"https://scores.example{shared_page(friday.recap_token)}" in text
    assert "<html" not in text
    text = text_of(htmx_client.post(unshare_url(friday)))
    assert "Share this recap</button>" in text and "https://scores.example" not in text


@pytest.mark.django_db
def test_an_unknown_token_is_a_404(client, friday):
    assert client.get(shared_page("not-a-real-token")).status_code == 404
    # A night never shared has no token: an empty one matches nothing either.
    assert client.get("/recap/%20/").status_code == 404


@pytest.mark.django_db
def test_another_crews_member_cannot_share_or_stop_this_nights_recap(friday, member_client):
    member_client.post(share_url(friday))
    friday.refresh_from_db()
    token = friday.recap_token
    outsider = Client()
    outsider.force_login(MembershipFactory(crew__name="Sunday club").user)
    assert outsider.post(unshare_url(friday)).status_code == 404
    assert outsider.post(share_url(friday)).status_code == 404
    friday.refresh_from_db()
    assert friday.recap_token == token
    # And a visitor is sent to log in.
    visitor = Client()
    response = visitor.post(unshare_url(friday))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    friday.refresh_from_db()
    assert friday.recap_token == token


@pytest.mark.django_db
def test_the_shared_page_shows_that_night_only(crew, friday, member_client):
    # Another night of the same crew, with a player and a name of its own.
    other = make_game(
        crew,
        [("Zed", {"Ann": 60, "Ben": 50})],
        players=("Ann", "Ben", "Zed"),
        date="2026-11-13",
        night_name="The Zed night",
    )
    member_client.post(share_url(friday))
    friday.refresh_from_db()
    response = Client().get(shared_page(friday.recap_token))
    text = text_of(response)
    assert "Ann collected 110 points in round 1 of game 1" in text
    assert not shows_word(text, "Zed") and "The Zed night" not in text
    assert '<meta name="robots" content="noindex">' in text
    assert response["X-Robots-Tag"] == "noindex"
    assert "no-cache" in response["Cache-Control"] and "private" in response["Cache-Control"]
    # No way into the crew's pages: no navigation, no link to a night, a game or a player.
    assert 'aria-label="Main"' not in text
    for path in ("/nights/", "/games/", "/players/", "/crew/", "/roster/", "/recap/"):
        assert f'href="{path}' not in text, path
    assert f"/games/{other.pk}/" not in text
    assert "Share this recap" not in text and "Stop sharing" not in text


@pytest.mark.django_db
def test_the_shared_page_costs_as_many_queries_for_a_busy_night(
    crew, friday, member_client, django_assert_num_queries
):
    member_client.post(share_url(friday))
    friday.refresh_from_db()
    quiet = GameNightFactory(crew=crew)
    member_client.post(share_url(quiet))
    quiet.refresh_from_db()
    visitor = Client()
    visitor.get(shared_page(quiet.recap_token))  # the session and catalogue warmed up
    with django_assert_num_queries(7):  # the night, then the recap's six
        visitor.get(shared_page(friday.recap_token))


# --- In Spanish --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_recap_speaks_spanish(crew, friday, member_client):
    ChallengeFactory(
        game=Game.objects.filter(night=friday).order_by("started_at").first(),
        challenger="Cat",
        challenged="Ben",
        guilty=True,
    )
    member_client.post(share_url(friday))
    friday.refresh_from_db()
    text = text_of(Client().get(shared_page(friday.recap_token), HTTP_ACCEPT_LANGUAGE="es"))
    for words in (
        "Resumen de la noche",
        "Campeón de la noche",
        "Ganó 2 de 2 partidas",
        "La ronda más grande",
        "Ann se llevó 110 puntos en la ronda 1 de la partida 1",
        "El final más ajustado",
        "Ann ganó a Ben por 50 puntos en la partida 2",
        "Remontada",
        "Ann iba 50 puntos por detrás de Ben tras la ronda 1 y ganó la partida 2",
        "Desafíos lanzados",
        "Cat desafió a Ben en la partida 1: culpable, Ben tomó 4 cartas",
        "Partidas y ganadores",
        "Partida 3",
        "ganó Ann",
        "En juego",
        "4 rondas",
        "Solo lectura",
    ):
        assert words in text, words
    # The scripts' words (keyed by their English) are not shown.
    shown = re.sub(r'<script id="script-messages".*?</script>', "", text, flags=re.S)
    for english in ("Champion", "Biggest round", "collected", "Closest", "Comeback", "rounds"):
        assert english not in shown, english
    night_page = text_of(
        member_client.get(
            reverse("nights:night_detail", args=[friday.pk]), HTTP_ACCEPT_LANGUAGE="es"
        )
    )
    assert "Compartir este resumen" in night_page and "Dejar de compartir" in night_page
    assert "Enlace del resumen" in night_page


@pytest.mark.django_db
def test_lowest_wins_and_co_champions_speak_spanish(crew, client):
    game_at(
        crew,
        19,
        [("Ben", {"Ann": 40, "Cat": 10}), ("Ann", {"Ben": 70, "Cat": 95})],
        scoring="lowest",
    )
    game_at(crew, 20, [("Ben", {"Ann": 30, "Cat": 30})], target=60)
    night = GameNight.objects.get(crew=crew)
    night.recap_token = "a-token-for-this-test-only-000000"
    night.save(update_fields=["recap_token"])
    text = text_of(client.get(shared_page(night.recap_token), HTTP_ACCEPT_LANGUAGE="es"))
    assert "Cocampeones de la noche" in text and "Cada uno ganó 1 de 2 partidas" in text
    assert "A Cat le quedaron 95 puntos en la mano en la ronda 2 de la partida 1" in text
    english = text_of(client.get(shared_page(night.recap_token), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Co-champions of the night" in english and "Each won 1 of 2 games" in english
    assert "Cat was left holding 95 points in round 2 of game 1" in english


@pytest.mark.django_db
def test_a_stopped_link_says_so_in_spanish(client):
    text = text_of(client.get(shared_page("gone"), HTTP_ACCEPT_LANGUAGE="es"))
    assert "Este enlace del resumen no es válido" in text


RECAP_TEMPLATES = ("_recap.html", "_recap_share.html", "recap_shared.html")
TEMPLATE_KEYWORDS = {
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def test_every_string_of_the_recap_templates_is_in_the_spanish_catalogue():
    """The catalogue test reads {% translate %} tags only: the recap's sentences are
    {% blocktranslate %} blocks, read here the way makemessages reads them."""
    known = {(m.context, m.id) for m in catalogue() if m.string}
    found, missing = 0, []
    for name in RECAP_TEMPLATES:
        source = (ROOT / "templates" / "history" / name).read_text()
        # templatize keeps the template's indentation, which the Python tokenizer refuses.
        python = "\n".join(line.strip() for line in template_i18n.templatize(source).splitlines())
        for _line, message, _comments, context in extract(
            "python", io.BytesIO(python.encode()), keywords=TEMPLATE_KEYWORDS
        ):
            found += 1
            if (context, message) not in known:
                missing.append((name, context, message))
    assert found > 30
    assert not missing, missing


@pytest.mark.django_db
def test_the_recap_names_the_nights_rating_movers_biggest_riser_first(crew, member_client):
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date="2026-11-20")
    second = make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date="2026-11-20")
    movers = night_recap(second.night).movers
    assert [m.name for m in movers] == ["Ann", "Ben"]
    ann_rows = Rating.objects.filter(player__name="Ann").order_by("sequence")
    assert movers[0].before == pytest.approx(ann_rows[0].ordinal_before)
    assert movers[0].after == pytest.approx(ann_rows[1].ordinal)
    assert movers[1].change < 0 < movers[0].change
    page = member_client.get(reverse("nights:night_detail", args=[second.night_id]))
    assert "The night's rating movers" in page.content.decode()
    assert (
        f"Ann {ann_rows[0].ordinal_before:.1f} → {ann_rows[1].ordinal:.1f}" in page.content.decode()
    )
