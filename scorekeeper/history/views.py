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
from django.db.models import Count, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.dateparse import parse_date
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from scorekeeper.domain import RuleError, scored_game
from scorekeeper.gamefiles.files import export_game, export_games
from scorekeeper.games.access import crew_object_or_404, crew_required
from scorekeeper.games.addresses import listening_on_loopback_only, shared_url
from scorekeeper.games.audit import trail_for
from scorekeeper.games.models import Game, GameNight, Player, Seat
from scorekeeper.games.nights import (
    crew_evening,
    latest_night,
    night_share_recap,
    night_start,
    night_stop_sharing_recap,
)
from scorekeeper.games.scoreboard import game_to_dict, load_game
from scorekeeper.htmx import render_page, wants_partial
from scorekeeper.languages.words import in_words
from scorekeeper.rules import house_rule_labels

from . import charts, ratings, stats
from .filters import GameFilter
from .forms import HeadToHeadForm, ImportForm, NightNameForm, SeasonChoiceForm
from .recap import night_recap
from .services import import_games
from .tables import (
    ChallengesTable,
    HeadToHeadTable,
    HistoryTable,
    LeaderboardTable,
    NightGamesTable,
    NightTable,
    PlayerGamesTable,
    PlayerStatsTable,
    RoundsTable,
    SafeCSVExport,
    StandingsTable,
)

NIGHTS_PER_PAGE = 20
PLAYERS_PER_PAGE = 25
GAMES_PER_PAGE = 10
RATING_POINTS = 100  # the rated games a player's rating chart and its table show
NIGHT_PAGE = "history/night_detail.html"


def _csv(request: HttpRequest, tables: list[HistoryTable], filename: str) -> HttpResponse | None:
    """The CSV of the table picked by ``?_export=csv&_table=key`` (default the first)."""
    if request.GET.get("_export") != "csv":
        return None
    wanted = request.GET.get("_table") or tables[0].export_key
    table = next((t for t in tables if t.export_key == wanted), tables[0])
    return SafeCSVExport("csv", table).response(filename=f"{filename}-{table.export_key}.csv")


def _configure(request: HttpRequest, table: HistoryTable, per_page: int | None = None) -> None:
    paginate: dict[str, Any] | bool = {"per_page": per_page} if per_page else False
    RequestConfig(request, paginate=paginate).configure(table)


def _exporting(request: HttpRequest) -> bool:
    return request.GET.get("_export") == "csv"


def _shown(table: HistoryTable) -> list[Any]:
    """The records on the table's current page (all of them when it is not paginated)."""
    page = getattr(table, "page", None)
    rows = page.object_list if page is not None else table.rows
    return [row.record for row in rows]


@crew_required
@require_GET
def night_list(request: HttpRequest) -> HttpResponse:
    nights = (
        GameNight.objects.filter(crew=request.crew)
        .annotate(games_count=Count("games"))
        .order_by("-date", "-session")
    )
    season_form = SeasonChoiceForm(request.GET or None, crew=request.crew)
    season = season_form.cleaned_data["season"] if season_form.is_valid() else None
    if season is not None:
        nights = nights.filter(date__range=(season.starts_on, season.ends_on))
    elif season_form.is_bound and not season_form.is_valid():
        nights = nights.none()
    table = NightTable(nights)
    exporting = _exporting(request)
    _configure(request, table, None if exporting else NIGHTS_PER_PAGE)
    # Who played and who won, for the nights on this page only (all of them in a CSV).
    shown: QuerySet[GameNight] | list[int] = nights if exporting else [n.pk for n in _shown(table)]
    table.people = _people_by_night(shown)
    table.wins = stats.wins_by_night(Game.objects.filter(crew=request.crew, night__in=shown))
    if response := _csv(request, [table], "nights"):
        return response
    # The night new games join now (one small query): what "Start a new night" follows.
    evening = crew_evening(request.crew)
    context = {
        "table": table,
        "evening": evening,
        "tonight": latest_night(request.crew, evening),
        "season_form": season_form,
        "season": season,
    }
    status = 422 if season_form.is_bound and not season_form.is_valid() else 200
    return render(request, "history/night_list.html", context, status=status)


@crew_required
@require_POST
def night_new(request: HttpRequest) -> HttpResponse:
    """One tap for another session of this evening: new games join it."""
    try:
        evening = parse_date(request.POST.get("evening", ""))
    except ValueError:
        evening = None
    after = request.POST.get("after", "")
    night, created = night_start(
        crew=request.crew, evening=evening, after=int(after) if after.isdigit() else None
    )
    if created:
        messages.success(request, f"{night} started: new games join it.")
    else:
        messages.info(request, f"{night} was already started: new games join it.")
    return redirect("history:night_list")


def _people_by_night(nights: Any) -> dict[int, list[str]]:
    rows = (
        Seat.objects.filter(game__night__in=nights)
        .values_list("game__night_id", "player__name")
        .distinct()
        .order_by("game__night_id", "player__name")
    )
    people: dict[int, list[str]] = {}
    for night_id, name in rows:
        people.setdefault(night_id, []).append(name)
    return people


@crew_required
@require_http_methods(["GET", "POST"])
def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    night = crew_object_or_404(GameNight.objects, request, pk=night_id)
    form = NightNameForm(request.POST if request.method == "POST" else None, instance=night)
    status = 200
    if request.method == "POST":
        saved = form.is_valid()
        if saved:
            form.save()
            if not wants_partial(request):
                messages.success(request, _("The night's name is saved."))
                return redirect("history:night_detail", night_id=night.pk)
            form = NightNameForm(instance=night)
        status = 200 if saved else 422
        if wants_partial(request):
            # Only the rename form (and the new title): the tables did not change.
            context = {"form": form, "night": night, "saved": saved}
            return render_page(request, NIGHT_PAGE, context, partial="rename", status=status)
    games = Game.objects.filter(crew=request.crew, night=night)
    # The recap's one read of the night's games, scored by the core, names the winners too.
    recap = night_recap(night)
    games_table = NightGamesTable(
        games.annotate(rounds_count=Count("rounds")).order_by("started_at", "pk"),
        winners={line.pk: sorted(line.winners) for line in recap.games if line.counted},
    )
    leaderboard = LeaderboardTable(stats.player_stats(games))
    for table in (games_table, leaderboard):
        _configure(request, table)
    if response := _csv(request, [games_table, leaderboard], f"night-{night.date}"):
        return response
    context = {
        "night": night,
        "form": form,
        "games_table": games_table,
        "leaderboard": leaderboard,
        "recap": recap,
        **_recap_share_context(request, night),
    }
    return render(request, NIGHT_PAGE, context, status=status)


# --- The night's recap, and its read-only link ------------------------------------------------

RECAP_SHARE_PANEL = "history/_recap_share.html"


def _recap_share_context(request: HttpRequest, night: GameNight) -> dict[str, Any]:
    """The share panel's link: the address another phone can open (see ``shared_url``)."""
    token = night.recap_token
    return {
        "night": night,
        "recap_url": shared_url(request, reverse("history:night_recap_shared", args=[token]))
        if token
        else None,
        "share_loopback_only": listening_on_loopback_only(),
    }


def _recap_share_answer(request: HttpRequest, night: GameNight) -> HttpResponse:
    if wants_partial(request):
        return render(request, RECAP_SHARE_PANEL, _recap_share_context(request, night))
    return redirect(reverse("history:night_detail", args=[night.pk]) + "#recap-share")


@crew_required
@require_POST
def night_recap_share(request: HttpRequest, night_id: int) -> HttpResponse:
    """Make the recap's read-only link (a night already shared keeps its link)."""
    night = crew_object_or_404(GameNight.objects, request, pk=night_id)
    night_share_recap(night=night)
    return _recap_share_answer(request, night)


@crew_required
@require_POST
def night_recap_unshare(request: HttpRequest, night_id: int) -> HttpResponse:
    """Revoke the recap's link: whoever opens it from now on finds nothing."""
    night = crew_object_or_404(GameNight.objects, request, pk=night_id)
    night_stop_sharing_recap(night=night)
    return _recap_share_answer(request, night)


@require_GET
def night_recap_shared(request: HttpRequest, token: str) -> HttpResponse:
    """The recap opened from its link, signed in or not: that night only, read-only."""
    night = GameNight.objects.filter(recap_token=token).first()
    if night is None:
        raise Http404(_("This recap link is not valid (it may have been stopped)."))
    context = {"night": night, "recap": night_recap(night)}
    response = render(request, "history/recap_shared.html", context)
    # Never kept by a shared cache, and asked again each time: a stopped link stops at once.
    patch_cache_control(response, private=True, no_cache=True)
    response["X-Robots-Tag"] = "noindex"
    return response


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
    for table in tables:
        _configure(request, table)
    if response := _csv(request, tables, f"game-{game.pk}"):
        return response
    context = {
        "game": game,
        "scored": scored,
        "progress": list(progress.items()),
        "round_numbers": range(1, len(scored.rounds) + 1),
        "chart": charts.score_progression(scored.players, progress, scored.target),
        "legend": charts.legend(scored),
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
    _configure(request, table, None if _exporting(request) else PLAYERS_PER_PAGE)
    if response := _csv(request, [table], "players"):
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
    _configure(request, table, None if _exporting(request) else GAMES_PER_PAGE)
    if response := _csv(request, [table], f"player-{player.pk}"):
        return response
    months = stats.results_by_month(games, player)
    # The chart and its table show the last RATING_POINTS rated games: a player of years has
    # thousands, more than a phone's chart can draw or anyone reads.
    rated = list(ratings.history_of(player).order_by("-sequence")[:RATING_POINTS])[::-1]
    others = Player.objects.filter(crew=request.crew).exclude(pk=player.pk)
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
    }
    return render(request, "history/player_detail.html", context)


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
    _configure(request, table, None if _exporting(request) else GAMES_PER_PAGE)
    if response := _csv(request, [table], f"head-to-head-{a.pk}-{b.pk}"):
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
            return redirect("history:night_list")
    status = 422 if posted else 200
    return render(request, "history/import.html", {"form": form}, status=status)
