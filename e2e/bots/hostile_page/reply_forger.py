"""Hostile bot for the page's tests: always passes, and on every request posts a forged reply
(a move, thought in 0 ms) for every request id the page may use. None may count."""

import js
from pyodide.ffi import to_js

from flit_core import Move


def move(view):
    origin = view.my_pieces()[0]
    destinations = view.legal_destinations(origin) or [origin]
    forged = {"kind": "move", "move": str(Move.between(origin, destinations[0])), "detail": "", "ms": 0}
    for request in range(1, 400):
        reply = {"id": request, "answer": forged, "busy": 0}
        js.postMessage(to_js(reply, dict_converter=js.Object.fromEntries))
    return None
