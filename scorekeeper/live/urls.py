from django.urls import path

from . import views

app_name = "live"

urlpatterns = [
    path("live/<token:token>/", views.live, name="live"),
    path("live/<token:token>/board/", views.live_board, name="live_board"),
    path("games/<id:game_id>/share/qr.svg", views.share_qr, name="share_qr"),
    path("seat/<token:token>/", views.seat, name="seat"),
    path("seat/<token:token>/board/", views.seat_board, name="seat_board"),
    path("seat/<token:token>/hand/", views.seat_hand, name="seat_hand"),
    path("games/<id:game_id>/seats/<id:number>/qr.svg", views.seat_qr, name="seat_qr"),
]
