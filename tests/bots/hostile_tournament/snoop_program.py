#!/usr/bin/python3
"""Hostile program (Flit's text protocol): at start, reads a fellow entrant's file (its path
from the environment) and every file it can list around its own program and its working
folder, and prints any secret line it finds on stderr; then it passes every move."""

import os
import sys


def snoop() -> None:
    paths = {os.environ.get("FLIT_HOSTILE_VICTIM", "")}
    for top in {os.path.dirname(os.path.abspath(__file__)), os.getcwd()}:
        for folder, _, names in os.walk(top):
            paths.update(os.path.join(folder, name) for name in names)
    paths.discard(os.path.abspath(__file__))
    paths.discard("")
    found, unreadable = set[str](), 0
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                found.update(line.strip() for line in handle if "VICTIM-SOURCE" in line)
        except OSError:
            unreadable += 1
    # Last, and few lines: the referee keeps the tail of a bot's stderr.
    for line in sorted(found):
        print(f"snoop: found {line}", file=sys.stderr)
    print(f"snoop: looked at {len(paths)} file(s), {unreadable} unreadable", file=sys.stderr, flush=True)


def play(seat: int) -> None:
    """Pass every move: answer a piece of its own, from and to the same cell."""
    pieces: set[tuple[int, int]] = set()
    for line in sys.stdin:
        words = line.split()
        if words == ["M"]:
            x, y = sorted(pieces)[0]
            print(f"{x} {y} {x} {y}", flush=True)
        elif len(words) == 3:
            x, y, owner = (int(word) for word in words)
            if owner == seat:
                pieces.add((x, y))
            else:
                pieces.discard((x, y))


snoop()
play(int(sys.argv[1]))
