"""The rules library in Spanish: the text of every entry of ``entries.py``, keyed by slug.

Only the words live here. Slugs, sources, editions, related entries and house rules stay on
the English ``Entry`` and are shared, so both languages cite the same sheets and link the same
entries; ``localized.py`` lays these texts over an entry for the active language.

Written in our own words like the English library, never copied from a sheet. The names of the
cards follow the Spanish half of the Water Drop sheet, the one Spanish sheet we have: "Toma 2",
"Reversa", "Salta", "Comodín", "Comodín Toma 4", "pila para tomar". ``variants`` holds one
answer per English variant, in the same order. ``aliases`` are Spanish phrasings for the search
(lowercase, typed the way people ask at the table).

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Translation:
    title: str
    answer: str
    variants: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    interpretation: str = ""  # the English entry's "our reading" note, in Spanish
    matter: tuple[str, ...] = ()  # a house-rule entry's matter in Spanish (``Entry.matter``)


# The sheets by the names a Spanish-speaking table would recognise (ids as in ``SHEETS``).
SHEET_TITLES: dict[str, str] = {
    "unorules": "Reglas clásicas según unorules.org",
    "kitty": "Hoja de la edición The Big Bang Theory",
    "cheese-touch": "Hoja de la edición Diary of a Wimpy Kid",
    "water-drop": "Hoja de la edición Water Drop (inglés y español)",
    "summary": "Resumen general de las reglas",
}

ENTRIES_ES: dict[str, Translation] = {
    # --- Lo que trae cada baraja ------------------------------------------------------------
    "deck-classic": Translation(
        title="Qué trae una baraja Clásica",
        answer=(
            "El juego Clásico usa 108 cartas: 76 numéricas (19 de cada color, rojo, amarillo, "
            "verde y azul, numeradas del 0 al 9), 8 Toma 2, 8 Reversa y 8 Salta (dos de cada "
            "una por color), 4 Comodines y 4 Comodines Toma 4. La hoja encabeza su lista con "
            "112 cartas; sus preguntas frecuentes explican que las cuatro de más son cartas "
            "en blanco, y el juego Clásico deja fuera las cartas en blanco, las de cambiar "
            "manos y las de barajar manos."
        ),
        interpretation=(
            "La hoja solo dice que cada color va del 0 al 9 en 19 cartas; lo leemos como un "
            "solo 0 y dos de cada número del 1 al 9, que es como la app comprueba una mano "
            "contra la baraja."
        ),
        aliases=(
            "baraja clasica",
            "cuantas cartas tiene la baraja",
            "cuantas cartas tiene el uno",
            "que cartas trae el uno",
            "contenido de la baraja",
            "108 cartas",
        ),
    ),
    "deck-kitty": Translation(
        title="Qué trae la baraja Kitty (The Big Bang Theory)",
        answer=(
            "La caja de The Big Bang Theory tiene 112 cartas: 76 numéricas (19 por color, del "
            "0 al 9), luego 8 Toma 2, 8 Reversa y 8 Salta (dos de cada una por color), 4 "
            "Comodines, 4 Comodines Toma 4 y 4 cartas Kitty, la carta especial de esta edición."
        ),
        aliases=(
            "baraja big bang theory",
            "baraja kitty",
            "cuantas cartas kitty hay",
            "cartas de la edicion big bang theory",
        ),
    ),
    "deck-cheese-touch": Translation(
        title="Qué trae la baraja Cheese Touch (Wimpy Kid)",
        answer=(
            "La caja de Diary of a Wimpy Kid tiene 112 cartas: 76 numéricas (19 por color, "
            "del 0 al 9), 8 Toma 2, 8 Reversa y 8 Salta (dos por color de cada una), 4 "
            "Comodines, 4 Comodines Toma 4 y 4 cartas Cheese Touch, la carta especial de la "
            "edición."
        ),
        aliases=(
            "baraja wimpy kid",
            "baraja del diario de greg",
            "baraja cheese touch",
            "cuantas cartas cheese touch hay",
        ),
    ),
    "deck-water-drop": Translation(
        title="Qué trae la baraja Water Drop",
        answer=(
            "La caja Water Drop tiene 112 cartas: 76 numéricas (19 por color, del 0 al 9), 8 "
            "Toma 2, 8 Reversa y 8 Salta (dos por color de cada una), 4 Comodines, 4 Comodines "
            "Toma 4 y 4 cartas Water Drop. La parte en español de la hoja usa estos mismos "
            "nombres y llama a la carta especial «balde de agua»."
        ),
        aliases=(
            "baraja water drop",
            "cuantas cartas water drop hay",
            "cuantos baldes de agua hay",
            "cartas en espanol",
        ),
    ),
    "blank-cards": Translation(
        title="Cartas en blanco, de cambiar manos y de barajar manos",
        answer=(
            "Algunas barajas Clásicas traen cartas en blanco, cartas para intercambiar manos o "
            "cartas para revolver las manos. No son parte del juego Clásico: unorules.org pide "
            "apartarlas, y sus preguntas frecuentes cuentan una baraja normal como 108 cartas "
            "de juego más 4 en blanco. Ninguna de nuestras hojas les da reglas."
        ),
        aliases=(
            "cartas en blanco",
            "carta blanca",
            "carta de intercambiar manos",
            "carta de barajar manos",
            "que hago con la carta en blanco",
            "carta personalizada",
        ),
    ),
    # --- La preparación ---------------------------------------------------------------------
    "player-count": Translation(
        title="Cuántos pueden jugar",
        answer=(
            "De dos a diez jugadores, a partir de los 7 años, en todas las hojas que dan una "
            "cifra; la de Water Drop no da ninguna. Solo unorules.org añade reglas para una "
            "partida de dos."
        ),
        aliases=(
            "cuantos jugadores",
            "maximo de jugadores",
            "minimo de jugadores",
            "cuantas personas pueden jugar",
            "edad",
            "desde que edad",
        ),
    ),
    "two-packs": Translation(
        title="Dos barajas juntas para más de diez jugadores",
        answer=(
            "Todas las hojas están pensadas para una sola baraja, y las que dan una cifra "
            "hablan de 2 a 10 jugadores; la de Water Drop no da ninguna. Ninguna hoja dice si "
            "un grupo más grande puede mezclar dos barajas, ni qué cambiaría entonces. "
            "Acuérdalo con la mesa."
        ),
        aliases=(
            "dos barajas",
            "mas de 10 jugadores",
            "jugar con 2 mazos",
            "juntar dos barajas de uno",
            "uno con baraja doble",
        ),
    ),
    "who-deals": Translation(
        title="Quién reparte",
        answer=(
            "Antes de la primera mano cada jugador voltea una carta, y reparte quien saque la "
            "mejor. Las hojas no coinciden en cuánto vale una carta de acción en este sorteo. "
            "El que reparte baraja y da las cartas. El resumen general no habla de este "
            "sorteo."
        ),
        interpretation=(
            "En las partidas Clásicas leemos «valor en puntos» como los valores de "
            "puntuación, así que un Toma 2, una Reversa o un Salta (20) y un Comodín (50) "
            "ganan a cualquier carta numérica. Ninguna hoja dice qué pasa con un empate; la "
            "app hace que los empatados vuelvan a sacar."
        ),
        variants=(
            (
                "Reparte el número más alto; cualquier carta con símbolo (todas las de acción "
                "y los Comodines) cuenta como cero."
            ),
            "Reparte la carta que más puntos vale.",
        ),
        aliases=(
            "quien reparte",
            "quien da las cartas",
            "quien es el repartidor",
            "sorteo para repartir",
            "elegir al que reparte",
            "cuenta una carta de accion para repartir",
            "la carta mas alta reparte",
        ),
    ),
    "deal-seven": Translation(
        title="Cuántas cartas a cada uno",
        answer=(
            "Cada jugador recibe 7 cartas (el resumen general añade: boca abajo). Las que "
            "sobran forman la pila para tomar."
        ),
        aliases=(
            "cuantas cartas a cada uno",
            "con cuantas cartas se empieza",
            "mano inicial",
            "cuantas cartas se reparten",
            "siete cartas",
        ),
    ),
    "draw-discard-piles": Translation(
        title="La pila para tomar y la pila de descarte",
        answer=(
            "Tras repartir, el resto de las cartas queda boca abajo: es la pila para tomar. Su "
            "primera carta se voltea a un lado para abrir la pila de descarte, donde juega todo "
            "el mundo. Si esa carta es de acción o un Comodín, mira las entradas sobre la "
            "primera carta."
        ),
        aliases=(
            "pila para tomar",
            "pila de descarte",
            "pila para tirar",
            "preparar las pilas",
            "preparacion",
            "como empezar la partida",
        ),
    ),
    "who-goes-first": Translation(
        title="Quién juega primero",
        answer=(
            "Abre el jugador a la izquierda de quien reparte, y el juego avanza hacia la "
            "izquierda (como las agujas del reloj) hasta que una Reversa lo cambia. El resumen "
            "general comenta que algunas mesas dejan empezar al jugador más joven. Un Salta, "
            "un Toma 2 o una Reversa volteados como primera carta cambian quién abre de verdad."
        ),
        aliases=(
            "quien empieza",
            "quien sale primero",
            "quien juega primero",
            "primer jugador",
            "empieza el mas joven",
            "empieza el mas chico",
        ),
    ),
    "direction-of-play": Translation(
        title="Hacia dónde va el juego",
        answer=(
            "El juego arranca hacia la izquierda, o sea, en el sentido de las agujas del "
            "reloj. Cada Reversa lo invierte: la izquierda pasa a ser la derecha, y la "
            "siguiente Reversa lo devuelve. Una Reversa volteada como primera carta hace que la "
            "partida empiece hacia la derecha."
        ),
        aliases=(
            "hacia donde se juega",
            "sentido horario o antihorario",
            "contra las agujas del reloj",
            "direccion del juego",
            "sentido del juego",
            "izquierda o derecha",
        ),
    ),
    # --- La primera carta volteada ----------------------------------------------------------
    "first-card-number": Translation(
        title="Primera carta: una carta numérica",
        answer=(
            "Nada especial: el jugador a la izquierda de quien reparte abre igualando su "
            "color o su número, o con un Comodín, y el juego va hacia la izquierda."
        ),
        interpretation=(
            "Las hojas solo dan un trato especial a las cartas de acción y a los Comodines "
            "volteados al inicio, así que entendemos que una carta numérica no necesita "
            "ninguno."
        ),
        aliases=(
            "la primera carta es un numero",
            "carta inicial numero",
            "la primera carta es normal",
            "que pasa si la primera carta es normal",
        ),
    ),
    "first-card-draw-two": Translation(
        title="Primera carta: Toma 2",
        answer=(
            "El jugador a la izquierda de quien reparte toma dos cartas. Las hojas de las "
            "cajas y el resumen además le quitan el turno, así que abre el siguiente; "
            "unorules.org solo habla de las dos cartas."
        ),
        interpretation=(
            "En las partidas Clásicas aplicamos la regla del propio Toma 2 de esa misma hoja "
            "(tomar 2 y perder el turno), así que abre el jugador sentado dos puestos a la "
            "izquierda de quien reparte. Conviene acordarlo si la mesa lee la hoja de otra "
            "forma."
        ),
        variants=(
            (
                "La carta cuenta como recién jugada: el jugador a la izquierda de quien "
                "reparte toma 2 y pierde el turno."
            ),
            "El primer jugador toma 2 cartas; no se dice nada de perder el turno.",
        ),
        aliases=(
            "la primera carta es un toma 2",
            "carta inicial toma dos",
            "sale un +2 al empezar",
            "voltear un toma 2 al inicio",
        ),
    ),
    "first-card-reverse": Translation(
        title="Primera carta: Reversa",
        answer=(
            "La partida empieza hacia la derecha (contra las agujas del reloj) y no hacia la "
            "izquierda. Las hojas no coinciden en quién abre."
        ),
        variants=(
            "Abre quien reparte, y el juego sigue hacia su derecha.",
            "Abre el jugador a la derecha de quien reparte, y el juego sigue hacia la derecha.",
        ),
        aliases=(
            "la primera carta es una reversa",
            "carta inicial reversa",
            "sale una reversa al empezar",
            "voltear una reversa al inicio",
            "primera carta cambio de sentido",
        ),
    ),
    "first-card-skip": Translation(
        title="Primera carta: Salta",
        answer=(
            "El jugador a la izquierda de quien reparte pierde el turno, así que abre el que "
            "le sigue y el juego va hacia la izquierda."
        ),
        variants=(
            (
                "Pierde el turno el jugador a la izquierda de quien reparte; abre el que se "
                "sienta a la izquierda de este."
            ),
            (
                "Se salta al primer jugador, el de la izquierda de quien reparte; no se "
                "nombra a quien abre, así que según la regla del propio Salta es el "
                "siguiente."
            ),
            (
                "También salta al jugador a la izquierda de quien reparte, pero da como "
                "primero al que está a la derecha de ese jugador (quien reparte). Parece un "
                "descuido, porque el juego va hacia la izquierda."
            ),
        ),
        aliases=(
            "la primera carta es un salta",
            "carta inicial salta",
            "sale un salta al empezar",
            "voltear un salta al inicio",
            "primera carta pierde turno",
        ),
    ),
    "first-card-wild": Translation(
        title="Primera carta: Comodín",
        answer=(
            "Casi todas las hojas lo dejan en juego: el jugador a la izquierda de quien "
            "reparte elige el color inicial y abre. unorules.org se contradice en este punto."
        ),
        interpretation=(
            "La hoja Clásica da las dos respuestas, así que una mesa Clásica tiene que elegir "
            "una antes de repartir; la app muestra las dos y no decide."
        ),
        variants=(
            "El jugador a la izquierda de quien reparte elige el color y juega primero.",
            (
                "Su sección de preparación manda devolver cualquier Comodín a la baraja y "
                "voltear otra carta; su sección del Comodín, en cambio, dice lo mismo que las "
                "hojas de las cajas."
            ),
        ),
        aliases=(
            "la primera carta es un comodin",
            "carta inicial comodin",
            "sale un comodin al empezar",
            "voltear un comodin al inicio",
        ),
    ),
    "first-card-wd4": Translation(
        title="Primera carta: Comodín Toma 4",
        answer=(
            "Nadie toma cartas ni elige color: la carta se devuelve y se voltea otra para empezar."
        ),
        variants=(
            "Se devuelve a la baraja y se voltea otra carta.",
            "Se devuelve a la pila para tomar, se baraja esa pila y después se voltea otra carta.",
        ),
        aliases=(
            "la primera carta es un comodin toma 4",
            "carta inicial +4",
            "sale un toma 4 al empezar",
            "voltear un comodin toma cuatro al inicio",
        ),
    ),
    "first-card-kitty": Translation(
        title="Primera carta: carta Kitty",
        answer=(
            "El jugador a la izquierda de quien reparte elige el color inicial. La hoja no "
            "dice nada de que alguien tome cartas por ella."
        ),
        interpretation=(
            "Como nadie la jugó, entendemos que no obliga a nadie a tomar cartas hasta sacar "
            "a Sheldon o Penny, igual que un Comodín volteado al inicio."
        ),
        aliases=(
            "la primera carta es una kitty",
            "carta inicial kitty",
            "sale una kitty al empezar",
            "voltear una kitty al inicio",
        ),
    ),
    "first-card-cheese-touch": Translation(
        title="Primera carta: Cheese Touch",
        answer=(
            "La hoja de Cheese Touch no lo trata, así que conviene acordarlo antes de "
            "repartir. Su nota de preparación solo remite a las cartas de acción, y el "
            "párrafo de la propia carta no dice nada de una primera carta."
        ),
        interpretation=(
            "Nuestra lectura sugerida sigue el resumen general, donde una carta de acción que "
            "abre la pila de descarte se aplica al primer jugador: el jugador a la izquierda "
            "de quien reparte toma 2 y después juega una carta amarilla o toma 2 más."
        ),
        aliases=(
            "la primera carta es un cheese touch",
            "carta inicial cheese touch",
            "sale un cheese touch al empezar",
            "voltear un cheese touch al inicio",
        ),
    ),
    "first-card-water-drop": Translation(
        title="Primera carta: Water Drop",
        answer=(
            "La hoja Water Drop no lo trata, así que conviene acordarlo antes de repartir. El "
            "párrafo de la carta solo habla de una Water Drop que alguien juega."
        ),
        interpretation=(
            "Nuestra lectura sugerida: nadie la jugó, así que nadie vacía sus cartas azules; "
            "se trata como un Comodín volteado al inicio, y el jugador a la izquierda de "
            "quien reparte elige el color."
        ),
        aliases=(
            "la primera carta es un water drop",
            "primera carta balde de agua",
            "carta inicial water drop",
            "sale un balde de agua al empezar",
        ),
    ),
    # --- Un turno ---------------------------------------------------------------------------
    "matching": Translation(
        title="¿Qué puedo jugar sobre esta carta?",
        answer=(
            "Baja una carta que coincida con la de arriba de la pila de descarte en color, en "
            "número o en símbolo (un Salta sobre otro Salta, por ejemplo). Un Comodín va sobre "
            "cualquier carta, y un Comodín Toma 4 también si no tienes nada del color que se "
            "ve. Sobre un 4 verde vale cualquier carta verde, cualquier 4 o un Comodín."
        ),
        aliases=(
            "que puedo jugar",
            "que puedo tirar",
            "como se empareja",
            "mismo color o mismo numero",
            "jugar el mismo numero de otro color",
            "puedo jugar un 5 rojo sobre un 5 azul",
            "como se juega",
        ),
    ),
    "cant-play-draw": Translation(
        title="¿No puedes jugar? Toma una",
        answer=(
            "Si nada de tu mano sirve, saca de la pila para tomar una sola carta. Si no "
            "sirve, te la quedas y el turno pasa. Si sirve, las hojas no coinciden en si "
            "puedes o debes bajarla. Esa carta es todo lo que tomas."
        ),
        interpretation=(
            "Si «jugarla» te deja elegir es lectura nuestra: esas mismas dos hojas te dejan "
            "rechazar una carta jugable antes de tomar (elegir no jugar), así que algunas "
            "mesas lo entienden como un permiso. Conviene acordarlo en la mesa."
        ),
        variants=(
            "Puedes jugar la carta tomada en el mismo turno; tú decides.",
            (
                "Se juega: la carta tomada aparece como algo que haces, no como algo que "
                "puedes hacer (el texto en español de Water Drop dice lo mismo)."
            ),
        ),
        aliases=(
            "que pasa si no puedo jugar",
            "no tengo carta para jugar",
            "no tengo nada que jugar",
            "puedo jugar la carta que robe",
            "jugar la carta robada",
            "cuantas cartas robo si no puedo",
            "pierdo el turno despues de robar",
            "que pasa despues de robar",
        ),
    ),
    "reneging": Translation(
        title="Elegir no jugar aunque puedas",
        answer=(
            "Nunca estás obligado a jugar una carta solo porque puedes. En su lugar sacas una "
            "sola carta de la pila para tomar, y si sirve puedes jugar esa carta recién "
            "tomada, pero ninguna otra de tu mano en ese turno. unorules.org lo llama "
            "«reneging»; las hojas de las cajas dicen lo mismo, y el resumen te deja tomar en "
            "lugar de jugar."
        ),
        aliases=(
            "puedo robar en vez de jugar",
            "tengo que jugar si puedo",
            "elegir no jugar",
            "robar aunque pueda jugar",
            "guardarme las cartas",
            "no quiero jugar",
            "reneging",
        ),
    ),
    "one-card-at-a-time": Translation(
        title="Una carta por turno",
        answer=(
            "El resumen general lo dice claramente: una carta cada vez, así que nada de "
            "parejas del mismo número ni de un segundo Toma 2 o Comodín Toma 4 encima del "
            "tuyo. Dos hojas dan excepciones explícitas: la carta Water Drop se lleva con "
            "ella todas las cartas azules de tu mano, y en las reglas para dos jugadores de "
            "unorules.org un Salta o una Reversa te dejan volver a jugar enseguida."
        ),
        interpretation=(
            "Las demás hojas nunca lo dicen con esas palabras; describen un turno como una "
            "carta, y las leemos igual."
        ),
        aliases=(
            "puedo jugar dos cartas",
            "jugar dos del mismo numero",
            "jugar dobles",
            "varias cartas a la vez",
            "tirar una pareja",
            "echar dos cartas juntas",
        ),
    ),
    # --- Cartas de acción -------------------------------------------------------------------
    "draw-two": Translation(
        title="Toma 2 (+2)",
        answer=(
            "El siguiente jugador se lleva dos cartas y se queda sin turno. Se juega sobre "
            "una carta de su color o sobre otro Toma 2. Pasarlo con un Toma 2 propio es "
            "acumular, que las preguntas frecuentes de unorules.org llaman regla de la casa, "
            "no oficial; el resumen solo prohíbe bajar dos cartas en un mismo turno."
        ),
        aliases=(
            "toma 2",
            "roba dos",
            "que hace el toma 2",
            "sobre que va un toma 2",
            "carta mas dos",
        ),
    ),
    "reverse": Translation(
        title="Reversa",
        answer=(
            "Da la vuelta al sentido: si el juego iba hacia la izquierda pasa a ir hacia la "
            "derecha, y al revés. Se juega sobre una carta de su color o sobre otra Reversa. "
            "Con dos jugadores, unorules.org hace que funcione como un Salta; las demás hojas "
            "no lo dicen."
        ),
        aliases=(
            "reversa",
            "que hace la reversa",
            "carta reversa",
            "reversa sobre reversa",
            "cambio de sentido",
            "cambiar de direccion",
        ),
    ),
    "skip": Translation(
        title="Salta",
        answer=(
            "El siguiente jugador en el orden pierde su turno. Se juega sobre una carta de su "
            "color o sobre otro Salta."
        ),
        variants=(
            "Va sobre el mismo color o sobre otro Salta.",
            "Su sección del Salta dice «otra carta Reversa»: casi seguro un descuido copiado "
            "de la sección de la Reversa. Léase como otro Salta.",
        ),
        aliases=(
            "salta",
            "que hace el salta",
            "carta salta",
            "salta sobre salta",
            "pierde turno",
            "perder un turno",
            "bloqueo",
        ),
    ),
    "wild": Translation(
        title="Comodín",
        answer=(
            "Va sobre cualquier carta, y tú eliges el color en que continúa la partida: "
            "cualquiera de los cuatro, también el que ya estaba. Puedes jugarlo aunque tengas "
            "otra carta que sirva."
        ),
        aliases=(
            "comodin",
            "carta comodin",
            "que hace el comodin",
            "puedo pedir el mismo color",
            "repetir el color con el comodin",
            "comodin sobre comodin",
            "cambiar de color",
            "quien elige el color despues de un comodin",
        ),
    ),
    "wild-colour-unnamed": Translation(
        title="El color de un Comodín: sin decirlo o cambiado",
        answer=(
            "Quien juega un Comodín o un Comodín Toma 4 elige el color en que sigue la "
            "partida, y el resumen general pide decirlo en voz alta al siguiente. Ninguna hoja "
            "dice qué pasa si nadie nombra un color, ni si un color ya dicho puede retirarse y "
            "cambiarse. Acuérdalo con la mesa."
        ),
        aliases=(
            "se me olvido decir el color",
            "comodin sin decir color",
            "puedo cambiar el color que pedi",
            "me arrepenti del color",
            "retirar el color del comodin",
        ),
    ),
    "wild-any-time": Translation(
        title="Un Comodín teniendo una carta que sirve",
        answer=(
            "Sí, se puede. Un Comodín normal puede bajarse en tu turno aunque tengas una carta "
            "del color o del número que toca. Solo el Comodín Toma 4 tiene una restricción."
        ),
        aliases=(
            "puedo jugar un comodin si tengo el color",
            "comodin cuando podria jugar otra",
            "tengo que jugar mi color antes que el comodin",
            "comodin teniendo carta jugable",
            "se puede tirar el comodin cuando sea",
        ),
    ),
    "wild-draw-four": Translation(
        title="Comodín Toma 4 (+4)",
        answer=(
            "Eliges el color, y el siguiente jugador se lleva cuatro cartas de la pila para "
            "tomar, además de perder el turno. El límite: solo puedes jugarlo si no tienes "
            "ninguna carta del color que se ve en la pila de descarte. Los números o cartas "
            "de acción iguales en otros colores no cuentan en tu contra. Quien sospeche un "
            "farol puede desafiarlo: si tenías ese color, te llevas tú las 4 cartas; si no, "
            "quien desafió se lleva 6."
        ),
        aliases=(
            "comodin toma 4",
            "cuando puedo jugar el comodin toma 4",
            "regla del toma 4",
            "carta mas cuatro",
            "limite del comodin toma cuatro",
            "roba cuatro",
        ),
    ),
    "wd4-matching-number": Translation(
        title="+4 teniendo una carta que coincide",
        answer=(
            "Depende de qué coincida. Una carta del color que se ve: no se puede, y si lo "
            "juegas igual, un desafío te pilla. Solo un número o una carta de acción igual de "
            "otro color: es legal, porque el límite es solo de color. Si la pila muestra un 5 "
            "rojo y tienes un 5 azul pero ninguna carta roja, puedes jugarlo."
        ),
        aliases=(
            "puedo jugar el toma 4 si tengo el mismo numero",
            "comodin toma 4 con el mismo numero",
            "toma 4 teniendo una carta de accion",
            "mas cuatro con numero igual de otro color",
            "+4 con carta del mismo numero",
            "toma 4 teniendo el color que esta en juego",
        ),
    ),
    "wd4-challenge": Translation(
        title="Desafiar un Comodín Toma 4",
        answer=(
            "Si crees que alguien bajó un Comodín Toma 4 teniendo una carta del color que se "
            "veía, puedes desafiarlo. Te enseña su mano. Si resulta que hizo trampa, toma él "
            "las 4 cartas en vez de ti. Si la jugada era legal, tomas tú las 4 y 2 más: 6 en "
            "total. Las hojas no coinciden en quién puede desafiar. Solo se desafía un "
            "Comodín Toma 4: no un Toma 2, un Comodín ni el comodín propio de una baraja."
        ),
        interpretation=(
            "La hoja de una baraja de caja solo habla del jugador al que le cayó la carta, y "
            "el resumen general no pone límite a quién, así que con esas barajas la ayuda del "
            "desafío anota el desafío de cualquier jugador. Con la Clásica sigue el límite de "
            "su hoja y pregunta antes de anotar el de otro."
        ),
        variants=(
            "Solo puede desafiar el jugador que tiene que tomar las 4 cartas.",
            ("Está escrita para el jugador al que le cae; no dice nada de que desafíe otro."),
            "Habla de un desafío del otro jugador y no pone límite a quién.",
        ),
        aliases=(
            "desafio del comodin toma 4",
            "desafio",
            "desafiar",
            "como funciona el desafio",
            "quien puede desafiar",
            "el desafio falla",
            "farol",
            "mintio con el toma 4",
            "retar el +4",
        ),
    ),
    "wd4-last-card-challenge": Translation(
        title="Desafiar un +4 que era la última carta",
        answer=(
            "Salir con un +4 obliga igualmente al siguiente jugador a tomar 4, y el ganador "
            "las cuenta; sin otra carta en la mano, ese +4 no pudo saltarse la regla del "
            "color. Ninguna hoja dice si aún se puede desafiar una vez terminada la mano, ni "
            "si cuentan las 2 cartas de más de quien pierde el desafío. Acuérdalo con la mesa."
        ),
        aliases=(
            "desafiar un +4 en la ultima carta",
            "desafio si gana con un comodin toma 4",
            "se puede retar al que salio con +4",
            "ultima carta toma 4 y desafio",
            "reto despues de que gano la mano",
        ),
    ),
    "wd4-challenge-when": Translation(
        title="Desafiar un +4 después de tomar las cartas",
        answer=(
            "Las hojas dejan que el jugador al que le cae un +4 lo desafíe, y dicen quién toma "
            "qué en cada caso. Ninguna dice hasta cuándo: antes de tomar las 4 cartas, después, "
            "o incluso cuando el juego ya siguió. Acuérdalo con la mesa."
        ),
        aliases=(
            "desafiar despues de robar las 4",
            "ya tome las cartas puedo desafiar",
            "hasta cuando se puede desafiar",
            "es tarde para retar el +4",
            "desafiar en mi siguiente turno",
        ),
    ),
    "wd4-challenge-after": Translation(
        title="Tras desafiar un +4: quién juega después",
        answer=(
            "Las hojas dicen quién toma cartas tras el desafío: quien tiró el +4 toma las 4 si "
            "lo pillan, y quien desafía toma 6 si no. Ninguna dice si quien desafía pierde "
            "igualmente el turno, gane o pierda, ni si sigue valiendo el color elegido. "
            "Acuérdalo con la mesa."
        ),
        aliases=(
            "pierdo el turno despues del desafio",
            "quien juega despues de desafiar el toma 4",
            "gane el desafio juego yo",
            "perdi el reto pierdo turno",
            "a quien le toca tras el desafio",
        ),
    ),
    # --- Cartas especiales ------------------------------------------------------------------
    "kitty-card": Translation(
        title="Carta Kitty",
        answer=(
            "Un Comodín con aguijón. Eliges el color, y el siguiente jugador tiene que seguir "
            "tomando de la pila para tomar hasta sacar una carta con Sheldon o Penny. Se "
            "queda todo lo que tomó y pierde su turno. Vale 50 puntos; hay 4 en la caja."
        ),
        interpretation=(
            "La hoja también la llama comodín pero nunca dice sobre qué puede ir; entendemos "
            "que va sobre cualquier carta, como un Comodín."
        ),
        aliases=(
            "carta kitty",
            "kitty",
            "soft kitty",
            "sheldon o penny",
            "que hace la kitty",
            "sobre que va la kitty",
            "cuantas robo con la kitty",
            "gatito",
        ),
    ),
    "kitty-no-sheldon-left": Translation(
        title="Kitty: no queda ninguna carta de Sheldon o Penny",
        answer=(
            "La hoja de Kitty hace que el siguiente jugador siga tomando hasta que salga una "
            "carta con Sheldon o Penny, y una pila para tomar vacía se rehace con la pila de "
            "descarte. Ninguna hoja dice qué pasa si no queda ninguna carta de Sheldon o Penny "
            "que sacar, ni siquiera tras barajar. Acuérdalo con la mesa."
        ),
        aliases=(
            "kitty y no quedan sheldon",
            "kitty se acabo la pila",
            "no hay cartas de penny kitty",
            "kitty robar sin fin",
            "kitty me hizo robar todo el mazo",
        ),
    ),
    "cheese-touch-card": Translation(
        title="Carta Cheese Touch",
        answer=(
            "Una carta de la que conviene librarse. Solo puede bajarse sobre una carta "
            "amarilla. Una vez jugada, el siguiente jugador toma 2 de la pila para tomar y "
            "debe seguir con una carta amarilla; si no tiene amarilla, toma 2 más, una sola "
            "vez. Después cuenta como una carta amarilla cualquiera. Vale 50 puntos; hay 4 en "
            "la caja."
        ),
        interpretation=(
            "En un desafío de Comodín Toma 4, la app cuenta un Cheese Touch en la mano como "
            "amarillo. La hoja no lo dice; solo pone la carta sobre amarillo y la trata como "
            "amarilla una vez jugada."
        ),
        aliases=(
            "cheese touch",
            "carta cheese touch",
            "que hace el cheese touch",
            "toque de queso",
            "sobre que va el cheese touch",
            "carta del queso",
        ),
    ),
    "cheese-touch-no-yellow": Translation(
        title="Cheese Touch sin carta amarilla",
        answer=(
            "El jugador sobre el que cae (el siguiente) toma 2 y sigue con una carta amarilla. "
            "Si no tiene ninguna amarilla que poner encima, toma 2 más (4 en total) y ahí se "
            "acaba: el jugador que le sigue continúa con el Cheese Touch tratado como una "
            "carta amarilla normal."
        ),
        aliases=(
            "no tengo amarilla despues del cheese touch",
            "cheese touch y no tengo amarillo",
            "que pasa si no puedo jugar amarillo sobre el cheese touch",
            "cheese touch robar mas",
        ),
    ),
    "cheese-touch-on-cheese": Translation(
        title="Un Cheese Touch sobre otro Cheese Touch",
        answer=(
            "La hoja solo dice que un Cheese Touch va sobre una carta amarilla, que el jugador "
            "al que le cae toma 2 y sigue con una amarilla, y que después cuenta como una "
            "amarilla normal. No dice si ese jugador puede responder con su propio Cheese "
            "Touch y pasarle las 2 cartas al siguiente. Acuérdalo con la mesa."
        ),
        aliases=(
            "cheese touch sobre cheese touch",
            "puedo devolver el cheese touch",
            "responder al queso con otro queso",
            "acumular cheese touch",
            "dos cheese touch seguidos",
        ),
    ),
    "cheese-touch-on-wild": Translation(
        title="Cheese Touch sobre un Comodín que pidió amarillo",
        answer=(
            "La hoja de Cheese Touch solo deja bajar la carta sobre cartas amarillas, y el "
            "resumen general describe el Comodín como una carta de los cuatro colores. "
            "Ninguna hoja dice si un Comodín o un Comodín Toma 4 con el que se pidió amarillo "
            "cuenta como carta amarilla para el Cheese Touch. Acuérdalo con la mesa."
        ),
        aliases=(
            "cheese touch sobre un comodin",
            "cheese touch despues de pedir amarillo",
            "comodin amarillo vale para el cheese touch",
            "queso sobre un toma 4 que pidio amarillo",
        ),
    ),
    "water-drop-card": Translation(
        title="Carta Water Drop",
        answer=(
            "Cuando la juegas, echas también a la pila de descarte todas las cartas azules de "
            "tu mano: todas, no solo algunas. Sin las azules, eliges el color en que continúa "
            "la partida. Vale 50 puntos; hay 4 en la caja. El texto en español la llama "
            "«balde de agua»."
        ),
        interpretation=(
            "La hoja no le da un color propio, así que en un desafío de Comodín Toma 4 la app "
            "la cuenta como un Comodín (nunca coincide con el color en juego)."
        ),
        aliases=(
            "water drop",
            "carta water drop",
            "que hace el water drop",
            "descartar todas las azules",
            "balde de agua",
            "que hace el balde de agua",
            "gota de agua",
            "apagar el fuego",
        ),
    ),
    "water-drop-open": Translation(
        title="Water Drop: lo que la hoja deja abierto",
        answer=(
            "La hoja solo dice que vacías todas tus cartas azules y después eliges el color. "
            "No dice sobre qué puede ir una Water Drop ni qué pasa si no tienes cartas azules: "
            "conviene acordarlo antes. Vaciar así la mano sí está resuelto: quien se queda sin "
            "cartas ha salido y la ronda termina, como con cualquier última carta."
        ),
        interpretation=(
            "Nuestra lectura de la regla para salir: un jugador al que la Water Drop deja sin "
            "cartas ha salido."
        ),
        aliases=(
            "water drop sin cartas azules",
            "balde de agua sin azules",
            "sobre que va el water drop",
            "puedo salir con un water drop",
            "ganar con el balde de agua",
            "water drop con la mano toda azul",
        ),
    ),
    # --- Decir UNO --------------------------------------------------------------------------
    "call-uno": Translation(
        title="Cuándo decir UNO",
        answer=(
            "Di UNO al quedarte con tu última carta, para que todos sepan que solo te queda "
            "una. Cada hoja describe el momento con palabras algo distintas."
        ),
        variants=(
            "Dilo mientras bajas tu penúltima carta.",
            "Dilo antes de que tu penúltima carta esté en la pila; si se te olvida pero lo "
            "dices antes de que alguien te descubra, estás a salvo.",
            "Dilo en cuanto tengas una sola carta, y otra vez cada vez que vuelvas a quedarte "
            "con una.",
        ),
        aliases=(
            "decir uno",
            "cuando se dice uno",
            "cuando grito uno",
            "tengo que decir uno",
            "me queda una carta",
            "otra vez uno despues de robar",
            "cantar uno",
        ),
    ),
    "uno-penalty": Translation(
        title="Olvidó decir UNO: la penalización",
        answer=(
            "Si otro jugador te descubre con una sola carta sin haber dicho UNO, y a tiempo "
            "(mira hasta cuándo te pueden descubrir), tomas cartas de castigo de la pila para "
            "tomar. Cuántas depende de la hoja."
        ),
        variants=(
            "2 cartas.",
            "4 cartas.",
        ),
        aliases=(
            "penalizacion por no decir uno",
            "se me olvido decir uno",
            "olvide decir uno",
            "no dije uno",
            "me pillaron sin decir uno",
            "cuantas cartas si no dices uno",
            "castigo por no cantar uno",
        ),
    ),
    "uno-catch-window": Translation(
        title="¿Hasta cuándo te pueden descubrir?",
        answer=(
            "Solo hasta el turno del siguiente jugador, pero las hojas ponen el límite en "
            "momentos distintos. unorules.org añade dos límites: nadie puede descubrirte "
            "antes de que tu penúltima carta haya tocado la pila de descarte, y decir UNO tú "
            "mismo antes de que nadie te descubra te salva."
        ),
        variants=(
            (
                "Hasta que empieza el turno del siguiente jugador. unorules.org dice que un "
                "turno empieza cuando ese jugador toma de la pila o saca una carta de su mano "
                "para jugarla."
            ),
            (
                "Hasta que el siguiente jugador ha jugado su turno, así que el margen sigue "
                "abierto mientras ese turno se está jugando."
            ),
        ),
        aliases=(
            "demasiado tarde para pillar el uno",
            "cuando puedo acusar a alguien",
            "todavia le puedo cantar uno",
            "lo pillaron despues del siguiente jugador",
            "me corregi a tiempo",
            "hasta cuando se puede acusar",
            "hasta cuando te pueden pillar",
        ),
    ),
    # --- Salir y el final de la mano --------------------------------------------------------
    "going-out-draw-card": Translation(
        title="Salir con un Toma 2 o un +4",
        answer=(
            "Se puede. La mano termina, pero el siguiente jugador igualmente toma las 2 o 4 "
            "cartas, y esas cartas suman en los puntos que te llevas."
        ),
        aliases=(
            "puedo salir con un toma 2",
            "ultima carta toma 2",
            "terminar con un comodin toma 4",
            "igual roban si salgo",
            "cerrar con un +4",
        ),
    ),
    "end-on-action-card": Translation(
        title="¿Se puede terminar con una carta de acción?",
        answer=(
            "Sí. Ninguna hoja prohíbe salir con un Salta, una Reversa, un Comodín u otra "
            "carta de acción; la mano termina en cuanto te quedas sin cartas. Si esa última "
            "carta es un Toma 2 o un Comodín Toma 4, el siguiente jugador igualmente toma "
            "esas cartas y se cuentan."
        ),
        interpretation=(
            "Que cualquier carta de acción pueda ser la última es lectura nuestra: las hojas "
            "solo lo dicen para un Toma 2 o un Comodín Toma 4, y ninguna prohíbe las demás."
        ),
        aliases=(
            "se puede terminar con una carta de accion",
            "puedo terminar con un comodin",
            "ultima carta de accion",
            "salir con un salta",
            "ganar con una carta especial",
        ),
    ),
    "round-over": Translation(
        title="Cuándo termina la mano",
        answer=(
            "La mano se detiene en cuanto un jugador se queda sin cartas. Ese jugador puntúa, "
            "se recogen y barajan las cartas y se reparte otra mano, hasta que alguien alcanza "
            "la meta."
        ),
        aliases=(
            "cuando termina la ronda",
            "fin de la mano",
            "alguien salio",
            "siguiente ronda",
            "nueva mano",
        ),
    ),
    "draw-pile-runs-out": Translation(
        title="Se acaba la pila para tomar",
        answer=(
            "Si la pila para tomar se vacía y nadie ha salido, se baraja la pila de descarte "
            "para formar una pila para tomar nueva y se sigue jugando. Solo el texto en "
            "español de Water Drop dice qué pasa con la carta de arriba."
        ),
        interpretation=(
            "Dejar la carta de arriba boca arriba, para que el siguiente jugador tenga algo "
            "que igualar, es lectura nuestra también para las hojas en inglés."
        ),
        variants=(
            (
                "Se vuelve a barajar la pila de descarte como nueva pila para tomar; no se "
                "dice nada de su carta de arriba."
            ),
            (
                "El texto en español de Water Drop deja en su sitio la carta de arriba de la "
                "pila de descarte y baraja solo el resto."
            ),
        ),
        aliases=(
            "que pasa cuando se acaba la pila",
            "se acabo la pila",
            "no quedan cartas para robar",
            "no hay mas cartas para tomar",
            "se acabaron las cartas del mazo",
            "volver a barajar el descarte",
            "mazo vacio",
        ),
    ),
    "no-cards-to-draw": Translation(
        title="No queda nada que tomar, ni barajando",
        answer=(
            "Cuando la pila para tomar se vacía, las hojas mandan barajar la pila de descarte "
            "para formar otra y seguir. Ninguna dice qué pasa si no hay nada que barajar "
            "porque los jugadores tienen en la mano todas las demás cartas. Acuérdalo con la "
            "mesa."
        ),
        aliases=(
            "no quedan cartas en ningun lado",
            "el descarte tambien esta vacio",
            "no hay nada que rebarajar",
            "ni mazo ni descarte para robar",
            "no puedo robar ni volver a barajar",
        ),
    ),
    # --- Puntos y cómo se gana --------------------------------------------------------------
    "card-points": Translation(
        title="Puntos de las cartas",
        answer=(
            "Las cartas numéricas valen su número, así que un 0 no vale nada y un 9 vale 9. "
            "Toma 2, Reversa y Salta valen 20 cada una. El Comodín y el Comodín Toma 4 valen "
            "50 cada uno, igual que la carta especial de cada edición: Kitty, Cheese Touch y "
            "Water Drop. Ninguna hoja da un valor a las cartas en blanco, de cambiar manos o "
            "de barajar manos."
        ),
        interpretation=(
            "El texto de unorules.org que tenemos da los mismos valores (su número, 20, 20, "
            "20, 50, 50) pero perdió los nombres de las cartas junto a ellos; los leemos en "
            "el orden de las hojas de las cajas."
        ),
        aliases=(
            "cuantos puntos vale un salta",
            "cuantos puntos vale un comodin",
            "valor de las cartas",
            "puntos por carta",
            "cuanto vale un comodin",
            "puntuacion de las cartas",
            "cuanto vale un 0",
            "cuanto valen las cartas de accion",
        ),
    ),
    "scoring-round": Translation(
        title="Quién se lleva los puntos de una mano",
        answer=(
            "Solo puntúa el jugador que sale. Se suman los valores de las cartas que le quedan "
            "en la mano a cada rival, y el total va al marcador del ganador. En la puntuación "
            "alternativa que también dan las hojas nadie se lleva nada: cada jugador suma los "
            "puntos que le quedan en su propia mano, y gana el total más bajo."
        ),
        aliases=(
            "como se puntua",
            "quien se lleva los puntos",
            "contar los puntos",
            "puntuar una ronda",
            "sumar el marcador",
        ),
    ),
    "winning-500": Translation(
        title="Ganar: el primero en llegar a 500",
        answer=(
            "En el juego normal los ganadores de cada mano van sumando puntos, y gana la "
            "partida el primer jugador cuyo total llega a 500."
        ),
        aliases=(
            "como se gana",
            "primero en llegar a 500",
            "quien gana la partida",
            "500 puntos",
            "cuantos puntos para ganar",
        ),
    ),
    "winning-lowest": Translation(
        title="Ganar: la puntuación más baja",
        answer=(
            "Una alternativa: al final de cada mano, cada jugador apunta los puntos de las "
            "cartas que todavía tiene y los va sumando. Cuando el total de alguien llega a 500, "
            "la partida termina y gana quien tenga el total más pequeño."
        ),
        aliases=(
            "gana el que tenga menos puntos",
            "puntuacion alternativa",
            "puntuacion baja",
            "contar los puntos de tu propia mano",
            "puntos en contra",
        ),
    ),
    "lowest-score-tie": Translation(
        title="Puntuación alterna: empate en el total más bajo",
        answer=(
            "En la puntuación alterna cada jugador lleva la cuenta de los puntos que le quedan "
            "en la mano, y cuando alguien llega a 500 gana el total más bajo. Ninguna hoja "
            "dice qué pasa si dos o más jugadores empatan en ese total más bajo. Acuérdalo con "
            "la mesa."
        ),
        aliases=(
            "empate en puntos bajos",
            "empatados con menos puntos",
            "desempate",
            "dos con el mismo total mas bajo",
            "quien gana si hay empate a menos puntos",
        ),
        interpretation=(
            "El marcador de Scorekeeper reparte la victoria entre los empatados, como hace con "
            "los mejores totales iguales en cualquier puntuación."
        ),
    ),
    "target-score": Translation(
        title="Jugar a otra meta de puntos",
        answer=(
            "500 es la meta habitual. El resumen general admite cualquier meta de puntos que "
            "acepte toda la mesa; las hojas impresas y unorules.org solo nombran 500."
        ),
        variants=(
            "La partida se gana a 500; no se ofrece otra meta.",
            "Cualquier meta que acepte toda la mesa.",
        ),
        aliases=(
            "jugar a 200",
            "partida mas corta",
            "cambiar la meta",
            "otra puntuacion para ganar",
            "jugar a menos puntos",
        ),
    ),
    "two-player": Translation(
        title="Reglas para dos jugadores",
        answer=(
            "unorules.org añade reglas para el uno contra uno. Una Reversa funciona como un "
            "Salta, así que vuelves a jugar; tras un Salta también vuelves a jugar enseguida. "
            "Tras un Toma 2 o un Comodín Toma 4, tu rival toma las cartas y vuelve a ser tu "
            "turno. Las hojas temáticas no tienen reglas para dos, así que con esas barajas "
            "conviene acordar si se usan estas."
        ),
        aliases=(
            "dos jugadores",
            "reglas para dos jugadores",
            "reversa con dos jugadores",
            "solo somos dos",
            "mano a mano",
            "uno contra uno",
        ),
    ),
    # --- Discusiones frecuentes y reglas de la casa ----------------------------------------
    "stacking": Translation(
        title="Acumular Toma 2 y +4",
        answer=(
            "No es oficial. Cuando te cae un Toma 2 o un Comodín Toma 4, tomas las cartas y "
            "pierdes el turno; no puedes pasarlo añadiendo tu propio Toma 2 o +4. "
            "unorules.org dice que acumular es una regla de la casa muy extendida, no "
            "oficial, y el resumen descarta un Toma 2 sobre otro Toma 2 o un +4 en el mismo "
            "turno."
        ),
        interpretation=(
            "Las hojas de las cajas nunca hablan de acumular; entendemos que su regla (a "
            "quien le cae toma y pierde el turno) no deja sitio para ello. Un Toma 2 sí puede "
            "ir sobre otro Toma 2 en el juego normal, bajado por el jugador que sigue al que "
            "tomó las cartas."
        ),
        aliases=(
            "acumular",
            "se puede acumular el toma 2",
            "puedo poner un toma 4 sobre un toma 2",
            "toma 2 sobre toma 2",
            "acumular comodin toma 4",
            "pasar el castigo al siguiente",
            "se pueden sumar los +2",
            "encadenar +2",
        ),
    ),
    "seven-zero": Translation(
        title="La regla del 7-0",
        answer=(
            "Ninguna hoja lo trata: en todas, una carta numérica no tiene efecto propio. Con "
            "la conocida regla de la casa del 7-0, un 7 te deja cambiar tu mano por la del "
            "jugador que elijas, y un 0 hace que todas las manos pasen un asiento en el "
            "sentido del juego. Conviene acordarlo antes de repartir."
        ),
        aliases=(
            "siete cero",
            "cambiar manos con el 7",
            "pasar las manos con el 0",
            "7 cambia",
            "0 rota",
            "regla del siete y el cero",
        ),
        matter=(
            "7|siete y|o|e 0|cero",
            "0|cero y|o|e 7|siete",
            "7|siete 0|cero",
            "7|siete y|e el 0|cero",
            "0|cero y|e el 7|siete",
            "cambi*|canbi*|intercambi*|rot*|gir*|pas* * manos",
            "cambi*|canbi*|intercambi* manos|mano",
            "manos rot*|gir*",
            "7|siete|0|cero + cambi*|canbi*|intercambi*|rot*|gir*|rol*",
            "7|siete|0|cero + pas* * cartas|mano|manos",
            "7|siete|0|cero + quit* * mano",
            "7|siete|0|cero + manos",
        ),
    ),
    "jump-in": Translation(
        title="Meterse fuera de turno",
        answer=(
            "Ninguna hoja lo trata: las hojas solo describen el juego pasando de un jugador "
            "al siguiente. La regla de la casa de «meterse» (jump-in) deja que quien tenga "
            "una carta idéntica (mismo color y mismo número o símbolo) la tire fuera de "
            "turno, y el juego sigue desde esa persona. Solo si la mesa lo acordó."
        ),
        aliases=(
            "meterse",
            "jugar fuera de turno",
            "cortar con la misma carta",
            "carta identica fuera de turno",
            "colarse",
            "jump in",
        ),
        matter=(
            "meterse|meterme|meterte|colar*",
            "me|te|se meto|metes|mete|metio|meti|metia",
            "me|te|se cole|colo|cuela|cuelo",
            "cort* con",
            "rob*|cort* el turno",
            "fuera de turno",
            "fuera de * turno",
            "no es|era|sea * turno",
            "sin que sea * turno",
            "no * toca*",
            "sin esperar * turno",
            "antes de * turno",
            "exactamente igual",
            "misma carta + cuando sea|al toque|enseguida|sin esperar",
            "exactamente * misma",
            "misma * exacta",
            "identica",
            "carta|cartas|una|uno igualit*",
            "gemela",
            "interrump*",
        ),
    ),
    "draw-until-play": Translation(
        title="¿Tomar hasta poder jugar?",
        answer=(
            "No está en ninguna hoja. Las hojas te hacen tomar una carta: la juegas si sirve "
            "y, si no, tu turno termina. Seguir tomando una y otra vez hasta que algo sirva "
            "es una regla de la casa."
        ),
        aliases=(
            "robar hasta poder jugar",
            "seguir robando",
            "tengo que robar hasta que me salga una carta",
            "tomar hasta que pueda jugar",
            "cuantas robo",
        ),
    ),
    "misdeal": Translation(
        title="Un reparto mal hecho",
        answer=(
            "Ninguna hoja trata un reparto mal hecho: una carta que se ve al repartir, una "
            "cuenta equivocada o un jugador servido fuera de orden. Solo dicen que quien "
            "reparte baraja y da 7 cartas a cada uno. Conviene acordar en la mesa si se "
            "vuelve a repartir."
        ),
        aliases=(
            "repartir mal",
            "reparto mal hecho",
            "me dieron 8 cartas",
            "se vio una carta al repartir",
            "error al repartir",
            "repartio de mas",
            "carta boca arriba al repartir",
            "volver a repartir",
        ),
        matter=(
            "repart*",
            "volver a dar",
            "al dar",
            "estaba|estaban dando",
            "6|8|9|10 cartas + demas|principio|inicio|empez*",
            "cartas de mas + demas|principio|inicio|empez*",
            "dar|dio|dieron|dado|dando las|* carta|cartas",
        ),
    ),
    "next-dealer": Translation(
        title="Quién reparte la siguiente mano",
        answer=(
            "Ninguna hoja lo trata. Deciden quién reparte primero con un sorteo y, para la "
            "mano siguiente, solo dicen que se barajan las cartas y se vuelve a empezar."
        ),
        interpretation=(
            "La app pasa el reparto un asiento a la izquierda en cada mano, como hacen muchas "
            "mesas; conviene acordarlo si la mesa lo hace de otra forma."
        ),
        aliases=(
            "quien reparte la siguiente ronda",
            "quien reparte despues",
            "a quien le toca repartir",
            "turno de repartir",
            "siguiente repartidor",
            "quien da en la proxima mano",
        ),
        matter=(
            "repart*|barajar|barajan|mezcl* + siguiente|proxim*|prosim*|ronda|mano|despues",
            "repart*|barajar|barajan|mezcl* + rot*|gir*|izquierda|mismo|ahora",
            "repart*|barajar|barajan|mezcl* + que|q perdio|pierde|gano|gana",
            "quien da|baraja|mezcla",
            "la da",
            "da el",
            "a dar",
            "da cartas",
        ),
    ),
}
