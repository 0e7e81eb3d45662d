// Ultimate tic-tac-toe on the arena page, keeping the contract of web/js/game.js: the board
// rebuilt from the referee's changes (Board: [board, tile, mark] marks, ["invalid", seat]
// turns, a given start's ["start", seat, last, target, plies]) and drawn in device pixels
// (BoardView), as svg.py draws it: nine small boards with gaps between them, X and O marks, a
// won board veiled with its winner's mark drawn large, a full board greyed, the board the next
// move must be in highlighted (every open board, lighter, when the move is free), the last
// move outlined, a human's legal tiles ringed, and a status line under the board. A place
// (squareAt, human.js) is a move's text, board then tile ("38"). Colours: palette.py's
// COLOURS (the page assets').
"use strict";
/** @typedef {import("../../../web/js/game.js").GameBoard} GameBoard */
/** @typedef {import("../../../web/js/game.js").GameBoardView} GameBoardView */

const X = 1, FULL = 3, ALL = 0x1FF;
const LINES = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
const LETTERS = "-XO";

const hasLine = mask => LINES.some(line => (mask & line) === line);

/** @implements {GameBoard} */
export class Board {
    constructor(config, setup) {
        this.plyLimit = config.ply_limit;
        this.cells = new Uint8Array(81);
        this.masks = [new Array(9).fill(0), new Array(9).fill(0), new Array(9).fill(0)];   // [mark][board]
        this.status = new Uint8Array(9);      // 0 open, 1 X, 2 O (won), 3 full
        this.won = [0, 0, 0];                 // [mark]: the boards it has won, as a mask
        this.toMove = X;
        this.last = null;                     // [board, tile] of the last legal move
        this.target = null;                   // the board the next move must be in, null: free
        this.plies = 0;                       // turns taken, invalid ones included
        this.invalid = [0, 0, 0];             // invalid turns by seat
        this.apply(setup);
    }

    apply(changes) {
        for (const change of changes) {
            if (change[0] === "invalid") {
                this.invalid[change[1]] += 1;
                this.target = null;
                this.toMove = 3 - change[1];
                this.plies += 1;
            } else if (change[0] === "start") {
                const [, toMove, last, target, plies] = change;
                this.toMove = toMove;
                this.last = last ? [Number(last[0]), Number(last[1])] : null;
                this.target = target < 0 ? null : target;
                this.plies = plies;
            } else {
                this.place(...change);
            }
        }
    }

    place(board, tile, mark) {
        this.cells[board * 9 + tile] = mark;
        const mine = this.masks[mark][board] |= 1 << tile;
        if (this.status[board] === 0) {
            if (hasLine(mine)) {
                this.status[board] = mark;
                this.won[mark] |= 1 << board;
            } else if ((mine | this.masks[3 - mark][board]) === ALL) {
                this.status[board] = FULL;
            }
        }
        this.last = [board, tile];
        this.target = this.status[tile] === 0 ? tile : null;
        this.toMove = 3 - mark;
        this.plies += 1;
    }

    copy() {
        return Object.assign(Object.create(Board.prototype), this, {
            cells: this.cells.slice(),
            masks: this.masks.map(masks => masks.slice()),
            status: this.status.slice(),
            won: this.won.slice(),
            invalid: this.invalid.slice(),
        });
    }

    /** The mark that has won the master board, 0 if none. */
    winner() {
        return [1, 2].find(mark => hasLine(this.won[mark])) || 0;
    }

    get finished() {
        return Boolean(this.winner()) || !this.status.includes(0) || this.plies >= this.plyLimit;
    }

    /** The points as the rules count them, by seat number (seat 1 plays X). */
    scores() {
        const winner = this.winner();
        const points = [0, -this.invalid[1], -this.invalid[2]];
        if (winner) points[winner] += 100 + this.cells.filter(mark => !mark).length;
        else if (this.finished) { points[1] -= 10; points[2] -= 10; }
        return points;
    }

    /** Whose move it is and where, or how the game ended (svg.py's status line, in short). */
    statusLine() {
        const last = this.last ? ` (last move ${this.last.join("")})` : "";
        const winner = this.winner();
        if (winner) return `${LETTERS[winner]} won the master board${last}`;
        if (!this.status.includes(0)) return `no open board left${last}`;
        if (this.plies >= this.plyLimit) return `${this.plyLimit} turns taken: no winner`;
        const where = this.target === null ? "anywhere" : `in board ${this.target}`;
        return `${LETTERS[this.toMove]} to move ${where}${last}`;
    }
}

/** @implements {GameBoardView} */
export class BoardView {
    constructor(canvas, assets) {
        this.canvas = canvas;
        // background, X, O, tile, lines, target, last move, full board, free boards
        this.colours = assets.colours;
        this.board = null;
        this.turn = null;
        this.human = null;
        this.layout = null;               // {cell, gap, x0, y0}: canvas pixels of the last drawing
    }

    /** The page's look for the seats (web/js/game.js): X and O take seat 1's and 2's colours
     * (their marks are already shapes of their own). */
    useStyle({colours}) {
        this.colours = this.colours.map((colour, i) => (i === 1 || i === 2 ? colours[i] : colour));
    }

    /** The board in words: whose move and where, the small boards won and full. */
    describe(label) {
        const board = this.board;
        const boards = mark => [...board.status].map((status, b) => (status === mark ? b : -1)).filter(b => b >= 0);
        const list = bs => (bs.length ? bs.join(", ") : "none");
        return `Boards numbered 0 to 8 and tiles 0 to 8, row by row. X is ${label(1)}, O is ${label(2)}. ${board.statusLine()}. ` +
            `Boards won by X: ${list(boards(1))}; by O: ${list(boards(2))}; full: ${list(boards(FULL))}.`;
    }

    show(board, turn, human) {
        this.board = board;
        this.turn = turn;
        this.human = human;
        this.draw();
    }

    /** The top-left corner of `tile` of `board` in canvas pixels. */
    corner(board, tile) {
        const {cell, gap, x0, y0} = this.layout;
        return [
            x0 + gap + (board % 3) * (3 * cell + gap) + (tile % 3) * cell,
            y0 + gap + Math.floor(board / 3) * (3 * cell + gap) + Math.floor(tile / 3) * cell,
        ];
    }

    /** The move text ("38") of the tile under a mouse event, or null. */
    squareAt(event) {
        if (!this.layout || !this.board) return null;
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) / rect.width * this.canvas.width;
        const y = (event.clientY - rect.top) / rect.height * this.canvas.height;
        const {cell, gap, x0, y0} = this.layout;
        const span = 3 * cell + gap;
        const [bx, by] = [Math.floor((x - x0 - gap) / span), Math.floor((y - y0 - gap) / span)];
        if (bx < 0 || by < 0 || bx > 2 || by > 2) return null;
        const [tx, ty] = [(x - x0 - gap - bx * span) / cell, (y - y0 - gap - by * span) / cell];
        if (tx < 0 || ty < 0 || tx >= 3 || ty >= 3) return null;   // in a gap between boards
        return `${by * 3 + bx}${Math.floor(ty) * 3 + Math.floor(tx)}`;
    }

    /** An X (two strokes) or an O (a ring) filling the square at (x, y) of side `size`. */
    mark(ctx, mark, x, y, size, width) {
        const inset = size * 0.22;
        ctx.lineWidth = width;
        ctx.lineCap = "round";
        ctx.strokeStyle = this.colours[mark];
        ctx.beginPath();
        if (mark === X) {
            ctx.moveTo(x + inset, y + inset);
            ctx.lineTo(x + size - inset, y + size - inset);
            ctx.moveTo(x + size - inset, y + inset);
            ctx.lineTo(x + inset, y + size - inset);
        } else {
            ctx.arc(x + size / 2, y + size / 2, size / 2 - inset, 0, 2 * Math.PI);
        }
        ctx.stroke();
    }

    draw() {
        const canvas = this.canvas, board = this.board;
        const {width, height} = canvas;
        const ratio = window.devicePixelRatio || 1;  // for line widths and fonts
        const ctx = canvas.getContext("2d");
        const [background, , , tileColour, lines, targetColour, lastColour, fullColour, freeColour] = this.colours;
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, width, height);
        if (!board) return;
        // Nine tiles and four gaps (a third of a tile each) across; a status line below.
        const cell = Math.min(width / (9 + 4 / 3), height / (9 + 4 / 3 + 1.4));
        const gap = cell / 3, side = 9 * cell + 4 * gap;
        this.layout = {cell, gap, x0: Math.round((width - side) / 2), y0: Math.round((height - side - 1.4 * cell) / 2)};
        const free = board.target === null && !board.finished;
        const thin = Math.max(1, 0.6 * ratio);
        for (let b = 0; b < 9; b += 1) {
            const status = board.status[b];
            const [x, y] = this.corner(b, 0), size = 3 * cell;
            ctx.fillStyle = status === FULL ? fullColour
                : status === 0 && b === board.target ? targetColour
                : status === 0 && free ? freeColour : tileColour;
            ctx.fillRect(x, y, size, size);
            ctx.strokeStyle = lines;
            ctx.lineWidth = thin;
            ctx.beginPath();
            for (const k of [1, 2]) {
                ctx.moveTo(Math.round(x + k * cell) + 0.5, y);
                ctx.lineTo(Math.round(x + k * cell) + 0.5, y + size);
                ctx.moveTo(x, Math.round(y + k * cell) + 0.5);
                ctx.lineTo(x + size, Math.round(y + k * cell) + 0.5);
            }
            ctx.stroke();
            ctx.lineWidth = 1.5 * ratio;
            ctx.strokeRect(x, y, size, size);
            for (let t = 0; t < 9; t += 1) {
                const mark = board.cells[b * 9 + t];
                if (mark) this.mark(ctx, mark, ...this.corner(b, t), cell, cell * 0.12);
            }
            if (status === 1 || status === 2) {
                ctx.globalAlpha = 0.65;
                ctx.fillStyle = background;
                ctx.fillRect(x, y, size, size);
                ctx.globalAlpha = 1;
                this.mark(ctx, status, x, y, size, cell * 0.32);
            }
        }
        if (board.last) {
            const [x, y] = this.corner(...board.last), inset = 1.5 * ratio;
            ctx.strokeStyle = lastColour;
            ctx.lineWidth = 2.5 * ratio;
            ctx.strokeRect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset);
        }
        // A human's legal tiles, ringed: small and thin, so that no ring looks like an O.
        if (this.human && this.human.showCursor && this.human.cursor) {
            // The keyboard's cursor: the tile outlined thick, inside the last move's outline.
            const [x, y] = this.corner(Number(this.human.cursor[0]), Number(this.human.cursor[1])), inset = 4 * ratio;
            ctx.strokeStyle = lines;
            ctx.lineWidth = 3 * ratio;
            ctx.strokeRect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset);
        }
        if (this.human) {
            ctx.strokeStyle = lastColour;
            ctx.lineWidth = Math.max(1.5 * ratio, cell * 0.05);
            for (const text of this.human.moves) {
                const [x, y] = this.corner(Number(text[0]), Number(text[1]));
                ctx.beginPath();
                ctx.arc(x + cell / 2, y + cell / 2, cell * 0.14, 0, 2 * Math.PI);
                ctx.stroke();
            }
        }
        const invalid = this.turn && this.turn.kind !== "move" ? `bot ${this.turn.player}: invalid turn (${this.turn.kind}) · ` : "";
        ctx.fillStyle = lines;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.font = `${Math.max(11 * ratio, Math.min(cell * 0.55, 16 * ratio))}px system-ui, sans-serif`;
        const {y0} = this.layout;
        ctx.fillText(`${invalid}${board.statusLine()} · turn ${board.plies}`, width / 2, y0 + side + 0.7 * cell);
    }
}
