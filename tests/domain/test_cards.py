import pytest

from scorekeeper.domain import (
    Card,
    Kind,
    RuleError,
    format_cards,
    hand_points,
    parse_card,
    parse_cards,
)
from scorekeeper.domain.cards import check_against_deck

SPECIAL_EDITIONS = ["kitty", "cheese-touch", "water-drop"]


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("R7", Card(Kind.NUMBER, "R", 7)),
        ("G0", Card(Kind.NUMBER, "G", 0)),
        ("B9", Card(Kind.NUMBER, "B", 9)),
        ("Y1", Card(Kind.NUMBER, "Y", 1)),
        ("R+2", Card(Kind.DRAW_TWO, "R")),
        ("GS", Card(Kind.SKIP, "G")),
        ("BR", Card(Kind.REVERSE, "B")),
        ("RS", Card(Kind.SKIP, "R")),
        ("RR", Card(Kind.REVERSE, "R")),
        ("W", Card(Kind.WILD)),
        ("W+4", Card(Kind.WILD_DRAW_FOUR)),
        ("*7", Card(Kind.NUMBER, "*", 7)),
        ("*0", Card(Kind.NUMBER, "*", 0)),
        ("*+2", Card(Kind.DRAW_TWO, "*")),
        ("*S", Card(Kind.SKIP, "*")),
        ("*R", Card(Kind.REVERSE, "*")),
    ],
)
def test_it_parses_every_token_form(token, card):
    assert parse_card(token) == card
    assert str(card) == token


@pytest.mark.parametrize(
    ("token", "canonical"),
    [("r7", "R7"), ("g+2", "G+2"), ("bs", "BS"), ("yr", "YR"), ("w", "W"), ("w+4", "W+4")],
)
def test_notation_ignores_case(token, canonical):
    assert str(parse_card(token)) == canonical
    assert parse_card(token) == parse_card(canonical)


def test_rr_is_a_red_reverse_and_r_plus_2_a_red_draw_two():
    assert parse_card("RR").kind is Kind.REVERSE
    assert parse_card("RR").colour == "R"
    assert parse_card("R+2").kind is Kind.DRAW_TWO


@pytest.mark.parametrize(
    ("edition", "colour"),
    [("kitty", None), ("cheese-touch", "Y"), ("water-drop", None)],
)
def test_x_is_the_editions_special_card(edition, colour):
    card = parse_card("x", edition)
    assert card == Card(Kind.SPECIAL, colour)
    assert str(card) == "X"


def test_x_is_refused_on_the_classic_deck():
    with pytest.raises(ValueError, match="'X'.*no special card"):
        parse_card("X", "classic")
    with pytest.raises(ValueError, match="no special card"):
        parse_cards("R7 X")


@pytest.mark.parametrize(
    "token",
    ["Q9", "R10", "*W", "*+4", "W+2", "R+4", "RX", "*", "B-1", "G 7", "XX", "w+", "77", "RRR", "+"],
)
def test_it_refuses_a_bad_token_naming_it(token):
    with pytest.raises(ValueError) as caught:
        parse_card(token)
    assert repr(token) in str(caught.value)


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("7 7 W", "*7 *7 W"),
        ("R0 R5", "R0 R5"),
        ("+2 S R +4", "*+2 *S *R W+4"),
        ("skip rev reverse wild d2 wd4", "*S *R *R W *+2 W+4"),
        ("RR r 0", "RR *R *0"),
    ],
)
def test_the_colour_may_be_left_out_as_the_keypad_label_promises(text, notation):
    assert format_cards(parse_cards(text)) == notation


def test_bare_cards_score_like_the_keypad():
    assert hand_points("7 7 W") == 64
    assert hand_points("R0 R5") == 5
    assert hand_points("+2 S R +4") == 110


def test_a_bad_token_inside_a_hand_is_named():
    with pytest.raises(ValueError, match="'Q9'"):
        parse_cards("R7 Q9 W")


def test_refusals_are_rule_errors():
    with pytest.raises(RuleError):
        parse_card("Q9")
    assert issubclass(RuleError, ValueError)


@pytest.mark.parametrize(
    "text",
    ["R7 W *+2", "R7,W,*+2", "R7, W, *+2", " r7 ,, w\t*+2\n", "R7,  W   ,*+2,"],
)
def test_separators_are_commas_and_or_spaces(text):
    assert format_cards(parse_cards(text)) == "R7 W *+2"


def test_an_empty_string_is_no_cards():
    assert parse_cards("") == []
    assert parse_cards(" , ") == []


def test_it_parses_a_list_of_tokens_and_cards():
    red_seven = Card(Kind.NUMBER, "R", 7)
    assert parse_cards(["r7", "W+4", red_seven]) == [
        red_seven,
        Card(Kind.WILD_DRAW_FOUR),
        red_seven,
    ]


@pytest.mark.parametrize("value", [7, None, 3.5])
def test_it_refuses_what_is_not_a_hand(value):
    with pytest.raises(ValueError, match=repr(value).replace(".", r"\.")):
        parse_cards(value)


def test_it_refuses_a_list_item_that_is_not_a_token():
    with pytest.raises(ValueError, match="7 is not a card token"):
        parse_cards(["R7", 7])


def test_cards_print_back_in_notation():
    text = "R7 G0 B+2 YS RR W W+4 *7 *+2 *S *R X"
    assert format_cards(parse_cards(text, "kitty")) == text
    assert " ".join(str(card) for card in parse_cards(text.lower(), "kitty")) == text


def test_format_keeps_the_order_given():
    assert format_cards(parse_cards("W R1 W G2")) == "W R1 W G2"


@pytest.mark.parametrize(
    ("token", "points"),
    [
        ("R0", 0),
        ("G1", 1),
        ("B5", 5),
        ("Y9", 9),
        ("*7", 7),
        ("R+2", 20),
        ("GS", 20),
        ("BR", 20),
        ("*+2", 20),
        ("*S", 20),
        ("*R", 20),
        ("W", 50),
        ("W+4", 50),
    ],
)
def test_card_points(token, points):
    assert parse_card(token).points == points
    assert hand_points(token) == points


@pytest.mark.parametrize("edition", SPECIAL_EDITIONS)
def test_the_special_card_is_worth_50(edition):
    assert hand_points("X", edition) == 50


def test_hand_points_adds_the_hand():
    assert hand_points("R7 W") == 57
    assert hand_points(["R7", "W", "G+2", "B0", "Y9"]) == 7 + 50 + 20 + 0 + 9
    assert hand_points(parse_cards("W+4 *S")) == 70
    assert hand_points("") == 0


def test_hand_points_refuses_bad_cards():
    with pytest.raises(ValueError, match="'Z1'"):
        hand_points("R7 Z1")
    with pytest.raises(ValueError, match="'X'"):
        hand_points("X")


def test_labels_are_human_names():
    assert parse_card("R7").label() == "red 7"
    assert parse_card("G+2").label() == "green Draw Two"
    assert parse_card("W+4").label() == "Wild Draw Four"
    assert parse_card("X", "kitty").label("kitty") == "Kitty card"


def test_the_deck_check_allows_what_the_deck_holds():
    assert None is check_against_deck(
        [parse_cards("R0 R7 R7 W W W W"), parse_cards("*7 *7 *7 *7 *7 *7")], "classic"
    )


def test_the_deck_check_counts_across_the_given_hands():
    with pytest.raises(ValueError, match="R0"):
        check_against_deck([parse_cards("R0"), parse_cards("R0")], "classic")
