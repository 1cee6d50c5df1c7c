"""``manage.py compile_translations``: locale/*/LC_MESSAGES/*.po → .mo, with Babel (no gettext)."""

from django.core.management.base import BaseCommand

from scorekeeper.languages.catalogs import compile_catalogues


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po → .mo) that changed since they were compiled."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="compile every catalogue")

    def handle(self, *args, force: bool = False, **options):
        for mo in compile_catalogues(force=force):
            self.stdout.write(f"compiled {mo.relative_to(mo.parents[3])}")
