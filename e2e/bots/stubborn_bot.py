"""Misbehaving bot for the browser tests: catches the interrupt and keeps looping."""


def move(view):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
