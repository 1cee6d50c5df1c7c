"""static/js/notation.js, the phone's twin of domain/cards.py and domain/scoring.py, reads and
scores exactly what the core does: over generated hands and games (the four editions and crews'
decks, one and two sides, both scorings, cards in every way people write them, typed totals),
run once under Node, against ``parse_hand`` and ``score_game``. Mutants of the twin (a point
value changed, a word or a rule dropped) must each be caught, so the comparison can fail."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.domain import RuleError, keypad_keys, score_game
from scorekeeper.domain.cards import COLOURED_KINDS, Kind, deck_limits, parse_card
from scorekeeper.domain.decks import parse_deck
from scorekeeper.domain.editions import BUILT_IN_VALUES, EDITIONS, Edition
from scorekeeper.domain.scoring import MAX_TARGET, parse_hand

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None, reason="node is not on PATH: the twin test runs static/js/notation.js under it"
)
NOTATION = Path(__file__).resolve().parent.parent / "static" / "js" / "notation.js"

# Runs one or more versions of notation.js (each in a context of its own, as a page runs it) on
# the same cases; prints what each says.
RUNNER = r"""
const fs = require("fs"), vm = require("vm");
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const answers = cases.versions.map(version => {
  const page = {};
  page.window = page;
  vm.createContext(page);
  vm.runInContext(version.source, page, { filename: "notation.js" });
  const notation = page.scorekeeperNotation;
  const keypads = Object.assign({}, cases.keypads, version.keypads);
  return {
    hands: cases.hands.map(([side, cards]) => notation.handPoints(cards, keypads[side])),
    games: cases.games.map(game => {
      const keys = keypads[game.side];
      const one = round => ({ scoring: game.scoring, players: game.players, rounds: [round] });
      return {
        rounds: game.rounds.map(round => notation.scoreRounds(one(round), keys)),
        totals: notation.scoreRounds(game, keys),
        // The provisional board: the server's totals, then the rounds still on the phone.
        resumed: notation.scoreRounds({
          scoring: game.scoring, players: game.players, totals: game.board,
          rounds: game.rounds.slice(game.saved),
        }, keys),
      };
    }),
  };
});
process.stdout.write(JSON.stringify(answers));
"""

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Zoë"]
# Between cards: what people type, and what a phone's keyboard puts in (a no-break space).
SEPARATORS = [" ", " ", " ", ",", ", ", " , ", "  ", "\t", "\u00a0", ",,"]
# Tokens that are no card of some or all decks, or only of some.
ODD_TOKENS = [
    *("Q9", "R10", "*W", "W+2", "77", "+", "RX", "YX", "RW", "R*7", "**7", "7R", "SKIPS", "W++4"),
    *("+4+", "**", "*", "GBL", "+2+2", "-1", "RRR", "X", "BL", "TX", "*X", "*BL", "R+", "WD2"),
    *("RTX", "GX", "B9X", "S2", "R S", "Y+", "+", "*+4", "RW+4", "REVS", "DRAW", "W+44"),
]
# Tokens a crew may give its own cards (1 to 4 of A-Z, 0-9, +, from a letter); many clash with
# a built-in card and are refused, which the generator skips.
TOKEN_START = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TOKEN_REST = TOKEN_START + "0123456789+"
FAVOURED_TOKENS = ["X", "BL", "TX", "RX", "GL", "S2", "SWH", "Y9X", "B+", "F", "SK", "WW"]


def _token(draw: random.Random) -> str:
    if draw.random() < 0.4:
        return draw.choice(FAVOURED_TOKENS)
    rest = "".join(draw.choices(TOKEN_REST, k=draw.randint(0, 3)))
    return draw.choice(TOKEN_START) + rest


def _house_side(draw: random.Random, base: Edition) -> dict[str, Any]:
    cards = [
        {
            "token": _token(draw),
            "name": f"Card {number}",
            "kind": draw.choice(["number", "action", "wild"]),
            "count": draw.randint(1, 4),
            "points": draw.choice([0, 5, 10, 25, 40, 50, 75, 500]),
        }
        for number in range(draw.randint(0, 4))
    ]
    values = [value for value in BUILT_IN_VALUES if value != "X" or base.has_special]
    removed = draw.sample(values, k=draw.choice([0, 0, 1, 2, 4]))
    return {"cards": cards, "remove": removed}


def _decks(draw: random.Random, count: int) -> Iterator[Any]:
    """Crews' decks the core accepts (a token that clashes is refused, and skipped here)."""
    made = 0
    while made < count:
        base = draw.choice(list(EDITIONS))
        if draw.random() < 0.25:
            data = {
                "name": f"Deck {made}",
                "base": base,
                "sides": [
                    {"name": "Light", **_house_side(draw, EDITIONS[base])},
                    {"name": "Dark", **_house_side(draw, EDITIONS[base])},
                ],
            }
        else:
            data = {"name": f"Deck {made}", "base": base, **_house_side(draw, EDITIONS[base])}
        try:
            deck = parse_deck(data)
        except RuleError:
            continue
        made += 1
        yield deck


def _cased(draw: random.Random, text: str) -> str:
    return "".join(char.lower() if draw.random() < 0.3 else char for char in text)


def _written(draw: random.Random, text: str, side: Edition) -> str:
    """One of the deck's cards (its notation, e.g. "G+2") as someone might type it."""
    card = parse_card(text, side)
    if card.kind is Kind.HOUSE:
        forms = [text] if card.colour is None else [text, "*" + card.token, card.token]
    elif card.kind in COLOURED_KINDS:
        face = card.value_key
        words = {"S": ["SKIP", "Skip"], "R": ["REV", "REVERSE", "rev"], "+2": ["D2"]}
        forms = [text, face, "*" + face, *words.get(face, [])]
    elif card.kind is Kind.WILD:
        forms = ["W", "WILD", "Wild"]
    elif card.kind is Kind.WILD_DRAW_FOUR:
        forms = ["W+4", "W4", "+4", "WD4"]
    else:
        forms = ["X"]
    return _cased(draw, draw.choice(forms))


def _joined(draw: random.Random, tokens: list[str]) -> str:
    text = tokens[0] if tokens else ""
    for token in tokens[1:]:
        text += draw.choice(SEPARATORS) + token
    if draw.random() < 0.15:
        text = draw.choice(SEPARATORS) + text + draw.choice(SEPARATORS)
    return text


def _physical(side: Edition) -> list[str]:
    """Every card of the deck, once per copy: what can really be dealt."""
    return [text for text, count in deck_limits(side)[0].items() for _ in range(count)]


def _hands(draw: random.Random, side: Edition, count: int) -> list[str]:
    """Hands as typed: the deck's cards in every way of writing them, tokens that are no card
    of this deck, and nothing at all."""
    deck = _physical(side)
    hands = []
    for _ in range(count):
        tokens = [_written(draw, text, side) for text in draw.sample(deck, draw.randint(1, 6))]
        if draw.random() < 0.3:
            tokens.insert(draw.randint(0, len(tokens)), _cased(draw, draw.choice(ODD_TOKENS)))
        hands.append(_joined(draw, tokens))
    return [*hands, "", " ", ",", " , "]


def _game(draw: random.Random, side: Edition, deck: Any) -> dict[str, Any]:
    """A game the core accepts: hands dealt from one shuffled deck per round (never more of a
    card than it holds), some typed as totals; the winner's hand left out, empty or 0."""
    players = draw.sample(PLAYERS, draw.randint(2, 6))
    cards = _physical(side)
    rounds = []
    for _ in range(draw.randint(1, 8)):
        winner = draw.choice(players)
        dealt = draw.sample(cards, min(len(cards), 7 * len(players)))
        hands: dict[str, Any] = {}
        for player in players:
            if player == winner:
                if draw.random() < 0.2:
                    hands[player] = draw.choice(["", 0, " "])
                continue
            if draw.random() < 0.3:
                hands[player] = draw.choice([0, 1, 7, 20, 50, 137, 999])
            else:
                held = [dealt.pop() for _ in range(draw.randint(1, min(7, len(dealt))))]
                hands[player] = _joined(draw, [_written(draw, text, side) for text in held])
        rounds.append({"winner": winner, "hands": hands})
    game = {"players": players, "target": MAX_TARGET, "rounds": rounds}
    if draw.random() < 0.9:
        game["scoring"] = draw.choice(["standard", "lowest"])
    if deck is not None:
        game["deck"] = deck.data
        game["edition"] = deck.base
    else:
        game["edition"] = side.slug
    return game


@cache
def _cases() -> dict[str, Any]:
    """What each side reads, and what the core says: {keypads, hands, games, expected}."""
    draw = random.Random(51)
    decks = list(_decks(draw, 30))
    sides: list[tuple[Edition, Any]] = [(edition, None) for edition in EDITIONS.values()]
    sides += [(side, deck) for deck in decks for side in deck.sides]
    keypads = {side.slug: {key.token: key.points for key in keypad_keys(side)} for side, _ in sides}

    hands = [(side.slug, text) for side, _ in sides for text in _hands(draw, side, 80)]
    by_slug = {side.slug: side for side, _ in sides}

    def core_hand(slug: str, text: str) -> int | None:
        try:
            return parse_hand("Ann", text, by_slug[slug]).points
        except RuleError:
            return None

    games = []
    expected_games = []
    for side, deck in sides:
        if deck is not None and deck.two_sided:
            continue  # a game of a two-sided deck names each round's side; its hands are above
        for _ in range(4 if deck is not None else 25):
            game = _game(draw, side, deck)
            scored = score_game(game)
            saved = draw.randint(0, len(game["rounds"]))
            board = dict.fromkeys(scored["players"], 0)
            for round_ in scored["rounds"][:saved]:
                for player, points in round_["points"].items():
                    board[player] += points
            games.append(
                {
                    "side": side.slug,
                    "scoring": game.get("scoring"),
                    "players": game["players"],
                    "rounds": game["rounds"],
                    "saved": saved,
                    "board": board,
                }
            )
            expected_games.append(
                {
                    "rounds": [round_["points"] for round_ in scored["rounds"]],
                    "totals": scored["result"]["totals"],
                    "resumed": scored["result"]["totals"],
                }
            )
    return {
        "keypads": keypads,
        "hands": hands,
        "games": games,
        "expected": {
            "hands": [core_hand(slug, text) for slug, text in hands],
            "games": expected_games,
        },
    }


def _run(
    tmp_path: Path, versions: list[dict[str, Any]], cases: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    cases = cases or _cases()
    (tmp_path / "runner.js").write_text(RUNNER)
    (tmp_path / "cases.json").write_text(
        json.dumps(
            {key: cases[key] for key in ("keypads", "hands", "games")} | {"versions": versions}
        )
    )
    done = subprocess.run(  # noqa: S603 (our own script)
        [NODE, str(tmp_path / "runner.js"), str(tmp_path / "cases.json")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _differences(answer: dict[str, Any]) -> list[str]:
    cases = _cases()
    expected = cases["expected"]
    found = []
    for (slug, text), core, phone in zip(
        cases["hands"], expected["hands"], answer["hands"], strict=True
    ):
        if core != phone:
            found.append(f"hand {text!r} of {slug}: core {core}, notation.js {phone}")
    for game, core, phone in zip(cases["games"], expected["games"], answer["games"], strict=True):
        if core != phone:
            found.append(
                f"game {json.dumps(game, ensure_ascii=False)}: core {core}, notation.js {phone}"
            )
    return found


def test_the_cases_cover_what_the_twin_reads():
    cases = _cases()
    hands = cases["expected"]["hands"]
    assert len(hands) > 3000 and len(cases["games"]) > 150
    refused = hands.count(None)
    assert 0.1 * len(hands) < refused < 0.5 * len(hands)  # read and refused, both often
    scorings = {game["scoring"] for game in cases["games"]}
    assert scorings == {"standard", "lowest", None}
    house = [slug for slug, keys in cases["keypads"].items() if "~" in slug]
    assert len(house) > 30  # crews' decks, their two sides counted
    typed = [
        hand for game in cases["games"] for r in game["rounds"] for hand in r["hands"].values()
    ]
    assert any(isinstance(hand, int) for hand in typed) and any(isinstance(h, str) for h in typed)


def test_notation_js_reads_and_scores_as_the_core_does(tmp_path):
    [answer] = _run(tmp_path, [{"source": NOTATION.read_text(), "keypads": {}}])
    differences = _differences(answer)
    assert not differences, f"{len(differences)} differ, e.g.:\n" + "\n".join(differences[:8])


# Each a change the comparison must catch: what, then the texts of notation.js it replaces.
MUTANTS = [
    (
        "a Skip scores 21 on the phone",
        {"points += keyPoints[key];": 'points += keyPoints[key] + (key === "*S" ? 1 : 0);'},
    ),
    ("Rev is no word for a Reverse", {'REV: "R", ': ""}),
    ("W4 is no Wild Draw Four", {'W4: "W+4", ': ""}),
    ("a card's colour cannot be left out", {"/^([RGBY*]?)(": "/^([RGBY*])("}),
    ("commas do not separate cards", {"/[\\s,]+/;": "/\\s+/;"}),
    (
        "a crew's coloured card needs its colour",
        {'if (known.hasOwnProperty("*" + text)) return "*" + text;': ""},
    ),
    (
        "a crew's cards are read after the built-in ones",
        {
            "var own = known ? keyOn(text, known) : null;": "var own = null;",
            'return match ? "*" + match[2] : null;': (
                'return match ? "*" + match[2] : known ? keyOn(text, known) : null;'
            ),
        },
    ),
    (
        "lowest wins: the winner scores the others' hands",
        {"=== winner ? 0 : handPointsByPlayer": "=== winner ? collected : handPointsByPlayer"},
    ),
    ("the board's totals are not counted", {"(game.totals || {})[player] || 0": "0"}),
]


def test_every_mutant_of_the_twin_is_caught(tmp_path):
    source = NOTATION.read_text()
    versions = []
    for what, replaced in MUTANTS:
        mutant = source
        for text, becomes in replaced.items():
            assert source.count(text) == 1, f"{what}: notation.js changed; update this mutant"
            mutant = mutant.replace(text, becomes)
        versions.append({"source": mutant, "keypads": {}})
    # The server's keypad disagreeing with cards.py: a Wild Draw Four worth 40 on its keys.
    keypads = _cases()["keypads"]
    versions.append(
        {
            "source": source,
            "keypads": {
                slug: {**keys, "W+4": 40} for slug, keys in keypads.items() if "W+4" in keys
            },
        }
    )
    whats = [what for what, _ in MUTANTS] + ["the keypad's Wild Draw Four is worth 40"]
    answers = _run(tmp_path, versions)
    uncaught = [
        what for what, answer in zip(whats, answers, strict=True) if not _differences(answer)
    ]
    assert not uncaught, f"the comparison misses: {uncaught}"


def test_a_digit_of_another_script_is_no_card_number_on_either_side(tmp_path):
    hands = ["R٣", "R７ W", "٧"]
    keypad = {key.token: key.points for key in keypad_keys("classic")}
    cases = {"keypads": {"classic": keypad}, "hands": [("classic", h) for h in hands], "games": []}
    [answer] = _run(tmp_path, [{"source": NOTATION.read_text(), "keypads": {}}], cases)
    for hand in hands:
        with pytest.raises(RuleError, match="is not a card"):
            parse_hand("Ann", hand, "classic")
    assert answer["hands"] == [None, None, None]
