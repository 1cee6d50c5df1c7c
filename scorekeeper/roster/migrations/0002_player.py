"""Player moves from the games app to the roster app.

State only: the tables keep their names (``db_table``) and their rows; nothing in the
database changes.
"""

import django.db.models.deletion
import django.db.models.functions.text
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
        ('roster', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='rosterchange',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=40)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('retired_at', models.DateTimeField(blank=True, null=True)),
                        ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='crews.crew')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='players', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_player',
                        'ordering': ['name'],
                    },
                ),
                migrations.AlterField(
                    model_name='rosterchange',
                    name='player',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='roster_changes', to='roster.player'),
                ),
                migrations.AddConstraint(
                    model_name='player',
                    constraint=models.UniqueConstraint(models.F('crew'), django.db.models.functions.text.Lower('name'), name='player_name_unique_in_crew'),
                ),
                migrations.AddConstraint(
                    model_name='player',
                    constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('crew', 'user'), name='player_one_per_member'),
                ),
            ],
        ),
    ]
