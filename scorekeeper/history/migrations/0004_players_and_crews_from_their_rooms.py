"""The history's rows now point at crews.Crew and roster.Player.

State only: the tables keep their names (``db_table``) and their rows; nothing in the
database changes.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
        ('history', '0003_seat_result_records'),
        ('roster', '0002_player'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='rating',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='rating',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='roster.player'),
                ),
                migrations.AlterField(
                    model_name='season',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='seatresult',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.AlterField(
                    model_name='seatresult',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seat_results', to='roster.player'),
                ),
            ],
        ),
    ]
