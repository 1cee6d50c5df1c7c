import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.crews.models import Crew
from scorekeeper.gamefiles.bgstats import export_file


class Command(BaseCommand):
    help = (
        "Write a crew's finished games as a BG Stats export file (BGStatsExport.json's "
        "players, locations, games and plays), to FILE or standard output."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="where to write it (default: standard output)")
        parser.add_argument("--crew", help="the crew's name (may be left out when there is one)")

    def handle(self, *args: Any, **options: Any) -> None:
        crew = _crew(options["crew"])
        exported = export_file(crew)
        text = json.dumps(exported, indent=2, ensure_ascii=False) + "\n"
        path = options["file"]
        if not path or path == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error.strerror}.") from None
        self.stderr.write(f"Wrote {len(exported['plays'])} plays of {crew.name} to {path}.")


def _crew(name: str | None) -> Crew:
    if name:
        crew = Crew.objects.filter(name__iexact=name.strip()).first()
        if crew is None:
            raise CommandError(f"No crew is named {name.strip()!r}.")
        return crew
    crews = list(Crew.objects.all()[:2])
    if len(crews) != 1:
        raise CommandError("Say which crew with --crew NAME.")
    return crews[0]
