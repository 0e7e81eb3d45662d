"use-strict";

// Two bots in the judge's submissions.js format (the arena's own, for its tests): an array
// SUBMISSIONS of `new Bot(name, author, function)` entries, loaded in sloppy mode (the
// line above is the judge's typo, not a directive). "Space Filler" relies on it: it keeps
// its step count in an undeclared global.

const SUBMISSIONS = [
  new Bot("Wall Avoider", "arena tests", (state) => {
    const [x, y] = state.getSelf();
    const moves = [
      ["N", x, y + 1],
      ["E", x + 1, y],
      ["S", x, y - 1],
      ["W", x - 1, y],
    ];
    let best = "N";
    let bestRoom = -1;
    for (const [d, a, b] of moves) {
      if (state.get(a, b) !== " ") continue;
      const room = [
        [a, b + 1],
        [a + 1, b],
        [a, b - 1],
        [a - 1, b],
      ].filter(([c, e]) => state.get(c, e) === " ").length;
      if (room > bestRoom) {
        best = d;
        bestRoom = room;
      }
    }
    return best;
  }),
  new Bot("Space Filler", "arena tests", function (state) {
    steps = typeof steps === "undefined" ? 1 : steps + 1;
    const [width, height] = state.getDim();
    const [x, y] = state.getSelf();
    const board = state.getBoard();
    const room = (a, b) => {
      const seen = new Set([a * height + b]);
      const todo = [[a, b]];
      while (todo.length) {
        const [c, d] = todo.pop();
        for (const [e, f] of [[c, d + 1], [c + 1, d], [c, d - 1], [c - 1, d]]) {
          if (e < 0 || f < 0 || e >= width || f >= height) continue;
          if (board[e][f] !== " " || seen.has(e * height + f)) continue;
          seen.add(e * height + f);
          todo.push([e, f]);
        }
      }
      return seen.size;
    };
    let best = "N";
    let bestRoom = 0;
    for (const [d, a, b] of [["N", x, y + 1], ["E", x + 1, y], ["S", x, y - 1], ["W", x - 1, y]]) {
      if (state.get(a, b) !== " ") continue;
      const size = room(a, b);
      if (size > bestRoom) {
        best = d;
        bestRoom = size;
      }
    }
    return best;
  }),
];
