"""Forms of the referee pages: the Wild Draw Four challenge and a game's house rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from scorekeeper.games.models import Game, Player
from scorekeeper.rules import HOUSE_RULES, agreed_house_rules, parse_house_rules

from .display import colour_choices, edition_choices

NOTE_MAX_LENGTH = 500
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


def _field_name(key: str) -> str:
    return key.replace("-", "_")


class HouseRulesForm(forms.Form):
    """A table's house rules: one checkbox per on/off rule, a number for the UNO penalty, a note.

    ``cleaned_data["house_rules"]`` holds the validated mapping for ``Game.house_rules`` and
    ``cleaned_data["house_note"]`` the note. Usable on its own page or, with a prefix, inside
    the new-game form.
    """

    house_note = forms.CharField(
        required=False,
        max_length=NOTE_MAX_LENGTH,
        label="Anything else the table agreed",
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        note = self.fields.pop("house_note")
        for rule in HOUSE_RULES.values():
            if rule.takes_value:
                # Text, not IntegerField: the rules library gives the message for a bad number.
                self.fields[_field_name(rule.key)] = forms.CharField(
                    required=False,
                    max_length=4,
                    label=rule.label,
                    help_text=f"{rule.description} Leave empty to play by the sheets.",
                    widget=forms.NumberInput(attrs={"min": 0, "max": 10, "inputmode": "numeric"}),
                )
            else:
                self.fields[_field_name(rule.key)] = forms.BooleanField(
                    required=False, label=rule.label, help_text=rule.description
                )
        self.fields["house_note"] = note

    @classmethod
    def initial_for(cls, game: Game) -> dict[str, Any]:
        agreed = agreed_house_rules(game.house_rules)
        initial: dict[str, Any] = {_field_name(key): value for key, value in agreed.items()}
        initial["house_note"] = game.house_note
        return initial

    def switches(self) -> list[forms.BoundField]:
        return [self[_field_name(k)] for k, rule in HOUSE_RULES.items() if not rule.takes_value]

    def numbers(self) -> list[forms.BoundField]:
        return [self[_field_name(k)] for k, rule in HOUSE_RULES.items() if rule.takes_value]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        raw: dict[str, object] = {}
        for key, rule in HOUSE_RULES.items():
            value = data.get(_field_name(key))
            raw[key] = (value or None) if rule.takes_value else bool(value)
        try:
            data["house_rules"] = parse_house_rules(raw)
        except ValueError as error:
            number = next(k for k, rule in HOUSE_RULES.items() if rule.takes_value)
            self.add_error(_field_name(number), str(error))
        return data
