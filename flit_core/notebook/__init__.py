"""Flit in notebooks (Jupyter, VS Code, JupyterLite): pictures, a replay player, a small API.

Positions, replays and results display themselves (an SVG board; an interactive player
that needs no kernel). The API, in the order a bot author meets it:

.. code-block:: python

    from flit_core.notebook import play, try_move, series, export_bot

    replay = play(my_bot, "examples/greedy_bot.py", seed=7)   # one game; shows a player
    try_move(my_bot, replay.position_at(40))                  # one move, checked and drawn
    series({"mine": my_bot, "greedy": "examples/greedy_bot.py"}, games=6)   # a leaderboard
    export_bot(my_bot, "my_bot.py")                           # a bot file for the referee
"""

from .display import position_html, replay_html, result_html
from .export import ExportError, export_bot
from .games import Leaderboard, Program, play, series
from .svg import Marks, board_svg
from .trial import MoveTrial, try_move

__all__ = [
    "ExportError",
    "Leaderboard",
    "Marks",
    "MoveTrial",
    "Program",
    "board_svg",
    "export_bot",
    "play",
    "position_html",
    "replay_html",
    "result_html",
    "series",
    "try_move",
]
