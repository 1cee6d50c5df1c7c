from django.urls import path

from . import views

app_name = "roster"

urlpatterns = [
    path("players/roster/", views.roster, name="roster"),
    path("players/roster/<id:player_id>/", views.player_edit, name="player_edit"),
    path("players/roster/<id:player_id>/rename/", views.player_rename, name="player_rename"),
    path("players/roster/<id:player_id>/colour/", views.player_colour, name="player_colour"),
    path("players/roster/<id:player_id>/merge/", views.player_merge, name="player_merge"),
    path("players/roster/<id:player_id>/retire/", views.player_retire, name="player_retire"),
    path("players/roster/<id:player_id>/return/", views.player_return, name="player_return"),
    path("players/roster/<id:player_id>/link/", views.player_link, name="player_link"),
]
