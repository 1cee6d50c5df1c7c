from django.urls import path

from . import views

app_name = "gamefiles"

urlpatterns = [
    path("games/<id:game_id>/delete/", views.game_remove, name="game_delete"),
    path("games/deleted/<id:deleted_id>/restore/", views.game_undelete, name="game_undelete"),
    path("games/export/bgstats/", views.bgstats_export, name="bgstats_export"),
]
