"""Forms of the referee pages: the Wild Draw Four challenge and a game's house rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from scorekeeper.games.forms import HouseRulesForm
from scorekeeper.games.models import Player

from .display import colour_choices, edition_choices

HAND_MAX_LENGTH = 400


class ChallengeForm(forms.Form):
    """The colour in play, then either the challenged hand or a plain yes/no.

    ``players`` (the game's seated players) adds who challenged whom; without it the form is
    the standalone helper and asks for the deck instead.
    """

    colour = forms.ChoiceField(
        choices=colour_choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose the colour that was in play when the Wild Draw Four went down.",
            "invalid_choice": "Choose red, green, blue or yellow as the colour in play.",
        },
    )
    hand = forms.CharField(
        required=False,
        max_length=HAND_MAX_LENGTH,
        label="Their hand",
        help_text="Cards like R7 G+2 BS YR W W+4, or tap them on the keypad.",
    )
    held = forms.ChoiceField(choices=[("yes", "Yes"), ("no", "No")], required=False)

    def __init__(self, *args: Any, players: Sequence[Player] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.players = {str(player.pk): player for player in players or ()}
        if players is None:
            self.fields["edition"] = forms.ChoiceField(
                choices=edition_choices,
                initial="classic",
                error_messages={"invalid_choice": "Choose one of the decks in the list."},
            )
            return
        names = [(pk, player.name) for pk, player in self.players.items()]
        self.fields["challenger"] = forms.ChoiceField(
            choices=names,
            widget=forms.RadioSelect,
            label="Who challenged?",
            error_messages={"required": "Choose who challenged."},
        )
        self.fields["challenged"] = forms.ChoiceField(
            choices=names,
            widget=forms.RadioSelect,
            label="Who laid the Wild Draw Four?",
            error_messages={"required": "Choose who laid the Wild Draw Four."},
        )
        # Fresh on each form; a phone that resends a challenge it kept offline sends it again.
        self.fields["request_key"] = forms.CharField(
            widget=forms.HiddenInput, required=False, max_length=64
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        challenger, challenged = data.get("challenger"), data.get("challenged")
        if challenger and challenger == challenged:
            self.add_error(
                "challenged",
                "The challenger and the player who laid the Wild Draw Four must be two "
                "different players.",
            )
        if not data.get("held") and not data.get("hand"):
            self.add_error(
                "hand",
                "Enter the cards in their hand, or answer whether they held a card of the "
                "colour in play.",
            )
        return data

    def player(self, field: str) -> Player | None:
        return self.players.get(self.cleaned_data.get(field, ""))


__all__ = ["ChallengeForm", "HouseRulesForm"]
