import pytest

from scorekeeper.domain import judge_challenge, parse_cards, parse_colour


def is_one_sentence(text: str) -> bool:
    body = text.strip()
    return (
        body.endswith(".")
        and "\n" not in body
        and not any(mark in body[:-1] for mark in (". ", "! ", "? "))
    )


def test_a_hand_with_the_active_colour_is_guilty():
    verdict = judge_challenge("red", "R7 G2 W")
    assert verdict.guilty is True
    assert verdict.drawer == "challenged"
    assert verdict.cards == 4
    assert verdict.matching == tuple(parse_cards("R7"))


def test_a_hand_without_the_active_colour_is_innocent():
    verdict = judge_challenge("red", "G7 B2 YS")
    assert verdict.guilty is False
    assert verdict.drawer == "challenger"
    assert verdict.cards == 6
    assert verdict.matching == ()


def test_matching_lists_every_card_of_the_active_colour_in_hand_order():
    verdict = judge_challenge("blue", "B+2 R1 BS W B0 BR")
    assert verdict.matching == tuple(parse_cards("B+2 BS B0 BR"))


@pytest.mark.parametrize("action", ["Y+2", "YS", "YR", "Y0"])
def test_an_action_or_number_of_the_active_colour_counts(action):
    assert judge_challenge("Y", f"G5 {action}").guilty


@pytest.mark.parametrize(
    "colour",
    ["R", "r", "red", "Red", " RED "],
)
def test_the_colour_is_a_name_or_letter_in_any_case(colour):
    assert judge_challenge(colour, "R3").guilty
    assert not judge_challenge(colour, "G3").guilty


@pytest.mark.parametrize(
    ("colour", "letter"),
    [("green", "G"), ("g", "G"), ("blue", "B"), ("b", "B"), ("yellow", "Y"), ("Y", "Y")],
)
def test_each_colour_name_and_letter(colour, letter):
    assert parse_colour(colour) == letter
    assert judge_challenge(colour, f"{letter}5").guilty


def test_numbers_matching_the_previous_card_in_another_colour_never_count():
    # The red 7 was in play: a green 7 matches the number but not the colour.
    assert not judge_challenge("R", "G7 B7 Y7").guilty


def test_other_colours_actions_never_count():
    assert not judge_challenge("R", "G+2 BS YR").guilty


def test_wild_cards_never_count():
    verdict = judge_challenge("R", "W W+4")
    assert not verdict.guilty
    assert verdict.matching == ()


def test_an_empty_hand_is_innocent():
    verdict = judge_challenge("G", [])
    assert not verdict.guilty
    assert verdict.cards == 6
    assert is_one_sentence(verdict.reason)


def test_a_coloured_special_card_counts():
    verdict = judge_challenge("yellow", "X G7", edition="cheese-touch")
    assert verdict.guilty
    assert [str(card) for card in verdict.matching] == ["X"]
    assert "Cheese Touch" in verdict.reason


def test_the_cheese_touch_card_does_not_count_for_another_colour():
    assert not judge_challenge("red", "X G7", edition="cheese-touch").guilty


@pytest.mark.parametrize("colour", ["R", "G", "B", "Y"])
@pytest.mark.parametrize("edition", ["kitty", "water-drop"])
def test_a_wild_special_card_never_counts(edition, colour):
    verdict = judge_challenge(colour, "X", edition=edition)
    assert not verdict.guilty
    assert verdict.drawer == "challenger"


def test_the_hand_may_be_a_list_of_tokens():
    assert judge_challenge("b", ["w", "b9"]).guilty


def test_the_guilty_reason_is_one_sentence_naming_the_cards_and_colour():
    reason = judge_challenge("red", "R7 RS G1").reason
    assert is_one_sentence(reason)
    assert "red 7" in reason
    assert "red Skip" in reason
    assert "4" in reason


def test_the_innocent_reason_is_one_sentence_naming_the_colour():
    reason = judge_challenge("green", "R7 W").reason
    assert is_one_sentence(reason)
    assert "green" in reason
    assert "6" in reason


@pytest.mark.parametrize("colour", ["purple", "", "W", "*", "rd", None, 7])
def test_an_unknown_colour_is_refused_naming_it(colour):
    with pytest.raises(ValueError) as caught:
        judge_challenge(colour, "R7")
    assert repr(colour) in str(caught.value)


@pytest.mark.parametrize("token", ["*7", "*+2", "*S", "*R"])
def test_a_colourless_card_is_refused(token):
    with pytest.raises(ValueError) as caught:
        judge_challenge("R", f"G1 {token}")
    assert token in str(caught.value)


def test_a_bad_card_is_refused_naming_it():
    with pytest.raises(ValueError, match="'Q1'"):
        judge_challenge("R", "Q1")


def test_x_is_refused_on_the_classic_deck():
    with pytest.raises(ValueError, match="no special card"):
        judge_challenge("Y", "X")
