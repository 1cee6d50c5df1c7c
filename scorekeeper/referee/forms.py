"""Forms of the referee pages: the Wild Draw Four challenge and a game's house rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.games.forms import NOTE_MAX_LENGTH
from scorekeeper.games.models import Game
from scorekeeper.languages.words import in_words
from scorekeeper.roster.models import Player
from scorekeeper.rules import HOUSE_RULES, agreed_house_rules, parse_house_rules
from scorekeeper.rules.entries import only_the_drawer_challenges

from .display import colour_choices, edition_choices

HAND_MAX_LENGTH = 400


# --- House rules (the rules library's switches), at game start (newgame) and on the referee page


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
        label=gettext_lazy("Anything else the table agreed"),
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
                    label=in_words(rule.label),
                    help_text=in_words(rule.description)
                    + " "
                    + _("Leave empty to play by the sheets."),
                    widget=forms.NumberInput(attrs={"min": 0, "max": 10, "inputmode": "numeric"}),
                )
            else:
                self.fields[_field_name(rule.key)] = forms.BooleanField(
                    required=False,
                    label=in_words(rule.label),
                    help_text=in_words(rule.description),
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
            self.add_error(_field_name(number), in_words(error))
        return data


class ChallengeForm(forms.Form):
    """The colour in play, then either the challenged hand or a plain yes/no.

    ``players`` (the game's seated players) adds who challenged whom; without it the form is
    the standalone helper and asks for the deck instead.
    """

    colour = forms.ChoiceField(
        choices=colour_choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy(
                "Choose the colour that was in play when the Wild Draw Four went down."
            ),
            "invalid_choice": gettext_lazy(
                "Choose red, green, blue or yellow as the colour in play."
            ),
        },
    )
    hand = forms.CharField(
        required=False,
        max_length=HAND_MAX_LENGTH,
        label=gettext_lazy("Their hand"),
        help_text=gettext_lazy("Cards like R7 G+2 BS YR W W+4, or tap them on the keypad."),
    )
    held = forms.ChoiceField(
        choices=[("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No"))],
        required=False,
        error_messages={"invalid_choice": gettext_lazy("Answer yes or no.")},
    )

    def __init__(
        self,
        *args: Any,
        players: Sequence[Player] | None = None,
        edition: str = "classic",
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.players = {str(player.pk): player for player in players or ()}
        self.other_challenger = False  # set when refused for a challenger who didn't draw
        if players is None:
            self.fields["edition"] = forms.ChoiceField(
                choices=edition_choices,
                initial="classic",
                error_messages={"invalid_choice": _("Choose one of the decks in the list.")},
            )
            return
        names = [(pk, player.name) for pk, player in self.players.items()]
        self.fields["challenger"] = forms.ChoiceField(
            choices=names,
            widget=forms.RadioSelect,
            label=_("Who challenged?"),
            error_messages={
                "required": _("Choose who challenged."),
                # A player merged away on another phone while the helper was open.
                "invalid_choice": _("Choose who challenged from this game's players."),
            },
        )
        self.fields["challenged"] = forms.ChoiceField(
            choices=names,
            widget=forms.RadioSelect,
            label=_("Who laid the Wild Draw Four?"),
            error_messages={
                "required": _("Choose who laid the Wild Draw Four."),
                "invalid_choice": _("Choose who laid the Wild Draw Four from this game's players."),
            },
        )
        if len(self.players) > 2 and only_the_drawer_challenges(edition):
            # Classic's sheet gives the challenge to the player who had to draw the 4 (with
            # two players that is always the challenger); the boxed decks' sheets set no limit.
            self.fields["drew"] = forms.ChoiceField(
                choices=[("yes", _("Yes")), ("no", _("No, someone else challenged"))],
                widget=forms.RadioSelect,
                label=_("Did the challenger have to draw the 4?"),
                error_messages={
                    "required": _(
                        "Say whether the challenger was the player who had to draw "
                        "the 4: the sheets give the challenge to that player."
                    ),
                    "invalid_choice": _("Answer yes or no: did the challenger have to draw the 4?"),
                },
            )
            self.fields["anyway"] = forms.BooleanField(
                required=False, label=_("Log it anyway: our table lets anyone challenge")
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
                _(
                    "The challenger and the player who laid the Wild Draw Four must be two "
                    "different players."
                ),
            )
        if not data.get("held") and not data.get("hand"):
            self.add_error(
                "hand",
                _(
                    "Enter the cards in their hand, or answer whether they held a card of the "
                    "colour in play."
                ),
            )
        return data

    def player(self, field: str) -> Player | None:
        return self.players.get(self.cleaned_data.get(field, ""))

    def challenger_drew(self) -> bool:
        """Whether the challenger was the player who had to draw the 4 (always, with two)."""
        return "drew" not in self.fields or self.cleaned_data.get("drew") == "yes"


class HouseNoteForm(forms.Form):
    """What a table agreed on a question no sheet covers, added to the game's house note;
    optionally switching on the house rule the question named (7-0, jump-in...)."""

    note = forms.CharField(
        max_length=NOTE_MAX_LENGTH,
        label=gettext_lazy("What did the table agree?"),
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={
            "required": gettext_lazy("Write what the table agreed before recording it.")
        },
    )
    rules = forms.MultipleChoiceField(
        required=False,
        label=gettext_lazy("House rules to switch on for this game"),
        choices=lambda: [
            (key, in_words(rule.label)) for key, rule in HOUSE_RULES.items() if not rule.takes_value
        ],
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": gettext_lazy("There is no house rule called %(value)s.")},
    )

    def clean_note(self) -> str:
        note = " ".join(self.cleaned_data["note"].split())
        if not note:
            raise forms.ValidationError(_("Write what the table agreed before recording it."))
        return note

    def added_to(self, game: Game) -> tuple[dict[str, object], str]:
        """The game's house rules and note with this agreement added (call on a valid form,
        with the game as it is now). Raises ValueError when the note would not fit."""
        kept = game.house_note.strip()
        note = self.cleaned_data["note"]
        combined = f"{kept}\n{note}" if kept else note
        if len(combined) > NOTE_MAX_LENGTH:
            room = max(NOTE_MAX_LENGTH - len(kept) - 1, 0)
            raise ValueError(
                _(
                    "This game's house note is nearly full (%(used)s of %(most)s characters): "
                    "shorten this to %(room)s characters or tidy the note on the house rules page."
                )
                % {"used": len(kept), "most": NOTE_MAX_LENGTH, "room": room}
            )
        agreed = agreed_house_rules(game.house_rules)
        return {**agreed, **dict.fromkeys(self.cleaned_data["rules"], True)}, combined


__all__ = ["ChallengeForm", "HouseNoteForm", "HouseRulesForm"]
