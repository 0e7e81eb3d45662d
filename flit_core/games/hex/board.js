// Hex on the arena page, keeping the contract of web/js/game.js: the board rebuilt from the
// referee's changes (Board: [row, col, colour] stones, ["swap", seat holding Black]) and
// drawn in device pixels (BoardView): a rhombus of hexagons, row r shifted r half-cells
// right, Black's sides (top, bottom) and White's (left, right) as bands, row letters and
// column numbers, the last stone dotted and, once a colour has connected, its winning chain
// (one shortest path through its stones, side to side) drawn over the stones. A place
// (squareAt, human.js) is a cell's name. Colours: svg.py's COLOURS (the page assets').
"use strict";
/** @typedef {import("../../../web/js/game.js").GameBoard} GameBoard */
/** @typedef {import("../../../web/js/game.js").GameBoardView} GameBoardView */

const BLACK = 1;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const STEPS = [[0, -1], [0, 1], [-1, 0], [1, 0], [-1, 1], [1, -1]];   // a cell's neighbours

/** One shortest chain of `colour`'s stones from its first side to its second, as [row, col]
 * cells from the second side back (empty if it has not connected): a breadth-first search. */
export function winningChain(cells, n, colour) {
    const crossing = (r, c) => (colour === BLACK ? r : c);   // 0 on the first side, n-1 on the second
    const from = new Map();
    const queue = [];
    for (let i = 0; i < n; i += 1) {
        const start = colour === BLACK ? i : i * n;
        if (cells[start] === colour) { from.set(start, -1); queue.push(start); }
    }
    for (let head = 0; head < queue.length; head += 1) {
        const at = queue[head], r = Math.floor(at / n), c = at % n;
        if (crossing(r, c) === n - 1) {
            const chain = [];
            for (let i = at; i !== -1; i = from.get(i)) chain.push([Math.floor(i / n), i % n]);
            return chain;
        }
        for (const [dr, dc] of STEPS) {
            const rr = r + dr, cc = c + dc, next = rr * n + cc;
            if (rr >= 0 && cc >= 0 && rr < n && cc < n && cells[next] === colour && !from.has(next)) {
                from.set(next, at);
                queue.push(next);
            }
        }
    }
    return [];
}

/** The fewest empty cells `colour` must still fill to join its sides (its own stones cost
 * nothing, the other colour's block the way), or null once it no longer can: a 0-1
 * breadth-first search from its first side. */
export function cellsToConnect(cells, n, colour) {
    const first = (r, c) => (colour === BLACK ? r : c) === 0;
    const cost = at => (cells[at] === colour ? 0 : 1);
    const distance = new Array(n * n).fill(Infinity);
    const near = [], far = [];   // the cells at the current distance, and at one more
    for (let at = 0; at < n * n; at += 1) {
        if (first(Math.floor(at / n), at % n) && (cells[at] === 0 || cells[at] === colour)) {
            distance[at] = cost(at);
            (distance[at] ? far : near).push(at);
        }
    }
    let best = Infinity;
    while (near.length || far.length) {
        if (!near.length) near.push(...far.splice(0));
        const at = near.pop(), r = Math.floor(at / n), c = at % n;
        if ((colour === BLACK ? r : c) === n - 1) best = Math.min(best, distance[at]);
        for (const [dr, dc] of STEPS) {
            const rr = r + dr, cc = c + dc, next = rr * n + cc;
            if (rr < 0 || cc < 0 || rr >= n || cc >= n || (cells[next] !== 0 && cells[next] !== colour)) continue;
            const reached = distance[at] + cost(next);
            if (reached < distance[next]) {
                distance[next] = reached;
                (reached === distance[at] ? near : far).push(next);
            }
        }
    }
    return best === Infinity ? null : best;
}

/** @implements {GameBoard} */
export class Board {
    constructor(config, setup) {
        this.size = config.size;
        this.cells = new Uint8Array(config.size * config.size);
        this.black = 1;      // the seat holding Black
        this.last = null;    // [row, col] of the last stone
        this.apply(setup);
    }

    apply(changes) {
        for (const change of changes) {
            if (change[0] === "swap") {
                this.black = change[1];
            } else {
                const [row, col, colour] = change;
                this.cells[row * this.size + col] = colour;
                this.last = [row, col];
            }
        }
    }

    copy() {
        return Object.assign(Object.create(Board.prototype), this, {cells: this.cells.slice()});
    }

    /** The colour seat `seat` holds now (it changes with a swap). */
    seatName(seat) {
        return seat === this.black ? "Black" : "White";
    }

    /** The seat whose first colour seat `seat` holds now (the other one after a swap). */
    colourOf(seat) {
        return seat === this.black ? 1 : 2;
    }

    /** The connected colour (0: none yet) and its winning chain. */
    connection() {
        for (const colour of [1, 2]) {
            const chain = winningChain(this.cells, this.size, colour);
            if (chain.length) return {colour, chain};
        }
        return {colour: 0, chain: []};
    }

    /** The cells each seat still needs to connect, by seat number (null: it no longer can):
     * the page's chart, where the scores say nothing until one side has won. */
    chart() {
        const black = cellsToConnect(this.cells, this.size, 1), white = cellsToConnect(this.cells, this.size, 2);
        return this.black === 1 ? [0, black, white] : [0, white, black];
    }

    /** 1 for the seat whose colour has connected, by seat number (forfeits are not on the board). */
    scores() {
        const {colour} = this.connection();
        const seat = colour && (colour === BLACK ? this.black : 3 - this.black);
        return [0, Number(seat === 1), Number(seat === 2)];
    }
}

/** The corner k (0 top, then clockwise) of a pointy-top hexagon of radius r round (x, y). */
function corner(x, y, r, k) {
    const angle = Math.PI / 3 * k - Math.PI / 2;
    return [x + r * Math.cos(angle), y + r * Math.sin(angle)];
}

/** @type {(a: number[], b: number[]) => number[]} */
const middle = ([x0, y0], [x1, y1]) => [(x0 + x1) / 2, (y0 + y1) / 2];

/** @implements {GameBoardView} */
export class BoardView {
    constructor(canvas, assets) {
        this.canvas = canvas;
        this.colours = assets.colours;   // background, Black, White, cell, lines, last move, chain
        this.board = null;
        this.turn = null;
        this.chain = [];                 // the winning chain shown, [row, col] cells
        this.human = null;               // a human's HumanInput while it is their turn
        this.layout = null;              // {r, w, x0, y0}: canvas pixels of the last drawing
    }

    show(board, turn, human) {
        this.board = board;
        this.turn = turn;
        this.human = human;
        this.chain = board.connection().chain;
        this.draw();
    }

    /** The board in words: who holds which colour, the stones, the last one, a connection. */
    describe(label) {
        const board = this.board, n = board.size;
        const stones = board.cells.filter(Boolean).length;
        const last = board.last ? ` Last stone ${LETTERS[board.last[0]]}${board.last[1] + 1}.` : "";
        const {colour} = board.connection();
        const won = colour ? ` ${colour === BLACK ? "Black" : "White"} has connected its sides.` : "";
        return `${n} by ${n} Hex board, rows a to ${LETTERS[n - 1]}, columns 1 to ${n}. Black, ${label(board.black)}, joins top and bottom; White, ${label(3 - board.black)}, left and right. ${stones} stones.${last}${won}`;
    }

    /** The centre of cell (row, col) in canvas pixels. */
    centre(row, col) {
        const {r, w, x0, y0} = this.layout;
        return [x0 + (col + row / 2) * w, y0 + row * 1.5 * r];
    }

    /** The name of the cell whose hexagon is under a mouse event ("c3"), or null. */
    squareAt(event) {
        const board = this.board;
        if (!this.layout || !board) return null;
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) / rect.width * this.canvas.width;
        const y = (event.clientY - rect.top) / rect.height * this.canvas.height;
        const {r, w, y0} = this.layout;
        const rowNear = Math.round((y - y0) / (1.5 * r));
        // The hexagons tile the plane: the one holding the point is among the nearby cells.
        for (let row = rowNear - 1; row <= rowNear + 1; row += 1) {
            const [xRow] = this.centre(row, 0), colNear = Math.round((x - xRow) / w);
            for (let col = colNear - 1; col <= colNear + 1; col += 1) {
                if (row < 0 || col < 0 || row >= board.size || col >= board.size) continue;
                const [cx, cy] = this.centre(row, col), dx = Math.abs(x - cx), dy = Math.abs(y - cy);
                if (dx <= w / 2 && dy <= r - dx / Math.sqrt(3)) return LETTERS[row] + (col + 1);
            }
        }
        return null;
    }

    draw() {
        const canvas = this.canvas, board = this.board;
        const {width, height} = canvas;
        const ratio = window.devicePixelRatio || 1;  // for line widths and fonts
        const ctx = canvas.getContext("2d");
        const [background, black, white, empty, lines, last, chainColour] = this.colours;
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, width, height);
        if (!board) return;
        const n = board.size;
        // The rhombus and its labels span 1.5n + 1 hexagon widths and 1.5n + 4.5 radii.
        const r = Math.min(width / (Math.sqrt(3) * (1.5 * n + 1)), height / (1.5 * n + 4.5));
        const w = Math.sqrt(3) * r;
        this.layout = {r, w, x0: width / 2 - w * (1.5 * n + 1) / 2 + 1.5 * w, y0: height / 2 - 0.75 * r * (n - 1)};
        const at = (row, col, k) => corner(...this.centre(row, col), r, k);
        const stroke = (points, colour, lineWidth) => {
            ctx.beginPath();
            for (const [x, y] of points) ctx.lineTo(x, y);
            ctx.strokeStyle = colour;
            ctx.lineWidth = lineWidth;
            ctx.stroke();
        };
        // The sides, under the cells so that only their outer half shows; the two acute
        // corners' shared edge is split between the colours.
        const cells = [...Array(n).keys()], end = n - 1;
        const top = [...cells.flatMap(col => [at(0, col, 5), at(0, col, 0)]), middle(at(0, end, 0), at(0, end, 1))];
        const bottom = [middle(at(end, 0, 4), at(end, 0, 3)), ...cells.flatMap(col => [at(end, col, 3), at(end, col, 2)])];
        const left = [...cells.flatMap(row => [at(row, 0, 5), at(row, 0, 4)]), bottom[0]];
        const right = [top[end * 2 + 2], ...cells.flatMap(row => [at(row, end, 1), at(row, end, 2)])];
        ctx.lineJoin = "round";
        ctx.lineCap = "butt";
        for (const side of [left, right]) {
            stroke(side, lines, r * 0.7);
            stroke(side, white, r * 0.7 - 3 * ratio);
        }
        for (const side of [top, bottom]) stroke(side, black, r * 0.7);
        // The cells and their stones.
        const thin = Math.max(1, 0.75 * ratio);
        for (let row = 0; row < n; row += 1) {
            for (let col = 0; col < n; col += 1) {
                const [x, y] = this.centre(row, col);
                ctx.beginPath();
                for (let k = 0; k < 6; k += 1) ctx.lineTo(...corner(x, y, r, k));
                ctx.closePath();
                ctx.fillStyle = empty;
                ctx.fill();
                ctx.strokeStyle = lines;
                ctx.lineWidth = thin;
                ctx.stroke();
                const colour = board.cells[row * n + col];
                if (!colour) continue;
                ctx.beginPath();
                ctx.arc(x, y, r * 0.74, 0, 2 * Math.PI);
                ctx.fillStyle = colour === BLACK ? black : white;
                ctx.fill();
                ctx.strokeStyle = black;
                ctx.lineWidth = thin * 1.5;
                ctx.stroke();
            }
        }
        // The winning chain, from its second side to its first, reaching into both sides.
        if (this.chain.length) {
            const points = this.chain.map(([row, col]) => this.centre(row, col));
            const [row, col] = this.chain[0];
            const [dx, dy] = board.cells[row * n + col] === BLACK ? [0, r] : [w / 2, 0];
            const [[xs, ys], [xe, ye]] = [points[0], points[points.length - 1]];
            ctx.lineCap = "round";
            stroke([[xs + dx, ys + dy], ...points, [xe - dx, ye - dy]], lines, r * 0.42);
            stroke([[xs + dx, ys + dy], ...points, [xe - dx, ye - dy]], chainColour, r * 0.3);
            ctx.strokeStyle = chainColour;
            ctx.lineWidth = r * 0.14;
            for (const [x, y] of points) {
                ctx.beginPath();
                ctx.arc(x, y, r * 0.74, 0, 2 * Math.PI);
                ctx.stroke();
            }
        }
        const cursor = this.human && this.human.showCursor && this.human.cursor;
        if (cursor) {
            // The keyboard's cursor: the cell's hexagon outlined thick.
            const [x, y] = this.centre(LETTERS.indexOf(cursor[0]), Number(cursor.slice(1)) - 1);
            stroke([0, 1, 2, 3, 4, 5, 0].map(k => corner(x, y, r * 0.9, k)), last, Math.max(2 * ratio, r * 0.16));
        }
        if (board.last) {
            const [x, y] = this.centre(...board.last);
            ctx.beginPath();
            ctx.arc(x, y, r * 0.2, 0, 2 * Math.PI);
            ctx.fillStyle = last;
            ctx.fill();
        }
        // Row letters left of each row, column numbers above the first, who holds which colour below.
        ctx.fillStyle = lines;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.font = `${Math.max(9 * ratio, r * 0.75)}px system-ui, sans-serif`;
        for (let i = 0; i < n; i += 1) {
            const [xr, yr] = this.centre(i, 0), [xc, yc] = this.centre(0, i);
            ctx.fillText(LETTERS[i], xr - 1.25 * w, yr);
            ctx.fillText(String(i + 1), xc, yc - 1.75 * r);
        }
        const seats = `Black (top–bottom): seat ${board.black} · White (left–right): seat ${3 - board.black}`;
        const swapped = this.turn && this.turn.move === "swap" ? "Swapped! " : "";
        ctx.font = `${Math.max(11 * ratio, Math.min(r * 0.8, 16 * ratio))}px system-ui, sans-serif`;
        ctx.fillText(swapped + seats, width / 2, this.centre(n - 1, 0)[1] + 2.6 * r);
    }
}
