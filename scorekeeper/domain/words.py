"""Marking the core's words for translation without importing Django.

``gettext_noop`` returns its argument unchanged; Django's ``makemessages`` (and Babel) see the
name and put the words in the catalogue. The web layer translates them when it shows them
(``gettext(label)``), so the core stays pure Python and its English stays the reference.
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    return message
