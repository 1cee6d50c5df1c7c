"""What is worked out once per game version: the scored board, and the page's fragments.

Every write that changes what a page shows of a game moves its version on
(``games.services.bump_version``), so a copy kept under the game's uid and version is never
stale, only unused once the game moves on. The version in the key is read from the database
on each request, so two servers (or two workers) never disagree about which copy is current.
The copies live in Django's cache (``CACHES``, a per-process memory cache by default).

``{% fragment %}`` is Django's ``{% cache %}`` for fragments that hold forms. A form needs the
reader's CSRF token, and a token kept in a shared copy would be handed to every other reader.
So the fragment is rendered once with a placeholder where each ``{% csrf_token %}`` goes,
kept, and every request gets the kept copy with its own token put in::

    {% load fragments %}
    {% fragment "game-life" game.uid game.version LANGUAGE_CODE %}…{% endfragment %}
    {% fragment "round-fields" game.uid game.version LANGUAGE_CODE when fresh %}…{% endfragment %}

The name and the values after it make the key (``make_template_fragment_key``, as
``{% cache %}``): name every value the fragment shows, such as the game's uid and version and
the page's language. ``when`` renders the fragment afresh, uncached, when its value is false
(a form that carries typed values or errors). ``slot request_key`` makes the context variable
``request_key`` a per-request value like the token: kept as a placeholder, put in (escaped)
for each reader; print it as it is (``{{ request_key }}``, no filter). Nothing else of the
request may appear inside: the fragment is shared by its readers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import template
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.db.models import QuerySet
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.games.models import Game
from scorekeeper.games.scoreboard import Board, board_for, load_game
from scorekeeper.prepared import Prepared

# Long enough for a phone that keeps the page open through a game; any write moves the version.
KEEP_SECONDS = 600
# Stands for the reader's CSRF token in a kept copy; never a character a template prints.
CSRF_SLOT = "\x00csrf\x00"

register = template.Library()


def version_key(game: Game, name: str) -> str:
    """The cache key of what ``name`` worked out from ``game`` at its current version."""
    return f"game:{name}:{game.uid}:{game.version}"


def kept_for_version(game: Game, name: str, work_out: Callable[[], Any]) -> Any:
    """``work_out()`` for this version of the game, worked out once (it must not be None)."""
    key = version_key(game, name)
    value = cache.get(key)
    if value is None:
        value = work_out()
        cache.set(key, value, KEEP_SECONDS)
    return value


def read_board(queryset: QuerySet[Game], game_id: int) -> Board | None:
    """The game of ``queryset`` scored, its rows read and scored once per version.

    The game row is read every time (one query, with its night and deck, which the page shows
    beside the kept parts, and its version): see ``board_of``.
    """
    try:
        game = queryset.select_related("night", "deck").get(pk=game_id)  # get: no ORDER BY
    except Game.DoesNotExist:
        return None
    return board_of(queryset, game)


# The scoreboard's game row, its crew's membership checked in the same query: read on every
# view of every scoreboard, so its SQL is built once (``scorekeeper.prepared``).
_MEMBERS_GAME = Prepared(
    lambda crew_id, user_id, game_id: Game.objects.filter(
        crew_id=crew_id, crew__memberships__user_id=user_id, pk=game_id
    ).select_related("crew", "night", "deck"),
    crew_id=int,
    user_id=int,
    game_id=int,
)


def read_members_board(crew_id: int, user, game_id: int) -> Board | None:
    """``read_board`` of a game of crew ``crew_id`` that ``user`` is a member of, its crew
    with it; the game row's SQL built once."""
    mine = Game.objects.filter(crew_id=crew_id, crew__memberships__user=user)
    if type(crew_id) is not int or type(user.pk) is not int or type(game_id) is not int:
        return read_board(mine.select_related("crew"), game_id)
    game = _MEMBERS_GAME.get(crew_id=crew_id, user_id=user.pk, game_id=game_id)
    return board_of(mine.select_related("crew"), game)


def board_of(queryset: QuerySet[Game], game: Game | None) -> Board | None:
    """The board of ``game`` (a row of ``queryset`` just read, with its night and deck), or
    None for no game. The core's score of its version is kept: the next reader of an unchanged
    game reads no round, seat or challenge and scores nothing. The first reader of a version
    reads it all as ``scoreboard.load_game`` does (consistently).
    """
    if game is None:
        return None
    kept = cache.get(version_key(game, "board"))
    if kept is not None:
        scored, colours = kept
        return Board(game=game, scored=scored, colours=colours)
    game = load_game(queryset, game.pk)
    if game is None:
        return None
    board = board_for(game)
    cache.set(version_key(game, "board"), (board.scored, board.colours), KEEP_SECONDS)
    return board


class FragmentNode(template.Node):
    def __init__(self, nodelist, name: str, vary_on: list, slots: list[str], when) -> None:
        self.nodelist = nodelist
        self.name = name
        self.vary_on = vary_on
        self.slots = {name: f"\x00slot:{name}\x00" for name in slots}
        self.when = when

    def render(self, context: template.Context) -> SafeString:
        if self.when is not None and not self.when.resolve(context):
            return self.nodelist.render(context)
        key = make_template_fragment_key(self.name, [v.resolve(context) for v in self.vary_on])
        kept = cache.get(key)
        if kept is None:
            with context.push(csrf_token=CSRF_SLOT, **self.slots):
                kept = self.nodelist.render(context)
            cache.set(key, kept, KEEP_SECONDS)
        for name, placeholder in self.slots.items():
            kept = kept.replace(placeholder, escape(str(context.get(name, ""))))
        if CSRF_SLOT not in kept:
            return mark_safe(kept)  # the token is not even asked for (no cookie set for it)
        token = context.get("csrf_token")
        if not token or token == "NOTPROVIDED":  # no request: {% csrf_token %} decides alone
            return self.nodelist.render(context)
        return mark_safe(kept.replace(CSRF_SLOT, escape(str(token))))


@register.tag
def fragment(parser: template.base.Parser, token: template.base.Token) -> FragmentNode:
    """``{% fragment "name" value… [slot variable…] [when condition] %}`` (see the module)."""
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("{% fragment %} needs a name.")
    name, vary_on, slots, when = bits.pop(0).strip("\"'"), [], [], None
    while bits:
        bit = bits.pop(0)
        if bit in ("slot", "when") and not bits:
            raise template.TemplateSyntaxError(f"{{% fragment %}}: {bit} needs a variable.")
        if bit == "slot":
            slots.append(bits.pop(0))
        elif bit == "when":
            when = parser.compile_filter(bits.pop(0))
        else:
            vary_on.append(parser.compile_filter(bit))
    return FragmentNode(nodelist, name, vary_on, slots, when)
