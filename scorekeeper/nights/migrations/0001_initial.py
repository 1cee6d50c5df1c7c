"""GameNight moves from the games app to the nights app.

State only: the tables keep their names (``db_table``) and their rows; nothing in the
database changes.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='GameNight',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('date', models.DateField()),
                        ('session', models.PositiveSmallIntegerField(default=1)),
                        ('name', models.CharField(blank=True, max_length=80)),
                        ('recap_token', models.CharField(blank=True, max_length=64, null=True, unique=True)),
                        ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='nights', to='crews.crew')),
                    ],
                    options={
                        'db_table': 'games_gamenight',
                        'ordering': ['-date', '-session'],
                        'constraints': [models.UniqueConstraint(fields=('crew', 'date', 'session'), name='night_per_session'), models.CheckConstraint(condition=models.Q(('session__gte', 1)), name='night_session_from_one')],
                    },
                ),
            ],
        ),
    ]
