"""A game's count version: it moves on with each hand a phone sends into the open count, so
the polls see the hand while the board's version (and its kept copies) stay as they were."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_counted_rounds'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='count_version',
            field=models.PositiveIntegerField(default=0),
        ),
    ]
