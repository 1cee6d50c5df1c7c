"""A deck's crew is now crews.Crew.

State only: the tables keep their names (``db_table``) and their rows; nothing in the
database changes.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
        ('decks', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='deck',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='decks', to='crews.crew'),
                ),
            ],
        ),
    ]
