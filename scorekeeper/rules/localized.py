"""The rules library in the reader's language.

``localized(entry, language)`` gives the entry with its words in that language: title, answer,
the variants' answers, the interpretation note, the search phrasings and where each citation
points ("line" -> "línea"). Everything else (slug, sheets cited, editions, related entries,
house rules) is the same data, so both languages cite the same sheets in the same places.
English is the library itself; Spanish comes from ``entries_es.py``. A language we don't have
(or ``None``) reads English.

The localized entries are built once at import, so a page pays a dictionary lookup per entry.
Pure Python: the caller passes the language (the referee views pass Django's active one).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from scorekeeper.rules.entries import ENTRIES, SHEETS, Cite, Entry, get_entry
from scorekeeper.rules.entries_es import ENTRIES_ES, SHEET_TITLES, Translation

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "es")


def language_code(language: str | None) -> str:
    """ "es", "es-mx", "ES_es" -> "es"; anything we don't translate -> "en"."""
    base = (language or "").replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


# Where a citation points, in Spanish: the sheets' own section names stay as printed.
_WHERE_ES = (
    (re.compile(r"\blines\b"), "líneas"),
    (re.compile(r"\bline\b"), "línea"),
    (re.compile(r"\bSpanish text\b"), "texto en español"),
    (re.compile(r"\bEnglish text\b"), "texto en inglés"),
    (re.compile(r"^box\b"), "caja"),
    (re.compile(r"\band\b"), "y"),
)


def where_es(where: str) -> str:
    """ "SET UP, lines 98-99" -> "SET UP, líneas 98-99"."""
    for pattern, spanish in _WHERE_ES:
        where = pattern.sub(spanish, where)
    return where


def _cites_es(cites: tuple[Cite, ...]) -> tuple[Cite, ...]:
    return tuple(replace(cite, where=where_es(cite.where)) for cite in cites)


def _translated(entry: Entry, text: Translation) -> Entry:
    """The entry with its words replaced; unchanged if the translation lost step with it."""
    if len(text.variants) != len(entry.variants):
        return entry  # guarded by tests/rules/test_entries_es.py
    variants = tuple(
        replace(variant, answer=answer, cites=_cites_es(variant.cites))
        for variant, answer in zip(entry.variants, text.variants, strict=True)
    )
    return replace(
        entry,
        title=text.title,
        answer=text.answer,
        variants=variants,
        aliases=text.aliases,
        interpretation=text.interpretation,
        cites=_cites_es(entry.cites),
    )


_BY_LANGUAGE: dict[str, dict[str, Entry]] = {
    "es": {
        entry.slug: _translated(entry, ENTRIES_ES[entry.slug])
        for entry in ENTRIES
        if entry.slug in ENTRIES_ES
    },
}
_SHEET_TITLES: dict[str, dict[str, str]] = {"es": SHEET_TITLES}


def localized(entry: Entry, language: str | None) -> Entry:
    """``entry`` with its words in ``language`` (English when we have no translation)."""
    code = language_code(language)
    if code == DEFAULT_LANGUAGE:
        return entry
    return _BY_LANGUAGE[code].get(entry.slug, entry)


def localized_entries(entries: Iterable[Entry], language: str | None) -> list[Entry]:
    return [localized(entry, language) for entry in entries]


def get_localized_entry(slug: str, language: str | None) -> Entry | None:
    """The entry with this slug in ``language``, or None."""
    entry = get_entry(slug)
    return None if entry is None else localized(entry, language)


def sheet_title(sheet_id: str, language: str | None) -> str:
    """A sheet's title in ``language``, e.g. "Resumen general de las reglas"."""
    code = language_code(language)
    if code != DEFAULT_LANGUAGE and sheet_id in _SHEET_TITLES[code]:
        return _SHEET_TITLES[code][sheet_id]
    return SHEETS[sheet_id].title


def localized_variants(
    slug: str, variants: Iterable[tuple[tuple[str, ...], str]], language: str | None
) -> list[tuple[tuple[str, ...], str]]:
    """(sources, answer) pairs taken from entry ``slug``'s variants (as the first-card helper
    carries them), with each answer in ``language``; one we can't match stays as it is."""
    english = get_entry(slug)
    if english is None:
        return list(variants)
    shown = localized(english, language)
    words = {
        original.answer: translated.answer
        for original, translated in zip(english.variants, shown.variants, strict=True)
    }
    return [(sources, words.get(answer, answer)) for sources, answer in variants]
