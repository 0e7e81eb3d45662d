"""Hostile: on import, reads a fellow entrant's source (its path from the environment) and every
other file beside its own, and prints any secret line it finds on stderr."""

import os
import sys

paths = [os.environ.get("FLIT_HOSTILE_VICTIM", "")]
here = os.path.dirname(os.path.abspath(__file__))
try:
    paths += [os.path.join(here, name) for name in os.listdir(here)]
except OSError:
    pass
looked = 0
for path in paths:
    if not path or os.path.abspath(path) == os.path.abspath(__file__):
        continue
    looked += 1
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if "VICTIM-SOURCE" in line:
                    print(f"snoop: found {line.strip()}", file=sys.stderr)
    except OSError as error:
        print(f"snoop: cannot read {os.path.basename(path)}: {type(error).__name__}", file=sys.stderr)
print(f"snoop: looked at {looked} file(s)", file=sys.stderr)


def move(view):
    return None
