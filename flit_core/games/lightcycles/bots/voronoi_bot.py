"""Voronoi bot: claims space. Each cell belongs to the bot that reaches it first; the bot
plays the move whose territory (its cells less everyone else's) is largest against the
nearest opponent's best reply (a two-ply search), and never steps next to another head
when it can help it. Once no opponent can reach its space any more, it fills that space:
the move that keeps the most of it reachable, hugging walls on ties.

The field is kept as bitsets (Python integers, one bit a cell, with a wall of zero bits
round it), so a whole breadth-first search is a few dozen shifts of one integer.
"""

LARGE = 10**6
#: Opponents further than this (steps) are not searched: they cannot meet us soon.
NEAR = 12


def free_cells(view):
    """The empty cells as a bitset: bit (x + 1) * (H + 2) + y + 1 for cell (x, y)."""
    height = view.height
    trail = view.field.trail
    table = bytes([49] + [48] * 255)  # "1" for an empty cell, "0" for a trail
    columns = [b"0" + trail[x * height : (x + 1) * height].translate(table)[::-1] + b"0" for x in range(view.width)]
    free = int(b"".join(reversed(columns)) + b"0" * (height + 2), 2)
    for head in view.heads:
        if view.inside(*head):
            free &= ~bit(view, head)
    return free


def bit(view, cell):
    """The bitset of one cell."""
    return 1 << ((cell[0] + 1) * (view.height + 2) + cell[1] + 1)


def grow(cells, stride):
    """Every cell next to one of ``cells``."""
    return (cells << 1) | (cells >> 1) | (cells << stride) | (cells >> stride)


def territory(free, mine, theirs, stride):
    """Cells we reach first and cells the others reach first (ties are nobody's)."""
    open_cells = free & ~(mine | theirs)
    ours = others = 0
    while mine or theirs:
        next_mine = grow(mine, stride) & open_cells
        next_theirs = grow(theirs, stride) & open_cells
        both = next_mine & next_theirs
        next_mine ^= both
        next_theirs ^= both
        open_cells ^= next_mine | next_theirs | both
        ours += next_mine.bit_count()
        others += next_theirs.bit_count()
        mine, theirs = next_mine, next_theirs
    return ours, others


def reach(free, start, stride):
    """Every free cell reachable from the cells of ``start``."""
    seen = start
    frontier = start
    while frontier:
        frontier = grow(frontier, stride) & free & ~seen
        seen |= frontier
    return seen


def move(view):
    stride = view.height + 2
    free = free_cells(view)
    me = view.index
    my_head = view.heads[me]
    others = [head for index, head in enumerate(view.heads) if index != me and view.inside(*head)]
    options = [(d, view.step(d)) for d in view.safe_moves()]
    if not options:
        return "N"
    their_heads = 0
    for head in others:
        their_heads |= bit(view, head)
    # Cells another head may move to this turn: stepping there risks a head-on crash.
    danger = grow(their_heads, stride)
    space = reach(free, bit(view, my_head), stride)
    if not grow(space | bit(view, my_head), stride) & their_heads:
        return fill(view, free, options, stride).value
    near = [head for head in others if abs(head[0] - my_head[0]) + abs(head[1] - my_head[1]) <= NEAR]
    rival = min(near, key=lambda head: abs(head[0] - my_head[0]) + abs(head[1] - my_head[1]), default=None)
    best, best_score = None, None
    for direction, cell in options:
        mine = bit(view, cell)
        after = free & ~mine
        if rival is None:
            ours, theirs = territory(after, mine, their_heads, stride)
            score = ours - theirs
        else:
            rest = their_heads & ~bit(view, rival)
            score = LARGE
            rx, ry = rival
            for x, y in ((rx, ry + 1), (rx + 1, ry), (rx, ry - 1), (rx - 1, ry)):
                reply = bit(view, (x, y))
                if not after & reply:
                    if (x, y) == cell:
                        score = min(score, -LARGE // 2)  # both crash: as bad as it gets bar losing alone
                    continue
                ours, theirs = territory(after & ~reply, mine, rest | reply, stride)
                score = min(score, ours - theirs)
            if score == LARGE:  # the rival has no move: it is out, whatever we do
                ours, theirs = territory(after, mine, rest, stride)
                score = ours - theirs
        if mine & danger:
            score -= LARGE // 4
        if best_score is None or score > best_score:
            best, best_score = direction, score
    return best.value


def fill(view, free, options, stride):
    """Alone in our space: keep the most of it, hugging walls (fewest free neighbours) on ties."""

    def value(option):
        direction, cell = option
        mine = bit(view, cell)
        after = free & ~mine
        kept = reach(after, mine, stride).bit_count()
        return kept, -(grow(mine, stride) & after).bit_count()

    return max(options, key=value)[0]
