"""Crew, Membership, Invite and Preference move from the games app to the crews app.

State only: the tables keep their names (``db_table``) and their rows; nothing in the
database changes.
"""

import django.db.models.deletion
import django.db.models.functions.text
import django.utils.timezone
import scorekeeper.crews.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('crews', '0001_initial'),
        # The tables it takes over are there, with their rows.
        ('games', '0012_crew_results_pending'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Crew',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=80)),
                        ('time_zone', models.CharField(default='UTC', max_length=64)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('results_pending', models.BooleanField(db_default=False, default=False)),
                    ],
                    options={
                        'db_table': 'games_crew',
                    },
                ),
                migrations.AlterField(
                    model_name='inviteuse',
                    name='crew',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew'),
                ),
                migrations.CreateModel(
                    name='Invite',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('token', models.CharField(default=scorekeeper.crews.models.new_token, max_length=64, unique=True)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('expires_at', models.DateTimeField(blank=True, null=True)),
                        ('revoked_at', models.DateTimeField(blank=True, null=True)),
                        ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                        ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='crews.crew')),
                    ],
                    options={
                        'db_table': 'games_invite',
                    },
                ),
                migrations.AlterField(
                    model_name='inviteuse',
                    name='invite',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='uses', to='crews.invite'),
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('joined_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='crews.crew')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_membership',
                    },
                ),
                migrations.AddField(
                    model_name='crew',
                    name='members',
                    field=models.ManyToManyField(blank=True, related_name='crews', through='crews.Membership', to=settings.AUTH_USER_MODEL),
                ),
                migrations.CreateModel(
                    name='Preference',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('language', models.CharField(blank=True, default='', max_length=8)),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='preference', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_preference',
                    },
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('crew', 'user'), name='membership_unique'),
                ),
                migrations.AddIndex(
                    model_name='crew',
                    index=models.Index(condition=models.Q(('results_pending', True)), fields=['results_pending'], name='crew_results_pending'),
                ),
                migrations.AddConstraint(
                    model_name='crew',
                    constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('name'), name='crew_name_unique_ci'),
                ),
            ],
        ),
    ]
