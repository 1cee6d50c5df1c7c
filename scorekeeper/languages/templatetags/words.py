"""``{{ value|words }}``: a sentence or name of the core (a ``Words``) in the page's language.

A built-in filter (settings.TEMPLATES), so every template can say an edition's name, its special
card or a first-card outcome in Spanish without loading anything; any other value is printed as
it is.
"""

from django import template

from scorekeeper.languages.words import in_words

register = template.Library()


@register.filter(name="words")
def words(value: object) -> str:
    return in_words(value)
