"""History: game nights, game records, player statistics, head to head, exports and import.

Every page works on ``request.crew`` only; another crew's night, game or player is a 404.
Figures come from the database (see ``stats``) in a fixed number of queries per page; a game
record reads the core's :class:`~scorekeeper.domain.ScoredGame`. No GET writes: the player
results are refreshed when a game is written (see ``receivers``).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_tables2 import RequestConfig

from scorekeeper.domain import RuleError, scored_game
from scorekeeper.gamefiles.bgstats import push_link
from scorekeeper.gamefiles.files import export_game, export_games
from scorekeeper.games.access import crew_object_or_404, crew_required
from scorekeeper.games.audit import trail_for
from scorekeeper.games.models import Game
from scorekeeper.games.scoreboard import game_to_dict, load_game
from scorekeeper.languages.words import in_words
from scorekeeper.roster.models import Player
from scorekeeper.rules import house_rule_labels

from . import charts, ratings, record_pages, stats
from .filters import GameFilter
from .forms import HeadToHeadForm, ImportForm
from .services import import_games
from .tables import (
    ChallengesTable,
    HeadToHeadTable,
    HistoryTable,
    PlayerGamesTable,
    PlayerStatsTable,
    RoundsTable,
    SafeCSVExport,
    StandingsTable,
)

PLAYERS_PER_PAGE = 25
GAMES_PER_PAGE = 10
RATING_POINTS = 100  # the rated games a player's rating chart and its table show


def csv_answer(
    request: HttpRequest, tables: list[HistoryTable], filename: str
) -> HttpResponse | None:
    """The CSV of the table picked by ``?_export=csv&_table=key`` (default the first)."""
    if request.GET.get("_export") != "csv":
        return None
    wanted = request.GET.get("_table") or tables[0].export_key
    table = next((t for t in tables if t.export_key == wanted), tables[0])
    return SafeCSVExport("csv", table).response(filename=f"{filename}-{table.export_key}.csv")


def configure_table(request: HttpRequest, table: HistoryTable, per_page: int | None = None) -> None:
    paginate: dict[str, Any] | bool = {"per_page": per_page} if per_page else False
    RequestConfig(request, paginate=paginate).configure(table)


def exporting(request: HttpRequest) -> bool:
    return request.GET.get("_export") == "csv"


def rows_shown(table: HistoryTable) -> list[Any]:
    """The records on the table's current page (all of them when it is not paginated)."""
    page = getattr(table, "page", None)
    rows = page.object_list if page is not None else table.rows
    return [row.record for row in rows]


@crew_required
@require_GET
def game_record(request: HttpRequest, game_id: int) -> HttpResponse:
    # One consistent read: never half of an edit another phone is saving.
    game = load_game(Game.objects.filter(crew=request.crew), game_id)  # type: ignore[attr-defined]
    if game is None:
        raise Http404(_("No such game in your crew."))
    scored = scored_game(game_to_dict(game))
    player_ids = {seat.player.name: seat.player_id for seat in game.seats.all()}
    progress = {name: scored.progression(name) for name in scored.players}
    tables = [
        RoundsTable.for_game(scored),
        StandingsTable.for_game(scored, player_ids),
        ChallengesTable(list(game.challenges.all())),
    ]
    if scored.recorded:  # its final totals only: no round was won
        tables[1].columns.hide("rounds_won")
    for table in tables:
        configure_table(request, table)
    if response := csv_answer(request, tables, f"game-{game.pk}"):
        return response
    # Each line wears its player's colour (their seat's index for a player without one).
    colours = {seat.player.name: seat.player.colour for seat in game.seats.all()}
    series = [
        index if colours.get(name) is None else colours[name]
        for index, name in enumerate(scored.players)
    ]
    context = {
        "game": game,
        "scored": scored,
        "progress": list(progress.items()),
        "round_numbers": range(1, len(scored.rounds) + 1),
        "chart": charts.score_progression(scored.players, progress, scored.target, series),
        "legend": charts.legend(scored, series),
        "rounds_table": tables[0],
        "standings_table": tables[1],
        "challenges_table": tables[2],
        "house_rules": _house_rules(game.house_rules),
        # Each player's rating change from this game (none unless it counts).
        "rating_changes": list(
            game.ratings.select_related("player").order_by("-ordinal", "player__name")
        ),
        # What a file brought when the game was imported, then the game's own history.
        "trail": [*game.imported_audit, *trail_for(game)],
        # A game with a winner, as a play BG Stats can log (the crew is its location).
        "bgstats_link": push_link(game, scored, request.crew) if scored.winners else "",  # type: ignore[attr-defined]
    }
    return render(request, "history/game_record.html", context)


def _house_rules(agreed: dict[str, Any]) -> list[str]:
    """Agreed house rules in the scoreboard's words, from the rules library's one list."""
    return [in_words(line) for line in house_rule_labels(agreed)]


@crew_required
@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    games = Game.objects.filter(crew=request.crew)
    filterset = GameFilter(request.GET or None, queryset=games, crew=request.crew)
    rows = stats.player_stats(filterset.qs).annotate(
        rating=ratings.latest("ordinal"), rated_games=ratings.latest("games")
    )
    season = filterset.season if filterset.is_bound and filterset.is_valid() else None
    if season is not None:
        rows = rows.annotate(rating_gained=ratings.gained(season.starts_on, season.ends_on))
    exclude = () if season is not None else ("rating_gained",)
    table = PlayerStatsTable(rows, order_by="-games_won", exclude=exclude)
    configure_table(request, table, None if exporting(request) else PLAYERS_PER_PAGE)
    if response := csv_answer(request, [table], "players"):
        return response
    status = 422 if filterset.is_bound and not filterset.is_valid() else 200
    # The member's own player (linked on the roster): "my statistics" one tap away.
    mine = Player.objects.filter(crew=request.crew, user_id=request.user.pk).first()
    context = {"table": table, "filter": filterset, "mine": mine, "season": season}
    return render(request, "history/player_list.html", context, status=status)


@crew_required
@require_GET
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = crew_object_or_404(Player.objects, request, pk=player_id)
    games = Game.objects.filter(crew=request.crew)
    summary = stats.player_stats(games).filter(player_id=player.pk).first()
    results = (
        stats.results_of(games)
        .filter(player=player)
        .select_related("game__night")
        .order_by("-game__started_at")
    )
    table = PlayerGamesTable(results)
    configure_table(request, table, None if exporting(request) else GAMES_PER_PAGE)
    if response := csv_answer(request, [table], f"player-{player.pk}"):
        return response
    months = stats.results_by_month(games, player)
    # The chart and its table show the last RATING_POINTS rated games: a player of years has
    # thousands, more than a phone's chart can draw or anyone reads.
    rated = list(ratings.history_of(player).order_by("-sequence")[:RATING_POINTS])[::-1]
    others = list(Player.objects.filter(crew=request.crew).exclude(pk=player.pk))
    # Records and rivals, in the season chosen (their own menu); the figures above are all time.
    held, valid = record_pages.player_context(request, player, others)
    configure_table(request, held["records_table"])
    win_rate = summary["win_rate"] if summary else None
    context = {
        "player": player,
        "summary": summary,
        "win_rate": "—" if win_rate is None else f"{win_rate:.0%}",
        "table": table,
        "months": months,
        "chart": charts.monthly_results(months) if months else "",
        "rated": rated,
        "rating": ratings.Shown(rated[-1].ordinal, rated[-1].games) if rated else None,
        "rating_chart": charts.rating_line([row.ordinal for row in rated]) if rated else "",
        "rated_all": not rated or rated[0].games == 1,
        "others": others,
        **held,
    }
    return render(request, "history/player_detail.html", context, status=200 if valid else 422)


@crew_required
@require_GET
def records(request: HttpRequest) -> HttpResponse:
    context, valid = record_pages.crew_context(request)
    tables = [context["table"], context["players_table"]]
    for table in tables:
        configure_table(request, table)
    if response := csv_answer(request, tables, "records"):
        return response
    return render(request, "history/records.html", context, status=200 if valid else 422)


@crew_required
@require_GET
def head_to_head(request: HttpRequest) -> HttpResponse:
    players = Player.objects.filter(crew=request.crew)
    bound = "a" in request.GET or "b" in request.GET
    form = HeadToHeadForm(request.GET if bound else None, players=players, crew=request.crew)
    context: dict[str, Any] = {"form": form}
    if not bound:
        return render(request, "history/head_to_head.html", context)
    if not form.is_valid():
        return render(request, "history/head_to_head.html", context, status=422)
    a, b = form.cleaned_data["a"], form.cleaned_data["b"]
    found = stats.head_to_head(request.crew, a, b, form.cleaned_data["season"])
    table = HeadToHeadTable(found.games, names=(a.name, b.name))
    configure_table(request, table, None if exporting(request) else GAMES_PER_PAGE)
    if response := csv_answer(request, [table], f"head-to-head-{a.pk}-{b.pk}"):
        return response
    context.update(a=a, b=b, a_figures=found.a_figures, b_figures=found.b_figures, table=table)
    return render(request, "history/head_to_head.html", context)


@crew_required
@require_GET
def game_export(request: HttpRequest, game_id: int) -> HttpResponse:
    game = crew_object_or_404(Game.objects.with_rounds(), request, pk=game_id)
    return _json_download(export_game(game), f"game-{game.pk}.json")


@crew_required
@require_GET
def games_export(request: HttpRequest) -> HttpResponse:
    games = Game.objects.filter(crew=request.crew).order_by("pk").with_rounds()
    stamp = timezone.localdate().isoformat()
    return _json_download(export_games(games), f"games-{stamp}.json")


def _json_download(payload: Any, filename: str) -> HttpResponse:
    # The same text as ``manage.py export_game``, so a file from either imports the same way.
    text = json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    response = HttpResponse(text, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@crew_required
@require_http_methods(["GET", "POST"])
def games_import(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST, request.FILES) if posted else ImportForm()
    if posted and form.is_valid():
        data = form.cleaned_data["file"]
        try:
            imported = import_games(crew=request.crew, data=data)
        except RuleError as error:
            form.add_error("file", _("Refused: %(reason)s") % {"reason": in_words(error)})
        else:
            messages.success(request, imported.summary())
            if len(imported.games) == 1:
                return redirect("history:game_record", game_id=imported.games[0].pk)
            return redirect("nights:night_list")
    status = 422 if posted else 200
    return render(request, "history/import.html", {"form": form}, status=status)
