// The in-page Python editor for a seat's bot: a plain textarea (Tab indents by 4 spaces).
"use strict";

import {COLOUR_NAMES} from "./seats.js";

const STARTER = `from flit_core import Move


def move(view):
    """Return a Move (origin, destination) or None for no move."""
    for origin in view.my_pieces():
        destinations = view.legal_destinations(origin)
        if destinations:
            return Move.between(origin, destinations[0])
    return None
`;

export class Editor {
    /** onApply(seatIndex, source) runs when the user applies the code. */
    constructor(onApply) {
        this.box = document.getElementById("editor");
        this.code = document.getElementById("code");
        this.index = null;
        this.code.addEventListener("keydown", event => this._tab(event));
        document.getElementById("editor-apply").addEventListener("click", () => {
            if (this.index !== null) onApply(this.index, this.code.value);
        });
        document.getElementById("editor-close").addEventListener("click", () => this.close());
    }

    open(index, seat) {
        this.index = index;
        document.getElementById("editor-title").textContent = `Seat ${index + 1} (${COLOUR_NAMES[index + 1]}): your bot`;
        this.code.value = seat.source || STARTER;
        this.box.hidden = false;
        this.code.focus();
        this.box.scrollIntoView({behavior: "smooth", block: "nearest"});
    }

    close() {
        this.box.hidden = true;
        this.index = null;
    }

    _tab(event) {
        if (event.key !== "Tab") return;
        event.preventDefault();
        const {selectionStart: start, selectionEnd: end, value} = this.code;
        this.code.value = value.slice(0, start) + "    " + value.slice(end);
        this.code.selectionStart = this.code.selectionEnd = start + 4;
    }
}
