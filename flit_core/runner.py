"""Play a game between Python bots in this process.

A bot is charged the CPU time of its thread (the clock of :mod:`flit_core.clocks`; real
time with the wall clock), the same clock its view's ``time_left_ms()`` reads. By default
no deadline is enforced here: every move's think time is measured and reported instead.
With ``deadline=True`` (in-process tournaments) a bot is interrupted at its time limit, or
at the real-time backstop, where the process allows it (see :mod:`flit_core.bot.deadline`).
Use the native referee or the browser page for limits enforced everywhere.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Sequence
from typing import Any

from .bot.program import BotLoadError, BotProgram, MoveFunction, _construct, call_bot
from .clocks import ClockRule, thread_clock
from .config import BaseConfig
from .game import Game
from .games.interface import AnyGame
from .replay import Replay
from .session import Answer, Request, Turn

#: A bot for :func:`play_game`: loaded source, a ``move(view)`` function, or a class.
#: (``type[object]``, not ``type``: mypy folds a bare ``type`` into the callable and then
#: refuses a class whose constructor takes no view.)
BotLike = BotProgram | MoveFunction | type[object]


def bot_name(bot: BotLike) -> str:
    """A display name: the file's name, or the function's or class's name."""
    if isinstance(bot, BotProgram):
        return bot.name
    name = getattr(bot, "__name__", None) or type(bot).__name__
    module = getattr(bot, "__module__", "") or ""
    # A bare "move" says nothing; the module it came from says more.
    if name == "move" and module and module not in ("__main__", "builtins"):
        return module.rsplit(".", 1)[-1].removeprefix("flit_bot_")
    return name


def start_bot(bot: BotLike, me: int, config: BaseConfig) -> MoveFunction:
    """Prepare ``bot`` for one game as player ``me`` (a class gets a fresh instance)."""
    if isinstance(bot, BotProgram):
        return bot.start(me, config)
    if inspect.isclass(bot):
        try:
            return _construct(bot, me, config).move  # type: ignore[no-any-return]
        except Exception as error:
            raise BotLoadError(f"{bot.__name__}() raised {error!r}") from None
    if callable(bot):
        return bot
    raise TypeError(f"a bot is a BotProgram, a move(view) function or a class, not {bot!r}")


def play_game(
    definition: AnyGame,
    config: BaseConfig,
    bots: Sequence[BotLike],
    seed: int,
    *,
    names: Sequence[str] | None = None,
    on_turn: Callable[[Game, Turn], Any] | None = None,
    rule: ClockRule | None = None,
    clock: Callable[[], float] | None = None,
    start: Any = None,
    deadline: bool = False,
) -> Replay:
    """Play a whole game of ``definition`` under ``config`` and return its replay (which holds
    the result and the stats).

    A bot that raises or returns garbage makes no move that turn and the problem is
    recorded; a bot that cannot even start is treated as crashed from its first turn.
    ``on_turn(game, turn)`` is called after every turn (e.g. for progress or drawing).
    ``start`` begins from a given position instead of the seed's random setup. ``rule``
    says which clock charges the bots (default: CPU time, the thread's); ``clock`` reads
    another (seconds: tests give a stopped one). With ``deadline`` a bot still thinking
    at its time limit, or at the rule's backstop, is interrupted (a timeout).
    """
    rule = rule or ClockRule()
    measure = clock or (thread_clock if rule.cpu else time.perf_counter)
    if len(bots) != config.players:
        raise ValueError(f"this game needs {config.players} bots, got {len(bots)}")
    game = Game(definition, config, seed, start=start)
    functions: list[MoveFunction | None] = []
    start_errors: list[str] = []
    for me, bot in enumerate(bots, 1):
        try:
            functions.append(start_bot(bot, me, config))
            start_errors.append("")
        except BotLoadError as error:
            functions.append(None)
            start_errors.append(str(error))
    read = game.definition.read_answer

    def ask(request: Request) -> Answer:
        function = functions[request.player - 1]
        if function is None:
            return Answer.crash(start_errors[request.player - 1])
        limit = request.time_limit_ms if deadline else None
        backstop = rule.backstop_ms(request.time_limit_ms) if deadline and rule.cpu else None
        return call_bot(function, game.view(request, measure), measure, read, limit, backstop)

    if game.definition.info.simultaneous:
        while not game.over:
            for turn in game.submit_all({request.player: ask(request) for request in game.requests()}):
                if on_turn is not None:
                    on_turn(game, turn)
    else:
        # One mover a step: the plain request/submit pair costs less per turn.
        while not game.over:
            request = game.request()
            turn = game.submit(None if request is None else ask(request))
            if on_turn is not None:
                on_turn(game, turn)
    labels = list(names) if names is not None else [bot_name(bot) for bot in bots]
    # Without a deadline the think times are measured, and no backstop applies.
    clocked = rule.to_meta() if deadline else {"clock": rule.charged}
    return Replay.from_game(game, labels, {"driver": "in-process", **clocked})
