from django.urls import path

from . import views

app_name = "history"

urlpatterns = [
    path("nights/", views.night_list, name="night_list"),
    path("nights/new/", views.night_new, name="night_new"),
    path("nights/<int:night_id>/", views.night_detail, name="night_detail"),
    path("games/<int:game_id>/record/", views.game_record, name="game_record"),
    path("games/<int:game_id>/export/", views.game_export, name="game_export"),
    path("games/export/", views.games_export, name="games_export"),
    path("games/import/", views.games_import, name="games_import"),
    path("players/", views.player_list, name="player_list"),
    path("players/head-to-head/", views.head_to_head, name="head_to_head"),
    path("players/<int:player_id>/", views.player_detail, name="player_detail"),
]
