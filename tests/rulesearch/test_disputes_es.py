"""Spanish disputes as people type them on a phone, and the Spanish side of the search.

The table has the shape of the dispute table in test_disputes.py: (question, the slug of the
entry that must come first, or ``NOT_COVERED`` when no sheet settles it and the search must say
so). The search has no language setting: the same answers come whatever the page's language.
"""

import time

import pytest

from scorekeeper.rules import ENTRIES, get_entry
from scorekeeper.rules.entries_es import ENTRIES_ES
from scorekeeper.rulesearch import questions
from scorekeeper.rulesearch.search import ES, default_index, normalise, search
from scorekeeper.rulesearch.search_es import SYNONYMS, looks_spanish

from .test_disputes import DISPUTES, NOT_COVERED

# The Spanish rows of the one dispute table (tests/rulesearch/test_disputes.py).
DISPUTES_ES = [row for row in DISPUTES if looks_spanish(row[0])]


def test_the_spanish_table_is_big_and_names_real_entries():
    assert len(DISPUTES_ES) >= 25
    assert sum(expected is NOT_COVERED for _, expected in DISPUTES_ES) >= 8
    assert len({query for query, _ in DISPUTES_ES}) == len(DISPUTES_ES)
    for _, expected in DISPUTES_ES:
        assert expected is NOT_COVERED or get_entry(expected) is not None, expected


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.slug)
def test_every_entry_can_be_found_by_its_spanish_title(entry):
    hits = search(ENTRIES_ES[entry.slug].title)
    assert entry.slug in [hit.entry.slug for hit in hits[:3]]


@pytest.mark.parametrize(
    "query",
    ["comodín toma 4", "comodin +4", "toma 4", "toma cuatro", "roba 4", "más cuatro", "+4"],
)
def test_every_spanish_name_of_the_wild_draw_four_is_one_card(query):
    assert normalise(query) == ["wilddrawfour"]


@pytest.mark.parametrize("query", ["toma 2", "toma dos", "roba dos", "más 2", "+2"])
def test_every_spanish_name_of_the_draw_two_is_one_card(query):
    assert normalise(query) == ["drawtwo"]


def test_taking_four_cards_is_an_amount_not_the_card():
    assert "wilddrawfour" not in normalise("tomas 4 cartas")
    assert "drawtwo" not in normalise("roba 2 cartas más")


def test_accents_and_capitals_do_not_matter():
    assert normalise("DESAFÍO Comodín") == normalise("desafio comodin")
    assert [h.entry.slug for h in search("¿Se acabó la PILA?")] == [
        h.entry.slug for h in search("se acabo la pila")
    ]


# --- The typo correction keeps Spanish words Spanish -----------------------------------------


@pytest.mark.parametrize(
    ("query", "terms"),
    [
        ("me tiraron la del queso", ["play", "cheesetouch"]),
        ("el balde", ["waterdrop"]),
        ("el uno de agua", ["waterdrop"]),
        ("la carta del agua", ["waterdrop"]),
        ("el negro", ["wild"]),
        ("el negro de +4", ["wilddrawfour"]),
    ],
)
def test_the_cards_by_their_table_names(query, terms):
    """The special cards by what is drawn on them, and the Wild by its black face."""
    assert normalise(query, "es") == terms


@pytest.mark.parametrize(
    ("word", "term"),
    [("pila", "drawpile"), ("toma", "draw"), ("comodin", "wild"), ("desafio", "challenge")],
)
def test_a_known_spanish_word_is_read_not_corrected(word, term):
    assert _query_terms(word) == {normalise(term)[0]: 1.0}


def test_no_spanish_word_we_know_is_ever_turned_into_another_term():
    """Every word of the Spanish library and vocabulary, alone: it keeps its own meaning (or is
    dropped as carrying none), never "corrected" into an English word such as pile/tomato."""
    words = set(SYNONYMS)
    for text in ENTRIES_ES.values():
        for part in (text.title, text.answer, *text.variants, *text.aliases):
            words.update(part.lower().split())
    for word in words:
        own = set(normalise(word))
        assert set(_query_terms(word)) <= own, word


def test_a_misspelled_spanish_word_becomes_a_spanish_word_or_nothing():
    spanish_terms = {
        term
        for text in ENTRIES_ES.values()
        for part in (text.title, text.answer, *text.variants, *text.aliases)
        for term in normalise(part)
    } | {term for word in SYNONYMS for term in normalise(word)}
    # The Spanish phrasings and questions the search learns from are Spanish words too.
    spanish_terms |= {
        term
        for question in (*questions.tuning(), *questions.phrasings(), *questions.calibration())
        if question.language == "es"
        for term in normalise(question.text, "es")
    }
    checked = 0
    for word in sorted(SYNONYMS):
        if len(word) < 5:
            continue
        typo = word[:2] + word[3:]  # one letter dropped
        if all(term in default_index().idf for term in normalise(typo)):
            continue  # not a typo but another word ("pille" -> "pile")
        for term in _query_terms(f"el {typo}"):  # "el": asked in Spanish
            assert term in spanish_terms, (word, typo, term)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    ("typo", "term"),
    [("desafo", "challenge"), ("comodn", "wild"), ("reverza", "reverse"), ("acumlar", "stack")],
)
def test_spanish_typos_land_on_the_spanish_word(typo, term):
    assert normalise(term)[0] in _query_terms(typo)


@pytest.mark.parametrize(
    "query",
    [
        "cuando no puedes jugar se roba una y ya o se sigue",
        "si no tengo ninguna carta para jugar que hago",
        "no puedo tirar nada",
    ],
)
def test_the_table_talk_for_cant_play_is_never_read_as_a_typo(query):
    # The rewrite gives "cant play"; no Spanish question types "cant", and the typo correction
    # once read it as "canta" (calling UNO), in the search and in the classifier's features.
    terms = _query_terms(query)
    assert "cant" in terms
    assert "call" not in terms
    assert "canta" not in default_index().analyse(query).spelled


def test_the_issues_cant_play_question_finds_its_entry():
    assert search("si no tengo ninguna carta para jugar que hago")[0].entry.slug == "cant-play-draw"


def test_a_spanish_question_never_borrows_an_english_correction():
    # "pial" is one swap from the Spanish "pila" and two edits from English words.
    assert normalise(default_index().typos.correct("pial", ES)) == normalise("drawpile")
    assert set(_query_terms("la tomato")) <= {"draw"}  # never an English "tomato"


@pytest.mark.parametrize(
    ("query", "spanish"),
    [
        ("¿puedo acumular +2?", True),
        ("se acabo la pila", True),
        ("desafío", True),
        ("cuantos puntos vale un comodin", True),
        ("can you stack draw 2", False),
        ("forgot to say uno", False),
        ("who deals", False),
        ("is a sale a final come", False),
        # An English contraction's "d" is not the chat spelling of "de".
        ("someone just +2'd me, do i still get my turn", False),
        ("i think he'd a blue when he +4’d me", False),
        ("three turns in we realised i'd been dealt 8 cards", False),
        ("d donde se roba", True),
    ],
)
def test_a_spanish_question_is_told_from_an_english_one(query, spanish):
    assert looks_spanish(query) is spanish


def test_english_questions_still_find_their_entries():
    assert search("can you stack draw 2")[0].entry.slug == "stacking"
    assert search("chalenge")[0].entry.slug == "wd4-challenge"
    assert search("revers")[0].entry.slug == "reverse"


def _query_terms(query: str) -> dict[str, float]:
    return default_index().analyse(query).terms


def test_a_spanish_query_is_fast():
    queries = [query for query, _ in DISPUTES_ES]
    start = time.perf_counter()
    for query in queries:
        search(query)
    per_query = (time.perf_counter() - start) / len(queries)
    # The English table's generous bound (CI runners are slow); bench/rules_search.py reports
    # the real figures.
    assert per_query < 0.05
