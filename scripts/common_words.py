"""Write the common words of English and Spanish the referee's typo correction leaves alone.

`make referee-model` runs it. A word only one of the questions the search learns from uses is
read as its writer's typo for the known word a letter or two away ("acumla": acumular), which
is right for typos and wrong for real words: "odds" is not "adds", "machine" is not "matching",
"calor" is not "color". This writes, for each language, the words wordfreq (its "best" list,
built from subtitles, Wikipedia, books, news and web text) finds at least once in 100,000 words
(Zipf 4 and up), folded as the search folds them (lowercase, no accents, no apostrophes) and
four letters or longer (shorter words are never corrected), one a line, sorted, to
``scorekeeper/rulesearch/model/common-words-LANG.txt``; the search reads those files, so the
app does not need wordfreq. A test fails when the files are not what this writes. Needs
wordfreq (installed with the test extras). The word lists are derived from wordfreq's data,
CC BY-SA 4.0 (https://github.com/rspeer/wordfreq)."""

from __future__ import annotations

import sys
from pathlib import Path

import wordfreq

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rulesearch import classifier, search_es  # noqa: E402

LANGUAGES = ("en", "es")
MIN_ZIPF = 4.0  # once in 100,000 words (chosen on the judges: see the README)
MIN_LENGTH = 4


def common_words(language: str) -> list[str]:
    floor = 10 ** (MIN_ZIPF - 9)  # Zipf is log10 of the frequency per billion words
    words = {
        search_es.fold(word).replace("'", "").replace("\u2019", "")
        for word, frequency in wordfreq.get_frequency_dict(language).items()
        if frequency >= floor
    }
    return sorted(w for w in words if len(w) >= MIN_LENGTH and w.isalpha())


def main() -> None:
    for language in LANGUAGES:
        words = common_words(language)
        path = classifier.common_words_path(language)
        path.write_text("\n".join(words) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(words)} words")


if __name__ == "__main__":
    main()
