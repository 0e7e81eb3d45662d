// What a bot may do outside its move on the page: nothing. Every bot worker module ends with
// lockDown(self) (workers.js appends this function's source to the module's text), so it runs
// after the module has taken what it needs for itself and before any bot's code: it takes
// away from the worker's global scope every way to start another thread or agent (the bot
// would have more than its own thread) and every way to have code called later (a timer, a
// loop of messages), so that a bot has nothing to run between its moves. A bot legitimately
// needs its language, its interpreter, console and fetch: those stay. What can still call the
// bot's code later (a fetch's promise, a stream, a GC callback) is caught by the page instead:
// a worker still busy after its answer is replaced (workers.js, BotSeat).
"use strict";

/**
 * Take the capabilities above away from the worker whose global scope is `scope`; throws if
 * one cannot be (the worker then fails to start). Self-contained: its source runs in the worker.
 * @param {any} scope
 */
export function lockDown(scope) {
    // Threads and agents of the bot's own, and work done on other threads for it.
    const agents = ["Worker", "SharedWorker", "ServiceWorker", "ServiceWorkerContainer", "importScripts",
        "OffscreenCanvas", "createImageBitmap", "ImageDecoder", "VideoEncoder", "VideoDecoder", "AudioEncoder",
        "AudioDecoder", "WebSocket", "WebSocketStream", "WebTransport", "EventSource", "RTCPeerConnection"];
    // Ways to have code called later, with no request in flight.
    const later = ["MessageChannel", "BroadcastChannel", "requestAnimationFrame", "scheduler", "PerformanceObserver",
        "ReportingObserver", "PressureObserver", "IdleDetector", "FileSystemObserver"];
    // Timers stay functions that refuse (Pyodide puts a missing setTimeout back as one that calls
    // at once); the worker module may hand its own to its interpreter for a while (bot-worker.js).
    const timers = ["setTimeout", "setInterval"];
    const members = [["navigator", "gpu"], ["navigator", "locks"], ["navigator", "serviceWorker"],
        ["crypto", "subtle"], ["Atomics", "waitAsync"]];
    const chain = [];
    for (let owner = scope; owner; owner = Object.getPrototypeOf(owner)) chain.push(owner);
    const remove = (objects, name) => {
        for (const object of objects) if (Object.hasOwn(object, name)) delete object[name];
    };
    for (const name of [...agents, ...later, ...timers]) remove(chain, name);
    for (const name of timers) {
        Object.defineProperty(scope, name, {configurable: true, writable: true, value: function refused() {
            throw new Error(`${name} is not for bots: a bot does no work between its moves`);
        }});
    }
    for (const [holder, name] of members) {
        const object = scope[holder];
        const objects = [];
        for (let owner = object; owner; owner = Object.getPrototypeOf(owner)) objects.push(owner);
        remove(objects, name);
        if (object && object[name] !== undefined) throw new Error(`could not take ${holder}.${name} away from the bot`);
    }
    for (const name of [...agents, ...later]) {
        if (name in scope) throw new Error(`could not take ${name} away from the bot`);
    }
}
