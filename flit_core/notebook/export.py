"""Saving a bot written in notebook cells as a bot file, ready for the native referee.

:func:`export_bot` writes the bot function's source together with everything it uses
from the notebook: helper functions (found by following the global names the code
reads), simple constants, and the imports of modules and names. The file is then loaded
and asked for one move on a fresh board, so a missing piece shows up now, not in a
tournament.
"""

from __future__ import annotations

import ast
import dis
import inspect
import os
import sys
import textwrap
import time
import types
from collections.abc import Callable, Iterator
from typing import Any

from ..bot.program import BotLoadError, BotProgram, call_bot
from ..config import BaseConfig
from ..errors import FlitError
from ..game import Game
from ..games.interface import AnyGame
from ..session import AnswerKind
from .games import ConfigLike, game_of, preset_of


class ExportError(FlitError):
    """A bot cannot be written as a file: what it uses, and how to fix it."""


_GLOBAL_OPS = {"LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL", "DELETE_GLOBAL"}


def _global_names(code: types.CodeType) -> Iterator[tuple[str, bool]]:
    """Every global name ``code`` and the code nested in it use, and whether it is a write."""
    for instruction in dis.get_instructions(code):
        if instruction.opname in _GLOBAL_OPS:
            yield str(instruction.argval), instruction.opname in ("STORE_GLOBAL", "DELETE_GLOBAL")
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _global_names(constant)


def _codes(value: Any) -> Iterator[types.CodeType]:
    if inspect.isfunction(value):
        yield value.__code__
    elif inspect.isclass(value):
        for member in vars(value).values():
            function = getattr(member, "__func__", member)
            if inspect.isfunction(function):
                yield function.__code__


def _is_literal(value: Any) -> bool:
    try:
        return bool(ast.literal_eval(repr(value)) == value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def _source(value: Any) -> str:
    try:
        return textwrap.dedent(inspect.getsource(value))
    except (OSError, TypeError):
        raise ExportError(
            f"cannot find the source of {value.__qualname__}: define it in a cell of this notebook "
            "(or write the bot file with %%writefile)"
        ) from None


class _Collector:
    """Walks from the bot through the notebook's globals, gathering what the file needs."""

    def __init__(self, namespace: dict[str, Any], module: str) -> None:
        self.namespace = namespace
        self.module = module
        self.imports: dict[str, str] = {}
        self.constants: dict[str, str] = {}
        self.definitions: dict[str, str] = {}

    def add_definition(self, name: str, value: Any) -> None:
        if name in self.definitions:
            return
        self.definitions[name] = ""  # placeholder first: recursion ends here
        self.definitions[name] = _source(value)
        for code in _codes(value):
            for used, written in _global_names(code):
                self.add_name(used, written, name)

    def add_name(self, name: str, written: bool, user: str) -> None:
        if name in self.definitions or name in self.imports or name in self.constants:
            return
        if name not in self.namespace:
            if written:
                raise ExportError(
                    f"{user} sets the global {name!r}, which does not exist yet: give it a starting "
                    f"value in a cell (e.g. {name} = None) before exporting"
                )
            return  # a builtin, or a name that is never defined (the smoke test will tell)
        value = self.namespace[name]
        if isinstance(value, types.ModuleType):
            self.imports[name] = f"import {value.__name__}" + (f" as {name}" if name != value.__name__ else "")
        elif getattr(value, "__module__", None) not in (None, self.module) and hasattr(value, "__qualname__"):
            alias = f" as {name}" if name != value.__qualname__ else ""
            self.imports[name] = f"from {value.__module__} import {value.__qualname__}{alias}"
        elif inspect.isfunction(value) or inspect.isclass(value):
            self.add_definition(name, value)
        elif _is_literal(value):
            self.constants[name] = f"{name} = {value!r}"
        else:
            kind = type(value).__name__
            how = (
                f"reset it to its starting value (e.g. {name} = None) before exporting"
                if written
                else "compute it inside the bot, or make it a plain value (numbers, strings, lists, dicts...)"
            )
            raise ExportError(f"{user} uses the global {name!r}, a {kind} that cannot be written as code: {how}")


def export_bot(
    bot: Callable[..., Any] | type,
    path: str | os.PathLike[str],
    *,
    game: str | None = None,
    config: ConfigLike | None = None,
) -> BotProgram:
    """Write ``bot`` (a ``move(view)`` function or a bot class) and what it uses to ``path``.

    Returns the file loaded as a :class:`~flit_core.bot.BotProgram`, after checking that
    it answers a move request on a fresh board of ``game`` (default: Flit) with ``config``
    (a preset's name or a configuration; default: the game's quick preset) without an
    error. Raises :class:`ExportError` when something it uses cannot be written as code.
    """
    if not (inspect.isfunction(bot) or inspect.isclass(bot)):
        raise ExportError(f"export_bot takes a function or a class, not {type(bot).__name__}")
    definition = game_of(game, config)
    fresh = config if isinstance(config, BaseConfig) else preset_of(definition, config)
    namespace = vars(sys.modules[bot.__module__])
    collector = _Collector(namespace, bot.__module__)
    collector.add_definition(bot.__name__, bot)
    entry = "Bot" if inspect.isclass(bot) else "move"
    parts = [
        f'"""{bot.__name__}: a {definition.title} bot exported from a notebook by flit_core.notebook.export_bot."""'
    ]
    for block in (collector.imports, collector.constants):
        if block:
            parts.append("\n".join(sorted(set(block.values()))))
    parts.extend(source.rstrip() for source in reversed(collector.definitions.values()))
    if bot.__name__ != entry:
        parts.append(f"{entry} = {bot.__name__}")
    text = "\n\n\n".join(parts) + "\n"
    path = os.fspath(path)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    program = BotProgram.from_file(path)
    _smoke_test(program, definition, fresh)
    return program


def _smoke_test(program: BotProgram, definition: AnyGame, config: BaseConfig) -> None:
    """Ask the exported bot for its first move; an error means something was left out."""
    game = Game(definition, config, 0)
    request = game.requests()[0]  # a new game asks its first movers
    try:
        function = program.start(request.player, config)
    except BotLoadError as error:
        raise ExportError(f"the exported bot does not load: {error}") from None
    answer = call_bot(function, game.view(request), time.perf_counter, game.definition.read_answer)
    if answer.kind is AnswerKind.ERROR:
        raise ExportError(f"the exported bot {program.filename} raised on a fresh board:\n{answer.detail}")
