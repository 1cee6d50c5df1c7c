"""Looking for a word on a page without finding it inside a random token.

A page carries random tokens (the CSRF token, a share link's token) made of letters, digits,
"-" and "_": "Zed" turns up inside one now and then. A word counts only where neither side
touches such a character.
"""

import re


def shows_word(page: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", page) is not None
