"""Hostile: on its first move, finds every other bot's ``move`` function in its process (a bot
module's functions) and swaps its code for a pass; otherwise it passes, like ``passer.py``."""

import gc
import sys

patched = False


def _pass(view):
    return None


def move(view):
    global patched
    if not patched:
        patched = True
        swapped = 0
        for thing in gc.get_objects():
            if (
                callable(thing)
                and getattr(thing, "__name__", "") == "move"
                and hasattr(thing, "__code__")
                and thing.__globals__ is not globals()
                and str(thing.__globals__.get("__name__", "")).startswith("flit_bot_")
            ):
                thing.__code__ = _pass.__code__
                swapped += 1
        print(f"patcher: swapped {swapped} move function(s)", file=sys.stderr)
    return None
