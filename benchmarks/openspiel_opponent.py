"""OpenSpiel's MCTS as an outside opponent for Hex and ultimate tic-tac-toe (benchmarks only).

OpenSpiel is never a dependency of the arena: install it into the venv for the benchmark
with ``.venv/bin/pip install open-spiel`` (a binary wheel; 2.0.2 was measured).

The opponent is OpenSpiel's C++ ``MCTSBot`` through ``pyspiel`` with a ``RandomRolloutEvaluator``
(one random rollout per leaf) at the settings of OpenSpiel's own MCTS example (UCT constant 2,
MCTS-Solver on). It is stopped on time, not by a simulation count: the bot's
``max_wall_clock_time`` makes its search loop check the clock before every simulation, and it
searches for :data:`SHARE` of the move's time limit, the share our strong bots search for, so
that both sides think equally long on every move.

The games are the same game, checked move by move (:func:`check_same_game` plays random games
in both at once; the opponent compares the legal moves on every turn of a real game too):

* Hex: OpenSpiel's action ``row * size + column`` is our cell ``(row, column)``; its first
  player (``x``) joins top and bottom like our Black and the neighbours are the same. Its
  swap (the last action) moves the first stone to the transposed cell in the second player's
  colour and keeps the players' sides; ours keeps the stone and exchanges the seats' colours.
  Those are the same position seen through the board's diagonal, so after a swap cells are
  translated transposed.
* Ultimate tic-tac-toe: boards and tiles are numbered in reading order in both. A free move
  is two OpenSpiel actions by the same player (the board, then the tile); a forced one is
  the tile alone. Both close a won or full board and call a game without a line a draw.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import random
import sys
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flit_core import get_game  # noqa: E402
from flit_core.games.adapters import Page  # noqa: E402
from flit_core.games.hex.board import SWAP, Cell  # noqa: E402
from flit_core.games.uttt.board import MOVES  # noqa: E402
from flit_core.rng import SeededRng  # noqa: E402

#: OpenSpiel's MCTS settings (its MCTS example's defaults, the simulation count aside).
UCT_C = 2.0
ROLLOUTS = 1
SOLVE = True
MAX_MEMORY_MB = 1000
#: Share of the move's time limit OpenSpiel searches for: our Hex and ultimate tic-tac-toe
#: MCTS bots' own (their SHARE; the rest is their margin for a busy machine).
SHARE = 0.45
#: How to install it, for the line printed when it is missing.
INSTALL = ".venv/bin/pip install open-spiel"
#: The opponent's name in the benchmarks' line-ups.
OPENSPIEL = "openspiel"


def pyspiel() -> Any:
    """The ``pyspiel`` module; SystemExit with one line when OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise SystemExit(f"OpenSpiel is not installed (a benchmark-only tool): {INSTALL}") from None


def installed() -> bool:
    """True when OpenSpiel can be imported."""
    return importlib.util.find_spec("pyspiel") is not None


def version() -> str:
    """The installed OpenSpiel's version."""
    return importlib.metadata.version("open-spiel")


def settings() -> str:
    """A line describing the opponent's settings."""
    return (
        f"OpenSpiel {version()} C++ MCTSBot, RandomRolloutEvaluator ({ROLLOUTS} rollout), UCT c={UCT_C:g}, "
        f"solver {'on' if SOLVE else 'off'}, {MAX_MEMORY_MB} MB tree, stopped at {SHARE:.0%} of the move's time limit"
    )


class Rules(ABC):
    """One game's translation between our moves and OpenSpiel's actions. ``position`` is
    always our snapshot of the same moment as OpenSpiel's ``state``."""

    @abstractmethod
    def game_string(self, config: Any) -> str:
        """OpenSpiel's name and parameters of the game ``config`` describes."""

    @abstractmethod
    def actions(self, state: Any, move: Any) -> list[int]:
        """OpenSpiel's actions for our legal ``move`` on OpenSpiel's ``state``."""

    @abstractmethod
    def legal(self, state: Any, position: Any) -> set[Any]:
        """OpenSpiel's legal moves on ``state``, as ours."""

    @abstractmethod
    def pick(self, bot: Any, root: Any, state: Any, position: Any) -> Any:
        """The move ``bot``'s search tree ``root`` on ``state`` chooses, as ours."""


class HexRules(Rules):
    """Hex: the same cells, transposed after a swap (see the module docstring)."""

    def game_string(self, config: Any) -> str:
        return f"hex(board_size={config.size},swap={str(config.swap).lower()})"

    @staticmethod
    def _swapped(state: Any) -> tuple[int, bool]:
        """The board's size, and whether the game's second move was the swap."""
        size = int(state.get_game().get_parameters()["board_size"])
        history = state.history()
        return size, len(history) > 1 and history[1] == size * size

    def actions(self, state: Any, move: Any) -> list[int]:
        size, swapped = self._swapped(state)
        if move == SWAP:
            return [size * size]
        row, col = (move.col, move.row) if swapped else (move.row, move.col)
        return [row * size + col]

    def _move(self, state: Any, action: int) -> Any:
        size, swapped = self._swapped(state)
        if action == size * size:
            return SWAP
        row, col = divmod(action, size)
        return Cell(col, row) if swapped else Cell(row, col)

    def legal(self, state: Any, position: Any) -> set[Any]:
        return {self._move(state, action) for action in state.legal_actions()}

    def pick(self, bot: Any, root: Any, state: Any, position: Any) -> Any:
        return self._move(state, root.best_child().action)


class UtttRules(Rules):
    """Ultimate tic-tac-toe: a free move is two actions, the board and the tile."""

    def game_string(self, config: Any) -> str:
        if config.ply_limit < 81:
            raise SystemExit("OpenSpiel's ultimate tic-tac-toe has no ply limit: use one of 81 turns or more")
        return "ultimate_tic_tac_toe"

    def actions(self, state: Any, move: Any) -> list[int]:
        # A turn ends with a tile action, which sends the opponent to that board while it is
        # open: a move in that board was forced; one elsewhere was free (the board was closed).
        history = state.history()
        return [move.tile] if history and move.board == history[-1] else [move.board, move.tile]

    def legal(self, state: Any, position: Any) -> set[Any]:
        if position.target is not None:
            return {MOVES[position.target * 9 + tile] for tile in state.legal_actions()}
        return {
            MOVES[board * 9 + tile] for board in state.legal_actions() for tile in state.child(board).legal_actions()
        }

    def pick(self, bot: Any, root: Any, state: Any, position: Any) -> Any:
        chosen = root.best_child()
        if position.target is not None:
            return MOVES[position.target * 9 + chosen.action]
        # A free move: one search over both decisions, the tile from the chosen board's node;
        # when that node was never expanded (a search the solver ended early), a second search.
        tile = chosen.best_child() or bot.mcts_search(state.child(chosen.action)).best_child()
        return MOVES[chosen.action * 9 + tile.action]


#: Each game's translation, by our game's name.
RULES: dict[str, Rules] = {"hex": HexRules(), "uttt": UtttRules()}


def make_bot(game: Any, seconds: float, seed: int) -> Any:
    """OpenSpiel's MCTS bot for ``game``, searching ``seconds`` a move."""
    spiel = pyspiel()
    evaluator = spiel.RandomRolloutEvaluator(ROLLOUTS, seed)
    return spiel.MCTSBot(
        game, evaluator, UCT_C, 10**9, MAX_MEMORY_MB, SOLVE, seed, False, spiel.ChildSelectionPolicy.UCT, seconds
    )


class OpenSpielBot:
    """OpenSpiel's MCTS as a bot for :func:`flit_core.play_game` (a class: one per game).

    It keeps OpenSpiel's state in step with the game: each turn it plays the opponent's last
    move on it, checks that both games allow the same moves (a clear error otherwise), and
    searches. ``simulations`` and ``searched_s`` count its work in this game."""

    def __init__(self, me: int, config: Any) -> None:
        self.rules = RULES[config.GAME]
        self.game = pyspiel().load_game(self.rules.game_string(config))
        self.state = self.game.new_initial_state()
        self.limit_ms = config.move_time_ms
        self.seed = random.randrange(2**31)
        self.simulations = 0
        self.searched_s = 0.0

    def move(self, view: Any) -> Any:
        """The move for ``view``: OpenSpiel's choice, translated."""
        position = view.board
        if position.last is not None:
            for action in self.rules.actions(self.state, position.last):
                self.state.apply_action(action)
        check_same_moves(set(view.legal_moves()), self.rules.legal(self.state, position))
        limit_ms = self.limit_ms if view.time_limit_ms is None else view.time_limit_ms
        bot = make_bot(self.game, SHARE * limit_ms / 1000.0, self.seed + len(self.state.history()))
        started = time.perf_counter()
        root = bot.mcts_search(self.state)
        self.searched_s += time.perf_counter() - started
        self.simulations += root.explore_count
        move = self.rules.pick(bot, root, self.state, position)
        for action in self.rules.actions(self.state, move):
            self.state.apply_action(action)
        return move


def check_same_moves(ours: set[Any], theirs: set[Any]) -> None:
    """RuntimeError, saying where they differ, unless both games allow the same moves."""
    if ours != theirs:
        only_ours, only_theirs = sorted(map(str, ours - theirs)), sorted(map(str, theirs - ours))
        raise RuntimeError(f"the games differ: only ours allows {only_ours}, only OpenSpiel's {only_theirs}")


def check_same_game(name: str, config: Any, games: int, seed: int = 0) -> int:
    """Play ``games`` random games of ``name`` in our rules and OpenSpiel's at once; after
    every move both must allow the same moves, and at the end agree on the winner (games
    with the swap rule swap in odd-numbered games).
    RuntimeError at the first difference; the moves checked."""
    definition, rules = get_game(name), RULES[name]
    game = pyspiel().load_game(rules.game_string(config))
    rng = random.Random(seed)
    checked = 0
    for number in range(games):
        # Any: both games' states say their winner, which the State interface does not.
        ours: Any = definition.new_state(config, SeededRng(seed + number))
        theirs = game.new_initial_state()
        while not ours.over:
            player, position = ours.movers[0], ours.snapshot()
            moves = set(definition.adapter(Page).legal_moves(position, player))
            check_same_moves(moves, rules.legal(theirs, position))
            # Half the games swap when they may: the swap's translation is the one to test.
            move = SWAP if SWAP in moves and number % 2 else rng.choice(sorted(moves - {SWAP}, key=str))
            for action in rules.actions(theirs, move):
                theirs.apply_action(action)
            ours.play(player, move)
            checked += 1
        # OpenSpiel's player p is our seat p + 1; a draw has no winner.
        winner = next((p + 1 for p, value in enumerate(theirs.returns()) if value > 0), None)
        if not theirs.is_terminal() or winner != ours.winner:
            raise RuntimeError(f"game {number}: our winner {ours.winner}, OpenSpiel's {winner} ({theirs})")
    return checked


def main() -> None:
    """Check that both games are the same game (random games in lockstep)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=1000, help="random games per game and setting (1000)")
    args = parser.parse_args()
    hex_game, uttt = get_game("hex"), get_game("uttt")
    for name, config in (
        ("hex", hex_game.preset("trial").replace(size=11)),
        ("hex", hex_game.preset("trial").replace(size=11, swap=False)),
        ("hex", hex_game.preset("trial").replace(size=4)),
        ("uttt", uttt.preset("trial")),
    ):
        started = time.perf_counter()
        moves = check_same_game(name, config, args.games)
        print(
            f"{config.describe()}: {args.games} random games, {moves} moves, the same in OpenSpiel {version()} "
            f"({time.perf_counter() - started:.1f} s)"
        )


if __name__ == "__main__":
    main()
