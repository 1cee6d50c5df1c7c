from django.apps import AppConfig


class DemoConfig(AppConfig):
    """A believable history for trying the app (``manage.py seed_demo``), stored through the
    game-file store like any imported file."""

    name = "scorekeeper.demo"
    verbose_name = "Demo history"
