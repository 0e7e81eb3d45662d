// A panel per seat: score, moves, no-moves, invalid answers, errors, timeouts, frozen,
// think times, the worker's recoveries, and the bot's last error and printed output.
"use strict";

const ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"};

export function escapeHTML(text) {
    return String(text).replace(/[&<>"]/g, c => ESCAPES[c]);
}

function number(value, digits = 0) {
    return value === undefined || value === null ? "–" : Number(value).toFixed(digits);
}

function seatState(seat, stats, bot, toMove, human) {
    // A human who resigned is, to the rules, a crashed bot: the panel says what happened.
    if (stats && stats.status === "crashed" && seat.kind === "human") return "resigned";
    if (stats && stats.status !== "active") return stats.status;
    if (seat.kind === "human") return human ? "your turn" : "human";
    if (!bot || !bot.process) return "starting";
    if (bot.recovering) return "recovering";
    if (bot.asking) return "thinking";
    return toMove ? "to move" : "ready";
}

/**
 * Fill `container` with one panel per seat. `view`: {seats, names, colours (by seat),
 * scores (by seat), score (what a score counts), stats (per seat, from the referee; null
 * before the first turn), bots, movers (the seats to move), human, marks (by seat: the
 * seat's shape character, palette.js, or "")}.
 */
export function renderPanels(container, view) {
    const panels = view.seats.map((seat, index) => {
        const me = index + 1;
        const stats = view.stats ? view.stats[String(me)] : null;
        const bot = view.bots ? view.bots[index] : null;
        const toMove = view.movers.includes(me);
        const state = seatState(seat, stats, bot, toMove, view.human === me);
        const rows = [
            ["moves", stats && stats.moves], ["no-moves", stats && stats.passes],
            ["invalid", stats && stats.invalid], ["errors", stats && stats.errors],
            ["timeouts", stats && stats.timeouts], ["skipped", stats && stats.skipped],
            ["mean ms", stats && number(stats.think_ms_mean, 2)], ["max ms", stats && number(stats.think_ms_max, 1)],
        ];
        const notes = [];
        if (bot && bot.restarts) {
            notes.push(`Worker restarted ${bot.restarts}× after runaway moves: the bot's state was lost.`);
        }
        if (bot && bot.busyAfter) {
            notes.push(`Kept working after its answer ${bot.busyAfter}×: each time its worker was replaced (its state lost) and a timeout charged.`);
        }
        if (bot && bot.lastRecovery) {
            notes.push(`Last runaway stopped by ${bot.lastRecovery.how} in ${number(bot.lastRecovery.ms)} ms.`);
        }
        // A resignation is no error: the badge says it.
        const problem = state === "resigned" ? "" : (stats && stats.last_problem) || (bot && bot.loadError) || "";
        const output = bot && bot.output.length ? bot.output.join("\n") : "";
        return `<article class="panel" data-seat="${me}" data-status="${escapeHTML(state)}" style="--seat:${view.colours[me]}"
                 ${toMove ? 'aria-current="true"' : ""}>
            <h3><span class="name" title="${escapeHTML(view.names[index])}"><span class="mark" aria-hidden="true">${view.marks[me]}</span>${me}. ${escapeHTML(view.names[index])}</span>
                <span class="state ${escapeHTML(state)}">${escapeHTML(state)}</span></h3>
            <div class="score" data-field="score" title="${escapeHTML(view.score)}">${view.scores ? view.scores[me] : "–"}</div>
            <dl>${rows.map(([label, value]) =>
                `<div><dt>${label}</dt><dd data-field="${label}">${value === null || value === undefined ? "–" : value}</dd></div>`).join("")}</dl>
            ${notes.map(note => `<div class="warn">${escapeHTML(note)}</div>`).join("")}
            ${problem ? `<pre class="problem" title="Last error">${escapeHTML(problem)}</pre>` : ""}
            ${output ? `<pre class="output" title="What the bot printed">${escapeHTML(output)}</pre>` : ""}
        </article>`;
    });
    container.innerHTML = panels.join("");
}
