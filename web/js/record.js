// The page's record of a game: starting pieces, turns (as the referee returned them) and
// the piece counts after every turn, with any turn's board rebuilt from the changes.
"use strict";

const SNAPSHOT_EVERY = 256;

export class GameRecord {
    constructor(config, names, setup) {
        this.config = config;
        this.names = names;
        this.size = config.size;
        this.turns = [];
        this.cells = new Uint8Array(this.size * this.size);
        for (const [x, y, colour] of setup) this.cells[y * this.size + x] = colour;
        this.counts = [this._count(this.cells)];
        this.snapshots = [this.cells.slice()];
        this.result = null;
        this.stats = null;
    }

    _count(cells) {
        const counts = new Array(6).fill(0);
        for (const colour of cells) counts[colour] += 1;
        return counts;
    }

    /** Add a turn {player, kind, move, detail, ms, changes}; updates the live board. */
    add(turn) {
        const counts = this.counts[this.counts.length - 1].slice();
        for (const [x, y, colour] of turn.changes) {
            const index = y * this.size + x;
            counts[this.cells[index]] -= 1;
            counts[colour] += 1;
            this.cells[index] = colour;
        }
        this.turns.push(turn);
        this.counts.push(counts);
        if (this.turns.length % SNAPSHOT_EVERY === 0) this.snapshots.push(this.cells.slice());
    }

    get length() {
        return this.turns.length;
    }

    /** The board after `n` turns (0: the starting position). */
    cellsAt(n) {
        if (n === this.turns.length) return this.cells;
        const base = Math.floor(n / SNAPSHOT_EVERY);
        const cells = this.snapshots[base].slice();
        for (let i = base * SNAPSHOT_EVERY; i < n; i += 1) {
            for (const [x, y, colour] of this.turns[i].changes) cells[y * this.size + x] = colour;
        }
        return cells;
    }

    /** What to outline after `n` turns: the last move's squares and its conversions. */
    highlightsAt(n) {
        const turn = this.turns[n - 1];
        if (!turn || !turn.move || turn.kind !== "move") return null;
        const [x0, y0, x1, y1] = turn.move.split(" ").map(Number);
        const converted = turn.changes.slice(2).filter(([x, y, colour]) => colour === turn.player)
            .map(([x, y]) => [x, y]);
        return {player: turn.player, from: [x0, y0], to: [x1, y1], converted};
    }

    /** The board as a plain list, as a fresh bot worker needs it. */
    cellList() {
        return Array.from(this.cells);
    }
}
