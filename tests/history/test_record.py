import csv
import io
import re

import pytest

from tests.factories import ChallengeFactory, CrewFactory, play_round
from tests.history.conftest import make_game, store_game

ROUNDS = [
    ("Ann", {"Ben": "R7 W", "Cat": 12}),
    ("Cat", {"Ann": 30, "Ben": "G+2 B5"}),
    ("Ann", {"Ben": 40, "Cat": "W+4"}),
]
# Ann passes the target of 150 in round 3 (Ann 159, Cat 55, Ben 0).
pytestmark = pytest.mark.game(
    target=150,
    house_rules={"stack-draw": True, "uno-penalty": 4},
    house_note="No 7-0.",
    rounds=ROUNDS,
)


def challenge_ann(game):
    """Ben challenges Ann's Wild Draw Four, and she is guilty: she draws 4."""
    ChallengeFactory(game=game, challenger="Ben", challenged="Ann", colour="R", guilty=True)


@pytest.mark.django_db
def test_the_record_shows_every_round_with_running_totals(game, member_client):
    response = member_client.get(f"/games/{game.pk}/record/")
    assert response.status_code == 200
    rows = list(response.context["rounds_table"].rows)
    assert [row.get_cell_value("winner") for row in rows] == ["Ann", "Cat", "Ann"]
    # Ann collects 57 + 12, then 40 + 50; Cat collects 30 + 25.
    assert [row.get_cell_value("p0") for row in rows] == [69, 69, 159]
    assert [row.get_cell_value("p2") for row in rows] == [0, 55, 55]
    assert rows[0].get_cell("p0") == '<span class="h-total">69</span><span class="h-sub">+69</span>'


@pytest.mark.django_db
def test_the_record_shows_standings_challenges_and_house_rules(game, member_client):
    challenge_ann(game)
    response = member_client.get(f"/games/{game.pk}/record/")
    standings = [
        (r["place"], r["name"], r["total"]) for r in response.context["standings_table"].data
    ]
    assert standings == [(1, "Ann", 159), (2, "Cat", 55), (3, "Ben", 0)]
    text = response.content.decode()
    assert "won by Ann" in text
    assert "Guilty" in text and "Ann (+4)" in text
    # The scoreboard's words for the same rules (one list: rules.house_rule_labels).
    assert "Stacking Draw Twos and Wild Draw Fours" in text and "UNO penalty: 4 cards" in text
    assert "No 7-0." in text
    assert f'href="/players/{game.seats.get(player__name="Ann").player_id}/"' in text


@pytest.mark.django_db
def test_the_chart_draws_a_line_per_player_and_the_target(game, member_client):
    text = member_client.get(f"/games/{game.pk}/record/").content.decode()
    start = text.index('<svg class="h-chart chart-progress"')
    svg = text[start : text.index("</svg>", start)]
    assert svg.count("<polyline") == 3
    assert 'class="target"' in svg and "target 150" in svg
    assert 'aria-hidden="true"' in svg
    # The same numbers as a table, for screen readers.
    table = text[text.index("<caption>Score progression") :]
    table = table[: table.index("</table>")]
    cells = re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", table)
    assert cells[cells.index("Ann") + 1 : cells.index("Ann") + 4] == ["69", "69", "159"]


@pytest.mark.django_db
@pytest.mark.game(rounds=ROUNDS[:1])
def test_a_game_in_play_links_to_the_live_scoreboard(game, member_client):
    text = member_client.get(f"/games/{game.pk}/record/").content.decode()
    assert f'href="/games/{game.pk}/"' in text and "Standings so far" in text


@pytest.mark.django_db
@pytest.mark.game()
def test_a_game_without_rounds_still_opens(game, member_client):
    response = member_client.get(f"/games/{game.pk}/record/")
    assert response.status_code == 200
    assert "No round has been played yet." in response.content.decode()


@pytest.mark.django_db
def test_the_record_tables_export_as_csv(game, member_client):
    challenge_ann(game)
    response = member_client.get(f"/games/{game.pk}/record/?_export=csv&_table=rounds")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Round",
        "Went out",
        "Went out on",
        "Ann",
        "Ben",
        "Cat",
        "Ann hand",
        "Ben hand",
        "Cat hand",
    ]
    # The cards in words, as a reader says them (never the notation "R7 W").
    assert rows[1] == ["1", "Ann", "", "69", "0", "0", "", "red 7, Wild", "12"]
    assert rows[2][6:] == ["30", "green Draw Two, blue 5", ""]
    assert f"game-{game.pk}-rounds.csv" in response["Content-Disposition"]
    standings = member_client.get(f"/games/{game.pk}/record/?_export=csv&_table=standings")
    assert standings.content.decode().splitlines()[1] == "1,Ann,159,2"
    challenges = member_client.get(f"/games/{game.pk}/record/?_export=csv&_table=challenges")
    assert challenges.content.decode().splitlines()[1] == "Ben,Ann,red,guilty,Ann (+4)"


@pytest.mark.django_db
def test_another_crews_game_is_not_found(member_client):
    game = make_game(CrewFactory(name="Others"), ROUNDS)
    assert member_client.get(f"/games/{game.pk}/record/").status_code == 404
    assert member_client.get(f"/games/{game.pk}/export/").status_code == 404


@pytest.mark.game(players=["Ann", "Ben"])
def test_the_record_shows_who_entered_and_changed_what(crew, member, member_client, game):
    from django.urls import reverse

    from scorekeeper.games.services import locked_game, round_edit

    play_round(game, "Ann", number=1, by=member, Ben=40)
    with locked_game(crew=crew, game_id=game.pk) as locked:
        round_edit(game=locked, number=1, version=1, winner="Ann", hands={"Ben": 45}, by=member)
    text = member_client.get(reverse("history:game_record", args=[game.pk])).content.decode()
    name = member.get_username()
    assert "Who entered and changed what" in text
    assert f"Round 1 saved by {name} at " in text
    assert f"Round 1 changed by {name} at " in text and "Ben 40 → 45." in text
    exported = member_client.get(reverse("history:game_export", args=[game.pk])).json()
    actions = [(entry["action"], entry["by"]) for entry in exported["audit"]]
    # The factory made the game without a signed-in user.
    assert actions == [("game-started", None), ("round-saved", name), ("round-changed", name)]
    assert exported["audit"][2]["before"]["points"] == {"Ben": 40}
    assert exported["audit"][2]["after"]["points"] == {"Ben": 45}


@pytest.mark.django_db
@pytest.mark.game(players=["Ann", "Ben"])
def test_the_record_shows_the_card_a_round_ended_on(member, member_client, game):
    for number, went_out_on in ((1, "+4"), (2, "+2"), (3, "other"), (4, "")):
        play_round(game, "Ann", number=number, by=member, went_out_on=went_out_on, Ben=5)
    text = member_client.get(f"/games/{game.pk}/record/").content.decode()
    assert "Ann out on a Wild Draw Four" in text and "Ann out on a Draw Two" in text
    assert text.count("Ann out<") == 2  # another card, or not told
    rows = list(
        csv.reader(
            io.StringIO(
                member_client.get(
                    f"/games/{game.pk}/record/?_export=csv&_table=rounds"
                ).content.decode()
            )
        )
    )
    assert [row[2] for row in rows] == [
        "Went out on",
        "Wild Draw Four",
        "Draw Two",
        "Another card",
        "",
    ]
    spanish = member_client.get(f"/games/{game.pk}/record/", HTTP_ACCEPT_LANGUAGE="es").content
    assert "Ann cerró con un Comodín Toma 4" in spanish.decode()


TWO_SIDED = {
    "name": "Flip box",
    "base": "classic",
    "sides": [
        {
            "name": "Light",
            "cards": [{"token": "F", "name": "Flip", "kind": "action", "count": 4, "points": 20}],
        },
        {
            "name": "Dark",
            "cards": [
                {
                    "token": "DC",
                    "name": "Wild Draw Colour",
                    "name_es": "Comodín roba color",
                    "kind": "wild",
                    "count": 4,
                    "points": 60,
                },
            ],
            "remove": ["W+4"],
        },
    ],
}


def _rounds_csv(client, game, **headers):
    response = client.get(f"/games/{game.pk}/record/?_export=csv&_table=rounds", **headers)
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.mark.django_db
def test_a_two_sided_rounds_side_is_in_the_csv_and_on_the_record(crew, member_client):
    data = {
        "format": "scorekeeper-game/1",
        "deck": TWO_SIDED,
        "target": 500,
        "players": ["Ann", "Ben"],
        "night": {"date": "2026-11-20", "name": ""},
        "started_at": "2026-11-20T19:00:00+00:00",
        "rounds": [
            {"winner": "Ann", "side": 1, "hands": {"Ben": "RF G3"}},
            {"winner": "Ann", "side": 2, "hands": {"Ben": "DC 5"}},
        ],
    }
    game = store_game(crew, data)
    rows = _rounds_csv(member_client, game)
    assert rows[0][:4] == ["Round", "Went out", "Went out on", "Side"]
    assert [row[3] for row in rows[1:]] == ["Light", "Dark"]
    # A crew's cards by the names the crew gave them, in the reader's language.
    assert rows[1][-1] == "red Flip, green 3"
    assert rows[2][-1] == "Wild Draw Colour, 5"
    assert _rounds_csv(member_client, game, HTTP_ACCEPT_LANGUAGE="es")[2][-1] == (
        "Comodín roba color, 5"
    )
    text = member_client.get(f"/games/{game.pk}/record/").content.decode()
    assert "Light side" in text and "Dark side" in text
    spanish = member_client.get(f"/games/{game.pk}/record/", HTTP_ACCEPT_LANGUAGE="es")
    assert "cara Dark" in spanish.content.decode()


@pytest.mark.django_db
def test_a_one_sided_games_csv_has_no_side_column(game, member_client):
    assert "Side" not in _rounds_csv(member_client, game)[0]
