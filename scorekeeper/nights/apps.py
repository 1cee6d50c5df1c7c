from django.apps import AppConfig


class NightsConfig(AppConfig):
    """Game nights: the list, a night's page, its recap and the recap's read-only link."""

    name = "scorekeeper.nights"
    verbose_name = "Game nights"
