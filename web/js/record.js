// The page's record of a game: its setup and turns (as the referee returned them), each
// seat's score after every turn, and any turn's board rebuilt from the changes by the
// game's own Board (its page module, see game.js).
"use strict";

const SNAPSHOT_EVERY = 256;

export class GameRecord {
    /**
     * game: the loaded game (game.js); start: {setup, movers, limit, stats} as the referee
     * gives it (limit: the most steps the rules allow, or null; stats: by seat).
     * @param {import("./game.js").Game} game
     */
    constructor(game, config, names, {setup, movers = [], limit = null, stats = null}) {
        this.game = game;
        this.config = config;
        this.names = names;
        this.setup = setup;
        // The most turn records: one a step when one player moves at a time (in a
        // simultaneous game each step has one per mover still in, so no fixed number).
        this.limit = game.assets.simultaneous ? null : limit;
        this.movers = movers;        // who moves next in the live game
        this.board = new game.Board(config, setup);
        this.turns = [];
        this.scores = [this.board.scores()];
        // What the chart plots after each turn: the board's chart (Board.chart), else the scores.
        this.plot = this.board.chart ? [this.board.chart()] : this.scores;
        this.snapshots = [this.board.copy()];
        this.result = null;
        this.stats = stats;
    }

    /** Add a turn {player, kind, move, detail, ms, changes}; updates the live board. */
    add(turn) {
        this.board.apply(turn.changes);
        this.turns.push(turn);
        this.scores.push(this.board.scores());
        if (this.plot !== this.scores) this.plot.push(this.board.chart());
        if (this.turns.length % SNAPSHOT_EVERY === 0) this.snapshots.push(this.board.copy());
    }

    get length() {
        return this.turns.length;
    }

    /** Seat `seat`'s name now: the board's word when it can change (Hex's colours), else the game's. */
    seatName(seat) {
        return this.board.seatName ? this.board.seatName(seat) : this.game.seatName(seat);
    }

    /** Seat `seat`'s colour now: the colour of the seat whose colour it holds (Board.colourOf:
     * Hex's after a swap), else its own. */
    colour(seat) {
        return this.game.colours[this.board.colourOf ? this.board.colourOf(seat) : seat];
    }

    /** The board after `n` turns (0: the starting position). */
    boardAt(n) {
        if (n === this.turns.length) return this.board;
        const base = Math.floor(n / SNAPSHOT_EVERY);
        const board = this.snapshots[base].copy();
        for (let i = base * SNAPSHOT_EVERY; i < n; i += 1) board.apply(this.turns[i].changes);
        return board;
    }

    /** The turn that led to the board after `n` turns (null at the start). */
    turnAt(n) {
        return this.turns[n - 1] || null;
    }
}
