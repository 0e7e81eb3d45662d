// A human's coin turn on the arena page: click three of the action chips board.js draws under
// the table (squareAt names the chip: an action character, or "undo" to take the last one
// back); the third ends the turn. A Pass button (this input's actions, see web/js/game.js)
// plays nothing, NNN. By keyboard, the arrow keys move a cursor along the chips (the
// page's default cursor over `places`) and Enter or Space clicks the one under it.
"use strict";
/** @typedef {import("../../../web/js/game.js").GameHumanInput} GameHumanInput */

/** @implements {GameHumanInput} */
export class HumanInput {
    /** player: the human's seat; moves: every legal turn's text (any three actions); board: board.js's Board. */
    constructor(player, moves, board, finish) {
        this.player = player;
        this.finish = finish;
        this.id = board.ids[player - 1];
        this.chosen = "";
        this.actions = [{label: "Pass (NNN)", move: "NNN", title: "Do nothing this turn"}];
        this.places = board.chips;   // the keyboard's cursor visits the chips board.js draws
    }

    /** A chip in words, with the actions chosen so far. */
    describePlace(place) {
        return `${place === "undo" ? "undo the last action" : `action ${place}`} (chosen so far: ${this.chosen || "none"})`;
    }

    /** What the status line tells the human. */
    get hint() {
        const so = this.chosen ? ` (so far ${this.chosen})` : "";
        return `you are id ${this.id}: click three actions under the table${so}`;
    }

    /** A click on the chip `place`: add its action, or take the last one back ("undo"). */
    click(place) {
        if (place === "undo") {
            this.chosen = this.chosen.slice(0, -1);
        } else {
            this.chosen += place;
            if (this.chosen.length === 3) this.finish(this.chosen);
        }
    }
}
