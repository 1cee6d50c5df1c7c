from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import Crew


class CrewNameField(forms.CharField):
    def __init__(self, **kwargs):
        super().__init__(max_length=80, **kwargs)


def clean_new_crew_name(name: str) -> str:
    name = name.strip()
    if Crew.objects.filter(name__iexact=name).exists():
        raise forms.ValidationError(f"A crew called “{name}” already exists: pick another name.")
    return name


class SignupForm(UserCreationForm):
    crew_name = CrewNameField(
        label="Your crew's name",
        help_text="The group you play with, e.g. “Friday club”.",
    )

    def __init__(self, *args, joining: Crew | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.joining = joining
        if joining is not None:
            # Joining through an invite: the crew already exists.
            del self.fields["crew_name"]

    def clean_crew_name(self) -> str:
        return clean_new_crew_name(self.cleaned_data["crew_name"])


class CrewForm(forms.Form):
    name = CrewNameField(label="Crew name")

    def clean_name(self) -> str:
        return clean_new_crew_name(self.cleaned_data["name"])
