from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.domain import WENT_OUT_DRAWS, WENT_OUT_ON, RuleError
from scorekeeper.domain.scoring import MAX_HAND_POINTS, parse_hand
from scorekeeper.languages.words import in_words
from scorekeeper.rules import HOUSE_RULES, agreed_house_rules, parse_house_rules

from .models import Game

# --- At the table -------------------------------------------------------------------------

# The longest house note a game keeps (the import refuses longer ones too).
NOTE_MAX_LENGTH = 500


def parse_hand_input(name: str, cards: str, total: str) -> str | int:
    """A hand as typed: a whole-number total, or cards in notation (from the keypad)."""
    cards, total = cards.strip(), total.strip()
    if cards and total:
        raise forms.ValidationError(
            _("Give %(name)s's cards or a total, not both.") % {"name": name}
        )
    if total:
        # ASCII digits only: "²" and "⑦" pass str.isdigit() but int() refuses them.
        if not (total.isascii() and total.isdigit()) or int(total) > MAX_HAND_POINTS:
            raise forms.ValidationError(
                _("%(name)s's total “%(total)s” must be a whole number from 0 to %(most)s.")
                % {"name": name, "total": total, "most": f"{MAX_HAND_POINTS:,}"}
            )
        return int(total)
    if not cards:
        raise forms.ValidationError(_("Enter %(name)s's cards or their total.") % {"name": name})
    return cards


class WentOutOnSelect(forms.RadioSelect):
    """The went-out-on radios, each draw card carrying how many cards it makes the next player
    draw (``data-draws``, from the domain): table.js says so in the reminder."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value in WENT_OUT_DRAWS:
            option["attrs"]["data-draws"] = WENT_OUT_DRAWS[value]
        return option


class RoundForm(forms.Form):
    """Who went out, and every other player's hand as cards or a total."""

    winner = forms.ChoiceField(
        widget=forms.RadioSelect,
        label=gettext_lazy("Who went out?"),
        error_messages={
            "required": gettext_lazy("Tap the player who went out."),
            "invalid_choice": gettext_lazy(
                "Pick the player who went out from this game's players."
            ),
        },
    )
    went_out_on = forms.ChoiceField(
        choices=list(WENT_OUT_ON.items()),
        widget=WentOutOnSelect,
        initial="other",
        required=False,
        label=gettext_lazy("Went out on"),
        error_messages={
            "invalid_choice": gettext_lazy(
                "Pick the card the round ended on: Draw Two, Wild Draw Four or another card."
            )
        },
    )
    request_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # What the phone saw: the round this entry is for, and the version of the round it edits.
    number = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        max_value=100_000,
        error_messages={
            "required": gettext_lazy(
                "This form is out of date: reload the page and enter the round again."
            )
        },
    )
    version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=2**31 - 1
    )

    def __init__(self, *args, players: list[str], edition: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        self.edition = edition
        self.fields["winner"].choices = [(p, p) for p in players]
        self.fields["went_out_on"].choices = [(key, _(label)) for key, label in WENT_OUT_ON.items()]
        for index, player in enumerate(players):
            self.fields[f"cards_{index}"] = forms.CharField(
                required=False, max_length=400, label=_("%(name)s's cards") % {"name": player}
            )
            self.fields[f"total_{index}"] = forms.CharField(
                required=False, max_length=6, label=_("%(name)s's total") % {"name": player}
            )

    def hand_fields(self):
        """(index, player, cards field, total field) in seat order."""
        return [(i, p, self[f"cards_{i}"], self[f"total_{i}"]) for i, p in enumerate(self.players)]

    def clean(self):
        cleaned = super().clean()
        winner = cleaned.get("winner")
        hands: dict[str, str | int] = {}
        for index, player in enumerate(self.players):
            if player == winner:
                continue
            try:
                hand = parse_hand_input(
                    player, cleaned.get(f"cards_{index}", ""), cleaned.get(f"total_{index}", "")
                )
                parse_hand(player, hand, self.edition)  # per-hand check, for an inline message
            except forms.ValidationError as error:
                self.add_error(f"cards_{index}", error)
                continue
            except RuleError as error:
                self.add_error(f"cards_{index}", in_words(error))
                continue
            hands[player] = hand
        cleaned["hands"] = hands
        return cleaned


# --- House rules (the rules library's switches), at game start and on the referee page ----


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
