from django.urls import path

from . import views

app_name = "decks"

urlpatterns = [
    path("decks/", views.deck_list, name="deck_list"),
    path("decks/<id:deck_id>/", views.deck_detail, name="deck_detail"),
    path("decks/<id:deck_id>/cards/", views.deck_card_add, name="deck_card_add"),
    path("decks/<id:deck_id>/cards/remove/", views.deck_card_remove, name="deck_card_remove"),
    path("decks/<id:deck_id>/leave-out/", views.deck_leave_out, name="deck_leave_out"),
    path("decks/<id:deck_id>/rename/", views.deck_rename, name="deck_rename"),
    path("decks/<id:deck_id>/delete/", views.deck_delete, name="deck_delete"),
    path("decks/<id:deck_id>/restore/", views.deck_restore, name="deck_restore"),
]
