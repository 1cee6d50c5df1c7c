"""Records and rivals as the pages read them: the records page, and a player's page.

The figures are worked out by :mod:`scorekeeper.history.records` (pure functions) from the
kept SeatResult rows, read here in one query in the order the games were played; a page makes
the same number of queries whatever the number of games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import ExpressionWrapper, F, IntegerField, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player

from . import records, seasons, stats
from .forms import SeasonChoiceForm
from .models import SeatResult
from .tables import PLAYER_RECORD_NAMES, PlayerRecordsTable, RecordsTable


def lines_of(results: QuerySet[SeatResult]) -> list[records.Line]:
    """The results as the records read them: in the order the games were played (as the
    ratings read them) and, within a game, in the order of its standings, the order that
    breaks a tie (see ``records``). A game's rows are written together, in the standings'
    order (``stats.result_rows`` follows ``ScoredGame.seat_figures``), so their ids keep it."""
    # The two flags are read as the database gives them (0/1 on SQLite) rather than as
    # BooleanFields: no conversion for each of a crew's tens of thousands of rows.
    rows = (
        results.annotate(
            night_id=F("game__night_id"),
            win=ExpressionWrapper(F("won"), output_field=IntegerField()),
            rounds=F("game_rounds"),
            to_target=ExpressionWrapper(Q(game__ended=""), output_field=IntegerField()),
        )
        .order_by("game__started_at", "game_id", "pk")
        .values_list(
            "game_id",
            "night_id",
            "player_id",
            "win",
            "rounds",
            "to_target",
            "biggest_round",
            "deficit",
            "margin",
        )  # fmt: skip
    )
    return list(rows)  # type: ignore[arg-type]  (tuples in Line's order: see records.Line)


def _chosen_season(
    request: HttpRequest, crew: Any
) -> tuple[SeasonChoiceForm, seasons.Season | None, bool]:
    """The season menu, the season chosen (None: every season) and whether the choice is valid."""
    form = SeasonChoiceForm(request.GET or None, crew=crew)
    valid = form.is_valid() if form.is_bound else True
    return form, form.cleaned_data["season"] if form.is_bound and valid else None, valid


def _games(crew: Any, season: seasons.Season | None, valid: bool) -> QuerySet[Game]:
    games = Game.objects.filter(crew=crew)
    if not valid:
        return games.none()
    if season is not None:
        games = games.filter(night__date__range=(season.starts_on, season.ends_on))
    return games


def _nights(found: Iterable[records.Record]) -> dict[int, GameNight]:
    return GameNight.objects.in_bulk({record.night_id for record in found})


def crew_context(request: HttpRequest) -> tuple[dict[str, Any], bool]:
    """The records page's tables (the crew's records, then each player's) in the season
    chosen, if any, and whether the season menu's choice is valid."""
    crew = request.crew  # type: ignore[attr-defined]
    season_form, season, valid = _chosen_season(request, crew)
    by_player = records.player_records(lines_of(stats.results_of(_games(crew, season, valid))))
    best = records.crew_records(by_player)
    names = dict(Player.objects.filter(crew=crew).values_list("pk", "name"))
    context = {
        "season_form": season_form,
        "season": season,
        "table": RecordsTable.for_records(best, names=names, nights=_nights(best.values())),
        "players_table": PlayerRecordsTable.for_players(by_player, names=names),
    }
    return context, valid


def player_context(
    request: HttpRequest, player: Player, others: list[Player]
) -> tuple[dict[str, Any], bool]:
    """What a player's page shows of records and rivals (in the season chosen, if any), and
    whether the season menu's choice is valid. ``others``: the crew's other players."""
    crew = request.crew  # type: ignore[attr-defined]
    season_form, season, valid = _chosen_season(request, crew)
    played = SeatResult.objects.filter(player=player).values("game_id")
    # Every seat of the player's games: their own lines, and their rivals'.
    lines = lines_of(stats.results_of(_games(crew, season, valid)).filter(game__in=played))
    own = [line for line in lines if line[records.PLAYER] == player.pk]
    if season is not None or not valid:  # the streak now runs over every season
        own_now = lines_of(stats.results_of(Game.objects.filter(crew=crew)).filter(player=player))
    else:
        own_now = own
    held = records.player_records(own).get(player.pk, {})
    found = records.rivals_of(player.pk, lines)
    names = {other.pk: other.name for other in others}
    table = RecordsTable.for_records(
        held,
        names=names,
        nights=_nights(held.values()),
        labels=PLAYER_RECORD_NAMES,
        exclude=("holder",),
    )
    season_query = f"&season={season.key}" if season is not None else ""

    def rival(found: records.Rival | None) -> dict[str, Any] | None:
        if found is None:
            return None
        url = reverse("history:head_to_head") + f"?a={player.pk}&b={found.player_id}"
        return {
            "player_id": found.player_id,
            "name": names.get(found.player_id, ""),
            "wins": found.wins,
            "together": found.together,
            "head_to_head": url + season_query,
        }

    context = {
        "season_form": season_form,
        "season": season,
        "records_table": table,
        "streak": records.streak_now(own_now),
        "nemesis": rival(found.nemesis),
        "beaten": rival(found.beaten),
        "min_rival_wins": records.MIN_RIVAL_WINS,
    }
    return context, valid
