// Bot workers: one Web Worker with its own Pyodide per bot, asked for moves under the
// deadline. A runaway bot is interrupted (isolated page) or its worker replaced. A bot in
// another language a game runs (its BotLanguage.worker) gets a plain worker of that module.
// Every worker starts from a data: address, so it runs at an opaque origin: the page's
// storage (the challenge's games in IndexedDB) is not its. The page and the worker talk
// through a MessagePort it gets first, which the bot's code cannot reach; what the worker
// posts any other way is ignored (and counted). A bot does no work between its moves: its
// worker has no way to start threads or timers (lockdown.js), and one found still busy after
// an answer is replaced and the bot charged a timeout (BotSeat).
"use strict";

import {env, servedSnapshot} from "./env.js";
import {lockDown} from "./lockdown.js";

// After the deadline an interrupt is re-sent this often (one can be lost)...
const RESEND_MS = 20;
// ...and if the bot still has not stopped (it catches KeyboardInterrupt, or sits in one
// long C call) its worker is terminated after this long.
const GRACE_MS = 1000;
// Loading a bot's source (its top-level code) must finish within this long.
const LOAD_LIMIT_MS = 10000;
// A bot is charged the time its worker measured it thinking: the page's own clock only
// stops a runaway, this long after the deadline (message passing and a busy page add a lot).
const WALL_SLACK_MS = 250;
// Between requests a worker is idle: a request, and the ping the page sends after each
// answer, reach it at once. One that reaches it this much later (by the worker's clock: the
// page's own stalls do not count) found it running something the bot left, or a machine too
// busy to run it at once (at load 20 on 2 cores, 1 in 1,000 came 70 ms late, the worst 190)...
const LATE_MS = 150;
// ...so a bot is found working between its moves when that happens after two answers in a
// row (its request or the ping after its answer, each time), or once this late (a ping with
// no answer by then too).
const IDLE_WALL_MS = 1000;

/** Now on a clock a worker's `at` can be compared with: from the time origin both share. */
function wallClock() {
    return performance.timeOrigin + performance.now();
}

/** How late a worker's reply says its request (sent at `sent`) reached it, in ms. */
function lateness(reply, sent) {
    return typeof reply.at === "number" ? reply.at - sent : Infinity;
}

/** The page's hard wall-clock limit for a move of `limit` ms: past it the bot is stopped. */
export function wallLimit(limit) {
    return 2 * limit + WALL_SLACK_MS;
}

const TIMED_OUT = Symbol("timed out");

// A channel's shared memory: a state word and a length, then a message's UTF-8 JSON.
// The same layout and states are in bot-worker.js.
const CHANNEL_BYTES = 1 << 20;
const IDLE = 0, REQUEST = 1, ANSWER = 2, LEAVE = 3;
const SPIN_MS = 0.25;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Move requests to a Pyodide worker through shared memory (an isolated page only): the
 * worker sleeps in Atomics.wait between requests, the page polls briefly and then waits
 * with Atomics.waitAsync, so a request costs no message on either side. The worker takes messages again once it
 * is asked to leave (the reply to its "serve" request).
 */
class Channel {
    constructor(process) {
        this.process = process;
        this.buffer = new SharedArrayBuffer(8 + CHANNEL_BYTES);
        this.control = new Int32Array(this.buffer, 0, 2);
        this.bytes = new Uint8Array(this.buffer, 8);
        this.serving = process.call({type: "serve", channel: this.buffer}).promise;
    }

    /**
     * Send request `id`, if it fits; its reply goes to the process like a message's.
     * `late()` is called if no answer came within `wallMs` (the wait itself keeps the
     * deadline: a timer per move would cost the page more than the move's round trip).
     */
    send(id, message, wallMs, late) {
        const encoded = encoder.encode(JSON.stringify(message));
        if (encoded.length > this.bytes.length) return false;
        this.bytes.set(encoded);
        this.control[1] = encoded.length;
        Atomics.store(this.control, 0, REQUEST);
        Atomics.notify(this.control, 0);
        this._answer(id, performance.now() + wallMs, late);
        return true;
    }

    async _answer(id, deadline, late) {
        // A bot that answers within a fraction of a millisecond is waited for right here (once
        // the page's work for the step is done): waking from waitAsync costs more than that.
        await null;
        const until = performance.now() + SPIN_MS;
        while (Atomics.load(this.control, 0) === REQUEST && performance.now() < until);
        while (Atomics.load(this.control, 0) === REQUEST) {
            const left = deadline - performance.now();
            if (left <= 0 && late) {
                late();
                late = null;
            }
            const wait = Atomics.waitAsync(this.control, 0, REQUEST, late ? left : Infinity);
            if (wait.async) await wait.value;
        }
        if (Atomics.load(this.control, 0) !== ANSWER) return;
        let reply;
        try {
            reply = JSON.parse(decoder.decode(this.bytes.slice(0, this.control[1])));
        } catch {
            reply = {failed: "the worker's reply is not JSON"};
        }
        Atomics.store(this.control, 0, IDLE);
        this.process._receive({...reply, id});
    }

    /** Let the worker take messages again: resolves once it does. */
    leave() {
        Atomics.store(this.control, 0, LEAVE);
        Atomics.notify(this.control, 0);
        return this.serving;
    }
}

const addresses = new Map();

/**
 * A worker module's data: address (fetched once; it may be one already): its worker's origin
 * is opaque. The module ends with lockDown(self): nothing the bot's code may run outside its
 * moves is left in the worker (lockdown.js).
 */
function dataAddress(url) {
    if (!addresses.has(url)) {
        addresses.set(url, fetch(url).then(response => {
            if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
            return response.text();
        }).then(text => "data:text/javascript;charset=utf-8," + encodeURIComponent(`${text}\n;(${lockDown})(self);\n`)));
    }
    return addresses.get(url);
}

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
        this.ignored = 0;           // messages that answered no pending request, or came not through the port
        this.channel = null;        // the shared-memory Channel while move requests use it
        this.port = null;           // the page's end of the worker's MessagePort
        this.owner = null;          // the bot whose code ran in it (WorkerPool reuses it for that bot only)
    }

    /** Start the worker: from `snapshot` bytes if given; `makeSnapshot` keeps one in .snapshot. */
    async boot({snapshot = null, makeSnapshot = false} = {}) {
        const started = performance.now();
        await this.open();
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

    /** Start the worker (from its module's data: address) and hand it its port. */
    async open() {
        this.worker = new Worker(await dataAddress(this.url), {type: "module", name: "flit-bot"});
        const channel = new MessageChannel();
        this.port = channel.port1;
        this.port.onmessage = event => this._receive(event.data);
        // The worker's own postMessage is the bot's to call too: nothing from there counts.
        this.worker.onmessage = () => { this.ignored += 1; };
        this.worker.onerror = event => this._fail(`the worker failed: ${event.message || "script error"}`);
        this.worker.postMessage({type: "port"}, [channel.port2]);
        return this;
    }

    /**
     * Send a request; returns {id, promise, late}: the promise resolves with the reply, and
     * `late` with TIMED_OUT if `wallMs` is given and passes first. A move goes through the
     * channel if one is open (and it fits); anything else closes it first.
     */
    call(message, wallMs = null) {
        const id = this.nextId++;
        const promise = new Promise(resolve => this.pending.set(id, resolve));
        let expire = () => {};
        const late = wallMs === null ? null : new Promise(resolve => { expire = () => resolve(TIMED_OUT); });
        if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
        if (this.channel && message.type === "move" && this.channel.send(id, message, wallMs ?? Infinity, expire)) {
            return {id, promise, late};
        }
        if (this.channel) this.leaveChannel();
        this.port.postMessage({...message, id});
        if (late) {
            const timer = setTimeout(expire, wallMs);
            promise.then(() => clearTimeout(timer));
        }
        return {id, promise, late};
    }

    /** Send moves through shared memory from now on (isolated pages, Pyodide workers). */
    openChannel() {
        if (!this.channel && env.isolated && this.sources) this.channel = new Channel(this);
    }

    /** Back to messages: resolves once the worker takes them again. */
    leaveChannel() {
        const channel = this.channel;
        this.channel = null;
        return channel ? channel.leave() : Promise.resolve();
    }

    /** True if no request is out (the channel's standing "serve" request aside). */
    get idle() {
        return this.pending.size === (this.channel ? 1 : 0);
    }

    interruptNow() {
        if (this.interrupt) Atomics.store(this.interrupt, 0, 2);
    }

    /** How late a ping reaches the worker, in ms (Infinity if it has no answer within IDLE_WALL_MS). */
    async pingLateness() {
        const sent = wallClock();
        const call = this.call({type: "ping"}, IDLE_WALL_MS);
        const reply = await Promise.race([call.promise, call.late]);
        return reply === TIMED_OUT || reply.failed ? Infinity : lateness(reply, sent);
    }

    terminate(reason) {
        this.dead = true;
        if (this.worker) this.worker.terminate();
        if (this.port) this.port.close();
        this._fail(reason || "the worker was stopped");
    }

    _receive(data) {
        // Only replies to a request in flight count; anything else is ignored.
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
 * Booted workers for the seats, each from a snapshot of a started Pyodide's memory in a
 * fraction of a full start-up: the one the server made, else one the first worker boots
 * the ordinary way to make. Every later worker (another seat, a replacement for a runaway
 * bot's worker) boots from the same snapshot. A worker a bot's code ran in is that bot's
 * (its `owner`): it is used again for that bot only, since whatever the bot changed in its
 * interpreter stays there; no other bot ever runs in it.
 */
export class WorkerPool {
    constructor(sources, {snapshots = true} = {}) {
        this.sources = sources;
        this.snapshots = snapshots;
        this.snapshot = snapshots ? servedSnapshot : Promise.resolve(null);   // its bytes, or null
        this.making = null;       // a promise of the bytes the first worker makes, if none was served
        this.idle = [];
        this.booting = [];
    }

    /** Start booting workers so that `count` fresh ones are idle or on their way. */
    warm(count) {
        while (this.idle.filter(process => process.owner === null).length + this.booting.length < count) this._bootOne();
    }

    /**
     * Get ready for a game of the bots `owners` (their keys, see BotSeat): each keeps its own
     * idle worker, other bots' idle workers are stopped, and fresh ones boot for the rest.
     */
    prepare(owners) {
        const kept = [];
        for (const owner of owners) {
            const own = this.idle.find(process => process.owner === owner && !kept.includes(process));
            if (own) kept.push(own);
        }
        for (const process of this.idle) if (process.owner !== null && !kept.includes(process)) process.terminate("another bot's worker");
        this.idle = this.idle.filter(process => process.owner === null || kept.includes(process));
        this.warm(owners.length - kept.length);
    }

    _bootOne() {
        const boot = bytes => new WorkerProcess(this.sources).boot({snapshot: bytes});
        const booting = this.snapshot.then(bytes => {
            if (bytes || !this.snapshots) return boot(bytes);
            if (this.making) return this.making.then(boot);
            const first = new WorkerProcess(this.sources).boot({makeSnapshot: true});
            this.making = first.then(process => {
                const made = process.snapshot;
                process.snapshot = null;
                return made;
            }, () => null);
            return first;
        });
        this.booting.push(booting);
        const done = () => this.booting.splice(this.booting.indexOf(booting), 1);
        booting.then(process => { done(); this.idle.push(process); }, done);
        return booting;
    }

    /** A booted worker for the bot `owner`: its own idle one, else a fresh one (idle or the next to boot). */
    async take(owner = null) {
        for (;;) {
            const own = this.idle.findIndex(process => process.owner === owner);
            const index = own >= 0 ? own : this.idle.findIndex(process => process.owner === null);
            if (index >= 0) return this.idle.splice(index, 1)[0];
            if (!this.booting.length) this._bootOne();
            const booted = await Promise.race(this.booting.map(boot => boot.catch(error => error)));
            if (booted instanceof Error && !this.idle.some(process => process.owner === null)) throw booted;
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

    prepare() {}

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
        this.owner = `${bot.name}\u0000${bot.source}`;   // its key in the pool
        this.me = me;
        this.game = game;          // the game's registry name
        this.config = config;
        this.process = null;
        this.recovering = null;     // a promise while a runaway is being stopped
        this.checking = null;       // a promise while the worker is checked to be idle after an answer
        this.needsBoard = true;     // a fresh worker gets the whole board, not updates
        this.restarts = 0;
        this.busyAfter = 0;         // times its worker was found still busy after answering (each a timeout)
        this.lateAnswers = 0;       // answers in a row after which its worker was late (see LATE_MS)
        this.struck = false;        // the next request is charged as a timeout (found busy since the last)
        this.lastRecovery = null;   // {how: "interrupt" | "restart", ms}
        this.recoveries = [];       // every recovery's ms, from the deadline to ready again
        this.overheads = [];        // per request: page-measured time minus the bot's own think time
        this.preparing = [];        // per request: the worker's own time for it minus the think time
        this.output = [];
        this.loadError = "";
        this.loaded = false;        // its source is loaded (or failed to): it can be asked
        this.asking = false;        // true while a move request is out
        this.closed = false;        // released: its game is over
        this.onChange = () => {};
    }

    /** Take a worker and load the bot into it with the game so far, {setup, steps}. */
    async start(history) {
        this.process = await this.pool.take(this.owner);
        this.process.owner = this.owner;
        if (this.closed) return this.release();
        await this._load(history);
    }

    async _load(history) {
        const call = this.process.call({
            type: "load", source: this.bot.source, name: this.bot.name, me: this.me,
            game: this.game, config: this.config, history,
        }, LOAD_LIMIT_MS);
        const reply = await Promise.race([call.promise, call.late]);
        if (reply === TIMED_OUT) {
            this.loadError = `loading the bot took longer than ${LOAD_LIMIT_MS / 1000} s (an endless loop at the top level?)`;
            await this._replace(null, false);
        } else {
            this._keepOutput(reply);
            this.loadError = reply.failed || reply.error || "";
            this._check(() => history, 0);
        }
        this.needsBoard = false;
        this.loaded = true;
    }

    /**
     * Ask for a move: resolves with the answer for the referee, {kind, move, detail, ms}.
     * `updates` are the steps' changes since this bot's last request; `history()` gives
     * the whole game so far (for a fresh worker).
     */
    async ask(updates, history, turn, limit) {
        // A replaced worker is checked again once the bot is loaded: wait for both.
        while (this.checking || this.recovering) await (this.recovering || this.checking);
        // The game ended meanwhile (its match closed, the worker given back): nothing to ask.
        if (this.closed) return {kind: "timeout", move: null, detail: "the game is over", ms: null};
        if (this.loadError) return {kind: "crash", move: null, detail: this.loadError, ms: null};
        if (this.struck) {
            this.struck = false;
            return {kind: "timeout", move: null, detail: "", ms: null};
        }
        const message = {type: "move", turn, limit, updates: this.needsBoard ? [] : updates,
                         history: this.needsBoard ? history() : null};
        this.needsBoard = false;
        const started = performance.now(), sent = wallClock();
        this.process.openChannel();
        const call = this.process.call(message, wallLimit(limit));
        // Through the shared channel the worker sleeps between requests: only a message can find it busy.
        const messaged = !this.process.channel;
        this.asking = true;
        const reply = await Promise.race([call.promise, call.late]);
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
        if (reply.interrupted) return {kind: "timeout", move: null, detail: "", ms};
        if (messaged) this._check(history, lateness(reply, sent));
        return this._charge(reply.answer, ms, limit, reply.busy);
    }

    // After an answer (its request `late` ms late): a ping; if the worker is found busy
    // (see LATE_MS), the bot left something running: its worker is replaced by a fresh one
    // (a Python bot's from the snapshot; its state is lost), its next request is charged as
    // a timeout, and the panel says so.
    _check(history, late) {
        const checking = this._checkIdle(history, late).finally(() => {
            if (this.checking === checking) this.checking = null;
        });
        this.checking = checking;
    }

    async _checkIdle(history, late) {
        const process = this.process;
        if (this.closed) return;   // given back: release() checks the worker itself
        const worst = Math.max(late, await process.pingLateness());
        if (process !== this.process) return;
        this.lateAnswers = worst > LATE_MS ? this.lateAnswers + 1 : 0;
        if (this.lateAnswers < 2 && worst <= IDLE_WALL_MS) return;
        this.lateAnswers = 0;
        this.busyAfter += 1;
        this.struck = true;
        this.recovering = this._replace(history, true, {fresh: true}).finally(() => { this.recovering = null; });
        this.onChange();
    }

    // The answer with the bot's think time: the worker's time for the request, by a clock
    // the bot's code cannot replace (bot-worker.js), never more than the page's; the page's
    // if the worker gave none. The answer's own `ms` is the bot's to write: not believed.
    _charge(answer, ms, limit, busy) {
        if (!answer || typeof answer !== "object") answer = {kind: null};
        const thought = typeof busy === "number" && busy >= 0 ? Math.min(busy, ms) : ms;
        if (this.overheads.length < 100000) {
            this.overheads.push(ms - thought);
            // What the worker spends besides the bot's own call (benchmarks/web.py): an honest bot's ms says.
            if (typeof answer.ms === "number") this.preparing.push(thought - answer.ms);
        }
        if (thought > limit) return {kind: "timeout", move: null, detail: "", ms: thought};
        return {...answer, ms: thought};
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

    /**
     * Terminate the worker and continue in another one (the bot's Python state is lost): a
     * `fresh` one if whatever the bot left in its own may be running, else possibly its own.
     */
    async _replace(history, reload, {fresh = false} = {}) {
        if (this.closed) return;   // the game is over: no fresh worker for it
        this.process.terminate(fresh ? "replaced: still busy after its move" : "replaced after a runaway move");
        if (!fresh) this.restarts += 1;
        this.process = await this.pool.take(fresh ? null : this.owner);
        this.process.owner = this.owner;
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

    /** Hand the worker back for the next game once it is idle (else drop it: busy or broken). */
    release() {
        this.closed = true;
        const process = this.process;
        if (!process) return;
        this.process = null;
        Promise.resolve(this.checking).then(async () => {
            // Leaving the channel lets whatever the bot left run: the worker must be idle after it.
            const left = process.idle && await Promise.race([process.leaveChannel().then(() => true), delay(IDLE_WALL_MS, false)]);
            if (left && !process.dead && await process.pingLateness() <= LATE_MS) this.pool.give(process);
            else process.terminate("game over");   // still busy, or broken
        });
    }
}
