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

    __slots__ = ("_cap", "_data", "_skipping", "_stale")

    def __init__(self, cap: int) -> None:
        """Lines longer than ``cap`` bytes come out cut, flagged ``too_long``."""
        self._cap = cap
        self._data = bytearray()
        self._skipping = False
        #: Bytes at the start of the unfinished line that are not part of its text.
        self._stale = 0

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
                return self._without_stale(line)
            line = Line(bytes(data[:end]), False) if end <= cap else Line(bytes(data[:cap]), True)
            del data[: end + 1]
            return self._without_stale(line)

    def _without_stale(self, line: Line) -> Line:
        if self._stale:
            line = Line(line.data[self._stale :], line.too_long)
            self._stale = 0
        return line

    def drop_lines(self) -> int:
        """Forget every complete line at once (a cut line's rest too); returns how many
        lines that was (a cut line, taken already, not again)."""
        data = self._data
        if not data:
            return 0
        end = data.rfind(b"\n")
        if end < 0:
            if self._skipping:
                data.clear()
            return 0 if self._skipping or self.take() is None else 1
        dropped = data.count(b"\n", 0, end + 1) - self._skipping
        del data[: end + 1]
        self._skipping = False
        self._stale = 0
        return dropped + (self.take() is not None)

    def cut_unfinished(self) -> None:
        """What was fed of the unfinished line is not part of its text when it ends (the
        line's start came before something it cannot belong to)."""
        if not self._skipping:
            self._stale = len(self._data)

    @property
    def unterminated(self) -> bytes:
        """Bytes after the last newline (a partial line), if any."""
        return b"" if self._skipping else bytes(self._data)
