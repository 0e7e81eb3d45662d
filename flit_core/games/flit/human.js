// A human's Flit move on the arena page: click one of your pieces, then one of its ringed
// destinations (the legal moves come from the page's Python: GameDef.legal_moves); by
// keyboard, the arrow keys move a cursor over the torus and Enter or Space clicks.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameHumanInput} GameHumanInput */

/** @implements {GameHumanInput} */
export class HumanInput {
    /**
     * player: the human's seat; moves: its legal moves' texts "x0 y0 x1 y1"; board: the
     * board now (board.js's Board); finish(move text): called once the move is chosen.
     */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.board = board;
        this.finish = finish;
        this.selected = null;       // the chosen piece [x, y]
        this.targets = [];          // its legal destinations [[x, y], ...], in board order
        this.destinations = new Map();
        for (const move of moves) {
            const [x0, y0, x1, y1] = move.split(" ").map(Number);
            const origin = `${x0} ${y0}`;
            if (!this.destinations.has(origin)) this.destinations.set(origin, []);
            this.destinations.get(origin).push([x1, y1]);
        }
        // The keyboard's cursor starts on the first piece that can move.
        const first = this.destinations.keys().next().value;
        this.cursor = first ? first.split(" ").map(Number) : [0, 0];
    }

    /** An arrow key moves the cursor one square, round the torus. */
    moveCursor(key) {
        const [dx, dy] = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[key];
        const n = this.board.size, [x, y] = this.cursor;
        this.cursor = [(x + dx + n) % n, (y + dy + n) % n];
    }

    /** The square at [x, y] in words: whose piece, and whether it is a destination or picked. */
    describePlace([x, y]) {
        const colour = this.board.colourAt(x, y);
        const what = colour === this.player ? "your piece" : colour === 5 ? "a neutral piece" : colour ? `seat ${colour}'s piece` : "empty";
        const target = this.targets.some(([tx, ty]) => tx === x && ty === y) ? ", a destination" : "";
        const moves = colour === this.player && !this.selected ? `, ${(this.destinations.get(`${x} ${y}`) || []).length} moves` : "";
        return `${x},${y}: ${what}${target}${moves}`;
    }

    /** What the status line tells the human. */
    get hint() {
        return this.selected ? "click a ringed square (or another of your pieces)" : "click one of your pieces";
    }

    /** A click on square [x, y]: pick one of the human's pieces, or a ringed destination. */
    click([x, y]) {
        if (this.selected && this.targets.some(([tx, ty]) => tx === x && ty === y)) {
            const [sx, sy] = this.selected;
            this.finish(`${sx} ${sy} ${x} ${y}`);
            return;
        }
        if (this.board.colourAt(x, y) === this.player) {
            this.selected = [x, y];
            this.targets = this.destinations.get(`${x} ${y}`) || [];
        } else {
            this.selected = null;
            this.targets = [];
        }
    }
}
