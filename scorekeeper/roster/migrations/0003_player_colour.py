"""A player's colour: the players a crew already has get one each, in the order they joined
(the palette's eight in turn), so a table's boards and charts wear them from the start."""

from django.db import migrations, models


PALETTE = 8


def give_colours(apps, schema_editor):
    Player = apps.get_model("roster", "Player")
    rows = Player.objects.using(schema_editor.connection.alias)
    given = []
    seen: dict[int, int] = {}
    for player in rows.filter(colour__isnull=True).order_by("crew_id", "pk").only("pk", "crew_id"):
        turn = seen.get(player.crew_id, 0)
        seen[player.crew_id] = turn + 1
        player.colour = turn % PALETTE
        given.append(player)
    rows.bulk_update(given, ["colour"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('roster', '0002_player'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='colour',
            field=models.PositiveSmallIntegerField(blank=True, choices=[(0, 'Blue'), (1, 'Red'), (2, 'Green'), (3, 'Amber'), (4, 'Purple'), (5, 'Teal'), (6, 'Pink'), (7, 'Slate')], null=True),
        ),
        migrations.AlterField(
            model_name='rosterchange',
            name='kind',
            field=models.CharField(choices=[('renamed', 'Renamed'), ('merged', 'Merged'), ('retired', 'Retired'), ('returned', 'Brought back'), ('linked', 'Linked to a member'), ('recoloured', 'New colour'), ('unlinked', 'Unlinked from a member')], max_length=12),
        ),
        migrations.RunPython(give_colours, migrations.RunPython.noop),
    ]
