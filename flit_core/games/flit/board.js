// Flit on the arena page: the board rebuilt from the referee's (x, y, colour) changes, and
// its drawing on a canvas, crisp at any size (drawn in device pixels), colours from
// palette.py (the page assets), the last move and its conversions outlined, a torus grid.
// The page's generic code uses only Board and BoardView (see web/js/game.js).
"use strict";
/** @typedef {import("../../../web/js/game.js").GameBoard} GameBoard */
/** @typedef {import("../../../web/js/game.js").GameBoardView} GameBoardView */

const NEUTRAL = 5;

/**
 * The board after some turns: one colour per square, row by row, and each colour's count.
 * @implements {GameBoard}
 */
export class Board {
    constructor(config, setup) {
        this.size = config.size;
        this.cells = new Uint8Array(this.size * this.size);
        this.counts = new Array(NEUTRAL + 1).fill(0);
        this.counts[0] = this.cells.length;
        this.apply(setup);
    }

    /** One step's changes [[x, y, colour], ...]. */
    apply(changes) {
        for (const [x, y, colour] of changes) {
            const index = y * this.size + x;
            this.counts[this.cells[index]] -= 1;
            this.counts[colour] += 1;
            this.cells[index] = colour;
        }
    }

    copy() {
        const board = Object.create(Board.prototype);
        board.size = this.size;
        board.cells = this.cells.slice();
        board.counts = this.counts.slice();
        return board;
    }

    /** Each seat's pieces, by seat number (colour). */
    scores() {
        return this.counts.slice();
    }

    colourAt(x, y) {
        return this.cells[y * this.size + x];
    }
}

/**
 * What to outline after a turn: its move's squares and the pieces it converted.
 * @returns {{player: number, from: [number, number], to: [number, number], converted: [number, number][]} | null}
 */
function highlightsOf(turn) {
    if (!turn || !turn.move || turn.kind !== "move") return null;
    const [x0, y0, x1, y1] = turn.move.split(" ").map(Number);
    // A move's changes: the origin emptied, the destination filled, then the conversions.
    const converted = turn.changes.slice(2).filter(([, , colour]) => colour === turn.player).map(([x, y]) => [x, y]);
    return {player: turn.player, from: [x0, y0], to: [x1, y1], converted};
}

/** @implements {GameBoardView} */
export class BoardView {
    /** assets: Flit's page assets (the palette: colours, grid, highlight). */
    constructor(canvas, assets) {
        this.canvas = canvas;
        this.palette = assets;
        this.size = 16;
        this.cells = null;
        this.highlights = null;
        this.human = null;           // a human's HumanInput while it is their turn
        this.seatColours = assets.colours;   // by colour number; useStyle may restyle the seats'
        this.style = {shapes: null, trace: null};
        this.counts = null;
    }

    /** The page's look for the seats (web/js/game.js): colours and shapes by seat number. */
    useStyle({colours, shapes, trace}) {
        this.seatColours = this.palette.colours.map((colour, i) => (i > 0 && i < NEUTRAL && colours[i]) || colour);
        this.style = {shapes, trace};
    }

    /** The board in words: its size, the neutral pieces, the last move and the human's choice. */
    describe(_label) {
        const h = this.highlights, human = this.human;
        const last = h ? `Last move ${h.from.join(",")} to ${h.to.join(",")}, ${h.converted.length} converted. ` : "";
        const picked = human && human.selected ? `You picked ${human.selected.join(",")}: ${human.targets.length} destinations. ` : "";
        return `A ${this.size} by ${this.size} torus, x from the left, y from the top; ${this.counts[NEUTRAL]} neutral pieces. ${last}${picked}`;
    }

    /** Show `board`, the `turn` that led to it (outlined), and a human's choices (or null). */
    show(board, turn, human) {
        this.size = board.size;
        this.cells = board.cells;
        this.counts = board.counts;
        this.highlights = highlightsOf(turn);
        this.human = human;
        this.draw();
    }

    /** The square under a mouse event, or null. */
    squareAt(event) {
        const rect = this.canvas.getBoundingClientRect();
        const x = Math.floor((event.clientX - rect.left) / rect.width * this.size);
        const y = Math.floor((event.clientY - rect.top) / rect.height * this.size);
        return x >= 0 && y >= 0 && x < this.size && y < this.size ? [x, y] : null;
    }

    draw() {
        const canvas = this.canvas;
        const width = canvas.width;
        const ratio = window.devicePixelRatio || 1;  // for line widths and fonts
        const ctx = canvas.getContext("2d");
        const {grid, highlight} = this.palette;
        const colours = this.seatColours, {shapes, trace} = this.style;
        const n = this.size;
        const cell = width / n;
        ctx.fillStyle = colours[0];
        ctx.fillRect(0, 0, width, width);
        ctx.strokeStyle = grid;
        ctx.lineWidth = Math.max(1, ratio * 0.75);
        ctx.beginPath();
        for (let i = 0; i <= n; i += 1) {
            const p = Math.round(i * cell) + 0.5;
            ctx.moveTo(p, 0); ctx.lineTo(p, width);
            ctx.moveTo(0, p); ctx.lineTo(width, p);
        }
        ctx.stroke();
        if (!this.cells) return;
        const radius = cell * 0.36;
        for (let y = 0; y < n; y += 1) {
            for (let x = 0; x < n; x += 1) {
                const colour = this.cells[y * n + x];
                if (!colour) continue;
                ctx.fillStyle = colours[colour];
                ctx.beginPath();
                if (shapes && colour !== NEUTRAL) {
                    trace(ctx, shapes[colour], (x + 0.5) * cell, (y + 0.5) * cell, radius * 1.05);
                } else if (colour === NEUTRAL) {
                    // Neutral pieces are smaller diamonds, so they read apart from bots' pieces.
                    const cx = (x + 0.5) * cell, cy = (y + 0.5) * cell, r = radius * 0.9;
                    ctx.moveTo(cx, cy - r); ctx.lineTo(cx + r, cy); ctx.lineTo(cx, cy + r); ctx.lineTo(cx - r, cy);
                } else {
                    ctx.arc((x + 0.5) * cell, (y + 0.5) * cell, radius, 0, 2 * Math.PI);
                }
                ctx.fill();
            }
        }
        this._drawHighlights(ctx, cell, ratio, highlight);
        this._drawHuman(ctx, cell);
    }

    _ring(ctx, [x, y], cell, r) {
        ctx.beginPath();
        ctx.arc((x + 0.5) * cell, (y + 0.5) * cell, r, 0, 2 * Math.PI);
        ctx.stroke();
    }

    _drawHighlights(ctx, cell, ratio, colour) {
        const h = this.highlights;
        if (!h) return;
        ctx.strokeStyle = colour;
        ctx.lineWidth = Math.max(1.5, cell * 0.07);
        ctx.setLineDash([Math.max(2, cell * 0.12), Math.max(2, cell * 0.1)]);
        this._ring(ctx, h.from, cell, cell * 0.36);
        ctx.setLineDash([]);
        this._ring(ctx, h.to, cell, cell * 0.45);
        ctx.strokeStyle = this.seatColours[h.player];
        for (const square of h.converted) this._ring(ctx, square, cell, cell * 0.47);
        // The move itself, as a thin line the short way round the torus.
        const [x0, y0] = h.from, [x1, y1] = h.to, n = this.size;
        const dx = ((x1 - x0 + n + n / 2) % n) - n / 2, dy = ((y1 - y0 + n + n / 2) % n) - n / 2;
        const inside = v => v >= 0 && v < n;
        // Only when the short way stays on the board: a line leaving an edge reads as noise.
        if (Math.abs(dx) + Math.abs(dy) > 1 && inside(x0 + dx) && inside(y0 + dy)) {
            ctx.strokeStyle = colour;
            ctx.globalAlpha = 0.35;
            ctx.lineWidth = Math.max(1, ratio);
            ctx.beginPath();
            ctx.moveTo((x0 + 0.5) * cell, (y0 + 0.5) * cell);
            ctx.lineTo((x0 + dx + 0.5) * cell, (y0 + dy + 0.5) * cell);
            ctx.stroke();
            ctx.globalAlpha = 1;
        }
    }

    _drawHuman(ctx, cell) {
        const human = this.human;
        if (!human) return;
        const mine = human.player;
        ctx.lineWidth = Math.max(1.5, cell * 0.08);
        ctx.strokeStyle = this.seatColours[mine];
        if (!human.selected) {
            // Your turn: a faint halo round each of your pieces says "pick one".
            ctx.globalAlpha = 0.45;
            for (let i = 0; i < this.cells.length; i += 1) {
                if (this.cells[i] === mine) this._ring(ctx, [i % this.size, Math.floor(i / this.size)], cell, cell * 0.46);
            }
            ctx.globalAlpha = 1;
        }
        if (human.selected) this._ring(ctx, human.selected, cell, cell * 0.46);
        ctx.fillStyle = this.seatColours[mine];
        ctx.globalAlpha = 0.35;
        for (const [x, y] of human.targets) {
            ctx.beginPath();
            ctx.arc((x + 0.5) * cell, (y + 0.5) * cell, cell * 0.18, 0, 2 * Math.PI);
            ctx.fill();
        }
        ctx.globalAlpha = 1;
        for (const square of human.targets) this._ring(ctx, square, cell, cell * 0.3);
        if (human.showCursor && human.cursor) {
            // The keyboard's cursor: a square round the square, in the highlight's ink.
            const [x, y] = human.cursor, inset = Math.max(1.5, cell * 0.06);
            ctx.strokeStyle = this.palette.highlight;
            ctx.lineWidth = Math.max(2, cell * 0.1);
            ctx.strokeRect(x * cell + inset, y * cell + inset, cell - 2 * inset, cell - 2 * inset);
        }
    }
}
