// The bridge to the page's own Python, which runs main.py: main.py asks for the flit_core
// sources and the games' packages, and then hands over its API. The served page starts
// that Python here as soon as its script runs, on the main thread, from the start-up
// snapshot the bot workers boot from (a full start-up without one); the snippet's loader
// starts it itself (flit_core/web/embed.py).
"use strict";

import {env, servedSnapshot} from "./env.js";

let resolvePython;
let rejectPython;
let resolveSources;
const sourcesGiven = new Promise(resolve => { resolveSources = resolve; });

export const pythonReady = new Promise((resolve, reject) => { resolvePython = resolve; rejectPython = reject; });

window.flitArena = Object.assign(window.flitArena || {}, {
    sourcesJSON: () => sourcesGiven,
    pythonReady: api => resolvePython(api),
});

/** Hand main.py the bundle's {modules: {path: source}, packages: {game: Python package}}. */
export function giveSources({modules, packages}) {
    resolveSources(JSON.stringify({modules, packages}));
}

async function startPython() {
    // Pyodide starts once the snapshot is here, not while it downloads: its start-up would
    // hold up the page's own (its controls, and the bot workers it spawns).
    const [{loadPyodide}, snapshot, main] = await Promise.all([
        import(env.pyodideURL),
        servedSnapshot,
        fetch(new URL("../main.py", import.meta.url)).then(response => response.text()),
    ]);
    let pyodide = null;
    if (snapshot) {
        try {
            pyodide = await loadPyodide({_loadSnapshot: snapshot});
            // Every interpreter made from one snapshot would draw the same "random" numbers.
            pyodide.runPython("import random\nrandom.seed()");
        } catch (error) {
            console.warn("starting the page's Python from the snapshot failed; starting afresh", error);
        }
    }
    if (!pyodide) pyodide = await loadPyodide();
    await pyodide.runPythonAsync(main);
}

if (!env.embedded) startPython().catch(error => rejectPython(error));
