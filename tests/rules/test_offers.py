"""The house rule offered under the banner is one the question is about (issue 52, item 7).

The questions are typed as at the table, written for these tests (not the entries' titles or
aliases): some about a house rule's matter, some that only share a word with one.
"""

import pytest

from scorekeeper.rules import ENTRIES, get_entry
from scorekeeper.rules.entries_es import ENTRIES_ES
from scorekeeper.rulesearch.offers import house_rule_offer, is_house_rule, names_matter, pattern
from scorekeeper.rulesearch.search import Hit

HOUSE_RULE_ENTRIES = [entry for entry in ENTRIES if is_house_rule(entry)]


def hits(*slugs):
    return [Hit(get_entry(slug), 10.0 - place) for place, slug in enumerate(slugs)]


def test_the_house_rule_entries_are_the_ones_no_sheet_speaks_of():
    slugs = {entry.slug for entry in HOUSE_RULE_ENTRIES}
    assert {"seven-zero", "jump-in", "misdeal", "next-dealer"} <= slugs
    assert "draw-until-play" not in slugs  # the sheets speak of it: draw one
    assert "two-packs" not in slugs  # an open case: its sheets are cited


@pytest.mark.parametrize("entry", HOUSE_RULE_ENTRIES, ids=lambda entry: entry.slug)
def test_every_house_rule_entry_names_its_matter_in_both_languages(entry):
    assert entry.matter
    assert ENTRIES_ES[entry.slug].matter
    for text in (*entry.matter, *ENTRIES_ES[entry.slug].matter):
        assert pattern(text)  # each one reads


@pytest.mark.parametrize("text", ["7-0", "deal* + ", "jump in?", "a||b"])
def test_a_pattern_it_cannot_read_is_refused(text):
    with pytest.raises(ValueError):
        pattern(text)


def test_a_pattern_reads_starts_any_word_and_both_parts():
    assert pattern("Deal* + next") == (("deal*",), ("next",))
    assert pattern("no * toca*") == (("no", "*", "toca*"),)


@pytest.mark.parametrize(
    ("question", "slug"),
    [
        ("can i throw mine in when its not my turn if its the same one", "jump-in"),
        ("my cousin jumped in with his green 4 on my green 4, fair??", "jump-in"),
        ("me puedo colar si tengo la misma carta?", "jump-in"),
        ("¿puedo meterme con la misma carta?", "jump-in"),
        ("mi tío tiró su 3 azul cuando no le tocaba", "jump-in"),
        ("my uncle dealt me 9 cards lol what do we do", "misdeal"),
        ("el que repartía me dio 9 cartas, qué hacemos", "misdeal"),
        ("does the 7 let me swap hands with someone", "seven-zero"),
        ("con el 7 se intercambian las manos?", "seven-zero"),
        ("tiré un cero, todos pasan sus cartas?", "seven-zero"),
        ("whoever lost the last round deals now right", "next-dealer"),
        ("y en la ronda que sigue quien reparte", "next-dealer"),
    ],
)
def test_a_question_about_a_house_rule_names_its_matter(question, slug):
    assert names_matter(question, get_entry(slug))


@pytest.mark.parametrize(
    ("question", "slug"),
    [
        # A lost card is not jumping in, a misdeal or the next deal.
        ("a card went missing under the sofa what now", "misdeal"),
        ("we lost one of the cards, do we keep playing", "jump-in"),
        ("se nos perdió una carta, seguimos jugando?", "next-dealer"),
        ("perdimos una carta debajo del sillón", "jump-in"),
        # Peeking is not a misdeal, nor a swap of hands.
        ("he peeked at my hand while i was in the kitchen", "misdeal"),
        ("my sister keeps looking at my cards", "seven-zero"),
        ("mi hermano me vio la mano", "misdeal"),
        ("se puede espiar la mano del otro?", "seven-zero"),
        # A 7 played on a 7 is matching, and the same moment is not the same card.
        ("can i put a red 7 on a blue 7", "seven-zero"),
        ("we both said uno at the exact same time, who wins", "jump-in"),
        # Words of another game: meter a card back in the deck, cut the deck.
        ("metimos la carta de vuelta en el mazo, vale?", "jump-in"),
        ("who cuts the deck", "jump-in"),
    ],
)
def test_a_question_that_only_shares_words_does_not_name_the_matter(question, slug):
    assert not names_matter(question, get_entry(slug))


def test_an_entry_with_no_matter_is_never_named():
    assert not names_matter("can you stack draw 2", get_entry("stacking"))


def test_the_offer_is_the_first_house_rule_the_question_is_about():
    question = "dealer gave me too many cards can i jump in anyway"
    assert house_rule_offer(question, hits("wild", "jump-in", "misdeal")).slug == "jump-in"
    assert house_rule_offer("i got 9 cards from the dealer", hits("jump-in", "misdeal")).slug == (
        "misdeal"
    )


def test_no_offer_when_the_question_is_about_none_of_them():
    assert house_rule_offer("he peeked at my hand", hits("misdeal", "seven-zero")) is None
    assert house_rule_offer("se perdió una carta", hits("next-dealer", "skip")) is None
    assert house_rule_offer("", hits("misdeal")) is None
    assert house_rule_offer("jump in", []) is None


def test_an_open_case_or_a_covered_entry_is_not_offered_as_a_house_rule():
    # Their sheets are cited: they are reading, not a house rule to switch on.
    assert house_rule_offer("deal two packs", hits("two-packs", "deal-seven")) is None


@pytest.mark.parametrize("question", ["\x00\x00", "*" * 200, "+ + +", "||", "ñ" * 200])
def test_odd_input_is_simply_about_nothing(question):
    assert all(not names_matter(question, entry) for entry in HOUSE_RULE_ENTRIES)
