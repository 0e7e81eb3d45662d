/* global module -- a Node module (CommonJS) */
// What the JavaScript field bots share: the table read from the state string as a ring of
// holdings seen from the bot (place 0 its own, then the next players in turn order), and one
// turn played on it. Part of benchmarks/strength.py's coin field.

// The pile and the ring of [flipped, unflipped] holdings from the asking bot's place.
function readState(state) {
  const fields = state.split(";");
  const records = fields.slice(3).map((field) => field.split("_"));
  const place = records.findIndex((record) => record[0] === fields[1]);
  const ring = records.slice(place).concat(records.slice(0, place)).map((r) => [Number(r[2]), Number(r[3])]);
  return { pile: Number(fields[2]), ring };
}

// The points the bot at place 0 earns during `actions` (take 1-3, flip, rotate; anything else
// does nothing), holding value aside.
function pointsDuring(actions, start) {
  let ring = start.ring.map((holding) => holding.slice());
  let pile = start.pile;
  let points = 0;
  for (const action of actions) {
    if ("123".includes(action)) {
      const taken = Math.min(Number(action), pile);
      pile -= taken;
      ring[0][1] += taken;
      points -= taken;
    } else if (action === "F" && ring[0][1] > 0) {
      ring[0][0] += 1;
      ring[0][1] -= 1;
      points += 2;
    } else if (action === "R" || action === "T") {
      // R: every holding moves to the previous player (place 0 gets place 1's); T: to the next.
      ring = action === "R" ? ring.slice(1).concat(ring.slice(0, 1)) : ring.slice(-1).concat(ring.slice(0, -1));
      points += 2 * ring[0][0] - ring[0][1];
    }
  }
  return points;
}

// The turn over `alphabet` earning the most points during it (the first found of equals).
function bestTurn(alphabet, start) {
  let best = "NNN";
  let bestPoints = -Infinity;
  for (const a of alphabet) for (const b of alphabet) for (const c of alphabet) {
    const points = pointsDuring(a + b + c, start);
    if (points > bestPoints) {
      best = a + b + c;
      bestPoints = points;
    }
  }
  return { turn: best, points: bestPoints };
}

module.exports = { readState, bestTurn };
