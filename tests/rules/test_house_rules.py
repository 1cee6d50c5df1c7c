import pytest

from scorekeeper.rules import HOUSE_RULES, get_entry, parse_house_rules, table_notes


def test_the_five_house_rules_exist():
    assert {"stack-draw", "seven-zero", "jump-in", "draw-until-play", "uno-penalty"} <= set(
        HOUSE_RULES
    )


@pytest.mark.parametrize("rule", HOUSE_RULES.values(), ids=lambda rule: rule.key)
def test_every_rule_is_described_and_affects_real_entries(rule):
    assert rule.label and rule.description
    assert rule.affects
    for slug in rule.affects:
        entry = get_entry(slug)
        assert entry is not None, slug
        assert rule.key in entry.house_rules


@pytest.mark.parametrize("key", ["stack-draw", "seven-zero", "jump-in", "draw-until-play"], ids=str)
def test_on_off_rules_say_what_happens_at_this_table(key):
    text = HOUSE_RULES[key].at_table()
    assert text.startswith("At this table: ")
    assert text.endswith(".")


def test_the_uno_penalty_note_names_the_number():
    assert "3 cards" in HOUSE_RULES["uno-penalty"].at_table(3)
    assert "1 card " in HOUSE_RULES["uno-penalty"].at_table(1)
    assert "costs nothing" in HOUSE_RULES["uno-penalty"].at_table(0)


@pytest.mark.parametrize("value", [None, 11, -1, True, 2.5, "three"])
def test_the_uno_penalty_note_refuses_a_bad_number(value):
    with pytest.raises(ValueError, match="UNO penalty"):
        HOUSE_RULES["uno-penalty"].at_table(value)


def test_table_notes_gives_the_notes_that_change_this_answer():
    agreed = {"stack-draw": True, "uno-penalty": 3, "jump-in": True}
    notes = table_notes(get_entry("stacking"), agreed)
    assert notes == [HOUSE_RULES["stack-draw"].at_table()]
    [penalty] = table_notes(get_entry("uno-penalty"), agreed)
    assert penalty.startswith("At this table:") and "3 cards" in penalty


def test_table_notes_is_empty_when_nothing_agreed_applies():
    assert table_notes(get_entry("stacking"), {}) == []
    assert table_notes(get_entry("stacking"), {"jump-in": True}) == []
    assert table_notes(get_entry("card-points"), {"stack-draw": True, "uno-penalty": 1}) == []


def test_table_notes_ignores_rules_switched_off_but_keeps_a_zero_penalty():
    assert table_notes(get_entry("stacking"), {"stack-draw": False}) == []
    assert table_notes(get_entry("uno-penalty"), {"uno-penalty": None}) == []
    [note] = table_notes(get_entry("uno-penalty"), {"uno-penalty": 0})
    assert "costs nothing" in note


def test_parse_keeps_rules_switched_on_and_normalises_the_penalty():
    parsed = parse_house_rules(
        {"stack-draw": True, "jump-in": False, "uno-penalty": "4", "seven-zero": True}
    )
    assert parsed == {"stack-draw": True, "uno-penalty": 4, "seven-zero": True}


def test_parse_accepts_nothing_agreed():
    assert parse_house_rules({}) == {}
    assert parse_house_rules(None) == {}


def test_parse_refuses_an_unknown_rule_in_one_sentence():
    with pytest.raises(ValueError) as error:
        parse_house_rules({"no-mercy": True})
    message = str(error.value)
    assert "no-mercy" in message
    assert message.endswith(".") and message.count(".") == 1


@pytest.mark.parametrize("value", [11, -1, 2.5, "lots", True, [3]])
def test_parse_refuses_a_bad_uno_penalty(value):
    with pytest.raises(ValueError, match="UNO penalty"):
        parse_house_rules({"uno-penalty": value})


@pytest.mark.parametrize("value", [0, 10, "7"])
def test_parse_accepts_penalties_from_zero_to_ten(value):
    assert parse_house_rules({"uno-penalty": value}) == {"uno-penalty": int(value)}


def test_parse_refuses_a_value_for_an_on_off_rule():
    with pytest.raises(ValueError, match="on or off"):
        parse_house_rules({"stack-draw": 2})


def test_parse_refuses_something_that_is_not_a_mapping():
    with pytest.raises(ValueError, match="mapping"):
        parse_house_rules(["stack-draw"])
