import pytest

from scorekeeper.domain import RuleError
from scorekeeper.domain.challenge import judge_by_answer
from scorekeeper.referee.display import (
    challenge_keypad,
    colour_hint,
    entry_view,
    first_card_choices,
    special_card_reading,
    verdict_view,
    who_may_challenge,
)
from scorekeeper.rules import EDITIONS, agreed_house_rules, get_entry, house_rule_labels


def test_an_entry_view_names_its_sheets_with_where_and_related_entries():
    view = entry_view(get_entry("uno-penalty"))
    assert "General rules summary (line 16)" in view.sources
    assert [entry.slug for entry in view.related] == list(get_entry("uno-penalty").related)
    four = [v for v in view.variants if v.answer == "4 cards."]
    assert four[0].sources.startswith("Classic rules as restated by unorules.org (LET'S PLAY")
    assert view.editions == ""
    assert view.table_notes == []
    assert view.covered and view.deck_answer is None


def test_for_one_deck_only_its_sheets_show_and_its_own_is_marked():
    classic = entry_view(get_entry("uno-penalty"), edition="classic")
    assert [(v.answer, v.own_sheet) for v in classic.variants] == [
        ("2 cards.", False),
        ("4 cards.", True),
    ]
    assert "Big Bang" not in " ".join(v.sources for v in classic.variants)
    kitty = entry_view(get_entry("uno-penalty"), edition="kitty")
    assert kitty.variants == []  # its sheet and the summary agree
    assert kitty.deck_answer.answer == "2 cards."
    assert "unorules" not in kitty.deck_answer.sources


def test_readings_and_uncovered_questions_are_labelled():
    assert entry_view(get_entry("cheese-touch-card")).interpretation
    jump = entry_view(get_entry("jump-in"))
    assert not jump.covered and jump.sources == ""


def test_an_entry_for_one_deck_says_which():
    assert entry_view(get_entry("kitty-card")).editions == "The Big Bang Theory (Kitty)"


def test_table_notes_lose_their_prefix_for_the_label():
    view = entry_view(get_entry("uno-penalty"), {"uno-penalty": 3})
    [note] = view.table_notes
    assert note.startswith("getting caught without calling UNO costs 3 cards")


def test_stored_house_rules_are_read_leniently():
    stored = {"stack-draw": True, "uno-penalty": "x", "bogus": True, "jump-in": False}
    assert agreed_house_rules(stored) == {"stack-draw": True}
    assert agreed_house_rules(None) == {}
    assert agreed_house_rules(["stack-draw"]) == {}


def test_house_rule_labels_follow_the_library_order():
    lines = house_rule_labels({"uno-penalty": 2, "jump-in": True})
    assert lines == ["Jump-in", "UNO penalty: 2 cards"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_keypad_key_is_a_card_of_its_deck(edition):
    from scorekeeper.domain import parse_card

    keys = challenge_keypad(edition)
    for key in keys["values"]:
        parse_card(f"R{key.value}", edition)
    for key in keys["wilds"]:
        parse_card(key.token, edition)
    assert ("X" in [key.token for key in keys["wilds"]]) == (edition != "classic")


def test_the_colour_hint_follows_the_special_card():
    assert "Cheese Touch card counts as yellow" in colour_hint("cheese-touch")
    assert "Kitty card don't count" in colour_hint("kitty")


def test_the_yes_no_answer_gives_the_core_numbers():
    guilty = judge_by_answer("R", True, "classic")
    assert (guilty.guilty, guilty.drawer, guilty.cards) == (True, "challenged", 4)
    innocent = judge_by_answer("red", False, "classic")
    assert (innocent.guilty, innocent.drawer, innocent.cards) == (False, "challenger", 6)
    with pytest.raises(RuleError):
        judge_by_answer("purple", True, "classic")


def test_a_verdict_names_the_players_when_it_has_them():
    verdict = judge_by_answer("Y", False, "classic")
    assert verdict_view(verdict, "Y", "Ann", "Ben").who_draws == "Ann (the challenger) draws 6"
    assert verdict_view(verdict, "Y").who_draws == "The challenger draws 6"


def test_who_may_challenge_comes_from_the_decks_own_sheet():
    classic = who_may_challenge("classic")
    assert classic.answer == "Only the player who has to draw the 4 cards may challenge."
    assert (
        classic.sources == "Classic rules as restated by unorules.org (Wild Draw 4 Card, line 147)"
    )
    assert classic.reading == ""
    kitty = who_may_challenge("kitty")
    assert kitty.answer.startswith("Written for the player it was played on")
    assert kitty.sources.startswith("The Big Bang Theory edition sheet (NOTE")
    assert "unorules" not in kitty.sources and kitty.reading


def test_the_special_cards_colour_in_a_challenge_is_labelled_our_reading():
    assert "yellow" in special_card_reading("cheese-touch")
    assert "like a Wild" in special_card_reading("water-drop")
    assert special_card_reading("kitty") == ""  # its sheet calls it a wild card
    assert special_card_reading("classic") == ""


def test_the_special_first_card_is_offered_only_where_the_deck_has_one():
    assert "special" not in dict(first_card_choices("classic"))
    assert dict(first_card_choices("water-drop"))["special"] == "Water Drop card"


def test_the_first_card_buttons_use_the_domains_words():
    assert first_card_choices("classic") == [
        ("number", "Number (0–9)"),
        ("draw-two", "Draw Two"),
        ("skip", "Skip"),
        ("reverse", "Reverse"),
        ("wild", "Wild"),
        ("wild-draw-four", "Wild Draw Four"),
    ]


def test_the_challenge_keypad_is_the_round_keypad_split_by_colour():
    keys = challenge_keypad("cheese-touch")
    assert [key.value for key in keys["values"]] == [*"0123456789", "+2", "S", "R"]
    assert [key.label for key in keys["values"]][-3:] == ["+2", "Skip", "Rev"]
    assert [(key.token, key.label, key.name) for key in keys["wilds"]] == [
        ("W", "Wild", "Wild"),
        ("W+4", "+4", "Wild Draw Four"),
        ("X", "Cheese Touch (yellow)", "Cheese Touch card"),
    ]
