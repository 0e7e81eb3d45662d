"""Shortest-path bot: plays the empty cell that most improves its connection distance
against the opponent's (its own stones needed minus the opponent's), first such cell on
ties; it never swaps."""

from flit_core.games.hex.view import connection_distance


def move(view):
    me, them = view.colour, view.opponent_colour
    best, best_score = None, None
    board = view.board
    size = view.size
    cells = list(board.cells)
    for cell in view.empty_cells():
        index = cell.row * size + cell.col
        cells[index] = me
        trial = type(board)(size, tuple(cells), board.black, board.moves + 1, cell, board.swap_rule)
        cells[index] = 0
        mine = connection_distance(trial, me)
        theirs = connection_distance(trial, them)
        score = (size * size if theirs is None else theirs) - (mine if mine is not None else size * size)
        if best_score is None or score > best_score:
            best, best_score = cell, score
    return str(best)
