from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "scorekeeper.games"
    verbose_name = "Games"
