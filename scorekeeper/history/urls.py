from django.urls import path

from . import season_views, views

app_name = "history"

urlpatterns = [
    path("games/<id:game_id>/record/", views.game_record, name="game_record"),
    path("games/<id:game_id>/export/", views.game_export, name="game_export"),
    path("games/export/", views.games_export, name="games_export"),
    path("games/import/", views.games_import, name="games_import"),
    path("players/", views.player_list, name="player_list"),
    path("players/head-to-head/", views.head_to_head, name="head_to_head"),
    path("players/records/", views.records, name="records"),
    path("players/<id:player_id>/", views.player_detail, name="player_detail"),
    path("seasons/", season_views.season_list, name="seasons"),
    path("seasons/<id:season_id>/delete/", season_views.season_delete, name="season_delete"),
]
