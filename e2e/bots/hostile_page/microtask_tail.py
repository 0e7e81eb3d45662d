"""Hostile bot for the page's tests: answers at once (a pass), but leaves 300 ms of thinking
in a promise callback, which runs right after its move returns. The page must charge it the
300 ms (a timeout at a 100 ms limit), not the instant its move function took."""

from pyodide.code import run_js

LEAVE_WORK = """Promise.resolve().then(() => {
    const start = performance.now();
    while (performance.now() - start < 300);
})"""


def move(view):
    run_js(LEAVE_WORK)
    return None
