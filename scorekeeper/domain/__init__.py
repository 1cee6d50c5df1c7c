"""The pure core of Scorekeeper: cards, editions, scoring and the challenge.

Plain Python on plain values; nothing here imports Django.
"""

from .cards import (
    KIND_NAMES,
    Card,
    Kind,
    check_against_deck,
    format_cards,
    hand_points,
    kind_name,
    parse_card,
    parse_cards,
)
from .challenge import Verdict, judge_challenge, parse_colour
from .dealing import DealDraw, dealer_seat, draw_for_deal
from .editions import COLOUR_NAMES, COLOURS, EDITIONS, Edition, get_edition
from .errors import RuleError
from .keypad import WENT_OUT_DRAWS, WENT_OUT_ON, Key, draw_options, keypad_keys
from .scored import Placing, ScoredGame, ScoredRound, scored_game
from .scoring import (
    DEFAULT_TARGET,
    ENDINGS,
    FORMAT,
    SCORING_NAMES,
    SCORING_SUMMARIES,
    Scoring,
    rank,
    score_game,
)

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "DEFAULT_TARGET",
    "EDITIONS",
    "ENDINGS",
    "FORMAT",
    "KIND_NAMES",
    "SCORING_NAMES",
    "SCORING_SUMMARIES",
    "WENT_OUT_DRAWS",
    "WENT_OUT_ON",
    "Card",
    "DealDraw",
    "Edition",
    "Key",
    "Kind",
    "Placing",
    "RuleError",
    "ScoredGame",
    "ScoredRound",
    "Scoring",
    "Verdict",
    "check_against_deck",
    "dealer_seat",
    "draw_for_deal",
    "draw_options",
    "format_cards",
    "get_edition",
    "hand_points",
    "judge_challenge",
    "keypad_keys",
    "kind_name",
    "parse_card",
    "parse_cards",
    "parse_colour",
    "rank",
    "score_game",
    "scored_game",
]
