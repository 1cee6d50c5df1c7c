from django.contrib.auth import views as auth_views
from django.urls import path

from . import account_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("signup/", account_views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("crew/", account_views.crew_detail, name="crew_detail"),
    path("crew/invite/", account_views.invite_create, name="invite_create"),
    path("crew/invite/<str:token>/", account_views.crew_detail, name="crew_detail_invite"),
    path("crews/new/", account_views.crew_new, name="crew_new"),
    path("crews/<int:crew_id>/switch/", account_views.crew_switch, name="crew_switch"),
    path("join/<str:token>/", account_views.join, name="join"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/<int:game_id>/", views.game_detail, name="game_detail"),
    path("games/<int:game_id>/rounds/", views.round_create, name="round_create"),
    path("games/<int:game_id>/rounds/<int:number>/", views.round_change, name="round_change"),
    path("games/<int:game_id>/rounds/delete-last/", views.round_delete, name="round_delete"),
    path("games/<int:game_id>/rounds/undo/", views.round_undo, name="round_undo"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
    path("games/<int:game_id>/dealer/", views.dealer_pick, name="dealer_pick"),
    path("games/<int:game_id>/dealer/draw/", views.dealer_draw, name="dealer_draw"),
    path("games/<int:game_id>/share/reset/", views.share_reset, name="share_reset"),
    path("games/<int:game_id>/share/qr.svg", views.share_qr, name="share_qr"),
    path("live/<str:token>/", views.live, name="live"),
    path("live/<str:token>/board/", views.live_board, name="live_board"),
]
