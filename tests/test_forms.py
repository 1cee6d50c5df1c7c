"""Every form field is drawn by one template (templates/forms/field.html), with its help text
and errors linked to the input: a screen reader reads them when the input gets the focus."""

from html.parser import HTMLParser

import pytest
from django import forms
from django.forms.renderers import get_default_renderer
from django.urls import reverse

from scorekeeper.renderers import FormRenderer


class Page(HTMLParser):
    """The ids of a page and, for every element that has one, its aria-describedby."""

    def __init__(self, html: str):
        super().__init__()
        self.ids: set[str] = set()
        self.described: list[tuple[str, str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if attributes.get("aria-describedby"):
            self.described.append((tag, attributes.get("name", ""), attributes["aria-describedby"]))

    def dangling(self) -> list[str]:
        """Every aria-describedby id that names nothing on the page."""
        return [
            f"<{tag} name={name!r}> → #{target}"
            for tag, name, targets in self.described
            for target in targets.split()
            if target not in self.ids
        ]


class NoteForm(forms.Form):
    note = forms.CharField(label="Note", help_text="Up to ten words.", max_length=20)
    hidden = forms.CharField(widget=forms.HiddenInput, initial="kept")


def test_the_project_renderer_draws_fields():
    assert isinstance(get_default_renderer(), FormRenderer)
    assert FormRenderer.field_template_name == "forms/field.html"


def test_a_field_links_its_help_text():
    html = NoteForm()["note"].as_field_group()
    page = Page(html)
    assert '<label for="id_note">Note</label>' in html
    assert 'aria-describedby="id_note_helptext"' in html
    assert "id_note_helptext" in page.ids
    assert page.dangling() == []


def test_a_field_with_an_error_links_the_error_too():
    form = NoteForm(data={"note": "x" * 21})
    html = form["note"].as_field_group()
    page = Page(html)
    assert 'aria-describedby="id_note_helptext id_note_error"' in html
    assert 'aria-invalid="true"' in html
    assert {"id_note_helptext", "id_note_error"} <= page.ids
    assert "at most 20 characters" in html


def test_a_hidden_field_is_only_its_input():
    html = NoteForm()["hidden"].as_field_group().strip()
    assert html == '<input type="hidden" name="hidden" value="kept" id="id_hidden">'


@pytest.mark.django_db
def test_the_signup_page_links_every_input_to_help_text_that_exists(client):
    text = client.get(reverse("accounts:signup")).content.decode()
    page = Page(text)
    assert ("input", "crew_name", "id_crew_name_helptext") in page.described
    assert page.dangling() == []


@pytest.mark.django_db
def test_a_refused_signup_links_the_errors_that_exist(client):
    response = client.post(reverse("accounts:signup"), {"username": "ann", "password1": "x"})
    assert response.status_code == 422
    page = Page(response.content.decode())
    assert "id_password2_error" in page.ids
    assert page.dangling() == []


def test_the_house_rules_page_links_every_input_to_help_text_that_exists(crew_client, game):
    client, _ = crew_client
    url = reverse("referee:house_rules", args=[game.pk])
    shown = client.get(url)
    refused = client.post(url, {"uno_penalty": "many"})
    assert refused.status_code == 422
    described = [
        (shown, "id_uno_penalty_helptext"),
        (refused, "id_uno_penalty_helptext id_uno_penalty_error"),
    ]
    for response, ids in described:
        page = Page(response.content.decode())
        assert ("input", "uno_penalty", ids) in page.described
        assert page.dangling() == []


# Each page as it links a description: its help text, or the errors of a refused entry (the
# login, new crew and head-to-head forms show no help text, so a plain visit links nothing and
# "nothing dangles" would hold whatever the field template drew).
OTHER_FORMS = [
    ("accounts:login", "post", {"username": "", "password": ""}),
    ("accounts:crew_new", "post", {"name": ""}),
    ("history:games_import", "get", {}),
    ("history:head_to_head", "get", {"a": "x", "b": "y"}),
]


@pytest.mark.parametrize(
    ("name", "method", "data"), OTHER_FORMS, ids=[name for name, _, _ in OTHER_FORMS]
)
def test_the_other_form_pages_have_no_dangling_description(client, member, name, method, data):
    if name != "accounts:login":
        client.force_login(member)
    response = getattr(client, method)(reverse(name), data)
    page = Page(response.content.decode())
    assert page.described, f"{name}: no input is described"
    assert page.dangling() == []
