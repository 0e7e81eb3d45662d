"""Greedy bot: the turn that leaves it with the most points if the game ended right after it.

Every turn of three actions is tried on the table (``Table.after``); a player's worth is its
points plus its holding (+2 a flipped coin, -1 an unflipped one: ``Player.total``). It never
looks at the others, nor at the end of the game. Ties go to the first turn in the order of
the action characters, so it is deterministic.

It plays the actions one at a time and goes on from each table it reaches only once: many
turns begin alike ("1A" takes a coin and puts it back, as "NN" does nothing), and a later
way to the same table can only tie with the first. So a move tries a few hundred actions,
not all 2,744 turns: about 3 ms natively, where trying every turn took 13 ms.
"""

ACTIONS = "123ABCXYZFURTN"


def move(view):
    seat = view.seat
    # The tables after one, then two actions, each with the first actions (in the order of
    # ACTIONS) that reach it. The others' points never count for this bot: tables that
    # differ only in them are one.
    reached = {None: ("", view.board)}
    for _ in range(2):
        following = {}
        for done, table in reached.values():
            for action in ACTIONS:
                after = table.after(seat, action)
                key = (after.pile, after.points[seat - 1], after.flipped, after.unflipped)
                following.setdefault(key, (done + action, after))
        reached = following
    # The dictionaries keep the order the turns were met in: the first best turn wins a tie.
    best_turn, best_total = None, None
    for done, table in reached.values():
        for action in ACTIONS:
            total = table.after(seat, action).player(seat).total
            if best_total is None or total > best_total:
                best_turn, best_total = done + action, total
    return best_turn
