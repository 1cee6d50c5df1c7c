"""Our rules text is in our own words: no seven-word run is shared with any rule sheet."""

import pytest

from scorekeeper.domain.editions import EDITIONS
from scorekeeper.rules import ENTRIES, KINDS, first_card

from .own_words import RUN, fingerprint_of, read_fingerprint, runs, sheet_files


def _texts():
    for entry in ENTRIES:
        yield f"{entry.slug} title", entry.title
        yield f"{entry.slug} answer", entry.answer
        if entry.interpretation:
            yield f"{entry.slug} interpretation", entry.interpretation
        for number, variant in enumerate(entry.variants, 1):
            yield f"{entry.slug} variant {number}", variant.answer
    for edition in EDITIONS.values():
        if edition.special_summary:
            yield f"{edition.slug} special card summary", edition.special_summary
        yield f"{edition.slug} deal rule", edition.deal_rule
        for kind in KINDS:
            if kind == "special" and not edition.has_special:
                continue
            outcome = first_card(kind, edition.slug)
            yield f"first {kind} in {edition.slug}", f"{outcome.summary} {outcome.reading}"


TEXTS = list(_texts())
_NAMES, SHEET_RUNS = read_fingerprint()


@pytest.mark.parametrize(("where", "text"), TEXTS, ids=[where for where, _ in TEXTS])
def test_no_run_of_seven_words_comes_from_a_sheet(where, text):
    shared = [run for digest, run in runs(text).items() if digest in SHEET_RUNS]
    assert not shared, f"{where} repeats a sheet word for word: {shared}"


def test_the_fingerprint_covers_the_five_sheets_and_catches_a_copied_sentence():
    assert sorted(_NAMES) == _NAMES and len(_NAMES) == 5
    assert len(SHEET_RUNS) > 4000
    copied = "If you draw a card you can play, play it. Otherwise, play moves on."
    assert set(runs(copied)) & SHEET_RUNS
    assert len(runs("one two three four five six")) == 0  # shorter than a run of RUN words
    assert RUN == 7


def test_the_fingerprint_is_up_to_date_with_the_sheets():
    """Where the sheets are at hand (this machine, CI with RULES_SOURCES), they must match."""
    files = sheet_files()
    if files:
        assert [path.name for path in files] == _NAMES
        assert fingerprint_of(files) == SHEET_RUNS, "rebuild: python tests/rules/own_words.py"
    else:
        assert SHEET_RUNS  # a fresh clone checks against the stored fingerprint alone
