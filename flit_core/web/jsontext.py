"""Compact JSON text for the page's hot paths (every step of a game crosses it twice).

:func:`json.dumps`, even with a prebuilt :class:`json.JSONEncoder`, makes a new C encoder
for every call that is not a bare string: in Pyodide that cost more than encoding a step's
answer or changes. This keeps one, made once, with the same output as
``json.dumps(value, separators=(",", ":"))`` for the page's acyclic data.
"""

from __future__ import annotations

import json
from json.encoder import c_encode_basestring_ascii, c_make_encoder  # type: ignore[attr-defined]
from typing import Any

_PLAIN = json.JSONEncoder(separators=(",", ":"))


def _unencodable(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# (markers, default, string encoder, indent, key separator, item separator, sort_keys,
# skipkeys, allow_nan): no markers, so no cycle check (the page's data has none).
_ENCODE = (
    None
    if c_make_encoder is None
    else c_make_encoder(None, _unencodable, c_encode_basestring_ascii, None, ":", ",", False, False, True)
)


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (TypeError for a value JSON cannot hold)."""
    if _ENCODE is None:  # a Python without the C accelerator
        return _PLAIN.encode(value)
    return "".join(_ENCODE(value, 0))
