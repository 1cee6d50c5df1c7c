from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<id:game_id>/", views.game_detail, name="game_detail"),
    path("games/<id:game_id>/rounds/", views.round_create, name="round_create"),
    path("games/<id:game_id>/rounds/<id:number>/", views.round_change, name="round_change"),
    path("games/<id:game_id>/rounds/delete-last/", views.round_delete, name="round_delete"),
    path("games/<id:game_id>/rounds/undo/", views.round_undo, name="round_undo"),
    path("games/<id:game_id>/rematch/", views.rematch, name="rematch"),
    path("games/<id:game_id>/stop/", views.game_stop, name="game_stop"),
    path("games/<id:game_id>/resume/", views.game_resume_view, name="game_resume"),
    path("games/<id:game_id>/dealer/", views.dealer_pick, name="dealer_pick"),
    path("games/<id:game_id>/dealer/draw/", views.dealer_draw, name="dealer_draw"),
    path("games/<id:game_id>/share/reset/", views.share_reset, name="share_reset"),
    path("games/<id:game_id>/count/", views.count_start, name="count_start"),
    path("games/<id:game_id>/count/stop/", views.count_stop, name="count_stop"),
    path("games/<id:game_id>/count/panel/", views.count_panel, name="count_panel"),
    path("games/<id:game_id>/seats/", views.seat_links, name="seat_links"),
    path("games/<id:game_id>/seats/<id:number>/link/", views.seat_link, name="seat_link"),
]
