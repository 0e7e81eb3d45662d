// One bot in its own Web Worker with its own Pyodide. The page sends requests that each
// carry an id; every reply carries the id of the request it answers.
//   {id, type: "boot", pyodide: URL of pyodide.mjs, modules: {path: source},
//    packages: {game: Python package}, interrupt, snapshot: boot from these memory bytes,
//    makeSnapshot: send them back}                         -> {id, ok, snapshot}
//   {id, type: "load", source, name, me, game, config, history: {setup, steps}}
//                                                          -> {id, ok, error}
//   {id, type: "move", updates: [changes, ...], history, turn, limit}
//                                                          -> {id, answer, busy, at} | {id, interrupted}
//   {id, type: "ping"}                                     -> {id, at}
//   {id, type: "serve", channel: SharedArrayBuffer}       -> {id} once asked to leave
// Every reply may carry `output`: the lines the bot printed since the last reply. `at` is when
// the request arrived, by this worker's clock from its time origin (comparable with the page's):
// a late arrival means the worker was busy between requests (see js/workers.js, BotSeat).
// While serving, move requests and their replies go through the channel's shared memory
// instead (see Channel in js/workers.js): no message either way.
//
// The bot's code shares this realm (Python reaches it through `js`), so nothing it can
// replace decides what the page is told: requests and replies go through a MessagePort the
// page transfers in its first message, kept in this module's scope (never on globalThis,
// never given to Python); the page ignores everything posted to it any other way. `busy`,
// the time the bot is charged, is measured with a clock taken here before any bot's code
// runs, from a request's arrival to its reply; the functions the reply path calls are
// taken here too. The worker runs at an opaque origin (the page starts it from a data:
// address), so the page's storage is not the bot's either; and the page ends this module with
// lockDown(self) (js/lockdown.js), which takes away whatever could run the bot's code between
// its moves, once this module has taken what it needs.
"use strict";

const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const now = performance.now.bind(performance);
const timeOrigin = performance.timeOrigin;
const ownSetTimeout = setTimeout;
const {parse, stringify} = JSON;
const {load: atomicLoad, store: atomicStore, wait: atomicWait, notify: atomicNotify} = Atomics;
const send = uncurry(MessagePort.prototype.postMessage);
const eventData = uncurry(Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get);
const eventPorts = uncurry(Object.getOwnPropertyDescriptor(MessageEvent.prototype, "ports").get);
const byteLength = uncurry(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "length").get);
const setBytes = uncurry(Uint8Array.prototype.set);
const Bytes = Uint8Array, Words = Int32Array;
const encode = uncurry(TextEncoder.prototype.encode);
const tagOf = uncurry(Object.prototype.toString);
const encoder = new TextEncoder();
let port = null;   // the page's end of the conversation (see above)

// A task of this module's own runs only once every promise callback queued before it has
// run: a move's reply waits for one, so what the bot's move left in the microtask queue is
// part of its move, and of its time.
const tick = new MessageChannel(), ticks = [];
const push = uncurry(Array.prototype.push), shift = uncurry(Array.prototype.shift);
tick.port1.onmessage = () => shift(ticks)();

const MAX_OUTPUT_LINES = 40;
let pyodide = null;
let interrupt = null;   // Int8Array on a SharedArrayBuffer when the page is isolated
let WorkerBot = null;
let bot = null;
let output = [];

function keepOutput(line) {
    output.push(line.length > 500 ? line.slice(0, 500) + "..." : line);
    if (output.length > MAX_OUTPUT_LINES) output.splice(0, output.length - MAX_OUTPUT_LINES);
}

// The lines printed since the last reply, if any (taken: the next reply starts afresh).
function takeOutput() {
    if (!output.length) return undefined;
    const taken = output;
    output = [];
    return taken;
}

function reply(message) {
    // A literal: no setter the bot may have put on Object.prototype sees the reply.
    send(port, {...message, output: takeOutput()}, message.snapshot ? [message.snapshot.buffer] : []);
}

// Pyodide keeps its options for good: it gets the snapshot through a promise-like that
// forgets the bytes once read, or every worker would hold on to a 31 MB copy of them.
function handOver(bytes) {
    return {then(resolve) { resolve(bytes); bytes = null; }};
}

// An isolated page shares one snapshot with every worker (a view of a SharedArrayBuffer),
// and Pyodide reads its header with TextDecoder, which refuses views of shared memory:
// decode a copy of those (the header is small). The same as js/env.js's, which this
// worker cannot import (it starts from a data: address), except that a worker at an
// opaque origin has no SharedArrayBuffer constructor to compare with, only the buffers.
const decode = TextDecoder.prototype.decode;
TextDecoder.prototype.decode = function (input, options) {
    const shared = input && input.buffer && tagOf(input.buffer) === "[object SharedArrayBuffer]";
    return decode.call(this, shared ? input.slice() : input, options);
};
const decodeText = uncurry(decode);
const decoder = new TextDecoder();

// CPython calls C functions through a trampoline that Pyodide's start-up adds to this
// instance's function table (a WebAssembly GC function where the browser has them) and notes
// in _PyRuntime. A snapshot's memory holds its maker's note instead: Node 20 (which makes the
// served ones, web/make-snapshot.mjs) has no WebAssembly GC and notes none, and every such
// call then goes through JavaScript, which made a bot's Python up to 1.6x slower. This
// returns a function that puts this instance's own note back once a snapshot is restored. The
// same as js/interpreter.js's (for the page's Python), which this worker cannot import; if
// Pyodide's internals change, e2e/test_snapshot_trampoline.py says so.
function keepTrampoline(module) {
    const offset = module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET, runtime = module.__PyRuntime;
    if (typeof offset !== "number" || typeof runtime !== "number") return () => {};
    const at = (runtime + module.HEAP32[offset >> 2]) >> 2;
    const own = module.HEAP32[at];
    return () => { module.HEAP32[at] = own; };
}

// Half of a snapshot's memory is zero pages, which the interpreter's fresh memory has
// already: Pyodide (its internal restoreSnapshot, 314.0.7) would copy them all and so make
// every one of them cost the worker memory. This restores only the pages that differ; the
// result is the same memory. If Pyodide's internals change, booting afresh takes over.
const PAGE_WORDS = 1024;   // 4 kB pages, in 32-bit words

function sparseModule(create) {
    return async settings => {
        const module = await create(settings);
        const restore = module.API.restoreSnapshot;
        module.API.restoreSnapshot = bytes => {
            const putBack = keepTrampoline(module);
            const start = new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[1];   // where the memory starts
            const state = restore(bytes.subarray(0, start));   // checks it, reads its state, copies nothing
            const from = new Int32Array(bytes.buffer, bytes.byteOffset + start, (bytes.length - start) >> 2);
            const to = new Int32Array(module.HEAP8.buffer, 0, from.length);
            const zero = (words, at) => {
                for (let i = at, end = Math.min(at + PAGE_WORDS, words.length); i < end; i += 1) if (words[i]) return false;
                return true;
            };
            for (let at = 0; at < from.length; at += PAGE_WORDS) {
                const page = from.subarray(at, at + PAGE_WORDS);
                if (!zero(from, at)) to.set(page, at);
                else if (!zero(to, at)) to.fill(0, at, at + PAGE_WORDS);
            }
            putBack();
            return state;
        };
        return module;
    };
}

async function boot({pyodide: url, modules, packages, interrupt: buffer, snapshot, makeSnapshot}) {
    const started = now();
    const {loadPyodide} = await import(url);
    const options = {stdout: keepOutput, stderr: keepOutput};
    let made = null;
    let fromSnapshot = false;
    if (snapshot) {
        // A copy of a booted worker's memory (Pyodide's experimental snapshots): ~0.3 s
        // instead of a full start-up. If it fails, boot the ordinary way.
        try {
            const {default: create} = await import(new URL("pyodide.asm.mjs", url).href);
            pyodide = await loadPyodide({...options, _loadSnapshot: handOver(snapshot), createPyodideModule: sparseModule(create)});
            fromSnapshot = true;
        } catch (error) {
            console.warn("booting from the snapshot failed; booting afresh", error);
        }
    }
    if (!pyodide) pyodide = await loadPyodide({...options, _makeSnapshot: Boolean(makeSnapshot)});
    // The file system is not part of a snapshot: (re)write the sources every time.
    for (const [path, source] of Object.entries(modules)) {
        pyodide.FS.mkdirTree("/flit/" + path.slice(0, path.lastIndexOf("/")));
        pyodide.FS.writeFile("/flit/" + path, source);
    }
    // The registry finds games kept outside flit_core through its environment variable.
    const games = Object.entries(packages).map(([name, module]) => `${name}=${module}`).join(",");
    pyodide.runPython(`import os, sys\nos.environ["FLIT_ARENA_GAMES"] = ${JSON.stringify(games)}\n` +
        "if '/flit' not in sys.path: sys.path.insert(0, '/flit')\nimport flit_core.web.worker");
    if (makeSnapshot && !snapshot) {
        try {
            made = pyodide.makeMemorySnapshot();
        } catch (error) {
            console.warn("could not make a snapshot", error);
        }
    }
    // Every worker made from one snapshot would draw the same "random" numbers. The
    // interpreter's own objects (every game's modules are imported) are frozen out of the
    // collector: a full collection would otherwise walk them all inside some bot's move.
    pyodide.runPython("import gc, random\nrandom.seed()\ngc.freeze()");
    if (buffer) {
        interrupt = new Int8Array(buffer);
        pyodide.setInterruptBuffer(interrupt);
    }
    WorkerBot = pyodide.pyimport("flit_core.web.worker").WorkerBot;
    return {ok: true, ms: now() - started, fromSnapshot, snapshot: made};
}

// A bot may ask for pure-Python packages with a comment line "# requires: name name2".
// They are installed once, before any of the bot's code has run here (a worker serves one bot).
let installed = false;

async function installRequirements(source) {
    if (installed) return;
    installed = true;
    const wanted = [...source.matchAll(/^#\s*requires:\s*(.+)$/gm)].flatMap(m => m[1].split(/[\s,]+/)).filter(Boolean);
    await pyodide.loadPackagesFromImports(source);
    if (!wanted.length) return;
    await pyodide.loadPackage("micropip");
    const micropip = pyodide.pyimport("micropip");
    // micropip runs on Python's event loop, which needs a timer: this module's, meanwhile.
    const refused = self.setTimeout;
    self.setTimeout = ownSetTimeout;
    try {
        await micropip.install(wanted);
    } finally {
        self.setTimeout = refused;
    }
}

async function load({source, name, me, game, config, history}) {
    if (bot) bot.destroy();
    bot = null;
    try {
        await installRequirements(source);
    } catch (error) {
        return {ok: false, error: `could not install the bot's packages: ${error.message || error}`};
    }
    bot = WorkerBot(source, name, me, game, JSON.stringify(config));
    bot.load_history(JSON.stringify(history));
    const error = bot.load_error;
    return {ok: !error, error};
}

// The reply's JSON text to a move request's (see WorkerBot.move) that arrived at `started`:
// {answer, busy} (busy: the worker's time for it, from its arrival to this text, by this
// module's clock) or {interrupted}. The answer is the bot's (its Python may have replaced
// anything of flit_core): any JSON value, checked to be one, with `busy` after it.
function answerText(request, started) {
    let answer;
    try {
        answer = bot.move(request);
    } catch (error) {
        if (error.type === "KeyboardInterrupt") return '{"interrupted":true}';
        throw error;
    }
    if (typeof answer !== "string") answer = "null";
    try {
        parse(answer);
    } catch {
        answer = "null";
    }
    const lines = takeOutput();
    const printed = lines ? `,"output":${stringify(lines)}` : "";
    return `{"answer":${answer}${printed},"busy":${now() - started}}`;
}

// Answers at once, with when it arrived: the page's check that the worker is idle between
// requests; benchmarks time the bare round trip with it.
function ping() {
    return {at: timeOrigin + now()};
}

// The channel's layout and states, as in js/workers.js.
const REQUEST = 1, ANSWER = 2, LEAVE = 3;

function serve({channel}) {
    const control = new Words(channel, 0, 2);
    const bytes = new Bytes(channel, 8);
    for (;;) {
        const state = atomicLoad(control, 0);
        if (state === LEAVE) return {};
        if (state !== REQUEST) {
            atomicWait(control, 0, state);
            continue;
        }
        const started = now();
        if (interrupt) atomicStore(interrupt, 0, 0);
        // The request's text goes to Python and the answer's text comes back as it is.
        let text;
        try {
            // A private copy: TextDecoder refuses views of shared memory.
            const request = new Bytes(control[1]);
            setBytes(request, new Bytes(channel, 8, control[1]));
            text = answerText(decodeText(decoder, request), started);
        } catch (error) {
            text = `{"failed":${stringify(String(error && error.message || error))}}`;
        }
        let encoded = encode(encoder, text);
        if (byteLength(encoded) > byteLength(bytes)) encoded = encode(encoder, '{"failed":"the bot\'s reply was too large"}');
        setBytes(bytes, encoded);
        control[1] = byteLength(encoded);
        atomicStore(control, 0, ANSWER);
        atomicNotify(control, 0);
    }
}

const handlers = {boot, load, ping, serve};

// A move is answered from this call and this module's next task (no promise: nothing between
// the request and its reply runs a method the bot could have replaced).
function receive(event) {
    const started = now();
    const message = eventData(event);
    if (!message || typeof message.id !== "number") return;
    // An interrupt meant for an earlier request must not hit this one.
    if (interrupt) atomicStore(interrupt, 0, 0);
    if (message.type === "move") {
        let text;
        try {
            text = answerText(stringify(message), started);
        } catch (error) {
            text = `{"failed":${stringify(String(error && error.message || error))}}`;
        }
        const reply = {...parse(text), id: message.id, at: timeOrigin + started};
        push(ticks, () => send(port, "busy" in reply ? {...reply, busy: now() - started} : reply));
        send(tick.port2, null);
        return;
    }
    const handler = Object.hasOwn(handlers, message.type) ? handlers[message.type] : null;
    if (!handler) return;
    new Promise(resolve => resolve(handler(message))).then(
        result => reply({...result, id: message.id}),
        error => reply({id: message.id, failed: String(error && error.message || error)}),
    );
}

// The first message brings the page's port; nothing else is ever read from this side.
onmessage = event => {
    if (port) return;
    port = eventPorts(event)[0];
    port.onmessage = receive;
};
