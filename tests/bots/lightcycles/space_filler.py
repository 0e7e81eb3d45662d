"""The "Space Filler" of submissions.js, ported line for line to the arena's Python API
(its view offers the JavaScript names): it plays the same moves."""

steps = None


def move(state):
    global steps
    steps = 1 if steps is None else steps + 1
    width, height = state.getDim()
    x, y = state.getSelf()
    board = state.getBoard()

    def room(a, b):
        seen = {a * height + b}
        todo = [[a, b]]
        while todo:
            c, d = todo.pop()
            for e, f in [[c, d + 1], [c + 1, d], [c, d - 1], [c - 1, d]]:
                if e < 0 or f < 0 or e >= width or f >= height:
                    continue
                if board[e][f] != " " or e * height + f in seen:
                    continue
                seen.add(e * height + f)
                todo.append([e, f])
        return len(seen)

    best = "N"
    best_room = 0
    for d, a, b in [["N", x, y + 1], ["E", x + 1, y], ["S", x, y - 1], ["W", x - 1, y]]:
        if state.get(a, b) != " ":
            continue
        size = room(a, b)
        if size > best_room:
            best = d
            best_room = size
    return best
