// The coin game on the arena page, keeping the contract of web/js/game.js: the table rebuilt
// from the referee's changes (Board: ["turn", seat, actions], ["pile", coins], ["player",
// seat, points, flipped, unflipped], ["order", seat, ...], ["end"], a given start's ["ids",
// ...] and ["turns", n]; see rules.py) and drawn in device pixels (BoardView) as svg.py draws
// it: the players round a green table in turn order, clockwise from the top, each on a card
// in its seat colour with its bot's name, id, points, and its flipped (gold) and unflipped
// (brown) coins as stacks with their counts (lower than svg.py's: clear of the points); the pile in the middle; the last turn's player outlined and its
// actions written under the pile; a rotation marked by an arrow round the table (clockwise to
// the next player, anticlockwise to the previous). While a human chooses, a row of action
// chips runs under the table: a place (squareAt, human.js) is an action character, or "undo".
// Colours: palette.py's COLOURS (the page assets').
"use strict";
/** @typedef {import("../../../web/js/game.js").GameBoard} GameBoard */
/** @typedef {import("../../../web/js/game.js").GameBoardView} GameBoardView */

const CARD_W = 112, CARD_H = 58, STACK = 8;
export const CHIPS = "123ABCXYZFURTN";

/** `words` cut with an ellipsis to `width` pixels in the context's font. */
function fitText(ctx, words, width) {
    if (ctx.measureText(words).width <= width) return words;
    let cut = words;
    while (cut.length > 1 && ctx.measureText(cut + "…").width > width) cut = cut.slice(0, -1);
    return cut + "…";
}

/** The picture's side, the seats' circle and the table's radius for `players` (svg.py's layout). */
function layout(players) {
    const ring = Math.max(175, players * CARD_W * 0.62 / Math.PI);
    return {side: 2 * ring + CARD_W + 24, ring, radius: ring - CARD_H * 0.75};
}

/** @implements {GameBoard} */
export class Board {
    constructor(config, setup) {
        const n = config.players;
        this.rounds = config.rounds;
        this.players = n;
        this.pile = 0;
        this.order = Array.from({length: n}, (_, i) => i + 1);
        this.ids = Array.from({length: n}, (_, i) => i);
        this.points = new Array(n + 1).fill(0);     // by seat
        this.flipped = new Array(n + 1).fill(0);
        this.unflipped = new Array(n + 1).fill(0);
        this.turns = 0;
        this.last = null;                            // [seat, actions] of the last turn
        this.over = false;
        this.apply(setup);
    }

    apply(changes) {
        for (const change of changes) {
            const [tag, ...values] = change;
            if (tag === "player") {
                const [seat, points, flipped, unflipped] = values;
                this.points[seat] = points;
                this.flipped[seat] = flipped;
                this.unflipped[seat] = unflipped;
            } else if (tag === "turn") {
                this.turns += 1;
                this.last = values;
            } else if (tag === "pile") {
                this.pile = values[0];
            } else if (tag === "end") {
                this.over = true;
            } else if (tag === "order") {
                this.order = values;
            } else if (tag === "ids") {
                this.ids = values;
            } else if (tag === "turns") {
                this.turns = values[0];
            }
        }
    }

    copy() {
        return Object.assign(Object.create(Board.prototype), this, {
            points: this.points.slice(), flipped: this.flipped.slice(), unflipped: this.unflipped.slice(),
        });
    }

    /** The round of the next turn (1-based), the last once the game is over. */
    get round() {
        return Math.min(Math.floor(this.turns / this.players) + 1, this.rounds);
    }

    /** The seat whose turn is next. */
    get toMove() {
        return this.order[this.turns % this.players];
    }

    /** The chips a human picks a turn's actions from (an action character, or "undo"), in the order drawn. */
    get chips() {
        return [...CHIPS, "undo"];
    }

    /** Each seat's points, by seat number. */
    scores() {
        return this.points.slice();
    }
}

/** @implements {GameBoardView} */
export class BoardView {
    constructor(canvas, assets) {
        this.canvas = canvas;
        this.colours = assets.colours;   // background, table, ink, flipped, unflipped, pile, last turn, rotation
        this.seatColours = assets.seat_colours;
        this.style = {shapes: null, trace: null};
        this.actionNames = assets.actions;   // what each action character does
        this.board = null;
        this.human = null;
        this.names = null;               // the seats' bots' names (show), or null: "seat N"
        this.chips = [];                 // [{place, x, y, w, h}] in canvas pixels, while a human chooses
        this.layout = null;              // {scale, offsetX, cx, cy, ring, radius}: the last drawing's
    }

    /** The centre of the card at `place` in turn order, in canvas pixels. */
    cardCentre(place) {
        const {scale, offsetX, cx, cy, ring} = this.layout;
        const angle = 2 * Math.PI * place / this.board.players - Math.PI / 2;
        return [offsetX + (cx + ring * Math.cos(angle)) * scale, (cy + ring * Math.sin(angle)) * scale];
    }

    show(board, turn, human, names) {
        this.board = board;
        this.human = human;
        this.names = names || null;
        this.draw();
    }

    /** The page's look for the seats (web/js/game.js): each card's strip, and its shape in the corner. */
    useStyle({colours, shapes, trace}) {
        this.seatColours = colours.slice(1);
        this.style = {shapes, trace};
    }

    /** The table in words: the round, the pile, the turn order, each player's coins, the last turn. */
    describe(label) {
        const board = this.board;
        const players = board.order.map(seat => `${label(seat)}, id ${board.ids[seat - 1]}: ${board.flipped[seat]} flipped and ${board.unflipped[seat]} unflipped coins`);
        const [seat, actions] = board.last || [0, ""];
        const last = board.last ? ` Last turn: ${label(seat)} ${actions ? `played ${[...actions].map(char => this.actionNames[char]).join(", ")}` : "made no move"}.` : "";
        const next = board.over ? "" : ` ${label(board.toMove)} is next.`;
        return `Round ${board.round} of ${board.rounds}; ${board.pile} coins in the pile. In turn order: ${players.join("; ")}.${last}${next}`;
    }

    /** The action chip (an action character, or "undo") under a mouse event, or null. */
    squareAt(event) {
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) / rect.width * this.canvas.width;
        const y = (event.clientY - rect.top) / rect.height * this.canvas.height;
        const chip = this.chips.find(c => x >= c.x && x <= c.x + c.w && y >= c.y && y <= c.y + c.h);
        return chip ? chip.place : null;
    }

    draw() {
        const canvas = this.canvas, board = this.board;
        const ratio = window.devicePixelRatio || 1;
        const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
        const height = Math.max(1, Math.round((canvas.clientHeight || canvas.clientWidth) * ratio));
        if (canvas.width !== width || canvas.height !== height) {
            canvas.width = width;
            canvas.height = height;
        }
        const ctx = canvas.getContext("2d");
        const [background, felt, ink, gold, brown, pileColour, lastColour, arrow] = this.colours;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, width, height);
        this.chips = [];
        if (!board) return;
        // Drawn in svg.py's units, scaled to fit (with a row of chips under a human's table).
        const {side, ring, radius} = layout(board.players);
        const band = this.human ? 96 : 0;
        const scale = Math.min(width / side, height / (side + 10 + band));
        const offsetX = (width - side * scale) / 2;
        ctx.setTransform(scale, 0, 0, scale, offsetX, 0);
        const cx = side / 2, cy = side / 2 + 14;
        this.layout = {scale, offsetX, cx, cy, ring, radius};
        const text = (words, x, y, size, colour, align = "left", weight = "") => {
            ctx.font = `${weight} ${size}px system-ui, sans-serif`;
            ctx.fillStyle = colour;
            ctx.textAlign = align;
            ctx.fillText(words, x, y);
        };
        // `rise`: how far apart the coins are stacked (a card's stacks stay clear of its points).
        const stack = (x, y, count, colour, counted = true, rise = 3) => {
            for (let i = 0; i < Math.min(count, STACK); i += 1) {
                ctx.beginPath();
                ctx.ellipse(x, y - rise * i, 7, 3, 0, 0, 2 * Math.PI);
                ctx.fillStyle = colour;
                ctx.fill();
                ctx.strokeStyle = ink;
                ctx.lineWidth = 0.6;
                ctx.stroke();
            }
            if (counted) text(String(count), x + 11, y + 4, 11, ink);
        };
        ctx.textBaseline = "alphabetic";
        text(`Round ${board.round} of ${board.rounds}${board.over ? " · game over" : ""}`, 12, 20, 14, ink);
        ctx.beginPath();
        ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
        ctx.fillStyle = felt;
        ctx.fill();
        const [lastSeat, actions] = board.last || [0, ""];
        // One arrow per direction the last turn rotated: to the next clockwise, to the previous inside it.
        const counts = {R: 0, T: 0};
        for (const char of actions) if (char in counts) counts[char] += 1;
        for (const [char, clockwise, r] of /** @type {[string, boolean, number][]} */ ([["T", true, radius * 0.84], ["R", false, radius * 0.72]])) {
            if (!counts[char]) continue;
            const start = (clockwise ? -150 : 150) * Math.PI / 180, end = -start;
            const angle = a => a - Math.PI / 2;
            ctx.beginPath();
            ctx.arc(cx, cy, r, angle(start), angle(end), !clockwise);
            ctx.strokeStyle = arrow;
            ctx.globalAlpha = 0.85;
            ctx.lineWidth = 4;
            ctx.stroke();
            ctx.globalAlpha = 1;
            const x1 = cx + r * Math.sin(end), y1 = cy - r * Math.cos(end), sign = clockwise ? 1 : -1;
            ctx.beginPath();
            ctx.moveTo(x1 + 11 * sign * Math.cos(end), y1 + 11 * sign * Math.sin(end));
            ctx.lineTo(x1 + 7 * Math.sin(end), y1 - 7 * Math.cos(end));
            ctx.lineTo(x1 - 7 * Math.sin(end), y1 + 7 * Math.cos(end));
            ctx.fillStyle = arrow;
            ctx.fill();
        }
        const rotated = /** @type {[string, number][]} */ ([["previous", counts.R], ["next", counts.T]]).filter(([, n]) => n)
            .map(([where, n]) => `to the ${where}${n > 1 ? ` x${n}` : ""}`);
        if (rotated.length) text(`rotated ${rotated.join(" and ")}`, cx, cy - radius * 0.4, 12, "#fff", "center");
        stack(cx, cy + 4, board.pile, pileColour, false);
        text(`pile ${board.pile}`, cx, cy + 28, 13, "#fff", "center");
        if (board.last) {
            const who = `${this.seatLabel(lastSeat)} (id ${board.ids[lastSeat - 1]})`;
            text(actions ? `${who} played ${actions}` : `${who} made no move`, cx, cy + 46, 12, "#fff", "center");
            if (actions) text([...actions].map(char => this.actionNames[char]).join(", "), cx, cy + 60, 10, "#fff", "center");
        }
        board.order.forEach((seat, place) => {
            const [px, py] = this.cardCentre(place);
            const left = (px - offsetX) / scale - CARD_W / 2, top = py / scale - CARD_H / 2;
            ctx.beginPath();
            ctx.roundRect(left, top, CARD_W, CARD_H, 6);
            ctx.fillStyle = "#fff";
            ctx.fill();
            ctx.strokeStyle = seat === lastSeat ? lastColour : ink;
            ctx.lineWidth = seat === lastSeat ? 3 : 0.6;
            ctx.stroke();
            ctx.beginPath();
            ctx.roundRect(left, top, 8, CARD_H, 3);
            ctx.fillStyle = this.seatColours[(seat - 1) % this.seatColours.length];
            ctx.fill();
            if (this.style.shapes) {
                this.style.trace(ctx, this.style.shapes[seat], left + CARD_W - 12, top + 13, 7);
                ctx.fill();
            }
            const mover = !board.over && seat === board.toMove ? "▶ " : "";
            ctx.font = "11px system-ui, sans-serif";
            text(fitText(ctx, mover + this.seatLabel(seat), CARD_W - (this.style.shapes ? 34 : 18)), left + 13, top + 14, 11, ink);
            text(String(board.points[seat]), left + 13, top + 31, 15, ink, "left", "bold");
            text(`id ${board.ids[seat - 1]}`, left + CARD_W - 6, top + 31, 10, ink, "right");
            stack(left + 22, top + 53, board.flipped[seat], gold, true, 2.2);
            stack(left + 70, top + 53, board.unflipped[seat], brown, true, 2.2);
        });
        if (this.human) this.drawChips(ctx, side, scale, offsetX, text);
    }

    /** Seat `seat` as a card names it: its bot's name (show's names), else "seat N". */
    seatLabel(seat) {
        return (this.names && this.names[seat - 1]) || `seat ${seat}`;
    }

    /** The human's action chips in a row under the table, with the actions chosen so far. */
    drawChips(ctx, side, scale, offsetX, text) {
        const y = side + 20, size = (side - 24) / (CHIPS.length + 2.5), gap = size * 0.12;
        text(`your actions: ${(this.human.chosen + "___").slice(0, 3)}`, 12, y - 4, 12, this.colours[2]);
        this.board.chips.forEach((place, i) => {
            const x = 12 + i * size, w = place === "undo" ? size * 2 : size;
            ctx.beginPath();
            ctx.roundRect(x + gap / 2, y, w - gap, size, 4);
            ctx.fillStyle = place === "undo" ? "#eee" : "#fff";
            ctx.fill();
            ctx.strokeStyle = this.colours[2];
            // The keyboard's cursor: its chip's outline thick.
            ctx.lineWidth = this.human.showCursor && place === this.human.cursor ? 3.5 : 1;
            ctx.stroke();
            text(place, x + w / 2, y + size * 0.65, Math.min(16, size * 0.5), this.colours[2], "center", "bold");
            // squareAt works in canvas pixels.
            this.chips.push({place, x: offsetX + x * scale, y: y * scale, w: w * scale, h: size * scale});
        });
        text("1-3 take (-1 each) · A-C put back (+1 each) · X-Z remove · F flip (+2) · U unflip (-2)",
            12, y + size + 15, 10, this.colours[2]);
        text("R / T rotate every holding to the previous / next player · N nothing", 12, y + size + 28, 10, this.colours[2]);
    }
}
