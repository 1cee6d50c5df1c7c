from django.urls import path

from . import views

app_name = "live"

urlpatterns = [
    path("live/<str:token>/", views.live, name="live"),
    path("live/<str:token>/board/", views.live_board, name="live_board"),
    path("games/<int:game_id>/share/qr.svg", views.share_qr, name="share_qr"),
]
