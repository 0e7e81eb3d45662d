"""Splitting a bot's output stream into lines, with a cap on how long a line may be."""

from __future__ import annotations

from typing import NamedTuple


class Line(NamedTuple):
    """A line the bot wrote to stdout, without its newline."""

    data: bytes
    #: True when the line was longer than the cap: ``data`` is its start; the rest is skipped.
    too_long: bool


class LineBuffer:
    """Bytes in, complete lines out; memory stays bounded by the cap plus one chunk."""

    __slots__ = ("_cap", "_data", "_skipping")

    def __init__(self, cap: int) -> None:
        """Lines longer than ``cap`` bytes come out cut, flagged ``too_long``."""
        self._cap = cap
        self._data = bytearray()
        self._skipping = False

    def feed(self, chunk: bytes) -> None:
        """Add bytes read from the stream."""
        self._data += chunk

    def __len__(self) -> int:
        return len(self._data)

    def drop_after(self, length: int) -> None:
        """Forget everything fed since the buffer held ``length`` bytes."""
        del self._data[length:]

    def take(self) -> Line | None:
        """The next complete line, or None until one is complete.

        A line longer than the cap is returned (cut) as soon as the cap is passed, and
        its rest, up to its newline, is skipped.
        """
        data = self._data
        cap = self._cap
        while True:
            end = data.find(b"\n")
            if self._skipping:
                if end < 0:
                    data.clear()
                    return None
                del data[: end + 1]
                self._skipping = False
                continue
            if end < 0:
                if len(data) <= cap:
                    return None
                line = Line(bytes(data[:cap]), True)
                data.clear()
                self._skipping = True
                return line
            line = Line(bytes(data[:end]), False) if end <= cap else Line(bytes(data[:cap]), True)
            del data[: end + 1]
            return line

    @property
    def unterminated(self) -> bytes:
        """Bytes after the last newline (a partial line), if any."""
        return b"" if self._skipping else bytes(self._data)
