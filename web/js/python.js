// The bridge to the page's own Python, which runs main.py: main.py asks for the flit_core
// sources and the games' packages, and then hands over its API (or says why it failed).
// PyScript runs main.py: the served page's <script type="py"> (index.html), whose
// interpreter (js/interpreter.js) starts from the start-up snapshot the bot workers boot
// from; the snippet's loader adds its own (flit_core/web/embed.py).
"use strict";

let resolvePython;
let rejectPython;
let resolveSources;
const sourcesGiven = new Promise(resolve => { resolveSources = resolve; });

export const pythonReady = new Promise((resolve, reject) => { resolvePython = resolve; rejectPython = reject; });

window.flitArena = Object.assign(window.flitArena || {}, {
    sourcesJSON: () => sourcesGiven,
    /** main.py's API, and what ran it ("pyscript" when PyScript did). */
    pythonReady: (api, runner) => {
        window.flitArena.runner = runner;
        resolvePython(api);
    },
    pythonFailed: error => rejectPython(error instanceof Error ? error : new Error(String(error))),
});

/** Hand main.py the bundle's {modules: {path: source}, packages: {game: Python package}}. */
export function giveSources({modules, packages}) {
    resolveSources(JSON.stringify({modules, packages}));
}
