"""The Spanish rules library: complete, in step with the English one, in Spanish, our own words."""

import dataclasses
import re
import unicodedata

import pytest

from scorekeeper.rules import ENTRIES, SHEETS, Entry, Variant, get_entry
from scorekeeper.rules.entries_es import ENTRIES_ES, SHEET_TITLES, Translation
from scorekeeper.rules.localized import (
    get_localized_entry,
    language_code,
    localized,
    localized_entries,
    localized_variants,
    sheet_title,
    where_es,
)

from .own_words import read_fingerprint, runs

_NAMES, SHEET_RUNS = read_fingerprint()

# Names that stay as printed on the boxes (and the English words inside them).
NAMES = (
    "The Big Bang Theory",
    "Diary of a Wimpy Kid",
    "Cheese Touch",
    "Water Drop",
    "Soft Kitty",
    "Kitty",
    "Sheldon",
    "Penny",
    "unorules.org",
    "reneging",
    "jump-in",
    "jump in",
    "Wimpy Kid",
)
# Common English words that have no business in a Spanish sentence.
_ENGLISH_TEXT = """
    the and of to you your is are it its if on or not with for this that play plays player
    card cards draw draws wild skip reverse two four next turn left right dealer deck pile
    colour yellow blue red green points point only may must can when what who which
"""  # "color" is Spanish too
ENGLISH_WORDS = frozenset(_ENGLISH_TEXT.split())


def fold(text):
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def words(text):
    return re.findall(r"[a-z0-9]+", fold(text))


def spanish_texts(translation):
    texts = [translation.title, translation.answer, *translation.variants]
    return [*texts, translation.interpretation] if translation.interpretation else texts


def test_every_english_entry_has_a_spanish_version_and_nothing_else_does():
    assert set(ENTRIES_ES) == {entry.slug for entry in ENTRIES}


def test_the_translation_covers_every_text_field_of_an_entry_and_a_variant():
    # An English field of words added later must get its Spanish too.
    translated = {field.name for field in dataclasses.fields(Translation)}
    entry_text = {
        field.name
        for field in dataclasses.fields(Entry)
        if field.name != "slug" and isinstance(getattr(ENTRIES[0], field.name), str)
    }
    assert entry_text <= translated
    variant = next(entry.variants[0] for entry in ENTRIES if entry.variants)
    variant_text = {
        field.name
        for field in dataclasses.fields(Variant)
        if isinstance(getattr(variant, field.name), str)
    }
    assert variant_text == {"answer"}, "a new text field on Variant needs its Spanish"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_spanish_field_is_filled_and_shaped_like_the_english(entry):
    spanish = ENTRIES_ES[entry.slug]
    assert spanish.title.strip() and len(spanish.title) <= 60
    assert spanish.answer.strip() and spanish.answer == spanish.answer.strip()
    assert len(spanish.answer) < 900
    assert len(spanish.variants) == len(entry.variants), "one Spanish answer per variant"
    for answer in spanish.variants:
        assert answer.strip() and len(answer) < 400
    # "Our reading" is labelled in Spanish exactly where it is in English.
    assert bool(spanish.interpretation.strip()) == bool(entry.interpretation.strip())
    assert spanish.aliases
    for alias in spanish.aliases:
        assert alias == alias.strip().lower()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_the_spanish_is_not_the_english_and_has_no_stray_english(entry):
    spanish = ENTRIES_ES[entry.slug]
    assert spanish.title != entry.title
    assert spanish.answer != entry.answer
    for text in spanish_texts(spanish):
        for name in NAMES:
            text = text.replace(name, " ")
        stray = ENGLISH_WORDS.intersection(words(text))
        assert not stray, f"English words in the Spanish of {entry.slug}: {sorted(stray)}"


def test_the_spanish_uses_the_card_names_of_the_spanish_sheet():
    text = " ".join(t for s in ENTRIES_ES.values() for t in spanish_texts(s))
    for name in ("Comodín Toma 4", "Toma 2", "Reversa", "Salta", "pila para tomar"):
        assert name in text, name
    assert "Comodín Toma 4" in ENTRIES_ES["wild-draw-four"].title


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_figures_in_the_english_are_in_the_spanish(entry):
    # Same facts: every number the English answer states appears in the Spanish one.
    spanish = ENTRIES_ES[entry.slug]
    english_numbers = set(re.findall(r"\d+", " ".join([entry.answer, entry.title])))
    spanish_numbers = set(re.findall(r"\d+", " ".join([spanish.answer, spanish.title])))
    assert english_numbers <= spanish_numbers
    for variant, answer in zip(entry.variants, spanish.variants, strict=True):
        assert set(re.findall(r"\d+", variant.answer)) <= set(re.findall(r"\d+", answer))


@pytest.mark.parametrize("slug", sorted(ENTRIES_ES))
def test_no_spanish_text_copies_seven_words_in_a_row_from_a_sheet(slug):
    # The same fingerprint as the English check (tests/rules/own_words.py): the Water Drop
    # sheet's Spanish half is in it.
    spanish = ENTRIES_ES[slug]
    for text in (*spanish_texts(spanish), *spanish.aliases):
        shared = [run for digest, run in runs(text).items() if digest in SHEET_RUNS]
        assert not shared, f"{slug} repeats a sheet word for word: {shared}"


def test_the_fingerprint_catches_a_copied_spanish_sentence():
    assert "water-drop-edition-sheet-en-es.txt" in _NAMES
    copied = "Si la pila para TOMAR se termina y ningún jugador ha ganado, deja la última carta"
    assert set(runs(copied)) & SHEET_RUNS


def test_every_sheet_has_a_spanish_title():
    assert set(SHEET_TITLES) == set(SHEETS)
    for sheet_id in SHEETS:
        assert sheet_title(sheet_id, "es") == SHEET_TITLES[sheet_id]
        assert sheet_title(sheet_id, "en") == SHEETS[sheet_id].title


# --- Picking the language -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "code"),
    [
        ("es", "es"),
        ("es-mx", "es"),
        ("es-ES", "es"),
        ("es_AR", "es"),
        ("en", "en"),
        ("en-gb", "en"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_language_codes_fold_to_the_two_we_have(language, code):
    assert language_code(language) == code


def test_citations_point_to_the_same_places_in_spanish_words():
    assert where_es("SET UP, line 98") == "SET UP, línea 98"
    assert where_es("CONTENTS, lines 6-17") == "CONTENTS, líneas 6-17"
    assert (
        where_es("Contents, lines 4-16; Spanish text: Contenido, lines 141-153")
        == "Contents, líneas 4-16; texto en español: Contenido, líneas 141-153"
    )
    for entry in ENTRIES:
        spanish = localized(entry, "es")
        cites = [*spanish.cites, *(cite for v in spanish.variants for cite in v.cites)]
        english = [*entry.cites, *(cite for v in entry.variants for cite in v.cites)]
        assert [cite.sheet for cite in cites] == [cite.sheet for cite in english]
        for cite in cites:
            assert not re.search(r"\blines?\b|Spanish text", cite.where), cite.where


def test_localized_swaps_the_words_and_keeps_the_facts():
    english = get_entry("uno-penalty")
    spanish = localized(english, "es")
    assert spanish.title == "Olvidó decir UNO: la penalización"
    assert spanish.answer == ENTRIES_ES["uno-penalty"].answer
    assert [v.answer for v in spanish.variants] == ["2 cartas.", "4 cartas."]
    # Same sheets for each side, same deck editions, same links, same house rules.
    assert [v.sources for v in spanish.variants] == [v.sources for v in english.variants]
    assert spanish.sources == english.sources
    assert spanish.editions == english.editions
    assert spanish.related == english.related
    assert spanish.house_rules == english.house_rules
    assert spanish.slug == english.slug
    assert spanish.covered == english.covered


def test_english_or_an_unknown_language_gives_the_library_entry_itself():
    entry = get_entry("stacking")
    assert localized(entry, "en") is entry
    assert localized(entry, "de") is entry
    assert localized(entry, None) is entry


def test_localized_lookups_by_slug_and_in_bulk():
    assert get_localized_entry("wild", "es").title == "Comodín"
    assert get_localized_entry("wild", "en").title == "Wild"
    assert get_localized_entry("no-such-rule", "es") is None
    titles = [entry.title for entry in localized_entries(ENTRIES[:3], "es-419")]
    assert titles == [ENTRIES_ES[entry.slug].title for entry in ENTRIES[:3]]


def test_variants_carried_by_the_first_card_helper_are_translated_by_their_text():
    english = get_entry("first-card-reverse")
    pairs = [(variant.sources, variant.answer) for variant in english.variants]
    shown = localized_variants("first-card-reverse", pairs, "es")
    assert [sources for sources, _ in shown] == [sources for sources, _ in pairs]
    assert [answer for _, answer in shown] == list(ENTRIES_ES["first-card-reverse"].variants)
    # Something the entry does not hold stays as it came.
    odd = [(("summary",), "Something else.")]
    assert localized_variants("first-card-reverse", odd, "es") == odd
    assert localized_variants("first-card-reverse", pairs, "en") == pairs
