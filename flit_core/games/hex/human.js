// A human's Hex move on the arena page: click an empty cell (squareAt gives its name); when
// the pie rule allows it, the page shows a Swap button (this input's actions, see
// web/js/game.js). Hex has no pass, so the page shows no Pass button either.
"use strict";

export class HumanInput {
    /** player: the human's seat; moves: the legal moves' texts ("c3", "swap"); board: board.js's Board. */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.moves = new Set(moves);
        this.finish = finish;
        this.colour = board.black === player ? "Black (top to bottom)" : "White (left to right)";
        this.actions = this.moves.has("swap") ? [{label: "Swap", move: "swap", title: "Take the first stone and its colour (the pie rule)"}] : [];
    }

    /** What the status line tells the human. */
    get hint() {
        return `you play ${this.colour}: click an empty cell${this.actions.length ? " or Swap" : ""}`;
    }

    /** A click on the cell named `place`: play it if it is empty. */
    click(place) {
        if (this.moves.has(place)) this.finish(place);
    }
}
