"""Decks the tests share: a crew's Classic box with its blank and Swap Hands cards (pure data,
for the core's tests and the app's), and a game started with a deck."""

BOX = {
    "name": "Our 112-card box",
    "base": "classic",
    "cards": [
        {"token": "BL", "name": "Blank", "kind": "wild", "count": 4, "points": 40},
        {"token": "SH", "name": "Swap Hands", "kind": "wild", "count": 1, "points": 40},
    ],
}


def start_with_deck(crew, data, names=("Ann", "Ben")):
    """A standard game to 500 of ``crew``, seated ``names``, played with a new deck of
    ``data``'s cards (Django models: import this only where the database is used)."""
    from scorekeeper.decks.models import Deck, version_of
    from scorekeeper.games.services import game_start
    from scorekeeper.roster.models import Player

    version = version_of(Deck.objects.create(crew=crew, name=data["name"]), data)
    players = [Player.objects.get_or_create(crew=crew, name=name)[0] for name in names]
    return game_start(
        crew=crew, players=players, edition="classic", scoring="standard", target=500, deck=version
    )
