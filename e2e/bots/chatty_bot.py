"""Misbehaving bot for the browser tests: posts junk to the page from its worker on every
request (which the page must ignore), and needs micropip (which must load offline)."""

import random

import js
import micropip  # noqa: F401 (proves the vendored wheel loads)
from pyodide.ffi import to_js

from flit_core import Move


def move(view):
    js.postMessage("junk")
    js.postMessage(
        to_js({"id": -1, "answer": {"kind": "move", "move": "0 0 1 1"}}, dict_converter=js.Object.fromEntries)
    )
    js.postMessage(to_js({"id": 10**9}, dict_converter=js.Object.fromEntries))
    rng = random.Random(view.turn)
    origin = rng.choice(view.my_pieces())
    options = view.legal_destinations(origin)
    return Move.between(origin, rng.choice(options)) if options else None
