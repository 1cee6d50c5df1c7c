"""A logistic regression over the ways each entry is asked: which entry (or the matters no
sheet settles) a question most likely means, learned from examples rather than from words
alone.

The search (``search.py``) turns each example into features (its terms, pairs of neighbouring
terms, pairs one term apart and letter 4-grams); the examples are the entries' titles and
aliases, the library's phrasings and the corpus's tuning half, never its held-out half. Fitting
the model takes about ten seconds, so ``scripts/train_referee.py`` (``make referee-model``,
scikit-learn) does it once and ships the weights in ``model/referee.json.gz``, with a
fingerprint of the examples and the settings (a test fails when either changes without a new
model). Reading and scoring here need only numpy (one product of the question's features with
their rows of weights): scikit-learn is a tool of the training, not a dependency of the app.

``Verdict`` is the second, smaller model: whether a sheet settles a question, from a few
signals of the search (``model/verdict.json``, fitted by the same script on the calibration
questions, each read by a search built without its half of them: cross-fitting).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import math
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MODEL_DIRECTORY = Path(__file__).resolve().parent / "model"
MODEL_PATH = MODEL_DIRECTORY / "referee.json.gz"
VERDICT_PATH = MODEL_DIRECTORY / "verdict.json"
UNSETTLED = "-"  # the label of the matters no sheet settles
FORMAT = 1


def common_words_path(language: str) -> Path:
    """Where a language's common words are kept (written by ``scripts/common_words.py``)."""
    return MODEL_DIRECTORY / f"common-words-{language}.txt"


Example = tuple[Sequence[str], str]  # a text's features, and the label of what it asks for


@dataclass(frozen=True, slots=True)
class Model:
    labels: tuple[str, ...]  # entry slugs, and ``UNSETTLED``
    intercepts: tuple[float, ...]
    rows: dict[str, tuple[int, float]]  # per feature: its row, its inverse document frequency
    steps: array  # the weights, a row of one per label for each feature, in 8-bit steps...
    scale: float  # ...of this size
    fingerprint: str  # of the examples it learned from

    def log_probs(self, features: Sequence[str]) -> dict[str, float]:
        """Each label's log-probability for a text with these features."""
        counts = Counter(feature for feature in features if feature in self.rows)
        values = {}
        for feature, count in counts.items():
            row, inverse_frequency = self.rows[feature]
            values[row] = (1 + math.log(count)) * inverse_frequency
        norm = math.sqrt(sum(value * value for value in values.values())) or 1.0
        logits = np.array(self.intercepts)
        if values:
            weights = np.frombuffer(self.steps, dtype=np.int8).reshape(-1, len(self.labels))
            shares = np.fromiter(values.values(), dtype=np.float64, count=len(values))
            logits += (shares * (self.scale / norm)) @ weights[list(values)]
        top = logits.max()
        logits -= top + math.log(np.exp(logits - top).sum())
        return dict(zip(self.labels, logits.tolist(), strict=True))


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a sheet settles a question, from a few signals of the search about it and its
    best entry (``search.verdict_signals``): a logistic regression fitted on the calibration
    questions, each as a search (and a classifier) built without its half of them sees it."""

    signals: tuple[str, ...]  # their names, in order
    weights: tuple[float, ...]
    intercept: float
    fingerprint: str  # of the calibration questions and the classifier it was fitted with

    def unsettled(self, signals: Sequence[float]) -> float:
        """The probability that no sheet settles the question."""
        logit = self.intercept + sum(w * s for w, s in zip(self.weights, signals, strict=True))
        return 1 / (1 + math.exp(-logit))


def load_verdict(path: Path = VERDICT_PATH) -> Verdict:
    document = json.loads(path.read_text(encoding="utf-8"))
    return Verdict(
        signals=tuple(document["signals"]),
        weights=tuple(document["weights"]),
        intercept=document["intercept"],
        fingerprint=document["fingerprint"],
    )


def fingerprint(examples: Sequence[Example], settings: str = "") -> str:
    """A digest of the examples, in order, and of the training's settings: what a model
    learned from, and how."""
    digest = hashlib.sha256(settings.encode())
    for features, label in examples:
        digest.update(json.dumps([label, list(features)], ensure_ascii=False).encode())
    return digest.hexdigest()


def verdict_fingerprint(model_fingerprint: str, settings: str, calibration: Sequence) -> str:
    """A digest of what the verdict learned from: the classifier it was fitted with (by its
    fingerprint), the fitting's settings and the calibration questions (``Question`` rows:
    language, expected entries and text). The suite compares it with ``verdict.json``'s
    without fitting anything."""
    digest = hashlib.sha256((model_fingerprint + settings).encode())
    for question in calibration:
        digest.update("\t".join([question.language, *question.expected, question.text]).encode())
    return digest.hexdigest()


def load(path: Path = MODEL_PATH) -> Model:
    document = json.loads(gzip.decompress(path.read_bytes()))
    if document["format"] != FORMAT:
        raise ValueError(f"{path.name}: format {document['format']!r}, expected {FORMAT}")
    steps = array("b")
    steps.frombytes(base64.b64decode(document["steps"]))
    names, idf = document["features"], document["idf"]
    return Model(
        labels=tuple(document["labels"]),
        intercepts=tuple(document["intercepts"]),
        rows={name: (row, value) for row, (name, value) in enumerate(zip(names, idf, strict=True))},
        steps=steps,
        scale=document["scale"],
        fingerprint=document["fingerprint"],
    )
