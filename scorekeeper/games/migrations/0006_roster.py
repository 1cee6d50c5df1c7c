"""The roster (#23), first step: players can be retired; a member linked to two players of a
crew keeps the oldest (before 0007's constraint)."""

from django.conf import settings
from django.db import migrations, models


def one_player_per_member(apps, schema_editor):
    """Before the constraint: a member linked to two players of a crew keeps the oldest."""
    Player = apps.get_model("games", "Player")
    seen = set()
    linked = Player.objects.filter(user__isnull=False).order_by("created_at", "pk")
    for player in linked.only("pk", "crew_id", "user_id"):
        key = (player.crew_id, player.user_id)
        if key in seen:
            Player.objects.filter(pk=player.pk).update(user=None)
        seen.add(key)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_game_life_went_out_on_preferences"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The constraint and the entries come in 0007: PostgreSQL refuses an ALTER TABLE in the
    # transaction that just updated the table's foreign keys.
    operations = [
        migrations.AddField(
            model_name="player",
            name="retired_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(one_player_per_member, migrations.RunPython.noop),
    ]
