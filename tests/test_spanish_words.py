"""One vocabulary per language: no English word left on a Spanish screen (issue 26, defect 8)."""

from django.utils import translation

from scorekeeper.domain.decks import parse_deck
from scorekeeper.history.charts import score_progression
from scorekeeper.languages.words import keys_in_words
from scorekeeper.referee.display import challenge_keypad
from scorekeeper.referee.forms import HouseNoteForm


def test_the_keypad_faces_say_the_cards_as_the_spanish_sheet_does():
    with translation.override("es"):
        faces = {key.label for key in keys_in_words("classic")}
        pad = {key.label for key in challenge_keypad("classic")["values"]}
        wilds = {key.label for key in challenge_keypad("classic")["wilds"]}
    assert {"Salta", "Reversa", "Comodín", "+2", "+4"} <= faces
    assert not {"Skip", "Rev", "Wild"} & faces
    assert {"Salta", "Reversa"} <= pad and "Comodín" in wilds


def test_the_keypad_faces_stay_english_in_english():
    with translation.override("en"):
        faces = {key.label for key in keys_in_words("classic")}
    assert {"Skip", "Rev", "Wild"} <= faces


def test_the_score_chart_names_the_target_in_spanish():
    with translation.override("es"):
        chart = score_progression(["Ann", "Ben"], {"Ann": [20], "Ben": [0]}, 500)
    assert ">meta 500</text>" in chart and "target" not in chart.replace('class="target', "")


def test_the_house_rule_boxes_of_a_not_covered_answer_have_a_spanish_label():
    with translation.override("es"):
        label = str(HouseNoteForm().fields["rules"].label)
    assert label == "Reglas de la casa que se activan en esta partida"


def test_a_crew_card_is_named_in_the_crew_s_own_words_in_each_language():
    card = {"token": "SK", "name": "Skip", "kind": "wild", "count": 1, "points": 30}
    named = parse_deck({"name": "Ours", "cards": [{**card, "name_es": "Saltito"}]}).sides[0]
    english_only = parse_deck({"name": "Theirs", "cards": [card]}).sides[0]
    with translation.override("es"):
        spanish = [key.label for key in keys_in_words(named)][-1]
        fallback = [key.label for key in keys_in_words(english_only)][-1]
    with translation.override("en"):
        english = [key.label for key in keys_in_words(named)][-1]
    # The crew's "Skip" is its own card, never the catalogue's "Salta".
    assert (spanish, fallback, english) == ("Saltito", "Skip", "Skip")
