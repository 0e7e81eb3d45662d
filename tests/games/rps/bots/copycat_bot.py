"""Copycat bot: throws what the opponent threw last round (rock to begin with), except in
the match's last round, where it throws what beats that (nobody can copy it back then)."""

BEATEN_BY = {"R": "P", "P": "S", "S": "R"}


def move(view):
    last = view.opponent_last
    copy = "R" if last is None else str(last)
    return BEATEN_BY[copy] if view.turn == view.config.rounds - 1 else copy
