"""Train the referee's classifier and its verdict, and write their weights: `make referee-model`.

The search and its classifier learn from the library, the corpus's tuning half and the
calibration questions (``search.training_examples``); the classifier goes to
``scorekeeper/rulesearch/model/referee.json.gz``. The verdict is fitted on the calibration
questions too, but never as a search that learned them sees them: they are split in two by a
stable hash, the search is built (and its classifier trained) from everything but one part, and
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
import importlib
import json
import sys
import time
from array import array
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rulesearch import classifier, questions  # noqa: E402
from scorekeeper.rulesearch.classifier import Example, Model, Verdict  # noqa: E402
from scorekeeper.rulesearch.questions import Question  # noqa: E402

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


def search_learning(calibration: Sequence[Question]):
    """The search module built afresh as if ``calibration`` were all the calibration questions
    (its indexes are made on import). The caller puts ``questions.calibration`` back."""
    questions.calibration = lambda: list(calibration)
    search_module = importlib.reload(importlib.import_module("scorekeeper.rulesearch.search"))
    sys.modules["scorekeeper.rulesearch.search"] = search_module
    return search_module


def cross_fitted(calibration: Sequence[Question]):
    """(search module, classifier, verdict), all three learned with ``calibration``.

    The verdict must learn how the search behaves on questions it never saw, so each question's
    signals are read by a search (and a classifier) built without its part of the calibration
    questions. The search returned is built from them all and scores with the classifier and
    verdict returned. ``questions.calibration`` is left as it was found."""
    original = questions.calibration
    signals: list[tuple[float, ...]] = []
    unsettled: list[int] = []
    try:
        for fold in range(VERDICT_FOLDS):
            search_module = search_learning([q for q in calibration if verdict_fold(q) != fold])
            search_module.use_model(train(search_module.training_examples()), None)
            for question in calibration:
                if verdict_fold(question) != fold:
                    continue
                hits = search_module.search(question.text)
                # The others get the banner whatever the verdict says.
                if hits and hits[0].entry.covered:
                    signals.append(search_module.verdict_signals(question.text, hits[0].entry.slug))
                    unsettled.append(int(not question.settled))
        search_module = search_learning(calibration)
    finally:
        questions.calibration = original
    model = train(search_module.training_examples())
    verdict = fit_verdict(search_module._VERDICT_SIGNALS, signals, unsettled, model, calibration)
    search_module.use_model(model, verdict)
    return search_module, model, verdict


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
    search_module, model, verdict = cross_fitted(questions.calibration())
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
