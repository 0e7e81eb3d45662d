"""The rock-paper-scissors wire protocol.

A bot program is started once per match with its seat (1 or 2) appended to its command.
It is sent ``rounds N`` first (the most rounds of the match), then after every round
one line with both throws, seat 1's first (``R P``; ``-`` for a seat that made no
move), and ``M`` when it must throw; it answers one line, ``R``, ``P`` or ``S``.
"""

from __future__ import annotations

from collections.abc import Sequence

from flit_core.config import BaseConfig
from flit_core.errors import MoveSyntaxError
from flit_core.games.interface import Change
from flit_core.games.wire import WireProtocol
from flit_core.session import Answer

from .config import RpsConfig
from .move import Throw


class RpsProtocol(WireProtocol):
    """Started as ``CMD SEAT``; sent ``rounds N``, a line ``A B`` per round and ``M``;
    answers ``R``, ``P`` or ``S``."""

    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The seat is appended."""
        return [*command, str(seat)]

    def greeting(self, seat: int, config: BaseConfig) -> bytes:
        """``rounds N``."""
        assert isinstance(config, RpsConfig)
        return f"rounds {config.rounds}\n".encode("ascii")

    def updates(self, changes: Sequence[Change]) -> bytes:
        """One line per round: both throws, seat 1's first."""
        return "".join(f"{first} {second}\n" for first, second in changes).encode("ascii")

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """A throw; anything else is UNREADABLE."""
        try:
            return Answer.of_move(Throw.parse(text), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)
