"""The rules core under Pyodide (Python 3.14 in WebAssembly, run by Node): same games.

The browser runs the very same files; here Node's copy of the pinned Pyodide plays the
golden games and must write them byte for byte as CPython did.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide_run.mjs"

SCRIPT = """
import json, sys, platform
sys.path.insert(0, "/repo/tests")
import golden_games
from flit_core import Replay, get_game
out = {"python": platform.python_version(), "platform": sys.platform, "games": {}}
for name in sorted(golden_games.GAMES):
    out["games"][name] = golden_games.make(name).to_json()
    Replay.from_json(out["games"][name], get_game)  # verification runs under Pyodide too
print("RESULT " + json.dumps(out))
"""


def test_pyodide_plays_the_golden_games_identically(tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is needed (scripts/setup.sh installs the Pyodide package for it)"
    assert (ROOT / "web" / "node_modules" / "pyodide" / "pyodide.mjs").exists(), "run scripts/setup.sh"
    script = tmp_path / "play.py"
    script.write_text(SCRIPT)
    result = subprocess.run([node, str(RUNNER), str(ROOT), str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(line for line in result.stdout.splitlines() if line.startswith("RESULT "))
    out = json.loads(line.removeprefix("RESULT "))
    assert out["platform"] == "emscripten" and out["python"] != sys.version.split()[0]
    for name, text in out["games"].items():
        assert text == (ROOT / "tests" / "golden" / name).read_text(encoding="utf-8"), name
