"""``manage.py backup`` / ``restore``: a whole site into an empty database, row for row."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from scorekeeper.crews.models import Crew, Invite
from scorekeeper.decks.services import deck_add_card, deck_create, deck_leave_out
from scorekeeper.games.models import Game
from scorekeeper.games.services import game_set_house_rules, round_delete_last
from tests.factories import (
    ChallengeFactory,
    CrewFactory,
    GameFactory,
    MembershipFactory,
    UserFactory,
    play_round,
)

# Not in a backup: rebuilt by migrate, or sign-in state that is safe to lose.
NOT_BACKED_UP = {"contenttypes", "sessions", "axes"}


def every_table() -> dict[str, list[tuple]]:
    """Every row of every table a backup holds, by table, in primary-key order."""
    rows = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.app_label in NOT_BACKED_UP or model._meta.model_name == "permission":
            continue
        rows[model._meta.db_table] = list(model.objects.order_by("pk").values_list())
    return rows


def a_whole_site() -> None:
    for name in ("Friday club", "Tuesday club"):
        crew = CrewFactory(name=name)
        users = [UserFactory() for _ in range(2)]
        for user in users:
            MembershipFactory(crew=crew, user=user)
        Invite.objects.create(
            crew=crew, created_by=users[0], expires_at=timezone.now() + dt.timedelta(days=7)
        )
        game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat"])
        play_round(game, "Ben", Ann="R7 W", Cat=12)
        play_round(game, "Ann")
        play_round(game, "Ann")
        round_delete_last(game=Game.objects.get(pk=game.pk), number=3, by=users[1])
        game_set_house_rules(
            game=Game.objects.get(pk=game.pk),
            house_rules={"stack-draw": True},
            house_note="no 7-0",
            by=users[0],
        )
        ChallengeFactory(game=game)
        # A crew's deck with two versions, the first kept by a game.
        deck = deck_create(crew=crew, name="Our box", base="classic")
        blank = {"token": "BL", "name": "Blank", "kind": "wild", "count": 4, "points": 40}
        played = deck_add_card(deck=deck, card=blank)
        GameFactory(crew=crew, players=["Ann", "Ben"], deck=played)
        deck_leave_out(deck=deck, values=["W+4"])


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_every_row_into_an_empty_database(tmp_path):
    a_whole_site()
    before = every_table()
    assert before["games_historicalround"] and before["games_historicalgame"]
    assert before["games_membership"] and before["games_invite"] and before["auth_user"]
    assert len(before["decks_deckversion"]) == 6 and before["decks_deck"]
    path = tmp_path / "site.json.gz"
    call_command("backup", str(path), stderr=io.StringIO())

    call_command("flush", interactive=False, verbosity=0)  # an empty, migrated database
    assert not Crew.objects.exists()
    call_command("restore", str(path), stderr=io.StringIO())

    assert every_table() == before
    # New rows carry on after the restored ids.
    assert CrewFactory().pk > max(pk for pk, *_ in before["games_crew"])


@pytest.mark.django_db
def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    path = tmp_path / "site.json"
    call_command("backup", str(path), stderr=io.StringIO())
    CrewFactory()
    with pytest.raises(CommandError, match="already holds"):
        call_command("restore", str(path), stderr=io.StringIO())


def test_backup_needs_a_folder_that_exists(tmp_path):
    with pytest.raises(CommandError, match="No folder"):
        call_command("backup", str(tmp_path / "missing" / "site.json"))
