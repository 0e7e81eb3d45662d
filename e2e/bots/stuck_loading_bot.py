"""A bot whose top-level code never finishes: the page must give up loading it after its
load limit, count the seat as crashed, and play the game to its end."""

while True:
    pass


def move(view):
    return None
