import os

from django.core.wsgi import get_wsgi_application
from django.urls import resolve

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()

# While the worker boots, not on a player's first page: load every view, and with them the
# rules search's index (about 4 s), then ask the search one question, which builds what it
# builds at its first (the letters model, the classifier's weights: under a second more).
resolve("/")

from scorekeeper.rulesearch.search import lookup  # noqa: E402 (needs the settings loaded)

lookup("who deals first")
