// A human's ultimate tic-tac-toe move on the arena page: click one of the ringed tiles (the
// legal moves, from the page's Python: GameDef.legal_moves; board.js rings them). The game
// has no pass, so the page shows no Pass button (an empty list of actions).
"use strict";

export class HumanInput {
    /** player: the human's seat (1 plays X, 2 plays O); moves: the legal moves' texts ("38"); board: board.js's Board. */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.moves = new Set(moves);
        this.finish = finish;
        this.where = board.target === null ? "in any open board" : `in board ${board.target}`;
        this.actions = [];
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
