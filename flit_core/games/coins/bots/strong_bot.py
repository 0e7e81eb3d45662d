"""Strong bot: the turn that leaves it furthest ahead of the best of the others.

Every turn of three actions is played on a copy of the table with the rules' own arithmetic
(``play_actions``); turns that end on the same table are judged once. A player's worth is its
points plus its holding (+2 a flipped coin, -1 an unflipped one), which is what it scores if
the game ends. A turn that empties the pile ends the game at once: winning it alone then
beats any margin, and losing it is avoided. Otherwise the turn with the largest lead over the
best other player wins (its own points alone are what greedy_bot counts: it rotates holdings
even when that feeds a rival more than itself). Ties go to the first turn in the order of the
action characters, so the bot is deterministic.
"""

from itertools import product

from flit_core.games.coins.table import play_actions

ACTIONS = "123ABCXYZFURTN"
TURNS = ["".join(turn) for turn in product(ACTIONS, repeat=3)]
#: What ending the game ahead (or behind) is worth beyond the margin.
DECISIVE = 1_000_000


def worth(seat, pile, points, flipped, unflipped):
    """The lead over the best other player (seat lists from index 1), decisive if the game ends."""
    totals = [p + 2 * f - u for p, f, u in zip(points, flipped, unflipped, strict=True)]
    mine = totals[seat]
    best = max(total for other, total in enumerate(totals) if other and other != seat)
    lead = mine - best
    if pile == 0:
        return lead + DECISIVE * ((lead > 0) - (lead < 0))
    return lead


def move(view):
    table = view.board
    seat = view.seat
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
        value = worth(seat, pile, p, f, u)
        if best_worth is None or value > best_worth:
            best_turn, best_worth = turn, value
    return best_turn
