"""Spawn-control bot: wins the squares where neutral pieces can appear. One move deep.

A stand-in for an outside judge, the Flit author's own hardest computer opponent, written
from a description of its play and from its moves in 32 recorded games (issue 40; its code
is not ours). It is a benchmark opponent, given no time limit: it scores every legal move,
however many.

Neutral pieces appear only on *isolated* squares (empty, with four empty neighbours), and
the bot nearest a neutral piece wins the race for it. So this bot plays for the isolated
squares, measuring distance as the torus's Manhattan distance from a side's nearest piece
(the other bots together are one side). Every turn:

1. If there is a neutral piece it is at least as near to as the others, it races for the one
   where its lead is smallest (a lead of 0 included: it moves first), ties at random: it puts
   a piece on the empty square next to its own pieces that is nearest that neutral piece
   (ties at random), lifting one of its pieces chosen at random.
2. Otherwise it scores every legal move by the squares isolated after it: +1 for each that
   was isolated before and that it is strictly nearer to than the others, -1 for each other
   one (the others as near or nearer, or a square the lift opens). Its own distance counts
   the piece put down but still counts the lifted piece, as if it stayed: the lift matters
   only by the squares it opens. It plays a best move (ties at random).

It looks no further than one move and never passes. Its chance comes from a generator
seeded with the game's first position, so a game replays exactly from its seed.

How faithful it is (``benchmarks/stand_in_fidelity.py``, on the outside AI's 32 games): all
of the outside AI's race moves follow rule 1 (2,636 of 2,636) and 94 % of its other moves
are best by rule 2 (7,127 of 7,588), where a random legal move would be 36 % of the time
(71 % on boards with no isolated square, where rule 2 asks only not to open any). Its play is
nonetheless far weaker than the outside AI's (docs/strength.md).
"""

from flit_core.games.flit.bots.control_bot import Bot as ControlBot
from flit_core.games.flit.bots.control_bot import torus


class Bot(ControlBot):
    """One game's player: its random generator (the control bot's) lives as long as the game."""

    def out_of_time(self, view):
        """Never: the stand-in scores every legal move, however long it takes."""
        return lambda: False

    def choose(self, turn):
        """The race's move if there is a race to win, else a best move by rule 2."""
        rng = self.rng
        targets = turn.race_targets()
        if targets:
            destination = rng.choice(turn.steps_towards(rng.choice(targets)))
            origins = [o for o in turn.mine if o != destination and turn.legal(o, destination)]
            if origins:
                return rng.choice(origins), destination
        choices = best_moves(turn)
        return rng.choice(choices) if choices else None


def opened(turn, o):
    """The squares that lifting our piece from ``o`` makes isolated."""
    return {s for s in (o, *turn.nbrs[o]) if turn.available_after(s, lifted=o)}


def best_moves(turn):
    """The legal moves (origin, destination) best by rule 2 (the module's docstring)."""
    first, theirs, nbrs, size = turn.first, turn.theirs, turn.nbrs, turn.size
    isolated = [s for s, free in enumerate(turn.available) if free]
    opens = {o: opened(turn, o) for o in turn.mine}
    best, choices = None, []
    for d in turn.anchors:
        blocked = {d, *nbrs[d]}
        put = sum(1 if min(first[s], torus(d, s, size)) < theirs[s] else -1 for s in isolated if s not in blocked)
        for o in turn.mine:
            if o == d or not turn.legal(o, d):
                continue
            value = put - len(opens[o] - blocked)
            if best is None or value > best:
                best, choices = value, [(o, d)]
            elif value == best:
                choices.append((o, d))
    return choices
