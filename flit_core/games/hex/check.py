"""Hex's conformance checker: scripted sessions that find what a bot program does wrong.

Each scenario starts the bot afresh, as the referee would (``CMD black|white``, then
``init_board N`` and a blank line), and drives it with the central program's messages and
the test harness's ``sety``, ``unset``, ``show_board`` and ``check_win``: first moves at
sizes from 1x1 to 26x26 in both colours, stones set and unset then shown, ``check_win``
for no winner and for each colour, ``swap`` as first and as second player, ``make_move``
on a crowded board, and blank lines alone. Every answer is compared with what a
conforming bot says (:class:`~.explain.Expected`), and the first mistake of a scenario is
named in plain words (it ends the scenario: what follows would only repeat it). Lines
nobody asked for are reported by the session.

Time limits: 1 s for ``show_board`` and ``check_win``, 3 s for ``make_move`` (the
tournament allows 2 minutes, but a checker must be quick), and 2 s at least for the first
request of a session, which includes the bot's start-up.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from ...referee.check import CheckSession, Finding, Scenario, ScenarioResult, Severity, last_report, stderr_text
from ...referee.command import BotCommand
from ...referee.driver import LogFunction
from ...referee.limits import Limits
from ...session import AnswerKind
from ..adapters import Checker
from .board import BLACK, COLOUR_NAMES, EMPTY, SWAP, WHITE, Cell, cell_name
from .config import HexConfig
from .explain import Expected, board_problem
from .protocol import HexProtocol

_PROTOCOL = HexProtocol()
#: Time limits of the checker's requests (see the module docstring).
ANSWER_MS = 1000.0
MOVE_MS = 3000.0
FIRST_MS = 2000.0


class _Failed(Exception):
    """The bot's first mistake in a scenario, in plain words."""


class Probe:
    """One start of the bot for a scenario: the session, the board it should hold, and a
    record of its answers."""

    def __init__(
        self, bot: BotCommand, seat: int, size: int, limits: Limits, log: LogFunction | None, greet: bool
    ) -> None:
        # The config announces the checker's own limits to the bot (see flit_core.bot.host).
        config = HexConfig(size=size, move_time_ms=MOVE_MS, startup_ms=FIRST_MS)
        self.session = CheckSession(bot, seat, _PROTOCOL, config, limits, log, greet=greet, asked_for="anything")
        self.expected = Expected(size, BLACK if seat == 1 else WHITE)
        #: What was sent since the last request, for the report.
        self.sent: list[str] = [f"init_board {size}", "a blank line"] if greet else []
        self.moves: list[str] = []
        self.times: list[float] = []

    @property
    def size(self) -> int:
        """The board's size."""
        return self.expected.size

    @property
    def stray_lines(self) -> int:
        """Lines the bot printed that nobody asked for, so far."""
        return len(self.session.stray) + self.session.connection.unsolicited_lines

    # -- what the bot is told ----------------------------------------------------------

    def send(self, text: bytes, *words: str) -> None:
        """Send ``text`` as it is; ``words`` say what it is, for the report."""
        self.session.connection.queue(text)
        self.sent += words

    def init_board(self) -> None:
        """``init_board N`` without the central program's blank line."""
        self.send(f"init_board {self.size}\n".encode(), f"init_board {self.size}")

    def seto(self, *names: str) -> None:
        """The opponent's stones (each with the blank line the central program adds)."""
        for name in names:
            self.send(f"seto {name}\n\n".encode(), f"seto {name}", "a blank line")
            self.expected.command("seto", name)

    def sety(self, *names: str) -> None:
        """The bot's own stones."""
        for name in names:
            self.send(f"sety {name}\n".encode(), f"sety {name}")
            self.expected.command("sety", name)

    def unset(self, *names: str) -> None:
        """Empty cells."""
        for name in names:
            self.send(f"unset {name}\n".encode(), f"unset {name}")
            self.expected.command("unset", name)

    def swap(self) -> None:
        """The opponent swapped."""
        self.send(b"swap\n", "swap")
        self.expected.swap()

    # -- what the bot answers ----------------------------------------------------------

    def show_board(self) -> None:
        """Ask ``show_board``; it must be the expected board."""
        text = self._ask(b"show_board\n", ANSWER_MS, lambda line: "|" in line)
        problem = board_problem(self.expected, text)
        if problem is not None:
            raise _Failed(problem)

    def check_win(self) -> int:
        """Ask ``check_win``; its answer, which must be 1, 0 or -1 (the scenario judges it)."""
        text = self._ask(b"check_win\n", ANSWER_MS, lambda line: line in ("1", "0", "-1"))
        if text not in ("1", "0", "-1"):
            raise _Failed(
                f"check_win answered {text[:40]!r}: it must be 1 (the bot's colour has won), -1 (the "
                "opponent's has) or 0"
            )
        return int(text)

    def make_move(self) -> None:
        """Ask ``make_move``; the answer must be a legal move, which is then recorded."""
        text = self._ask(b"make_move\n", MOVE_MS, lambda line: _PROTOCOL.parse(line).kind is AnswerKind.MOVE)
        answer = _PROTOCOL.parse(text)
        if answer.kind is not AnswerKind.MOVE:
            raise _Failed(f"answered {text[:40]!r} to make_move: {answer.detail}")
        expected, move = self.expected, answer.move
        if move == SWAP:
            if not expected.can_swap:
                raise _Failed(
                    "answered swap when it is not legal: only White may swap, once, as its answer to Black's "
                    "first stone (the second move of the game)"
                )
            expected.swap()
        else:
            expected.put(self._legal_cell(move), expected.colour, f"its move {move}")
        self.moves.append(str(move))

    def _legal_cell(self, cell: Cell) -> int:
        size, expected = self.size, self.expected
        if not (cell.row < size and cell.col < size):
            which = "column" if cell.col >= size else "row"
            raise _Failed(
                f"{which} out of range on {size}x{size} (board size assumptions): answered {cell}, off the board"
            )
        index = cell.row * size + cell.col
        if expected.cells[index] != EMPTY:
            colour = COLOUR_NAMES[expected.cells[index]]
            how = expected.how.get(index, "")
            hint = f" (did it record `{how}`?)" if how.startswith(("seto", "sety")) else ""
            raise _Failed(f"played an occupied cell: {expected.describe(index)} already holds a {colour} stone{hint}")
        return index

    def _ask(self, request: bytes, limit_ms: float, wanted: Callable[[str], bool]) -> str:
        """The answer line to ``request``; _Failed for a timeout, a crash or an unreadable line."""
        name = request.decode("ascii").strip()
        sent, self.sent = self.sent, []
        after = f" after {_listing(sent)}" if sent else ""
        limit = limit_ms if self.times else max(limit_ms, FIRST_MS)
        answer = self.session.ask_line(request, limit, wanted)
        if answer.kind is AnswerKind.TIMEOUT:
            raise _Failed(f"no answer to {name}{after} within {limit:g} ms (does it flush stdout after each answer?)")
        if answer.kind is AnswerKind.CRASH:
            raise _Failed(f"crashed{after}{_crash_hint(sent, self.size)}: {answer.detail}")
        if answer.kind is not AnswerKind.MOVE:
            raise _Failed(f"the answer to {name}{after} is unreadable: {answer.detail}")
        self.times.append(answer.elapsed_ms or 0.0)
        text: str = answer.move
        return text

    def summary(self, expect: str) -> str:
        """What was expected, how fast the bot answered, and its moves."""
        if not self.times:
            return f"{expect}; no answer"
        moves = f"; moves: {' '.join(self.moves)}" if self.moves else ""
        return f"{expect}; {len(self.times)} answer(s), slowest {max(self.times):.1f} ms{moves}"


def _listing(sent: list[str]) -> str:
    """The last few commands sent, e.g. ```seto c3`, a blank line``."""
    shown = [word if word == "a blank line" else f"`{word}`" for word in sent[-4:]]
    return ("..., " if len(sent) > 4 else "") + ", ".join(shown)


def _crash_hint(sent: list[str], size: int) -> str:
    """A likely cause of a crash right after ``sent``."""
    if sent and all(word == "a blank line" for word in sent):
        return " (ignored blank lines? the referee sends one after every init_board and seto)"
    if size > 10 and any(word.startswith("init_board") for word in sent):
        return " (board size assumptions? boards go up to 26x26)"
    return ""


# -- the scripts ---------------------------------------------------------------------------


def _far_cells(size: int) -> list[str]:
    """The corners far from the first stones, with two-digit columns on big boards."""
    last = size - 1
    return [cell_name(last, last), cell_name(0, last), cell_name(last, 0), cell_name(0, 0)]


def _free(probe: Probe, names: list[str]) -> str:
    return next(name for name in names if probe.expected.cells[probe.expected.index(name)] == EMPTY)


def first_moves(probe: Probe) -> None:
    """An empty board, then the first moves of a game in the bot's colour; on 1x1 the
    only stone wins."""
    black = probe.expected.colour == BLACK
    probe.show_board()
    if probe.size == 1:
        if black:
            probe.make_move()
        else:
            probe.seto("a1")
        probe.show_board()
        won, wins = probe.check_win(), 1 if black else -1
        if won != wins:
            what = "check_win sign flipped: answered" if won == -wins else "check_win answered"
            whose = "its own" if black else "the opponent's"
            raise _Failed(
                f"{what} {won} on 1x1 after a1 ({whose} stone, expected {wins}): the only stone joins all four "
                "sides and wins"
            )
        return
    for _ in range(2):
        if black:
            probe.make_move()
        probe.seto(_free(probe, _far_cells(probe.size)))
        if not black:
            probe.make_move()
    probe.show_board()


def set_and_show(probe: Probe) -> None:
    """``sety``, ``seto`` and ``unset`` on a 12x12 board, shown after each batch (no cell's
    mirror image across the diagonal is used, so a transposed board shows)."""
    probe.sety("b11")
    probe.seto("c1")
    probe.show_board()
    probe.sety("a12")
    probe.seto("l3")
    probe.seto("j9")
    probe.unset("c1")
    probe.show_board()
    probe.seto("c1")
    probe.show_board()


#: check_win's 4x4 lines: Black's column 2 or White's row b joins its sides.
_SIDES = {BLACK: ("a2", "b2", "c2", "d2"), WHITE: ("b1", "b2", "b3", "b4")}
#: ... and the other colour's line, which joins the wrong sides.
_WRONG_SIDES = {BLACK: ("c1", "c2", "c3", "c4"), WHITE: ("a3", "b3", "c3", "d3")}
#: Cells (r, c) and (r+1, c+1) do not touch: not a chain.
_WRONG_DIAGONAL = ("a1", "b2", "c3", "d4")
#: Cells (r, c) and (r+1, c-1) touch: a chain joining all four sides.
_DIAGONAL = ("a4", "b3", "c2", "d1")
#: Lines through b3 (emptied from the diagonal) for each colour.
_THROUGH_B3 = {BLACK: ("a3", "b3", "c3", "d3"), WHITE: ("b1", "b2", "b3", "b4")}


def check_win(probe: Probe) -> None:
    """``check_win`` on 4x4: 0 with no chain (empty board, a line between the wrong sides,
    the wrong diagonal), 1 with the bot's own chain, 0 once ``unset`` breaks it, -1 with
    the opponent's chain."""
    me = probe.expected.colour
    them = WHITE + BLACK - me
    name = COLOUR_NAMES[me]
    if (answer := probe.check_win()) != 0:
        raise _Failed(f"check_win answered {answer} on an empty board (nobody has won: 0)")
    probe.sety(*_WRONG_SIDES[me])
    if (answer := probe.check_win()) != 0:
        raise _Failed(
            f"check_win answered {answer} for a {name} line {'-'.join(_WRONG_SIDES[me])} joining the wrong sides "
            "(Black joins the top and bottom rows, White the left and right columns)"
        )
    probe.unset(*_WRONG_SIDES[me])
    probe.sety(*_WRONG_DIAGONAL)
    if (answer := probe.check_win()) != 0:
        raise _Failed(
            f"check_win answered {answer} for {'-'.join(_WRONG_DIAGONAL)}, which is no chain: (r, c) touches "
            "(r-1, c+1) and (r+1, c-1), not (r+1, c+1)"
        )
    probe.unset(*_WRONG_DIAGONAL)
    probe.sety(*_DIAGONAL)
    own = probe.check_win()
    probe.unset("b3")
    broken = probe.check_win()
    probe.seto(*_THROUGH_B3[them])
    other = probe.check_win()
    chain, line = "-".join(_DIAGONAL), "-".join(_THROUGH_B3[them])
    if (own, other) == (-1, 1):
        raise _Failed(
            f"check_win sign flipped: -1 with its own ({name}) chain {chain}, 1 with the opponent's {line} "
            "(1 means the bot's current colour has won)"
        )
    if own == other != 0:
        raise _Failed(f"check_win answers {own} whoever has won: 1 for its own chain {chain}, -1 for the opponent's")
    if own != 1:
        raise _Failed(
            f"check_win answered {own} with its own ({name}) chain {chain} (expected 1; (r, c) touches (r+1, c-1))"
        )
    if broken != 0:
        raise _Failed(f"check_win still answered {broken} after `unset b3` broke the chain (expected 0)")
    if other != -1:
        raise _Failed(f"check_win answered {other} with the opponent's chain {line} (expected -1)")


def swap_as_first(probe: Probe) -> None:
    """Black's first stone, then the opponent swaps: the bot now holds White and the
    black stone is the opponent's."""
    probe.make_move()
    probe.swap()
    probe.show_board()
    probe.make_move()
    probe.show_board()
    probe.seto(_free(probe, _far_cells(probe.size)))
    probe.show_board()
    if (answer := probe.check_win()) != 0:
        raise _Failed(f"check_win answered {answer} after the swap with no chain on the board (expected 0)")


def swap_as_second(probe: Probe) -> None:
    """Black's first stone in the centre (a bot that ever swaps swaps here); whatever the
    bot answers, the game goes on and its stones must show in its colour."""
    centre = cell_name(probe.size // 2, probe.size // 2)
    probe.seto(centre)
    probe.make_move()
    probe.seto(_free(probe, _far_cells(probe.size)))
    probe.make_move()
    probe.show_board()


#: A crowded 5x5 board with no chain yet, Black to move: the stones (B by sety as the
#: bot holds Black, W by seto) and the few empty cells.
CROWDED = ("BBW.W", "W.WBB", "WBB.W", "BWWBB", ".BWW.")


def crowded(probe: Probe) -> None:
    """``make_move`` with five cells left, the centre and the first cell taken."""
    for row, text in enumerate(CROWDED):
        for col, symbol in enumerate(text):
            name = cell_name(row, col)
            if symbol == "B":
                probe.sety(name)
            elif symbol == "W":
                probe.seto(name)
    probe.make_move()
    probe.show_board()


def blank_lines(probe: Probe) -> None:
    """``init_board`` without its blank line, then blank lines alone, then a ``seto``: a
    blank line must change nothing and get no answer."""
    probe.init_board()
    probe.show_board()
    before = probe.stray_lines
    probe.send(b"\n\n", "a blank line", "a blank line")
    failure: _Failed | None = None
    try:
        probe.show_board()
    except _Failed as error:
        failure = error
    if probe.stray_lines > before:
        example = f": {probe.session.stray[-1]}" if probe.session.stray else ""
        raise _Failed(
            "answered a blank line: it treated the blank line as a command (ignored blank lines? the "
            f"referee sends one after every init_board and seto){example}"
        )
    if failure is not None:
        raise failure
    probe.seto("c3")
    probe.show_board()


# -- running -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HexScenario:
    """A scripted session: the seat the bot starts in, the board size, and the script."""

    name: str
    seat: int
    size: int
    script: Callable[[Probe], None]
    #: What the scenario checks, for the report.
    expect: str
    #: False when the script sends its own ``init_board``.
    greet: bool = True


def hex_scenarios(quick: bool = False) -> list[HexScenario]:
    """Every scenario (fewer sizes and one colour where it matters less with ``quick``)."""
    sizes = [(1, 1), (7, 2), (26, 1)] if quick else [(1, 1), (1, 2), (2, 2), (5, 1), (10, 2), (16, 1), (26, 1), (26, 2)]
    found = [
        HexScenario(
            "blank lines alone as black", 1, 5, blank_lines, "blank lines change nothing and get no answer", False
        )
    ]
    for size, seat in sizes:
        colour = "black" if seat == 1 else "white"
        found.append(
            HexScenario(
                f"first moves on {size}x{size} as {colour}",
                seat,
                size,
                first_moves,
                "an empty board, legal moves, the opponent's stones in the corners",
            )
        )
    for seat in (2,) if quick else (1, 2):
        colour = "black" if seat == 1 else "white"
        found += [
            HexScenario(
                f"sety/seto/unset then show_board as {colour}", seat, 12, set_and_show, "the board it was told"
            ),
            HexScenario(
                f"check_win as {colour}", seat, 4, check_win, "0 with no chain, 1 with its own, -1 with the opponent's"
            ),
        ]
    found += [
        HexScenario("swap as first player (black)", 1, 7, swap_as_first, "it holds White after the opponent swaps"),
        HexScenario("swap as second player (white)", 2, 7, swap_as_second, "if it swaps, it holds Black after"),
        HexScenario("make_move on a crowded board as black", 1, 5, crowded, "one of the five empty cells"),
    ]
    return found


def scenarios(quick: bool = False) -> list[Scenario]:
    """Every Hex scenario, ready to run."""
    return [functools.partial(_run, scenario=scenario) for scenario in hex_scenarios(quick)]


def _run(bot: BotCommand, limits: Limits, log: LogFunction | None, *, scenario: HexScenario) -> ScenarioResult:
    probe = Probe(bot, scenario.seat, scenario.size, limits, log, scenario.greet)
    findings: list[Finding] = []
    failed = None
    try:
        scenario.script(probe)
    except _Failed as failure:
        failed = str(failure)
    finally:
        probe.session.close(findings)
    if failed is not None:
        # What the bot said on stderr, once it has stopped: a Python bot file's traceback.
        why = stderr_text(last_report(probe.session.process.stderr.tail()))
        findings.insert(0, Finding(Severity.FAIL, failed + why))
    return ScenarioResult(scenario.name, probe.summary(scenario.expect), findings)


class HexChecker(Checker):
    """Hex's conformance checker: the central program's requests, scripted."""

    def scenarios(self, quick: bool = False) -> list[Scenario]:
        """:func:`scenarios`."""
        return scenarios(quick)
