"""The roster (#23), second step: a member is at most one player of a crew, and a round's
entry names its players by id instead of by name, so a rename or a merge keeps every round.
The entries of the rounds and of their history are converted both ways."""

from django.db import migrations, models

BATCH = 500


def _seat_maps(apps, game_ids):
    """For each game: its seated players' names to ids (and ids to names)."""
    Seat = apps.get_model("games", "Seat")
    by_game = {}
    seats = Seat.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "player_id", "player__name"
    )
    for game_id, player_id, name in seats:
        by_game.setdefault(game_id, {})[name] = player_id
    return by_game


def _to_ids(entry, ids):
    """A name-keyed entry with ids for the names it can place; unchanged when already ids."""
    folded = {name.casefold(): pk for name, pk in ids.items()}

    def key(name):
        if not isinstance(name, str):
            return name
        return ids.get(name, folded.get(name.casefold()))

    winner = key(entry.get("winner"))
    hands, points = entry.get("hands", {}), entry.get("points", {})
    if winner is None or any(key(name) is None for name in [*hands, *points]):
        return None  # a name no seat holds (a hand-edited row): left as it is
    converted = dict(entry, winner=winner)
    converted["hands"] = {str(key(name)): hand for name, hand in hands.items()}
    if "points" in entry:
        converted["points"] = {str(key(name)): value for name, value in points.items()}
    return converted


def _to_names(entry, ids):
    names = {str(pk): name for name, pk in ids.items()}

    def key(value):
        return names.get(str(value), value)

    converted = dict(entry, winner=key(entry.get("winner")))
    for field in ("hands", "points"):
        if field in entry:
            converted[field] = {key(k): v for k, v in entry[field].items()}
    return converted


def _convert(apps, model_name, pk_field, convert):
    model = apps.get_model("games", model_name)
    rows = model.objects.order_by(pk_field).values_list(pk_field, "game_id", "entry")
    last = None
    while True:
        page = rows if last is None else rows.filter(**{f"{pk_field}__gt": last})
        chunk = list(page[:BATCH])
        if not chunk:
            return
        last = chunk[-1][0]
        maps = _seat_maps(apps, {game_id for _, game_id, _ in chunk})
        changed = []
        for pk, game_id, entry in chunk:
            ids = maps.get(game_id)
            if not ids or not isinstance(entry, dict):
                continue  # a deleted game's history: nothing to read it by
            new = convert(entry, ids)
            if new is not None and new != entry:
                changed.append(model(**{pk_field: pk, "entry": new}))
        model.objects.bulk_update(changed, ["entry"], batch_size=BATCH)


def entries_by_id(apps, schema_editor):
    _convert(apps, "Round", "id", _to_ids)
    _convert(apps, "HistoricalRound", "history_id", _to_ids)


def entries_by_name(apps, schema_editor):
    _convert(apps, "Round", "id", _to_names)
    _convert(apps, "HistoricalRound", "history_id", _to_names)


class Migration(migrations.Migration):
    dependencies = [("games", "0006_roster")]

    operations = [
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)),
                fields=("crew", "user"),
                name="player_one_per_member",
            ),
        ),
        migrations.RunPython(entries_by_id, entries_by_name),
    ]
