"""What a page board costs a turn: the game's JavaScript board (``board.js``) against handing
each turn to a Python board in the page's Pyodide, measured in the same run (issue 24).

The page keeps a record of every game it shows (the live one, a replay, each game of a
quick tournament or a challenge's ranking): after every turn it applies the turn's changes
to the game's ``Board`` and reads the scores, and it rebuilds any turn's board to draw it.
Today that board is the game's ``board.js``. The alternative, drawing from the Python board
the page's Pyodide could keep, costs a call from JavaScript into Python for every turn of
every record. For each game with a page, a game between its random example bots (its quick
preset, seed 1) is replayed, in Node:

1. the JavaScript board: ``apply(changes)`` and ``scores()`` a turn (today's record);
2. the Python board in Pyodide: the turn's changes handed over in one call (JSON text, as the
   page's calls into Python are), applied by the game's own ``Board``, the scores handed back;
3. the floor of (2): the same call into Pyodide doing nothing.

Prints the median microseconds a turn of each over ``--passes`` passes, the ratio of (2) to
(1), and the load average (the machine's other load matters on 2 cores).

    .venv/bin/python benchmarks/page_boards.py [--passes 15]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, load  # noqa: E402
from flit_core import BotProgram, play_game  # noqa: E402
from flit_core.games.adapters import Page  # noqa: E402
from flit_core.games.interface import game_folder  # noqa: E402
from flit_core.web.assets import page_games  # noqa: E402

PYODIDE = ROOT / "web" / "node_modules" / "pyodide" / "pyodide.mjs"

#: The Node side: loads Pyodide with this repository on its path, then times each game's
#: turns through both boards. Prints one JSON object: per game, the three medians (µs a turn).
NODE_SCRIPT = r"""
import {loadPyodide} from "PYODIDE_URL";
import {readFileSync} from "node:fs";

const [repo, dataFile, passes] = process.argv.slice(2);
const games = JSON.parse(readFileSync(dataFile, "utf8"));
const pyodide = await loadPyodide();
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {root: repo}, "/repo");
pyodide.runPython(`
import json, sys
sys.path.insert(0, "/repo")
from flit_core.games import get_game

class Record:
    # What the page would keep in Python instead of a JavaScript board: the game's Board.
    def __init__(self, game, config, setup):
        definition = get_game(game)
        self.change = definition.change_from_json
        self.board = definition.board(definition.config_type.from_dict(json.loads(config)),
                                      [self.change(item) for item in json.loads(setup)])

    def add(self, changes):
        board = self.board
        board.apply([self.change(item) for item in json.loads(changes)])
        return json.dumps(list(board.scores().values()))

def nothing(changes):
    return "[]"
`);
const median = values => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = {};
for (const {name, module, config, setup, turns} of games) {
    const {Board} = await import(module);
    const texts = turns.map(changes => JSON.stringify(changes));
    const perTurn = run => {
        const times = [];
        for (let pass = 0; pass < Number(passes); pass += 1) {
            const started = performance.now();
            run();
            times.push((performance.now() - started) * 1000 / turns.length);
        }
        return median(times);
    };
    const js = perTurn(() => {
        const board = new Board(config, setup);
        for (const changes of turns) {
            board.apply(changes);
            board.scores();
        }
    });
    const Record = pyodide.globals.get("Record"), nothing = pyodide.globals.get("nothing");
    const python = perTurn(() => {
        const record = Record(name, JSON.stringify(config), JSON.stringify(setup));
        for (const text of texts) record.add(text);
        record.destroy();
    });
    const floor = perTurn(() => {
        for (const text of texts) nothing(text);
    });
    results[name] = {turns: turns.length, js, python, floor};
}
console.log(JSON.stringify(results));
"""


def game_data() -> list[dict[str, object]]:
    """Each page game's quick game between its random example bots: its board module, config,
    setup and every turn's changes (as JSON values)."""
    games = []
    for definition in page_games():
        name = definition.name
        config = definition.preset(definition.info.small_preset)
        random_bot = BotProgram.from_file(next(iter(definition.examples.values())))
        replay = play_game(definition, config, [random_bot] * config.players, 1).to_dict()
        module = game_folder(definition) / definition.adapter(Page).assets["canvas"]
        games.append(
            {
                "name": name,
                "module": module.as_uri(),
                "config": replay["config"],
                "setup": replay["setup"],
                "turns": [turn.get("changes", []) for turn in replay["turns"]],
            }
        )
    return games


def main() -> None:
    """Replay each page game's turns through both boards and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=15, help="passes over each game's turns (the median is shown)")
    args = parser.parse_args()
    print(load())
    with tempfile.TemporaryDirectory() as folder:
        data, script = Path(folder) / "games.json", Path(folder) / "boards.mjs"
        data.write_text(json.dumps(game_data()))
        script.write_text(NODE_SCRIPT.replace("PYODIDE_URL", PYODIDE.as_uri()))
        done = subprocess.run(
            ["node", str(script), str(ROOT), str(data), str(args.passes)], capture_output=True, text=True, check=False
        )
    if done.returncode:
        sys.exit(f"page_boards: the Node script failed: {done.stderr.strip()[-2000:]}")
    results = json.loads(done.stdout.strip().splitlines()[-1])
    for name, result in results.items():
        print(f"{name}: {result['turns']} turns")
        figure(f"page boards: {name}: the JavaScript board, a turn", round(result["js"], 2), "us")
        figure(f"page boards: {name}: a Python board through one call, a turn", round(result["python"], 2), "us")
        figure(f"page boards: {name}: the bare call into Pyodide (its floor)", round(result["floor"], 2), "us")
        figure(
            f"page boards: {name}: the Python board against the JavaScript one",
            round(result["python"] / result["js"], 1),
            "x",
            floor="the JavaScript board, same run",
        )
    print(load())


if __name__ == "__main__":
    main()
