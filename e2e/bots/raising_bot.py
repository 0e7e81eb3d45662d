"""Misbehaving bot for the browser tests: raises on every request."""


def move(view):
    raise RuntimeError(f"raising_bot fails on purpose at turn {view.turn}")
