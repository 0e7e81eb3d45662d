// One game in the page: the Python referee (flit_core.Game, through requests/submit_all)
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
        this.human = null;           // the game's HumanInput while a human chooses
        this.humanDone = null;
        this.over = false;
        this.busy = null;
    }

    /** Set the game up (the starting position is known at once) and load every bot. */
    async prepare() {
        const {config, seed, seats} = this.settings;
        const names = seats.map(seat => seat.name);
        this.referee = this.py.new_referee(JSON.stringify({game: this.game.name, config, seed, names}));
        this.record = new GameRecord(this.game, config, names, JSON.parse(this.referee.setup()));
        this.pending = seats.map(() => []);
        const pool = seat => seat.language ? new PlainWorkerPool(this.game.workerURL(seat.language)) : this.pool;
        this.bots = seats.map((seat, index) => seat.kind === HUMAN ? null
            : new BotSeat(pool(seat), {name: seat.name, source: seat.source}, index + 1, this.game.name, config));
        for (const bot of this.bots) if (bot) bot.onChange = () => this.hooks.onSeatChange();
        this.pool.warm(this.bots.filter(bot => bot && bot.pool === this.pool).length);
        const history = this.record.history();
        await Promise.all(this.bots.filter(Boolean).map(bot => bot.start(history)));
    }

    /** Play one step; resolves with its last turn record (or null if the game is over). */
    playTurn() {
        if (this.over) return Promise.resolve(null);
        if (!this.busy) this.busy = this._step().finally(() => { this.busy = null; });
        return this.busy;
    }

    async _step() {
        const requests = JSON.parse(this.referee.requests());
        const answers = {};
        const history = () => this.record.history();
        // The bots of a step think at the same time, each in its own worker.
        const thinking = requests.filter(request => this.bots[request.player - 1]).map(async request => {
            const index = request.player - 1;
            const bot = this.bots[index];
            answers[request.player] = await bot.ask(this.pending[index], history, request.turn, request.limit);
            this.pending[index] = [];
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
        if (!this.referee) return null;   // closed while the seats were thinking
        const step = JSON.parse(this.referee.submit_all(JSON.stringify(answers)));
        for (const turn of step.turns) {
            this.record.add(turn);
            if (turn.changes.length) for (const updates of this.pending) updates.push(turn.changes);
        }
        this.record.stats = step.stats;
        this.record.movers = step.movers;
        if (step.over) {
            this.over = true;
            this.record.result = step.result;
        }
        this.hooks.onStep(step.turns);
        return step.turns[step.turns.length - 1];
    }

    // -- a human seat -------------------------------------------------------------------

    _humanMove(player) {
        const moves = JSON.parse(this.referee.legal_moves(player));
        const started = performance.now();
        return new Promise(resolve => {
            this.humanDone = move => resolve({kind: "move", move, detail: "", ms: performance.now() - started});
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

    _finishHuman(move) {
        const done = this.humanDone;
        this.human = null;
        this.humanDone = null;
        this.hooks.onHuman(null);
        done(move);
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
