import os
import sys

# Tests import helpers.py from this folder; the package itself is installed (editable).
TESTS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TESTS)

# The tests' small games (tests/games/): one registry entry each, in the environment so
# that the bot programs and workers the tests start find them too.
os.environ["FLIT_ARENA_GAMES"] = ",".join(
    filter(None, [os.environ.get("FLIT_ARENA_GAMES"), "rps=games.rps", "nim=games.nim"])
)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [TESTS, os.environ.get("PYTHONPATH")]))

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=60)
settings.load_profile("ci")
