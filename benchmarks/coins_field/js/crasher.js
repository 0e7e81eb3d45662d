// A bot that crashes often, as one of the original answers did: it reads the records with a
// parser that fails on negative points (no output: the turn is nothing), and otherwise takes
// and flips two coins, or rotates to the previous player when it has nothing to flip. A field
// bot for benchmarks/strength.py.
/* global console, process -- a Node script */
const fields = process.argv[2].split(";");
for (const field of fields.slice(3)) {
  if (!/^\d+_\d+_\d+_\d+$/.test(field)) throw new Error(`cannot read ${field}`);
}
const pile = Number(fields[2]);
console.log(pile >= 2 ? "2FF" : "TNN");
