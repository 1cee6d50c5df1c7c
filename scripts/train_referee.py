"""Train the referee's classifier and write its weights: `make referee-model`.

Learns from the library and the corpus's tuning half only (``search.training_examples``) and
writes ``scorekeeper/rules/model/referee.json.gz``, which ``scorekeeper/rules/classifier.py``
reads. Run it after changing the entries, the phrasings, the corpus or the search's
normalisation: a test fails until the model is trained again. Needs scikit-learn (installed
with the test extras; the app itself never imports it).
"""

from __future__ import annotations

import base64
import gzip
import json
import sys
import time
from array import array
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import classifier  # noqa: E402
from scorekeeper.rules.classifier import Example, Model  # noqa: E402

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
    from scorekeeper.rules.search import training_examples

    start = time.perf_counter()
    examples = training_examples()
    model = train(examples)
    dump(model)
    size = classifier.MODEL_PATH.stat().st_size / 1024
    print(
        f"{len(examples)} examples, {len(model.labels)} labels, {len(model.rows)} features:"
        f" {classifier.MODEL_PATH.name} ({size:.0f} KiB) in {time.perf_counter() - start:.1f} s"
    )


if __name__ == "__main__":
    main()
