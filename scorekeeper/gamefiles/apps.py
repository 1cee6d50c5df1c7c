from django.apps import AppConfig


class GameFilesConfig(AppConfig):
    """Game files: read, store and export ``scorekeeper-game/1`` JSON, back up and restore."""

    name = "scorekeeper.gamefiles"
    verbose_name = "Game files"
