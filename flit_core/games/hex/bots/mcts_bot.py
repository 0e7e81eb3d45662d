"""Monte-Carlo tree search bot: the strongest example, in pure Python (standard library only).

Each move it grows a search tree from the current position for under half of what is left
of the move's time limit on the clock that charges it (``view.clock``; at most 10 s; 1 s
when there is no limit): walk down choosing the most promising
moves, finish the game with a fast random playout, and count the result in every move on
the way (RAVE / all-moves-as-first: a cell that the winner ended up holding is credited as
if played first). Playouts fill the empty cells in random order but answer an intrusion
into a bridge (two stones, or a stone and its edge, joined by two empty cells) by taking the
other cell, as players do; on a full board exactly one colour connects, found by one flood
fill.

Around the search: it takes a winning cell at once and blocks the opponent's only winning
cell at once; it swaps a first stone that is away from the board's edges and opens itself
one row in from its own edge (a stone it would not swap); when the time left is tiny it
plays the cell the connection distances say matters most. The tree is kept from one move to
the next when the opponent's reply is in it.
"""

import random

LETTERS = "abcdefghijklmnopqrstuvwxyz"
EMPTY, BLACK, WHITE = 0, 1, 2
#: Share of the move's time limit spent searching: the rest is a margin for a busy machine.
SHARE = 0.45
#: Search time (ms) when no limit is given.
UNLIMITED_MS = 1000.0
#: The longest search (ms), whatever the limit (the tournament's is 2 minutes): the tree
#: would outgrow a browser's memory long before the moves got much better.
LONGEST_MS = 10_000.0
#: New tree nodes per search, times the board's cells: a node holds a few lists of that
#: length, so this bounds the memory a search takes (under 100 MB).
NODE_CELLS = 1_000_000
#: Below this search time (ms) the distance heuristic answers without a search.
TINY_MS = 15.0
#: A tree node's child gets its own node once it has been tried this often.
EXPAND_AFTER = 2
#: How fast RAVE's estimate gives way to the move's own results (larger: slower).
RAVE_WEIGHT = 0.002
#: Virtual RAVE trials of a new move, and the extra virtual wins of a promising root move.
PRIOR_TRIALS = 4
PRIOR_BONUS = 3.0


def cell_name(index, size):
    """A flat index's cell name (``23`` on 10x10 is ``c4``)."""
    row, col = divmod(index, size)
    return f"{LETTERS[row]}{col + 1}"


class Geometry:
    """A board size's neighbours, sides and bridges, computed once."""

    def __init__(self, size):
        self.size = size
        self.area = area = size * size
        steps = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))
        self.neighbours = [
            [
                r * size + c
                for r, c in ((i // size + dr, i % size + dc) for dr, dc in steps)
                if 0 <= r < size and 0 <= c < size
            ]
            for i in range(area)
        ]
        near = [set(cells) for cells in self.neighbours]
        # carriers[x]: (p, q, y) for each bridge p-q whose two shared empty cells are x and y,
        # so that a stone on x is answered on y. q < 0 stands for a side (-BLACK: top or
        # bottom, -WHITE: left or right): a stone on the second line is bridged to its edge.
        self.carriers = [[] for _ in range(area)]
        for p in range(area):
            for q in {q for x in near[p] for q in near[x] if q > p and q not in near[p]}:
                shared = near[p] & near[q]
                if len(shared) == 2:
                    x, y = shared
                    self.carriers[x].append((p, q, y))
                    self.carriers[y].append((p, q, x))
        for line, edge in ((1, 0), (size - 2, size - 1)):
            if size < 3:
                break
            for k in range(size):
                for colour, p, cells in (
                    (BLACK, line * size + k, [edge * size + c for c in (k, k + 1 - 2 * (edge > 0)) if 0 <= c < size]),
                    (WHITE, k * size + line, [r * size + edge for r in (k, k + 1 - 2 * (edge > 0)) if 0 <= r < size]),
                ):
                    if len(cells) == 2:
                        x, y = cells
                        self.carriers[x].append((p, -colour, y))
                        self.carriers[y].append((p, -colour, x))


def black_connects(board, geometry):
    """True when Black joins top and bottom on ``board`` (a flood fill from the top)."""
    neighbours = geometry.neighbours
    last_row = geometry.area - geometry.size
    stack = [c for c in range(geometry.size) if board[c] == BLACK]
    seen = bytearray(geometry.area)
    for c in stack:
        seen[c] = 1
    while stack:
        c = stack.pop()
        if c >= last_row:
            return True
        for d in neighbours[c]:
            if board[d] == BLACK and not seen[d]:
                seen[d] = 1
                stack.append(d)
    return False


def playout(board, empties, colour, geometry, rng):
    """Fill the empty cells of ``board`` (a list, changed in place) in random order starting
    with ``colour``, saving bridges; returns the winning colour."""
    # Cells are drawn one at a time (swap-remove from the pool): cheaper than a shuffle.
    pool = empties[:]
    unpicked = len(pool)
    left = unpicked
    draw = rng.random
    carriers = geometry.carriers
    reply = -1
    while left:
        if reply >= 0:
            x = reply
            reply = -1
        else:
            while True:
                i = int(draw() * unpicked)
                x = pool[i]
                unpicked -= 1
                pool[i] = pool[unpicked]
                if not board[x]:
                    break
        board[x] = colour
        left -= 1
        colour = 3 - colour
        for p, q, y in carriers[x]:
            if board[p] == colour and (board[q] == colour if q >= 0 else q == -colour) and not board[y]:
                reply = y
                break
    return BLACK if black_connects(board, geometry) else WHITE


def side_distances(board, colour, geometry, far):
    """0-1 breadth-first search from one of ``colour``'s sides: stones needed to reach each
    cell, that cell included (own stones cost 0, empty cells 1, the opponent's are walls)."""
    size, area = geometry.size, geometry.area
    if colour == BLACK:
        starts = range(area - size, area) if far else range(size)
    else:
        starts = range(size - 1, area, size) if far else range(0, area, size)
    best = [area + 1] * area
    for c in starts:
        if board[c] == colour:
            best[c] = 0
        elif board[c] == EMPTY:
            best[c] = 1
    # Buckets by distance: cheaper than a deque for small integer costs.
    buckets = [[] for _ in range(area + 2)]
    for c in starts:
        if best[c] <= area:
            buckets[best[c]].append(c)
    neighbours = geometry.neighbours
    for cost in range(area + 1):
        queue = buckets[cost]
        while queue:
            c = queue.pop()
            if best[c] != cost:
                continue
            for d in neighbours[c]:
                value = board[d]
                if value == colour:
                    if cost < best[d]:
                        best[d] = cost
                        queue.append(d)
                elif value == EMPTY and cost + 1 < best[d]:
                    best[d] = cost + 1
                    buckets[cost + 1].append(d)
    return best


def through_distances(board, colour, geometry):
    """For each empty cell, the fewest stones ``colour`` needs to join its sides through it."""
    near = side_distances(board, colour, geometry, False)
    far = side_distances(board, colour, geometry, True)
    return [near[c] + far[c] - 1 for c in range(geometry.area)]


def winning_cells(board, colour, geometry):
    """The empty cells where a stone of ``colour`` joins its two sides at once."""
    size = geometry.size
    neighbours = geometry.neighbours
    reach = []
    for far in (False, True):
        if colour == BLACK:
            side = range(geometry.area - size, geometry.area) if far else range(size)
        else:
            side = range(size - 1, geometry.area, size) if far else range(0, geometry.area, size)
        touched = bytearray(geometry.area)
        stack = [c for c in side if board[c] == colour]
        for c in side:
            touched[c] = 1
        while stack:
            c = stack.pop()
            for d in neighbours[c]:
                if not touched[d]:
                    touched[d] = 1
                    if board[d] == colour:
                        stack.append(d)
        reach.append(touched)
    top, bottom = reach
    return [c for c in range(geometry.area) if board[c] == EMPTY and top[c] and bottom[c]]


def heuristic_scores(board, colour, geometry):
    """How much each empty cell matters by the connection distances: on both players'
    shortest paths scores best (lower is better)."""
    mine = through_distances(board, colour, geometry)
    theirs = through_distances(board, 3 - colour, geometry)
    return [mine[c] + theirs[c] for c in range(geometry.area)]


def centrality(index, size):
    """Distance from the centre (a tie-breaker: central cells first)."""
    row, col = divmod(index, size)
    middle = (size - 1) / 2
    return abs(row - middle) + abs(col - middle) + abs(row + col - 2 * middle)


class Node:
    """A position in the tree: the colour to move and each cell's statistics, indexed by
    cell (an occupied cell's value is -1, so it is never chosen)."""

    __slots__ = ("colour", "visits", "wins", "rave_visits", "rave_wins", "value", "children", "left")

    def __init__(self, colour, board, bonus=None):
        area = len(board)
        self.colour = colour
        self.visits = [0] * area
        self.wins = [0] * area
        self.rave_visits = [PRIOR_TRIALS] * area
        self.rave_wins = [PRIOR_TRIALS / 2] * area
        self.value = [-1.0 if stone else 0.5 for stone in board]
        self.children = {}
        #: Empty cells left.
        self.left = area - sum(1 for stone in board if stone)
        if bonus is not None:
            for cell, extra in bonus.items():
                self.rave_visits[cell] += extra
                self.rave_wins[cell] += extra
                self.value[cell] = self.rave_wins[cell] / self.rave_visits[cell]

    def best(self):
        """The most visited cell (before any visit, the most promising one)."""
        most = max(self.visits)
        return self.visits.index(most) if most else self.value.index(max(self.value))


def worth_swapping(board, size):
    """Swap a first stone at least two lines from every edge (one line below 7x7, none on
    2x2), except in an acute corner (``a1`` or the last cell), the weakest of all."""
    stone = next(c for c in range(size * size) if board[c] != EMPTY)
    row, col = divmod(stone, size)
    margin = 2 if size >= 7 else 1 if size >= 3 else 0
    return min(row, col, size - 1 - row, size - 1 - col) >= margin and stone not in (0, size * size - 1)


def opening(size, swap_rule):
    """Black's first stone: the centre without the swap rule; with it, one we would not swap
    ourselves, in the middle of the line next to Black's top edge (the edge itself below 7x7)."""
    if not swap_rule:
        return (size // 2) * size + size // 2
    return (1 if size >= 7 else 0) * size + size // 2


def settled(root, remaining):
    """True when the most visited root move stays first even if the ``remaining``
    iterations all went to the runner-up."""
    visits = sorted(root.visits)
    return len(visits) < 2 or visits[-1] - visits[-2] > remaining


class Bot:
    """One game's player: keeps its tree between moves."""

    def __init__(self):
        self.rng = random.Random()
        self.geometry = None
        self.root = None
        self.root_board = None
        self.playouts = 0
        #: The clock that charges this bot (its view's).
        self.clock = None

    def move(self, view):
        """The move for ``view``: a cell name or ``"swap"``."""
        self.clock = clock = view.clock
        started = clock()
        size = view.size
        if self.geometry is None or self.geometry.size != size:
            self.geometry = Geometry(size)
            self.root = None
        geometry = self.geometry
        board = list(view.board.cells)
        colour = view.colour
        left = view.time_left_ms()
        budget = min(UNLIMITED_MS if left is None else SHARE * left, LONGEST_MS) / 1000.0
        deadline = started + budget
        empties = [c for c in range(geometry.area) if board[c] == EMPTY]
        if view.can_swap and worth_swapping(board, size):
            return "swap"
        if len(empties) == geometry.area:
            return cell_name(opening(size, view.board.swap_rule), size)
        if len(empties) == 1:
            return cell_name(empties[0], size)
        wins = winning_cells(board, colour, geometry)
        if wins:
            return cell_name(wins[0], size)
        threats = winning_cells(board, 3 - colour, geometry)
        if threats:
            # One threat must be blocked; with more the game is lost whatever we play.
            return cell_name(threats[0], size)
        scores = heuristic_scores(board, colour, geometry)
        if (deadline - clock()) * 1000.0 < TINY_MS:
            return cell_name(min(empties, key=lambda c: (scores[c], centrality(c, size))), size)
        return cell_name(self.search(board, colour, empties, scores, deadline), size)

    def reuse(self, board, colour):
        """The kept tree's node for ``board`` when it follows the kept root by our move and
        the opponent's reply, both in the tree; else None."""
        root, before = self.root, self.root_board
        if root is None or root.colour != colour or len(before) != len(board):
            return None
        changed = [c for c in range(len(board)) if board[c] != before[c]]
        mine = [c for c in changed if board[c] == colour]
        theirs = [c for c in changed if board[c] == 3 - colour]
        if len(changed) != 2 or len(mine) != 1 or len(theirs) != 1:
            return None
        child = root.children.get(mine[0])
        return None if child is None else child.children.get(theirs[0])

    def search(self, board, colour, empties, scores, deadline):
        """Grow the tree until ``deadline``; the most visited root move."""
        geometry = self.geometry
        rng = self.rng
        root = self.reuse(board, colour)
        if root is None:
            low = min(scores[c] for c in empties)
            bonus = {c: PRIOR_BONUS if scores[c] == low else PRIOR_BONUS / 2 for c in empties if scores[c] <= low + 1}
            root = Node(colour, board, bonus)
        self.root, self.root_board = root, board
        clock = self.clock
        begun = clock()
        weight = RAVE_WEIGHT
        iterations = 0
        growth = NODE_CELLS // geometry.area
        while True:
            now = clock()
            if now >= deadline or (
                iterations & 63 == 0 and iterations and settled(root, iterations * (deadline - now) / (now - begun))
            ):
                break
            iterations += 1
            current = board[:]
            node = root
            path = []
            while True:
                value = node.value
                move = value.index(max(value))
                current[move] = node.colour
                path.append((node, move))
                child = node.children.get(move)
                if child is None:
                    if node.visits[move] + 1 >= EXPAND_AFTER and node.left > 1 and growth:
                        node.children[move] = Node(3 - node.colour, current)
                        growth -= 1
                    break
                node = child
            rest = [c for c in empties if not current[c]]
            mover = 3 - path[-1][0].colour
            winner = (
                playout(current, rest, mover, geometry, rng)
                if rest
                else (BLACK if black_connects(current, geometry) else WHITE)
            )
            held = {
                BLACK: [c for c in empties if current[c] == BLACK],
                WHITE: [c for c in empties if current[c] == WHITE],
            }
            for depth, (node, move) in enumerate(path):
                mover = node.colour
                won = winner == mover
                visits, wins, rave_visits, rave_wins, value = (
                    node.visits,
                    node.wins,
                    node.rave_visits,
                    node.rave_wins,
                    node.value,
                )
                visits[move] += 1
                if won:
                    wins[move] += 1
                for cell in held[mover]:
                    rave_visits[cell] += 1
                    if won:
                        rave_wins[cell] += 1
                    n, r = visits[cell], rave_visits[cell]
                    if n:
                        beta = r / (r + n + weight * r * n)
                        value[cell] = beta * rave_wins[cell] / r + (1 - beta) * wins[cell] / n
                    else:
                        value[cell] = rave_wins[cell] / r
                # The cells played above this node are not its moves.
                for above, cell in path[:depth]:
                    if above.colour == mover:
                        value[cell] = -1.0
        self.playouts += iterations
        return root.best()
