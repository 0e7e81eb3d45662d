"""The honest counterpart of ``patcher.py``: it passes every move and touches nothing."""


def move(view):
    return None
