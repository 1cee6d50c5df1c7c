from django.urls import path

from . import views

app_name = "newgame"

urlpatterns = [
    path("games/new/", views.game_new, name="game_new"),
]
