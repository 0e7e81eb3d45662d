#!/usr/bin/env node
// The arena's JavaScript host for light cycles: runs one original bot function, unchanged,
// as a bot program speaking the arena's protocol (docs/lightcycles.md, "Bot protocol"):
//
//   node node_host.mjs BOT.js               a file whose text is one function expression
//   node node_host.mjs submissions.js NAME  the judge's file of `new Bot(name, author, fn)`
//                                           entries in SUBMISSIONS: the one called NAME
//
// The bot runs in a realm of its own (a node:vm context: a fresh global scope, sloppy
// mode, `console` writing to stderr, `performance`), loaded before the game, and keeps
// its closures for the whole game. Each call is stopped at the time limit the referee
// announces (FLIT_ARENA_MOVE_MS, and FLIT_ARENA_STARTUP_MS for the first; 1,000 ms each by
// default), so a runaway bot cannot stall the host: it answers `error: ...`, which is no
// move, and stays ready for the rest of the protocol. Its own errors and non-answers are
// `error: MESSAGE` and the quoted value it returned (both no move).
import {readFileSync} from "node:fs";
import {Console} from "node:console";
import {performance} from "node:perf_hooks";
import readline from "node:readline";
import vm from "node:vm";

import {CALL_WRAPPER, CycleField, STATE_FACTORY, functionSource, loadError} from "./js_bot.js";

const PROG = "node_host.mjs";
/** Loading a bot (its file's top-level code) may take this long. */
const LOAD_MS = 10000;
/** The judge's Bot class, in the bot's realm, for a submissions.js file. */
const BOT_CLASS = "class Bot { constructor(name, author, func) { this.name = name; this.author = author; this.func = func; } }";

function milliseconds(variable) {
    const value = Number(process.env[variable]);
    return Number.isFinite(value) && value > 0 ? value : 1000;
}

function say(line) {
    process.stdout.write(line + "\n");
}

/** The bot's function, evaluated in a realm of its own; throws with the reason if it does not load. */
function loadBot(realm, file, name) {
    const source = readFileSync(file, "utf8");
    if (name === undefined) {
        return vm.runInContext(functionSource(source), realm, {filename: file, timeout: LOAD_MS});
    }
    vm.runInContext(BOT_CLASS, realm);
    vm.runInContext(source, realm, {filename: file, timeout: LOAD_MS});
    const entries = vm.runInContext("typeof SUBMISSIONS === 'undefined' ? null : SUBMISSIONS", realm);
    if (!Array.isArray(entries)) throw new Error(`${file} defines no SUBMISSIONS array`);
    const entry = entries.find(bot => bot && bot.name === name);
    if (!entry) throw new Error(`no bot called ${JSON.stringify(name)} in ${file}; it has: ${entries.map(bot => bot && bot.name).join(", ")}`);
    return entry.func;
}

function main() {
    const [file, name, ...extra] = process.argv.slice(2);
    if (!file || extra.length) {
        process.stderr.write(`usage: node ${PROG} BOT.js | node ${PROG} submissions.js NAME\n`);
        process.exit(2);
    }
    const realm = vm.createContext({console: new Console({stdout: process.stderr, stderr: process.stderr}), performance});
    let bot = null, problem = "";
    try {
        bot = loadBot(realm, file, name);
        if (typeof bot !== "function") throw new Error(`the code is not a function but a ${typeof bot}`);
    } catch (error) {
        problem = loadError(error);
        process.stderr.write(`${PROG}: ${problem}\n`);
    }
    const makeState = vm.runInContext(STATE_FACTORY, realm);
    realm.__flitArenaCall = vm.runInContext(CALL_WRAPPER, realm);
    const call = new vm.Script("__flitArenaCall(__flitArenaArgs[0], __flitArenaArgs[1])", {filename: PROG});
    const moveMs = milliseconds("FLIT_ARENA_MOVE_MS"), firstMs = Math.max(moveMs, milliseconds("FLIT_ARENA_STARTUP_MS"));
    const field = new CycleField();
    let index = 0, asked = 0, headsDue = 0, heads = [], roundSize = [0, 0];

    function answer() {
        if (!bot) return say(`error: ${problem}`);
        const [x, y] = field.heads[index];
        realm.__flitArenaArgs = [bot, makeState(field.width, field.height, x, y, field.text())];
        const limit = asked++ === 0 ? firstMs : moveMs;
        let kind, text;
        try {
            [kind, text] = call.runInContext(realm, {timeout: Math.ceil(limit)});
        } catch (error) {
            if (error && error.code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw error;
            [kind, text] = ["error", `stopped: the bot ran past its time limit of ${limit} ms`];
        }
        say(kind === "move" ? text : kind === "error" ? `error: ${text}` : text);
    }

    function message(line) {
        const words = line.trim().split(/\s+/);
        if (headsDue) {
            heads.push(words.map(Number));
            if (--headsDue === 0) field.startRound(...roundSize, heads);
        } else if (words[0] === "M" && words.length === 1) {
            answer();
        } else if (words[0] === "round" && words.length === 6) {
            const [, , width, height, bots, me] = words.map(Number);
            [roundSize, index, headsDue, heads] = [[width, height], me, bots, []];
        } else if (words[0] === "moves") {
            field.move(words.slice(1));
        } else if (words[0] !== "end" && words[0] !== "") {
            process.stderr.write(`${PROG}: ignored ${JSON.stringify(line.slice(0, 60))}\n`);
        }
    }

    const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
    lines.on("line", message);
    lines.on("close", () => process.exit(0));
}

main();
