"""Control bot: the strongest example. Wins the squares where neutral pieces appear, and
races for the neutral pieces it can win without spoiling that.

A neutral piece appears only on an *available* square (empty, with four empty neighbours)
and goes to the bot that first puts a piece next to it: the one nearest it, in the
torus's Manhattan distance from its nearest piece, as a piece put down must touch another
and so reaches one square further a move. So every turn this bot:

1. races, if there is a neutral piece it is at least as near to as every other bot: for the
   one where its lead is smallest (a lead of 0 wins, as it moves first), one square nearer
   a move, by the step that is best for control (below);
2. otherwise plays for control: of all its legal moves, one that leaves it with the most
   value in available squares, where a square is worth our share of the neutral pieces that
   appear on it, less a cut.

Our share of a square is 1 if we are nearer it than every other bot and 0 if another bot is
nearer. If bots tie for nearest, the one that moves first after the neutral piece appears
wins it; a piece appears after any bot's turn, so our share is the part of the turn order in
which we come first of the tied bots: a half with two players, but with four, a quarter when
the tied bot moves just before us, three quarters when it moves just after. Such ties are
most of the races on a crowded 4-player board. A square whose share is below the cut is worth
less than none, so putting a piece next to it (which makes it unavailable) gains. The cut is
a half with two players (what one bot gains, the other loses: the plain count of squares
nearer us, less those nearer the other). With more, it follows the count of pieces: a bot
ahead of every other wants no more pieces to fall, so every available square is worth
making unavailable (a cut of one: its own squares are worth nothing, the others' less); a
bot behind needs them to fall, so a half; level, two thirds (measured: docs/strength.md).

Which piece to lift matters as much as where to put it: a piece lifted from where it alone
covers a region hands that region over. So it scores every legal move exactly. Scoring each
in full would cost a board's worth of squares; but a move's score is what lifting its piece
changes plus what putting one down changes, but for the squares both change. So each lift is
scored once (the squares that piece is the only nearest to), each destination once (the
squares the new piece is nearer to than the second-nearest piece), and a destination's
scoring corrects the lifts that change one of its squares.

It never passes. Ties are broken by a generator seeded with the game's first position, so a
game replays exactly from its seed, as long as the bot has time: it scores destinations until
only SPARE of its limit is left on the clock that charges it (a few milliseconds a move
natively; a slow browser's worker on a big board may need more), then plays the best found.
"""

import random

from flit_core import Move
from flit_core.games.flit.board import neighbour_table

NEUTRAL = 5
#: The share of the time limit left unused: past it, the best move found so far is played.
SPARE = 0.4
#: Farther than any square on a board.
FAR = 1 << 20
#: A whole square's worth in :meth:`Turn.share_ties` (every share of 2, 3 or 4 bots' turns
#: is a whole number of twelfths).
SHARE = 12
#: The cut, in twelfths: a square is worth keeping available when our share of it is above
#: it. Half with two players (what one bot wins the other loses).
CUT_TWO = 6
#: With more players, by our count of pieces against the most of the others': ahead, level,
#: behind (the best of those measured with four: docs/strength.md).
CUT_AHEAD, CUT_LEVEL, CUT_BEHIND = 12, 8, 6


def torus(a, b, size):
    """Steps between two flat indices on the wrapping board (Manhattan distance)."""
    dx = abs(a % size - b % size)
    dy = abs(a // size - b // size)
    return min(dx, size - dx) + min(dy, size - dy)


def nearest(pieces, nbrs, area):
    """Every square's distance from the nearest of ``pieces`` (a search that ignores what is
    on the squares: the board's Manhattan distance)."""
    dist = [FAR] * area
    for p in pieces:
        dist[p] = 0
    frontier, step = list(pieces), 0
    while frontier:
        step += 1
        following = []
        for s in frontier:
            for n in nbrs[s]:
                if dist[n] == FAR:
                    dist[n] = step
                    following.append(n)
        frontier = following
    return dist


def nearest_two(pieces, nbrs, area):
    """For every square: the distance from the nearest of ``pieces``, that piece when no
    other is as near (else -1), and the distance from the nearest other piece (what is left
    when that piece is lifted)."""
    first, second = [FAR] * area, [FAR] * area
    source, other = [-1] * area, [-1] * area
    for p in pieces:
        first[p], source[p] = 0, p
    # A square keeps the first two pieces whose search reaches it; both spread on.
    frontier, step = [(p, p) for p in pieces], 0
    while frontier:
        step += 1
        following = []
        for s, p in frontier:
            for n in nbrs[s]:
                if first[n] == FAR:
                    first[n], source[n] = step, p
                    following.append((n, p))
                elif second[n] == FAR and source[n] != p and other[n] != p:
                    second[n], other[n] = step, p
                    following.append((n, p))
        frontier = following
    unique = [p if second[s] > first[s] else -1 for s, p in enumerate(source)]
    return first, unique, second


class Bot:
    """One game's player: the tie-breaking generator lives as long as the game."""

    def __init__(self):
        self.rng = None

    def move(self, view):
        """The move :meth:`choose` picks, if we have one."""
        if self.rng is None:
            # Seeded from the game's first position (and the seat): a seed replays the game.
            self.rng = random.Random(f"{view.me} {view.board.cells}")
        turn = Turn(view.board.cells, view.size, view.me, self.out_of_time(view), view.players)
        choice = self.choose(turn) if turn.anchors else None
        if choice is None:
            return None
        (o, d), size = choice, turn.size
        return Move(o % size, o // size, d % size, d // size)

    def out_of_time(self, view):
        """A function that says whether the request's time is spent, but for SPARE of it
        (never, when no limit is set)."""
        limit = view.time_limit_ms
        if limit is None:
            return lambda: False
        return lambda: view.time_left_ms() < SPARE * limit

    def choose(self, turn):
        """A race's best step if there is a race to win, else a best move for control:
        (origin, destination), or None when no move is legal."""
        turn.share_ties()
        targets = turn.race_targets()
        choices = turn.best_moves(turn.steps_towards(self.rng.choice(targets))) if targets else []
        choices = choices or turn.best_moves()
        return self.rng.choice(choices) if choices else None


class Turn:
    """What one move request's scoring shares: the board, the distances, the anchors."""

    def __init__(self, cells, size, me, out_of_time=lambda: False, players=2):
        self.out_of_time = out_of_time
        self.players = players
        # Each available square's worth when another bot is as near as we are, and the cut
        # (share_ties sets them; None: the plain count).
        self.tie_worth: list[int] | None = None
        self.cut = 0
        self.size = size
        self.area = area = size * size
        self.me = me
        self.nbrs = nbrs = neighbour_table(size)
        self.cells = cells
        self.mine = [s for s, c in enumerate(cells) if c == me]
        self.neutrals = [s for s, c in enumerate(cells) if c == NEUTRAL]
        theirs = [s for s, c in enumerate(cells) if c and c != me and c != NEUTRAL]
        self.theirs = nearest(theirs, nbrs, area)
        self.first, self.unique, self.second = nearest_two(self.mine, nbrs, area)
        self.available = [not cells[s] and not any(cells[n] for n in nbrs[s]) for s in range(area)]
        # Empty squares touching our pieces, with the pieces that make them legal.
        self.anchors: dict[int, list[int]] = {}
        for q in self.mine:
            for d in nbrs[q]:
                if cells[d] == 0:
                    self.anchors.setdefault(d, []).append(q)

    def legal(self, o, d):
        """True if lifting ``o`` leaves ``d`` touching another of our pieces."""
        return self.anchors[d] != [o]

    def race_targets(self):
        """The neutral pieces we are at least as near as the others, where our lead is the
        smallest (a lead of 0 wins: we move first); none if there is no such piece."""
        leads: dict[int, list[int]] = {}
        for v in self.neutrals:
            lead = self.theirs[v] - self.first[v]
            if lead >= 0:
                leads.setdefault(lead, []).append(v)
        return leads[min(leads)] if leads else []

    def steps_towards(self, target):
        """The empty squares next to our pieces that are nearest ``target``."""
        steps: dict[int, list[int]] = {}
        for d in self.anchors:
            steps.setdefault(torus(d, target, self.size), []).append(d)
        return steps[min(steps)]

    def available_after(self, s, lifted):
        """Whether ``s`` is available after lifting our piece from ``lifted``."""
        cells = self.cells
        return all(not cells[n] or n == lifted for n in (s, *self.nbrs[s]))

    def worth(self, s, mine, available):
        """What ``s`` is worth to us at distance ``mine`` (0 if not ``available``): after
        :meth:`share_ties`, our share less the cut, else +1 if we are nearer than the others,
        -1 if one of them is nearer, 0 for a tie (the stand-in's plain count)."""
        theirs = self.theirs[s]
        if self.tie_worth is not None:
            if not available:
                return 0
            if mine == theirs:
                return self.tie_worth[s]
            return SHARE - self.cut if mine < theirs else -self.cut
        if not available or mine == theirs:
            return 0
        return 1 if mine < theirs else -1

    def share_ties(self):
        """Value the squares by our share of them less the cut, in twelfths
        (:data:`SHARE`): SHARE - cut where we are nearest, -cut where another bot is, and
        where we tie for nearest, the share of the turns after which we move first of the
        tied bots, less the cut (with more than two players, by our standing in pieces)."""
        me, players, area = self.me, self.players, self.area
        others = [p for p in range(1, players + 1) if p != me]
        if players == 2:
            cut = CUT_TWO
        else:
            lead = self.cells.count(me) - max(self.cells.count(p) for p in others)
            cut = CUT_AHEAD if lead > 0 else CUT_BEHIND if lead < 0 else CUT_LEVEL
        self.cut = cut
        distances = [nearest([s for s, c in enumerate(self.cells) if c == p], self.nbrs, area) for p in others]
        theirs = self.theirs
        # Every square (a lift makes squares available): we move first of the tied after the
        # turns from the last tied bot's to ours.
        self.tie_worth = [
            SHARE
            * min((me - p) % players for p, d in zip(others, distances, strict=True) if d[s] == theirs[s])
            // players
            - cut
            for s in range(area)
        ]

    def region(self, o):
        """The squares ``o`` is nearer than any other of our pieces (its Voronoi cell): a
        search from ``o`` (a square's path from its nearest piece passes squares it is
        nearest too)."""
        found, frontier = [], [o]
        seen = {o}
        while frontier:
            following = []
            for s in frontier:
                for n in self.nbrs[s]:
                    if n not in seen and self.unique[n] == o:
                        seen.add(n)
                        found.append(n)
                        following.append(n)
            frontier = following
        return found

    def lifted(self, o, s):
        """Our distance from ``s`` and whether it is available, after lifting ``o``."""
        distance = self.second[s] if self.unique[s] == o else self.first[s]
        if s == o or s in self.nbrs[o]:
            return distance, self.available_after(s, lifted=o)
        return distance, self.available[s]

    def lift_gain(self, o):
        """The score's change when ``o`` is lifted (and no piece put down)."""
        first, available, worth = self.first, self.available, self.worth
        gain = 0
        for s in {o, *self.nbrs[o], *self.region(o)}:
            distance, free = self.lifted(o, s)
            gain += worth(s, distance, free) - worth(s, first[s], available[s])
        return gain

    def putting(self, d):
        """Our distance afterwards from each square that a piece put on ``d`` (and the
        neutral pieces it converts) is nearer than our second-nearest piece, and from
        ``d``'s neighbours."""
        second = self.second
        sources = [d] + [n for n in self.nbrs[d] if self.cells[n] == NEUTRAL]
        after = dict.fromkeys(sources, 0)
        # A search from the new pieces: the squares they are nearer lie on paths of such squares.
        frontier, step = sources, 0
        while frontier:
            step += 1
            following = []
            for s in frontier:
                for n in self.nbrs[s]:
                    if n not in after and (step < second[n] or step == 1):
                        after[n] = step
                        following.append(n)
            frontier = following
        return after

    def put_gains(self, d):
        """The score's change when a piece is put on ``d``, alone and on top of lifting each
        piece whose lift changes a square the put changes: (the put's gain, {piece: the
        change to the lift's own gain})."""
        first, available, worth, me = self.first, self.available, self.worth, self.me
        blocked = (d, *self.nbrs[d])
        gain = 0
        extra: dict[int, int] = {}
        for s, near in self.putting(d).items():
            free = available[s] and s not in blocked
            gain += worth(s, min(first[s], near), free) - worth(s, first[s], available[s])
            # The pieces whose lift changes ``s``: its nearest, and itself or a neighbour.
            lifts = {q for q in (s, *self.nbrs[s]) if self.cells[q] == me}
            if self.unique[s] >= 0:
                lifts.add(self.unique[s])
            for o in lifts:
                distance, lifted_free = self.lifted(o, s)
                both = worth(s, min(distance, near), lifted_free and s not in blocked)
                alone = worth(s, min(first[s], near), free) + worth(s, distance, lifted_free)
                extra[o] = extra.get(o, 0) + both - alone + worth(s, first[s], available[s])
        return gain, extra

    def best_moves(self, destinations=None):
        """The legal moves (origin, destination) best by the control score, to any of
        ``destinations`` (None: anywhere)."""
        lift_gain = {o: self.lift_gain(o) for o in self.mine}
        by_gain = sorted(self.mine, key=lambda o: lift_gain[o], reverse=True)
        best, choices = None, []
        for d in self.anchors if destinations is None else destinations:
            if choices and self.out_of_time():
                break
            gain, extra = self.put_gains(d)
            values = [(gain + lift_gain[o] + change, o) for o, change in extra.items()]
            # Every other lift adds its own gain: the best first, until they fall short.
            for o in by_gain:
                if best is not None and gain + lift_gain[o] < best:
                    break
                if o not in extra:
                    values.append((gain + lift_gain[o], o))
            for value, o in values:
                if o == d or not self.legal(o, d):
                    continue
                if best is None or value > best:
                    best, choices = value, [(o, d)]
                elif value == best:
                    choices.append((o, d))
        return choices
