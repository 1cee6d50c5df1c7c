from django.apps import AppConfig


class CrewsConfig(AppConfig):
    """Sign-up and sign-in, crews, members and invites (their models live in games for now)."""

    name = "scorekeeper.crews"
    verbose_name = "Crews"
