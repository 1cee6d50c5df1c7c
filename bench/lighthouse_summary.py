"""Summarise Lighthouse JSON reports of one page (used by bench/lighthouse.sh).

Usage: lighthouse_summary.py LABEL REPORT...

Prints each run's scores, every weighted audit that kept a category below 100, then the median
and the lowest score of each category. Exits 1 when a category's median is below 100 or a run
left no usable report (Lighthouse's advice on variability is to judge the median of five runs).
"""

import json
import os
import statistics
import sys


def main(label: str, paths: list[str]) -> int:
    failed = False
    scores: dict[str, list[int]] = {}
    for run, path in enumerate(paths, start=1):
        if not os.path.exists(path):
            print(f"{label:<14} run {run}: no report")
            failed = True
            continue
        with open(path) as f:
            report = json.load(f)
        if report.get("runtimeError"):
            print(f"{label:<14} run {run}: {report['runtimeError']['code']}")
            failed = True
            continue
        if report.get("finalDisplayedUrl", "").rstrip("/").endswith("/login"):
            print(f"{label}: Lighthouse saw the login page, not the signed-in page")
            return 1
        line = []
        for category in report["categories"].values():
            score = round(category["score"] * 100)
            scores.setdefault(category["title"], []).append(score)
            line.append(f"{category['title']} {score}")
            if score < 100:
                for ref in category["auditRefs"]:
                    audit = report["audits"][ref["id"]]
                    if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                        value = audit.get("displayValue", "")
                        print(f"    {category['title']}: {audit['id']} ({audit['score']}) {value}")
        print(f"{label:<14} run {run}: " + " · ".join(line))
    medians = {title: statistics.median(values) for title, values in scores.items()}
    print(
        f"{label:<14} median of {len(paths)}: "
        + " · ".join(f"{t} {m:g} (lowest {min(scores[t])})" for t, m in medians.items())
    )
    return 1 if failed or any(m < 100 for m in medians.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
