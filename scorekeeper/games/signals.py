"""Signals the games app sends; other apps (history) listen without games importing them."""

from django.dispatch import Signal

# Sent after a write to a game is committed, with ``game_id=``, ``crew_id=``, and
# ``finished=``/``was_finished=`` (whether the game is over now / was before the write; the
# importer and the challenge log may send only the ids). A listener may skip a game that was
# and is in play: nothing counted as a result can have changed.
game_changed = Signal()

# Sent once after an import is committed, with ``crew_id=`` and ``game_ids=`` (the games it
# stored): one refresh for a whole file rather than one per game.
games_imported = Signal()

# Sent after a roster change that moved a player's games to another player (a merge) is
# committed, with ``crew_id=``: the crew's derived results are brought in line in one pass.
roster_changed = Signal()
