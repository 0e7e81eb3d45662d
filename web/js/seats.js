// The seats: per player one of the game's example bots, a bot from a challenge's answers,
// your own code, or a human (when the game takes human input). Seats are
// {kind: "example" | "code" | "human", name, source, language} (language: one of the
// game's other languages, else absent: Python).
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
    }

    example(name) {
        const language = this.game.languageOf(name);
        return {kind: "example", name, source: this.examples[name], ...(language && {language})};
    }

    /** As many seats as players: new ones take the example bots in turn. */
    fit(count) {
        const names = Object.keys(this.examples);
        while (this.seats.length < count) this.seats.push(this.example(names[this.seats.length % names.length]));
        this.seats.length = count;
    }

    /** Take a seat from a select's value ("example:NAME", "answer:N", "human"). */
    choose(index, value) {
        if (value.startsWith("example:")) this.seats[index] = this.example(value.slice(8));
        else if (value.startsWith("answer:")) this.seats[index] = this.fromAnswer(this.contestants[Number(value.slice(7))]);
        else if (value === HUMAN) this.seats[index] = {kind: HUMAN, name: "human", source: ""};
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

    /** The seats for a share link: example bots by name, others with their code. */
    forShare() {
        return this.seats.map(seat => seat.kind === "example" ? {kind: "example", name: seat.name} : seat);
    }

    /** Seats read back from a share link (a human seat of a game without human input
     * takes the first example bot). */
    restore(seats) {
        const first = Object.keys(this.examples)[0];
        this.seats = seats.map(seat => seat.kind === "example" && this.examples[seat.name] !== undefined
            ? this.example(seat.name)
            : seat.kind === HUMAN ? (this.game.HumanInput ? {kind: HUMAN, name: "human", source: ""} : this.example(first))
            : {kind: "code", name: seat.name || "bot", source: seat.source || "", ...(seat.language && {language: seat.language})});
    }

    /** One row per seat: colour, a choice of bot, and an Edit button. */
    render(container, {onChoose, onEdit}) {
        container.innerHTML = "";
        this.seats.forEach((seat, index) => {
            const options = Object.keys(this.examples).map(name =>
                `<option value="example:${escapeHTML(name)}">${escapeHTML(name)}</option>`);
            this.contestants.forEach((bot, i) => options.push(`<option value="answer:${i}">answer: ${escapeHTML(bot.name)}</option>`));
            options.push(`<option value="code">${seat.kind === "code" ? escapeHTML(seat.name) : "Your code…"}</option>`);
            if (this.game.HumanInput) options.push(`<option value="${HUMAN}">Human (you play)</option>`);
            const row = document.createElement("div");
            row.className = "seat";
            row.dataset.seat = index + 1;
            const number = index + 1, name = escapeHTML(this.game.seatName(number)), shape = shapeMark(this.game, number);
            row.innerHTML = `<span class="swatch${shape ? " shaped" : ""}" style="--seat:${this.game.colours[number]}" title="${name}" aria-hidden="true">${shape}</span>
                <select aria-label="Seat ${number} (${name}): who plays">${options.join("")}</select>
                <button class="edit" title="Edit this bot's code" aria-label="Edit seat ${number}'s bot">Edit</button>`;
            const select = row.querySelector("select");
            select.value = seat.kind === "example" ? `example:${seat.name}` : seat.kind;
            select.addEventListener("change", () => (select.value === "code" ? onEdit(index) : onChoose(index, select.value)));
            const edit = row.querySelector(".edit");
            edit.disabled = seat.kind === HUMAN;
            edit.addEventListener("click", () => onEdit(index));
            container.append(row);
        });
    }
}
