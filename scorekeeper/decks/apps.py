from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "scorekeeper.decks"
    default_auto_field = "django.db.models.BigAutoField"
