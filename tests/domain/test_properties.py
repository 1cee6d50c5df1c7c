"""Property tests for the scoring core.

The strategies build games from an independent model of the deck and the points table (written
out here, not imported), so the core is checked against the rules rather than against itself.
"""

import string
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.domain import (
    EDITIONS,
    format_cards,
    hand_points,
    parse_cards,
    score_game,
)

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

COLOURS = "RGBY"
ACTIONS = ("+2", "S", "R")
SEPARATORS = [" ", ",", ", ", " , ", "  ", "\t", ",\n"]


def deck_tokens(edition: str) -> list[str]:
    """Every physical card of the deck, one token per card."""
    tokens = []
    for colour in COLOURS:
        tokens.append(f"{colour}0")
        for number in range(1, 10):
            tokens += [f"{colour}{number}"] * 2
        for action in ACTIONS:
            tokens += [f"{colour}{action}"] * 2
    tokens += ["W"] * 4 + ["W+4"] * 4
    if edition != "classic":
        tokens += ["X"] * 4
    return tokens


def token_points(token: str) -> int:
    face = token[1:] if token[0] in COLOURS + "*" else token
    if face.isdigit():
        return int(face)
    return 20 if face in ACTIONS else 50


def value_of(token: str) -> str:
    return token[1:] if token[0] in COLOURS + "*" else token


EXACT_LIMITS = {edition: Counter(deck_tokens(edition)) for edition in ("classic", "kitty")}
VALUE_LIMITS = {
    edition: Counter(value_of(token) for token in deck_tokens(edition))
    for edition in ("classic", "kitty")
}

# None leaves the target out, so the default of 500 applies.
TARGETS = st.one_of(st.none(), st.integers(1, 400))
names = st.text(alphabet=string.ascii_letters, min_size=1, max_size=8)
players_strategy = st.lists(names, min_size=2, max_size=10, unique_by=str.casefold)
editions = st.sampled_from(sorted(EDITIONS))


@st.composite
def tokens_strategy(draw, edition: str, *, min_size=0, max_size=12) -> list[str]:
    """Any cards of the edition (deck limits ignored), some without their colour."""
    token = st.sampled_from(sorted(set(deck_tokens(edition))))
    tokens = draw(st.lists(token, min_size=min_size, max_size=max_size))
    return [draw(maybe_colourless(t)) for t in tokens]


@st.composite
def maybe_colourless(draw, token: str) -> str:
    if token[0] in COLOURS and draw(st.booleans()):
        return "*" + token[1:]
    return token


@st.composite
def written(draw, tokens: list[str]) -> str:
    """Tokens as someone might type them: any case, any separators."""
    parts = []
    for token in tokens:
        parts.append(token.lower() if draw(st.booleans()) else token)
        parts.append(draw(st.sampled_from(SEPARATORS)))
    return draw(st.sampled_from(["", " ", ","])) + "".join(parts)


@st.composite
def round_strategy(draw, players: list[str], edition: str):
    """A valid round and each player's hand points in it (0 for the winner)."""
    winner = draw(st.sampled_from(players))
    others = [player for player in players if player != winner]
    # The cards are dealt from one deck, so no round can hold more than the deck does.
    deck = deck_tokens(edition)
    hands: dict[str, object] = {}
    points = dict.fromkeys(players, 0)
    for player in others:
        form = draw(st.sampled_from(["text", "list", "total"]))
        if form == "total":
            hands[player] = draw(st.integers(0, 150))
            points[player] = hands[player]
            continue
        size = draw(st.integers(1, 5))
        dealt = [deck.pop(draw(st.integers(0, len(deck) - 1))) for _ in range(size)]
        cards = [draw(maybe_colourless(token)) for token in dealt]
        hands[player] = draw(written(cards)) if form == "text" else cards
        points[player] = sum(token_points(token) for token in cards)
    if draw(st.booleans()):
        hands[winner] = draw(st.sampled_from([0, "", []]))
    return {"winner": winner, "hands": hands}, points


@st.composite
def games(draw, scoring=None, targets=TARGETS):
    """A valid game, its per-round hand points and its target, with rounds that may run past
    the end: ``candidates`` continues after the first round in which someone reached the
    target, ``game`` stops there."""
    players = draw(players_strategy)
    edition = draw(editions)
    scoring = scoring or draw(st.sampled_from(["standard", "lowest"]))
    target = draw(targets)
    game = {"players": players, "edition": edition, "scoring": scoring}
    if target is not None:
        game["target"] = target
    rounds, hand_points_per_round = [], []
    for _ in range(draw(st.integers(0, 6))):
        data, points = draw(round_strategy(players, edition))
        rounds.append(data)
        hand_points_per_round.append(points)
    target = target or 500
    ends = first_finishing_round(rounds, hand_points_per_round, scoring, target)
    cut = len(rounds) if ends is None else ends + 1
    return (
        {**game, "rounds": rounds[:cut]},
        hand_points_per_round[:cut],
        {**game, "rounds": rounds},
        ends,
    )


def first_finishing_round(rounds, hand_points_per_round, scoring, target):
    """The model: the index of the first round after which some total reaches the target."""
    totals = Counter()
    for index, (data, points) in enumerate(zip(rounds, hand_points_per_round, strict=True)):
        if scoring == "standard":
            totals[data["winner"]] += sum(points.values())
        else:
            totals.update(points)
        if any(total >= target for total in totals.values()):
            return index
    return None


@FAST
@given(games(scoring="standard"))
def test_standard_totals_are_the_sum_of_the_winners_collections(case):
    game, hand_points_per_round, _, _ = case
    scored = score_game(game)
    expected = dict.fromkeys(game["players"], 0)
    for data, points, scored_round in zip(
        game["rounds"], hand_points_per_round, scored["rounds"], strict=True
    ):
        collected = sum(points.values())
        expected[data["winner"]] += collected
        assert scored_round["points"] == {
            player: collected if player == data["winner"] else 0 for player in game["players"]
        }
    assert scored["result"]["totals"] == expected
    assert sum(expected.values()) == sum(sum(points.values()) for points in hand_points_per_round)


@FAST
@given(games(scoring="lowest"))
def test_lowest_each_total_is_the_sum_of_the_players_own_hands(case):
    game, hand_points_per_round, _, _ = case
    scored = score_game(game)
    for points, scored_round in zip(hand_points_per_round, scored["rounds"], strict=True):
        assert scored_round["points"] == points
    assert scored["result"]["totals"] == {
        player: sum(points[player] for points in hand_points_per_round)
        for player in game["players"]
    }


@FAST
@given(games())
def test_the_game_ends_on_the_first_round_that_reaches_the_target(case):
    game, _, _, ends = case
    target = game.get("target", 500)
    result = score_game(game)["result"]
    totals = result["totals"]
    assert result["finished"] == any(total >= target for total in totals.values())
    assert result["finished"] == (ends is not None)
    for cut in range(len(game["rounds"])):
        earlier = score_game({**game, "rounds": game["rounds"][:cut]})["result"]
        assert not earlier["finished"]
        assert earlier["winners"] == []


@FAST
@given(games())
def test_winners_are_the_best_totals_once_finished(case):
    game, _, _, _ = case
    result = score_game(game)["result"]
    totals = result["totals"]
    if not result["finished"]:
        assert result["winners"] == []
        return
    best = max(totals.values()) if game["scoring"] == "standard" else min(totals.values())
    assert result["winners"] == [player for player in game["players"] if totals[player] == best]
    assert result["winners"]


@FAST
@given(games(targets=st.integers(1, 100)), st.data())
def test_no_round_is_accepted_after_the_game_is_over(case, data):
    game, _, candidates, ends = case
    assume(ends is not None)
    extra, _ = data.draw(round_strategy(game["players"], game["edition"]))
    longer = {**game, "rounds": [*game["rounds"], extra]}
    with pytest.raises(ValueError, match=f"Round {ends + 2} .*round {ends + 1}"):
        score_game(longer)
    if len(candidates["rounds"]) > len(game["rounds"]):
        with pytest.raises(ValueError, match=f"Round {ends + 2} "):
            score_game(candidates)


@FAST
@given(games())
def test_scoring_is_idempotent_on_its_own_output(case):
    game, _, _, _ = case
    once = score_game(game)
    assert score_game(once) == once
    for scored_round in once["rounds"]:
        for hand in scored_round["hands"].values():
            assert isinstance(hand, int) or hand == format_cards(parse_cards(hand, game["edition"]))


@FAST
@given(st.data())
def test_hand_points_of_printed_cards_is_the_sum_of_their_points(data):
    edition = data.draw(editions)
    tokens = data.draw(tokens_strategy(edition))
    cards = parse_cards(tokens, edition)
    expected = sum(token_points(token) for token in tokens)
    assert hand_points(" ".join(str(card) for card in cards), edition) == expected
    assert hand_points(data.draw(written(tokens)), edition) == expected
    assert sum(card.points for card in cards) == expected


@FAST
@given(st.data())
def test_parse_and_format_round_trip(data):
    edition = data.draw(editions)
    tokens = data.draw(tokens_strategy(edition))
    text = data.draw(written(tokens))
    cards = parse_cards(text, edition)
    assert format_cards(cards) == " ".join(tokens)
    assert parse_cards(format_cards(cards), edition) == cards
    assert parse_cards(tokens, edition) == cards


@FAST
@given(st.data())
def test_a_round_is_refused_exactly_when_it_holds_more_than_the_deck(data):
    edition = data.draw(st.sampled_from(["classic", "kitty"]))
    ben = data.draw(tokens_strategy(edition, min_size=1, max_size=20))
    cat = data.draw(tokens_strategy(edition, min_size=1, max_size=20))
    exact = Counter(token for token in ben + cat if token[0] != "*")
    by_value = Counter(value_of(token) for token in ben + cat)
    too_many = any(count > EXACT_LIMITS[edition][token] for token, count in exact.items()) or any(
        count > VALUE_LIMITS[edition][value] for value, count in by_value.items()
    )
    game = {
        "players": ["Ann", "Ben", "Cat"],
        "edition": edition,
        "rounds": [{"winner": "Ann", "hands": {"Ben": ben, "Cat": cat}}],
        "target": 10_000,
    }
    if too_many:
        with pytest.raises(ValueError, match="deck holds only"):
            score_game(game)
    else:
        assert score_game(game)["result"]["totals"]["Ann"] == sum(map(token_points, ben + cat))
