from django.urls import path

from . import season_views, views

app_name = "history"

urlpatterns = [
    path("nights/", views.night_list, name="night_list"),
    path("nights/new/", views.night_new, name="night_new"),
    path("nights/<int:night_id>/", views.night_detail, name="night_detail"),
    path("nights/<int:night_id>/recap/share/", views.night_recap_share, name="night_recap_share"),
    path(
        "nights/<int:night_id>/recap/unshare/",
        views.night_recap_unshare,
        name="night_recap_unshare",
    ),
    path("recap/<str:token>/", views.night_recap_shared, name="night_recap_shared"),
    path("games/<int:game_id>/record/", views.game_record, name="game_record"),
    path("games/<int:game_id>/export/", views.game_export, name="game_export"),
    path("games/export/", views.games_export, name="games_export"),
    path("games/import/", views.games_import, name="games_import"),
    path("players/", views.player_list, name="player_list"),
    path("players/head-to-head/", views.head_to_head, name="head_to_head"),
    path("players/<int:player_id>/", views.player_detail, name="player_detail"),
    path("seasons/", season_views.season_list, name="seasons"),
    path("seasons/<int:season_id>/delete/", season_views.season_delete, name="season_delete"),
]
