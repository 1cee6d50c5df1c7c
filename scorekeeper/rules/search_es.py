"""Spanish for the rules search: how Spanish-speaking tables name the cards and the moves.

``search.py`` runs every query and every entry through one normalisation; this module adds the
Spanish part of it, so "comodín toma 4", "roba cuatro" and "+4" become the same term as "wild
draw four", and a Spanish question finds its entry whatever language the page is in:

- ``PHRASES``: Spanish card names and table talk rewritten to the canonical tokens (applied to
  folded text: lowercase, no accents);
- ``SYNONYMS``: Spanish words folded onto the English terms ("comodín" -> ``wild``, "robar"
  -> ``draw``, "desafío" -> ``challenge``);
- ``STOP_WORDS``: Spanish words that carry nothing for the search;
- ``OTHER_WORDS``: everyday Spanish words no rule is about, known to the typo correction so
  that it never "corrects" them into a rules word.

The names follow the Spanish half of the Water Drop sheet ("Comodín Toma 4", "pila para
tomar", "desafío") plus what tables in Spain and Latin America say ("roba dos", "cambio de
sentido", "pierde turno", "mazo").

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import re
import unicodedata

from scorekeeper.rules.entries_es import ENTRIES_ES

# --- Phrases ---------------------------------------------------------------------------------

_N2 = r"(?:2|dos)"
_N4 = r"(?:4|cuatro)"
_CARDS = r"\s+(?:mas\s+)?cartas?\b"
_DRAW_VERB = (
    r"(?:toma|tomas|tome|tomar|roba|robas|robe|robar|chupa|chupate|chupar|come|comete|"
    r"comer|agarra|agarrar|levanta|levantar|coge|coger)"
)
_COLOUR_ES = r"(?:roj[oa]s?|azul(?:es)?|verdes?|amarill[oa]s?)"
_NUMBER_ES = r"(?:\d|cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)"

# Applied before the English phrases, in this order (longer names before the ones they hold).
PHRASES: tuple[tuple[str, str], ...] = (
    # "toma 4 cartas" is an amount, not the card: keep it as words.
    (rf"\b{_DRAW_VERB}\s*({_N2}|{_N4}){_CARDS}", r"draw \1 card"),
    (rf"\bcomodin(?:es)?\s*(?:{_DRAW_VERB}|mas|\+)\s*{_N4}\b", "wilddrawfour"),
    (rf"\b{_DRAW_VERB}\s*{_N4}\b", "wilddrawfour"),
    (rf"\b{_DRAW_VERB}\s*{_N2}\b", "drawtwo"),
    (rf"\bmas\s*{_N4}\b", "wilddrawfour"),
    (rf"\bmas\s*{_N2}\b", "drawtwo"),
    (r"\bcambios?\s+de\s+(?:sentido|direccion)\b", "reverse"),
    (r"\bpierde\s+turno\b", "skip"),
    (r"\b(?:7|siete)\s*(?:-|/|&|y|e|o)?\s*(?:0|cero)\b", "sevenzero"),
    (r"\b(?:0|cero)\s*(?:-|/|&|y|e|o)?\s*(?:7|siete)\b", "sevenzero"),
    (
        r"\bfuera\s+de\s+(?:su\s+|mi\s+|tu\s+)?turno\b|\bsin\s+ser\s+(?:mi|tu|su)\s+turno\b",
        "jumpin",
    ),
    (
        r"\b(?:2|dos)\s+(?:jugadore?s?|personas?)\b|\bmano\s+a\s+mano\b"
        r"|\buno\s+(?:contra|vs|v)\s+uno\b|\b1\s*(?:contra|vs|v)\s*1\b"
        r"|\bsolo\s+(?:somos\s+|estamos\s+)?(?:dos|2)\b|\bde\s+a\s+dos\b|\bentre\s+dos\b",
        "twoplayer",
    ),
    (r"\btoques?\s+de\s+queso\b|\bdiario\s+de\s+greg\b", "cheesetouch"),
    (r"\b(?:gotas?|baldes?|cubos?)\s+de\s+agua\b", "waterdrop"),
    (
        r"\bpilas?\s+(?:para|de|pa|donde|de\s+donde)\s+"
        r"(?:tirar|descartar|descarte|jugar|bajar)\b|\bdescartes?\b",
        "discardpile",
    ),
    (
        r"\bpilas?\s+(?:para|de|pa|donde|de\s+donde)\s+"
        r"(?:tomar|robar|agarrar|coger|sacar|chupar|comer)\b",
        "drawpile",
    ),
    (r"\bpilas?\b|\bmazos?\b|\bmontones?\b|\bmonton\b", "drawpile"),
    (
        r"\bse\s+(?:acabo|acabaron|acaba|acaban|termino|terminaron|agoto|agotaron|agota|"
        r"agotan|vacio|quedo\s+vaci[oa])\b|\bno\s+(?:quedan|hay\s+mas)\b|\bya\s+no\s+hay\b",
        "runout",
    ),
    (r"\bqued\w*\s+sin\s+cartas\b", "goout"),
    (
        r"\b(?:contra|contrario\s+a|en\s+contra\s+de)\s+(?:las\s+)?(?:agujas|manecillas)"
        r"(?:\s+del\s+reloj)?\b|\bantihorario\b",
        "counterclockwise",
    ),
    (r"\b(?:agujas|manecillas)\s+del\s+reloj\b|\bhorario\b", "clockwise"),
    # "jugar a 250", "hasta 300 puntos": a points target other than the usual 500.
    (r"\b(?:a|hasta)\s+(?!500\b)[1-9]\d{2,3}\b(?:\s+puntos)?", "target"),
    # "No puedo jugar", "no tengo ninguna carta para tirar": the player can't play.
    (
        r"\bno\s+(?:puedo|puedes|puede|pude|podes|podia|podemos)\s+(?:jugar|tirar|echar|poner|bajar)\b"
        r"|\bno\s+(?:tengo|tienes|tiene|tenia|tenes)\s+(?:ninguna|nada|ni\s+una|carta)"
        r"(?:\s+carta)?\s+(?:para|que|pa)\s+(?:jugar|tirar|echar|poner|bajar)\b"
        r"|\bno\s+me\s+sirve\s+ninguna\b",
        "cant play",
    ),
    # "Aunque tenga el color": playing while holding a card that would do.
    (
        r"\bteniendo\b|\b(?:aunque|si|cuando|mientras)\s+(?:yo\s+|el\s+|ella\s+)?"
        r"(?:tengo|tenga|tenia|tiene|tienes|tenes|tuviera)\b",
        "holding",
    ),
    # The card turned up to start the discard pile, however a table says it.
    (
        r"\bprimera\s+carta\b|\bcarta\s+(?:de\s+)?(?:inicio|inicial|de\s+arriba|de\s+salida)\b"
        r"|\b(?:de|como)\s+primera\b|\bal\s+(?:arrancar|empezar|comenzar|inicio|principio)\b"
        r"|\b(?:para|al)\s+(?:empezar|arrancar|comenzar)\b"
        r"|\b(?:arrancamos|empezamos|comenzamos|arranco|empezo|comenzo)\s+con\b",
        "firstcard",
    ),
    (r"\bpenultim[oa]s?\b", "nexttolast"),
    (r"\botra\s+vez\b|\bde\s+nuevo\b", "again"),
    (r"\breglas?\s+(?:de\s+(?:la\s+)?casa|caseras?)\b", "houserule"),
    (
        r"\b(?:decir|digo|dices|dice|dije|dijo|diga|dijiste|gritar|grito|grite|grita|gritaste|"
        r"cantar|canto|cante|canta|cantaste|avisar|aviso|avise)\s+(?:el\s+)?uno\b",
        "call uno",
    ),
    (r"\bvoltea\w*|\bda(?:r|mos)?\s+(?:la\s+)?vuelta\b|\bdestapa\w*", "flip"),
    # "un 7 rojo" asks about matching colour and number, not about sevens.
    (rf"\b{_NUMBER_ES}\s+{_COLOUR_ES}\b|\b{_COLOUR_ES}\s+{_NUMBER_ES}\b", "colour number"),
)


def _forms(canonical: str, words: str) -> dict[str, str]:
    return dict.fromkeys(words.split(), canonical)


# Word-level folding onto the English terms (keys are folded: lowercase, no accents).
SYNONYMS: dict[str, str] = {
    # the cards
    **_forms("wild", "comodin comodines"),
    **_forms("reverse", "reversa reversas reverso"),
    **_forms("skip", "salta saltas salto saltar saltan bloqueo bloqueos"),
    **_forms("kitty", "gatito gatitos"),
    **_forms("card", "carta cartas naipe naipes"),
    **_forms("deck", "baraja barajas"),
    **_forms("drawpile", "mazo"),
    **_forms("blank", "blanco blanca blancos blancas"),
    **_forms("action", "accion acciones"),
    **_forms("special", "especial especiales"),
    **_forms("number", "numero numeros numerica numericas numerico numericos"),
    **_forms("colour", "colores"),
    **_forms("red", "rojo roja rojos rojas"),
    **_forms("blue", "azul azules"),
    **_forms("green", "verde verdes"),
    **_forms("yellow", "amarillo amarilla amarillos amarillas"),
    # the moves
    **_forms(
        "draw",
        "robar roba robas robo robe robaste robamos roban robando robada robado tomar toma "
        "tomas tomo tome tomaste tomamos toman tomando tomada tomado coger cojo coge coges "
        "agarrar agarro agarra agarras levantar levanto levanta comer comerse comio "
        "chupar chupa chupo chupate sacar saca saco sacas",
    ),
    **_forms(
        "play",
        "jugar juego juegas juega jugue jugo jugaste jugamos juegan jugando tirar tiro tira "
        "tiras tire tiraste tiramos tiran bajar bajas baje bajaste echar echo echa echas "
        "poner pongo pone pones puse",
    ),
    **_forms(
        "stack",
        "acumular acumulo acumula acumulas acumulan acumulando acumulable "
        "acumulables acumulacion apilar apilo apila encadenar encadeno encadena stackear",
    ),
    **_forms(
        "challenge",
        "desafio desafios desafiar desafia desafie desafias desafiante "
        "desafiado desafiada retar reto reta rete retas impugnar dudar",
    ),
    **_forms(
        "bluff",
        "farol farolear faroleo mentir mintio miente mentira trampa tramposo enganar engano",
    ),
    **_forms("guilty", "culpable culpables"),
    **_forms("call", "gritar grito grite cantar canto cante avisar"),
    **_forms("forget", "olvidar olvide olvido olvida olvidas olvidaste olvidado olvidamos"),
    **_forms(
        "penalty",
        "penalizacion penalizaciones penalidad castigo castigos multa "
        "sancion sanciones penalizar penaliza",
    ),
    **_forms(
        "catch",
        "pillar pillo pille pillan pillaron pillas cachar cacho cacharon "
        "atrapar atrapa atraparon descubrir descubre descubren descubrieron sorprender "
        "sorprende acusar acuso acusa",
    ),
    **_forms("deal", "repartir reparte reparto repartes repartio repartimos repartiendo"),
    **_forms("dealer", "repartidor repartidora"),
    **_forms(
        "shuffle",
        "barajar barajo barajan barajamos rebarajar revolver revuelve mezclar mezcla mezclamos",
    ),
    **_forms("goout", "salir salgo sale sales salio sali salimos cerrar cierro cierra cerro"),
    **_forms(
        "win", "ganar gana gano gane ganas ganamos ganador ganadora ganadores ganado victoria"
    ),
    **_forms("end", "terminar termina termino terminas acabar acaba acabo final fin finalizar"),
    **_forms(
        "start",
        "empezar empieza empiezo empiezas empiece comenzar comienza comienzo "
        "arrancar arranca inicio iniciar inicial",
    ),
    **_forms("match", "coincidir coincide coinciden emparejar empareja igualar iguala"),
    **_forms("change", "cambiar cambia cambio cambias"),
    **_forms("swap", "intercambiar intercambio intercambia"),
    **_forms("pass", "pasar paso pasas pasarle"),
    **_forms("keep", "seguir sigo sigues"),
    **_forms("until", "hasta"),
    # the game
    **_forms("player", "jugador jugadores jugadora jugadoras persona personas"),
    **_forms("turn", "turno turnos"),
    **_forms("hand", "mano manos"),
    **_forms("round", "ronda rondas"),
    **_forms("game", "partida partidas"),
    **_forms("rule", "regla reglas"),
    **_forms("official", "oficial oficiales"),
    **_forms("point", "punto puntos puntaje vale valen valor valores"),
    **_forms("score", "puntuar puntua puntuacion marcador anotar apuntar"),
    **_forms("target", "meta objetivo"),
    **_forms("low", "menos menor"),
    **_forms("first", "primera primero primer primeras primeros"),
    **_forms("last", "ultima ultimo ultimas"),
    **_forms("next", "siguiente"),
    **_forms("left", "izquierda"),
    **_forms("right", "derecha"),
    **_forms("direction", "sentido direccion"),
    **_forms("same", "mismo misma mismos mismas igual iguales identica identico"),
    **_forms("many", "cuantas cuantos"),
    **_forms("much", "cuanto cuanta"),
    **_forms("more", "mas"),
    **_forms("not", "sin"),
    **_forms("age", "edad"),
    **_forms("youngest", "joven jovenes"),
    **_forms("empty", "vacio vacia vacios vacias"),
    **_forms("illegal", "ilegal ilegales"),
    **_forms("jumpin", "meterse colarse cuelo"),
    # number words to digits, like the English ones
    **_forms("0", "cero"),
    **_forms("2", "dos"),
    **_forms("3", "tres"),
    **_forms("4", "cuatro"),
    **_forms("5", "cinco"),
    **_forms("6", "seis"),
    **_forms("7", "siete"),
    **_forms("8", "ocho"),
    **_forms("9", "nueve"),
    **_forms("10", "diez"),
}

_STOP_WORDS_TEXT = """
    de del la las el los lo le les un una unos unas y e o u que en con por para se si me mi
    mis te tu tus su sus nos es son era fue ser estar esta este esto estos estas ese esa eso
    esos esas al como cuando donde quien quienes cual cuales hay ha han he has puedo puede
    puedes pueden podemos podria podrian poder debo debe debes deben tengo tiene tienes
    tenemos tienen tener hacer hago hace pasa pasan pero ya yo ella ellos ellas nosotros
    usted ustedes alguien algo nada todo toda todos todas tambien muy bien pues entonces asi
    aqui alli eh oye porfa porfavor favor oigan quiero quieres queremos sea vez ok okey
    cosa acaso verdad dale mientras
    k q ke ki kien kienes xq pq porq porque tb tmb tambn x d komo kuando aki weon wey tio
    che po pe ahora
"""
STOP_WORDS: frozenset[str] = frozenset(_STOP_WORDS_TEXT.split())

# Everyday Spanish words that no rule is about. They are real words, not typos: the search
# never "corrects" them into a rules word ("mirar" is not "tirar"), so a question built on
# them reads as one no sheet settles.
_OTHER_WORDS_TEXT = """
    mirar miro mira ver veo ensenar ensena mostrar muestra esconder escondo ocultar hablar
    suelo piso mesa caer cae cayo falta faltan faltar perdida perdimos dura durar tiempo
    minutos horas rato companero companeros equipo equipos pareja parejas regalar prestar
    ayudar trampas hacer mal bien comer cena bebida silla casa perro gato libro telefono
    celular foto sonar mismo rapido lento tarde temprano nunca siempre vez veces salen
    salgan ambos dos
"""
OTHER_WORDS: frozenset[str] = frozenset(_OTHER_WORDS_TEXT.split()) - frozenset(SYNONYMS)

# Words that only a Spanish question holds. Short words that are also English ("a", "me",
# "he", "no", "son", "uno") are left out, so an English question is never read as Spanish.
_ALSO_ENGLISH_TEXT = """
    a e o u me he has ha no son uno sin lo al era sea favor dale ok okey eh final fin sale
    sales tire echo come robe tome persona personas victoria once pone saco
"""
_NOT_A_MARKER = frozenset(_ALSO_ENGLISH_TEXT.split())
_ACCENTED = re.compile(r"[ñáéíóúü¿¡]", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """Lowercase without accents ("Comodín" -> "comodin"), as ``search.py`` folds text."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(char for char in text if not unicodedata.combining(char)).lower()


_MARKERS = frozenset((STOP_WORDS | frozenset(SYNONYMS)) - _NOT_A_MARKER)


def looks_spanish(query: str) -> bool:
    """True for a question typed in Spanish: an accent, ñ, ¿ or ¡, or a Spanish-only word."""
    if _ACCENTED.search(query):
        return True
    return any(word in _MARKERS for word in _WORD.findall(fold(query)))


# --- The Spanish library, for the index ---------------------------------------------------------


def aliases(slug: str) -> tuple[str, ...]:
    """The Spanish ways to ask for an entry: its Spanish title and phrasings."""
    text = ENTRIES_ES.get(slug)
    return (text.title, *text.aliases) if text else ()


def body(slug: str) -> tuple[str, ...]:
    """The Spanish answer and variants of an entry, indexed like the English ones."""
    text = ENTRIES_ES.get(slug)
    return (text.answer, *text.variants) if text else ()


def texts() -> list[str]:
    """Every Spanish text of the library (for ``SpanishWords``)."""
    return [part for slug in ENTRIES_ES for part in (*aliases(slug), *body(slug))]
