// Bot workers: one Web Worker with its own Pyodide per bot, asked for moves under the
// deadline. A runaway bot is interrupted (isolated page) or its worker replaced. A bot in
// another language a game runs (its BotLanguage.worker) gets a plain worker of that module.
"use strict";

import {env} from "./env.js";

// After the deadline an interrupt is re-sent this often (one can be lost)...
const RESEND_MS = 20;
// ...and if the bot still has not stopped (it catches KeyboardInterrupt, or sits in one
// long C call) its worker is terminated after this long.
const GRACE_MS = 1000;
// Loading a bot's source (its top-level code) must finish within this long.
const LOAD_LIMIT_MS = 10000;

const TIMED_OUT = Symbol("timed out");

function delay(ms, value) {
    return new Promise(resolve => setTimeout(() => resolve(value), ms));
}

/** One worker and its Pyodide. Replies are matched to requests by id; others are ignored. */
export class WorkerProcess {
    /** sources: {modules: {path: source}, packages: {game: Python package}} from the bundle. */
    constructor(sources, url = env.workerURL) {
        this.sources = sources;
        this.url = url;
        this.worker = null;
        this.nextId = 1;
        this.pending = new Map();
        this.interrupt = null;
        this.bootMs = null;
        this.dead = false;
        this.ignored = 0;           // messages that answered no pending request
    }

    /** Start the worker: from `snapshot` bytes if given; `makeSnapshot` keeps one in .snapshot. */
    async boot({snapshot = null, makeSnapshot = false} = {}) {
        const started = performance.now();
        this.open();
        // A fresh buffer per worker: a flag left set would hit the next worker's start-up.
        if (env.isolated) this.interrupt = new Int8Array(new SharedArrayBuffer(1));
        const reply = await this.call({
            type: "boot", pyodide: env.pyodideURL, modules: this.sources.modules, packages: this.sources.packages,
            interrupt: this.interrupt ? this.interrupt.buffer : null, snapshot, makeSnapshot,
        }).promise;
        if (reply.failed) throw new Error(`a bot worker could not start Pyodide: ${reply.failed}`);
        this.bootMs = performance.now() - started;
        this.fromSnapshot = reply.fromSnapshot;
        this.snapshot = reply.snapshot || null;
        return this;
    }

    open() {
        this.worker = new Worker(this.url, {type: "module", name: "flit-bot"});
        this.worker.onmessage = event => this._receive(event.data);
        this.worker.onerror = event => this._fail(`the worker failed: ${event.message || "script error"}`);
        return this;
    }

    /** Send a request; returns {id, promise} (the promise resolves with the reply). */
    call(message) {
        const id = this.nextId++;
        const promise = new Promise(resolve => this.pending.set(id, resolve));
        if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
        this.worker.postMessage({...message, id});
        return {id, promise};
    }

    interruptNow() {
        if (this.interrupt) Atomics.store(this.interrupt, 0, 2);
    }

    terminate(reason) {
        this.dead = true;
        if (this.worker) this.worker.terminate();
        this._fail(reason || "the worker was stopped");
    }

    _receive(data) {
        // Only replies to a request we are waiting for count; anything else is ignored.
        if (!data || typeof data !== "object" || !this.pending.has(data.id)) {
            this.ignored += 1;
            return;
        }
        const resolve = this.pending.get(data.id);
        this.pending.delete(data.id);
        resolve(data);
    }

    _fail(reason) {
        for (const resolve of this.pending.values()) resolve({failed: reason});
        this.pending.clear();
    }
}

/**
 * Booted workers for the seats. The first worker boots the ordinary way and sends back a
 * snapshot of its memory; every later one (another seat, a replacement for a runaway
 * bot's worker) boots from that snapshot in a fraction of the time.
 */
export class WorkerPool {
    constructor(sources, {snapshots = true} = {}) {
        this.sources = sources;
        this.snapshots = snapshots;
        this.snapshot = null;     // a promise of the snapshot's bytes (null if none was made)
        this.idle = [];
        this.booting = [];
    }

    /** Start booting workers so that `count` are idle or on their way. */
    warm(count) {
        while (this.idle.length + this.booting.length < count) this._bootOne();
    }

    _bootOne() {
        let booting;
        if (this.snapshots && !this.snapshot) {
            booting = new WorkerProcess(this.sources).boot({makeSnapshot: true});
            this.snapshot = booting.then(process => {
                const bytes = process.snapshot;
                process.snapshot = null;
                return bytes;
            }, () => null);
        } else {
            const snapshot = this.snapshots ? this.snapshot : Promise.resolve(null);
            booting = snapshot.then(bytes => new WorkerProcess(this.sources).boot({snapshot: bytes}));
        }
        this.booting.push(booting);
        const done = () => this.booting.splice(this.booting.indexOf(booting), 1);
        booting.then(process => { done(); this.idle.push(process); }, done);
        return booting;
    }

    /** A booted worker: an idle one, else the next one to finish booting. */
    async take() {
        for (;;) {
            if (this.idle.length) return this.idle.shift();
            if (!this.booting.length) this._bootOne();
            const booted = await Promise.race(this.booting.map(boot => boot.catch(error => error)));
            if (booted instanceof Error && !this.idle.length) throw booted;
        }
    }

    give(process) {
        if (!process.dead) this.idle.push(process);
    }
}

// Plain workers of a game's module for bots in another language: nothing to boot, one afresh per bot and game.
export class PlainWorkerPool {
    constructor(url) {
        this.url = url;
    }

    warm() {}

    async take() {
        return new WorkerProcess(null, this.url).open();
    }

    give(process) {
        process.terminate("game over");
    }
}

/**
 * A bot seat's worker for one game: loads the bot, asks for moves under the deadline,
 * and recovers the worker after a runaway move.
 */
export class BotSeat {
    constructor(pool, bot, me, game, config) {
        this.pool = pool;
        this.bot = bot;            // {name, source}
        this.me = me;
        this.game = game;          // the game's registry name
        this.config = config;
        this.process = null;
        this.recovering = null;     // a promise while a runaway is being stopped
        this.needsBoard = true;     // a fresh worker gets the whole board, not updates
        this.restarts = 0;
        this.lastRecovery = null;   // {how: "interrupt" | "restart", ms}
        this.recoveries = [];       // every recovery's ms, from the deadline to ready again
        this.overheads = [];        // per request: page-measured time minus the bot's own think time
        this.output = [];
        this.loadError = "";
        this.asking = false;        // true while a move request is out
        this.closed = false;        // released: its game is over
        this.onChange = () => {};
    }

    /** Take a worker and load the bot into it with the game so far, {setup, steps}. */
    async start(history) {
        this.process = await this.pool.take();
        if (this.closed) return this.release();
        await this._load(history);
    }

    async _load(history) {
        const call = this.process.call({
            type: "load", source: this.bot.source, name: this.bot.name, me: this.me,
            game: this.game, config: this.config, history,
        });
        const reply = await Promise.race([call.promise, delay(LOAD_LIMIT_MS, TIMED_OUT)]);
        if (reply === TIMED_OUT) {
            this.loadError = `loading the bot took longer than ${LOAD_LIMIT_MS / 1000} s (an endless loop at the top level?)`;
            await this._replace(null, false);
        } else {
            this._keepOutput(reply);
            this.loadError = reply.failed || reply.error || "";
        }
        this.needsBoard = false;
    }

    /**
     * Ask for a move: resolves with the answer for the referee, {kind, move, detail, ms}.
     * `updates` are the steps' changes since this bot's last request; `history()` gives
     * the whole game so far (for a fresh worker).
     */
    async ask(updates, history, turn, limit) {
        if (this.recovering) await this.recovering;
        if (this.loadError) return {kind: "crash", move: null, detail: this.loadError, ms: null};
        const message = {type: "move", turn, limit, updates: this.needsBoard ? [] : updates,
                         history: this.needsBoard ? history() : null};
        this.needsBoard = false;
        const started = performance.now();
        const call = this.process.call(message);
        this.asking = true;
        let timer;
        const deadline = new Promise(resolve => { timer = setTimeout(resolve, limit, TIMED_OUT); });
        const reply = await Promise.race([call.promise, deadline]);
        clearTimeout(timer);
        this.asking = false;
        const ms = performance.now() - started;
        if (reply === TIMED_OUT) {
            this.recovering = this._recover(call.promise, history).finally(() => { this.recovering = null; });
            return {kind: "timeout", move: null, detail: "", ms};
        }
        this._keepOutput(reply);
        if (reply.failed) {
            // The worker itself broke (not the bot): replace it, and count this as an error.
            this.recovering = this._replace(history, true).finally(() => { this.recovering = null; });
            return {kind: "error", move: null, detail: reply.failed, ms};
        }
        if (reply.interrupted || ms > limit) return {kind: "timeout", move: null, detail: "", ms};
        const answer = reply.answer && typeof reply.answer === "object" ? reply.answer : {kind: null};
        if (this.overheads.length < 100000) this.overheads.push(ms - (Number(answer.ms) || 0));
        return {...answer, ms};
    }

    async _recover(reply, history) {
        const started = performance.now();
        if (this.process.interrupt) {
            this.process.interruptNow();
            const resend = setInterval(() => this.process.interruptNow(), RESEND_MS);
            const outcome = await Promise.race([reply, delay(GRACE_MS, TIMED_OUT)]);
            clearInterval(resend);
            if (outcome !== TIMED_OUT && !outcome.failed) {
                this._keepOutput(outcome);
                this.lastRecovery = {how: "interrupt", ms: performance.now() - started};
                this.recoveries.push(this.lastRecovery.ms);
                this.onChange();
                return;
            }
        }
        await this._replace(history, true);
        this.lastRecovery = {how: "restart", ms: performance.now() - started};
        this.recoveries.push(this.lastRecovery.ms);
        this.onChange();
    }

    /** Terminate the worker and continue in a fresh one (the bot's Python state is lost). */
    async _replace(history, reload) {
        if (this.closed) return;   // the game is over: no fresh worker for it
        this.process.terminate("replaced after a runaway move");
        this.restarts += 1;
        this.process = await this.pool.take();
        if (this.closed) return this.release();
        if (reload) await this._load(history());
        this.needsBoard = true;
    }

    _keepOutput(reply) {
        if (reply && reply.output) {
            this.output = this.output.concat(reply.output).slice(-40);
            this.onChange();
        }
    }

    /** Hand the worker back for the next game (or drop it if it is busy or broken). */
    release() {
        this.closed = true;
        if (!this.process) return;
        if (this.process.pending.size) this.process.terminate("game over");   // still busy
        else this.pool.give(this.process);
        this.process = null;
    }
}
