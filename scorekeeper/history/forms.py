"""Forms of the history pages: renaming a night, importing games, choosing two players."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.crews.models import Crew
from scorekeeper.domain import RuleError
from scorekeeper.domain.scoring import clean_name
from scorekeeper.domain.words import gettext_noop
from scorekeeper.gamefiles.files import MAX_FILE_BYTES, read_game_file
from scorekeeper.languages.words import in_words
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player

from . import seasons
from .models import Season


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
    """A ``scorekeeper-game/1`` file (one game, or an array of games: an export of all), or a
    BG Stats export (``BGStatsExport.json``), whose UNO plays come in."""

    file = forms.FileField(
        label=gettext_lazy("Game file (.json)"),
        help_text=gettext_lazy(
            "One game, the file of all games from “Download all games”, or a BG Stats export "
            "(BGStatsExport.json)."
        ),
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


def _offer_seasons(field: forms.ChoiceField, crew: Crew | None) -> None:
    """A season menu: every season, or one of the crew's (named, years, quarters)."""
    found = seasons.seasons_of(crew, timezone.localdate()) if crew else []
    field.choices = [("", _("Every season")), *((season.key, season.label) for season in found)]
    field.error_messages["invalid_choice"] = _("Choose a season of your crew.")


class HeadToHeadForm(forms.Form):
    """Two different players of the crew (one query for the roster, shared by both menus)."""

    a = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    b = forms.TypedChoiceField(label=gettext_lazy("Against"), coerce=int)
    season = forms.ChoiceField(label=gettext_lazy("Season"), required=False)

    def __init__(
        self, *args: Any, players: QuerySet[Player], crew: Crew | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.crew = crew
        _offer_seasons(self.fields["season"], crew)
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
        key = cleaned.get("season")
        cleaned["season"] = seasons.by_key(self.crew, key) if key and self.crew else None
        return cleaned


class SeasonChoiceForm(forms.Form):
    """One season of the crew, or every season (the nights list's menu)."""

    season = forms.ChoiceField(label=gettext_lazy("Season"), required=False)

    def __init__(self, *args: Any, crew: Crew, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crew = crew
        _offer_seasons(self.fields["season"], crew)

    def clean_season(self) -> seasons.Season | None:
        key = self.cleaned_data["season"]
        return seasons.by_key(self.crew, key) if key else None


class SeasonForm(forms.ModelForm):
    """A named season: a name and its first and last night's dates."""

    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {
            "name": gettext_lazy("Name"),
            "starts_on": gettext_lazy("First night"),
            "ends_on": gettext_lazy("Last night"),
        }
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }
        error_messages = {
            "starts_on": {"required": gettext_lazy("Enter the date of the season's first night.")},
            "ends_on": {"required": gettext_lazy("Enter the date of the season's last night.")},
        }

    def __init__(self, *args: Any, crew: Crew, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crew = crew

    def clean_name(self) -> str:
        try:
            name = clean_name(
                self.cleaned_data["name"], max_length=60, what=gettext_noop("The season's name")
            )
        except RuleError as error:
            raise forms.ValidationError(in_words(error)) from None
        if Season.objects.filter(crew=self.crew, name__iexact=name).exists():
            raise forms.ValidationError(
                _("Your crew already has a season called %(name)s.") % {"name": name}
            )
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        starts, ends = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The last night can't come before the first."))
        for field in ("starts_on", "ends_on"):
            day = cleaned.get(field)
            if day and not 2000 <= day.year <= 2100:
                self.add_error(field, _("Choose a date between the years 2000 and 2100."))
        return cleaned

    def save(self, commit: bool = True) -> Season:
        self.instance.crew = self.crew
        return super().save(commit)
