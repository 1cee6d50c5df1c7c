"""Train the referee's classifier and its verdict, and write their weights: `make referee-model`.

The search and its classifier learn from the library, the corpus's tuning half and the
calibration questions (``training.examples``); the classifier goes to
``scorekeeper/rulesearch/model/referee.json.gz``. The verdict is fitted on the calibration
questions too, but never as a search that learned them sees them: they are split in two by a
stable hash, the index is built (and its classifier trained) from everything but one part, and
the verdict's signals are read on that part; the regression is fitted on both parts' signals
(cross-fitting) and goes to ``model/verdict.json``. ``scorekeeper/rulesearch/classifier.py``
reads both. Run it after changing the entries, the phrasings, the corpus, the calibration
questions or the search's normalisation: a test compares the shipped files' fingerprints with
what they would learn from today, and fails until the model is trained again (``--check``
retrains in memory and compares the weights too, for a reader who doubts the fingerprints).
Needs scikit-learn (installed with the test extras; the app itself never imports it).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import sys
import time
from array import array
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules.entries import ENTRIES  # noqa: E402
from scorekeeper.rulesearch import classifier, questions  # noqa: E402
from scorekeeper.rulesearch.classifier import Example, Model, Verdict  # noqa: E402
from scorekeeper.rulesearch.index import Index  # noqa: E402
from scorekeeper.rulesearch.questions import Question  # noqa: E402
from scorekeeper.rulesearch.verdict import VERDICT_SIGNALS  # noqa: E402

# Chosen by two-fold cross-validation inside the tuning half (``scripts/referee_cv.py``): the
# regularisation (C 30 among 3, 10, 30, 100 and 300) and features seen in at least two examples
# (as right as one, with 7,800 features instead of 16,700, before word dropout: its copies of
# a question count as examples, so 27,900 passed then, and 46,100 with the pairs one term
# apart). With word dropout (six copies a question), C 10 and 100 measured worse than 30 on
# the questions nothing learns from.
REGULARISATION = 30.0
MIN_EXAMPLES = 2
SETTINGS = f"logistic regression C={REGULARISATION}, TF-IDF min_df={MIN_EXAMPLES}"


def train(examples: Sequence[Example]) -> Model:
    """Fit the model on ``examples``: TF-IDF (sublinear counts), then a multinomial logistic
    regression.

    The weights are kept as 8-bit steps of one scale (255 steps between the largest weight
    and its opposite), as ``dump`` stores them: a model trained in memory scores exactly as
    the same model read back."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    labels = sorted({label for _, label in examples})
    vectoriser = TfidfVectorizer(analyzer=list, sublinear_tf=True, min_df=MIN_EXAMPLES)
    matrix = vectoriser.fit_transform([list(features) for features, _ in examples])
    fitted = LogisticRegression(C=REGULARISATION, max_iter=5000)
    fitted.fit(matrix, [labels.index(label) for _, label in examples])
    coefficients = fitted.coef_
    scale = float(abs(coefficients).max()) / 127 or 1.0
    steps = array("b", (round(float(w) / scale) for column in coefficients.T for w in column))
    names = [str(name) for name in vectoriser.get_feature_names_out()]
    return Model(
        labels=tuple(labels),
        intercepts=tuple(round(float(b), 6) for b in fitted.intercept_),
        rows={
            name: (row, round(float(idf), 6))
            for row, (name, idf) in enumerate(zip(names, vectoriser.idf_, strict=True))
        },
        steps=steps,
        scale=scale,
        fingerprint=classifier.fingerprint(examples, SETTINGS),
    )


VERDICT_REGULARISATION = 1.0
VERDICT_SETTINGS = f"logistic regression C={VERDICT_REGULARISATION}"
# The calibration questions are split in this many parts to fit the verdict (cross-fitting):
# four parts measured as two on the street batches.
VERDICT_FOLDS = 2
VERDICT_TOLERANCE = 1e-3
FITTING = VERDICT_SETTINGS + f" folds={VERDICT_FOLDS}"  # what the verdict's fingerprint names


def verdict_fold(question: Question) -> int:
    """The part of the calibration questions ``question`` falls in: a stable hash of its text."""
    text = "verdict:" + " ".join(question.text.lower().split())
    return hashlib.sha256(text.encode()).digest()[0] % VERDICT_FOLDS


def index_learning(
    calibration: Sequence[Question], tuning: Sequence[Question] | None = None
) -> Index:
    """The search's index built as if ``calibration`` were all the calibration questions (and
    ``tuning`` the corpus's tuning half, by default all of it)."""
    return Index.build(
        ENTRIES,
        [*questions.phrasings(), *calibration],
        questions.tuning() if tuning is None else tuning,
    )


def verdict_parts(
    calibration: Sequence[Question], tuning: Sequence[Question] | None = None
) -> list[tuple[Index, list[Question]]]:
    """For each part of the calibration questions (``verdict_fold``), an index built (and its
    classifier trained) without that part, and the part."""
    found = []
    for fold in range(VERDICT_FOLDS):
        index = index_learning([q for q in calibration if verdict_fold(q) != fold], tuning)
        index.use_model(train(index.training_examples()), None)
        found.append((index, [q for q in calibration if verdict_fold(q) == fold]))
    return found


def part_signals(
    parts: Sequence[tuple[Index, Sequence[Question]]],
) -> tuple[list[tuple[float, ...]], list[int]]:
    """The verdict's signals on each part's questions, as the index built without them reads
    them, and whether no sheet settles each (1 or 0). The questions whose first hit no sheet
    backs get the banner whatever the verdict says: they teach it nothing."""
    signals: list[tuple[float, ...]] = []
    unsettled: list[int] = []
    for index, part in parts:
        for question in part:
            hits = index.search(question.text)
            if hits and hits[0].entry.covered:
                signals.append(index.verdict_signals(question.text, hits[0].entry.slug))
                unsettled.append(int(not question.settled))
    return signals, unsettled


def cross_fitted(calibration: Sequence[Question], tuning: Sequence[Question] | None = None):
    """(index, classifier, verdict), all three learned with ``calibration`` (and ``tuning``).

    The verdict must learn how the search behaves on questions it never saw, so each question's
    signals are read by an index (and a classifier) built without its part of the calibration
    questions. The index returned is built from them all and scores with the classifier and
    verdict returned."""
    signals, unsettled = part_signals(verdict_parts(calibration, tuning))
    index = index_learning(calibration, tuning)
    model = train(index.training_examples())
    verdict = fit_verdict(VERDICT_SIGNALS, signals, unsettled, model, calibration)
    index.use_model(model, verdict)
    return index, model, verdict


def fit_verdict(
    names: Sequence[str],
    signals: Sequence[Sequence[float]],
    unsettled: Sequence[int],
    model: Model,
    calibration: Sequence[Question],
) -> Verdict:
    """The logistic regression over ``signals`` (named ``names``) that tells whether no sheet
    settles a question (``unsettled``, 1 or 0)."""
    from sklearn.linear_model import LogisticRegression

    fitted = LogisticRegression(C=VERDICT_REGULARISATION, max_iter=5000)
    fitted.fit(signals, unsettled)
    return Verdict(
        signals=tuple(names),
        weights=tuple(round(float(w), 6) for w in fitted.coef_[0]),
        intercept=round(float(fitted.intercept_[0]), 6),
        fingerprint=classifier.verdict_fingerprint(model.fingerprint, FITTING, calibration),
    )


def dump_verdict(verdict: Verdict, path: Path = classifier.VERDICT_PATH) -> None:
    document = {
        "signals": list(verdict.signals),
        "weights": list(verdict.weights),
        "intercept": verdict.intercept,
        "fingerprint": verdict.fingerprint,
    }
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def dump(model: Model, path: Path = classifier.MODEL_PATH) -> None:
    """Write the model as ``classifier.load`` reads it: JSON, gzipped (the same bytes for the
    same model), the weights one block of 8-bit steps."""
    names = sorted(model.rows, key=lambda name: model.rows[name][0])
    document = {
        "format": classifier.FORMAT,
        "fingerprint": model.fingerprint,
        "labels": list(model.labels),
        "intercepts": list(model.intercepts),
        "features": names,
        "idf": [model.rows[name][1] for name in names],
        "scale": model.scale,
        "steps": base64.b64encode(model.steps.tobytes()).decode(),
    }
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(text.encode(), mtime=0))


def main() -> None:
    start = time.perf_counter()
    _, model, verdict = cross_fitted(questions.calibration())
    if "--check" in sys.argv:
        # The shipped files are what training gives today: what each learned
        # from by its fingerprint, exactly; the verdict's numbers within a rounding (its signals
        # come from classifiers trained afresh, in floating point).
        stale = []
        if classifier.load().fingerprint != model.fingerprint:
            stale.append(classifier.MODEL_PATH.name)
        shipped = classifier.load_verdict()
        learned = (shipped.fingerprint, shipped.signals) == (verdict.fingerprint, verdict.signals)
        shipped_numbers = (*shipped.weights, shipped.intercept)
        numbers = (*verdict.weights, verdict.intercept)
        if not learned or any(
            abs(a - b) > VERDICT_TOLERANCE for a, b in zip(shipped_numbers, numbers, strict=True)
        ):
            stale.append(classifier.VERDICT_PATH.name)
        if stale:
            sys.exit(f"stale: {', '.join(stale)}: run `make referee-model`")
        print("the shipped classifier and verdict are what training gives today")
        return
    dump(model)
    dump_verdict(verdict)
    size = classifier.MODEL_PATH.stat().st_size / 1024
    print(
        f"{len(model.rows)} features, {len(model.labels)} labels:"
        f" {classifier.MODEL_PATH.name} ({size:.0f} KiB) in {time.perf_counter() - start:.1f} s"
    )
    weights = ", ".join(
        f"{n} {w:+.3f}" for n, w in zip(verdict.signals, verdict.weights, strict=True)
    )
    print(f"verdict: {weights}, intercept {verdict.intercept:+.3f}")


if __name__ == "__main__":
    main()
