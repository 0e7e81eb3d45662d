// A JavaScript light-cycle bot as the original challenge's answers are written, a function
// `(state) => "N" | "E" | "S" | "W"` with state.getDim/getSelf/get/getBoard, run unchanged:
// this module keeps the field and calls the bot, for the Node host (node_host.mjs) and, as
// a plain module Web Worker (no Pyodide), for the arena page, where it answers the page's
// bot-worker messages (see web/bot-worker.js):
//   {id, type: "load", source, me, history: {setup, steps}}        -> {id, ok, error}
//   {id, type: "move", updates: [changes, ...], history, limit}    -> {id, answer: {kind, move, detail, ms}, busy}
//   {id, type: "ping"}                                             -> {id}
// Every reply may carry `output`: what the bot logged since the last reply, and carries `at`,
// when its request arrived (as in web/bot-worker.js). The worker is
// the bot's realm; the page terminates it when a move overruns its deadline. The bot's code
// can replace anything global there, so requests and replies go through the MessagePort
// the page sends first (kept in serveWorker's scope), and `busy`, the time the bot is
// charged, is measured with a clock taken before its code loads (see web/bot-worker.js); a
// reply waits for the promise callbacks the bot left, which count in its time. The page
// ends this module with lockDown(self) (web/js/lockdown.js) once serveWorker has run.
"use strict";

const EMPTY = 32, TRAIL = 35, HEAD = 64;   // " ", "#", "@"
export const DELTAS = {N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0]};

/** The field a bot sees, kept from each round's start and each turn's moves (in round order). */
export class CycleField {
    startRound(width, height, heads) {
        this.width = width;
        this.height = height;
        this.heads = heads.map(head => head.slice());
        this.cells = new Uint8Array(width * height).fill(EMPTY);   // trails only, x * H + y
    }

    /** One turn: `directions[i]` is bot i's "N", "E", "S", "W", or "-" for no move. */
    move(directions) {
        directions.forEach((direction, i) => {
            const delta = DELTAS[direction];
            if (!delta) return;
            const [x, y] = this.heads[i];
            if (x >= 0 && y >= 0 && x < this.width && y < this.height) this.cells[x * this.height + y] = TRAIL;
            this.heads[i] = [x + delta[0], y + delta[1]];
        });
    }

    /** The cells as one string of W * H characters, x * H + y, with "@" on every head. */
    text() {
        const cells = this.cells.slice();
        for (const [x, y] of this.heads) {
            if (x >= 0 && y >= 0 && x < this.width && y < this.height) cells[x * this.height + y] = HEAD;
        }
        return new TextDecoder().decode(cells);
    }
}

// Evaluated in the bot's realm (so the arrays it returns are the bot's own Arrays): makes
// the judge's `state` object from the field's size, the bot's head and the cells' text.
export const STATE_FACTORY = `(function (width, height, x, y, cells) {
    "use strict";
    function get(a, b) {
        if (!Number.isInteger(a) || !Number.isInteger(b)) throw new Error("Expected x and y to be integers");
        return a >= 0 && b >= 0 && a < width && b < height ? cells[a * height + b] : "#";
    }
    return {
        getDim: function () { return [width, height]; },
        getSelf: function () { return [x, y]; },
        get: get,
        getBoard: function () {
            var board = [];
            for (var i = 0; i < width; i++) {
                var column = [];
                for (var j = 0; j < height; j++) column.push(cells[i * height + j]);
                board.push(column);
            }
            return board;
        },
    };
})`;

// Evaluated in the bot's realm too: calls the bot and says what came of it as [kind, text],
// both primitive strings, without running any more of the bot's code (no toString of what
// it returned): ["move", "N"], ["error", message] when it threw, or ["invalid", what it
// returned]. Only the exact primitive strings "N", "E", "S", "W" are moves, as in the judge.
export const CALL_WRAPPER = `(function (bot, state) {
    "use strict";
    var value;
    try {
        value = bot(state);
    } catch (error) {
        var message;
        try {
            message = error instanceof Error ? error.name + ": " + error.message : typeof error === "string" ? error : typeof error;
        } catch (inner) {
            message = "an error";
        }
        return ["error", String(message).split("\\n")[0].slice(0, 500)];
    }
    if (value === "N" || value === "E" || value === "S" || value === "W") return ["move", value];
    var text = typeof value === "string" ? JSON.stringify(value.slice(0, 100))
        : value === null || typeof value !== "object" && typeof value !== "function" ? String(value)
        : "a " + typeof value;
    return ["invalid", text];
})`;

/** A bot file's text as one function expression (an answer's code block, a trailing ";" allowed). */
export function functionSource(source) {
    return "(\n" + source.trim().replace(/;+$/, "") + "\n)";
}

/** Why a bot did not load, on one line ("SyntaxError: Unexpected end of input"). */
export function loadError(error) {
    const text = error && error.name && error.message !== undefined ? `${error.name}: ${error.message}` : String(error);
    return `the bot does not load: ${text.split("\n")[0]}`;
}

/** What the bot's answer [kind, text] says, for the page's referee: {kind, move, detail}. */
export function answerOf([kind, text]) {
    if (kind === "move") return {kind: "move", move: text, detail: ""};
    if (kind === "error") return {kind: "error", move: null, detail: text};
    return {kind: "unreadable", move: null, detail: `the function returned ${text}; a move is one of the directions "N", "E", "S" or "W"`};
}

// -- the page's worker ------------------------------------------------------------------

function serveWorker() {
    const uncurry = Function.prototype.bind.bind(Function.prototype.call);
    const now = performance.now.bind(performance);
    const timeOrigin = performance.timeOrigin;
    const send = uncurry(MessagePort.prototype.postMessage);
    const tick = new MessageChannel(), ticks = [];
    const push = uncurry(Array.prototype.push), shift = uncurry(Array.prototype.shift);
    tick.port1.onmessage = () => shift(ticks)();
    const eventData = uncurry(Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data").get);
    const eventPorts = uncurry(Object.getOwnPropertyDescriptor(MessageEvent.prototype, "ports").get);
    let port = null;
    const output = [];
    const keep = (...args) => {
        output.push(args.map(arg => { try { return String(arg); } catch { return "?"; } }).join(" ").slice(0, 500));
        if (output.length > 40) output.shift();
    };
    for (const name of ["log", "info", "warn", "error", "debug"]) console[name] = keep;
    const field = new CycleField();
    // Evaluated by indirect eval: in this worker's global scope, in sloppy mode, as the judge's page ran the answers.
    const globalEval = eval;
    const makeState = globalEval(STATE_FACTORY), call = globalEval(CALL_WRAPPER);
    let bot = null, problem = "", me = 0, seats = [];

    function apply(changes) {
        for (const change of changes) {
            if (change[0] === "round") {
                const [, , width, height, ...rest] = change, heads = [];
                seats = [];
                for (let i = 0; i < rest.length; i += 3) {
                    seats.push(rest[i]);
                    heads.push([rest[i + 1], rest[i + 2]]);
                }
                field.startRound(width, height, heads);
            } else if (change[0] === "moves") {
                field.move(change.filter((_, i) => i > 0 && i % 2 === 0));
            }
        }
    }

    function replay({setup, steps}) {
        apply(setup);
        for (const changes of steps) apply(changes);
    }

    const handlers = {
        load({source, me: seat, history}) {
            me = seat;
            replay(history);
            try {
                bot = globalEval(functionSource(source));
                if (typeof bot !== "function") throw new Error(`the code is not a function but a ${typeof bot}`);
            } catch (error) {
                bot = null;
                problem = loadError(error);
            }
            return {ok: !problem, error: problem};
        },
        move({updates, history}) {
            if (history) replay(history);
            for (const changes of updates || []) apply(changes);
            if (!bot) return {answer: {kind: "crash", move: null, detail: problem}};
            const [x, y] = field.heads[seats.indexOf(me)];
            const state = makeState(field.width, field.height, x, y, field.text());
            const started = now();
            const result = call(bot, state);
            return {answer: {...answerOf(result), ms: now() - started}};
        },
        ping() {
            return {};
        },
    };

    function receive(event) {
        const started = now();
        const message = eventData(event);
        const handler = message && Object.hasOwn(handlers, message.type) && handlers[message.type];
        if (!handler || typeof message.id !== "number") return;
        let reply;
        try {
            reply = handler(message);
        } catch (error) {
            reply = {failed: String(error && error.message || error)};
        }
        // A literal, sent from this module's next task (after the bot's promise callbacks):
        // nothing the bot replaced sees or changes the reply.
        push(ticks, () => send(port, {...reply, id: message.id, output: output.length ? output.splice(0) : undefined,
            busy: now() - started, at: timeOrigin + started}));
        send(tick.port2, null);
    }

    // The first message brings the page's port; nothing else is read from this side.
    onmessage = event => {
        if (port) return;
        port = eventPorts(event)[0];
        port.onmessage = receive;
    };
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) serveWorker();
