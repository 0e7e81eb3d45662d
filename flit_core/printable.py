"""Text from bots, replays and stores made safe to show in a terminal.

A bot chooses its file names, its output and its stderr, and a replay file or a store may
hold any name: shown raw, a newline forges a line of its own (a fake warning), and escape
sequences clear the screen or recolour what follows. Every driver shows such text through
:func:`printable`, so one line stays one line and no control character reaches a terminal.
"""

from __future__ import annotations

#: How the commonest control characters are written, as Python writes them in a string.
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """``text`` with every character a terminal would not print as itself (control and
    format characters, line and paragraph separators, ...) escaped as Python writes it in
    a string (``\\n``, ``\\x1b``, ``\\u202e``); printable text comes back unchanged."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
