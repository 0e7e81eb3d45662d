"""Hostile bot for the page's tests: answers at once (a pass), but leaves work behind that
runs after its answer, through what its worker keeps: a chain of fetches (each a task of its
own) waits 20 ms, then thinks 1.5 s, and again, for ever. Whenever its next request comes
(the opponent's move takes as long as the machine makes it), it most likely finds the worker
thinking. The page must find its worker busy, replace it and charge the bot a timeout."""

from pyodide.code import run_js

LEAVE_WORK = """(() => {
    let waited = performance.now() + 20;
    const later = () => {
        if (performance.now() < waited) return fetch("data:,later").then(later);
        while (performance.now() < waited + 1500);
        waited = performance.now() + 20;
        return later();
    };
    later();
})()"""


def move(view):
    run_js(LEAVE_WORK)
    return None
