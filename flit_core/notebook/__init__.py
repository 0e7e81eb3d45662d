"""Any game of the arena in notebooks (Jupyter, VS Code, JupyterLite): displays and a small API.

Boards, replays and results display themselves (the game's picture of a board; an
interactive replay player that needs no kernel; a table). The API, in the order a bot
author meets it (Flit unless ``game="..."`` or a configuration names another game):

.. code-block:: python

    from flit_core.games import get_game
    from flit_core.notebook import play, try_move, series, export_bot

    greedy = get_game("flit").examples["greedy"]                # an example bot's file
    replay = play(my_bot, greedy, seed=7)                       # one game; shows a player
    try_move(my_bot, replay.position_at(40))                    # one move, checked and drawn
    series({"mine": my_bot, "greedy": greedy}, games=6)         # a leaderboard
    export_bot(my_bot, "my_bot.py")                             # a bot file for the referee
"""

from .display import replay_html, result_html
from .export import ExportError, export_bot
from .games import Leaderboard, Program, play, series
from .trial import MoveTrial, try_move

__all__ = [
    "ExportError",
    "Leaderboard",
    "MoveTrial",
    "Program",
    "export_bot",
    "play",
    "replay_html",
    "result_html",
    "series",
    "try_move",
]
