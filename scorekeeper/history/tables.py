"""The history tables: sortable, paginated, exported as CSV with ``?_export=csv``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import django_tables2 as tables
from django.db.models import F, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_tables2.export import TableExport

from scorekeeper.domain import COLOUR_NAMES, WENT_OUT_ON, ScoredGame, get_edition
from scorekeeper.domain import Edition as Cards
from scorekeeper.domain import parse_cards as parse_hand_cards
from scorekeeper.domain.decks import game_deck
from scorekeeper.games.models import Challenge, Edition, ScoringMode
from scorekeeper.history import ratings, records
from scorekeeper.history.models import SeatResult
from scorekeeper.languages.words import in_words
from scorekeeper.nights.models import GameNight

EDITION_NAMES = dict(Edition.choices)
MODE_NAMES = dict(ScoringMode.choices)
# Cells a spreadsheet would run as a formula; prefixed with ' in CSV files.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _num_cells() -> dict[str, dict[str, str]]:
    return {"td": {"class": "num"}, "th": {"class": "num"}}


class SafeCSVExport(TableExport):
    """CSV export that keeps names like ``=SUM(...)`` from running as spreadsheet formulas,
    in every cell: header cells hold player names too."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        if dataset.headers:
            dataset.headers = [_defused(header) for header in dataset.headers]
        for index, row in enumerate(dataset._data):
            dataset._data[index] = type(row)([_defused(cell) for cell in row])
        return dataset


def _defused(cell: Any) -> Any:
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        try:
            float(cell)
        except ValueError:
            return "'" + cell
    return cell


class HistoryTable(tables.Table):
    """Our look (a scrolling region with a caption), and the key that picks it for export."""

    export_key = "table"
    caption = ""

    class Meta:
        template_name = "history/table.html"
        attrs = {"class": "history-table"}


def _duration(start: dt.datetime | None, end: dt.datetime | None) -> str:
    if not start or not end:
        return ""
    minutes = max(0, int((end - start).total_seconds() // 60))
    if minutes >= 60:
        return _("%(hours)s h %(minutes)s min") % {
            "hours": minutes // 60,
            "minutes": f"{minutes % 60:02d}",
        }
    return _("%(minutes)s min") % {"minutes": minutes}


def _names_with_counts(pairs: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} ×{wins}" if wins > 1 else name for name, wins in pairs)


class NightTable(HistoryTable):
    """Game nights, newest first. ``people`` and ``wins`` are filled for the rows shown."""

    export_key = "nights"
    caption = gettext_lazy("Game nights")
    date = tables.DateColumn(
        verbose_name=gettext_lazy("Night"),
        linkify=("nights:night_detail", {"night_id": tables.A("pk")}),
    )
    name = tables.Column(verbose_name=gettext_lazy("Name"), visible=False)
    players = tables.Column(
        verbose_name=gettext_lazy("Who played"), empty_values=(), orderable=False
    )
    games_count = tables.Column(verbose_name=gettext_lazy("Games"), attrs=_num_cells())
    winners = tables.Column(verbose_name=gettext_lazy("Won by"), empty_values=(), orderable=False)

    class Meta(HistoryTable.Meta):
        model = GameNight
        fields = ("date", "name", "players", "games_count", "winners")
        sequence = fields

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.people: dict[int, list[str]] = {}
        self.wins: dict[int, list[tuple[str, int]]] = {}

    def render_date(self, value: dt.date, record: GameNight) -> str:
        below = date_format(value, "l") + (f" · {record.name}" if record.name else "")
        return format_html(
            '<span class="nowrap">{}</span><span class="h-sub">{}</span>',
            # A second session the same evening is numbered, as in the night's name.
            date_format(value, _("j M Y")) + (f" ({record.session})" if record.session > 1 else ""),
            below,
        )

    def value_date(self, value: dt.date) -> str:
        return value.isoformat()

    def render_players(self, record: GameNight) -> str:
        return ", ".join(self.people.get(record.pk, [])) or "—"

    def value_players(self, record: GameNight) -> str:
        return ", ".join(self.people.get(record.pk, []))

    def render_winners(self, record: GameNight) -> str:
        return _names_with_counts(self.wins.get(record.pk, [])) or "—"

    def value_winners(self, record: GameNight) -> str:
        return _names_with_counts(self.wins.get(record.pk, []))


class NightGamesTable(HistoryTable):
    """A night's games in the order they were played. ``winners`` maps game id → names."""

    export_key = "games"
    caption = gettext_lazy("Games")
    id = tables.Column(
        verbose_name=gettext_lazy("Game"),
        linkify=lambda record: reverse("history:game_record", args=[record.pk]),
        attrs={"td": {"class": "nowrap"}},
    )
    edition = tables.Column(verbose_name=gettext_lazy("Edition"))
    # Shown under the edition on screen (one column less on a phone); its own CSV column.
    scoring = tables.Column(verbose_name=gettext_lazy("Mode"), visible=False)
    winners = tables.Column(verbose_name=gettext_lazy("Won by"), empty_values=())
    rounds_count = tables.Column(verbose_name=gettext_lazy("Rounds"), attrs=_num_cells())
    duration = tables.Column(verbose_name=gettext_lazy("Time"), empty_values=())

    class Meta(HistoryTable.Meta):
        orderable = False
        fields = ("id", "edition", "scoring", "winners", "rounds_count", "duration")
        sequence = fields

    def __init__(self, *args: Any, winners: dict[int, list[str]] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self.winners = winners or {}

    def render_id(self, record: Any) -> str:
        return format_html(
            '<span class="nowrap">#{}</span><span class="h-sub">{}</span>',
            record.pk,
            _clock(record),
        )

    def value_id(self, record: Any) -> int:
        return record.pk

    def render_edition(self, value: str, record: Any) -> str:
        return format_html(
            '{}<span class="h-sub">{}</span>',
            in_words(EDITION_NAMES.get(value, value)),
            MODE_NAMES.get(record.scoring, record.scoring),
        )

    def value_edition(self, value: str) -> str:
        return in_words(EDITION_NAMES.get(value, value))

    def render_scoring(self, value: str) -> str:
        return MODE_NAMES.get(value, value)

    def render_winners(self, record: Any) -> str:
        if record.status != "finished":
            return _("In play")
        if record.ended in ENDED_WITHOUT_RESULT:
            return str(ENDED_WITHOUT_RESULT[record.ended])
        return ", ".join(self.winners.get(record.pk, [])) or "—"

    def value_winners(self, record: Any) -> str:
        return ", ".join(self.winners.get(record.pk, []))

    def render_duration(self, record: Any) -> str:
        return _duration(record.started_at, record.finished_at) or "—"

    def value_duration(self, record: Any) -> int | str:
        if not record.finished_at:
            return ""
        return int((record.finished_at - record.started_at).total_seconds() // 60)


# A game stopped with no winner says how, where the winners would be.
ENDED_WITHOUT_RESULT = {
    "no_result": gettext_lazy("No result"),
    "abandoned": gettext_lazy("Abandoned"),
}


def _clock(game: Any) -> str:
    return f"{timezone.localtime(game.started_at):%H:%M}"


def _player_link(record: dict[str, Any]) -> str:
    return reverse("history:player_detail", args=[record["player_id"]])


class LeaderboardTable(HistoryTable):
    """A night's (or any set of games') players, most games won first."""

    export_key = "leaderboard"
    caption = gettext_lazy("Leaderboard")
    name = tables.Column(verbose_name=gettext_lazy("Player"), linkify=_player_link)
    games_won = tables.Column(verbose_name=gettext_lazy("Won"), attrs=_num_cells())
    games_played = tables.Column(verbose_name=gettext_lazy("Played"), attrs=_num_cells())
    round_wins = tables.Column(verbose_name=gettext_lazy("Rounds won"), attrs=_num_cells())
    best_round = tables.Column(verbose_name=gettext_lazy("Best round"), attrs=_num_cells())

    class Meta(HistoryTable.Meta):
        orderable = False
        fields = ("name", "games_won", "games_played", "round_wins", "best_round")
        sequence = fields


def _decimal(value: float | None, places: int = 1) -> str:
    return "—" if value is None else number_format(round(value, places), places)


def _stat_cells(td_class: str = "num") -> dict[str, dict[str, Any]]:
    """A statistics cell names its column (``data-label``): on a phone each player's row is a
    card of labelled figures instead of a grid wider than the screen (history.css)."""
    cells: dict[str, dict[str, Any]] = {
        "td": {"class": td_class, "data-label": lambda bound_column: bound_column.header}
    }
    if td_class == "num":
        cells["th"] = {"class": "num"}
    return cells


def _figure_order(queryset: QuerySet, is_descending: bool, *names: str) -> tuple[QuerySet, bool]:
    """The rows by these figures, the players without one yet (no rated game) last either way:
    PostgreSQL puts NULL first in a descending sort, SQLite last."""
    direction = "desc" if is_descending else "asc"
    keys = [getattr(F(name), direction)(nulls_last=True) for name in names]
    return queryset.order_by(*keys, "name"), True


class PlayerStatsTable(HistoryTable):
    """Every player's figures over the chosen games: sortable by any column."""

    export_key = "players"
    caption = gettext_lazy("Player statistics")
    name = tables.Column(
        verbose_name=gettext_lazy("Player"),
        linkify=_player_link,
        attrs=_stat_cells("sticky-col"),
    )
    # Higher is better: the first tap sorts the best first (order_rating).
    rating = tables.Column(
        verbose_name=gettext_lazy("Rating"), attrs=_stat_cells(), initial_sort_descending=True
    )
    games_played = tables.Column(verbose_name=gettext_lazy("Played"), attrs=_stat_cells())
    games_won = tables.Column(
        verbose_name=gettext_lazy("Won"), attrs=_stat_cells(), order_by=("games_won", "win_rate")
    )
    win_rate = tables.Column(verbose_name=gettext_lazy("Win rate"), attrs=_stat_cells())
    # Shown when a season is chosen: what the player's rating moved over its games.
    rating_gained = tables.Column(
        verbose_name=gettext_lazy("Rating gained"),
        attrs=_stat_cells(),
        default="",
        initial_sort_descending=True,
    )
    round_wins = tables.Column(verbose_name=gettext_lazy("Rounds won"), attrs=_stat_cells())
    points_per_round_won = tables.Column(
        verbose_name=gettext_lazy("Points per round won"), attrs=_stat_cells()
    )
    best_round = tables.Column(verbose_name=gettext_lazy("Best round"), attrs=_stat_cells())
    points_left_in_hand = tables.Column(
        verbose_name=gettext_lazy("Left in hand (avg)"), attrs=_stat_cells()
    )
    challenges_won = tables.Column(verbose_name=gettext_lazy("Challenges won"), attrs=_stat_cells())
    challenges_lost = tables.Column(
        verbose_name=gettext_lazy("Challenges lost"), attrs=_stat_cells()
    )

    class Meta(HistoryTable.Meta):
        fields = (
            "name",
            "rating",
            "games_played",
            "games_won",
            "win_rate",
            "rating_gained",
            "round_wins",
            "points_per_round_won",
            "best_round",
            "points_left_in_hand",
            "challenges_won",
            "challenges_lost",
        )
        sequence = fields
        attrs = {"class": "history-table stats-table"}

    def order_rating(self, queryset: QuerySet, is_descending: bool) -> tuple[QuerySet, bool]:
        return _figure_order(queryset, is_descending, "rating", "games_won")

    def order_rating_gained(self, queryset: QuerySet, is_descending: bool) -> tuple[QuerySet, bool]:
        return _figure_order(queryset, is_descending, "rating_gained")

    def render_rating(self, value: float, record: Mapping[str, Any]) -> str:
        shown = ratings.shown_figure(value)
        if ratings.Shown(value, record.get("rated_games") or 0).settling:
            return format_html('{} <span class="muted h-small">{}</span>', shown, _("settling in"))
        return shown

    def value_rating(self, value: float | None) -> str:
        return "" if value is None else f"{value:.1f}"

    def render_rating_gained(self, value: float) -> str:
        return ratings.shown_figure(value, signed=True)

    def value_rating_gained(self, value: float | None) -> str:
        return "" if value is None or value == "" else f"{value:.1f}"

    def render_win_rate(self, value: float) -> str:
        return _("%(percent)s%%") % {"percent": number_format(round(value * 100), 0)}

    def value_win_rate(self, value: float | None) -> str:
        return "" if value is None else f"{value:.3f}"

    def render_points_per_round_won(self, value: float) -> str:
        return _decimal(value)

    def value_points_per_round_won(self, value: float | None) -> str:
        return "" if value is None else f"{value:.2f}"

    def render_points_left_in_hand(self, value: float) -> str:
        return _decimal(value)

    def value_points_left_in_hand(self, value: float | None) -> str:
        return "" if value is None else f"{value:.2f}"


class RoundColumn(tables.Column):
    """A player's running total after the round, with what the round gave them."""

    def render(self, value: dict[str, Any]) -> str:
        scored = value["scored"]
        return format_html(
            '<span class="h-total">{}</span><span class="h-sub">{}</span>',
            value["total"],
            f"+{scored}" if scored else "·",
        )

    def value(self, value: dict[str, Any]) -> int:
        return value["total"]


class HandColumn(tables.Column):
    """Export only: what the player held at the end of the round (its cards in words, as the
    record page names cards, or a typed total)."""

    def value(self, value: Any) -> str:
        return "" if value is None else str(value)


def hand_in_words(hand: Any, deck: Cards) -> str | int | None:
    """A hand as a reader says it: "red 7, Wild" (a crew's card by its name, in the page's
    language); a typed total stays a number, no hand stays None."""
    if hand is None or isinstance(hand, int):
        return hand
    return ", ".join(in_words(card.label(deck)) for card in parse_hand_cards(hand, deck))


def _round_decks(scored: ScoredGame) -> list[tuple[Cards, str]]:
    """Each round's cards (the side that was up, for a two-sided deck) and that side's name
    ("" when the deck has one side)."""
    deck = game_deck(scored.data)
    played = []
    for item in scored.rounds:
        if deck is None:
            played.append((get_edition(scored.edition), ""))
            continue
        number = item.extras.get("side")
        side = deck.side(number)
        played.append((side, (side.side_name or str(number)) if deck.two_sided else ""))
    return played


# Up to six players' totals fit beside the round on a 390 px phone (tests/browser/
# test_history_fit.py); from seven, a phone shows each round as a card (history.css).
CARDS_FROM_PLAYERS = 6


class RoundsTable(HistoryTable):
    """Round by round: the winner, then each player's running total (one column a player)."""

    export_key = "rounds"
    caption = gettext_lazy("Round by round")
    number = tables.Column(
        verbose_name=gettext_lazy("Round"), attrs={"td": {"class": "sticky-col"}}
    )
    # Shown under the round number on screen (one column less on a phone); its own CSV column.
    winner = tables.Column(verbose_name=gettext_lazy("Went out"), visible=False)

    class Meta(HistoryTable.Meta):
        orderable = False
        attrs = {"class": "history-table h-rounds"}

    # The card that ended the round, when it makes the next player draw (as on the scoreboard).
    went_out_on = tables.Column(verbose_name=gettext_lazy("Went out on"), visible=False)
    # The side of a two-sided deck that was up (its name); shown under the round on screen.
    side = tables.Column(verbose_name=gettext_lazy("Side"), visible=False)

    def render_number(self, value: int, record: dict[str, Any]) -> str:
        ended_on = {
            "+2": _("%(player)s out on a Draw Two"),
            "+4": _("%(player)s out on a Wild Draw Four"),
        }.get(record["went_out_on"], _("%(player)s out"))
        below = ended_on % {"player": record["winner"]}
        if record["side"]:
            return format_html(
                '{}<span class="h-sub">{}</span><span class="h-sub h-side">{}</span>',
                value,
                below,
                _("%(side)s side") % {"side": record["side"]},
            )
        return format_html('{}<span class="h-sub">{}</span>', value, below)

    def value_went_out_on(self, value: str) -> str:
        return _(WENT_OUT_ON[value]) if value else ""

    def value_number(self, value: int) -> int:
        return value

    @classmethod
    def for_game(cls, scored: ScoredGame) -> RoundsTable:
        """The core's rounds, a column per player: their running total and what the round gave."""
        rows = []
        for item, (deck, side) in zip(scored.rounds, _round_decks(scored), strict=True):
            row: dict[str, Any] = {
                "number": item.number,
                "winner": item.winner,
                "went_out_on": item.extras.get("went_out_on", ""),
                "side": side,
            }
            for index, name in enumerate(scored.players):
                row[f"p{index}"] = {"total": item.running[name], "scored": item.points[name]}
                row[f"h{index}"] = hand_in_words(item.hands.get(name), deck)
            rows.append(row)
        extra: list[tuple[str, tables.Column]] = []
        for index, name in enumerate(scored.players):
            attrs = {"td": {"class": "num", "data-label": name}, "th": {"class": "num"}}
            extra.append((f"p{index}", RoundColumn(verbose_name=name, attrs=attrs)))
        for index, name in enumerate(scored.players):
            hand = HandColumn(
                verbose_name=_("%(player)s hand") % {"player": name}, visible=False, empty_values=()
            )
            extra.append((f"h{index}", hand))
        # A deck of one side: no Side column, on screen or in the CSV.
        one_side = not any(row["side"] for row in rows)
        table = cls(rows, extra_columns=extra, exclude=("side",) if one_side else ())
        if len(scored.players) > CARDS_FROM_PLAYERS:
            # More columns than a phone holds: there each round is a card of named totals.
            table.attrs = {**table.attrs, "class": "history-table h-rounds h-rounds-cards"}
        return table


class StandingsTable(HistoryTable):
    export_key = "standings"
    caption = gettext_lazy("Final standings")
    place = tables.Column(verbose_name=gettext_lazy("Place"), attrs=_num_cells())
    name = tables.Column(verbose_name=gettext_lazy("Player"))
    total = tables.Column(verbose_name=gettext_lazy("Points"), attrs=_num_cells())
    rounds_won = tables.Column(verbose_name=gettext_lazy("Rounds won"), attrs=_num_cells())

    class Meta(HistoryTable.Meta):
        orderable = False
        fields = ("place", "name", "total", "rounds_won")
        sequence = fields

    @classmethod
    def for_game(cls, scored: ScoredGame, player_ids: Mapping[str, int]) -> StandingsTable:
        """The core's standings, each name linked to the player's page."""
        rows = [
            {
                "place": placing.place,
                "name": placing.name,
                "player_id": player_ids[placing.name],
                "total": placing.total,
                "rounds_won": placing.rounds_won,
                "winner": placing.winner,
            }
            for placing in scored.standings
        ]
        table = cls(rows)
        if not scored.finished:
            table.caption = _("Standings so far")
        return table

    def render_name(self, value: str, record: dict[str, Any]) -> str:
        link = format_html('<a href="{}">{}</a>', _player_link(record), value)
        if record.get("winner"):
            return format_html('{} <span class="chip">{}</span>', link, _("winner"))
        return link

    def value_name(self, value: str) -> str:
        return value


class ChallengesTable(HistoryTable):
    export_key = "challenges"
    caption = gettext_lazy("Wild Draw Four challenges")
    challenger = tables.Column(verbose_name=gettext_lazy("Challenger"))
    challenged = tables.Column(verbose_name=gettext_lazy("Challenged"))
    colour = tables.Column(verbose_name=gettext_lazy("Colour in play"))
    guilty = tables.Column(verbose_name=gettext_lazy("Verdict"))
    drawer = tables.Column(verbose_name=gettext_lazy("Drew"))

    class Meta(HistoryTable.Meta):
        model = Challenge
        orderable = False
        fields = ("challenger", "challenged", "colour", "guilty", "drawer")
        sequence = fields

    def render_colour(self, value: str) -> str:
        return in_words(COLOUR_NAMES.get(value, value))

    def render_guilty(self, value: bool) -> str:
        return _("Guilty") if value else _("Not guilty")

    def value_guilty(self, value: bool) -> str:
        return "guilty" if value else "not guilty"

    def render_drawer(self, value: Any, record: Challenge) -> str:
        return f"{value} (+{record.cards_drawn})"


def _night_date_column(*, game: str) -> tables.DateColumn:
    """The date of a game's night, linked to the night, sorted by when the game started.
    ``game`` is the path from a row to its game: ``"game__"`` for a result, ``""`` for a game."""
    return tables.DateColumn(
        accessor=f"{game}night__date",
        order_by=(f"{game}started_at",),
        verbose_name=gettext_lazy("Date"),
        # No format: the page's language's SHORT_DATE_FORMAT (languages/formats), read per page.
        linkify=("nights:night_detail", {"night_id": tables.A(f"{game}night_id")}),
        attrs={"td": {"class": "nowrap"}},
    )


def _game_column(*, accessor: str) -> tables.Column:
    """A game's number, linked to its record; ``accessor`` reads the game's id from a row."""
    return tables.Column(
        accessor=accessor,
        verbose_name=gettext_lazy("Game"),
        linkify=("history:game_record", {"game_id": tables.A(accessor)}),
    )


class PlayerGamesTable(HistoryTable):
    """One player's finished games, newest first (their results)."""

    export_key = "games"
    caption = gettext_lazy("Games")
    date = _night_date_column(game="game__")
    game = _game_column(accessor="game_id")
    edition = tables.Column(accessor="game__edition", verbose_name=gettext_lazy("Edition"))
    total = tables.Column(verbose_name=gettext_lazy("Points"), attrs=_num_cells())
    place = tables.Column(
        verbose_name=gettext_lazy("Place"),
        attrs={"td": {"class": "num nowrap"}, "th": {"class": "num"}},
    )

    class Meta(HistoryTable.Meta):
        model = SeatResult
        fields = ("date", "game", "edition", "total", "place")
        sequence = fields

    def render_game(self, value: int) -> str:
        return f"#{value}"

    def render_edition(self, value: str, record: SeatResult) -> str:
        return format_html(
            '{}<span class="h-sub">{}</span>',
            in_words(EDITION_NAMES.get(value, value)),
            MODE_NAMES.get(record.game.scoring, ""),
        )

    def value_edition(self, value: str) -> str:
        return value

    def render_place(self, value: int, record: SeatResult) -> str:
        if record.won:
            return format_html('<span class="chip">{}</span> {}', _("won"), value)
        return str(value)


class HeadToHeadTable(HistoryTable):
    """The games two players shared, with both totals and who came out ahead."""

    export_key = "games"
    caption = gettext_lazy("Games together")
    date = _night_date_column(game="")
    id = _game_column(accessor="id")
    result = tables.Column(verbose_name=gettext_lazy("Result"), empty_values=(), orderable=False)

    class Meta(HistoryTable.Meta):
        fields = ("date", "id", "a_total", "b_total", "result")
        sequence = fields

    def __init__(self, *args: Any, names: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(
            *args,
            extra_columns=[
                ("a_total", tables.Column(verbose_name=names[0], attrs=_num_cells())),
                ("b_total", tables.Column(verbose_name=names[1], attrs=_num_cells())),
            ],
            **kwargs,
        )
        self.names = names

    def render_id(self, value: int) -> str:
        return f"#{value}"

    def render_result(self, record: Any) -> str:
        a, b = self.names
        if record.a_won and record.b_won:
            return _("Shared win")
        if record.a_won:
            return _("%(player)s won") % {"player": a}
        if record.b_won:
            return _("%(player)s won") % {"player": b}
        return _("Someone else won")


# --- Records (scorekeeper/history/records.py) -------------------------------------------------

RECORD_NAMES = {
    records.Kind.STREAK: gettext_lazy("Longest winning streak"),
    records.Kind.NIGHT_WINS: gettext_lazy("Most wins in one night"),
    records.Kind.BIGGEST_ROUND: gettext_lazy("Biggest round"),
    records.Kind.COMEBACK: gettext_lazy("Best comeback"),
    records.Kind.CLOSEST: gettext_lazy("Closest finish"),
    records.Kind.QUICKEST: gettext_lazy("Quickest win"),
    records.Kind.GAMES: gettext_lazy("Most games played"),
}
# A player's own page: their games played are a count, not the crew's most.
PLAYER_RECORD_NAMES = {**RECORD_NAMES, records.Kind.GAMES: gettext_lazy("Games played")}
# The headings of the players' records table, short enough for a phone's card.
RECORD_HEADINGS = {
    records.Kind.STREAK: gettext_lazy("Streak"),
    records.Kind.NIGHT_WINS: gettext_lazy("Wins in a night"),
    records.Kind.BIGGEST_ROUND: gettext_lazy("Biggest round"),
    records.Kind.COMEBACK: gettext_lazy("Comeback"),
    records.Kind.CLOSEST: gettext_lazy("Closest finish"),
    records.Kind.QUICKEST: gettext_lazy("Quickest win"),
    records.Kind.GAMES: gettext_lazy("Games"),
}


def record_figure(kind: records.Kind, value: int) -> str:
    """A record's figure in words: "7 games in a row", "from 120 points behind"."""
    words = {
        records.Kind.STREAK: ngettext("%(count)s game in a row", "%(count)s games in a row", value),
        records.Kind.NIGHT_WINS: ngettext("%(count)s win", "%(count)s wins", value),
        records.Kind.BIGGEST_ROUND: ngettext("%(count)s point", "%(count)s points", value),
        records.Kind.COMEBACK: ngettext(
            "from %(count)s point behind", "from %(count)s points behind", value
        ),
        records.Kind.CLOSEST: ngettext("by %(count)s point", "by %(count)s points", value),
        records.Kind.QUICKEST: ngettext("in %(count)s round", "in %(count)s rounds", value),
        records.Kind.GAMES: ngettext("%(count)s game", "%(count)s games", value),
    }[kind]
    return words % {"count": number_format(value)}


def record_link(record: records.Record) -> str:
    """Where a record was set: its night for the wins in one night, else its game."""
    if record.kind is records.Kind.NIGHT_WINS:
        return reverse("nights:night_detail", args=[record.night_id])
    return reverse("history:game_record", args=[record.game_id])


class RecordsTable(HistoryTable):
    """Records, one a row: what, who holds it, the figure, and where it was set."""

    export_key = "records"
    caption = gettext_lazy("Records")
    name = tables.Column(verbose_name=gettext_lazy("Record"))
    holder = tables.Column(verbose_name=gettext_lazy("Held by"), linkify=_player_link)
    figure = tables.Column(verbose_name=gettext_lazy("Figure"))
    set_in = tables.Column(verbose_name=gettext_lazy("Set in"), empty_values=())

    class Meta(HistoryTable.Meta):
        orderable = False
        fields = ("name", "holder", "figure", "set_in")
        sequence = fields
        attrs = {"class": "history-table h-records"}

    @classmethod
    def for_records(
        cls,
        found: Mapping[records.Kind, records.Record],
        *,
        names: Mapping[int, str],
        nights: Mapping[int, GameNight],
        labels: Mapping[records.Kind, Any] = RECORD_NAMES,
        **kwargs: Any,
    ) -> RecordsTable:
        rows = [
            {
                "kind": record.kind,
                "name": labels[record.kind],
                "holder": names.get(record.player_id, ""),
                "player_id": record.player_id,
                "value": record.value,
                "figure": record_figure(record.kind, record.value),
                "record": record,
                "night": nights.get(record.night_id),
            }
            for record in (found[kind] for kind in records.Kind if kind in found)
        ]
        return cls(rows, **kwargs)

    def value_figure(self, record: dict[str, Any]) -> int:
        return record["value"]

    def render_set_in(self, record: dict[str, Any]) -> str:
        night = record["night"]
        if record["kind"] is records.Kind.NIGHT_WINS:
            return format_html('<a href="{}">{}</a>', record_link(record["record"]), night or "")
        return format_html(
            '<a href="{}">{}<span class="h-sub">{}</span></a>',
            record_link(record["record"]),
            _("Game #%(number)s") % {"number": record["record"].game_id},
            night or "",
        )

    def value_set_in(self, record: dict[str, Any]) -> str:
        night = record["night"]
        if record["kind"] is records.Kind.NIGHT_WINS:
            return night.date.isoformat() if night else ""
        return f"#{record['record'].game_id}"


class RecordColumn(tables.Column):
    """One kind of record in the players' records table: the figure, linked to where it was
    set ("—" for a record the player does not hold)."""

    def __init__(self, kind: records.Kind, **kwargs: Any) -> None:
        self.kind = kind
        super().__init__(
            accessor=tables.A(f"records__{kind.value}"),
            verbose_name=RECORD_HEADINGS[kind],
            attrs=_stat_cells(),
            default="—",
            **kwargs,
        )

    def render(self, value: records.Record) -> str:
        return format_html(
            '<a href="{}" aria-label="{}">{}</a>',
            record_link(value),
            record_figure(value.kind, value.value),
            number_format(value.value),
        )

    def value(self, value: Any) -> int | str:
        return value.value if isinstance(value, records.Record) else ""


class PlayerRecordsTable(HistoryTable):
    """Each player's records, a row a player (a card of figures on a phone)."""

    export_key = "players"
    caption = gettext_lazy("Each player's records")
    name = tables.Column(
        verbose_name=gettext_lazy("Player"), linkify=_player_link, attrs=_stat_cells("sticky-col")
    )

    class Meta(HistoryTable.Meta):
        orderable = False
        attrs = {"class": "history-table stats-table"}

    @classmethod
    def for_players(
        cls,
        by_player: Mapping[int, Mapping[records.Kind, records.Record]],
        *,
        names: Mapping[int, str],
    ) -> PlayerRecordsTable:
        rows = [
            {"name": names.get(player_id, ""), "player_id": player_id, "records": held}
            for player_id, held in by_player.items()
        ]
        rows.sort(key=lambda row: (row["name"].casefold(), row["player_id"]))
        return cls(rows, extra_columns=[(kind.value, RecordColumn(kind)) for kind in records.Kind])
