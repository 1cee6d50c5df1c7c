"""The forms of crews and accounts: sign-up, log-in, a new crew, the crew's time zone."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.crews.models import Crew
from scorekeeper.domain import RuleError
from scorekeeper.domain.evenings import time_zone_names, time_zone_or_default
from scorekeeper.domain.scoring import clean_name
from scorekeeper.languages.words import in_words


class CrewNameField(forms.CharField):
    def __init__(self, **kwargs):
        super().__init__(max_length=80, **kwargs)


CREW_NAME_MAX_LENGTH = 80


def clean_new_crew_name(name: str) -> str:
    try:
        name = clean_name(name, max_length=CREW_NAME_MAX_LENGTH, what=_("The crew's name"))
    except RuleError as error:
        raise forms.ValidationError(in_words(error)) from None
    if Crew.objects.filter(name__iexact=name).exists():
        raise forms.ValidationError(
            _("A crew called “%(name)s” already exists: pick another name.") % {"name": name}
        )
    return name


class BrowserTimeZoneField(forms.CharField):
    """The zone the browser reports (static/js/timezone.js fills it). Only a proposal: a
    missing or unknown value quietly becomes UTC, and the crew page changes it later."""

    widget = forms.HiddenInput(attrs={"data-browser-time-zone": ""})

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=64, **kwargs)

    def clean(self, value):
        return time_zone_or_default((value or "").strip())


class CrewTimeZoneForm(forms.Form):
    """The crew page's zone picker: a name from the IANA database, e.g. "Europe/Madrid"."""

    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy(
            "Dates, times and which evening a game belongs to are read in this zone."
        ),
        error_messages={
            "required": gettext_lazy("Pick the crew's time zone."),
            "invalid_choice": gettext_lazy(
                "“%(value)s” is not a time zone we know: pick one from the "
                "list, e.g. “Europe/Madrid” or “America/New_York”."
            ),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in sorted(time_zone_names())]


class SignupForm(UserCreationForm):
    crew_name = CrewNameField(
        label=gettext_lazy("Your crew's name"),
        help_text=gettext_lazy("The group you play with, e.g. “Friday club”."),
    )
    time_zone = BrowserTimeZoneField()

    def __init__(self, *args, joining: Crew | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.joining = joining
        if joining is not None:
            # Joining through an invite: the crew already exists.
            del self.fields["crew_name"]
            del self.fields["time_zone"]

    def clean_crew_name(self) -> str:
        return clean_new_crew_name(self.cleaned_data["crew_name"])


class CrewForm(forms.Form):
    name = CrewNameField(label=gettext_lazy("Crew name"))
    time_zone = BrowserTimeZoneField()

    def clean_name(self) -> str:
        return clean_new_crew_name(self.cleaned_data["name"])


class UsernameLengthChecked:
    """A log-in form that refuses a username longer than the column before any backend hears
    of it. Django's log-in form sets its username field's length after building the field, so
    nothing checks it, and the login brake (django-axes) stores a failed login's username in
    a 255-character column: on PostgreSQL a longer one was a 500."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class LoginForm(UsernameLengthChecked, AuthenticationForm):
    pass


class AdminLoginForm(UsernameLengthChecked, AdminAuthenticationForm):
    pass
