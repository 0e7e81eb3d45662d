// A human's light-cycle move on the arena page: an arrow key (HumanInput.key, see
// web/js/game.js), a click on a cell next to the cycle's head, or one of the direction
// buttons (actions). Standing still is no move, and a crash, so there is no Pass.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameHumanInput} GameHumanInput */

const KEYS = {ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W"};
const STEPS = {N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0]};

/** @implements {GameHumanInput} */
export class HumanInput {
    /** player: the human's seat; moves: "N", "E", "S", "W"; board: board.js's Board. */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.finish = finish;
        this.head = board.headOf(player);
        this.actions = [["↑", "N"], ["→", "E"], ["↓", "S"], ["←", "W"]].filter(([, move]) => moves.includes(move))
            .map(([arrow, move]) => ({label: `${arrow} ${move}`, move, title: `Go ${move} (arrow key)`}));
    }

    /** What the status line tells the human. */
    get hint() {
        return "steer with the arrow keys, or click a cell next to your head";
    }

    /** A click on cell [x, y]: go there if it is next to the head. */
    click([x, y]) {
        const move = Object.keys(STEPS).find(d => this.head[0] + STEPS[d][0] === x && this.head[1] + STEPS[d][1] === y);
        if (move) this.finish(move);
    }

    /** A key pressed: an arrow moves; true if the key was taken. */
    key(name) {
        if (!KEYS[name]) return false;
        this.finish(KEYS[name]);
        return true;
    }
}
