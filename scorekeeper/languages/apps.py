from django.apps import AppConfig


class LanguagesConfig(AppConfig):
    name = "scorekeeper.languages"
    verbose_name = "Languages"
