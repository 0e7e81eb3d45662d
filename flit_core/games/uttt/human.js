// A human's ultimate tic-tac-toe move on the arena page: click one of the ringed tiles (the
// legal moves, from the page's Python: GameDef.legal_moves; board.js rings them). The game
// has no pass, so the page shows no Pass button (an empty list of actions). By keyboard,
// the arrow keys move a cursor over the 81 tiles and Enter or Space plays the one under it.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameHumanInput} GameHumanInput */

/** @implements {GameHumanInput} */
export class HumanInput {
    /** player: the human's seat (1 plays X, 2 plays O); moves: the legal moves' texts ("38"); board: board.js's Board. */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.moves = new Set(moves);
        this.finish = finish;
        this.where = board.target === null ? "in any open board" : `in board ${board.target}`;
        this.actions = [];
        this.board = board;
        this.cursor = moves[0] || "00";   // the keyboard's cursor: a tile's move text
    }

    /** An arrow key moves the cursor one tile over the 9 x 9 grid, across the small boards. */
    moveCursor(key) {
        const [dx, dy] = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[key];
        const [b, t] = [Number(this.cursor[0]), Number(this.cursor[1])];
        const clamp = v => Math.min(8, Math.max(0, v));
        const x = clamp((b % 3) * 3 + (t % 3) + dx), y = clamp(Math.floor(b / 3) * 3 + Math.floor(t / 3) + dy);
        this.cursor = `${Math.floor(y / 3) * 3 + Math.floor(x / 3)}${(y % 3) * 3 + (x % 3)}`;
    }

    /** The tile `place` ("38") in words. */
    describePlace(place) {
        const mark = this.board.cells[Number(place[0]) * 9 + Number(place[1])];
        return `board ${place[0]}, tile ${place[1]}: ${mark ? "XO"[mark - 1] : "empty"}${this.moves.has(place) ? ", playable" : ""}`;
    }

    /** What the status line tells the human. */
    get hint() {
        return `you play ${this.player === 1 ? "X" : "O"}: click a ringed tile ${this.where}`;
    }

    /** A click on the tile named `place` ("38"): play it if it is legal. */
    click(place) {
        if (this.moves.has(place)) this.finish(place);
    }
}
