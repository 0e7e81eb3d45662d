"""Misbehaving bot for the browser tests: thinks forever on every request."""


def move(view):
    while True:
        pass
