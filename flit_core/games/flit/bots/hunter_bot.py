"""Hunter bot: a strong hand-tuned heuristic. Copy it and make it stronger.

Pieces only grow by converting neutral pieces, and a neutral piece goes to the first bot
that puts a piece next to it. A new piece must touch one of our other pieces, so our
reach grows by one square per move: the bot whose pieces are nearest a neutral piece
wins the race for it. So, every turn:

1. Convert neutral pieces if we can (as many as one move allows).
2. Else race for the nearest neutral piece we can still reach first: step towards it.
3. Else spread out: move our most crowded piece to where it makes us the nearest bot to
   the most squares where a neutral piece can appear (a Voronoi "territory").
"""

from collections import deque

from flit_core import Move
from flit_core.games.flit.board import neighbour_table

NEUTRAL = 5


def distances(sources, size, nbrs):
    """Steps from the nearest of `sources` to every square (the board wraps)."""
    dist = [size * size] * (size * size)
    queue = deque(sources)
    for s in sources:
        dist[s] = 0
    while queue:
        s = queue.popleft()
        step = dist[s] + 1
        for n in nbrs[s]:
            if dist[n] > step:
                dist[n] = step
                queue.append(n)
    return dist


def disc(radius):
    """Offsets (dx, dy) within `radius` steps, nearest first."""
    offsets = [
        (dx, dy)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if 0 < abs(dx) + abs(dy) <= radius
    ]
    return sorted(offsets, key=lambda o: abs(o[0]) + abs(o[1]))


AROUND = disc(2)
NEARBY = disc(6)


def torus(a, b, size):
    dx = abs(a % size - b % size)
    dy = abs(a // size - b // size)
    return min(dx, size - dx) + min(dy, size - dy)


def move(view):
    size, me = view.size, view.me
    cells = view.board.cells
    nbrs = neighbour_table(size)
    mine = [i for i, c in enumerate(cells) if c == me]
    theirs = [i for i, c in enumerate(cells) if c not in (0, me, NEUTRAL)]
    neutrals = [i for i, c in enumerate(cells) if c == NEUTRAL]

    # Empty squares touching our pieces, with the pieces that make them legal.
    anchors = {}
    for q in mine:
        for d in nbrs[q]:
            if cells[d] == 0:
                anchors.setdefault(d, []).append(q)
    if not anchors:
        return None

    def as_move(origin, destination):
        return Move(origin % size, origin // size, destination % size, destination // size)

    def shifted(q, offsets):
        x, y = q % size, q // size
        return [((y + dy) % size) * size + (x + dx) % size for dx, dy in offsets]

    # Our most crowded pieces are the cheapest to lift: others nearby cover their area.
    crowding = {q: sum(1 for s in shifted(q, AROUND) if cells[s] == me) for q in mine}
    by_crowding = sorted(mine, key=crowding.get, reverse=True)

    def origin_for(destination, keep=()):
        for q in by_crowding:
            if q != destination and anchors[destination] != [q] and q not in keep:
                return q
        return None

    # 1. Convert.
    gains = {d: sum(1 for n in nbrs[d] if cells[n] == NEUTRAL) for d in anchors}
    best = max(gains, key=gains.get)
    if gains[best] > 0:
        origin = origin_for(best)
        if origin is not None:
            return as_move(origin, best)

    dist_me = distances(mine, size, nbrs)
    dist_them = distances(theirs, size, nbrs) if theirs else [size * size] * (size * size)

    # 2. Race for the neutral piece we reach first (ties go to us: we move now).
    races = [(dist_me[n], n) for n in neutrals if dist_me[n] <= dist_them[n]]
    for _, target in sorted(races):
        steps = sorted(anchors, key=lambda d: torus(d, target, size))
        nearest = [q for q in mine if dist_me[target] == torus(q, target, size)]
        for d in steps[:4]:
            origin = origin_for(d, keep=nearest)
            if origin is not None and torus(d, target, size) < dist_me[target]:
                return as_move(origin, d)

    # 3. Spread: territory = squares where a neutral piece may appear that we reach first.
    def weight(s):
        if cells[s]:
            return 0.0
        return 1.0 if all(cells[n] == 0 for n in nbrs[s]) else 0.3

    weights = [weight(s) for s in range(size * size)]

    def territory_gain(d):
        total = 0.0
        for (dx, dy), s in zip(NEARBY, shifted(d, NEARBY), strict=True):
            if not weights[s]:
                continue
            new = abs(dx) + abs(dy)
            if new < dist_me[s]:
                old_share = 1.0 if dist_me[s] < dist_them[s] else 0.5 if dist_me[s] == dist_them[s] else 0.0
                new_share = 1.0 if new < dist_them[s] else 0.5 if new == dist_them[s] else 0.0
                total += weights[s] * (new_share - old_share + 0.02 * (dist_me[s] - new))
        return total

    # Only the most promising destinations are scored in full.
    frontier = sorted(anchors, key=lambda d: dist_them[d] + 2 * weights[d], reverse=True)[:10]
    scored = sorted(((territory_gain(d), d) for d in frontier), reverse=True)
    for gain, d in scored:
        origin = origin_for(d)
        if origin is not None and gain > 0.5:
            return as_move(origin, d)
    return None
