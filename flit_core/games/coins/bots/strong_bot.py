"""Strong bot: one turn ahead, judged the way the table's size calls for.

Every turn of three actions is played on a copy of the table with the rules' own arithmetic
(``play_actions``); turns that end on the same table are judged once. A player's worth is its
points plus its holding (+2 a flipped coin, -1 an unflipped one), which is what it scores if
the game ends.

At a small table (up to :data:`SMALL_TABLE` players) the pile can run out: a turn that
empties it ends the game at once, so winning it alone then beats any margin and losing it is
avoided; otherwise the turn with the largest lead over the best other player wins (greedy_bot
counts its own worth alone: it rotates holdings even when that feeds a rival more than itself).

At a large table the pile never runs out and holdings change hands many times a round: what
the bot holds at the end of its turn is soon rotated away, while points stay. So it counts its
points, its holding's worth only breaking ties between turns of equal points (a point
outweighs :data:`POINT_WEIGHT` of it), and all of that worth on its last turn (the final
scoring): counting half of it lost points to the field's bots that count none. Ties go to the
first turn in the order of the action characters, so the bot is deterministic. A move costs
one pass over the 2,744 turns (under 30 ms natively at 17 players).
"""

from itertools import product

from flit_core.games.coins.table import play_actions

ACTIONS = "123ABCXYZFURTN"
TURNS = ["".join(turn) for turn in product(ACTIONS, repeat=3)]
#: What ending the game ahead (or behind) is worth beyond the margin.
DECISIVE = 1_000_000
#: The most players at a table judged by the lead (more: by the bot's own points).
SMALL_TABLE = 4
#: At a large table, how many units of its holding's worth a point outweighs before the bot's
#: last turn (whole numbers, as the C bot counts).
POINT_WEIGHT = 100


def lead(seat, pile, points, flipped, unflipped):
    """The lead over the best other player (seat lists from index 1), decisive if the game ends."""
    totals = [p + 2 * f - u for p, f, u in zip(points, flipped, unflipped, strict=True)]
    mine = totals[seat]
    best = max(total for other, total in enumerate(totals) if other and other != seat)
    margin = mine - best
    if pile == 0:
        return margin + DECISIVE * ((margin > 0) - (margin < 0))
    return margin


def move(view):
    table = view.board
    seat = view.seat
    small = table.players <= SMALL_TABLE
    holding_weight = POINT_WEIGHT if view.turns_left <= 1 else 1
    points, flipped, unflipped = [0, *table.points], [0, *table.flipped], [0, *table.unflipped]
    seen = set()
    best_turn, best_worth = TURNS[-1], None
    for turn in TURNS:
        p, f, u = points[:], flipped[:], unflipped[:]
        pile = play_actions(turn, seat, table.pile, table.order, p, f, u)
        outcome = (pile, *p, *f, *u)
        if outcome in seen:
            continue
        seen.add(outcome)
        if small:
            value = lead(seat, pile, p, f, u)
        else:
            value = POINT_WEIGHT * p[seat] + holding_weight * (2 * f[seat] - u[seat])
        if best_worth is None or value > best_worth:
            best_turn, best_worth = turn, value
    return best_turn
