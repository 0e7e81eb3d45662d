// One game in the page: the Python referee (flit_core.Game, through request/submit) asks
// each seat for its move (a bot worker under the deadline, or a human's clicks).
"use strict";

import {BotSeat} from "./workers.js";
import {GameRecord} from "./record.js";

export const HUMAN = "human";

export class Match {
    /**
     * settings: {config, seed, seats: [{kind: "bot" | "human", name, source}]};
     * hooks: {onTurn(turn), onHuman(state | null), onSeatChange()}.
     */
    constructor(py, pool, settings, hooks) {
        this.py = py;
        this.pool = pool;
        this.settings = settings;
        this.hooks = hooks;
        this.referee = null;
        this.record = null;
        this.bots = [];
        this.pending = [];
        this.human = null;
        this.over = false;
        this.busy = null;
    }

    /** Set the game up (the starting position is known at once) and load every bot. */
    async prepare() {
        const {config, seed, seats} = this.settings;
        const names = seats.map(seat => seat.name);
        this.referee = this.py.new_referee(JSON.stringify({config, seed, names}));
        this.record = new GameRecord(config, names, JSON.parse(this.referee.setup()));
        this.pending = seats.map(() => []);
        this.bots = seats.map((seat, index) => seat.kind === HUMAN ? null
            : new BotSeat(this.pool, {name: seat.name, source: seat.source}, index + 1, config));
        for (const bot of this.bots) if (bot) bot.onChange = () => this.hooks.onSeatChange();
        this.pool.warm(this.bots.filter(Boolean).length);
        const cells = this.record.cellList();
        await Promise.all(this.bots.filter(Boolean).map(bot => bot.start(cells)));
    }

    /** Play one turn slot; resolves with the turn record (or null if the game is over). */
    playTurn() {
        if (this.over) return Promise.resolve(null);
        if (!this.busy) this.busy = this._turn().finally(() => { this.busy = null; });
        return this.busy;
    }

    async _turn() {
        const request = JSON.parse(this.referee.request());
        let answer = null;
        if (request) {
            const index = request.player - 1;
            const bot = this.bots[index];
            if (bot) {
                answer = await bot.ask(this.pending[index], this.record.cellList(), request.turn, request.limit);
                // Let a runaway bot be stopped before anyone else thinks: its restart must
                // not eat into the next bot's time on a shared CPU.
                if (bot.recovering) await bot.recovering;
            } else {
                answer = await this._humanMove(request.player);
            }
            this.pending[index] = [];
            if (!this.referee) return null;   // closed while the seat was thinking
        }
        const turn = JSON.parse(this.referee.submit(JSON.stringify(answer)));
        this.record.add(turn);
        for (const changes of this.pending) changes.push(...turn.changes);
        this.record.stats = turn.stats;
        if (turn.over) {
            this.over = true;
            this.record.result = turn.result;
        }
        this.hooks.onTurn(turn);
        return turn;
    }

    // -- a human seat -------------------------------------------------------------------

    _humanMove(player) {
        return new Promise(resolve => {
            this.human = {player, started: performance.now(), selected: null, targets: [], resolve};
            this.hooks.onHuman(this.human);
        });
    }

    /** A click on square [x, y]: pick one of the human's pieces, or a ringed destination. */
    click([x, y]) {
        const human = this.human;
        if (!human) return;
        const size = this.record.size;
        if (human.selected && human.targets.some(([tx, ty]) => tx === x && ty === y)) {
            const [sx, sy] = human.selected;
            this._finishHuman(`${sx} ${sy} ${x} ${y}`);
            return;
        }
        if (this.record.cells[y * size + x] === human.player) {
            human.selected = [x, y];
            human.targets = JSON.parse(this.referee.legal_destinations(human.player, x, y));
        } else {
            human.selected = null;
            human.targets = [];
        }
        this.hooks.onHuman(human);
    }

    /** The human makes no move this turn. */
    pass() {
        if (this.human) this._finishHuman(null);
    }

    _finishHuman(move) {
        const {resolve, started} = this.human;
        this.human = null;
        this.hooks.onHuman(null);
        resolve({kind: "move", move, detail: "", ms: performance.now() - started});
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
        // A turn waiting for a human's click ends (and, with no referee, plays nothing).
        if (human) this._finishHuman(null);
    }
}
