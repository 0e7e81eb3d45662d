// Light cycles on the arena page, keeping the contract of web/js/game.js: the game rebuilt
// from the referee's changes (Board: ["moves", seat, dir, ...], ["end", seat, reason, ...],
// ["round", R, W, H, seat, x, y, ...], see board.py) and drawn in device pixels (BoardView):
// the field inside its wall, each trail in its bot's colour, the heads outlined, a cross
// where a bot crashed; after a round's last turn the view shows that round, crashes and
// all, until the next turn is played on the new field. A place (squareAt) is a cell [x, y].
// The notebook's replay player draws with these classes too (player.py). Colours: svg.py's.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameBoard} GameBoard */
/** @typedef {import("../../../web/js/game.js").GameBoardView} GameBoardView */

/** A round's field: cells hold 0 (empty) or the seat whose trail they are, x * H + y. */
function newField(round, width, height, seats, heads) {
    return {round, turn: 0, width, height, seats, heads, cells: new Uint8Array(width * height), crashes: []};
}

export const DELTAS = {N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0]};

/** @implements {GameBoard} */
export class Board {
    constructor(config, setup) {
        this.players = config.players;
        this.field = null;
        this.ended = null;     // the round that ended in the last step, once a new one began
        this.out = [];         // [seat, round] in the order the bots went out
        this.apply(setup);
    }

    apply(changes) {
        for (const change of changes) {
            const kind = change[0];
            if (kind === "moves") {
                const {heads, cells, height} = this.field;
                this.ended = null;
                for (let i = 0; 2 * i + 2 < change.length; i += 1) {
                    const delta = DELTAS[change[2 * i + 2]];
                    if (!delta) continue;
                    const [x, y] = heads[i];
                    cells[x * height + y] = change[2 * i + 1];
                    heads[i] = [x + delta[0], y + delta[1]];
                }
                this.field.turn += 1;
            } else if (kind === "end") {
                for (let i = 1; i < change.length; i += 2) {
                    this.field.crashes.push([change[i], change[i + 1]]);
                    this.out.push([change[i], this.field.round]);
                }
            } else if (kind === "round") {
                const [, round, width, height, ...rest] = change;
                const seats = [], heads = [];
                for (let i = 0; i < rest.length; i += 3) {
                    seats.push(rest[i]);
                    heads.push([rest[i + 1], rest[i + 2]]);
                }
                if (this.field && this.field.crashes.length) this.ended = this.field;
                this.field = newField(round, width, height, seats, heads);
            }
        }
    }

    copy() {
        const board = Object.assign(Object.create(Board.prototype), this);
        // An ended round never changes again: copies share it.
        board.field = {...this.field, heads: this.field.heads.map(head => head.slice()),
                       cells: this.field.cells.slice(), crashes: this.field.crashes.slice()};
        board.out = this.out.slice();
        return board;
    }

    /** The field a picture shows: the round that just ended (its crashes), else the field now. */
    get shown() {
        return this.ended || this.field;
    }

    /** Bots outlasted so far, by seat number (index 0 unused): as board.py's Position.scores. */
    scores() {
        const went = new Map(this.out);
        const scores = [0];
        for (let seat = 1; seat <= this.players; seat += 1) {
            const when = went.get(seat);
            scores.push(this.out.filter(([, round]) => when === undefined || round < when).length);
        }
        return scores;
    }

    /** The page's turn counter (web/js/game.js): the round and its turn, as the caption says. */
    turnLabel() {
        return `round ${this.shown.round} · turn ${this.shown.turn}`;
    }

    /** The seat's head in the round now, or null when it is out. */
    headOf(seat) {
        const index = this.field.seats.indexOf(seat);
        return index < 0 || this.out.some(([s]) => s === seat) ? null : this.field.heads[index];
    }
}

/** @implements {GameBoardView} */
export class BoardView {
    /** assets: the page assets' `colours` (field, grid, wall, crash, outline) and `seat_colours`. */
    constructor(canvas, assets) {
        this.canvas = canvas;
        this.colours = assets.colours;
        this.seatColours = assets.seat_colours;
        this.style = {shapes: null, trace: null};
        this.board = null;
        this.human = null;
        this.layout = null;     // {cell, x0, y0, field}: canvas pixels of the last drawing
        this.scale = 1;         // the zoom (zoom()): 1 shows the whole field
        this.shift = [0, 0];    // canvas pixels the zoomed field is moved from the centre
    }

    /** The picture's width over its height (web/js/game.js): the field's and its wall's, with
     * the caption's line; the page sizes the canvas to it, so the field fills it. */
    aspect() {
        const field = this.board && this.board.shown;
        return field ? (field.width + 2) / ((field.height + 2) * 1.08) : 1;
    }

    /**
     * Zoom in (factor > 1) or out round the canvas pixel `at` ([x, y], or null: the
     * centre), keeping the field point under it in place; factor 0 shows the whole field.
     */
    zoom(factor, at = null) {
        if (!factor || !this.layout) {
            this.scale = 1;
            if (this.board) this.draw();
            return;
        }
        const {cell, x0, y0} = this.layout;
        const scale = Math.min(32, Math.max(1, this.scale * factor));
        const [px, py] = at || [this.canvas.width / 2, this.canvas.height / 2];
        const grow = scale / this.scale;
        // The point under `at` stays there: the field's corner moves away from it by `grow`.
        const base = this._fit(cell / this.scale * scale);
        this.shift = [px - (px - x0) * grow - base.x0, py - (py - y0) * grow - base.y0];
        this.scale = scale;
        this.draw();
    }

    // The caption's height, the margin and the field's corner centred for cells of `cell` pixels.
    _fit(cell) {
        const {width, height} = this.canvas, field = this.board.shown;
        const ratio = window.devicePixelRatio || 1;
        const caption = Math.max(20 * ratio, height * 0.04), pad = 8 * ratio;
        return {caption, pad, x0: (width - field.width * cell) / 2, y0: caption + (height - caption - field.height * cell) / 2};
    }

    /** The page's look for the seats (web/js/game.js): trails in their colours, heads in their shapes. */
    useStyle({colours, shapes, trace}) {
        this.seatColours = colours.slice(1);
        this.style = {shapes, trace};
    }

    /** The field in words: the round, each cycle's head, who crashed; the human's free ways. */
    describe(label) {
        const field = this.board.shown;
        const heads = field.seats.map((seat, i) => `${label(seat)} at ${field.heads[i].join(",")}`).join("; ");
        const crashed = field.crashes.length ? ` Crashed: ${field.crashes.map(([seat]) => label(seat)).join(", ")}.` : "";
        const head = this.human && this.board.headOf(this.human.player);
        const free = head ? ` You can go ${Object.keys(DELTAS).filter(d => this.isFree(head[0] + DELTAS[d][0], head[1] + DELTAS[d][1])).join(", ") || "nowhere"}.` : "";
        return `Round ${field.round}, turn ${field.turn}, a ${field.width} by ${field.height} field, x from the left, y from the bottom. Heads: ${heads}.${crashed}${free}`;
    }

    /** Whether cell (x, y) of the field now is inside it and empty. */
    isFree(x, y) {
        const field = this.board.field;
        return x >= 0 && y >= 0 && x < field.width && y < field.height && !field.cells[x * field.height + y];
    }

    show(board, turn, human) {
        this.board = board;
        this.human = human;
        this.draw();
    }

    /** The top-left canvas pixel of cell (x, y) of the field drawn (y from the bottom). */
    corner(x, y) {
        const {cell, x0, y0, field} = this.layout;
        return [x0 + x * cell, y0 + (field.height - 1 - y) * cell];
    }

    /** The cell [x, y] under a mouse event, or null outside the field. */
    squareAt(event) {
        if (!this.layout) return null;
        const rect = this.canvas.getBoundingClientRect();
        const {cell, x0, y0, field} = this.layout;
        const x = Math.floor(((event.clientX - rect.left) / rect.width * this.canvas.width - x0) / cell);
        const y = field.height - 1 - Math.floor(((event.clientY - rect.top) / rect.height * this.canvas.height - y0) / cell);
        return x >= 0 && y >= 0 && x < field.width && y < field.height ? [x, y] : null;
    }

    /** Draw on the canvas's pixels (the page keeps them at its size on screen x the screen's density). */
    draw() {
        const canvas = this.canvas, board = this.board;
        const {width, height} = canvas;
        const ratio = window.devicePixelRatio || 1;  // for line widths and the caption
        const ctx = canvas.getContext("2d");
        const [background, grid, wall, crash, outline] = this.colours;
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, width, height);
        if (!board) return;
        const field = board.shown;
        // The field and one cell of wall round it (a head that left the field is drawn on
        // it), under a caption line, inside a margin; zoomed in, moved by this.shift but
        // never off the canvas's middle.
        const {caption, pad} = this._fit(0);
        const fitted = Math.min((width - 2 * pad) / (field.width + 2), (height - caption - pad) / (field.height + 2));
        const cell = fitted * this.scale;
        const centred = this._fit(cell);
        const clamp = (value, low, high) => Math.min(Math.max(value, Math.min(low, high)), Math.max(low, high));
        const x0 = this.scale === 1 ? centred.x0 : clamp(centred.x0 + this.shift[0], width / 2 - field.width * cell, width / 2);
        const y0 = this.scale === 1 ? centred.y0 : clamp(centred.y0 + this.shift[1], height / 2 - field.height * cell, height / 2);
        this.layout = {cell, x0, y0, field};
        ctx.fillStyle = wall;
        ctx.fillRect(x0 - cell, y0 - cell, (field.width + 2) * cell, (field.height + 2) * cell);
        ctx.fillStyle = background;
        ctx.fillRect(x0, y0, field.width * cell, field.height * cell);
        if (cell >= 6 * ratio) {
            ctx.strokeStyle = grid;
            ctx.lineWidth = 1;
            ctx.beginPath();
            for (let x = 1; x < field.width; x += 1) { ctx.moveTo(x0 + x * cell, y0); ctx.lineTo(x0 + x * cell, y0 + field.height * cell); }
            for (let y = 1; y < field.height; y += 1) { ctx.moveTo(x0, y0 + y * cell); ctx.lineTo(x0 + field.width * cell, y0 + y * cell); }
            ctx.stroke();
        }
        const {cells, height: rows} = field;
        for (let x = 0; x < field.width; x += 1) {
            for (let y = 0; y < rows; y += 1) {
                const seat = cells[x * rows + y];
                if (!seat) continue;
                ctx.fillStyle = this.seatColours[seat - 1];
                ctx.globalAlpha = 0.75;
                ctx.fillRect(...this.corner(x, y), cell, cell);
            }
        }
        ctx.globalAlpha = 1;
        ctx.lineWidth = Math.max(1, cell / 6);
        const {shapes, trace} = this.style;
        field.seats.forEach((seat, i) => {
            const [x, y] = this.corner(...field.heads[i]);
            ctx.fillStyle = this.seatColours[seat - 1];
            ctx.strokeStyle = outline;
            if (shapes) {
                // A head in its seat's shape, a little larger than a cell so that it reads.
                trace(ctx, shapes[seat], x + cell / 2, y + cell / 2, Math.max(cell * 0.8, 5 * ratio));
                ctx.fill();
                ctx.stroke();
                return;
            }
            ctx.fillRect(x, y, cell, cell);
            ctx.strokeRect(x, y, cell, cell);
        });
        ctx.strokeStyle = crash;
        ctx.lineWidth = Math.max(2 * ratio, cell / 3);
        for (const [seat] of field.crashes) {
            const [x, y] = this.corner(...field.heads[field.seats.indexOf(seat)]);
            const reach = Math.max(cell * 0.9, 4 * ratio), cx = x + cell / 2, cy = y + cell / 2;
            ctx.beginPath();
            ctx.moveTo(cx - reach, cy - reach); ctx.lineTo(cx + reach, cy + reach);
            ctx.moveTo(cx - reach, cy + reach); ctx.lineTo(cx + reach, cy - reach);
            ctx.stroke();
        }
        if (this.human) this._drawChoices(ctx, cell);
        // The caption on a band of its own: a zoomed field may run under it.
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, width, caption);
        ctx.fillStyle = wall;
        ctx.font = `${Math.round(caption * 0.7)}px system-ui, sans-serif`;
        ctx.textBaseline = "middle";
        ctx.textAlign = "left";
        const over = field.crashes.length ? ` · crashed: ${field.crashes.map(([seat]) => `bot ${seat}`).join(", ")}` : "";
        const zoomed = this.scale > 1 ? ` · zoom ×${this.scale.toFixed(1)}` : "";
        ctx.fillText(`Round ${field.round} · turn ${field.turn} · ${field.width} × ${field.height}${over}${zoomed}`, pad, caption / 2);
    }

    /** The human's head ringed, and a dot on each empty cell next to it. */
    _drawChoices(ctx, cell) {
        const head = this.board.headOf(this.human.player);
        if (!head) return;
        const [x, y] = this.corner(...head);
        ctx.strokeStyle = this.colours[4];
        ctx.lineWidth = Math.max(2, cell / 4);
        ctx.strokeRect(x - cell / 2, y - cell / 2, 2 * cell, 2 * cell);
        ctx.fillStyle = this.colours[4];
        for (const [dx, dy] of Object.values(DELTAS)) {
            const [nx, ny] = [head[0] + dx, head[1] + dy];
            if (!this.isFree(nx, ny)) continue;
            const [cx, cy] = this.corner(nx, ny);
            ctx.beginPath();
            ctx.arc(cx + cell / 2, cy + cell / 2, Math.max(1.5, cell / 5), 0, 2 * Math.PI);
            ctx.fill();
        }
    }
}
