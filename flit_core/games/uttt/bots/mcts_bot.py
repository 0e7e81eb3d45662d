"""Monte-Carlo tree search bot: the strongest example, in pure Python (standard library only,
so it also runs in the browser).

Each move it grows a search tree from the current position for under half the time left of
its limit, on the clock that charges it (``view.clock``):
walk down the tree choosing moves by UCT (the upper confidence bound of their results),
expand the position reached, finish the game with a fast playout, and count the result in
every move on the way. A new move starts with a few virtual games at a value from simple
knowledge (progressive bias): winning a small board is good and blocking the opponent's line
too; sending the opponent to a board it can win (worse: one that wins it the game) or letting
it play anywhere is bad. The playout plays at random except that whoever can win the small
board they are in does so. Boards are bitmasks (one 9-bit mask per board and mark), so a
line is one table look-up.

The search is also a solver (MCTS-Solver): a position whose outcome the tree has proven is
not played out again, a proven win is taken and a proven loss avoided while anything else is
left. Around the search: it wins the game at once when one move does, and never considers a
move that lets the opponent win the game next (unless every move does). The tree is kept
from one move to the next when the opponent's reply is in it.
"""

import math
import random

#: Share of the move's time limit spent searching: the rest is a margin for a busy machine.
SHARE = 0.45
#: Search time (ms) when no limit is given, and the longest search whatever the limit.
UNLIMITED_MS = 1000.0
LONGEST_MS = 10_000.0
#: UCT's exploration constant.
EXPLORATION = 0.8
#: The credit of a game without winner (a win is 1): it costs both bots 10 points, so the
#: search prefers a fighting chance to a quiet draw.
DRAW = 0.25
#: Virtual games a new move starts with, at its prior's value.
PRIOR = 10

ALL = 0x1FF
LINES = (0b000000111, 0b000111000, 0b111000000, 0b001001001, 0b010010010, 0b100100100, 0b100010001, 0b001010100)
WINS = [any(mask & line == line for line in LINES) for mask in range(512)]
# COMPLETING[mask]: the tiles outside mask that complete a line with it.
COMPLETING = [sum(1 << t for t in range(9) if not mask >> t & 1 and WINS[mask | 1 << t]) for mask in range(512)]
TILES = [[t for t in range(9) if mask >> t & 1] for mask in range(512)]
OPEN, FULL = 0, 3


class Node:
    """A position reached by ``move`` (board * 9 + tile) of ``mover``: its results so far
    from ``mover``'s side (with the prior's virtual games), its children once expanded."""

    __slots__ = ("move", "mover", "result", "children", "n", "visits", "wins", "proven")

    def __init__(self, move, mover, value):
        self.move = move
        self.mover = mover
        #: The game's end here (the winning mark, or 0 without winner); -1 while it goes on
        #: or not known yet.
        self.result = -1
        self.children = None
        #: Games played through this node; games with the prior's virtual ones, and their wins.
        self.n = 0
        self.visits = PRIOR
        self.wins = PRIOR * value
        #: Solved (MCTS-Solver): 1 when ``mover`` wins from here whatever the opponent does,
        #: -1 when the opponent has a win, 0 while not known (draws are never marked).
        self.proven = 0


def prior(masks, statuses, won, move, mover):
    """How promising ``move`` of ``mover`` looks before any search (0..1, 0.5 neutral)."""
    b, t = divmod(move, 9)
    if mover == 1:
        mine, theirs = masks[b], masks[9 + b]
    else:
        mine, theirs = masks[9 + b], masks[b]
    bit = 1 << t
    value = 0.5
    wins_board = COMPLETING[mine] & bit
    if wins_board:
        value += 0.25
    if COMPLETING[theirs] & bit:
        value += 0.1
    if t == b:
        open_next = not wins_board and mine | theirs | bit != ALL
        opponent, own = theirs, mine | bit
    else:
        open_next = statuses[t] == OPEN
        opponent, own = (masks[9 + t], masks[t]) if mover == 1 else (masks[t], masks[9 + t])
    if not open_next:
        value -= 0.15
    elif COMPLETING[opponent] & ~(opponent | own) & ALL:
        value -= 0.4 if WINS[won[3 - mover] | 1 << t] else 0.2
    return value


def legal(masks, statuses, target):
    """The legal moves (board * 9 + tile) for the board ``target`` (-1: free)."""
    if target >= 0:
        base = target * 9
        return [base + t for t in TILES[~(masks[target] | masks[9 + target]) & ALL]]
    return [b * 9 + t for b in range(9) if statuses[b] == OPEN for t in TILES[~(masks[b] | masks[9 + b]) & ALL]]


def play(masks, statuses, won, move, mover):
    """Play ``move`` for ``mover`` (1 X, 2 O) in place; returns (the next target or -1, the
    game's end: the winning mark, 0 without winner, -1 while it goes on)."""
    b, t = divmod(move, 9)
    index = b if mover == 1 else 9 + b
    mine = masks[index] | 1 << t
    masks[index] = mine
    if WINS[mine]:
        statuses[b] = mover
        boards = won[mover] | 1 << b
        won[mover] = boards
        if WINS[boards]:
            return -1, mover
    elif mine | masks[b + 9 if mover == 1 else b] == ALL:
        statuses[b] = FULL
    if OPEN not in statuses:
        return -1, 0
    return (t if statuses[t] == OPEN else -1), -1


def playout(masks, statuses, won, target, mover, draw):
    """Finish the game from here with ``mover`` to move, in place; the winning mark (0: none)."""
    opens = [b for b in range(9) if statuses[b] == OPEN]
    while True:
        b = opens[int(draw() * len(opens))] if target < 0 else target
        if mover == 1:
            mine_at, theirs_at = b, b + 9
        else:
            mine_at, theirs_at = b + 9, b
        mine = masks[mine_at]
        empty = ~(mine | masks[theirs_at]) & ALL
        winning = COMPLETING[mine] & empty
        if winning:
            t = TILES[winning][0]
            masks[mine_at] = mine | 1 << t
            statuses[b] = mover
            boards = won[mover] | 1 << b
            won[mover] = boards
            if WINS[boards]:
                return mover
            opens.remove(b)
            if not opens:
                return 0
        else:
            tiles = TILES[empty]
            t = tiles[int(draw() * len(tiles))]
            mine |= 1 << t
            masks[mine_at] = mine
            # No tile completed a line: the board is only decided if it is now full.
            if mine | masks[theirs_at] == ALL:
                statuses[b] = FULL
                opens.remove(b)
                if not opens:
                    return 0
        target = t if statuses[t] == OPEN else -1
        mover = 3 - mover


def threatens_game(masks, statuses, won, target, mover):
    """True when ``mover`` can win the game with one move (in ``target``, or anywhere if -1)."""
    boards = range(9) if target < 0 else (target,)
    offset = 0 if mover == 1 else 9
    other = 9 - offset
    for b in boards:
        if statuses[b] == OPEN and WINS[won[mover] | 1 << b]:
            mine = masks[offset + b]
            if COMPLETING[mine] & ~(mine | masks[other + b]) & ALL:
                return True
    return False


def solve(path):
    """MCTS-Solver along the path just walked: a game won by the move that ended it is proven,
    and so upward: a position where the player to move has a proven win is lost for the one
    who moved into it, and one where every reply is proven lost is won for that player."""
    child = path[-1]
    if child.result != child.mover:
        return
    child.proven = 1
    for parent in reversed(path[:-1]):
        if child.proven > 0:
            parent.proven = -1
        elif all(sibling.proven < 0 for sibling in parent.children):
            parent.proven = 1
        else:
            return
        child = parent


class Bot:
    """One game's player: keeps its tree between moves."""

    def __init__(self):
        self.rng = random.Random()
        self.root = None
        #: The cells after our last move, whose tree ``root`` is.
        self.root_cells = None
        #: Search iterations, and moves whose search began from the kept tree, in this game.
        self.iterations = 0
        self.reused = 0
        #: The clock that charges this bot (its view's).
        self.clock = None

    def move(self, view):
        """The move for ``view``: a (board, tile) pair."""
        self.clock = view.clock
        started = self.clock()
        left = view.time_left_ms()
        budget = min(UNLIMITED_MS if left is None else SHARE * left, LONGEST_MS) / 1000.0
        position = view.board
        me = view.me
        cells = position.cells
        masks = [0] * 18
        for index, mark in enumerate(cells):
            if mark:
                b, t = divmod(index, 9)
                masks[b if mark == 1 else 9 + b] |= 1 << t
        statuses = list(position.statuses)
        won = [0, 0, 0]
        for b, status in enumerate(statuses):
            if status in (1, 2):
                won[status] |= 1 << b
        target = -1 if position.target is None else position.target
        moves = legal(masks, statuses, target)
        if len(moves) == 1:
            return divmod(moves[0], 9)
        safe = []
        for move in moves:
            after_masks, after_statuses, after_won = masks[:], statuses[:], won[:]
            next_target, result = play(after_masks, after_statuses, after_won, move, me)
            if result == me:
                return divmod(move, 9)
            if result >= 0 or not threatens_game(after_masks, after_statuses, after_won, next_target, 3 - me):
                safe.append(move)
        allowed = safe or moves
        root = self.reused_root(cells, position, me)
        if root is None:
            root = Node(-1, 3 - me, 0.5)
        else:
            self.reused += 1
        kept = set(allowed)
        if root.children is None:
            root.children = [Node(move, me, prior(masks, statuses, won, move, me)) for move in allowed]
        else:
            root.children = [child for child in root.children if child.move in kept]
        best = self.search(root, masks, statuses, won, target, me, started + budget)
        self.root = best
        after = list(cells)
        after[best.move] = me
        self.root_cells = after
        return divmod(best.move, 9)

    def reused_root(self, cells, position, me):
        """The kept tree's node for this position when it follows our last move by one
        opponent move in the tree (and the rules sent us where that move says); else None."""
        kept, before = self.root, self.root_cells
        if kept is None or position.last is None:
            return None
        changed = [i for i in range(81) if cells[i] != before[i]]
        if (
            len(changed) != 1
            or cells[changed[0]] != 3 - me
            or changed[0] != position.last.board * 9 + position.last.tile
        ):
            return None
        for child in kept.children or ():
            if child.move == changed[0]:
                return child
        return None

    def search(self, root, masks, statuses, won, target, me, deadline):
        """Grow the tree from ``root`` until ``deadline``; the child played most."""
        draw = self.rng.random
        clock = self.clock
        sqrt, log = math.sqrt, math.log
        c = EXPLORATION
        iterations = 0
        while clock() < deadline or iterations == 0:
            iterations += 1
            m, s, w = masks[:], statuses[:], won[:]
            node = root
            path = [root]
            mover = me
            next_target = target
            while True:
                if node.result >= 0:
                    result = node.result
                    break
                if node.proven:
                    result = node.mover if node.proven > 0 else 3 - node.mover
                    break
                children = node.children
                if children is None:
                    if node.n == 0:
                        result = playout(m, s, w, next_target, mover, draw)
                        break
                    children = node.children = [
                        Node(move, mover, prior(m, s, w, move, mover)) for move in legal(m, s, next_target)
                    ]
                scale = c * sqrt(log(node.n + 1))
                best, best_value = children[0], -2.0
                for child in children:
                    proven = child.proven
                    if proven:
                        # A won child is played at once; a lost one only when all are lost.
                        if proven > 0:
                            best = child
                            break
                        continue
                    visits = child.visits
                    value = child.wins / visits + scale / sqrt(visits)
                    if value > best_value:
                        best, best_value = child, value
                node = best
                next_target, node.result = play(m, s, w, node.move, mover)
                path.append(node)
                mover = 3 - mover
            solve(path)
            for node in path:
                node.n += 1
                node.visits += 1
                if result == node.mover:
                    node.wins += 1.0
                elif result == 0:
                    node.wins += DRAW
        self.iterations += iterations
        return max(root.children, key=lambda child: (child.proven, child.n))
