"""A phone set to Spanish: sign up, reach the history, switch to English and back; score a
round, judge a challenge and ask the rules a question. Axe clean on every screen."""

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scorekeeper.crews.models import Crew, Preference
from scorekeeper.games.models import Challenge
from tests.browser.conftest import PASSWORD as MEMBER_PASSWORD
from tests.browser.conftest import assert_accessible, assert_no_sideways_scroll
from tests.factories import GameFactory

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
        # Not \w: the browser's regex reads it as ASCII, and "miércoles" and "sábado" have
        # accents (this failed on Wednesdays).
        re.compile(r"^[^\s,]+, \d+ de [^\s,]+ de \d{4}$")
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


@pytest.mark.django_db(transaction=True)
def test_a_round_a_challenge_and_a_rules_question_in_spanish(live_server, page: Page, table_member):
    assert page.viewport_size == {"width": 390, "height": 844}
    _, crew = table_member
    game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat"])
    page.goto(live_server.url + "/login/")
    page.get_by_label("Nombre de usuario").fill("ann")
    page.get_by_label("Contraseña").fill(MEMBER_PASSWORD)
    page.get_by_role("button", name="Iniciar sesión").click()
    page.wait_for_url(live_server.url + "/")
    expect(page.get_by_role("link", name="Partida nueva")).to_be_visible()

    # Round entry: the winner, the keypad for Ben, a typed total for Cat; then the board.
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Ronda 1", exact=True)).to_be_visible()
    check(page)
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.locator('[data-pick="Ben"]').click()
    pad = page.get_by_role("group", name="Teclado de cartas")
    pad.get_by_role("button", name=re.compile(r"(^|, )7 \(")).click()
    pad.get_by_role("button", name=re.compile(r"(^|, )7 \(")).click()
    ben = page.locator('[data-hand][data-player="Ben"] .hand-status')
    expect(ben).to_have_text("Ben: 2 cartas · 14 puntos")
    page.locator('[data-pick="Cat"]').click()
    page.get_by_label("…o escribe el total de Cat").fill("12")
    check(page)
    page.get_by_role("button", name="Guardar la ronda 1").click()
    ann = page.locator(".standing", has_text="Ann")
    expect(ann.locator(".total")).to_have_text("26")
    expect(ann).to_contain_text("faltan 474")
    expect(page.get_by_role("heading", name="Ronda a ronda")).to_be_visible()
    expect(page.get_by_role("button", name="Guardar la ronda 2")).to_be_visible()
    check(page)

    # The challenge helper: Ann challenges Ben, who held a red 7 on red.
    page.get_by_role("navigation", name="Herramientas de la partida").get_by_role(
        "link", name="Desafío"
    ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Desafío de Comodín Toma 4")
    check(page)
    page.get_by_role("group", name="¿Quién desafió?").get_by_text("Ann").click()
    page.get_by_role("group", name="¿Quién tiró el Comodín Toma 4?").get_by_text("Ben").click()
    page.get_by_role("group", name="¿Quien desafió tenía que tomar las 4?").get_by_text(
        "Sí", exact=True
    ).click()
    page.get_by_role("group", name="Color en juego").get_by_text("Rojo").click()
    hand_pad = page.locator("[data-pad]")
    hand_pad.get_by_role("button", name="Rojo").click()
    hand_pad.get_by_role("button", name="7", exact=True).click()
    expect(page.locator("[data-pad-status]")).to_contain_text("1 carta: 7 rojo")
    page.get_by_role("button", name="Juzgar su mano").click()
    verdict = page.locator(".verdict")
    expect(verdict.get_by_role("heading")).to_have_text("Culpable")
    expect(verdict).to_contain_text("Ben toma 4")
    expect(verdict).to_contain_text("tenía 7 rojo mientras el color en juego era rojo")
    assert Challenge.objects.filter(game=game, guilty=True).count() == 1
    check(page)

    # A rules question asked in Spanish.
    page.get_by_role("link", name="Volver al marcador").first.click()
    page.get_by_role("navigation", name="Herramientas de la partida").get_by_role(
        "link", name="Reglas"
    ).click()
    expect(page.get_by_role("heading", level=1, name="Reglas")).to_be_visible()
    page.get_by_label("Haz una pregunta sobre las reglas").press_sequentially(
        "¿se puede acumular el toma 2?", delay=20
    )
    expect(page.locator("#best-title")).to_have_text("Acumular Toma 2 y +4")
    expect(page.locator(".best-answer")).to_contain_text("No es oficial.")
    expect(page.locator(".best-answer")).to_contain_text("Fuentes:")
    check(page)
