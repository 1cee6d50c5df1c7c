from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "scorekeeper.history"
    label = "history"

    def ready(self) -> None:
        from scorekeeper.games.signals import game_changed, games_imported, roster_changed

        from .receivers import refresh_game_results, refresh_imported_results

        game_changed.connect(refresh_game_results, dispatch_uid="history.refresh_game_results")
        games_imported.connect(
            refresh_imported_results, dispatch_uid="history.refresh_imported_results"
        )
        roster_changed.connect(
            refresh_imported_results, dispatch_uid="history.refresh_after_roster_change"
        )
