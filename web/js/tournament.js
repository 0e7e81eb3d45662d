// The quick tournament: N games between the seats' bots, each an ordinary fast game on the
// board, ranked after every game by flit_core.tournament.leaderboard in the page's Python;
// and the challenge's ongoing tournament of every included answer (ChallengeTournament).
"use strict";

import {escapeHTML} from "./panels.js";

/** The bots under distinct names (the leaderboard ranks by name): "bot", "bot (2)", ... */
export function entrantsOf(seats) {
    const seen = {};
    return seats.map(seat => {
        seen[seat.name] = (seen[seat.name] || 0) + 1;
        const name = seen[seat.name] === 1 ? seat.name : `${seat.name} (${seen[seat.name]})`;
        return {kind: "bot", name, source: seat.source, language: seat.language};
    });
}

export class QuickTournament {
    /** py: the page's Python API; entrants: seats from entrantsOf; config, seed: the form's. */
    constructor(py, entrants, games, config, seed, game) {
        this.py = py;
        this.game = game;
        this.entrants = entrants;
        this.games = games;
        this.config = config;
        this.seed = seed;
        this.records = [];      // flit_core.tournament.leaderboard.GameRecord dicts
        this.standings = this._standings();
        this.stopped = false;
    }

    get played() {
        return this.records.length;
    }

    /**
     * Play the games in turn: playGame({config, seed, seats, order}) (order: the entrants'
     * indices, seat by seat) resolves with the match once it stops; a match that did not
     * finish (stopped, paused, replaced) ends the tournament.
     */
    async run(playGame, onUpdate) {
        for (let index = 0; index < this.games && !this.stopped; index++) {
            const {seed, order} = JSON.parse(this.py.tournament_game(this.seed, index, this.entrants.length));
            const match = await playGame({config: this.config, seed, seats: order.map(i => this.entrants[i]), order});
            if (!match || !match.over) break;
            this.records.push(JSON.parse(match.gameRecord(index)));
            this.standings = this._standings();
            onUpdate(this);
        }
    }

    stop() {
        this.stopped = true;
    }

    _standings() {
        const names = this.entrants.map(entrant => entrant.name);
        return JSON.parse(this.py.standings(JSON.stringify(this.records), JSON.stringify(names), this.game));
    }
}

/** A 95 % interval as "low-high" per cent. */
function interval(row) {
    return `${Math.round(row.win_low * 100)}-${Math.round(row.win_high * 100)}`;
}

/**
 * The leaderboard table: rank, bot, wins, games, win rate with its 95 % interval under it, mean
 * score (named scoreName), timeouts, errors and, when the standings carry one, the rating.
 * `marks(name)` may add HTML after a name (the challenge's excluded answers).
 * @param {(name: string) => string} [marks]
 */
export function renderLeaderboard(table, standings, scoreName, marks = () => "") {
    const rated = standings.some(row => row.rating !== null && row.rating !== undefined);
    const rows = standings.map(row => `<tr><td>${row.rank}</td><td class="name"><bdi>${escapeHTML(row.name)}</bdi>${marks(row.name)}</td>
        <td>${row.wins}</td><td>${row.games}</td>
        <td>${(row.win_rate * 100).toFixed(1)}<small class="ci" title="95 % Wilson interval of the win rate">${interval(row)}</small></td>
        <td>${row.mean_pieces.toFixed(1)}</td><td>${row.timeouts}</td><td>${row.errors + row.invalid}</td>
        ${rated ? `<td>${row.rating === null ? "" : row.rating.toFixed(1)}</td>` : ""}</tr>`);
    table.innerHTML = `<thead><tr><th>#</th><th class="name">bot</th><th>wins</th><th>games</th>
        <th title="the win rate, and under it its 95 % Wilson interval">win&nbsp;% <small class="ci">95%&nbsp;CI</small></th><th>${escapeHTML(scoreName)}</th>
        <th title="timeouts">time&shy;outs</th><th title="errors and invalid answers">errors</th>${rated ? "<th>rating</th>" : ""}</tr></thead>
        <tbody>${rows.join("")}</tbody>`;
    table.hidden = false;
}

/** Games asked of the schedule at a time. */
const SCHEDULE_CHUNK = 20;

/**
 * The challenge's ongoing tournament: tables of the game's player count drawn from every
 * included entrant by the native schedule (seeded, seat-balanced), played one after the
 * other until stopped. When the included entrants change, a new phase of the schedule
 * starts (its own seed, derived from the tournament's). Every finished game is kept in the
 * store with its replay and its problems (errors, timeouts, invalid answers) before the
 * state that counts it.
 *
 * entrants: [{name, source, language, included}]; state: a saved snapshot() or null.
 */
export class ChallengeTournament {
    constructor(py, game, config, seed, entrants, store, about) {
        this.py = py;
        this.game = game;
        this.config = config;
        this.seed = seed;
        this.entrants = entrants;
        this.store = store;
        this.about = about;           // question, site: for the exports
        this.records = [];
        this.replays = [];
        this.problems = [];
        this.phase = 0;
        this.phaseNames = null;
        this.phaseGame = 0;
        this.queue = [];
        this.running = false;
        this.stopped = false;
        this.standings = this._standings();
    }

    get played() {
        return this.records.length;
    }

    /** Take back a saved tournament: {state, games} from ChallengeStore.load(). */
    restore({state, games}) {
        Object.assign(this, {seed: state.seed, phase: state.phase, phaseNames: state.phaseNames, phaseGame: state.phaseGame});
        this.records = games.map(game => game.record);
        this.replays = games.map(game => game.replay);
        this.problems = games.flatMap(game => game.problems);
        this.standings = this._standings();
    }

    snapshot() {
        const {seed, phase, phaseNames, phaseGame, played} = this;
        const excluded = this.entrants.filter(entrant => !entrant.included).map(entrant => entrant.name);
        const challengers = this.entrants.filter(entrant => entrant.challenger);
        return {seed, phase, phaseNames, phaseGame, played, excluded, challengers};
    }

    included() {
        return this.entrants.filter(entrant => entrant.included).map(entrant => entrant.name);
    }

    /** The entrants changed (include/exclude, a new challenger): the next game sees it. */
    changed() {
        this.standings = this._standings();
        return this.store.saveState(this.snapshot());
    }

    /**
     * Play until stopped: playGame({config, seed, seats}) resolves with the match once it
     * stops; a match that did not finish (stopped, replaced) stops the tournament.
     */
    async run(playGame, onUpdate) {
        this.running = true;
        this.stopped = false;
        try {
            while (!this.stopped) {
                const scheduled = this._next();
                if (!scheduled) break;
                const seats = scheduled.seats.map(name => this.entrants.find(entrant => entrant.name === name));
                const match = await playGame({config: this.config, seed: scheduled.seed, seats});
                if (!match || !match.over) break;
                await this._finished(match);
                onUpdate(this);
            }
        } finally {
            this.running = false;
        }
    }

    stop() {
        this.stopped = true;
    }

    /**
     * A challenger's new code under its name (the tournament stopped): the games its old code
     * played no longer count, for anyone (they are dropped from the ranking and the store),
     * and the schedule starts a new phase, so every entrant meets the new code as fairly as
     * the old. Resolves with the number of games dropped.
     */
    async replace(entrant) {
        const index = this.entrants.findIndex(known => known.name === entrant.name);
        this.entrants[index] = entrant;
        const games = [];
        this.records.forEach((record, old) => {
            if (record.seats.some(seat => seat.name === entrant.name)) return;
            const game = games.length;
            games.push({record: {...record, index: game}, replay: this.replays[old],
                problems: this.problems.filter(problem => problem.game === old).map(problem => ({...problem, game}))});
        });
        const dropped = this.records.length - games.length;
        this.records = games.map(game => game.record);
        this.replays = games.map(game => game.replay);
        this.problems = games.flatMap(game => game.problems);
        Object.assign(this, {phase: this.phase + 1, phaseNames: this.included(), phaseGame: 0, queue: []});
        this.standings = this._standings();
        await this.store.replaceGames(games, this.snapshot());
        return dropped;
    }

    /** The next game of the schedule ({seed, seats}), or null with fewer included entrants than players. */
    _next() {
        const names = this.included();
        if (names.length < this.config.players) return null;
        const same = this.phaseNames && names.length === this.phaseNames.length && names.every(name => this.phaseNames.includes(name));
        if (!same) {
            if (this.phaseNames) this.phase += 1;
            this.phaseNames = names;
            this.phaseGame = 0;
            this.queue = [];
        }
        if (!this.queue.length) {
            this.queue = JSON.parse(this.py.challenge("games", JSON.stringify(this.phaseNames), this.config.players,
                this.seed, this.phase, this.phaseGame, SCHEDULE_CHUNK));
        }
        return this.queue[0];
    }

    async _finished(match) {
        const index = this.played;
        const record = JSON.parse(match.gameRecord(index));
        const replay = match.replayJSON({driver: "browser", clock: "wall", tournament_game: index});
        const problems = JSON.parse(this.py.challenge("problems", replay)).map(problem => ({...problem, game: index}));
        this.queue.shift();
        this.phaseGame += 1;
        await this.store.saveGame(index, {record, replay, problems});
        this.records.push(record);
        this.replays.push(replay);
        this.problems.push(...problems);
        await this.store.saveState(this.snapshot());
        this.standings = this._standings();
    }

    /** What the exports say of the tournament (the native side reads the same). */
    aboutJSON() {
        const names = [...new Set([...this.included(), ...this.records.flatMap(record => record.seats.map(seat => seat.name))])];
        return JSON.stringify({...this.about, game: this.game, config: this.config, seed: this.seed, entrants: names});
    }

    /** "markdown", "html" or "replays" (every game as one file). */
    export(format) {
        return this.py.challenge("export", this.aboutJSON(), JSON.stringify(this.replays), format);
    }

    _standings() {
        return JSON.parse(this.py.challenge("standings", JSON.stringify(this.records), this.aboutJSON()));
    }
}
