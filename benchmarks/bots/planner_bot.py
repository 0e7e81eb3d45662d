"""Planner bot: the previous strongest example (issue 27), kept as a benchmark opponent. A
one-move search with an evaluation that plans the races.

Pieces only grow by converting neutral pieces, and a neutral piece goes to the first bot
that puts a piece next to it. Every turn this bot:

1. measures, for every bot, how many moves it needs to reach every square (a breadth-first
   search over empty squares from all its pieces: a new piece must touch an old one, so a
   bot's reach grows by one square a move);
2. plans the races for the neutral pieces on the board: in the order the bots would get
   there (turn order breaks ties), each neutral piece goes to the bot that arrives first,
   and a bot busy with one race starts the next from where it ended;
3. scores a position as pieces + the races it wins (sooner is worth more) + its share of
   the squares where a neutral piece may appear (the ones it reaches first), and compares
   it with the other bot's score (with several bots: half the best one's, half their mean);
4. scores the position after putting a piece on each of the most promising destinations,
   and after lifting each of its pieces; lifting and putting down are nearly independent, so
   it then scores in full the moves whose two halves add up best, and plays the best of them.

It also knows how a game ends: after every bot in turn has not moved. When it is ahead and
the others have just passed, it passes and the game is over. Otherwise it keeps moving,
ahead or behind: a lead kept idle is one the others' moves eat into (passing when no move
looked better won fewer games). Level, it keeps still rather than spoil its position (two
lone pieces cover more of the board than a pair), unless it has seen the others keep still
too. It uses no randomness (the same game gives the same moves while it has time to finish
its search) and reads its time limit: it thinks for under a third of what is left of it, on
the clock that charges it (``view.clock``), and answers with the best move found so far.
"""

from flit_core import Move
from flit_core.games.flit.board import neighbour_table

NEUTRAL = 5
#: Larger than any distance on a board.
FAR = 1 << 20
#: Share of the move's time left spent thinking: the rest is a margin for the browser, whose
#: workers are charged real time (and where Python runs about twice as slowly).
SHARE = 0.3
#: Thinking time (ms) when there is no limit.
UNLIMITED_MS = 30.0
#: A race won in k moves is worth GAMMA ** k pieces: sooner is surer.
GAMMA = 0.93
#: How many turns ahead the squares where neutral pieces may appear are counted.
HORIZON = 60
#: Destinations scored on their own, at most.
DESTINATIONS = 30
#: Moves (a piece to lift, a destination) scored in full, at most.
MOVES = 16


def share(diff):
    """The part of a square's future neutral piece a bot gets when the best other bot needs
    ``diff`` more moves than it to get there."""
    if diff >= 3:
        return 1.0
    if diff <= -3:
        return 0.0
    return (0.02, 0.12, 0.3, 0.5, 0.7, 0.88, 0.98)[diff + 3]


def reach(cells, sources, nbrs, area):
    """Moves + 1 a bot needs to put a piece on every square (its pieces 0): a search over
    empty squares; a neutral square gets a distance but leads nowhere."""
    dist = [FAR] * area
    for s in sources:
        dist[s] = 0
    frontier = list(sources)
    step = 0
    while frontier:
        step += 1
        following = []
        for s in frontier:
            for n in nbrs[s]:
                if dist[n] == FAR:
                    colour = cells[n]
                    if colour == 0:
                        dist[n] = step
                        following.append(n)
                    elif colour == NEUTRAL:
                        dist[n] = step
        frontier = following
    return dist


def is_available(cells, nbrs, s):
    """A square where a neutral piece may appear: empty, and its neighbours too."""
    if cells[s]:
        return False
    a, b, c, d = nbrs[s]
    return not (cells[a] or cells[b] or cells[c] or cells[d])


def torus(a, b, size):
    """Steps between two flat indices on the wrapping board."""
    dx = abs(a % size - b % size)
    dy = abs(a // size - b // size)
    return min(dx, size - dx) + min(dy, size - dy)


class Plan:
    """What every evaluation of one turn shares: the board, the others' reach, the timing."""

    def __init__(self, view):
        self.size = size = view.size
        self.area = size * size
        self.me = me = view.me
        self.players = players = view.players
        self.nbrs = neighbour_table(size)
        self.cells = cells = list(view.board.cells)
        config = view.config
        self.turn = view.turn
        self.turns_left = config.turn_limit - view.turn
        # After our move the next bot moves first: its k-th move comes at turn
        # (k - 1) * players + offset, ours last in each round.
        self.offsets = {p: (p - me - 1) % players for p in range(1, players + 1)}
        self.others = [p for p in range(1, players + 1) if p != me]
        pieces: dict[int, list[int]] = {p: [] for p in range(1, NEUTRAL + 1)}
        for i, colour in enumerate(cells):
            if colour:
                pieces[colour].append(i)
        self.pieces = pieces
        self.counts = {p: len(pieces[p]) for p in range(1, players + 1)}
        self.neutrals = pieces[NEUTRAL]
        self.reach = {p: reach(cells, pieces[p], self.nbrs, self.area) for p in self.others}
        # For every square, the other bots' best reach and who has it.
        best = [FAR] * self.area
        owner = [0] * self.area
        for p in self.others:
            dist = self.reach[p]
            for i in range(self.area):
                if dist[i] < best[i]:
                    best[i] = dist[i]
                    owner[i] = p
        self.best, self.owner = best, owner
        self.available = {s for s in range(self.area) if is_available(cells, self.nbrs, s)}
        # Neutral pieces that appear in the next turns, per available square.
        horizon = min(HORIZON, self.turns_left)
        if config.spawn.value == "list":
            self.rate = horizon / config.odds / max(1, len(self.available))
        else:
            self.rate = horizon / config.odds / self.area

    def value(self, mine_reach, available, counts, neutrals, delay=0):
        """How good a position after our move is for us: our score minus the others'
        (``delay``: moves we lose before we start, 1 when we pass)."""
        players = self.players
        scores = dict(counts)
        self.races(mine_reach, scores, neutrals, delay)
        best, owner, rate = self.best, self.owner, self.rate
        me = self.me
        for s in available:
            dm = mine_reach[s]
            do = best[s]
            if dm >= FAR and do >= FAR:
                continue
            part = share(do - dm)
            nearest = dm if dm < do else do
            weight = rate * GAMMA**nearest
            scores[me] += part * weight
            if do < FAR:
                scores[owner[s]] += (1 - part) * weight
        others = [scores[p] for p in self.others]
        if players == 2:
            return scores[me] - others[0]
        # Against the best alone it won fewer 4-player games; against the mean alone, no more.
        return scores[me] - 0.5 * max(others) - 0.5 * sum(others) / len(others)

    def racing(self, mine_reach):
        """True if we win a race for a neutral piece on the board."""
        scores = dict.fromkeys(range(1, self.players + 1), 0.0)
        self.races(mine_reach, scores, self.neutrals, 0)
        return scores[self.me] > 0

    def races(self, mine_reach, scores, neutrals, delay):
        """Add to ``scores`` the neutral pieces each bot wins, planning the races in the order
        they end (we start ``delay`` moves late)."""
        if not neutrals:
            return
        me, size, players = self.me, self.size, self.players
        reaches = {p: self.reach[p] for p in self.others}
        reaches[me] = mine_reach
        clock = dict.fromkeys(reaches, 0)
        clock[me] = delay
        anchor = dict.fromkeys(reaches)
        left = list(neutrals)
        while left:
            found = None
            for v in left:
                for p, dist in reaches.items():
                    need = dist[v] - 1
                    if anchor[p] is not None:
                        need = min(need, torus(anchor[p], v, size) - 1)
                    if need >= FAR - 1:
                        continue
                    moves = clock[p] + need
                    when = (moves - 1) * players + self.offsets[p]
                    if found is None or when < found[0]:
                        found = (when, p, v, moves)
            if found is None or found[0] >= self.turns_left:
                return
            _, p, v, moves = found
            scores[p] += GAMMA**moves
            clock[p] = moves
            anchor[p] = v
            left.remove(v)


class Bot:
    """One game's player: remembers the board after its own move, to see who passed."""

    def __init__(self):
        #: The board after our last move (None before it).
        self.after = None
        #: Whether the others have all kept still since one of our moves.
        self.seen_pass = False

    def move(self, view):
        """The move for ``view`` (None: no move)."""
        # On the clock that charges us (CPU time under the referee), a share of what is left.
        clock, left = view.clock, view.time_left_ms()
        deadline = clock() + (UNLIMITED_MS if left is None else SHARE * left) / 1000.0
        plan = Plan(view)
        choice = self.choose(plan, deadline, clock)
        self.after = plan.cells[:]
        if choice is not None:
            origin, destination = choice
            self.after[origin] = 0
            self.after[destination] = plan.me
            for n in plan.nbrs[destination]:
                if self.after[n] == NEUTRAL:
                    self.after[n] = plan.me
            size = plan.size
            return Move(origin % size, origin // size, destination % size, destination // size)
        return None

    def others_passed(self, plan):
        """True when the others have not moved since our last move: nothing but new neutral
        pieces changed. Before our first move: when a whole round has been played and none of
        their pieces touches another of its colour (a move puts a piece next to another; the
        first pieces are apart)."""
        cells, after = plan.cells, self.after
        if after is None:
            nbrs = plan.nbrs
            return plan.turn >= plan.players - 1 and all(
                cells[n] != p for p in plan.others for q in plan.pieces[p] for n in nbrs[q]
            )
        return all(after[i] == 0 and c == NEUTRAL for i, c in enumerate(cells) if c != after[i])

    def choose(self, plan, deadline, clock):
        """The (origin, destination) to play, or None to pass."""
        me, cells, nbrs = plan.me, plan.cells, plan.nbrs
        mine = plan.pieces[me]
        lead = plan.counts[me] - max(plan.counts[p] for p in plan.others)
        if self.others_passed(plan):
            if lead > 0:
                return None  # the game ends now, and we win it
            self.seen_pass = True
        mine_reach = reach(cells, mine, nbrs, plan.area)
        standing = plan.value(mine_reach, plan.available, plan.counts, plan.neutrals, delay=1)
        # Empty squares touching our pieces, with the pieces that make them legal.
        anchors: dict[int, list[int]] = {}
        for q in mine:
            for d in nbrs[q]:
                if cells[d] == 0:
                    anchors.setdefault(d, []).append(q)
        if not anchors:
            return None
        # Most promising first, so that a search cut short by the deadline keeps the best.
        put = {}
        for d in self.rank_destinations(plan, anchors, mine_reach)[:DESTINATIONS]:
            put[d] = self.value_after(plan, put=d)
            if clock() > deadline:
                break
        lift = {}
        for o in self.rank_origins(plan):
            lift[o] = self.value_after(plan, lift=o)
            if clock() > deadline:
                break
        halves = sorted(
            ((put[d] + lift[o], o, d) for d in put for o in lift if o != d and anchors[d] != [o]),
            reverse=True,
        )
        best, best_value = None, None
        for _, o, d in halves[:MOVES]:
            value = self.value_after(plan, lift=o, put=d)
            if best_value is None or value > best_value:
                best, best_value = (o, d), value
            if clock() > deadline:
                break
        if best is None:
            return None
        if plan.racing(mine_reach):
            return best  # a neutral piece is ours if we go now: keeping still loses time
        if lead == 0 and best_value < standing and not self.seen_pass:
            # Every move makes things worse (two lone pieces cover more than a pair): keep
            # still while level, unless the others have been seen to keep still too (the
            # game would end level). Behind, never: the game would end lost.
            return None
        return best

    def rank_destinations(self, plan, anchors, mine_reach):
        """Destinations, most promising first: conversions, then how much nearer they bring
        us to neutral pieces and to squares the others reach first or as soon as we do."""
        cells, nbrs, size = plan.cells, plan.nbrs, plan.size
        best = plan.best
        neutrals = plan.neutrals

        def promise(d):
            gain = 0.0
            for n in nbrs[d]:
                if cells[n] == NEUTRAL:
                    gain += 100.0
            for v in neutrals:
                steps = torus(d, v, size)
                if steps < mine_reach[v]:
                    gain += 10.0 * GAMMA**steps
            # Frontier squares the others are near are where our reach matters.
            gain += 1.0 / (1 + abs(best[d] - mine_reach[d]))
            return gain

        return sorted(anchors, key=promise, reverse=True)

    def rank_origins(self, plan):
        """Our pieces, cheapest to lift first: the most crowded by our other pieces, and away
        from the squares the others contest."""
        cells, nbrs, me = plan.cells, plan.nbrs, plan.me
        best = plan.best

        def cost(q):
            own = sum(1 for n in nbrs[q] if cells[n] == me)
            return (-own, -best[q])

        return sorted(plan.pieces[me], key=cost)

    def value_after(self, plan, lift=None, put=None):
        """The value of the position after lifting our piece from ``lift`` and putting one
        on ``put`` (either may be None: half a move, scored to rank whole ones)."""
        me, nbrs = plan.me, plan.nbrs
        cells = plan.cells[:]
        counts = dict(plan.counts)
        mine = list(plan.pieces[me])
        changed = []
        converted = []
        if lift is not None:
            cells[lift] = 0
            mine.remove(lift)
            changed += [lift, *nbrs[lift]]
        if put is not None:
            cells[put] = me
            converted = [n for n in nbrs[put] if cells[n] == NEUTRAL]
            for n in converted:
                cells[n] = me
            counts[me] += len(converted)
            mine += [put, *converted]
            changed += [put, *nbrs[put]]
        available = set(plan.available)
        for s in changed:
            if is_available(cells, nbrs, s):
                available.add(s)
            else:
                available.discard(s)
        neutrals = [v for v in plan.neutrals if v not in converted]
        return plan.value(reach(cells, mine, nbrs, plan.area), available, counts, neutrals)
