"""Train the referee's classifier and its verdict, and write their weights: `make referee-model`.

The classifier learns from the library and the corpus's tuning half only
(``search.training_examples``) and goes to ``scorekeeper/rulesearch/model/referee.json.gz``; the
verdict is then fitted on the calibration questions as the search with that classifier sees
them, and goes to ``model/verdict.json``. ``scorekeeper/rulesearch/classifier.py`` reads both.
Run it after changing the entries, the phrasings, the corpus or the search's normalisation: a
test fails until the model is trained again. Needs scikit-learn (installed with the test extras;
the app itself never imports it).
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
# (as right as one, with 7,800 features instead of 16,700).
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


def train_verdict(search_module, model: Model, calibration: Sequence[Question]) -> Verdict:
    """Fit the verdict on the calibration questions, as the search with ``model`` sees them:
    the signals of each question whose best hit is an entry a sheet backs (the others get the
    banner whatever the verdict says), and whether no sheet settles it."""
    from sklearn.linear_model import LogisticRegression

    search_module.use_model(model, None)
    signals, unsettled = [], []
    for question in calibration:
        hits = search_module.search(question.text)
        if hits and hits[0].entry.covered:
            signals.append(search_module.verdict_signals(question.text, hits[0].entry.slug))
            unsettled.append(int(not question.settled))
    fitted = LogisticRegression(C=VERDICT_REGULARISATION, max_iter=5000)
    fitted.fit(signals, unsettled)
    digest = hashlib.sha256((model.fingerprint + VERDICT_SETTINGS).encode())
    for question in calibration:
        digest.update("\t".join([question.language, *question.expected, question.text]).encode())
    return Verdict(
        signals=tuple(search_module._VERDICT_SIGNALS),
        weights=tuple(round(float(w), 6) for w in fitted.coef_[0]),
        intercept=round(float(fitted.intercept_[0]), 6),
        fingerprint=digest.hexdigest(),
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
    search_module = importlib.import_module("scorekeeper.rulesearch.search")

    start = time.perf_counter()
    examples = search_module.training_examples()
    model = train(examples)
    dump(model)
    verdict = train_verdict(search_module, model, questions.calibration())
    dump_verdict(verdict)
    size = classifier.MODEL_PATH.stat().st_size / 1024
    print(
        f"{len(examples)} examples, {len(model.labels)} labels, {len(model.rows)} features:"
        f" {classifier.MODEL_PATH.name} ({size:.0f} KiB) in {time.perf_counter() - start:.1f} s"
    )
    weights = ", ".join(
        f"{n} {w:+.3f}" for n, w in zip(verdict.signals, verdict.weights, strict=True)
    )
    print(f"verdict: {weights}, intercept {verdict.intercept:+.3f}")


if __name__ == "__main__":
    main()
