"""The deck pages' forms: their fields' types and bounds; the core checks the rest (tokens,
clashes, names, the deck's size) when the change is stored."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scorekeeper.domain import EDITIONS
from scorekeeper.domain.decks import (
    CARD_KIND_NAMES,
    MAX_COUNT,
    MAX_NAME,
    MAX_POINTS,
    MAX_RULE,
)
from scorekeeper.languages.words import in_words


class DeckCreateForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME, label=gettext_lazy("Name of the deck"))
    base = forms.ChoiceField(
        choices=(),
        widget=forms.RadioSelect,
        initial="classic",
        label=gettext_lazy("Starts from"),
        error_messages={"invalid_choice": gettext_lazy("Choose one of the decks in the list.")},
    )
    two_sided = forms.BooleanField(required=False, label=gettext_lazy("Two-sided deck"))
    side_1 = forms.CharField(
        required=False, max_length=MAX_NAME, label=gettext_lazy("Name of side 1")
    )
    side_2 = forms.CharField(
        required=False, max_length=MAX_NAME, label=gettext_lazy("Name of side 2")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["base"].choices = [(e.slug, in_words(e.name)) for e in EDITIONS.values()]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("two_sided"):
            for field in ("side_1", "side_2"):
                if not (cleaned.get(field) or "").strip():
                    self.add_error(field, gettext_lazy("Name both sides of a two-sided deck."))
        return cleaned

    def sides(self) -> tuple[str, str] | None:
        data = self.cleaned_data
        return (data["side_1"], data["side_2"]) if data.get("two_sided") else None


class CardForm(forms.Form):
    side = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2, initial=1)
    name = forms.CharField(max_length=MAX_NAME, label=gettext_lazy("Name"))
    name_es = forms.CharField(
        required=False, max_length=MAX_NAME, label=gettext_lazy("Name in Spanish (optional)")
    )
    token = forms.CharField(
        max_length=4,
        label=gettext_lazy("Token"),
        help_text=gettext_lazy("1 to 4 letters or digits, how a hand writes it, e.g. BL"),
    )
    kind = forms.ChoiceField(
        choices=(),
        label=gettext_lazy("Kind"),
        error_messages={"invalid_choice": gettext_lazy("Choose one of the kinds in the list.")},
    )
    count = forms.IntegerField(
        min_value=1,
        max_value=MAX_COUNT,
        initial=1,
        label=gettext_lazy("How many (per colour for a coloured card)"),
    )
    points = forms.IntegerField(min_value=0, max_value=MAX_POINTS, label=gettext_lazy("Points"))
    rule = forms.CharField(
        required=False,
        max_length=MAX_RULE,
        label=gettext_lazy("Its rule, in your words (optional)"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [
            (kind, in_words(name)) for kind, name in CARD_KIND_NAMES.items()
        ]

    def card(self) -> dict:
        data = self.cleaned_data
        card = {key: data[key] for key in ("token", "name", "kind", "count", "points")}
        for optional in ("name_es", "rule"):
            if data.get(optional):
                card[optional] = data[optional]
        return card
