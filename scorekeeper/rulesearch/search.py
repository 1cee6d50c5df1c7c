"""Search the rules library the way people ask at the table, and say whether a sheet settles it.

The front door of the search: ``lookup`` (the hits and the verdict, what the rules page shows)
and ``search`` (the hits alone), over the index of the shipped library and of the questions
the search learns from, built at its first use (``default_index``), never at import.

The search runs in stages, a module each:

1. ``normalise``: a text to its search terms (table talk rewritten, stop words dropped,
   synonyms folded, Snowball stemming), the same for questions and entries;
2. ``typos``: a question's words the library never uses put right against those it does;
3. ``index`` (``Index.build``), ``documents`` and ``scoring``: one document per entry, scored
   by BM25F and the nearest phrasing, the hits reordered by a logistic regression
   (``classifier``, weights trained offline);
4. ``verdict``: an answer, a likely answer, an open case or "no sheet covers this";
5. ``training``: what the classifier learns from (``scripts/train_referee.py``).

How each is judged is in ``evaluation`` and docs/referee.md. Nothing here imports Django.
"""

from __future__ import annotations

import threading

from scorekeeper.rules.entries import ENTRIES, Entry
from scorekeeper.rulesearch import classifier, questions
from scorekeeper.rulesearch.index import Index
from scorekeeper.rulesearch.normalise import EN, ES, POINT_TOTAL, READER, language_of
from scorekeeper.rulesearch.scoring import Hit
from scorekeeper.rulesearch.verdict import ANSWER, LIKELY, NONE, OPEN, VERDICT_SIGNALS, Lookup

__all__ = [
    "ANSWER",
    "EN",
    "ES",
    "LIKELY",
    "NONE",
    "OPEN",
    "POINT_TOTAL",
    "VERDICT_SIGNALS",
    "Hit",
    "Index",
    "Lookup",
    "clear_caches",
    "coverage",
    "default_index",
    "language_of",
    "lookup",
    "normalise",
    "search",
    "training_examples",
    "use_model",
    "verdict_signals",
]

_default: Index | None = None
_building = threading.Lock()


def default_index() -> Index:
    """The index of the shipped library, learning from the library's phrasings, the
    calibration questions and the corpus's tuning half: built at the first call (a few
    seconds), once per process, then kept."""
    global _default
    if _default is None:
        with _building:  # two threads asking first build it once
            if _default is None:
                _default = Index.build(
                    ENTRIES,
                    [*questions.phrasings(), *questions.calibration()],
                    questions.tuning(),
                )
    return _default


def built() -> Index | None:
    """The default index if it has been built, else None (nothing is built)."""
    return _default


def search(query: str, edition: str | None = None, limit: int = 10) -> list[Hit]:
    """Entries that answer ``query``, best first (``Index.search``)."""
    return default_index().search(query, edition, limit)


def lookup(query: str, edition: str | None = None, limit: int = 10) -> Lookup:
    """Search, then give the verdict (``Index.lookup``, ``verdict.Lookup``)."""
    return default_index().lookup(query, edition, limit)


def coverage(query: str, entry: Entry) -> float:
    """The share of the question (0 to 1) that ``entry`` speaks to."""
    return default_index().coverage(query, entry)


def verdict_signals(query: str, slug: str) -> tuple[float, ...]:
    """What the verdict weighs for ``query`` and the entry it found first (``Index.signals``)."""
    return default_index().verdict_signals(query, slug)


def normalise(text: str, language: str | None = None) -> list[str]:
    """The canonical search terms for a piece of text, in order (``normalise.Normaliser``)."""
    return READER.normalise(text, language)


def training_examples() -> list[classifier.Example]:
    """What the shipped classifier learns from (``training.examples``)."""
    return default_index().training_examples()


def use_model(model: classifier.Model | None, verdict: classifier.Verdict | None = None) -> None:
    """Score with ``model`` and judge with ``verdict`` (None: the shipped ones)."""
    default_index().use_model(model, verdict)


def clear_caches(*, typos: bool = True) -> None:
    """Forget every question seen (``Index.clear_caches``); builds nothing."""
    if _default is None:
        READER.words.cache_clear()
    else:
        _default.clear_caches(typos=typos)
