import os

from django.core.wsgi import get_wsgi_application
from django.urls import resolve

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()

# While the worker boots, not on a player's first page: load every view, then ask the rules
# search one question, which builds its index (a few seconds) and reads the classifier's and
# the verdict's weights.
resolve("/")

from scorekeeper.rulesearch.search import lookup  # noqa: E402 (needs the settings loaded)

lookup("who deals first")

# A crew whose player results and ratings were not refreshed after a write (the process died
# between the write's commit and the refresh) is caught up before the first page: one query
# when no crew is marked.
from django.db import DatabaseError  # noqa: E402

from scorekeeper.history.receivers import catch_up_pending  # noqa: E402

try:
    catch_up_pending()
except DatabaseError:  # not migrated yet, say: the crew's next write catches it up instead
    import logging

    logging.getLogger(__name__).exception("Could not catch up the crews' results at start-up")
