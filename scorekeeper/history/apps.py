from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "scorekeeper.history"
    label = "history"

    def ready(self) -> None:
        from scorekeeper.games.signals import game_changed

        from .receivers import refresh_game_results

        game_changed.connect(refresh_game_results, dispatch_uid="history.refresh_game_results")
