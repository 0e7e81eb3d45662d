"""Tactical bot: looks one move ahead for itself and one for its opponent.

1. It wins the game when one move does.
2. It never sends the opponent to a board where they could win the game next move (when
   its target board is decided, the opponent may play anywhere, so every open board counts),
   unless every move does.
3. Among the safe moves it wins a small board when it can; otherwise it prefers moves that
   do not send the opponent to a board they can win, and then picks at random.

Its generator is seeded from its seat and the position, not kept between moves, so it plays
the same under every protocol, even started afresh for every move.
"""

import random


def opponent_boards(after):
    """The boards the opponent may play in after our move."""
    return after.open_boards() if after.target is None else [after.target]


def opponent_wins_game(after, opponent):
    """True when the opponent can win the master board with its next move."""
    return any(
        after.winning_tiles(board, opponent) and after.completes_master(board, opponent)
        for board in opponent_boards(after)
    )


def opponent_wins_board(after, opponent):
    """True when the opponent can win a small board with its next move."""
    return any(after.winning_tiles(board, opponent) for board in opponent_boards(after))


def move(view):
    rng = random.Random(f"{view.me} {' '.join(view.boards)} {view.target}")
    me, opponent = view.me, 3 - view.me
    position = view.board
    moves = view.legal_moves()
    afters = {choice: position.after(choice) for choice in moves}
    for choice, after in afters.items():
        if after.winner == me:
            return choice
    safe = [choice for choice in moves if not opponent_wins_game(afters[choice], opponent)] or moves
    wins = [choice for choice in safe if afters[choice].status(choice.board) == me]
    if wins:
        return rng.choice(wins)
    quiet = [choice for choice in safe if not opponent_wins_board(afters[choice], opponent)]
    return rng.choice(quiet or safe)
