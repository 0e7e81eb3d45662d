// The seats: per player one of the game's example bots, a bot from a challenge's answers,
// your own code, or a human (when the game takes human input). Seats are
// {kind: "example" | "code" | "human", name, source, language} (language: one of the
// game's other languages, else absent: Python). The menu names each example bot by its
// level for people ("Hard (hunter_bot)"), from the game's assets (the definition's example_bots).
"use strict";

import {HUMAN} from "./match.js";
import {escapeHTML} from "./panels.js";
import {shapeMark} from "./palette.js";

export class SeatList {
    /** game: the loaded game (game.js): its example bots, seat colours and names. */
    constructor(game) {
        this.game = game;
        this.examples = game.examples;  // {name: source}
        this.seats = [];
        this.contestants = [];          // [{name, code}] from a challenge's answers
        this.saved = {};                // {name: {source, language}}: the bots kept in this browser
        this.before = [];               // by seat: the bot it had before a human took it
    }

    example(name) {
        const language = this.game.languageOf(name);
        return {kind: "example", name, source: this.examples[name], ...(language && {language})};
    }

    /** The example bot's level for people ("easy", "medium", "hard", "strongest"), or undefined. */
    level(name) {
        const levels = this.game.assets.levels || {};
        return Object.hasOwn(levels, name) ? levels[name] : undefined;
    }

    /** An example bot as the seat menu names it: "Hard (hunter_bot)", or its name alone when it has no level. */
    exampleLabel(name) {
        const level = this.level(name);
        return level ? `${level[0].toUpperCase()}${level.slice(1)} (${name})` : name;
    }

    /** A seat in words, for the result of a shared game: "hunter_bot, hard", "human", a bot's name. */
    describe(seat) {
        const level = seat.kind === "example" ? this.level(seat.name) : undefined;
        return level ? `${seat.name}, ${level}` : seat.name;
    }

    /** As many seats as players: new ones take the example bots in turn. */
    fit(count) {
        const names = Object.keys(this.examples);
        while (this.seats.length < count) this.seats.push(this.example(names[this.seats.length % names.length]));
        this.seats.length = count;
    }

    /** Take a seat from a select's value ("example:NAME", "answer:N", "saved:NAME", "human"). */
    choose(index, value) {
        if (value.startsWith("example:")) this.seats[index] = this.example(value.slice(8));
        else if (value.startsWith("answer:")) this.seats[index] = this.fromAnswer(this.contestants[Number(value.slice(7))]);
        else if (value.startsWith("saved:")) this.seats[index] = this.fromSaved(value.slice(6));
        else if (value === HUMAN) this.seats[index] = {kind: HUMAN, name: "human", source: ""};
    }

    /** Seat `index` played by a human, or (if it is) by the bot it had before (else the first example). */
    toggleHuman(index) {
        if (this.seats[index].kind !== HUMAN) {
            this.before[index] = this.seats[index];
            this.choose(index, HUMAN);
        } else {
            this.seats[index] = this.before[index] || this.example(Object.keys(this.examples)[0]);
        }
    }

    // The bot kept in this browser under `name` (the editor's, see editor.js savedBots).
    fromSaved(name) {
        const {source, language} = this.saved[name];
        return {kind: "code", name, source, ...(language && {language})};
    }

    fromAnswer(bot) {
        return {kind: "code", name: bot.name, source: bot.code, ...(bot.language && {language: bot.language})};
    }

    // Give the seat `index` this code (in `language`, null: Python) under the user's `name`.
    setCode(index, source, language, name) {
        this.seats[index] = {kind: "code", name, source, ...(language && {language})};
    }

    /** The challenge's bots fill the seats, in the order of the answers. */
    useAnswers(contestants) {
        this.contestants = contestants;
        contestants.slice(0, this.seats.length).forEach((bot, i) => { this.seats[i] = this.fromAnswer(bot); });
    }

    /** Seats (these, or those given) for a share link: example bots by name with their
     * level, others with their code. */
    forShare(seats = this.seats) {
        return seats.map(seat => {
            if (seat.kind !== "example") return seat;
            const level = this.level(seat.name);
            return {kind: "example", name: seat.name, ...(level && {level})};
        });
    }

    /** Seats read back from a share link: an example bot by name, else the one at the
     * link's level (a renamed bot), else the first; a human seat of a game without human
     * input takes the first example bot. */
    restore(seats) {
        const names = Object.keys(this.examples);
        const byLevel = level => names.find(name => level !== undefined && this.level(name) === level);
        this.seats = seats.map(seat => seat.kind === "example"
            ? this.example(Object.hasOwn(this.examples, seat.name) ? seat.name : byLevel(seat.level) || names[0])
            : seat.kind === HUMAN ? (this.game.HumanInput ? {kind: HUMAN, name: "human", source: ""} : this.example(names[0]))
            : {kind: "code", name: seat.name || "bot", source: seat.source || "", ...(seat.language && {language: seat.language})});
    }

    /**
     * One row per seat: its colour, a choice of bot, an Edit button and, in a game with human
     * input, a "You" button (play the seat yourself). The control that had the keyboard's
     * focus has it again after the rows are rebuilt. look: {colour(seat), name(seat)}: the
     * seat's colour and name as the board shows them now (Hex's change with a swap); saved:
     * the bots kept in this browser, offered by name; locked: the seats cannot change now.
     */
    render(container, {onChoose, onEdit, onToggleHuman, look, saved = {}, locked = false}) {
        const focused = container.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement) : null;
        const keep = focused && focused.dataset.part && {seat: focused.closest(".seat").getAttribute("data-seat"), part: focused.dataset.part};
        this.saved = saved;
        container.innerHTML = "";
        this.seats.forEach((seat, index) => {
            const options = Object.keys(this.examples).map(name =>
                `<option value="example:${escapeHTML(name)}">${escapeHTML(this.exampleLabel(name))}</option>`);
            for (const name of Object.keys(saved)) {
                if (seat.kind !== "code" || seat.name !== name) options.push(`<option value="saved:${escapeHTML(name)}">yours: ${escapeHTML(name)}</option>`);
            }
            this.contestants.forEach((bot, i) => options.push(`<option value="answer:${i}">answer: ${escapeHTML(bot.name)}</option>`));
            options.push(`<option value="code">${seat.kind === "code" ? escapeHTML(seat.name) : "Your code…"}</option>`);
            const human = Boolean(this.game.HumanInput);
            if (human) options.push(`<option value="${HUMAN}">Human (you play)</option>`);
            const row = document.createElement("div");
            row.className = "seat";
            row.dataset.seat = String(index + 1);
            const number = index + 1, name = escapeHTML(look.name(number)), shape = shapeMark(this.game, number);
            const you = seat.kind === HUMAN;
            row.innerHTML = `<span class="swatch${shape ? " shaped" : ""}" style="--seat:${look.colour(number)}" title="${name}" aria-hidden="true">${shape}</span>
                <select data-part="who" aria-label="Seat ${number} (${name}): who plays">${options.join("")}</select>
                <button class="edit" data-part="edit" title="Edit this bot's code" aria-label="Edit seat ${number}'s bot">Edit</button>
                ${human ? `<button class="you" data-part="you" aria-pressed="${you}" title="${you ? "Give this seat back to a bot" : "Play this seat yourself"}"
                    aria-label="Play seat ${number} (${name}) yourself">You</button>` : ""}`;
            const select = row.querySelector("select");
            select.value = seat.kind === "example" ? `example:${seat.name}` : seat.kind;
            select.addEventListener("change", () => (select.value === "code" ? onEdit(index) : onChoose(index, select.value)));
            const edit = /** @type {HTMLButtonElement} */ (row.querySelector(".edit"));
            edit.addEventListener("click", () => onEdit(index));
            const toggle = /** @type {HTMLButtonElement | null} */ (row.querySelector(".you"));
            if (toggle) toggle.addEventListener("click", () => onToggleHuman(index));
            select.disabled = locked;
            edit.disabled = locked || you;
            if (toggle) toggle.disabled = locked;
            container.append(row);
        });
        if (keep) container.querySelector(`.seat[data-seat="${keep.seat}"] [data-part="${keep.part}"]`)?.focus();
    }
}
