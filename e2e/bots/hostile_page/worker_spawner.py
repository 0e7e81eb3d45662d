"""Hostile bot for the page's tests: on its first move starts Web Workers that loop for ever
(from data: and blob: addresses), so that they take the CPU from its opponent between and
during their moves, uncharged. It reaches for a worker every way its own worker offers, and
prints one line a way: "WAY: started" or "WAY: denied (Error)"; it starts three at the most.
It passes every move. The page must leave it no way to start one."""

import js
from pyodide.code import run_js

LOOP = "for (;;) {}"
ADDRESS = "data:text/javascript," + LOOP
#: Each way to a worker, as what makes one from an address (JavaScript run in the global scope).
WAYS = {
    "js.Worker": lambda address: js.Worker.new(address),
    "js.self.Worker": lambda address: js.self.Worker.new(address),
    "globalThis.Worker": lambda address: run_js(f"new globalThis.Worker({address!r})"),
    "eval": lambda address: js.eval(f"new Worker({address!r})"),
    "new Function": lambda address: js.Function.new("a", "return new Worker(a)")(address),
    "the global scope's prototypes": lambda address: run_js(
        "(a => { for (let o = self; o; o = Object.getPrototypeOf(o)) "
        "if (Object.hasOwn(o, 'Worker')) return new o.Worker(a); throw new ReferenceError('none'); })"
    )(address),
    "a blob: address": lambda address: js.Worker.new(js.URL.createObjectURL(js.Blob.new([LOOP]))),
    "SharedWorker": lambda address: js.SharedWorker.new(address),
    "importScripts": lambda address: js.importScripts(address),
    "OffscreenCanvas": lambda address: js.OffscreenCanvas.new(1, 1).getContext("webgl"),
    "BroadcastChannel": lambda address: js.BroadcastChannel.new("flit"),
}

started = None


def move(view):
    global started
    if started is None:
        started = 0
        for way, make in WAYS.items():
            if started >= 3:
                print(f"{way}: not tried (three running)")
                continue
            try:
                make(ADDRESS)
            except Exception as error:  # noqa: BLE001 (what stopped it is the point)
                print(f"{way}: denied ({type(error).__name__})")
            else:
                started += 1
                print(f"{way}: started")
    return None
