// A human's Flit move on the arena page: click one of your pieces, then one of its ringed
// destinations (the legal moves come from the page's Python: GameDef.legal_moves).
"use strict";

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
