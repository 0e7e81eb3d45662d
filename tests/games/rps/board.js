// Rock-paper-scissors on the arena page, keeping the contract of web/js/game.js: the rounds
// rebuilt from the referee's changes (Board) and drawn on a canvas (BoardView): the score
// on top, then one column a round, seat 1's throw above seat 2's, the winner's tile in its
// seat's colour. Colours come from svg.py's COLOURS (the page assets' `colours`).
// The game has no input module: a human cannot take a seat.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameBoard} GameBoard */
/** @typedef {import("../../../web/js/game.js").GameBoardView} GameBoardView */

const BEATS = {R: "S", S: "P", P: "R"};
/** A round's height in tiles: two throws and a gap before the next row of rounds. */
const ROUND_HEIGHT = 2.25;
/** The score line's height, as a share of the canvas's. */
const HEADER = 0.12;

/** 1 or 2 for a round's winner, 0 for a draw ("-", no throw, loses to any throw). */
export function winnerOf(first, second) {
    if (first === second) return 0;
    return second === "-" || BEATS[first] === second ? 1 : 2;
}

/** @implements {GameBoard} */
export class Board {
    /** The rounds of a match of `config`, from the setup's changes. */
    constructor(config, setup) {
        this.limit = config.rounds;
        this.rounds = [];          // [[seat 1's throw, seat 2's], ...]
        this.won = [0, 0, 0];      // draws, then rounds won by seat 1 and seat 2
        this.apply(setup);
    }

    /** Add one step's changes [[throw 1, throw 2]] (one round each). */
    apply(changes) {
        for (const [first, second] of changes) {
            this.rounds.push([first, second]);
            this.won[winnerOf(first, second)] += 1;
        }
    }

    copy() {
        const board = Object.create(Board.prototype);
        board.limit = this.limit;
        board.rounds = this.rounds.slice();   // rounds are never changed, only added
        board.won = this.won.slice();
        return board;
    }

    /** Rounds won, by seat number (index 0: the draws). */
    scores() {
        return this.won.slice();
    }
}

/**
 * Where the rounds go on a `width` x `height` canvas: the tile's size, the columns of
 * rounds and the grid's top-left corner, chosen so that `limit` rounds fit with the
 * largest tiles.
 */
function layoutOf(limit, width, height) {
    const top = Math.round(height * HEADER);
    const room = height - top;
    const tileFor = columns => Math.min(width / columns, room / (Math.ceil(limit / columns) * ROUND_HEIGHT));
    // The best column count is next to the one that makes the grid's shape the canvas's.
    const ideal = Math.sqrt(limit * ROUND_HEIGHT * width / room);
    const candidates = [Math.floor(ideal), Math.ceil(ideal)].map(c => Math.min(limit, Math.max(1, c)));
    const columns = candidates.reduce((best, c) => (tileFor(c) > tileFor(best) ? c : best));
    const tile = tileFor(columns);
    return {tile, columns, left: (width - columns * tile) / 2, top};
}

/** @implements {GameBoardView} */
export class BoardView {
    /** assets: rps's page assets: `colours` (background, seat 1, seat 2, a tile not won), `seat_names`. */
    constructor(canvas, assets) {
        this.canvas = canvas;
        this.colours = assets.colours;
        this.names = assets.seat_names;
        this.board = null;
        this.layout = null;        // the last drawing's layoutOf, for squareAt
    }

    /** Show `board`; every round is on it, so the last `turn` needs no outline (and no seat is human). */
    show(board, _turn, _human) {
        this.board = board;
        this.draw();
    }

    /** The tile under a mouse event, [round index, seat], or null. */
    squareAt(event) {
        const layout = this.layout;
        if (!layout || !this.board) return null;
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) / rect.width * this.canvas.width - layout.left;
        const y = (event.clientY - rect.top) / rect.height * this.canvas.height - layout.top;
        const column = Math.floor(x / layout.tile);
        const row = Math.floor(y / (layout.tile * ROUND_HEIGHT));
        const seat = Math.floor((y - row * layout.tile * ROUND_HEIGHT) / layout.tile) + 1;
        const round = row * layout.columns + column;
        const inside = x >= 0 && y >= 0 && column < layout.columns && seat <= 2;
        return inside && round < this.board.rounds.length ? [round, seat] : null;
    }

    draw() {
        const canvas = this.canvas;
        // Drawn in device pixels, so the letters stay crisp at any size.
        const width = canvas.width;
        const ctx = canvas.getContext("2d");
        ctx.fillStyle = this.colours[0];
        ctx.fillRect(0, 0, width, width);
        const board = this.board;
        if (!board) return;
        this.layout = layoutOf(Math.max(1, board.limit), width, width);
        this._drawScore(ctx, width);
        this._drawRounds(ctx);
    }

    /** "Red 3   round 5 / 9   2 Blue" across the top, each seat in its colour. */
    _drawScore(ctx, width) {
        const {board, colours} = this;
        const name = seat => (this.names && this.names[seat - 1]) || `Seat ${seat}`;
        const middle = this.layout.top / 2;
        const pad = width * 0.03;
        ctx.font = `bold ${Math.round(this.layout.top * 0.45)}px system-ui, sans-serif`;
        ctx.textBaseline = "middle";
        ctx.fillStyle = colours[1];
        ctx.textAlign = "left";
        ctx.fillText(`${name(1)} ${board.won[1]}`, pad, middle);
        ctx.fillStyle = colours[2];
        ctx.textAlign = "right";
        ctx.fillText(`${board.won[2]} ${name(2)}`, width - pad, middle);
        ctx.fillStyle = "#6b6f78";
        ctx.textAlign = "center";
        ctx.font = `${Math.round(this.layout.top * 0.32)}px system-ui, sans-serif`;
        ctx.fillText(`round ${board.rounds.length} / ${board.limit}`, width / 2, middle);
    }

    /**
     * Each round's two throws, the winner's tile filled with its seat's colour, the others
     * grey outlined in theirs (so a draw's are both grey, and each row's seat still shows).
     */
    _drawRounds(ctx) {
        const {board, colours} = this;
        const {tile, columns, left, top} = this.layout;
        const inset = Math.max(0.5, tile * 0.06);
        const side = tile - 2 * inset;
        const line = Math.max(1, tile * 0.05);
        ctx.lineWidth = line;
        ctx.font = `bold ${Math.round(tile * 0.55)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        board.rounds.forEach(([first, second], index) => {
            const winner = winnerOf(first, second);
            const x = left + (index % columns) * tile;
            const y = top + Math.floor(index / columns) * tile * ROUND_HEIGHT;
            [first, second].forEach((text, row) => {
                const won = winner === row + 1, tx = x + inset, ty = y + row * tile + inset;
                ctx.fillStyle = won ? colours[row + 1] : colours[3];
                ctx.fillRect(tx, ty, side, side);
                if (!won) {
                    // Inside the tile's edge, so every tile has the same size.
                    ctx.strokeStyle = colours[row + 1];
                    ctx.strokeRect(tx + line / 2, ty + line / 2, side - line, side - line);
                }
                ctx.fillStyle = won ? "#fff" : "#333";
                ctx.fillText(text, x + tile / 2, y + (row + 0.5) * tile);
            });
        });
    }
}
