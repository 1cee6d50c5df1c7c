// The twin, by necessity, of scorekeeper/domain/cards.py (how a typed hand reads as cards) and
// scorekeeper/domain/scoring.py (what a round scores, and the totals): a phone must score the
// rounds it keeps while the server cannot be reached (the provisional totals), and preview a
// hand as it is typed. It holds no point values of its own: they come from the keypad the
// server drew (each key's data-key-points, from domain/keypad.py), so a deck's points are
// written once. tests/test_notation_twin.py runs this file under Node over generated games
// (every edition, crews' decks, both scorings) and holds it equal to the core: change a rule
// in one and that test fails until the other follows.
// Pure: no page, no storage. window.scorekeeperNotation, read by offline-rounds.js (which passes
// keyFor on to table.js) and by the tests; the second of the offline scripts.
(function () {
  "use strict";
  if (window.scorekeeperNotation) return;

  // As in cards.py: the colour may be left out ("7 7 W"), and a few words stand for faces.
  var COLOURED = /^([RGBY*]?)(\d|\+2|S|R)$/;
  var WORDS = { SKIP: "S", REV: "R", REVERSE: "R", WILD: "W", D2: "+2", WD4: "W+4", W4: "W+4", "+4": "W+4" };
  var SEPARATORS = /[\s,]+/;

  // The key a typed card counts under ("R7", "7" and "*7" → "*7"), or null when it is no card
  // of the deck. `known`: the keypad's keys → points, read first, as cards.py reads a crew's
  // own cards before the built-in ones ("X" is a crew's card in a deck without a special one).
  function keyFor(token, known) {
    var text = token.trim().toUpperCase();
    var own = known ? keyOn(text, known) : null;
    if (own !== null) return own;
    if (WORDS.hasOwnProperty(text)) text = WORDS[text];
    if (text === "W" || text === "W+4" || text === "X") return text;
    var match = COLOURED.exec(text);
    return match ? "*" + match[2] : null;
  }

  // A key of the keypad as typed: itself ("BL", "W"), without its colour ("F" or "7" for "*F"
  // or "*7"), or after a colour ("RF", "R7"). A deck's own tokens never read as a built-in
  // card (domain/decks.py refuses them), so a built-in card found here is the one it is.
  function keyOn(text, known) {
    if (known.hasOwnProperty(text)) return text;
    if (known.hasOwnProperty("*" + text)) return "*" + text;
    var bare = "*" + text.slice(1);
    return /^[RGBY*]/.test(text) && known.hasOwnProperty(bare) ? bare : null;
  }

  // Points of a hand typed in notation ("R7 *+2 W"), or null when a token is not a card.
  function handPoints(cards, keyPoints) {
    var tokens = String(cards).split(SEPARATORS).filter(Boolean);
    if (!tokens.length) return null;
    var points = 0;
    for (var i = 0; i < tokens.length; i++) {
      var key = keyFor(tokens[i], keyPoints);
      if (key === null || !(key in keyPoints)) return null;
      points += keyPoints[key];
    }
    return points;
  }

  // A hand as stored: a whole-number total, or cards.
  function pointsOf(hand, keyPoints) {
    return typeof hand === "number" ? hand : handPoints(hand, keyPoints);
  }

  // Standard: the winner scores every other hand. Lowest: everyone adds their own hand.
  function roundPoints(scoring, players, winner, handPointsByPlayer) {
    var points = {};
    var collected = 0;
    players.forEach(function (player) {
      if (player !== winner) collected += handPointsByPlayer[player];
    });
    players.forEach(function (player) {
      if (scoring === "lowest") points[player] = player === winner ? 0 : handPointsByPlayer[player];
      else points[player] = player === winner ? collected : 0;
    });
    return points;
  }

  // {scoring, players, totals?, rounds: [{winner, hands: {player: cards or total}}]} → totals.
  function scoreRounds(game, keyPoints) {
    var totals = {};
    game.players.forEach(function (player) { totals[player] = (game.totals || {})[player] || 0; });
    game.rounds.forEach(function (round) {
      var hands = {};
      Object.keys(round.hands).forEach(function (player) {
        hands[player] = pointsOf(round.hands[player], keyPoints || {});
      });
      var points = roundPoints(game.scoring, game.players, round.winner, hands);
      game.players.forEach(function (player) { totals[player] += points[player]; });
    });
    return totals;
  }

  window.scorekeeperNotation = {
    keyFor: keyFor, handPoints: handPoints, pointsOf: pointsOf, roundPoints: roundPoints, scoreRounds: scoreRounds,
  };
})();
