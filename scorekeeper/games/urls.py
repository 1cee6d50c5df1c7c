from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<int:game_id>/", views.game_detail, name="game_detail"),
    path("games/<int:game_id>/rounds/", views.round_create, name="round_create"),
    path("games/<int:game_id>/rounds/<int:number>/", views.round_change, name="round_change"),
    path("games/<int:game_id>/rounds/delete-last/", views.round_delete, name="round_delete"),
    path("games/<int:game_id>/rounds/undo/", views.round_undo, name="round_undo"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
    path("games/<int:game_id>/stop/", views.game_stop, name="game_stop"),
    path("games/<int:game_id>/resume/", views.game_resume_view, name="game_resume"),
    path("games/<int:game_id>/dealer/", views.dealer_pick, name="dealer_pick"),
    path("games/<int:game_id>/dealer/draw/", views.dealer_draw, name="dealer_draw"),
    path("games/<int:game_id>/share/reset/", views.share_reset, name="share_reset"),
]
