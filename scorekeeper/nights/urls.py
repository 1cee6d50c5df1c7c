from django.urls import path

from . import views

app_name = "nights"

urlpatterns = [
    path("nights/", views.night_list, name="night_list"),
    path("nights/new/", views.night_new, name="night_new"),
    path("nights/<id:night_id>/", views.night_detail, name="night_detail"),
    path("nights/<id:night_id>/recap/share/", views.night_recap_share, name="night_recap_share"),
    path(
        "nights/<id:night_id>/recap/unshare/",
        views.night_recap_unshare,
        name="night_recap_unshare",
    ),
    path("recap/<token:token>/", views.night_recap_shared, name="night_recap_shared"),
]
