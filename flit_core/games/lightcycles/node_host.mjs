#!/usr/bin/env node
// The arena's JavaScript host for light cycles: runs one original bot function, unchanged,
// as a bot program speaking the arena's protocol (docs/games/lightcycles.md, "Bot protocol"):
//
//   node node_host.mjs BOT.js               a file whose text is one function expression
//   node node_host.mjs submissions.js NAME  the judge's file of `new Bot(name, author, fn)`
//                                           entries in SUBMISSIONS: the one called NAME
//
// Two threads. The main thread speaks the protocol, keeps the field and keeps every call's
// deadline; it never runs the bot's code, nor touches an object the bot made (it gets copies
// of two strings per call, and checks them). The bot runs in a worker thread of its own
// (worker_threads, with resourceLimits), in a realm of its own there (a node:vm context: a
// fresh global scope, sloppy mode, `console` writing to stderr, `performance`), loaded when
// the host starts, and keeps its closures from call to call. The realm is no boundary (a bot
// reaches its worker's `process` in one line): the sandbox the referee runs the host in is.
// The worker is what makes a call stoppable whatever the bot does, a loop, an endless chain
// of promises, a patched built-in: at the call's deadline (FLIT_ARENA_MOVE_MS, and
// FLIT_ARENA_STARTUP_MS for the first, which also covers loading; 1,000 ms each by default),
// on the clock the referee charges the host by (FLIT_ARENA_CLOCK: "cpu", the host's CPU time
// from the call's start, and for the first call from the host's start, as the referee counts
// it, with the referee's real-time backstop, FLIT_ARENA_BACKSTOP, for a bot that waits; else
// real time), the main thread terminates the worker and answers `error: stopped: ...`, which is no move,
// and a fresh worker loads the bot again for the next call (its state is lost, as in the
// page's workers). The bot's own errors and non-answers are `error: MESSAGE` and the quoted
// value it returned (both no move).
import {readFileSync} from "node:fs";
import {Console} from "node:console";
import {performance} from "node:perf_hooks";
import readline from "node:readline";
import vm from "node:vm";
import {Worker, isMainThread, parentPort, workerData} from "node:worker_threads";

import {CALL_WRAPPER, CycleField, STATE_FACTORY, functionSource, loadError} from "./js_bot.js";

const PROG = "node_host.mjs";
/** The judge's Bot class, in the bot's realm, for a submissions.js file. */
const BOT_CLASS = "class Bot { constructor(name, author, func) { this.name = name; this.author = author; this.func = func; } }";
/** The bot's worker: a heap of its own, capped (past it the worker dies, not the host). */
const RESOURCES = {maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32, codeRangeSizeMb: 16, stackSizeMb: 4};
/** The longest text of an answer or error printed (the rest is cut). */
const MAX_TEXT = 500;

/** True when the referee charges the host its CPU time, not real time. */
const CPU_CLOCK = process.env.FLIT_ARENA_CLOCK === "cpu";
/** The real-time backstop the referee announces for the CPU clock, "TIMESx+MS": [TIMES, MS] (none: [Infinity, 0]). */
const BACKSTOP = (/^([\d.]+)x\+([\d.]+)$/.exec(process.env.FLIT_ARENA_BACKSTOP || "") || [0, Infinity, 0]).slice(1).map(Number);

/** The clock the referee charges the host by, in ms: its CPU time (every thread's, the bot's worker's too) or real time. */
function charged() {
    if (!CPU_CLOCK) return performance.now();
    const {user, system} = process.cpuUsage();
    return (user + system) / 1000;
}

function milliseconds(variable) {
    const value = Number(process.env[variable]);
    return Number.isFinite(value) && value > 0 ? value : 1000;
}

function say(line) {
    process.stdout.write(line + "\n");
}

// -- the bot's worker ---------------------------------------------------------------------

/** The bot's function, evaluated in a realm of its own; throws with the reason if it does not load. */
function loadBot(realm, file, name) {
    const source = readFileSync(file, "utf8");
    if (name === undefined) return vm.runInContext(functionSource(source), realm, {filename: file});
    vm.runInContext(BOT_CLASS, realm);
    vm.runInContext(source, realm, {filename: file});
    const entries = vm.runInContext("typeof SUBMISSIONS === 'undefined' ? null : SUBMISSIONS", realm);
    if (!Array.isArray(entries)) throw new Error(`${file} defines no SUBMISSIONS array`);
    const entry = entries.find(bot => bot && bot.name === name);
    if (!entry) throw new Error(`no bot called ${JSON.stringify(name)} in ${file}; it has: ${entries.map(bot => bot && bot.name).join(", ")}`);
    return entry.func;
}

/** The worker: loads the bot, then answers each call {id, width, height, x, y, cells} with
 * {id, kind, text}. Everything it uses is taken before the bot's code runs. */
function serveBot({file, name}) {
    const post = parentPort.postMessage.bind(parentPort);
    const realm = vm.createContext({console: new Console({stdout: process.stderr, stderr: process.stderr}), performance});
    const makeState = vm.runInContext(STATE_FACTORY, realm);
    const callBot = vm.runInContext(CALL_WRAPPER, realm);
    let bot = null, problem = "";
    try {
        bot = loadBot(realm, file, name);
        if (typeof bot !== "function") throw new Error(`the code is not a function but a ${typeof bot}`);
    } catch (error) {
        problem = loadError(error);
        process.stderr.write(`${PROG}: ${problem}\n`);
    }
    parentPort.on("message", ({id, width, height, x, y, cells}) => {
        if (!bot) return post({id, kind: "error", text: problem});
        // Read by index, not destructured: the array is the bot realm's.
        const result = callBot(bot, makeState(width, height, x, y, cells));
        post({id, kind: result[0], text: result[1]});
    });
}

// -- the protocol, on the main thread -----------------------------------------------------

/** The line printed for a worker's reply, or null if the reply is not one (checked: the worker is the bot's). */
function answerLine(reply) {
    const kind = reply.kind, text = reply.text;
    if (typeof kind !== "string" || typeof text !== "string") return null;
    const clean = text.replace(/[\r\n]+/g, " ").slice(0, MAX_TEXT);
    if (kind === "move") return /^[NESW]$/.test(clean) ? clean : null;
    return kind === "error" ? `error: ${clean}` : kind === "invalid" ? clean : null;
}

/** The first line of what a worker's error says. */
function errorText(error) {
    let text;
    try {
        text = error && error.message !== undefined ? `${error.name}: ${error.message}` : String(error);
    } catch {
        text = "an error";
    }
    return text.split("\n")[0].slice(0, MAX_TEXT);
}

function main() {
    const [file, name, ...extra] = process.argv.slice(2);
    if (!file || extra.length) {
        process.stderr.write(`usage: node ${PROG} BOT.js | node ${PROG} submissions.js NAME\n`);
        process.exit(2);
    }
    const moveMs = milliseconds("FLIT_ARENA_MOVE_MS"), firstMs = Math.max(moveMs, milliseconds("FLIT_ARENA_STARTUP_MS"));
    const field = new CycleField();
    let index = 0, asked = 0, headsDue = 0, heads = [], roundSize = [0, 0];
    // Calls read and not yet answered, the one in the worker, and the worker.
    const waiting = [];
    let current = null, calls = 0, worker = null, closing = false;

    function startWorker() {
        const started = new Worker(new URL(import.meta.url), {workerData: {file, name}, stdout: true, resourceLimits: RESOURCES});
        // The bot's stdout is not the protocol's: what it prints there goes to stderr.
        started.stdout.on("data", chunk => process.stderr.write(chunk));
        started.on("message", reply => {
            if (started !== worker || !current || reply === null || typeof reply !== "object" || reply.id !== current.id) return;
            const line = answerLine(reply);
            if (line !== null) finish(line);
        });
        started.on("error", error => {
            if (started === worker) lose(`the bot's worker failed: ${errorText(error)}`);
        });
        started.on("exit", code => {
            if (started === worker) lose(`the bot's worker exited (code ${code})`);
        });
        worker = started;
    }

    /** The worker is gone (or must go): the call in it, if any, is answered with `error: detail`. */
    function lose(detail) {
        const old = worker;
        worker = null;
        if (old) old.terminate();
        if (current) finish(`error: ${detail}`);
    }

    function finish(line) {
        clearTimeout(current.timer);
        current = null;
        say(line);
        next();
    }

    function next() {
        if (current || !waiting.length) {
            if (closing && !current) process.exit(0);
            return;
        }
        const call = waiting.shift();
        if (!worker) startWorker();
        const limit = call.limit, since = call.first && CPU_CLOCK ? 0 : charged(), started = performance.now();
        const overrun = () => {
            lose(`stopped: the bot ran past its time limit of ${limit} ms`);
            if (!worker) startWorker();   // loading the bot again while the referee reads the answer
        };
        // No event says a CPU limit was reached: look again when it might have been.
        const watch = () => {
            const left = limit - (charged() - since), backstop = limit * BACKSTOP[0] + BACKSTOP[1] - (performance.now() - started);
            if (left <= 0 || (CPU_CLOCK && backstop <= 0)) overrun();
            else if (current) current.timer = setTimeout(watch, Math.max(Math.min(left, CPU_CLOCK ? backstop : left), 1));
        };
        current = {id: ++calls, timer: setTimeout(watch, Math.max(limit - (charged() - since), 0))};
        worker.postMessage({id: current.id, ...call.state});
    }

    function request() {
        const first = asked++ === 0, limit = first ? firstMs : moveMs, head = field.heads && field.heads[index];
        if (!head) return say("error: asked for a move before a round began");
        const state = {width: field.width, height: field.height, x: head[0], y: head[1], cells: field.text()};
        waiting.push({limit, state, first});
        next();
    }

    function message(line) {
        const words = line.trim().split(/\s+/);
        if (headsDue) {
            heads.push(words.map(Number));
            if (--headsDue === 0) field.startRound(...roundSize, heads);
        } else if (words[0] === "M" && words.length === 1) {
            request();
        } else if (words[0] === "round" && words.length === 6) {
            const [, , width, height, bots, me] = words.map(Number);
            [roundSize, index, headsDue, heads] = [[width, height], me, bots, []];
        } else if (words[0] === "moves") {
            field.move(words.slice(1));
        } else if (words[0] !== "end" && words[0] !== "") {
            process.stderr.write(`${PROG}: ignored ${JSON.stringify(line.slice(0, 60))}\n`);
        }
    }

    startWorker();
    const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
    lines.on("line", message);
    // At end-of-file the calls read are still answered, then the host exits (its worker with it).
    lines.on("close", () => {
        closing = true;
        next();
    });
}

if (isMainThread) main();
else serveBot(workerData);
