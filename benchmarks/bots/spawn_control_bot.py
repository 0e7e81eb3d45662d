"""Spawn-control bot: wins the squares where neutral pieces can appear. One move deep.

A stand-in for an outside judge, the Flit author's own hardest computer opponent, written
from a description of its play (issue 40; its code is not ours). It is a benchmark opponent,
given no time limit: it scores every legal move, however many.

Neutral pieces appear only on *available* squares (empty, with four empty neighbours), and
the bot nearest a neutral piece wins the race for it. So this bot plays for control of the
available squares, measuring distance as the torus's Manhattan distance from a side's
nearest piece (the other bots together are one side). Every turn:

1. If there is a neutral piece it is at least as near to as the others, it races for the one
   where its lead is smallest (a lead of 0 included: it moves first), ties at random: it puts
   a piece on the empty square next to its own pieces that is nearest that neutral piece
   (ties at random), lifting one of its pieces chosen at random.
2. Otherwise it scores every legal move by the available squares it would be strictly nearer
   to than the others afterwards, minus those the others would be nearer to, and plays a
   best one (ties at random).

It looks no further than one move and never passes. Its chance comes from a generator
seeded with the game's first position, so a game replays exactly from its seed. The
scoring is the strongest example's (``control_bot.py``, which races with the best lift
instead of a random one).
"""

from flit_core.games.flit.bots.control_bot import Bot as ControlBot


class Bot(ControlBot):
    """One game's player: its random generator (the control bot's) lives as long as the game."""

    def out_of_time(self, view):
        """Never: the stand-in scores every legal move, however long it takes."""
        return lambda: False

    def choose(self, turn):
        """The race's move if there is a race to win, else a best-scoring move."""
        rng = self.rng
        targets = turn.race_targets()
        if targets:
            destination = rng.choice(turn.steps_towards(rng.choice(targets)))
            origins = [o for o in turn.mine if o != destination and turn.legal(o, destination)]
            if origins:
                return rng.choice(origins), destination
        choices = turn.best_moves()
        return rng.choice(choices) if choices else None
