"""Every key's label fits its key at 390 px (and on the narrowest phone, 360 px), in both
languages: the round keypad of each deck (the built-in editions, a crew's deck with its own
cards) and the challenge pad. A label wider than its key is clipped ("omodí" for "Comodín"); a
label may wrap at a space, never inside a word ("Cam-bio")."""

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorekeeper.decks import services as decks
from scorekeeper.domain.decks import SUGGESTED_CARDS, house_card_data
from tests.browser.test_round_screen import FOUR, open_game, page_height, round_bottom
from tests.factories import GameFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("console_errors")]

KEYS = ".keypad .key, .pad .pad-key, .pad .pad-colour"

# Each visible key: its label, whether the label is wider than the key, and the words of the
# label that the browser broke across two lines.
MEASURE = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((key) => key.offsetParent !== null)
  .map((key) => {
    const face = key.querySelector(".card-face") || key;
    const outer = key.getBoundingClientRect();
    const inner = face.getBoundingClientRect();
    // A card key's tilted oval overflows it on purpose (scrollWidth counts it): there the
    // label's own box is measured against the key's.
    const spills = face === key
      ? key.scrollWidth > key.clientWidth
      : face.scrollWidth > face.clientWidth || inner.left < outer.left + key.clientLeft - 0.5
        || inner.right > outer.right - key.clientLeft + 0.5;
    const broken = [];
    const walker = document.createTreeWalker(face, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return { label: key.textContent.trim(), spills, broken };
  })"""


def misfits(page: Page) -> list[str]:
    keys = page.evaluate(MEASURE, KEYS)
    assert keys, "no key on the page"
    return [
        f"{key['label']!r}"
        + (" spills out" if key["spills"] else "")
        + (f" breaks inside {key['broken']}" if key["broken"] else "")
        for key in keys
        if key["spills"] or key["broken"]
    ]


@pytest.fixture
def pages(table_member) -> list[str]:
    """The round keypad of every built-in edition and of a crew's deck made of the cards the
    Classic sheet names, and the challenge pad, plain and for the deck with its own card."""
    _, crew = table_member
    deck = decks.deck_create(crew=crew, name="Our box", base="classic")
    for card in SUGGESTED_CARDS:
        decks.deck_add_card(deck=deck, card={**house_card_data(card), "points": 50})
    urls = []
    for edition in ("classic", "kitty", "cheese-touch", "water-drop"):
        game = GameFactory(crew=crew, players=["Ann", "Ben", "Cat"], edition=edition)
        urls.append(reverse("games:game_detail", args=[game.pk]))
    with_deck = GameFactory(crew=crew, players=["Ann", "Ben"])
    with_deck.deck, with_deck.edition = deck.current, "classic"
    with_deck.save(update_fields=["deck", "edition"])
    urls.append(reverse("games:game_detail", args=[with_deck.pk]))
    urls.append(reverse("referee:rules_challenge"))
    urls.append(reverse("referee:rules_challenge") + "?edition=kitty")
    return urls


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_key_label_fits_its_key(live_server, logged_in_page: Page, pages, language, width):
    page = logged_in_page
    page.set_viewport_size({"width": width, "height": 844})
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    found = {}
    for url in pages:
        page.goto(live_server.url + url)
        expect(page.locator("html")).to_have_attribute("lang", language)
        if bad := misfits(page):
            found[url] = bad
    assert not found, "\n".join(f"{url}: {', '.join(bad)}" for url, bad in found.items())


@pytest.mark.parametrize("edition", ["classic", "kitty"])
def test_a_spanish_round_still_fits_one_screen(
    live_server, logged_in_page: Page, table_member, edition
):
    """Five keys a row make Spanish keypads a row taller than the English ones: the fullest
    four-player round (the edition's own card, the Wild Draw Four reminder) still fits 844 px."""
    page = logged_in_page
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "es", "url": live_server.url}]
    )
    open_game(page, live_server, table_member, FOUR, edition=edition)
    page.get_by_role("radio", name="Dan", exact=True).click()
    page.get_by_role("radio", name="Comodín Toma 4").click()
    expect(page.locator("[data-reminder]")).to_be_visible()
    page.get_by_role("group", name="Teclado de cartas").get_by_role("button").first.click()
    assert page_height(page) <= 844 and round_bottom(page) <= 844
