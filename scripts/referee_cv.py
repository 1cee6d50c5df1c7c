"""Two-fold cross-validation of the referee inside the corpus's tuning half:
`python scripts/referee_cv.py`.

The tuning half is split again by a second stable hash; the search is rebuilt from one fold
(plus the library's phrasings and the calibration questions), its classifier trained and its
verdict cross-fitted as ``make referee-model`` does (scikit-learn), and judged on the other,
then the other way round. This is how a change to the search or to the phrasings is
chosen without reading the held-out half (which this script never loads). Prints the same
figures as ``bench/referee_accuracy.py``.
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import train_referee  # noqa: E402  (scripts/, beside this one)

from scorekeeper.rulesearch import questions  # noqa: E402


def fold_of(text: str) -> int:
    return hashlib.sha256(("fold:" + " ".join(text.lower().split())).encode()).digest()[0] % 2


def main() -> None:
    tuning = questions.tuning()
    show = "--show" in sys.argv
    totals: dict[str, list[dict[str, bool]]] = {"en": [], "es": []}
    settled_flags: dict[str, list[bool]] = {"en": [], "es": []}
    misses = []
    for fold in (0, 1):
        train = [q for q in tuning if fold_of(q.text) != fold]
        test = [q for q in tuning if fold_of(q.text) == fold]
        questions.tuning = lambda train=train: train
        # The search, its classifier and its verdict learn from this fold (and the library's
        # phrasings and the calibration questions), as `make referee-model` trains them.
        search, _, _ = train_referee.cross_fitted(questions.calibration())
        accuracy = importlib.reload(importlib.import_module("bench.referee_accuracy"))
        for question in test:
            verdict = accuracy.judge(question)
            totals[question.language].append(verdict)
            settled_flags[question.language].append(question.settled)
            if show and not verdict["right"]:
                found = search.lookup(question.text)
                hits = ", ".join(f"{h.entry.slug} {h.score:.2f}" for h in found.hits[:3])
                want = "|".join(question.expected) or "-"
                misses.append(f"MISS [{found.verdict}] want {want}: {question.text!r} -> {hits}")
    print(f"{'lang':4} {'n':>4} {'top-1':>6} {'top-3':>6} {'wrong none':>10} {'wrong cov':>9}")
    for language in ("en", "es", "all"):
        verdicts, settled = [], []
        for lang in ("en", "es"):
            if language in ("all", lang):
                verdicts += totals[lang]
                settled += settled_flags[lang]
        on_settled = [v for v, s in zip(verdicts, settled, strict=True) if s]
        on_unsettled = [v for v, s in zip(verdicts, settled, strict=True) if not s]

        def share(group, key):
            return 100 * sum(v[key] for v in group) / len(group) if group else 0.0

        print(
            f"{language:4} {len(verdicts):>4} {share(verdicts, 'right'):>5.1f}%"
            f" {share(on_settled, 'top3'):>5.1f}% {share(on_settled, 'wrong_banner'):>9.1f}%"
            f" {share(on_unsettled, 'wrong_covered'):>8.1f}%"
        )
    for miss in misses:
        print(miss)


if __name__ == "__main__":
    main()
