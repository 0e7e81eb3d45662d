// Rotation-savvy, in the original answers' style (started afresh for every turn, the state as
// its one argument): of every turn of rotations and flips (R, T, F, N) the one that earns it
// the most points during the turn (what it receives), holding value aside: what it holds will
// be rotated away anyway. With nothing to earn it takes a coin and flips it. A field bot for
// benchmarks/strength.py.
/* global console, process, require -- a Node script */
const { readState, bestTurn } = require("./ring.js");

const best = bestTurn("RTFN", readState(process.argv[2]));
console.log(best.points > 0 ? best.turn : "1FN");
