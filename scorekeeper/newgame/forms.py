"""The new-game form: the seats, the deck, the scoring and the target."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.decks.models import Deck, DeckVersion
from scorekeeper.domain import EDITIONS, SCORING_NAMES, SCORING_SUMMARIES, Scoring
from scorekeeper.domain.scoring import MAX_NAME_LENGTH
from scorekeeper.languages.words import in_words

TARGET_CHOICES = (250, 500, 1000)


class EditionField(forms.ChoiceField):
    """The deck to play with. A deck archived or deleted on another phone while the form was
    open, or a name that is no edition, is refused in words, not with Django's "deck:12 is not
    one of the available choices"."""

    def validate(self, value):
        try:
            super().validate(value)
        except forms.ValidationError as refused:
            if refused.code != "invalid_choice":
                raise
            if value.startswith("deck:"):
                raise forms.ValidationError(
                    _(
                        "That deck is not in your crew's list any more (archived or deleted on"
                        " another phone?): choose one from the list."
                    ),
                    code="invalid_choice",
                ) from None
            raise forms.ValidationError(
                _("There is no edition called %(name)s: choose a deck from the list.")
                % {"name": repr(value)},
                code="invalid_choice",
            ) from None


class GameSetupForm(forms.Form):
    """Seat order is kept as repeated ``seat`` values (player names) so the form can be
    rebuilt after every add / move / remove, with or without JavaScript."""

    seat = forms.CharField(required=False)  # read with getlist in the view
    new_player = forms.CharField(
        required=False, max_length=MAX_NAME_LENGTH, label=gettext_lazy("Add a new player")
    )
    edition = EditionField(choices=(), widget=forms.RadioSelect, initial="classic")
    scoring = forms.ChoiceField(
        choices=(),
        widget=forms.RadioSelect,
        initial="standard",
        error_messages={"invalid_choice": gettext_lazy("Choose a scoring mode from the list.")},
    )
    target_choice = forms.ChoiceField(
        choices=[(str(t), str(t)) for t in TARGET_CHOICES] + [("custom", gettext_lazy("Other"))],
        widget=forms.RadioSelect,
        initial="500",
        label=gettext_lazy("Target"),
        error_messages={
            "invalid_choice": gettext_lazy("Choose a target from the list, or Other and a number.")
        },
    )
    target_custom = forms.IntegerField(
        required=False, min_value=1, max_value=100000, label=gettext_lazy("Other target")
    )

    def __init__(self, *args, decks=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = [
            (
                e.slug,
                in_words(e.name) + (f" — {in_words(e.special_name)}" if e.special_name else ""),
            )
            for e in EDITIONS.values()
        ] + [
            # The crew's own decks (issue 22): "deck:<id>", played with its newest cards.
            (
                f"deck:{deck.pk}",
                _("%(deck)s — your deck, from %(base)s")
                % {"deck": deck.name, "base": in_words(EDITIONS[deck.base].name)},
            )
            for deck in decks
        ]
        summaries = {mode: _(text) for mode, text in SCORING_SUMMARIES.items()}
        self.fields["scoring"].choices = [
            (mode.value, _(SCORING_NAMES[mode]) + " — " + summaries[mode]) for mode in Scoring
        ]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("target_choice") == "custom":
            if not cleaned.get("target_custom"):
                self.add_error("target_custom", _("Enter a target: a whole number above 0."))
            else:
                cleaned["target"] = cleaned["target_custom"]
        elif cleaned.get("target_choice"):
            cleaned["target"] = int(cleaned["target_choice"])
        return cleaned


def crew_decks(crew) -> list:
    """The crew's decks a new game may be played with (not archived), with their base."""
    decks = list(Deck.objects.filter(crew=crew, archived=False).order_by("name", "pk"))
    bases = dict(
        DeckVersion.objects.filter(deck__in=decks)
        .order_by("deck_id", "pk")
        .values_list("deck_id", "data__base")
    )
    for deck in decks:
        deck.base = bases.get(deck.pk, "classic")
    return decks
