"""Hostile bot for the page's tests: replaces every clock it can reach (Python's and its
worker's JavaScript one) with a stopped one, then thinks 300 ms a move on a clock it kept.
The page must charge it the 300 ms (a timeout at a 100 ms limit), not what its clocks say."""

import time

import js

from flit_core import Move

# Python's own clocks read the worker's performance.now: keep a bound copy of it first.
real = js.performance.now.bind(js.performance)
for name in ("perf_counter", "monotonic", "time", "process_time"):
    setattr(time, name, lambda: 0.0)
js.eval("performance.now = () => 0; Date.now = () => 0;")


def move(view):
    start = real()
    while real() - start < 300:
        pass
    for origin in view.my_pieces():
        for destination in view.legal_destinations(origin):
            return Move.between(origin, destination)
    return None
