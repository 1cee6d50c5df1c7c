from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.domain import WENT_OUT_DRAWS, WENT_OUT_ON, RuleError
from scorekeeper.domain.scoring import MAX_HAND_POINTS, parse_hand
from scorekeeper.languages.words import in_words

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

    def __init__(self, *args, players: list[str], edition: Any, sides=(), **kwargs):
        """``sides``: a two-sided deck's sides, as Editions: the form asks which was up, and
        reads the hands with that side's cards."""
        super().__init__(*args, **kwargs)
        self.players = players
        self.edition = edition
        self.sides = list(sides)
        if self.sides:
            self.fields["side"] = forms.TypedChoiceField(
                coerce=int,
                choices=[(str(n), side.side_name) for n, side in enumerate(self.sides, 1)],
                widget=forms.RadioSelect,
                label=gettext_lazy("Side up when the round ended"),
                error_messages={
                    "required": gettext_lazy("Pick the side of the deck that was up."),
                    "invalid_choice": gettext_lazy("Pick side 1 or 2 of this deck."),
                },
            )
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
        edition = self.edition
        if self.sides:
            if cleaned.get("side") is None:
                return cleaned  # the side's own error says it: the hands can't be read yet
            edition = self.sides[cleaned["side"] - 1]
        hands: dict[str, str | int] = {}
        for index, player in enumerate(self.players):
            if player == winner:
                continue
            try:
                hand = parse_hand_input(
                    player, cleaned.get(f"cards_{index}", ""), cleaned.get(f"total_{index}", "")
                )
                parse_hand(player, hand, edition)  # per-hand check, for an inline message
            except forms.ValidationError as error:
                self.add_error(f"cards_{index}", error)
                continue
            except RuleError as error:
                self.add_error(f"cards_{index}", in_words(error))
                continue
            hands[player] = hand
        cleaned["hands"] = hands
        return cleaned
