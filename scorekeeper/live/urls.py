from django.urls import path

from . import views

app_name = "live"

urlpatterns = [
    path("live/<token:token>/", views.live, name="live"),
    path("live/<token:token>/board/", views.live_board, name="live_board"),
    path("games/<id:game_id>/share/qr.svg", views.share_qr, name="share_qr"),
]
