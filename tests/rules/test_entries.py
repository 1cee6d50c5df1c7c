import dataclasses
import re

import pytest

from scorekeeper.rules import EDITIONS, ENTRIES, SHEETS, Entry, entries_for_edition, get_entry
from scorekeeper.rules.house_rules import HOUSE_RULES

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DISPUTED = [
    "uno-penalty",
    "wd4-challenge",
    "first-card-reverse",
    "first-card-wild",
    "who-deals",
    "draw-pile-runs-out",
    "first-card-wd4",
    "first-card-skip",
    "skip",
]


def test_there_are_enough_entries_to_cover_the_sheets():
    assert 45 <= len(ENTRIES) <= 70


def test_slugs_are_unique_url_safe_and_short():
    slugs = [entry.slug for entry in ENTRIES]
    assert len(slugs) == len(set(slugs))
    for slug in slugs:
        assert SLUG.match(slug), slug
        assert len(slug) <= 30, slug


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_entry_cites_known_sheets(entry):
    assert entry.sources
    assert set(entry.sources) <= set(SHEETS)
    assert len(entry.sources) == len(set(entry.sources))


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_entry_has_a_short_title_and_answer(entry):
    assert entry.title.strip()
    assert len(entry.title) <= 60
    assert entry.answer.strip()
    assert len(entry.answer) < 900
    assert entry.answer == entry.answer.strip()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_entry_applies_to_known_editions(entry):
    assert entry.editions
    assert set(entry.editions) <= set(EDITIONS)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_related_slugs_exist_and_are_not_self_references(entry):
    for slug in entry.related:
        assert get_entry(slug) is not None, slug
        assert slug != entry.slug


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_variants_cite_known_sheets_and_say_something(entry):
    for variant in entry.variants:
        assert variant.sources
        assert set(variant.sources) <= set(SHEETS)
        assert variant.answer.strip()
        assert len(variant.answer) < 400
    assert len(entry.variants) != 1, "a single variant is just the answer"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_entries_name_real_house_rules_and_the_house_rule_points_back(entry):
    for key in entry.house_rules:
        assert key in HOUSE_RULES
        assert entry.slug in HOUSE_RULES[key].affects


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_aliases_are_lowercase_phrases(entry):
    assert entry.aliases
    for alias in entry.aliases:
        assert alias == alias.strip().lower()


@pytest.mark.parametrize("slug", DISPUTED)
def test_disagreements_show_each_side_with_its_own_sources(slug):
    entry = get_entry(slug)
    assert entry is not None
    assert entry.disputed
    assert len(entry.variants) >= 2
    source_sets = {frozenset(variant.sources) for variant in entry.variants}
    assert len(source_sets) == len(entry.variants)


def test_the_uno_penalty_variants_say_two_and_four_cards():
    variants = {variant.sources: variant.answer for variant in get_entry("uno-penalty").variants}
    assert "2" in variants[("kitty", "cheese-touch", "water-drop", "summary")]
    assert "4" in variants[("unorules",)]


def test_only_unorules_limits_who_may_challenge():
    [limited] = [
        variant
        for variant in get_entry("wd4-challenge").variants
        if variant.answer.startswith("Only the player who has to draw")
    ]
    assert limited.sources == ("unorules",)


@pytest.mark.parametrize(
    ("edition", "slugs"),
    [
        ("kitty", ["kitty-card", "deck-kitty", "first-card-kitty"]),
        ("cheese-touch", ["cheese-touch-card", "cheese-touch-no-yellow", "deck-cheese-touch"]),
        ("water-drop", ["water-drop-card", "water-drop-open", "deck-water-drop"]),
    ],
)
def test_each_special_card_has_entries_only_for_its_edition(edition, slugs):
    for slug in slugs:
        entry = get_entry(slug)
        assert entry is not None
        assert entry.editions == (edition,)
        assert entry.sources[0] == edition


def test_every_edition_has_a_deck_entry():
    for edition in EDITIONS:
        assert get_entry(f"deck-{edition}") is not None


def test_the_special_card_facts_are_there():
    assert "Sheldon or Penny" in get_entry("kitty-card").answer
    assert "yellow" in get_entry("cheese-touch-card").answer
    assert "blue" in get_entry("water-drop-card").answer
    for slug in ("kitty-card", "cheese-touch-card", "water-drop-card"):
        assert "50 points" in get_entry(slug).answer


def test_get_entry_returns_none_for_an_unknown_slug():
    assert get_entry("no-such-rule") is None
    assert get_entry("stacking").title.startswith("Stacking")


def test_entries_for_an_edition_excludes_other_editions_special_cards():
    classic = {entry.slug for entry in entries_for_edition("classic")}
    assert "stacking" in classic
    assert "blank-cards" in classic
    assert not classic & {"kitty-card", "cheese-touch-card", "water-drop-card"}
    kitty = {entry.slug for entry in entries_for_edition("kitty")}
    assert "kitty-card" in kitty
    assert "blank-cards" not in kitty


def test_entries_for_an_unknown_edition_is_refused():
    with pytest.raises(ValueError, match="mario"):
        entries_for_edition("mario")


def test_entries_are_frozen():
    entry = get_entry("stacking")
    assert isinstance(entry, Entry)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.answer = "anything goes"


def test_the_sheet_list_names_the_five_files():
    assert set(SHEETS) == {"unorules", "kitty", "cheese-touch", "water-drop", "summary"}
    assert SHEETS["unorules"].filename == "classic-unorules-org.txt"
    assert all(sheet.filename.endswith(".txt") and sheet.title for sheet in SHEETS.values())


def test_the_rules_package_does_not_import_django():
    import subprocess
    import sys

    code = (
        "import sys, scorekeeper.rules; "
        "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
