"""The games app lets go of the nouns that moved to their rooms (crews, roster, nights, game files).

State only for the tables: they keep their names (``db_table``) and their rows. The content
types follow their models, so the admin's log and any permission keep pointing at them.
"""

import django.db.models.deletion
from django.db import migrations, models

# model name -> the app it moved to
MOVED = {
    "crew": "crews",
    "membership": "crews",
    "invite": "crews",
    "preference": "crews",
    "player": "roster",
    "gamenight": "nights",
    "deletedgame": "gamefiles",
}


def _move_content_types(apps, schema_editor, *, back=False):
    ContentType = apps.get_model("contenttypes", "ContentType")
    rows = ContentType.objects.using(schema_editor.connection.alias)
    for model, room in MOVED.items():
        old, new = (room, "games") if back else ("games", room)
        # A type already made for the new place (a post_migrate in between) wins; the old one is
        # left for remove_stale_contenttypes.
        if not rows.filter(app_label=new, model=model).exists():
            rows.filter(app_label=old, model=model).update(app_label=new)


def move_content_types(apps, schema_editor):
    _move_content_types(apps, schema_editor)


def move_content_types_back(apps, schema_editor):
    _move_content_types(apps, schema_editor, back=True)


class Migration(migrations.Migration):

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('decks', '0002_deck_crew_from_crews'),
        ('gamefiles', '0001_initial'),
        ('games', '0012_crew_results_pending'),
        ('history', '0004_players_and_crews_from_their_rooms'),
        ('nights', '0001_initial'),
        ('roster', '0002_player'),
    ]

    operations = [
        migrations.RunPython(move_content_types, move_content_types_back),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='membership',
                    name='crew',
                ),
                migrations.AlterField(
                    model_name='game',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='hand',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.RemoveField(
                    model_name='gamenight',
                    name='crew',
                ),
                migrations.RemoveField(
                    model_name='deletedgame',
                    name='crew',
                ),
                migrations.RemoveField(
                    model_name='player',
                    name='crew',
                ),
                migrations.AlterField(
                    model_name='historicalgame',
                    name='crew',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='seat',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='challenge',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='round',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.RemoveField(
                    model_name='invite',
                    name='crew',
                ),
                migrations.RemoveField(
                    model_name='deletedgame',
                    name='deleted_by',
                ),
                migrations.AlterField(
                    model_name='historicalgame',
                    name='night',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='nights.gamenight'),
                ),
                migrations.AlterField(
                    model_name='game',
                    name='night',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='games', to='nights.gamenight'),
                ),
                migrations.RemoveField(
                    model_name='invite',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='player',
                    name='user',
                ),
                migrations.AlterField(
                    model_name='seat',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='seats', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='game',
                    name='first_dealer',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='historicalchallenge',
                    name='challenged',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='historicalchallenge',
                    name='challenger',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='challenge',
                    name='drawer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='historicalchallenge',
                    name='drawer',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='historicalgame',
                    name='first_dealer',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='hand',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='hands', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='historicalround',
                    name='winner',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='round',
                    name='winner',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rounds_won', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='challenge',
                    name='challenged',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='challenge',
                    name='challenger',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='roster.player'),
                ),
                migrations.RemoveField(
                    model_name='preference',
                    name='user',
                ),
                migrations.DeleteModel(
                    name='Crew',
                ),
                migrations.DeleteModel(
                    name='DeletedGame',
                ),
                migrations.DeleteModel(
                    name='GameNight',
                ),
                migrations.DeleteModel(
                    name='Invite',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='Player',
                ),
                migrations.DeleteModel(
                    name='Preference',
                ),
            ],
        ),
    ]
