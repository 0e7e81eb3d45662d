// A human's Hex move on the arena page: click an empty cell (squareAt gives its name); when
// the pie rule allows it, the page shows a Swap button (this input's actions, see
// web/js/game.js). Hex has no pass, so the page shows no Pass button either. By keyboard,
// the arrow keys move a cursor over the cells and Enter or Space plays the one under it.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameHumanInput} GameHumanInput */

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** @implements {GameHumanInput} */
export class HumanInput {
    /** player: the human's seat; moves: the legal moves' texts ("c3", "swap"); board: board.js's Board. */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.moves = new Set(moves);
        this.finish = finish;
        this.colour = board.black === player ? "Black (top to bottom)" : "White (left to right)";
        this.board = board;
        // The keyboard's cursor starts on the middle cell, or the first free one.
        const middle = Math.floor(board.size / 2), centre = LETTERS[middle] + (middle + 1);
        this.cursor = this.moves.has(centre) ? centre : [...this.moves].find(move => move !== "swap") || centre;
        this.actions = this.moves.has("swap") ? [{label: "Swap", move: "swap", title: "Take the first stone and its colour (the pie rule)"}] : [];
    }

    /** What the status line tells the human. */
    get hint() {
        return `you play ${this.colour}: click an empty cell${this.actions.length ? " or Swap" : ""}`;
    }

    /** An arrow key moves the cursor one cell (up and down change the row letter). */
    moveCursor(key) {
        const [dr, dc] = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0]}[key];
        const n = this.board.size, clamp = v => Math.min(n - 1, Math.max(0, v));
        const row = clamp(LETTERS.indexOf(this.cursor[0]) + dr), col = clamp(Number(this.cursor.slice(1)) - 1 + dc);
        this.cursor = LETTERS[row] + (col + 1);
    }

    /** The cell named `place` in words. */
    describePlace(place) {
        const n = this.board.size, stone = this.board.cells[LETTERS.indexOf(place[0]) * n + Number(place.slice(1)) - 1];
        return `${place}: ${stone ? (stone === 1 ? "a Black stone" : "a White stone") : "empty"}`;
    }

    /** A click on the cell named `place`: play it if it is empty. */
    click(place) {
        if (this.moves.has(place)) this.finish(place);
    }
}
