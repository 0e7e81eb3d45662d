// The challenge arena: a snippet that knows its question (flit-arena embed --question ID,
// or ?question=ID&site=SITE on the served page) loads every answer on open, says which
// cannot play and why, and ranks all the others in an ongoing tournament
// (ChallengeTournament) that survives a reload (ChallengeStore), with its problems (the
// input a bot got and the traceback when it raised, timed out or answered invalidly) and
// exports for the post: Markdown and HTML leaderboards, every replay as one file.
"use strict";

import {escapeHTML} from "./panels.js";
import {loadAnswerPages, readAnswers} from "./answers.js";
import {ChallengeTournament, renderLeaderboard} from "./tournament.js";
import {ChallengeStore} from "./challenge-store.js";

/** At most this many problems are listed (the newest first). */
const SHOWN_PROBLEMS = 40;
/** Stored games replayed at a time when a tournament resumes. */
const CHECK_CHUNK = 8;

const MARKUP = `
<div class="row"><h2>Challenge: <a id="ch-question" target="_blank" rel="noopener"></a></h2>
  <span class="note" id="ch-status" role="status" aria-live="polite"></span>
  <button id="ch-retry" hidden>Retry</button></div>
<div class="row buttons">
  <button id="ch-run" class="primary" disabled>Run</button>
  <button id="ch-stop" disabled>Stop</button>
  <label>Seed <input id="ch-seed" type="number" min="0" step="1" disabled></label>
  <label title="Time limit override for slow machines">ms / move <input id="ch-limit" type="number" min="1" step="1" disabled></label>
  <button id="ch-reset" disabled title="Forget this tournament's games">Reset</button>
  <span class="note">Export:</span>
  <button id="ch-markdown" disabled>Markdown</button>
  <button id="ch-html" disabled>HTML</button>
  <button id="ch-replays" disabled>All replays</button>
</div>
<p class="note" id="ch-note"></p>
<p class="error" id="ch-dropped" role="alert" hidden></p>
<table id="ch-board" class="leaderboard" hidden></table>
<h3>Answers</h3>
<table id="ch-answers" class="leaderboard"></table>
<div id="ch-unusable-box" hidden><h3>Not playing</h3><ul id="ch-unusable"></ul></div>
<details id="ch-challenger"><summary>New challenger: paste a bot to join the running tournament</summary>
  <div class="row"><label>Name <input id="ch-name" value="challenger" maxlength="60"></label>
  <button id="ch-add" disabled>Join</button><span class="note" id="ch-add-note"></span></div>
  <textarea id="ch-code" spellcheck="false" aria-label="Challenger's code" rows="8"></textarea>
  <p class="note">Joining again under the same name replaces that challenger: the games of its earlier code no
  longer count (for anyone), and the schedule starts afresh so everyone meets the new code equally.</p>
</details>
<div id="ch-problems-box" hidden><h3>Problems</h3><table id="ch-problems" class="leaderboard problems"></table></div>
<dialog id="ch-dialog" class="card"><div class="row"><h2 id="ch-dialog-title"></h2>
  <a id="ch-download" class="button">Download</a><button id="ch-dialog-close">Close</button></div>
  <textarea id="ch-export" readonly spellcheck="false" aria-label="Export"></textarea></dialog>`;

/** The challenge this page belongs to ({question, site, preset}), or null. */
export function challengeWanted() {
    const given = (window.FLIT_ENV || {}).challenge;
    if (given) return given;
    const params = new URLSearchParams(location.search);
    const question = Number(params.get("question"));
    return Number.isInteger(question) && question > 0
        ? {question, site: params.get("site") || "codegolf", preset: params.get("preset")} : null;
}

/**
 * Show the challenge's arena and start it. page: {py, game, playGame, showReplay, embedded}
 * (playGame({config, seed, seats}) plays one game on the board, as the quick tournament's).
 */
export function openChallenge(spec, page) {
    const section = Object.assign(document.createElement("section"), {className: "card challenge", id: "challenge"});
    section.innerHTML = MARKUP;
    document.querySelector("main.stage").after(section);
    const arena = new ChallengeArena(spec, page, section);
    arena.start();
    return arena;
}

/** The last non-blank line of a text (a traceback's error). */
function lastLine(text) {
    return (text || "").trim().split("\n").pop();
}

/** `text` folded under a one-line summary. */
function folded(summary, text) {
    return text ? `<details><summary>${escapeHTML(summary)}</summary><pre>${escapeHTML(text)}</pre></details>` : escapeHTML(summary);
}

/** A name as isolated text (a right-to-left override in it stays inside). */
function bdi(name) {
    return `<bdi>${escapeHTML(name)}</bdi>`;
}

class ChallengeArena {
    constructor(spec, page, section) {
        this.spec = {site: "codegolf", ...spec};
        this.page = page;
        this.$ = id => section.querySelector(`#${id}`);
        this.answers = null;       // {usable, unusable}
        this.tournament = null;
        this.running = null;       // the tournament's run, while it plays
        this.entrants = [];
        this._wire();
        const link = this.$("ch-question");
        link.textContent = `question ${this.spec.question} on ${this.spec.site}`;
        link.href = `https://${encodeURIComponent(this.spec.site)}.stackexchange.com/q/${Number(this.spec.question)}`;
    }

    _wire() {
        const $ = this.$;
        $("ch-retry").addEventListener("click", () => this.start());
        $("ch-run").addEventListener("click", () => this.run());
        $("ch-stop").addEventListener("click", () => this.stop());
        $("ch-reset").addEventListener("click", () => this.reset());
        $("ch-limit").addEventListener("change", () => this.useSettings());
        $("ch-seed").addEventListener("change", () => this._setSeed());
        $("ch-add").addEventListener("click", () => this.addChallenger());
        $("ch-markdown").addEventListener("click", () => this.showExport("markdown"));
        $("ch-html").addEventListener("click", () => this.showExport("html"));
        $("ch-replays").addEventListener("click", () => this.showExport("replays"));
        $("ch-dialog-close").addEventListener("click", () => $("ch-dialog").close());
        $("ch-answers").addEventListener("change", event => this._include(event.target));
        $("ch-problems").addEventListener("click", event => this._replay(event.target.closest("button")));
        window.addEventListener("beforeunload", event => {
            if (!this.tournament || !this.tournament.running) return;
            event.preventDefault();
            event.returnValue = "The challenge's tournament is running.";
        });
    }

    status(text, state) {
        this.$("ch-status").textContent = text;
        if (state) document.body.dataset.challenge = state;
    }

    /** Load the answers (all pages), then the saved tournament, then run it. */
    async start() {
        const $ = this.$;
        $("ch-retry").hidden = true;
        this._controls(false);
        this.status(`Loading the answers of question ${this.spec.question}…`, "loading");
        let pages;
        try {
            pages = await loadAnswerPages(this.page.py, this.spec.question, this.spec.site, this.spec.api || "");
        } catch (error) {
            this.status(`${error.message} The tournament cannot start until the answers load.`, "failed");
            $("ch-retry").hidden = false;
            return;
        }
        try {
            const game = this.page.game;
            this.answers = readAnswers(this.page.py, pages, game, this.spec.site);
            document.body.dataset.answersUsable = String(this.answers.usable.length);
            document.body.dataset.answersUnusable = String(this.answers.unusable.length);
            const presets = game.assets.presets;
            this.config = {...(presets[this.spec.preset] || presets[game.assets.preset])};
            $("ch-limit").value = this.config.move_time_ms;
            await this.useSettings();
        } catch (error) {
            this.status(`The challenge could not start: ${error.message || error}`, "failed");
            return;
        }
        if (this.tournament && !this.tournament.running) this.run();
    }

    /** The tournament of the current settings (the time limit may be overridden): saved or new. */
    async useSettings() {
        const $ = this.$;
        if (this.tournament) this.stop();
        const limit = Number($("ch-limit").value);
        if (limit > 0) this.config.move_time_ms = limit;
        const {question, site} = this.spec;
        const store = await ChallengeStore.open({question, site, game: this.page.game.name, config: this.config});
        const saved = await store.load();
        this.entrants = this.answers.usable.map(answer => ({
            kind: "code", name: answer.name, source: answer.code, language: answer.language || undefined,
            author: answer.author, link: answer.link, included: true,
        }));
        const dropped = saved ? await this._verify(saved, store) : [];
        const tournament = new ChallengeTournament(this.page.py, this.page.game.name, this.config,
            saved ? saved.state.seed : Number(question), this.entrants, store, {question, site});
        if (saved) {
            for (const challenger of saved.state.challengers) this.entrants.push(challenger);
            for (const entrant of this.entrants) entrant.included = !saved.state.excluded.includes(entrant.name);
            tournament.restore(saved);
        }
        this.tournament = tournament;
        $("ch-seed").value = tournament.seed;
        this.status(store.persistent ? (saved ? `Resumed: ${tournament.played} games kept in this browser.` : "")
            : "This frame may keep nothing (a sandbox without same-origin): export the results to keep them.", "ready");
        this._showDropped(dropped);
        this._controls(true);
        this.render();
    }

    /**
     * Replay every stored game of `saved` through the rules (flit_core/web/challenge.py's
     * verify) before any counts: a game that is not what it says (its stored result is not
     * the one its moves give, say) is dropped from `saved` and from the store. Returns the
     * dropped games, [{game, reason}].
     */
    async _verify(saved, store) {
        const names = [...this.entrants, ...saved.state.challengers].map(entrant => entrant.name);
        const about = JSON.stringify({game: this.page.game.name, config: this.config, entrants: names});
        const kept = [], dropped = [];
        for (let start = 0; start < saved.games.length; start += CHECK_CHUNK) {
            this.status(`Checking the games kept in this browser: ${start} of ${saved.games.length}…`, "loading");
            // Replaying a long game takes a while: the page may draw between a few of them.
            await new Promise(resolve => setTimeout(resolve));
            const chunk = JSON.parse(this.page.py.challenge("verify", JSON.stringify(saved.games.slice(start, start + CHECK_CHUNK)), about));
            for (const game of chunk.kept) {
                const index = kept.length;
                kept.push({...game, record: {...game.record, index}, problems: game.problems.map(problem => ({...problem, game: index}))});
            }
            dropped.push(...chunk.dropped.map(drop => ({...drop, game: drop.game + start})));
        }
        saved.games = kept;
        if (dropped.length) await store.replaceGames(kept, {...saved.state, played: kept.length});
        return dropped;
    }

    _showDropped(dropped) {
        const box = this.$("ch-dropped");
        document.body.dataset.challengeDropped = String(dropped.length);
        box.hidden = !dropped.length;
        const games = dropped.length === 1 ? "1 stored game does not replay to the result kept with it"
            : `${dropped.length} stored games do not replay to the results kept with them`;
        box.textContent = dropped.length ? `Dropped: ${games}, and no longer count. `
            + dropped.map(({game, reason}) => `Game ${game}: ${reason.replace(/\.$/, "")}.`).join(" ") : "";
    }

    async run() {
        const tournament = this.tournament;
        if (!tournament || tournament.running) return;
        if (tournament.included().length < this.config.players) {
            this.status(`The tournament needs at least ${this.config.players} answers that play.`, "ready");
            return;
        }
        document.body.dataset.challenge = "running";
        // run() marks the tournament running before its first game starts.
        const running = this.running = tournament.run(this.page.playGame, () => this.render());
        this.render();
        try {
            await running;
        } catch (error) {
            this.status(`The tournament stopped: ${error.message || error}`);
        }
        if (tournament !== this.tournament) return;
        document.body.dataset.challenge = "stopped";
        this.render();
    }

    stop() {
        if (this.tournament) this.tournament.stop();
        this.page.pause();
    }

    async reset() {
        this.stop();
        await this.tournament.store.reset();
        await this.useSettings();
        this.status("Reset: the tournament starts again from its first game.", "ready");
    }

    _setSeed() {
        const seed = Number(this.$("ch-seed").value);
        if (this.tournament.played || !Number.isInteger(seed) || seed < 0) {
            this.$("ch-seed").value = this.tournament.seed;
            return;
        }
        this.tournament.seed = seed;
        this.tournament.changed();
    }

    _include(box) {
        const entrant = this.entrants[Number(box.dataset.entrant)];
        if (!entrant) return;
        entrant.included = box.checked;
        this.tournament.changed();
        this.render();
    }

    /**
     * Join the pasted bot, its code checked as an answer's is (a bot that cannot play is
     * refused, with the reason). Under the name of an earlier challenger it replaces that
     * one: the games of the old code are dropped for everyone (ChallengeTournament.replace).
     */
    async addChallenger() {
        const $ = this.$;
        const code = $("ch-code").value;
        const name = $("ch-name").value.trim().slice(0, 60) || "challenger";
        const known = this.entrants.find(entrant => entrant.name === name);
        const say = (text, refused = false) => {
            $("ch-add-note").textContent = text;
            $("ch-add-note").classList.toggle("error", refused);
            document.body.dataset.challengerRefused = String(refused);
        };
        if (!code.trim()) return say("Not joined: paste the bot's code first.", true);
        const problem = this.page.py.challenge("code_problem", code);
        if (problem) return say(`Not joined: ${problem}. Fix it and press Join again.`, true);
        if (known && !known.challenger) return say(`Not joined: ${name} is an answer's name; choose another.`, true);
        const entrant = {kind: "code", name, source: code, author: "you", link: "", included: known ? known.included : true, challenger: true};
        if (!known) {
            this.entrants.push(entrant);
            await this.tournament.changed();
            say(`${name} joins from the next game.`);
            this.render();
            return;
        }
        const resume = this.tournament.running;
        if (resume) {
            this.stop();
            await this.running.catch(() => undefined);   // run() reports its own errors
        }
        const dropped = await this.tournament.replace(entrant);
        const games = dropped === 1 ? "game" : "games";
        say(`${name} replaced: the ${dropped} ${games} of its earlier code no longer count, for anyone; `
            + "the new code plays from the next game.");
        this.render();
        if (resume) this.run();
    }

    _replay(button) {
        if (!button) return;
        this.stop();
        const game = this.tournament.replays[Number(button.dataset.game)];
        this.page.showReplay(game, Number(button.dataset.turn));
    }

    showExport(format) {
        const $ = this.$;
        const text = this.tournament.export(format);
        const names = {markdown: ["Leaderboard (Markdown)", "md", "text/markdown"], html: ["Leaderboard (HTML)", "html", "text/html"],
            replays: ["Every game's replay", "json", "application/json"]};
        const [title, suffix, type] = names[format];
        $("ch-dialog-title").textContent = title;
        $("ch-export").value = text;
        const link = $("ch-download");
        // A sandboxed snippet may not download: the text is there to copy.
        link.hidden = this.page.embedded;
        link.href = URL.createObjectURL(new Blob([text], {type}));
        link.download = `challenge-${this.spec.question}-seed-${this.tournament.seed}.${suffix}`;
        document.body.dataset.exported = format;
        $("ch-dialog").showModal();
    }

    _controls(ready) {
        const $ = this.$;
        const running = Boolean(ready && this.tournament && this.tournament.running);
        const played = Boolean(ready && this.tournament && this.tournament.played);
        $("ch-run").disabled = !ready || running;
        $("ch-stop").disabled = !running;
        $("ch-reset").disabled = !ready;
        $("ch-limit").disabled = !ready || running;
        $("ch-seed").disabled = !ready || played;
        $("ch-add").disabled = !ready;
        for (const id of ["ch-markdown", "ch-html", "ch-replays"]) $(id).disabled = !played;
    }

    render() {
        const $ = this.$;
        const tournament = this.tournament;
        if (!tournament) return;
        this._controls(true);
        document.body.dataset.challengePlayed = String(tournament.played);
        const excluded = new Set(this.entrants.filter(entrant => !entrant.included).map(entrant => entrant.name));
        renderLeaderboard($("ch-board"), tournament.standings, this.page.game.assets.score,
            name => (excluded.has(name) ? ' <span class="note">(excluded)</span>' : ""));
        const how = tournament.running ? `game ${tournament.played + 1} playing` : "stopped";
        $("ch-note").textContent = `${tournament.played} games played, ${how}. Seed ${tournament.seed}; `
            + `${this.config.players} players a game, ${this.config.move_time_ms} ms a move; tables are drawn from the `
            + "included answers, every bot plays every seat equally.";
        this._answers();
        this._problems();
    }

    _answers() {
        const $ = this.$;
        const rows = this.entrants.map((entrant, index) => `<tr>
            <td><input type="checkbox" data-entrant="${index}" ${entrant.included ? "checked" : ""} aria-label="Include ${escapeHTML(entrant.name)}"></td>
            <td class="name">${entrant.link ? `<a href="${escapeHTML(entrant.link)}" target="_blank" rel="noopener">${bdi(entrant.name)}</a>` : bdi(entrant.name)}</td>
            <td>${escapeHTML(entrant.author)}</td><td>${escapeHTML(this._languageTitle(entrant.language))}</td></tr>`);
        $("ch-answers").innerHTML = `<thead><tr><th>plays</th><th class="name">answer</th><th>author</th><th>language</th></tr></thead>
            <tbody>${rows.join("")}</tbody>`;
        const unusable = this.answers.unusable;
        $("ch-unusable-box").hidden = !unusable.length;
        $("ch-unusable").innerHTML = unusable.map(answer => `<li><a href="${escapeHTML(answer.link)}" target="_blank" rel="noopener">${bdi(answer.name)}</a>
            by ${escapeHTML(answer.author)}: <span class="reason">${escapeHTML(answer.reason)}</span></li>`).join("");
    }

    /** The title of a bot's language (a key of the game's languages; none: Python). */
    _languageTitle(language) {
        const other = language && this.page.game.languages[language];
        return other ? other.title : language || "Python";
    }

    _problems() {
        const $ = this.$;
        const problems = this.tournament.problems.slice(-SHOWN_PROBLEMS).reverse();
        $("ch-problems-box").hidden = !problems.length;
        $("ch-problems").innerHTML = `<thead><tr><th class="name">answer</th><th>game</th><th>turn</th><th>what</th>
            <th class="name">input (the board)</th><th class="name">answer / traceback</th><th></th></tr></thead><tbody>${problems.map(problem => `<tr>
            <td class="name">${bdi(problem.name)}</td><td>${problem.game + 1}</td><td>${problem.turn}</td>
            <td data-kind="${escapeHTML(problem.kind)}">${escapeHTML(problem.kind)}</td>
            <td class="name">${folded("board", problem.input)}</td>
            <td class="name">${folded(lastLine(problem.detail) || "no answer in time", problem.detail)}</td>
            <td><button data-game="${problem.game}" data-turn="${problem.turn}">Replay from here</button></td></tr>`).join("")}</tbody>`;
    }
}
