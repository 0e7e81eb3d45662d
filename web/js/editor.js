// The in-page editor for a seat's bot: CodeMirror 6 (web/editor/codemirror.js, bundled at
// setup into vendor/codemirror/) with the language's highlighting and the bot's errors
// marked at their line; the plain textarea of the markup where CodeMirror is not loaded (the
// embed snippet carries none). The code is kept in the browser per game and bot name as it
// is typed: opening that bot again, after a reload too, brings it back.
"use strict";

import {env} from "./env.js";

const STORE = "flit-arena.bot";          // localStorage keys: STORE/game/name -> {source, language}
const CODEMIRROR_URL = "../vendor/codemirror/codemirror.js";

/** A bot name fit for a file name and a replay: letters, digits, _ and -, at most 40 characters. */
function botName(text) {
    return String(text).trim().replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40) || "my_bot";
}

/**
 * The line (from 1) of the bot's own file `name`.py that an error text points at: the
 * innermost traceback frame in it (`File "name.py", line N`) or a syntax error's place
 * (`(name.py, line N)`); for an answer that is no move (`answer`: the text is about a
 * move the bot returned, not its loading), the line move() returned it from
 * (`returned`, the worker's note), else its `def move`; else null.
 */
function errorLine(text, name, source, answer, returned) {
    let line = null;
    for (const [, file, number] of text.matchAll(/(?:File "|\()([^",()]+)"?, line (\d+)/g)) {
        if (file === `${name}.py`) line = Number(number);
    }
    if (line !== null || !answer) return line;
    if (returned) return returned;
    const move = source.split("\n").findIndex(code => /^[ \t]*def move\s*\(/.test(code));
    return move >= 0 ? move + 1 : null;
}

// The browser's storage, or null where there is none (a sandboxed snippet throws on access).
function storage() {
    try {
        return window.localStorage;
    } catch {
        return null;
    }
}

/** The bots kept for `game`: {name: {source, language}}. */
export function savedBots(game) {
    const store = storage(), prefix = `${STORE}/${game}/`, bots = {};
    for (let i = 0; store && i < store.length; i += 1) {
        const key = store.key(i);
        if (!key.startsWith(prefix)) continue;
        try {
            bots[key.slice(prefix.length)] = JSON.parse(store.getItem(key));
        } catch {
            // A damaged entry is no bot.
        }
    }
    return bots;
}

// The CodeMirror editor's module (web/editor/codemirror.js), loaded on the first open: the
// page starts without it, and the snippet, which has no vendor folder, keeps the textarea.
function loadCodeMirror() {
    return env.embedded ? Promise.reject(new Error("the snippet has no CodeMirror"))
        : import(new URL(CODEMIRROR_URL, import.meta.url).href);
}

// The textarea as an editor with CodeMirror's face (codeEditor): Tab indents by 4 spaces.
function plainEditor(textarea, onChange) {
    textarea.addEventListener("input", onChange);
    textarea.addEventListener("keydown", event => {
        if (event.key !== "Tab") return;
        event.preventDefault();
        textarea.setRangeText("    ", textarea.selectionStart, textarea.selectionEnd, "end");
        onChange();
    });
    return {
        get text() {
            return textarea.value;
        },
        setText(text) {
            textarea.value = text;
        },
        setLanguage() {},
        mark: line => line,
        focus: () => textarea.focus(),
    };
}

export class Editor {
    // onApply(seatIndex, source, language, name) runs when the user applies the code (language null: Python).
    constructor(onApply) {
        const $ = /** @type {(id: string) => any} */ (id => document.getElementById(id));   // index.html's elements
        this.box = $("editor");
        this.name = $("bot-name");
        this.language = $("language");
        this.problemBox = $("editor-problem");
        this.textarea = $("code");
        this.code = null;           // codeEditor or plainEditor, from the first open on
        this.making = null;         // a promise of it
        this.index = null;
        this.game = null;
        this.shown = "";            // the error shown, and the line move() returned it from
        // A new language brings its starter bot, unless the code was changed.
        this.language.addEventListener("change", () => {
            if (this.value === this.starter) this.code.setText(this.starter = this._starter(this.language.value));
            this.code.setLanguage(this.language.value);
            this._keep();
        });
        // Another name: the bot kept under it, if any, else this code under the new name too.
        this.name.addEventListener("change", () => {
            this.name.value = botName(this.name.value);
            const kept = savedBots(this.game.name)[this.name.value];
            if (kept) this._show(kept.source, kept.language || "");
            else this._keep();
        });
        $("editor-apply").addEventListener("click", () => {
            if (this.index === null) return;
            this.name.value = botName(this.name.value);
            this._keep();
            onApply(this.index, this.value, this.language.value || null, this.name.value);
        });
        $("editor-close").addEventListener("click", () => this.close());
    }

    /** The code in the editor. */
    get value() {
        return this.code ? this.code.text : this.textarea.value;
    }

    // The starter code in `language` ("": Python): the game's starter, else its first example in it.
    _starter(language) {
        const {examples, assets, languageOf} = this.game;
        return (!language && assets.starter) || examples[Object.keys(examples).find(name => (languageOf(name) || "") === language)];
    }

    /**
     * Edit seat `index`'s bot, under its name (an example's copy is `my_NAME`): the code kept
     * under that name if any, else the seat's code, else the game's starter bot.
     */
    async open(index, seat, game) {
        this.index = index;
        this.game = game;
        document.getElementById("editor-title").textContent = `Seat ${index + 1} (${game.seatName(index + 1)}): your bot`;
        const languages = Object.entries(game.languages);
        this.language.innerHTML = [["", {title: "Python"}], ...languages].map(([key, {title}]) => `<option value="${key}">${title}</option>`).join("");
        this.language.hidden = !languages.length;
        this.name.value = botName(seat.kind === "code" ? seat.name : seat.kind === "example" ? `my_${seat.name}` : "my_bot");
        const saved = savedBots(game.name);
        document.getElementById("saved-bots").replaceChildren(...Object.keys(saved).map(name => new Option(name)));
        document.getElementById("editor-note").textContent = `Define move(view) or a class Bot; a move is ${game.assets.move_help}. ` +
            "Tab indents (Esc then Tab leaves the editor). The bot runs in its own worker under the move deadline; its code is kept in this browser.";
        this.starter = this._starter(seat.language || "");
        const {source, language} = saved[this.name.value] || {source: seat.source || this.starter, language: seat.language};
        this.language.value = language || "";
        // Made once, however many opens wait for it.
        const keep = () => this._keep();
        this.making = this.making || loadCodeMirror().then(cm => cm.codeEditor(this.textarea, keep), () => plainEditor(this.textarea, keep));
        this.code = await this.making;
        this._show(source, language || "");
        // Shown only now: nothing typed goes into the textarea CodeMirror replaces.
        this.box.hidden = false;
        this.box.scrollIntoView({behavior: "smooth", block: "nearest"});
        this.code.focus();
        this.box.dataset.ready = this.textarea.isConnected ? "textarea" : "codemirror";
    }

    close() {
        this.box.hidden = true;
        this.index = null;
    }

    /**
     * Mark the problem of the open seat's bot in the live game, if it is this bot: `seats`
     * as they play, with the game's `bots` (BotSeat, for load errors), `stats` (by seat)
     * and `returnLines` (by seat: where move() returned its last answer, Match.returnLines).
     */
    showProblems(seats, bots, stats, returnLines) {
        const seat = this.index === null ? null : seats[this.index];
        if (!seat || seat.kind !== "code" || seat.name !== this.name.value) return;
        const mine = stats && stats[String(this.index + 1)], bot = bots && bots[this.index];
        const answer = Boolean(mine && mine.last_problem);
        const returned = answer && returnLines ? returnLines[String(this.index + 1)] : null;
        this._mark((mine && mine.last_problem) || (bot && bot.loadError) || "", answer, returned);
    }

    // Show `problem` under the editor and mark it at its line (the top when it names none);
    // the mark's message is the error itself, a traceback's last line. `answer`: the problem
    // is with a move the bot returned, from line `returned` if known (see errorLine).
    _mark(problem, answer = false, returned = null) {
        if (`${problem}@${returned}` === this.shown || !this.code) return;
        this.shown = `${problem}@${returned}`;
        const line = errorLine(problem, this.name.value, this.value, answer, returned);
        this.problemBox.textContent = problem && (line ? `Line ${line}: ` : "") + problem;
        this.problemBox.hidden = !problem;
        this.problemBox.scrollTop = this.problemBox.scrollHeight;   // a long traceback's last line says what went wrong
        const marked = this.code.mark(line || 1, problem.trim().split("\n").pop());
        this.box.dataset.problemLine = problem ? String(marked) : "";
    }

    // Show `source` in `language` with no problem marked.
    _show(source, language) {
        this.language.value = language;
        this.code.setLanguage(language);
        this.code.setText(source);
        this._mark("");
    }

    // Keep the code under the bot's name (a full or blocked storage keeps nothing).
    _keep() {
        if (!this.game) return;
        try {
            storage().setItem(`${STORE}/${this.game.name}/${botName(this.name.value)}`,
                JSON.stringify({source: this.value, language: this.language.value || null}));
        } catch {
            // Nowhere to keep it: the code stays in the editor only.
        }
    }
}
