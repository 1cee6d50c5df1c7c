from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.crews.models import Crew
from scorekeeper.history import ratings, stats
from scorekeeper.history.models import SeatResult


class Command(BaseCommand):
    help = (
        "Rewrite the player statistics (history SeatResult rows) and the skill ratings from "
        "the stored rounds. "
        "They follow every write on their own; run this after restoring a backup, after "
        "writing games by hand, or if a refresh failed (it is logged)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--crew", help="only this crew (by name; default every crew)")
        parser.add_argument(
            "--stale",
            action="store_true",
            help="only the games whose rows no longer match their rounds (faster)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        crews = Crew.objects.order_by("pk")
        if options["crew"]:
            crews = crews.filter(name__iexact=options["crew"].strip())
            if not crews:
                raise CommandError(f"No crew named {options['crew']!r}.")
        for crew in crews:
            if options["stale"]:
                stats.refresh_results(crew)
            else:
                stats.rebuild_results(crew)
            rated = ratings.rebuild(crew.pk)
            rows = SeatResult.objects.filter(crew=crew).count()
            self.stdout.write(f"{crew.name}: {rows} player results, {rated} ratings.")
