"""A bot that uses most of its time limit in CPU time every move, then plays what its game's
greedy example (else its random one) plays: the load on the clock in benchmarks/fair_clock.py.

It burns a share of the move's limit on the clock that charges it (``view.clock``: its CPU
time under the referee), the same share every move, so its moves do not depend on the
clock: a seeded game gives the same moves at any load.
"""

from flit_core.bot import BotProgram
from flit_core.games import get_game

#: The share of the move's limit burnt.
SHARE = 0.7


class Bot:
    def __init__(self, me, config):
        examples = get_game(config.game).examples
        self.inner = BotProgram.from_file(examples.get("greedy") or examples["random"]).start(me, config)

    def move(self, view):
        end = view.clock() + SHARE * view.config.move_time_ms / 1000.0
        while view.clock() < end:
            pass
        return self.inner(view)
