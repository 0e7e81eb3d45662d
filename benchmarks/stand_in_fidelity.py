"""How faithful the spawn-control stand-in is to the outside AI it stands in for (issue 40).

Reads replays of games the outside AI played (by default ``../shared/flit-outside-games/``,
beside the repository: the outside AI itself is not part of it) and, for each of its moves,
asks whether the stand-in's rule allows that move on the position it was played on: in a
race (a neutral piece it is at least as near to as the other side), whether the destination
is one of the steps the rule allows (any lift: the stand-in lifts at random); otherwise,
whether the move is one of the rule's best (``bots/spawn_control_bot.py``, rule 2), on all
such positions, on those with isolated squares, and on those with none (where the rule asks
only not to open one). For comparison, the other moves are also checked against the control bot's score
(``control_bot.py``: the lift's effect on distances counted, squares it opens counted for
whoever is nearer), which the stand-in followed before. Prints the share of each kind of move
that agrees, with its 95 % interval, beside the share a random legal move would get (the
rule's allowed moves over the legal ones, on the same positions).

    .venv/bin/python benchmarks/stand_in_fidelity.py [FOLDER] [--name outside_ai_hard]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bots.spawn_control_bot import best_moves  # noqa: E402
from common import load  # noqa: E402
from flit_core import Replay, get_game  # noqa: E402
from flit_core.games.flit.bots.control_bot import Turn  # noqa: E402
from flit_core.tournament.leaderboard import wilson_interval  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT.parent / "shared" / "flit-outside-games"
#: What is measured, in the order printed.
KINDS = (
    "race moves",
    "other moves, by the stand-in's rule",
    "  of them on boards with isolated squares",
    "  of them on boards with none",
    "other moves, by the control bot's score",
)


def agreements(replay: Replay, name: str) -> dict[str, list[tuple[bool, float]]]:
    """For each move of the player called ``name``, by what is measured (:data:`KINDS`):
    whether the rule allows it, and the share of the legal moves the rule allows."""
    found: dict[str, list[tuple[bool, float]]] = {kind: [] for kind in KINDS}
    race, rule, isolated, bare, control = KINDS
    seats = {seat for seat, player in enumerate(replay.names, 1) if player == name}
    size = replay.position_at(0).size
    for index, turn in enumerate(replay.turns):
        if turn.player not in seats or turn.move is None or turn.kind.value != "move":
            continue
        board = replay.position_at(index)
        position = Turn(board.cells, size, turn.player)
        origin = turn.move.y0 * size + turn.move.x0
        destination = turn.move.y1 * size + turn.move.x1
        legal = [(o, d) for d in position.anchors for o in position.mine if o != d and position.legal(o, d)]
        targets = position.race_targets()
        if targets:
            steps = {step for target in targets for step in position.steps_towards(target)}
            allowed = sum(d in steps for _, d in legal)
            found[race].append((destination in steps, allowed / len(legal)))
            continue
        best = best_moves(position)
        found[rule].append(((origin, destination) in best, len(best) / len(legal)))
        found[isolated if any(position.available) else bare].append(found[rule][-1])
        best = position.best_moves()
        found[control].append(((origin, destination) in best, len(best) / len(legal)))
    return found


def main() -> int:
    """Print the stand-in's agreement with the outside AI's moves."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDER, help=f"the replays (default {FOLDER})")
    parser.add_argument("--name", default="outside_ai_hard", help="the outside AI's player name in the replays")
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.json"))
    if not files:
        parser.error(f"no replays in {args.folder}")
    totals: dict[str, list[tuple[bool, float]]] = {kind: [] for kind in KINDS}
    for path in files:
        for kind, found in agreements(Replay.load(path, get_game), args.name).items():
            totals[kind] += found
    print(f"The stand-in's rule against {args.name}'s moves in {len(files)} replays ({args.folder}), {load()}:")
    for kind, moves in totals.items():
        agreed = sum(allowed for allowed, _ in moves)
        low, high = wilson_interval(agreed, len(moves))
        chance = sum(share for _, share in moves) / len(moves) if moves else 0.0
        print(
            f"  {kind}: {agreed} of {len(moves)} allowed (95% CI {low:.0%}-{high:.0%}); "
            f"a random legal move would be allowed {chance:.0%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
