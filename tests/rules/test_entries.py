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
    "first-card-draw-two",
    "cant-play-draw",
    "uno-catch-window",
    "call-uno",
    "target-score",
]


def test_there_are_enough_entries_to_cover_the_sheets():
    assert 45 <= len(ENTRIES) <= 70


def test_slugs_are_unique_url_safe_and_short():
    slugs = [entry.slug for entry in ENTRIES]
    assert len(slugs) == len(set(slugs))
    for slug in slugs:
        assert SLUG.match(slug), slug
        assert len(slug) <= 30, slug


# Questions no sheet answers: the entry says so and cites nothing.
NOT_COVERED = {"seven-zero", "jump-in", "misdeal", "next-dealer"}
# Questions a sheet is cited for but is silent on: the entry says the sheet doesn't cover it.
SILENT = {
    "first-card-cheese-touch",
    "first-card-water-drop",
    "water-drop-open",
    # The open cases at the edge of an entry (issue 52): the sheets speak of the matter only.
    "wd4-last-card-challenge",
    "wd4-challenge-when",
    "wd4-challenge-after",
    "wild-colour-unnamed",
    "lowest-score-tie",
    "two-packs",
    "no-cards-to-draw",
    "kitty-no-sheldon-left",
    "cheese-touch-on-cheese",
    "cheese-touch-on-wild",
}
WHERE = re.compile(r"\blines? (\d+)(?:-(\d+))?")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_entry_cites_known_sheets_with_where_or_says_no_sheet_covers_it(entry):
    assert len(entry.sources) == len(set(entry.sources))
    assert set(entry.sources) <= set(SHEETS)
    if entry.slug in NOT_COVERED:
        assert not entry.covered and not entry.cites
        assert entry.answer.startswith("No sheet covers")
        return
    if entry.slug in SILENT:
        assert not entry.covered and entry.cites  # where we looked
    else:
        assert entry.covered
    for cite in [*entry.cites, *(c for variant in entry.variants for c in variant.cites)]:
        assert cite.sheet in SHEETS
        assert WHERE.search(cite.where), cite  # a section and its line numbers


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_whether_an_entry_counts_as_covered_agrees_with_what_its_text_says(entry):
    says_not_covered = re.search(
        r"No sheet covers|sheet doesn't cover|The sheet only says", entry.answer
    )
    assert entry.covered != bool(says_not_covered), entry.slug


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_variant_cites_places_the_entry_cites(entry):
    cited = set(entry.cites)
    for variant in entry.variants:
        assert set(variant.cites) <= cited, (entry.slug, set(variant.cites) - cited)


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
    cite_sets = {frozenset(variant.cites) for variant in entry.variants}
    assert len(cite_sets) == len(entry.variants)


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


# --- The corrections of issue 13: each claim credited only to the sheets that make it ------------


def _variant(slug, sheet):
    [found] = [v for v in get_entry(slug).variants if sheet in v.sources]
    return found


def test_only_unorules_says_a_reverse_acts_like_a_skip_with_two_players():
    reverse = get_entry("reverse")
    assert "unorules.org" in reverse.answer and "other sheets don't say" in reverse.answer
    two = [c for c in reverse.cites if "TWO PLAYERS" in c.where]
    assert [c.sheet for c in two] == ["unorules"]
    assert get_entry("two-player").sources == ("unorules",)


def test_jump_in_and_seven_zero_cite_no_sheet():
    for slug in ("jump-in", "seven-zero"):
        entry = get_entry(slug)
        assert entry.cites == () and not entry.covered
        assert entry.house_rules  # the table can still switch the house rule on


def test_one_card_at_a_time_names_the_sheets_that_let_you_play_more():
    entry = get_entry("one-card-at-a-time")
    assert "only describe single plays" not in entry.answer
    assert "Water Drop" in entry.answer and "two-player" in entry.answer
    assert {"summary", "water-drop", "unorules"} == set(entry.sources)


def test_the_draw_pile_variants_do_not_credit_the_whole_pile_to_sheets_that_never_say_it():
    entry = get_entry("draw-pile-runs-out")
    english, spanish = entry.variants
    assert "whole" not in english.answer
    assert "water-drop" not in {c.sheet for c in english.cites if "Spanish" in c.where}
    assert [c.sheet for c in spanish.cites] == ["water-drop"]
    assert "Spanish" in spanish.cites[0].where


def test_playing_the_card_you_just_drew_is_shown_both_ways():
    boxed = _variant("cant-play-draw", "kitty")
    strict = _variant("cant-play-draw", "unorules")
    assert set(boxed.sources) == {"kitty", "cheese-touch", "water-drop"}
    assert "may" in boxed.answer
    assert {"unorules", "summary"} <= set(strict.sources)
    assert "Play it" in strict.answer


def test_the_uno_catch_deadline_is_shown_both_ways():
    begins = _variant("uno-catch-window", "unorules")
    taken = _variant("uno-catch-window", "summary")
    assert "begins" in begins.answer and set(begins.sources) == {"unorules", *BOXED_IDS}
    assert "has had their turn" in taken.answer and taken.sources == ("summary",)


BOXED_IDS = ("kitty", "cheese-touch", "water-drop")


def test_scoring_and_targets_credit_only_the_sheets_that_say_them():
    assert "summary" not in get_entry("scoring-round").sources
    assert "summary" not in get_entry("wd4-matching-number").sources
    target = get_entry("target-score")
    assert "before the start" not in target.answer
    assert _variant("target-score", "summary").sources == ("summary",)


def test_the_first_draw_two_says_what_unorules_leaves_out():
    plain = _variant("first-card-draw-two", "unorules")
    assert plain.sources == ("unorules",)
    assert "losing the turn" in plain.answer
    assert get_entry("first-card-draw-two").interpretation


def test_themed_first_card_entries_no_longer_compare_with_another_decks_sheet():
    for slug in ("first-card-cheese-touch", "first-card-water-drop"):
        entry = get_entry(slug)
        assert "kitty" not in entry.sources
        assert entry.interpretation.startswith("Our suggested reading")


@pytest.mark.parametrize(
    "slug",
    ["cheese-touch-card", "water-drop-card", "deck-classic", "who-deals", "next-dealer"],
)
def test_readings_no_sheet_states_are_labelled(slug):
    assert get_entry(slug).interpretation


def test_variants_for_an_edition_keep_only_the_sheets_that_apply_to_it():
    penalty = get_entry("uno-penalty")
    assert [v.answer for v in penalty.variants_for("kitty")] == ["2 cards."]
    assert [v.answer for v in penalty.variants_for("classic")] == ["2 cards.", "4 cards."]
    # ...and a Classic game sees the 2 cards credited to the summary alone, not the boxed sheets.
    assert [v.sources for v in penalty.variants_for("classic")] == [("summary",), ("unorules",)]
    assert penalty.variants_for(None) == penalty.variants
    # A themed deck never sees what only the Classic sheet says.
    for entry in ENTRIES:
        for edition in ("kitty", "cheese-touch", "water-drop"):
            for variant in entry.variants_for(edition):
                assert variant.sources != ("unorules",), (entry.slug, edition)


def test_each_edition_has_its_own_sheet():
    from scorekeeper.rules.entries import own_sheet, sheets_for

    assert own_sheet("classic") == "unorules"
    assert own_sheet("kitty") == "kitty"
    assert sheets_for("cheese-touch") == ("cheese-touch", "summary")
    assert own_sheet("mario") is None  # a deck whose sheet we don't have yet


# Where the sheets are at hand, a cited line really says the thing (a sample of the claims above).
CITED_WORDS = [
    ("reverse", "unorules", "TWO PLAYERS", "Reverse card works like playing a Skip"),
    ("wd4-challenge", "unorules", "line 147", "Only the person required to draw"),
    ("uno-penalty", "unorules", "line 165", "FOUR"),
    ("uno-catch-window", "summary", "line 16", "has taken their turn"),
    ("draw-pile-runs-out", "water-drop", "Spanish", "deja la última carta"),
    ("who-deals", "unorules", "line 98", "highest point value"),
    ("cant-play-draw", "water-drop", "Spanish", "bájala"),
    ("first-card-draw-two", "unorules", "line 111", "must draw two cards"),
    ("one-card-at-a-time", "summary", "line 14", "one card at a time"),
    ("stacking", "unorules", "FAQ", "widespread"),
    ("target-score", "summary", "line 18", "as long as everyone agrees"),
]


@pytest.mark.parametrize(("slug", "sheet", "marker", "words"), CITED_WORDS)
def test_a_cited_place_says_the_thing(slug, sheet, marker, words):
    from tests.rules.own_words import SHEETS_DIR

    entry = get_entry(slug)
    cites = [c for c in entry.cites if c.sheet == sheet and marker in c.where]
    assert cites, (slug, sheet, marker)
    path = SHEETS_DIR / SHEETS[sheet].filename
    if not path.exists():  # a fresh clone without ../shared: the citation's shape is checked above
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    text = ""
    for cite in cites:
        for match in WHERE.finditer(cite.where):
            first = int(match.group(1))
            last = int(match.group(2) or first)
            text += " ".join(lines[first - 1 : last]) + " "
    assert words in text, (slug, [c.where for c in cites])


# --- The follow-up a table asks next (issue 52's library fixes), in both languages ----------


def _both(slug: str) -> list[str]:
    from scorekeeper.rules.entries_es import ENTRIES_ES

    return [get_entry(slug).answer.lower(), ENTRIES_ES[slug].answer.lower()]


def test_a_plus_four_with_a_card_of_the_colour_showing_is_not_answered_legal():
    english, spanish = _both("wd4-matching-number")
    assert not english.startswith("legal") and not spanish.startswith("es legal")
    # Both cases are answered: the colour showing forbids it, a number of another colour not.
    assert "not allowed" in english and "legal" in english
    assert "no se puede" in spanish and "legal" in spanish
    assert "number" not in get_entry("wd4-matching-number").title.lower()


def test_the_plus_four_entry_says_who_draws_when_it_is_challenged():
    english, spanish = _both("wild-draw-four")
    assert "challenge" in english and "4 cards instead" in english and "takes 6" in english
    assert "desafi" in spanish and "las 4 cartas" in spanish and "6" in spanish


def test_cheese_touch_with_no_yellow_says_who_picks_up():
    english, spanish = _both("cheese-touch-no-yellow")
    assert english.startswith("the player it is played on (the next one) picks up 2")
    assert "the player after them carries on" in english
    assert spanish.startswith("el jugador sobre el que cae (el siguiente) toma 2")


def test_an_emptied_hand_after_a_water_drop_is_settled_by_the_going_out_rule():
    english, spanish = _both("water-drop-open")
    assert "whether emptying your hand" not in english
    assert "has gone out" in english and "ha salido" in spanish
    cited = {cite.where for cite in get_entry("water-drop-open").cites}
    assert any("Going Out" in where for where in cited)


def test_the_challenge_entry_says_only_a_plus_four_can_be_challenged():
    english, spanish = _both("wd4-challenge")
    assert "only a wild draw four can be challenged" in english
    assert "solo se desafía un comodín toma 4" in spanish
