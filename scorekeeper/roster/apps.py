from django.apps import AppConfig


class RosterConfig(AppConfig):
    name = "scorekeeper.roster"
    label = "roster"
