// The in-page Python editor for a seat's bot: a plain textarea (Tab indents by 4 spaces).
"use strict";

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

    /** Edit seat `index`'s code; a seat without code starts from the game's starter bot. */
    open(index, seat, game) {
        this.index = index;
        document.getElementById("editor-title").textContent = `Seat ${index + 1} (${game.seatName(index + 1)}): your bot`;
        this.code.value = seat.source || game.assets.starter || Object.values(game.examples)[0];
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
