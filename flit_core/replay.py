"""The replay file: a versioned JSON record of a whole game, checked by re-simulation.

A replay names its game and the rules' version, and holds the configuration, the seed,
the players, the setup, every turn's answer and changes, and the result. Loading one
re-plays the recorded answers through the game's rules and raises
:class:`~flit_core.errors.ReplayError` if anything the file says differs from what the
rules produce, so a replay cannot silently lie. One format for every game and driver.

Layout (version 2)::

    {"format": "flit-arena-replay", "version": 2, "game": "flit", "game_version": 1,
     "rng": "...", "config": {...}, "seed": 7, "start": "seeded",
     "players": [{"seat": 1, "name": "random_bot", ...}, ...],
     "setup": [[x, y, colour], ...],
     "turns": [{"player": 1, "kind": "move", "move": "3 4 5 4", "ms": 0.21,
                "changes": [[3, 4, 0], [5, 4, 1]]}, ...],
     "result": {"outcome": "win", "winner": 2, "reason": "turn_limit", "ranks": {...}, ...},
     "stats": {"1": {...}, ...},
     "meta": {...}}

In a turn, ``move`` (for ``move``, ``pass`` and an illegal ``invalid`` answer, in the
game's move text), ``ms`` (think time, on the clock that charged the bot), ``detail`` (why
it was invalid, the error, the crash; ``"wall"`` for a timeout the real-time backstop
called) and ``changes`` (the game's change records) are left out when empty. ``meta`` says
which clock charged the bots (``"clock": "cpu"`` with its ``"backstop"``, or ``"wall"``;
replays without it charged real time). In a
simultaneous game a step has one turn per mover, in the order of the step's movers, and
the step's changes are on the last. ``stats`` is derived and informational. ``start`` is
``"seeded"`` (the setup comes from the seed) or ``"given"`` (the game began from the
recorded ``setup``, e.g. a puzzle position).

Version 1 (Flit only, no ``game_version``, no ranks) still loads: it is read as Flit's
rules version 1.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .config import BaseConfig
from .displayable import Displayable
from .errors import FlitError, ReplayError
from .game import Game
from .games.interface import AnyGame, Board, Change
from .rng import RNG_NAME
from .session import Answer, PlayerStats, Result, Turn, TurnKind

FORMAT = "flit-arena-replay"
VERSION = 2
#: Versions this code reads; version 1 replays are Flit's.
READABLE_VERSIONS = (1, 2)

#: How a replay file's reader turns the game's recorded name into its definition (a
#: front end passes its catalogue, e.g. :func:`flit_core.games.get_game`); it raises
#: :class:`~flit_core.errors.FlitError` for a name it does not know.
Catalogue = Callable[[str], AnyGame]


@dataclasses.dataclass
class Replay(Displayable):
    """A finished (or interrupted) game, as written to and read from a replay file."""

    #: The game's definition (rules, move text, display board), as the game was played.
    definition: AnyGame
    config: BaseConfig
    seed: int
    #: One dict per seat: at least ``{"seat": n, "name": ...}``; drivers may add
    #: diagnostics (e.g. a crashed program's exit code and last stderr lines).
    players: list[dict[str, Any]]
    setup: tuple[Change, ...]
    turns: list[Turn]
    #: None only for a game that was stopped before its end.
    result: Result | None
    stats: dict[int, PlayerStats]
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: True when the game began from a given position (``setup``) instead of the seed's.
    custom_start: bool = False
    #: The last board :meth:`position_at` built, and after how many turns (look-ups along
    #: a replay advance it instead of starting over).
    _cursor: tuple[int, Board] | None = dataclasses.field(default=None, repr=False, compare=False)

    @classmethod
    def from_game(
        cls,
        game: Game,
        names: list[str] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Replay:
        """Record ``game`` (finished or not); ``names`` label the seats 1..n."""
        if names is None:
            names = [f"bot {seat}" for seat in range(1, game.players + 1)]
        if len(names) != game.players:
            raise ValueError(f"{game.players} players need {game.players} names, got {len(names)}")
        return cls(
            definition=game.definition,
            config=game.config,
            seed=game.seed,
            players=[{"seat": seat, "name": name} for seat, name in enumerate(names, 1)],
            setup=game.setup,
            turns=list(game.history),
            result=game.result,
            stats={p: dataclasses.replace(game.stats(p)) for p in range(1, game.players + 1)},
            meta=dict(meta or {}),
            custom_start=game.custom_start,
        )

    @property
    def names(self) -> list[str]:
        """The players' names, seat 1 first."""
        return [str(player.get("name", f"bot {seat}")) for seat, player in enumerate(self.players, 1)]

    def identity(self) -> tuple[Any, ...]:
        """What makes two replays the same game (a key to find copies): the game, its
        settings, seed and start, who sat where, and what each turn was (the moves given);
        not how long anyone thought, nor what a driver noted."""
        return (
            self.config.game,
            json.dumps(self.config.to_dict(), sort_keys=True),
            self.seed,
            self.custom_start and json.dumps([list(change) for change in self.setup]),
            tuple(self.names),
            tuple(
                (turn.player, turn.kind.value, None if turn.move is None else self.definition.format_move(turn.move))
                for turn in self.turns
            ),
        )

    # -- positions ------------------------------------------------------------------

    def positions(self) -> Iterator[Any]:
        """The board after setup, then after every turn (from the recorded changes)."""
        board = self.definition.board(self.config, self.setup)
        yield board.snapshot()
        for turn in self.turns:
            board.apply(turn.changes)
            yield board.snapshot()

    def position_at(self, turns: int) -> Any:
        """The board after ``turns`` turns (0: right after setup).

        Cheap along the replay: the board of the last look-up is advanced from where it
        was, so a look-up costs the turns between the two, not the whole game.
        """
        if not 0 <= turns <= len(self.turns):
            raise IndexError(f"this replay has turns 0..{len(self.turns)}, not {turns}")
        cursor = self._cursor
        if cursor is None or cursor[0] > turns:
            cursor = (0, self.definition.board(self.config, self.setup))
        done, board = cursor
        for turn in self.turns[done:turns]:
            board.apply(turn.changes)
        self._cursor = (turns, board)
        return board.snapshot()

    # -- writing --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready document."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.definition.name,
            "game_version": self.definition.version,
            "rng": RNG_NAME,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "start": "given" if self.custom_start else "seeded",
            "players": self.players,
            "setup": [list(change) for change in self.setup],
            "turns": [_turn_to_dict(turn, self.definition) for turn in self.turns],
            "result": None if self.result is None else self.result.to_dict(),
            "stats": {str(p): stats.to_dict() for p, stats in self.stats.items()},
            "meta": self.meta,
        }

    def to_json(self) -> str:
        """The replay file's text (compact, one turn per line for readable diffs)."""
        document = self.to_dict()
        turns = document.pop("turns")
        body = ",\n".join(_compact(turn) for turn in turns)
        return _head(document) + body + "\n]}\n"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the replay file (atomically: a crash never leaves half a file)."""
        path = os.fspath(path)
        temporary = f"{path}.tmp{os.getpid()}"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(self.to_json())
        os.replace(temporary, path)

    # -- reading --------------------------------------------------------------------

    @classmethod
    def from_json(cls, text: str | bytes, games: Catalogue) -> Replay:
        """Read and verify a replay file's text, its game found in ``games``; a file a stopped
        referee left cut short (see :class:`ReplayJournal`) is read up to its last whole turn."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError) as error:
            data = _journal_document(text)
            if data is None:
                raise ReplayError(f"not a replay file: invalid JSON ({error})") from None
            replay = cls.from_dict(data, games)
            replay.meta["cut_short"] = (
                f"the file ends after turn {len(replay.turns)}: the referee stopped before the game's end was written"
            )
            return replay
        return cls.from_dict(data, games)

    @classmethod
    def load(cls, path: str | os.PathLike[str], games: Catalogue) -> Replay:
        """Read and verify a replay file, its game found in ``games``."""
        try:
            with open(path, "rb") as handle:
                text = handle.read()
        except OSError as error:
            raise ReplayError(f"cannot read replay {os.fspath(path)}: {error.strerror}") from None
        return cls.from_json(text, games)

    @classmethod
    def from_dict(cls, data: Any, games: Catalogue) -> Replay:
        """Verify a parsed replay by re-simulating it (its game found in ``games``), and return it.

        The returned replay is rebuilt from the re-simulation (its stats are recomputed);
        the players' entries and ``meta`` are kept as recorded.
        """
        if not isinstance(data, dict):
            raise ReplayError("not a replay file: the top level is not a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError(f"not a replay file: 'format' is {data.get('format')!r}, not {FORMAT!r}")
        version = data.get("version")
        if version not in READABLE_VERSIONS:
            raise ReplayError(f"replay version {version!r} is not supported (this reads versions 1 and {VERSION})")
        if data.get("rng", RNG_NAME) != RNG_NAME:
            raise ReplayError(f"replay uses random generator {data.get('rng')!r}, not {RNG_NAME!r}")
        definition = _definition(data, version, games)
        try:
            config = definition.config_type.from_dict(_get(data, "config", dict))
        except FlitError as error:
            raise ReplayError(f"bad config: {error}") from None
        seed = _get(data, "seed", int)
        players = _get(data, "players", list)
        if len(players) != config.players or not all(isinstance(p, dict) for p in players):
            raise ReplayError(f"'players' must list {config.players} objects, one per seat")
        _check_players(players)
        recorded_setup = [_change(definition, item, "setup") for item in _get(data, "setup", list)]
        start_rule = data.get("start", "seeded")
        if start_rule not in ("seeded", "given"):
            raise ReplayError(f"'start' must be 'seeded' or 'given', not {start_rule!r}")
        try:
            start = None
            if start_rule == "given":
                start = definition.board(config, recorded_setup).snapshot()
            game = Game(definition, config, seed, start=start)
        except (FlitError, ValueError, IndexError, TypeError) as error:
            raise ReplayError(f"cannot set up the game: {error}") from None
        if recorded_setup != list(game.setup):
            raise ReplayError("the setup differs from the one the seed gives")
        _replay_turns(game, _get(data, "turns", list))
        _check_result(game, data.get("result"))
        meta = data.get("meta", {})
        replay = cls.from_game(game, [str(p.get("name", "")) for p in players], meta if isinstance(meta, dict) else {})
        replay.players = players
        return replay


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters: a value read from a file, quoted in a
    one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_players(players: list[dict[str, Any]]) -> None:
    """ReplayError unless the players' entries are seats 1, 2, ... in order, each with a name."""
    for seat, player in enumerate(players, 1):
        recorded = player.get("seat")
        if recorded != seat or isinstance(recorded, bool):
            raise ReplayError(
                f"'players' must list seats 1 to {len(players)} in order: entry {seat} is seat {shown(recorded)}"
            )
        name = player.get("name")
        if not isinstance(name, str):
            raise ReplayError(f"seat {seat}'s name must be text, not {'null' if name is None else type(name).__name__}")


def _definition(data: Mapping[str, Any], version: int, games: Catalogue) -> AnyGame:
    """The recorded game's definition, if this code plays that version of its rules."""
    name = data.get("game", "flit")
    if version == 1 and name != "flit":
        raise ReplayError(f"a version 1 replay is a Flit game, not {name!r}")
    try:
        definition = games(name)
    except FlitError as error:
        raise ReplayError(str(error)) from None
    rules = data.get("game_version", 1)
    if rules != definition.version:
        raise ReplayError(
            f"the replay was played under {definition.title} rules version {rules!r}; "
            f"this is version {definition.version}"
        )
    return definition


class ReplayJournal:
    """A replay file written as the game goes: the replay's head, then every turn as it is
    played, so that a referee killed at any moment leaves a file :meth:`Replay.load` reads
    up to the last turn written. At the end the finished replay is saved over it
    (:meth:`Replay.save`).

    Turns reach the system at most :data:`FLUSH_S` after they are played (at once when
    bots take longer than that to move): a kill can lose only the turns of that moment,
    and instant bots do not pay a system call per turn.
    """

    #: The longest a played turn waits in memory before it is written.
    FLUSH_S = 0.005

    def __init__(self, path: str | os.PathLike[str], game: Game, names: list[str], meta: Mapping[str, Any]) -> None:
        """Start the file at ``path`` with ``game`` as it is now (OSError if it cannot)."""
        self._definition = game.definition
        #: Why the journal stopped being written, if it did.
        self.error: str | None = None
        document = Replay.from_game(game, names, meta).to_dict()
        turns = document.pop("turns")
        self._file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - it lives as long as the game
        self._file.write(_head(document) + "".join(f"{_compact(turn)},\n" for turn in turns))
        self._file.flush()
        self._flushed = time.perf_counter()

    def record(self, turns: Sequence[Turn]) -> None:
        """Append turns just played. A write that fails (a full disk) stops the journal,
        not the game: :attr:`error` says why, and the finished replay is saved as usual."""
        if self.error is not None:
            return
        try:
            self._file.write("".join(f"{_compact(_turn_to_dict(turn, self._definition))},\n" for turn in turns))
            now = time.perf_counter()
            if now - self._flushed >= self.FLUSH_S:
                self._file.flush()
                self._flushed = now
        except OSError as error:
            self.error = error.strerror or str(error)

    def close(self) -> None:
        """Close the file (it stays as it is: cut short until a finished replay replaces it)."""
        with contextlib.suppress(OSError):
            self._file.close()


def _head(document: Mapping[str, Any]) -> str:
    """A replay's text up to its first turn: everything but the turns, then ``"turns":[``."""
    return json.dumps(document, separators=(",", ":"))[:-1] + ',"turns":[\n'


def _compact(turn: Mapping[str, Any]) -> str:
    return json.dumps(turn, separators=(",", ":"))


def _journal_document(text: str | bytes) -> Any:
    """The document of a replay file cut short after some whole turns, or None if the
    text is not one."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    head, marker, body = text.partition('"turns":[\n')
    if not marker or not head.startswith('{"format":"'):
        return None
    whole = []
    for line in body.split("\n"):
        if not line.endswith(","):
            break  # the line being written when the referee stopped, or the end
        whole.append(line[:-1])
    try:
        return json.loads(head + '"turns":[' + ",".join(whole) + "]}")
    except (ValueError, RecursionError):
        return None


def _turn_to_dict(turn: Turn, definition: AnyGame) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": turn.player, "kind": turn.kind.value}
    if turn.move is not None:
        entry["move"] = definition.format_move(turn.move)
    if turn.elapsed_ms is not None:
        entry["ms"] = round(turn.elapsed_ms, 3)
    if turn.detail:
        entry["detail"] = turn.detail
    if turn.changes:
        entry["changes"] = [list(change) for change in turn.changes]
    return entry


def _get(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise ReplayError(f"the replay has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ReplayError(f"{key!r} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def _change(definition: AnyGame, item: Any, where: str) -> Change:
    try:
        return definition.change_from_json(item)
    except (ValueError, TypeError) as error:
        raise ReplayError(f"{where}: {error}") from None


def _recorded_answer(definition: AnyGame, index: int, kind: TurnKind, item: Mapping[str, Any]) -> Answer | None:
    move = None
    if "move" in item:
        try:
            move = definition.parse_move(str(item["move"]))
        except FlitError as error:
            raise ReplayError(f"turn {index}: {error}") from None
    ms = item.get("ms")
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 <= ms < math.inf):
        raise ReplayError(
            f"turn {index}: 'ms' must be a think time, a finite number of milliseconds from 0, not {ms!r}"
        )
    detail = str(item.get("detail", ""))
    if kind in (TurnKind.MOVE, TurnKind.PASS) or (kind is TurnKind.INVALID and move is not None):
        if kind is TurnKind.MOVE and move is None:
            raise ReplayError(f"turn {index}: a 'move' turn needs its move")
        return Answer.of_move(move, ms)
    if kind is TurnKind.INVALID:
        return Answer.unreadable(detail, ms)
    if kind is TurnKind.ERROR:
        return Answer.error(detail, ms)
    if kind is TurnKind.TIMEOUT:
        return Answer.timeout(ms, detail)
    if kind is TurnKind.CRASH:
        return Answer.crash(detail, ms)
    return None


def _replay_turns(game: Game, items: list[Any]) -> None:
    """Feed the recorded turns to ``game`` step by step, checking each against the rules."""
    definition = game.definition
    index = 0
    while index < len(items):
        if game.over:
            raise ReplayError(f"turn {index}: the game had already ended after {game.steps} steps")
        movers = game.movers
        step = items[index : index + len(movers)]
        if len(step) < len(movers):
            raise ReplayError(f"turn {index}: the step of bots {list(movers)} is incomplete")
        if len(movers) == 1:  # the sequential path, without a step's bookkeeping
            item = step[0]
            kind, answer = _recorded_turn(definition, index, movers[0], game.request() is not None, item)
            _check_turn(definition, index, game.submit(answer), kind, item)
            index += 1
            continue
        active = {request.player for request in game.requests()}
        answers: dict[int, Answer] = {}
        kinds = []
        for offset, (player, item) in enumerate(zip(movers, step, strict=True)):
            kind, answer = _recorded_turn(definition, index + offset, player, player in active, item)
            if answer is not None:
                answers[player] = answer
            kinds.append(kind)
        for offset, (turn, kind, item) in enumerate(zip(game.submit_all(answers), kinds, step, strict=True)):
            _check_turn(definition, index + offset, turn, kind, item)
        index += len(movers)


def _recorded_turn(
    definition: AnyGame, where: int, player: int, active: bool, item: Any
) -> tuple[TurnKind, Answer | None]:
    """A recorded turn's kind and the answer to replay (None for a bot that was out)."""
    if not isinstance(item, dict):
        raise ReplayError(f"turn {where}: expected an object, not {type(item).__name__}")
    try:
        kind = TurnKind(item.get("kind"))
    except ValueError:
        raise ReplayError(f"turn {where}: unknown kind {item.get('kind')!r}") from None
    if item.get("player", player) != player or isinstance(item.get("player"), bool):
        raise ReplayError(f"turn {where}: recorded for bot {item.get('player')!r}, but bot {player} moves")
    answer = _recorded_answer(definition, where, kind, item)
    if (answer is None) == active:
        state = "still active" if active else "out of the game"
        raise ReplayError(f"turn {where}: recorded as {kind.value}, but bot {player} is {state}")
    return kind, answer


def _check_turn(definition: AnyGame, where: int, turn: Turn, kind: TurnKind, item: Mapping[str, Any]) -> None:
    """Raise unless the rules made the recorded turn what the file says."""
    if turn.kind is not kind:
        raise ReplayError(f"turn {where}: recorded as {kind.value}, but the rules make it {turn.kind.value}")
    changes = item.get("changes", [])
    if not isinstance(changes, list):
        raise ReplayError(f"turn {where}: 'changes' must be a list")
    recorded = [_change(definition, change, f"turn {where}") for change in changes]
    if recorded != list(turn.changes):
        raise ReplayError(
            f"turn {where}: recorded changes {[list(c) for c in recorded]} differ from "
            f"the rules' {[list(c) for c in turn.changes]}"
        )


def _check_result(game: Game, recorded: Any) -> None:
    if recorded is None:
        return  # a game stopped before its end: nothing to compare
    if not game.over or game.result is None:
        raise ReplayError(f"the replay records a result, but the game is not over after {game.steps} steps")
    if not isinstance(recorded, dict):
        raise ReplayError("'result' must be an object")
    actual = game.result.to_dict()
    for key in ("outcome", "winner", "reason", "turns", "scores"):
        if recorded.get(key) != actual[key]:
            raise ReplayError(f"result: recorded {key} {recorded.get(key)!r}, the rules give {actual[key]!r}")
    if "ranks" in recorded and recorded["ranks"] != actual["ranks"]:
        raise ReplayError(f"result: recorded ranks {recorded['ranks']!r}, the rules give {actual['ranks']!r}")
