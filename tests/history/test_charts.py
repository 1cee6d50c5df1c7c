import datetime as dt
import re

from scorekeeper.domain import scored_game
from scorekeeper.history import charts


def test_grid_steps_are_round_numbers():
    assert charts.nice_step(500) == 200
    assert charts.nice_step(100) == 50
    assert charts.nice_step(7) == 2
    assert charts.nice_step(0) == 1


def test_progression_draws_a_line_per_player_from_zero_and_the_target():
    svg = charts.score_progression(["Ann", "Ben"], {"Ann": [50, 120], "Ben": [0, 30]}, 100)
    lines = re.findall(r'<polyline class="line (series-\d)" points="([^"]+)"', svg)
    assert [css for css, _ in lines] == ["series-0", "series-1"]
    ann_points = [tuple(map(float, p.split(","))) for p in lines[0][1].split()]
    assert len(ann_points) == 3  # before round 1, after 1, after 2
    assert ann_points[0][1] == charts.HEIGHT - charts.BOTTOM  # starts at 0
    assert ann_points[2][1] < ann_points[1][1] < ann_points[0][1]  # goes up
    target_y = float(re.search(r'class="target" x1="\d+" x2="\d+" y1="([\d.]+)"', svg)[1])
    assert ann_points[2][1] < target_y < ann_points[1][1]  # 120 above the target, 50 below
    assert "target 100" in svg
    assert 'aria-hidden="true"' in svg


def test_lines_differ_by_dash_as_well_as_colour():
    svg = charts.score_progression(["A", "B", "C"], {"A": [1], "B": [2], "C": [3]}, 10)
    dashes = re.findall(r'stroke-dasharray="([^"]+)"', svg)
    assert len(set(dashes)) == 3


def test_the_legend_shows_each_players_total_from_the_core_with_names_escaped():
    scored = scored_game(
        {
            "players": ["<b>Ann</b>", "Ben"],
            "rounds": [{"winner": "<b>Ann</b>", "hands": {"Ben": 5}}],
        }
    )
    legend = charts.legend(scored)
    assert "<b>" not in legend and "&lt;b&gt;Ann&lt;/b&gt;" in legend
    items = re.findall(r'class="h-legend-name">([^<]*)</span> <span class="muted">(\d+)<', legend)
    assert items == [("&lt;b&gt;Ann&lt;/b&gt;", "5"), ("Ben", "0")]
    assert legend.count("series-0") == 1 and legend.count("series-1") == 1


def test_monthly_bars_show_played_and_won():
    months = [
        {"month": dt.date(2026, 9, 1), "played": 4, "won": 1},
        {"month": dt.date(2026, 10, 1), "played": 2, "won": 2},
    ]
    svg = charts.monthly_results(months)
    assert svg.count('class="bar-played"') == 2 and svg.count('class="bar-won"') == 2
    assert "Sep 26" in svg and "Oct 26" in svg
    heights = [
        float(h)
        for h in re.findall(
            r'class="bar-won" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="([\d.]+)"', svg
        )
    ]
    assert heights[1] == 2 * heights[0]
