// Greedy by points alone, in the original answers' style (started afresh for every turn, the
// state as its one argument): of every turn of take 1-3, flip, rotate and nothing, the one that
// earns it the most points during the turn (holding value aside), ties to the first found. A
// field bot for benchmarks/strength.py.
/* global console, process, require -- a Node script */
const { readState, bestTurn } = require("./ring.js");

console.log(bestTurn("123FRTN", readState(process.argv[2])).turn);
