"""Small games that live in the tests, to prove that a game is one folder plus a registry line.

They are registered through the environment (``FLIT_ARENA_GAMES``, set in
``tests/conftest.py``), so the bot programs and workers the tests start find them too.
"""
