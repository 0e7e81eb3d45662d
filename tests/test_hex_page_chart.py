"""Hex's page chart (flit_core/games/hex/board.js, ``cellsToConnect``): the fewest empty cells a
colour still needs to join its sides, checked in Node against a plain Dijkstra search here."""

from __future__ import annotations

import heapq
import json
import random
import shutil
import subprocess
from pathlib import Path

BOARD_JS = Path(__file__).resolve().parent.parent / "flit_core" / "games" / "hex" / "board.js"
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))


def cells_to_connect(cells: list[int], n: int, colour: int) -> int | None:
    """Dijkstra over the cells: own stones cost 0, empty ones 1, the other colour's block."""
    black = colour == 1
    distance: dict[int, int] = {}
    first = [at for at in range(n * n) if (at // n if black else at % n) == 0 and cells[at] in (0, colour)]
    queue: list[tuple[int, int]] = [(int(cells[at] != colour), at) for at in first]
    heapq.heapify(queue)
    while queue:
        cost, at = heapq.heappop(queue)
        if at in distance:
            continue
        distance[at] = cost
        r, c = divmod(at, n)
        if (r if black else c) == n - 1:
            return cost
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and cells[rr * n + cc] in (0, colour):
                heapq.heappush(queue, (cost + int(cells[rr * n + cc] != colour), rr * n + cc))
    return None


def test_the_cells_each_side_needs_are_the_fewest() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed (scripts/setup.sh)"
    rng = random.Random(39)
    boards = []
    for _ in range(200):
        n = rng.randint(1, 11)
        fill = rng.random()
        boards.append((n, [rng.choice((1, 2)) if rng.random() < fill else 0 for _ in range(n * n)]))
    script = (
        f"import({json.dumps(BOARD_JS.as_uri())}).then(({{cellsToConnect}}) => console.log(JSON.stringify("
        f"{json.dumps(boards)}.map(([n, cells]) => [1, 2].map(colour => cellsToConnect(cells, n, colour))))));"
    )
    run = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    expected = [[cells_to_connect(cells, n, colour) for colour in (1, 2)] for n, cells in boards]
    assert json.loads(run.stdout) == expected
    assert [None, 0] in expected and [3, 3] in expected, "the boards cover a won game and an open one"
