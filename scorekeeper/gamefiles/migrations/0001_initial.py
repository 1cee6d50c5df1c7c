"""DeletedGame moves from the games app to the game files app.

State only: the tables keep their names (``db_table``) and their rows; nothing in the
database changes.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='DeletedGame',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('uid', models.UUIDField()),
                        ('label', models.CharField(max_length=200)),
                        ('data', models.JSONField()),
                        ('deleted_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew')),
                        ('deleted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_deletedgame',
                        'ordering': ['-deleted_at'],
                    },
                ),
            ],
        ),
    ]
