// The bridge to the page's own Python (PyScript runs main.py): main.py asks for the
// flit_core sources and then hands over its API.
"use strict";

let resolvePython;
let resolveSources;
const sourcesGiven = new Promise(resolve => { resolveSources = resolve; });

export const pythonReady = new Promise(resolve => { resolvePython = resolve; });

window.flitArena = Object.assign(window.flitArena || {}, {
    modulesJSON: () => sourcesGiven,
    pythonReady: api => resolvePython(api),
});

export function giveSources(modules) {
    resolveSources(JSON.stringify(modules));
}
