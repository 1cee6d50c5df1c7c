from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("scorekeeper.games.account_urls")),
    path("", include("scorekeeper.games.urls")),
    path("", include("scorekeeper.history.urls")),
    path("", include("scorekeeper.referee.urls")),
]
