from django.contrib.auth import views as auth_views
from django.urls import path

from . import preferences, views
from .forms import LoginForm

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("crew/", views.crew_detail, name="crew_detail"),
    path("crew/time-zone/", views.crew_time_zone, name="crew_time_zone"),
    path("crew/invite/", views.invite_create, name="invite_create"),
    path("crew/invite/<token:token>/", views.crew_detail, name="crew_detail_invite"),
    path("crew/invite/<token:token>/revoke/", views.invite_revoke, name="invite_revoke"),
    path("crew/members/<id:user_id>/remove/", views.member_remove, name="member_remove"),
    path("crews/new/", views.crew_new, name="crew_new"),
    path("crews/<id:crew_id>/switch/", views.crew_switch, name="crew_switch"),
    path("join/<token:token>/", views.join, name="join"),
    path("language/", preferences.set_language, name="set_language"),
]
