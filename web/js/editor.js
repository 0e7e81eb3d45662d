// The in-page editor for a seat's bot: a plain textarea (Tab indents by 4 spaces), and a
// language pick when the game runs bots in other languages than Python.
"use strict";

export class Editor {
    // onApply(seatIndex, source, language) runs when the user applies the code (language null: Python).
    constructor(onApply) {
        this.box = document.getElementById("editor");
        this.code = document.getElementById("code");
        this.language = document.getElementById("language");
        this.index = null;
        this.game = null;
        this.code.addEventListener("keydown", event => this._tab(event));
        // A new language brings its starter bot, unless the code was changed.
        this.language.addEventListener("change", () => {
            if (this.code.value === this.starter) this.code.value = this.starter = this._starter(this.language.value);
        });
        document.getElementById("editor-apply").addEventListener("click", () => {
            if (this.index !== null) onApply(this.index, this.code.value, this.language.value || null);
        });
        document.getElementById("editor-close").addEventListener("click", () => this.close());
    }

    // The starter code in `language` ("": Python): the game's starter, else its first example in it.
    _starter(language) {
        const {examples, assets, languageOf} = this.game;
        return (!language && assets.starter) || examples[Object.keys(examples).find(name => (languageOf(name) || "") === language)];
    }

    /** Edit seat `index`'s code; a seat without code starts from the game's starter bot. */
    open(index, seat, game) {
        this.index = index;
        this.game = game;
        document.getElementById("editor-title").textContent = `Seat ${index + 1} (${game.seatName(index + 1)}): your bot`;
        const languages = Object.entries(game.languages);
        this.language.innerHTML = [["", {title: "Python"}], ...languages].map(([key, {title}]) => `<option value="${key}">${title}</option>`).join("");
        this.language.hidden = !languages.length;
        this.language.value = seat.language || "";
        this.starter = this._starter(this.language.value);
        this.code.value = seat.source || this.starter;
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
