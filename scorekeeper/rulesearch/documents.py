"""What the index is made of: one document per entry of the library, and one for the matters no
sheet settles, each built from its texts and the questions that ask for it.

An entry's texts (``entry_texts``) come in three fields, both languages in each: its title,
the phrasings people type (its slug and aliases) and its answer. Its document (``Doc``) holds
each field's terms, its ways of being asked (``Phrasing``: the title and aliases, and every
question written for it by other hands or in the corpus's tuning half), and every term a
question in each language can match. The scoring (``scoring``) and the index (``index``) read
them. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.rules.entries import Entry
from scorekeeper.rulesearch import search_es
from scorekeeper.rulesearch.normalise import EN, ES, Normaliser
from scorekeeper.rulesearch.questions import Question

Texts = Mapping[str, Sequence[tuple[str, str]]]  # an entry's texts by field, each with its language


@dataclass(frozen=True, slots=True)
class Phrasing:
    """A way to ask for an entry, as terms. ``language`` None: the entry's title and aliases,
    compared with a question in any language; "en"/"es": a question written in that language
    (the library's phrasings files, the corpus's tuning half), compared only with questions
    typed in the same language."""

    terms: frozenset[str]
    language: str | None


@dataclass(frozen=True, slots=True)
class Doc:
    entry: Entry | None  # None: the matters no sheet settles (the corpus's unsettled questions)
    fields: dict[str, Counter[str]]  # title, phrasings, answer: term frequencies
    phrasings: tuple[Phrasing, ...]
    terms: dict[str, frozenset[str]]  # by the question's language: every term it can match
    titles: tuple[frozenset[str], ...] = ()  # the English and the Spanish title, as terms
    library: tuple[tuple[str, str], ...] = ()  # its title and aliases, each with its language
    asked: tuple[Question, ...] = ()  # the questions that ask for it, by other hands first


def entry_texts(entry: Entry) -> dict[str, list[tuple[str, str]]]:
    """The entry's texts by field, each with its language."""
    english_body = [entry.answer, *(variant.answer for variant in entry.variants)]
    return {
        "title": [(entry.title, EN), *((t, ES) for t in search_es.aliases(entry.slug)[:1])],
        "phrasings": [
            (entry.slug.replace("-", " "), EN),
            *((alias, EN) for alias in entry.aliases),
            *((alias, ES) for alias in search_es.aliases(entry.slug)[1:]),
        ],
        "answer": [
            *((text, EN) for text in english_body),
            *((text, ES) for text in search_es.body(entry.slug)),
        ],
    }


def by_slug(found: Sequence[Question]) -> dict[str | None, list[Question]]:
    """Questions by the slug that answers each (None: no sheet settles it)."""
    grouped: dict[str | None, list[Question]] = defaultdict(list)
    for question in found:
        grouped[question.expected[0] if question.expected else None].append(question)
    return grouped


def document(entry: Entry, texts: Texts, asked: tuple[Question, ...], reader: Normaliser) -> Doc:
    """The document of ``entry``, from its texts and the questions that ask for it."""
    normalise = reader.normalise
    fields = {
        name: Counter(term for text, language in parts for term in normalise(text, language))
        for name, parts in texts.items()
    }
    library = (*texts["title"], *texts["phrasings"])
    phrasings = phrasings_of(library, asked, reader)
    titles = tuple(frozenset(normalise(text, language)) for text, language in texts["title"])
    return Doc(entry, fields, phrasings, _by_language(fields, phrasings), titles, library, asked)


def unsettled_document(asked: tuple[Question, ...], reader: Normaliser) -> Doc:
    """The document of the matters no sheet settles: only the questions that ask of them."""
    phrasings = phrasings_of([], asked, reader)
    return Doc(None, {}, phrasings, _by_language({}, phrasings), asked=asked)


def phrasings_of(
    library: Sequence[tuple[str, str]], asked: Sequence[Question], reader: Normaliser
) -> tuple[Phrasing, ...]:
    normalise = reader.normalise
    found = [Phrasing(frozenset(normalise(text, lang)), None) for text, lang in library]
    found += [Phrasing(frozenset(normalise(q.text, q.language)), q.language) for q in asked]
    # Phrasings that normalise alike ("toma 2", "draw two") are scored once.
    return tuple(dict.fromkeys(phrasing for phrasing in found if phrasing.terms))


def _by_language(
    fields: dict[str, Counter[str]], phrasings: tuple[Phrasing, ...]
) -> dict[str, frozenset[str]]:
    common = frozenset().union(*(set(counts) for counts in fields.values()))
    return {
        language: common.union(*(p.terms for p in phrasings if p.language in (None, language)))
        for language in (EN, ES)
    }
