from django.apps import AppConfig


class CrewsConfig(AppConfig):
    """Sign-up and sign-in, crews, members and invites (their models live in games for now;
    who joined by which invite is kept here: ``InviteUse``)."""

    name = "scorekeeper.crews"
    verbose_name = "Crews"
