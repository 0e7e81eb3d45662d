"""Hostile: on import, reads a file only root may read and writes a file outside any folder it
was given (both paths come from the environment); says on stderr what it managed."""

import os
import sys

for variable in ("FLIT_HOSTILE_SECRET", "FLIT_HOSTILE_TARGET"):
    print(f"escaper: trying {variable}", file=sys.stderr)
try:
    with open(os.environ["FLIT_HOSTILE_SECRET"], encoding="utf-8") as secret:
        print(f"escaper: read {secret.read().strip()}", file=sys.stderr)
except (OSError, KeyError) as error:
    print(f"escaper: cannot read: {type(error).__name__}", file=sys.stderr)
try:
    with open(os.environ["FLIT_HOSTILE_TARGET"], "w", encoding="utf-8") as target:
        target.write("written by a bot\n")
except (OSError, KeyError) as error:
    print(f"escaper: cannot write: {type(error).__name__}", file=sys.stderr)


def move(view):
    return None
