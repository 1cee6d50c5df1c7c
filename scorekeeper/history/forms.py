"""Forms of the history pages: renaming a night, importing games, choosing two players."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.domain import RuleError
from scorekeeper.domain.scoring import clean_name
from scorekeeper.domain.words import gettext_noop
from scorekeeper.games.game_files import MAX_FILE_BYTES, read_game_file
from scorekeeper.games.models import GameNight, Player
from scorekeeper.languages.words import in_words


class NightNameForm(forms.ModelForm):
    class Meta:
        model = GameNight
        fields = ["name"]
        labels = {"name": gettext_lazy("Name of the night")}
        help_texts = {"name": gettext_lazy("Optional, up to 80 characters; empty shows the date.")}
        error_messages = {
            "name": {
                "max_length": gettext_lazy(
                    "A night's name can be at most 80 characters (this one has %(show_value)d)."
                )
            }
        }

    def clean_name(self) -> str:
        name = self.cleaned_data["name"]
        if not name.strip():
            return ""
        try:
            return clean_name(name, max_length=80, what=gettext_noop("The night's name"))
        except RuleError as error:
            raise forms.ValidationError(in_words(error)) from None


class ImportForm(forms.Form):
    """A ``scorekeeper-game/1`` file: one game, or an array of games (an export of all)."""

    file = forms.FileField(
        label=gettext_lazy("Game file (.json)"),
        help_text=gettext_lazy("One game, or the file of all games from “Download all games”."),
        error_messages={
            "required": gettext_lazy("Choose a game file to import."),
            "empty": gettext_lazy("The file is empty."),
        },
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _(
                    "Refused: the file is larger than %(megabytes)s MB. "
                    "Split it, or import it on the server with manage.py import_game."
                )
                % {"megabytes": MAX_FILE_BYTES // (1024 * 1024)}
            )
        try:
            return read_game_file(upload.read(), upload.name)
        except RuleError as error:
            # The same words as the import_game command.
            reason = in_words(error)
            raise forms.ValidationError(_("Refused: %(reason)s") % {"reason": reason}) from None


class HeadToHeadForm(forms.Form):
    """Two different players of the crew (one query for the roster, shared by both menus)."""

    a = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    b = forms.TypedChoiceField(label=gettext_lazy("Against"), coerce=int)

    def __init__(self, *args: Any, players: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in players}
        choices = [(pk, player.name) for pk, player in self.players.items()]
        for name in ("a", "b"):
            self.fields[name].choices = choices
            self.fields[name].error_messages["invalid_choice"] = _("Choose a player of your crew.")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for name in ("a", "b"):
            if name in cleaned:
                cleaned[name] = self.players[cleaned[name]]
        if cleaned.get("a") and cleaned.get("a") == cleaned.get("b"):
            self.add_error("b", _("Choose two different players."))
        return cleaned
