"""``{{ value|rating }}`` and ``{{ row|rating_move }}``: ratings as every page prints them
(``shown_figure`` and ``shown_move`` of :mod:`scorekeeper.history.ratings`)."""

from django import template

from scorekeeper.history import ratings

register = template.Library()


@register.filter
def rating(value: float) -> str:
    return ratings.shown_figure(value)


@register.filter
def rating_move(row) -> ratings.Move:
    """A rating row's move (``ordinal_before`` to ``ordinal``): ``before``, ``after``,
    ``change`` and ``up``."""
    return ratings.shown_move(row.ordinal_before, row.ordinal)
