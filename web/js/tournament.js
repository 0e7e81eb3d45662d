// The quick tournament: N games between the seats' bots, each an ordinary fast game on the
// board, ranked after every game by flit_core.tournament.leaderboard in the page's Python.
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
     * Play the games in turn: playGame({config, seed, seats}) resolves with the match once
     * it stops; a match that did not finish (stopped, paused, replaced) ends the tournament.
     */
    async run(playGame, onUpdate) {
        for (let index = 0; index < this.games && !this.stopped; index++) {
            const {seed, order} = JSON.parse(this.py.tournament_game(this.seed, index, this.entrants.length));
            const match = await playGame({config: this.config, seed, seats: order.map(i => this.entrants[i])});
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

/** The leaderboard table: rank, bot, wins, games, win rate, mean score (named scoreName), timeouts. */
export function renderLeaderboard(table, standings, scoreName) {
    const rows = standings.map(row => `<tr><td>${row.rank}</td><td class="name">${escapeHTML(row.name)}</td>
        <td>${row.wins}</td><td>${row.games}</td><td>${(row.win_rate * 100).toFixed(1)}</td>
        <td>${row.mean_pieces.toFixed(1)}</td><td>${row.timeouts}</td></tr>`);
    table.innerHTML = `<thead><tr><th>#</th><th class="name">bot</th><th>wins</th><th>games</th>
        <th>win %</th><th>${escapeHTML(scoreName)}</th><th>timeouts</th></tr></thead><tbody>${rows.join("")}</tbody>`;
    table.hidden = false;
}
