from django.contrib import admin
from django.urls import include, path

from scorekeeper import inputs, pwa

# Before the apps' URL confs are read: every id and token in them is an <id:> or a <token:>.
inputs.register()

urlpatterns = [
    # First: the live board is polled every few seconds by every watching phone, and URLs are
    # tried in order (its patterns overlap no other app's).
    path("", include("scorekeeper.live.urls")),
    path("admin/", admin.site.urls),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("ping/", pwa.ping, name="ping"),
    path("", include("scorekeeper.crews.urls")),
    path("", include("scorekeeper.newgame.urls")),
    path("", include("scorekeeper.games.urls")),
    path("", include("scorekeeper.gamefiles.urls")),
    path("", include("scorekeeper.roster.urls")),
    path("", include("scorekeeper.decks.urls")),
    path("", include("scorekeeper.history.urls")),
    path("", include("scorekeeper.nights.urls")),
    path("", include("scorekeeper.referee.urls")),
]
