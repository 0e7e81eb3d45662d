"""How far above two greedy copies can a coin bot get at a table of three, if it knows them?

Issue 27 asks Coins' strong example for summed points at least 10 % above each of two greedy
copies' (``benchmarks/strength.py --game coins``). This script measures what is within reach
of a bot that knows the copies exactly: an oracle. On its turn it tries every distinct
outcome of its 2,744 possible turns, plays the copies' turns that follow with the greedy
example itself (it is deterministic), and so on for ``--depth`` of its own turns, then scores
its lead (points plus holdings, what it would end with) over the better copy; a pile emptied
on the way ends the look-ahead as it ends the game. It has all the time it needs.

Prints, for each depth, the points summed over ``--games`` games (the oracle in each seat in
turn, the seeds of strength.py's games) of the oracle and of each copy, the oracle's margin
over the better copy, and its time a move, with the load average.

Run:  .venv/bin/python benchmarks/coins_ceiling.py [--depth 1 2] [--games 30]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import load  # noqa: E402
from flit_core import BotProgram, play_game  # noqa: E402
from flit_core.games.coins import every_turn  # noqa: E402
from flit_core.games.coins.config import CoinsConfig  # noqa: E402
from flit_core.games.coins.table import PASS, TURN_ACTIONS, Table, holding_value, normalise, play_actions  # noqa: E402
from flit_core.games.coins.view import CoinsView  # noqa: E402
from flit_core.runner import BotLike  # noqa: E402
from strength import COINS, STRONG  # noqa: E402

#: strength.py's table of three, with no limit on the time a move takes.
CONFIG: CoinsConfig = STRONG["coins"].config.replace(move_time_ms=3_600_000.0)
#: Every turn, in the order of the action characters (the pass, NNN, is last).
TURNS = (*every_turn(), PASS)
#: The most coins one turn can take: a pile larger than this plays like this one.
MOST_TAKEN = 3 * TURN_ACTIONS

# Lists indexed by seat (index 0 unused), as the rules keep a table.
Lists = tuple[list[int], list[int], list[int]]


class Oracle:
    """The look-ahead bot of one game: the copies' answers are the greedy example's, asked
    once per table they depend on."""

    def __init__(self, depth: int) -> None:
        """An oracle that looks ``depth`` of its own turns ahead."""
        self.depth = depth
        self.greedy = BotProgram.from_file(COINS.examples["greedy"]).start(1, CONFIG)
        # The greedy example's turn depends neither on the points (they add the same to
        # every turn's total) nor on a pile larger than a turn can take.
        self.answers: dict[tuple[object, ...], str] = {}
        self.order: tuple[int, ...] = ()
        self.seat = 0

    def copy_turn(self, seat: int, pile: int, flipped: list[int], unflipped: list[int]) -> str:
        """The greedy copy's turn at ``seat``."""
        pile = min(pile, MOST_TAKEN)
        key = (seat, pile, *flipped, *unflipped)
        answer = self.answers.get(key)
        if answer is None:
            ids = tuple(range(len(self.order)))
            table = Table(pile, self.order, ids, (0,) * len(ids), tuple(flipped[1:]), tuple(unflipped[1:]))
            answer = self.answers[key] = normalise(str(self.greedy(CoinsView(seat, CONFIG, 0, table))))
        return answer

    def lead(self, points: list[int], flipped: list[int], unflipped: list[int]) -> int:
        """The oracle's total (points and holding) minus the better copy's."""
        totals = [p + holding_value(f, u) for p, f, u in zip(points, flipped, unflipped, strict=True)]
        return totals[self.seat] - max(total for seat, total in enumerate(totals) if seat not in (0, self.seat))

    def outcomes(self, pile: int, lists: Lists) -> Iterator[tuple[str, int, Lists]]:
        """Each distinct table the oracle's turns lead to, with the first turn leading there."""
        seen = set()
        for turn in TURNS:
            points, flipped, unflipped = (values[:] for values in lists)
            left = play_actions(turn, self.seat, pile, self.order, points, flipped, unflipped)
            key = (left, *points, *flipped, *unflipped)
            if key not in seen:
                seen.add(key)
                yield turn, left, (points, flipped, unflipped)

    def best(self, turns: int, pile: int, lists: Lists, depth: int) -> tuple[int, str]:
        """The best lead the oracle can reach from its turn (``turns`` taken before it), and
        the turn that leads there."""
        found = (0, "")
        for turn, left, after in self.outcomes(pile, lists):
            value = self.follow(turns + 1, left, after, depth)
            if not found[1] or value > found[0]:
                found = (value, turn)
        return found

    def follow(self, turns: int, pile: int, lists: Lists, depth: int) -> int:
        """The lead after the copies play from ``turns`` until the oracle's next turn (or the
        end of the game or of the look-ahead)."""
        points, flipped, unflipped = (values[:] for values in lists)
        players = len(self.order)
        for turn in range(turns, turns + players - 1):
            if pile == 0 or turn >= CONFIG.rounds * players:
                return self.lead(points, flipped, unflipped)
            seat = self.order[turn % players]
            actions = self.copy_turn(seat, pile, flipped, unflipped)
            pile = play_actions(actions, seat, pile, self.order, points, flipped, unflipped)
        turns += players - 1
        if pile == 0 or turns >= CONFIG.rounds * players or depth == 1:
            return self.lead(points, flipped, unflipped)
        return self.best(turns, pile, (points, flipped, unflipped), depth - 1)[0]

    def move(self, view: CoinsView) -> str:
        """The oracle's turn."""
        table = view.board
        self.order, self.seat = table.order, view.seat
        lists = ([0, *table.points], [0, *table.flipped], [0, *table.unflipped])
        return self.best(table.turns, table.pile, lists, self.depth)[1]


def oracle_game(depth: int, game: int) -> tuple[int, list[int], float, int]:
    """One game (in a worker process), the oracle in seat ``game % 3 + 1`` as strength.py
    seats its strong bot: its points, each copy's (in seat order), its think time and moves."""
    seat = game % CONFIG.players + 1
    greedy = BotProgram.from_file(COINS.examples["greedy"])
    bots: list[BotLike] = [greedy] * CONFIG.players
    bots[seat - 1] = Oracle(depth).move
    replay = play_game(COINS, CONFIG, bots, game)
    assert replay.result is not None
    scores = replay.result.scores
    stats = replay.stats[seat]
    return scores[seat], [scores[s] for s in scores if s != seat], stats.think_ms_total, stats.timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, nargs="+", default=[1, 2], help="the oracle's own turns looked ahead")
    parser.add_argument("--games", type=int, default=30, help="games per depth (30)")
    parser.add_argument("--workers", type=int, default=2, help="games played at once (processes)")
    args = parser.parse_args()
    print(f"Coins: an oracle that knows its two greedy opponents, {args.games} games per depth, {CONFIG.describe()}")
    print(f"  {load()} before")
    with ProcessPoolExecutor(args.workers) as pool:
        for depth in args.depth:
            started = time.perf_counter()
            results = list(pool.map(oracle_game, [depth] * args.games, range(args.games)))
            mine = sum(result[0] for result in results)
            copies = [sum(result[1][i] for result in results) for i in range(CONFIG.players - 1)]
            think = sum(result[2] for result in results) / sum(result[3] for result in results)
            print(
                f"  depth {depth}: oracle {mine}, the copies {', '.join(map(str, copies))}: "
                f"{mine / max(copies) - 1:+.1%} over the better copy; {think:.0f} ms a move "
                f"({time.perf_counter() - started:.0f} s; {load()})"
            )


if __name__ == "__main__":
    main()
