import pytest
from django.urls import reverse

from scorekeeper.rules import KINDS

URL = reverse("referee:first_card")


def test_the_first_card_page_is_public_and_lists_the_cards(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    text = response.content.decode()
    for kind in KINDS[:-1]:
        assert f'name="card" value="{kind}"' in text
    assert 'value="special"' not in text  # Classic has no special card


def test_an_editions_special_card_is_offered(client, db):
    text = client.get(URL, {"edition": "kitty"}).content.decode()
    assert 'value="special" class="btn card-button">Kitty card</button>' in text
    assert '<option value="kitty" selected>' in text


def test_a_wild_draw_four_goes_back_into_the_deck(client, db):
    text = client.get(URL, {"edition": "classic", "card": "wild-draw-four"}).content.decode()
    assert "Wild Draw Four turned up" in text
    assert "goes back into the deck" in text
    assert 'href="/rules/first-card-wd4/"' in text


def test_a_draw_two_says_who_draws_and_who_opens(client, db):
    text = client.get(URL, {"card": "draw-two"}).content.decode()
    assert "<dt>Plays first</dt><dd>the player two seats to the dealer&#x27;s left</dd>" in text
    assert "<dt>Direction</dt><dd>clockwise (to the left)</dd>" in text
    assert "<dt>Draws</dt><dd>the player left of the dealer draws 2 and is skipped</dd>" in text


def test_a_classic_reverse_follows_unorules_and_shows_the_summary_disagreeing(client, db):
    text = client.get(URL, {"card": "reverse"}).content.decode()
    assert "<dt>Plays first</dt><dd>the player on the dealer&#x27;s right</dd>" in text
    assert "Sheets disagree:" in text
    assert "Big Bang" not in text.split("Sheets disagree:")[1].split("</div>")[0]


def test_a_themed_reverse_follows_its_own_sheet_without_the_classic_one(client, db):
    text = client.get(URL, {"edition": "kitty", "card": "reverse"}).content.decode()
    assert "<dt>Plays first</dt><dd>the dealer</dd>" in text
    assert "Sheets disagree:" not in text and "unorules" not in text


def test_a_classic_wild_is_left_to_the_table_because_its_sheet_says_both(client, db):
    text = client.get(URL, {"card": "wild"}).content.decode()
    assert "says two different things here" in text
    assert "<dt>Plays first</dt>" not in text


def test_our_reading_is_labelled(client, db):
    text = client.get(URL, {"card": "draw-two"}).content.decode()
    assert "Our reading, not the sheet's words:" in text


def test_a_silent_sheet_says_to_agree_at_the_table(client, db):
    text = client.get(URL, {"edition": "cheese-touch", "card": "special"}).content.decode()
    assert "says nothing about it: agree at the table" in text


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"edition": "classic", "card": "special"}, "The Classic deck has no special card"),
        ({"card": "joker"}, "There is no card kind &#x27;joker&#x27;"),
        ({"edition": "uno-flip", "card": "wild"}, "There is no edition called &#x27;uno-flip"),
    ],
)
def test_bad_input_is_refused_with_a_message(client, db, params, message):
    response = client.get(URL, params)
    assert response.status_code == 422
    assert message in response.content.decode()


def test_in_spanish_the_first_button_is_a_card_kind_not_the_catalogues_header(client, db):
    # A header block pasted as the msgstr of "Number (0–9)" once showed on this button.
    text = client.get(URL, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'name="card" value="number" class="btn card-button">Número (0–9)</button>' in text
    assert "Project-Id-Version" not in text
