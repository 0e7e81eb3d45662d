"""Wall-follower bot: keeps a wall (or a trail) on its left hand. Each turn it turns left if
it can, else goes straight, else turns right; it starts heading into the field.
"""

LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT = {left: direction for direction, left in LEFT.items()}

heading = None
round_seen = None


def move(view):
    global heading, round_seen
    if round_seen != view.round:
        # A new round on a new field: start again, heading away from the edge we start on.
        round_seen = view.round
        heading = "S" if view.head[1] > 0 else "N"
    for direction in (LEFT[heading], heading, RIGHT[heading]):
        if view.free(*view.step(direction)):
            heading = direction
            return direction
    return heading
