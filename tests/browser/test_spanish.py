"""A phone set to Spanish: sign up, reach the history, switch to English and back; axe clean."""

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Crew, Preference
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll

PASSWORD = "una-contraseña-larga"


@pytest.fixture
def browser_context_args(browser_context_args):
    """The phone's language is Spanish: its browser sends Accept-Language: es-ES."""
    return {**browser_context_args, "locale": "es-ES"}


def check(page: Page) -> None:
    assert_accessible(page)
    assert_no_sideways_scroll(page)


@pytest.mark.django_db(transaction=True)
def test_sign_up_and_the_history_in_spanish(live_server, page: Page):
    refused = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(live_server.url + "/signup/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_have_text("¡Bienvenido! Crea la primera cuenta")
    check(page)
    page.get_by_label("Nombre de usuario").fill("lucia")
    page.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    page.get_by_label("Contraseña (confirmación)").fill(PASSWORD)
    page.get_by_label("Nombre de tu grupo").fill("Los viernes")
    page.get_by_role("button", name="Crear cuenta").click()
    page.wait_for_url(live_server.url + "/")

    crew = Crew.objects.get(name="Los viernes")
    call_command("seed_demo", games=12, crew=crew.name, user="", stdout=io.StringIO())
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Historial").click()
    expect(page.get_by_role("heading", level=1, name="Noches de juego")).to_be_visible()
    nights = page.get_by_role("region", name=re.compile("Noches de juego"))
    expect(nights.get_by_role("columnheader", name="Quién jugó")).to_be_visible()
    check(page)

    nights.locator("tbody a").first.click()
    expect(page.get_by_role("heading", name="Clasificación")).to_be_visible()
    # The night's date in Spanish words: "sábado, 21 de noviembre de 2026".
    expect(page.locator("main p.muted").first).to_have_text(
        re.compile(r"^\w+, \d+ de \w+ de \d{4}$")
    )
    check(page)

    page.get_by_role("link", name=re.compile(r"#\d+")).first.click()
    expect(page.get_by_role("heading", name="Evolución de los puntos")).to_be_visible()
    check(page)

    page.goto(live_server.url + "/players/")
    expect(page.get_by_role("heading", level=1, name="Jugadores")).to_be_visible()
    # Our scripts speak the page's language too (the words travel in the page, CSP-safe).
    said = page.evaluate(
        "scorekeeperText('Not saved: the server answered with an error (%(status)s). "
        "Your entry is still on screen.', {status: 502})"
    )
    assert said == (
        "No se guardó: el servidor respondió con un error (502). Lo que anotaste sigue en pantalla."
    )
    expect(page.get_by_label("Periodo")).to_be_visible()
    check(page)

    # The switcher: English for this user on every phone, then back to Spanish.
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1, name="Players")).to_be_visible()
    assert Preference.objects.get(user__username="lucia").language == "en"
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")
    check(page)
    page.get_by_role("button", name="Español").click()
    expect(page.get_by_role("heading", level=1, name="Jugadores")).to_be_visible()
    assert Preference.objects.get(user__username="lucia").language == "es"
    assert not refused, refused
