"""Charts drawn on the server as SVG: no JavaScript, readable on a 360 px screen.

Each series has a colour *and* a dash pattern, and every chart comes with the same numbers as
a table in the page, so colour is never the only signal and screen readers read the table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from scorekeeper.domain import ScoredGame
from scorekeeper.history.ratings import shown_figure

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 14, 28
# Dash patterns paired with the colours of .series-N (the players' colours in app.css, two more
# in history.css).
DASHES = ("", "6 3", "2 3", "10 3 2 3", "1 5", "12 4", "4 2 1 2", "8 2", "3 6", "6 2 2 2")


def series_style(index: int) -> dict[str, str]:
    """The class and dash pattern of the index-th series (shared by a chart and its legend)."""
    return {"css": f"series-{index % len(DASHES)}", "dash": DASHES[index % len(DASHES)]}


def nice_step(largest: float, steps: int = 4) -> int:
    """A round grid step (1, 2, 5 × 10^n) giving about ``steps`` lines up to ``largest``."""
    raw = max(largest / steps, 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude  # pragma: no cover - the loop always returns


def _y(value: float, top_value: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - value / top_value)


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span * index / count if count else 0)


def _grid(top_value: int, step: int) -> SafeString:
    lines = []
    for value in range(0, top_value + 1, step):
        y = _y(value, top_value)
        lines.append(
            format_html(
                '<line class="grid" x1="{}" x2="{}" y1="{}" y2="{}"/>'
                '<text class="axis" x="{}" y="{}" text-anchor="end">{}</text>',
                LEFT,
                WIDTH - RIGHT,
                f"{y:.1f}",
                f"{y:.1f}",
                LEFT - 4,
                f"{y + 4:.1f}",
                value,
            )
        )
    return mark_safe("".join(lines))


def score_progression(
    players: Sequence[str],
    running: Mapping[str, Sequence[int]],
    target: int,
    series: Sequence[int] | None = None,
) -> SafeString:
    """A line per player: their total after each round (0 before the first), and the target.

    ``series[i]`` is the i-th player's series (their colour, ``roster.models.Colour``); by
    default their seat's index.

    ``running[player]`` holds one total per round. The SVG is decorative for assistive
    technology (``aria-hidden``): the page shows the same numbers as a table.
    """
    rounds = max((len(totals) for totals in running.values()), default=0)
    highest = max([target, *(max(totals, default=0) for totals in running.values())])
    step = nice_step(highest)
    top_value = step * (-(-highest // step))  # round up to a whole step
    label_every = max(1, -(-rounds // 8))
    parts = [_grid(top_value, step)]
    for number in range(0, rounds + 1, label_every):
        parts.append(
            format_html(
                '<text class="axis" x="{}" y="{}" text-anchor="middle">{}</text>',
                f"{_x(number, rounds):.1f}",
                HEIGHT - BOTTOM + 16,
                number,
            )
        )
    target_y = _y(target, top_value)
    parts.append(
        format_html(
            '<line class="target" x1="{}" x2="{}" y1="{}" y2="{}"/>'
            '<text class="target-label" x="{}" y="{}" text-anchor="end">{}</text>',
            LEFT,
            WIDTH - RIGHT,
            f"{target_y:.1f}",
            f"{target_y:.1f}",
            WIDTH - RIGHT - 2,
            f"{target_y - 4:.1f}",
            gettext("target %(target)s") % {"target": target},
        )
    )
    for index, player in enumerate(players):
        totals = [0, *running.get(player, [])]
        index = series[index] if series is not None else index
        points = " ".join(
            f"{_x(number, rounds):.1f},{_y(total, top_value):.1f}"
            for number, total in enumerate(totals)
        )
        style = series_style(index)
        last_x, last_y = _x(len(totals) - 1, rounds), _y(totals[-1], top_value)
        parts.append(
            format_html(
                '<polyline class="line {}" points="{}" stroke-dasharray="{}"/>'
                '<circle class="dot {}" cx="{}" cy="{}" r="3.5"/>',
                style["css"],
                points,
                style["dash"] or "none",
                style["css"],
                f"{last_x:.1f}",
                f"{last_y:.1f}",
            )
        )
    return _svg("h-chart chart-progress", mark_safe("".join(parts)))


def monthly_results(months: Sequence[Mapping[str, object]]) -> SafeString:
    """Bars per month: games played (outline) and, inside, games won (solid)."""
    count = len(months)
    highest = max([1, *(int(row["played"]) for row in months)])
    step = nice_step(highest)
    top_value = step * (-(-highest // step))
    span = (WIDTH - LEFT - RIGHT) / max(count, 1)
    bar = min(28.0, span * 0.7)
    parts = [_grid(top_value, step)]
    label_every = max(1, -(-count // 6))
    for index, row in enumerate(months):
        played, won = int(row["played"]), int(row["won"])
        month = row["month"]
        x = LEFT + span * index + (span - bar) / 2
        base = _y(0, top_value)
        parts.append(
            format_html(
                '<rect class="bar-played" x="{}" y="{}" width="{}" height="{}"/>'
                '<rect class="bar-won" x="{}" y="{}" width="{}" height="{}"/>',
                f"{x:.1f}",
                f"{_y(played, top_value):.1f}",
                f"{bar:.1f}",
                f"{base - _y(played, top_value):.1f}",
                f"{x + bar * 0.2:.1f}",
                f"{_y(won, top_value):.1f}",
                f"{bar * 0.6:.1f}",
                f"{base - _y(won, top_value):.1f}",
            )
        )
        if index % label_every == 0 and isinstance(month, dt.date):
            parts.append(
                format_html(
                    '<text class="axis" x="{}" y="{}" text-anchor="middle">{}</text>',
                    f"{x + bar / 2:.1f}",
                    HEIGHT - BOTTOM + 16,
                    date_format(month, pgettext("date format: a month under a chart's bar", "M y")),
                )
            )
    return _svg("h-chart chart-months", mark_safe("".join(parts)))


def _svg(css: str, body: SafeString) -> SafeString:
    return format_html(
        '<svg class="{}" viewBox="0 0 {} {}" preserveAspectRatio="xMidYMid meet" '
        'aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">{}</svg>',
        css,
        WIDTH,
        HEIGHT,
        body,
    )


def legend_swatch(index: int) -> SafeString:
    """A short sample of the index-th line, for a legend next to the chart."""
    style = series_style(index)
    return format_html(
        '<svg class="swatch" viewBox="0 0 28 8" width="28" height="8" aria-hidden="true" '
        'focusable="false"><line class="line {}" x1="1" x2="27" y1="4" y2="4" '
        'stroke-dasharray="{}"/></svg>',
        style["css"],
        style["dash"] or "none",
    )


def legend(scored: ScoredGame, series: Sequence[int] | None = None) -> SafeString:
    """Each player's swatch, name and total (the core's), in seat order like the lines;
    ``series`` as :func:`score_progression`'s."""
    return format_html_join(
        "",
        '<li>{} <span class="h-legend-name">{}</span> <span class="muted">{}</span></li>',
        (
            (legend_swatch(index if series is None else series[index]), name, scored.totals[name])
            for index, name in enumerate(scored.players)
        ),
    )


def rating_line(values: Sequence[float]) -> SafeString:
    """A player's rating after each rated game, oldest first, as one line with a dot per game
    (the page's table carries the same numbers, with dates)."""
    low, high = min([0.0, *values]), max([1.0, *values])
    step = nice_step(high - low)
    bottom = step * (low // step)
    top = step * -(-high // step)
    span = (top - bottom) or 1

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (1 - (value - bottom) / span)

    parts = []
    value = bottom
    while value <= top:
        parts.append(
            format_html(
                '<line class="grid" x1="{}" x2="{}" y1="{}" y2="{}"/>'
                '<text class="axis" x="{}" y="{}" text-anchor="end">{}</text>',
                LEFT,
                WIDTH - RIGHT,
                f"{y(value):.1f}",
                f"{y(value):.1f}",
                LEFT - 4,
                f"{y(value) + 4:.1f}",
                shown_figure(int(value), decimals=0),  # the table's minus sign too
            )
        )
        value += step
    count = max(len(values) - 1, 1)
    points = [(_x(index, count), y(value)) for index, value in enumerate(values)]
    style = series_style(0)
    parts.append(
        format_html(
            '<polyline class="line {}" points="{}" fill="none"/>',
            style["css"],
            " ".join(f"{px:.1f},{py:.1f}" for px, py in points),
        )
    )
    parts.extend(
        format_html(
            '<circle class="dot {}" cx="{}" cy="{}" r="2.5"/>',
            style["css"],
            f"{px:.1f}",
            f"{py:.1f}",
        )
        for px, py in points
    )
    return _svg("h-chart chart-rating", mark_safe("".join(parts)))
