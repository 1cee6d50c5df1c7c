"""Write the common words of English and Spanish the referee's typo correction leaves alone.

`make referee-model` runs it. A word a question uses that the library never does is read as a
typo for the known word a letter or two away ("chalenge": challenge), which is right for typos
and wrong for real words: "odds" is not "adds", "referee" is not "reverse", "calor" is not
"color". This writes, for each language, the words wordfreq (its "best" list, built from
subtitles, Wikipedia, books, news and web text) finds at least once in 100,000 words (Zipf 4 and
up), folded as the search folds them (lowercase, no accents, no apostrophes) and four letters
or longer (shorter words are never corrected), one a line, sorted, to
``scorekeeper/rulesearch/model/common-words-LANG.txt``; the search reads those files, so the
app does not need wordfreq. ``--check`` exits non-zero when the files are not what it writes
(a test runs it). Needs wordfreq (installed with the test extras). The word lists are derived
from wordfreq's data, CC BY-SA 4.0 (https://github.com/rspeer/wordfreq).
"""

from __future__ import annotations

import sys
from pathlib import Path

import wordfreq

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rulesearch import search_es  # noqa: E402

LANGUAGES = ("en", "es")
MIN_ZIPF = 4.0  # once in 100,000 words (chosen on the judges: see the README)
MIN_LENGTH = 4
DIRECTORY = Path(__file__).resolve().parent.parent / "scorekeeper" / "rulesearch" / "model"


def path(language: str) -> Path:
    return DIRECTORY / f"common-words-{language}.txt"


def common_words(language: str) -> list[str]:
    floor = 10 ** (MIN_ZIPF - 9)  # Zipf is log10 of the frequency per billion words
    words = {
        search_es.fold(word).replace("'", "").replace("\u2019", "")
        for word, frequency in wordfreq.get_frequency_dict(language).items()
        if frequency >= floor
    }
    return sorted(w for w in words if len(w) >= MIN_LENGTH and w.isalpha())


def main() -> None:
    stale = []
    for language in LANGUAGES:
        text = "\n".join(common_words(language)) + "\n"
        if "--check" in sys.argv:
            if not path(language).exists() or path(language).read_text("utf-8") != text:
                stale.append(path(language).name)
        else:
            path(language).write_text(text, encoding="utf-8")
            print(f"{path(language).name}: {text.count(chr(10))} words")
    if stale:
        sys.exit(f"stale: {', '.join(stale)}: run `make referee-model`")


if __name__ == "__main__":
    main()
