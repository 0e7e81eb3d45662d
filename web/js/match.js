// One game in the page: the Python referee (flit_core.Game, through flit_core/web/page.py's PageReferee)
// asks every mover of a step for its move at once (each bot in its own worker under the
// deadline; a human through the game's HumanInput) and plays their answers together.
"use strict";

import {BotSeat, PlainWorkerPool} from "./workers.js";
import {GameRecord} from "./record.js";

export const HUMAN = "human";

export class Match {
    /**
     * game: the loaded game (game.js); settings: {config, seed, seats: [{kind: "bot" |
     * "human", name, source, language}]} (language: one of the game's others, else Python);
     * hooks: {onStep(turns), onHuman(input | null), onSeatChange()}.
     * @param {import("./game.js").Game} game
     */
    constructor(py, pool, game, settings, hooks) {
        this.py = py;
        this.pool = pool;
        this.game = game;
        this.settings = settings;
        this.hooks = hooks;
        this.referee = null;
        this.record = null;
        this.bots = [];
        this.pending = [];           // per seat: the steps' changes it has not been sent yet
        this.history = null;
        this.requests = [];          // the next step's move requests
        this.asking = null;          // a promise of their answers once asked ahead
        /** @type {import("./game.js").GameHumanInput | null} the game's HumanInput while a human chooses */
        this.human = null;
        this.humanDone = null;
        this.over = false;
        this.busy = null;
        this.refereeMs = 0;          // the referee's time playing steps (benchmarks/web.py)
        /** @type {Object<string, number | null>} by player: the line its move() returned its last invalid answer from (the worker's note) */
        this.returnLines = {};
        /** @type {Promise<void> | null} prepare()'s promise, kept by the page (app.js) */
        this.ready = null;
    }

    /** Set the game up (the starting position is known at once) and load every bot. */
    async prepare() {
        const {config, seed, seats} = this.settings;
        const names = seats.map(seat => seat.name);
        this.referee = this.py.new_referee(JSON.stringify({game: this.game.name, config, seed, names}));
        const start = JSON.parse(this.referee.setup());
        this.requests = start.requests;
        this.record = new GameRecord(this.game, config, names, start);
        this.pending = seats.map(() => []);
        // The game so far as a fresh bot worker needs it (the played steps' changes: ahead
        // of the record, which a step joins after the next bots are asked).
        this.history = {setup: start.setup, steps: []};
        const pool = seat => seat.language ? new PlainWorkerPool(this.game.workerURL(seat.language)) : this.pool;
        this.bots = seats.map((seat, index) => seat.kind === HUMAN ? null
            : new BotSeat(pool(seat), {name: seat.name, source: seat.source}, index + 1, this.game.name, config));
        for (const bot of this.bots) if (bot) bot.onChange = () => this.hooks.onSeatChange();
        this.pool.prepare(this.bots.filter(bot => bot && bot.pool === this.pool).map(bot => bot.owner));
        await Promise.all(this.bots.filter(Boolean).map(bot => bot.start(this.history)));
    }

    /**
     * Play one step; resolves with its last turn record (or null if the game is over).
     * `ahead`: the next step follows at once (fast play), so its bots are asked as soon as
     * this step is played, and think while it is recorded and drawn.
     */
    playTurn(ahead = false) {
        if (this.over) return Promise.resolve(null);
        if (!this.busy) this.busy = this._step(ahead).finally(() => { this.busy = null; });
        return this.busy;
    }

    async _step(ahead) {
        const answers = await (this.asking || this._ask(this.requests));
        this.asking = null;
        if (!this.referee) return null;   // closed while the seats were thinking
        const started = performance.now();
        const played = JSON.parse(this.referee.play(JSON.stringify(answers)));
        this.refereeMs += performance.now() - started;
        this.requests = played.requests;
        if (played.changes.length) {
            this.history.steps.push(played.changes);
            for (const updates of this.pending) updates.push(played.changes);
        }
        // The page's own work for this step then overlaps the next bots' thinking.
        const next = played.requests;
        if (ahead && next.length && next.every(request => this.bots[request.player - 1])) this.asking = this._ask(next);
        const step = JSON.parse(this.referee.report());
        for (const turn of step.turns) {
            this.record.add(turn);
            const answer = answers[turn.player];
            if (turn.kind === "invalid") this.returnLines[turn.player] = answer && Number.isInteger(answer.line) ? answer.line : null;
        }
        // A step reports the stats of its movers only (nobody else's change).
        this.record.stats = {...this.record.stats, ...step.stats};
        this.record.movers = step.movers;
        if (step.over) {
            this.over = true;
            this.record.result = step.result;
        }
        this.hooks.onStep(step.turns);
        return step.turns[step.turns.length - 1];
    }

    // The answers to a step's requests, by player: its bots think at the same time, each
    // in its own worker; a human chooses through the game's HumanInput.
    async _ask(requests) {
        const answers = {};
        const history = () => this.history;
        const thinking = requests.filter(request => this.bots[request.player - 1]).map(async request => {
            const index = request.player - 1;
            const bot = this.bots[index];
            const updates = this.pending[index];
            this.pending[index] = [];
            answers[request.player] = await bot.ask(updates, history, request.turn, request.limit);
            // Let a runaway bot be stopped before anyone else thinks: its restart must
            // not eat into the next bot's time on a shared CPU.
            if (bot.recovering) await bot.recovering;
        });
        for (const request of requests) {
            if (this.bots[request.player - 1]) continue;
            answers[request.player] = await this._humanMove(request.player);
            this.pending[request.player - 1] = [];
        }
        await Promise.all(thinking);
        return answers;
    }

    // -- a human seat -------------------------------------------------------------------

    _humanMove(player) {
        const moves = JSON.parse(this.referee.legal_moves(player));
        const started = performance.now();
        return new Promise(resolve => {
            this.humanDone = (move, kind = "move", detail = "") => resolve({kind, move, detail, ms: performance.now() - started});
            this.human = new this.game.HumanInput(player, moves, this.record.board, move => this._finishHuman(move));
            this.hooks.onHuman(this.human);
        });
    }

    /** A click on a place of the board (from the game's BoardView.squareAt). */
    click(place) {
        if (!this.human) return;
        this.human.click(place);
        if (this.human) this.hooks.onHuman(this.human);
    }

    // A key pressed (event.key): true if the human's input took it (HumanInput.key).
    key(name) {
        return Boolean(this.human && this.human.key && this.human.key(name));
    }

    /** The human makes no move this turn. */
    pass() {
        this.choose(null);
    }

    /** The human plays `move` (a HumanInput action's text), or none (null). */
    choose(move) {
        if (this.human) this._finishHuman(move);
    }

    /** The human to move resigns: the seat leaves the game (to the rules, a crashed bot). */
    resign() {
        if (this.human) this._finishHuman(null, "crash", "resigned");
    }

    _finishHuman(move, kind = "move", detail = "") {
        const done = this.humanDone;
        this.human = null;
        this.humanDone = null;
        this.hooks.onHuman(null);
        done(move, kind, detail);
    }

    // -- the end --------------------------------------------------------------------------

    /** The replay file's text (built by flit_core.replay.Replay in the page's Python). */
    replayJSON(meta) {
        return this.referee.replay(JSON.stringify(meta));
    }

    /** The finished game as game `index` of a tournament (a leaderboard record's JSON). */
    gameRecord(index) {
        return this.referee.game_record(index);
    }

    /** Give the workers back and free the Python referee. */
    close() {
        for (const bot of this.bots) if (bot) bot.release();
        const human = this.human;
        if (this.referee) this.referee.destroy();
        this.referee = null;
        // A step waiting for a human's click ends (and, with no referee, plays nothing).
        if (human) this._finishHuman(null);
    }
}
