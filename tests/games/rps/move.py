"""A throw, its text form (``R``, ``P``, ``S``) and what beats what."""

from __future__ import annotations

import enum

from flit_core.errors import MoveSyntaxError

#: The text of "no throw" (a player that made no move this step), in changes and updates.
NONE = "-"


class Throw(enum.Enum):
    """One of the three throws; its value is its text form."""

    ROCK = "R"
    PAPER = "P"
    SCISSORS = "S"

    @classmethod
    def parse(cls, text: str) -> Throw:
        """``R``, ``P`` or ``S`` (either case, surrounding blanks ignored)."""
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise MoveSyntaxError(f"a throw is R, P or S, not {text.strip()[:20]!r}") from None

    def beats(self, other: Throw) -> bool:
        """True when this throw wins against ``other``."""
        return _BEATS[self] is other

    def __str__(self) -> str:
        return self.value


_BEATS = {Throw.ROCK: Throw.SCISSORS, Throw.SCISSORS: Throw.PAPER, Throw.PAPER: Throw.ROCK}


def round_winner(first: Throw | None, second: Throw | None) -> int:
    """Who wins a round: 1 or 2, or 0 for a draw; a missing throw loses to any throw."""
    if first is second:
        return 0
    if second is None or (first is not None and first.beats(second)):
        return 1
    return 2


def throw_text(throw: Throw | None) -> str:
    """A throw's text, or :data:`NONE`."""
    return NONE if throw is None else throw.value


def throw_of(text: str) -> Throw | None:
    """The throw a change's text names (:data:`NONE`: no throw); ValueError otherwise."""
    return None if text == NONE else Throw(text)
