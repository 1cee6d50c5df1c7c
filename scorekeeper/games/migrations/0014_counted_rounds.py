"""Rounds counted by the whole table: each seat gets its link (the seats already there each
their own secret, made here), the counts with the hands the phones send, and the round a game
is counting (read with its row)."""

import django.db.models.deletion
import django.utils.timezone
import scorekeeper.crews.models
from django.conf import settings
from django.db import migrations, models


def give_seat_links(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    seats = list(Seat.objects.using(schema_editor.connection.alias).only("pk"))
    for seat in seats:
        seat.link_token = scorekeeper.crews.models.new_token()
    Seat.objects.using(schema_editor.connection.alias).bulk_update(
        seats, ["link_token"], batch_size=500
    )


class Migration(migrations.Migration):

    dependencies = [
        ('crews', '0002_crew_membership_invite_preference'),
        ('games', '0013_nouns_to_their_rooms'),
        ('roster', '0003_player_colour'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # NULL first, a secret for each existing seat, then the default for new seats.
        migrations.AddField(
            model_name='seat',
            name='link_token',
            field=models.CharField(blank=True, max_length=64, null=True, unique=True),
        ),
        migrations.RunPython(give_seat_links, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='seat',
            name='link_token',
            field=models.CharField(blank=True, default=scorekeeper.crews.models.new_token, max_length=64, null=True, unique=True),
        ),
        migrations.CreateModel(
            name='Count',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('went_out_on', models.CharField(blank=True, default='', max_length=20)),
                ('side', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('state', models.CharField(choices=[('open', 'Counting'), ('stored', 'Saved'), ('cancelled', 'Cancelled')], default='open', max_length=12)),
                ('opened_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('closed_at', models.DateTimeField(blank=True, null=True)),
                ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='counts', to='games.game')),
                ('opened_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('winner', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='roster.player')),
            ],
        ),
        migrations.CreateModel(
            name='CountedHand',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('cards', models.CharField(blank=True, default='', max_length=400)),
                ('total', models.PositiveIntegerField(blank=True, null=True)),
                ('points', models.PositiveIntegerField()),
                ('phone', models.CharField(max_length=80)),
                ('request_key', models.CharField(blank=True, default='', max_length=64)),
                ('sent_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('trail', models.JSONField(default=list)),
                ('count', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands', to='games.count')),
                ('crew', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='crews.crew')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='roster.player')),
            ],
        ),
        migrations.AddConstraint(
            model_name='count',
            constraint=models.UniqueConstraint(condition=models.Q(('state', 'open')), fields=('game',), name='count_one_open_per_game'),
        ),
        migrations.AddConstraint(
            model_name='count',
            constraint=models.CheckConstraint(condition=models.Q(('state__in', ['open', 'stored', 'cancelled'])), name='count_state_known'),
        ),
        migrations.AddConstraint(
            model_name='countedhand',
            constraint=models.UniqueConstraint(fields=('count', 'player'), name='counted_hand_once'),
        ),
        migrations.AddConstraint(
            model_name='countedhand',
            constraint=models.CheckConstraint(condition=models.Q(('total__isnull', True), ('cards', ''), _connector='XOR'), name='counted_hand_cards_or_total'),
        ),
        migrations.AddField(
            model_name='game',
            name='counting',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
