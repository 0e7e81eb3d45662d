// PyScript's interpreter for the served page: index.html's PyScript config names this module
// as its "interpreter", and PyScript imports it and calls its loadPyodide (and reads its
// version) as it would Pyodide's own. It is Pyodide's, with the page's start-up memory
// snapshot added (js/env.js fetches it, the bot workers boot from the same bytes): PyScript's
// documented config has no way to pass one. Which way the interpreter started is kept in
// window.flitArena.boot ("snapshot" or "fresh"), for the start-up test and the benchmark.
"use strict";

import {env, servedSnapshot} from "./env.js";

const pyodide = await import(env.pyodideURL);
// PyScript takes Pyodide's folder to be this module's: Pyodide's files are where it is.
const indexURL = env.pyodideURL.slice(0, env.pyodideURL.lastIndexOf("/") + 1);

/** The Pyodide version (PyScript reads it to name its package cache). */
export const version = pyodide.version;

// CPython calls C functions through a trampoline that Pyodide's start-up adds to this
// interpreter's function table and notes in its memory; a snapshot holds its maker's note
// instead (none, from Node 20), and every such call then goes through JavaScript: the page's
// Python ran up to 1.6x slower. This puts the interpreter's own note back after the restore;
// bot-worker.js does the same for the bots (it cannot import this module).
function keepTrampoline(module) {
    const offset = module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET, runtime = module.__PyRuntime;
    if (typeof offset !== "number" || typeof runtime !== "number") return () => {};
    const at = (runtime + module.HEAP32[offset >> 2]) >> 2;
    const own = module.HEAP32[at];
    return () => { module.HEAP32[at] = own; };
}

async function createModule(settings) {
    const {default: create} = await import(new URL("pyodide.asm.mjs", env.pyodideURL).href);
    const module = await create(settings);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = bytes => {
        const putBack = keepTrampoline(module);
        const state = restore(bytes);
        putBack();
        return state;
    };
    return module;
}

function booted(how, interpreter) {
    window.flitArena = Object.assign(window.flitArena || {}, {boot: how});
    return interpreter;
}

/** Pyodide's loadPyodide, started from the snapshot when there is one (a full start-up if not). */
export async function loadPyodide(options) {
    try {
        const snapshot = await servedSnapshot;
        if (snapshot) {
            try {
                const interpreter = await pyodide.loadPyodide({...options, indexURL, _loadSnapshot: snapshot, createPyodideModule: createModule});
                // A Pyodide that no longer knows the option boots afresh without a word: the
                // snapshot's mark (web/make-snapshot.mjs) tells.
                if (!interpreter.runPython("import sys\n'_flit_snapshot' in sys.modules")) return booted("fresh", interpreter);
                // Every interpreter made from one snapshot would draw the same "random" numbers.
                interpreter.runPython("import random\nrandom.seed()");
                return booted("snapshot", interpreter);
            } catch (error) {
                console.warn("starting the page's Python from the snapshot failed; starting afresh", error);
            }
        }
        return booted("fresh", await pyodide.loadPyodide({...options, indexURL}));
    } catch (error) {
        window.flitArena?.pythonFailed?.(error);
        throw error;
    }
}
