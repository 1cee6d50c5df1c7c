from django.urls import path

from . import views

app_name = "referee"

urlpatterns = [
    path("rules/", views.rules_search, name="rules_search"),
    path("rules/challenge/", views.challenge, name="rules_challenge"),
    path("rules/first-card/", views.first_card_helper, name="first_card"),
    path("rules/<slug:slug>/", views.rule_detail, name="rule_detail"),
    path("games/<id:game_id>/house-rules/", views.house_rules, name="house_rules"),
    path("games/<id:game_id>/house-note/", views.record_house_note, name="record_house_note"),
    path("games/<id:game_id>/challenge/", views.game_challenge, name="game_challenge"),
    path(
        "games/<id:game_id>/challenges/<id:challenge_id>/",
        views.game_challenge_verdict,
        name="game_challenge_verdict",
    ),
]
