// The bridge to the page's own Python (PyScript runs main.py): main.py asks for the
// flit_core sources and the games' packages, and then hands over its API.
"use strict";

let resolvePython;
let resolveSources;
const sourcesGiven = new Promise(resolve => { resolveSources = resolve; });

export const pythonReady = new Promise(resolve => { resolvePython = resolve; });

window.flitArena = Object.assign(window.flitArena || {}, {
    sourcesJSON: () => sourcesGiven,
    pythonReady: api => resolvePython(api),
});

/** Hand main.py the bundle's {modules: {path: source}, packages: {game: Python package}}. */
export function giveSources({modules, packages}) {
    resolveSources(JSON.stringify({modules, packages}));
}
