"""The replay file: a versioned JSON record of a whole game, checked by re-simulation.

A replay holds the configuration, the seed, the players, the starting pieces, every
turn's answer and changes, and the result. Loading one re-plays the recorded answers
through the rules and raises :class:`~flit_core.errors.ReplayError` if anything the
file says differs from what the rules produce, so a replay cannot silently lie.

Layout (version 1)::

    {"format": "flit-arena-replay", "version": 1, "game": "flit", "rng": "...",
     "config": {...}, "seed": 7, "start": "seeded",
     "players": [{"seat": 1, "name": "random_bot", ...}, ...],
     "setup": [[x, y, colour], ...],
     "turns": [{"player": 1, "kind": "move", "move": "3 4 5 4", "ms": 0.21,
                "changes": [[3, 4, 0], [5, 4, 1]]}, ...],
     "result": {"outcome": "win", "winner": 2, "reason": "turn_limit", ...},
     "stats": {"1": {...}, ...},
     "meta": {...}}

In a turn, ``move`` (for ``move``, ``pass`` and an illegal ``invalid`` answer),
``ms`` (think time), ``detail`` (why it was invalid, the error, the crash) and
``changes`` are left out when empty. ``stats`` is derived and informational.
``start`` is ``"seeded"`` (the setup comes from the seed) or ``"given"`` (the game began
from the recorded ``setup``, e.g. a puzzle position).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterator, Mapping
from typing import Any

from .board import Position
from .config import GameConfig
from .displayable import Displayable
from .errors import FlitError, ReplayError
from .game import Game
from .move import Change, Move
from .rng import RNG_NAME
from .session import Answer, PlayerStats, Result, Turn, TurnKind

FORMAT = "flit-arena-replay"
VERSION = 1


@dataclasses.dataclass
class Replay(Displayable):
    """A finished (or interrupted) game, as written to and read from a replay file."""

    config: GameConfig
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

    # -- positions ------------------------------------------------------------------

    def positions(self) -> Iterator[Position]:
        """The board after setup, then after every turn (from the recorded changes)."""
        size = self.config.size
        cells = [0] * (size * size)
        for x, y, colour in self.setup:
            cells[y * size + x] = colour
        yield Position(size, cells)
        for turn in self.turns:
            for x, y, colour in turn.changes:
                cells[y * size + x] = colour
            yield Position(size, cells)

    def position_at(self, turns: int) -> Position:
        """The board after ``turns`` turns (0: right after setup)."""
        if not 0 <= turns <= len(self.turns):
            raise IndexError(f"this replay has turns 0..{len(self.turns)}, not {turns}")
        for index, position in enumerate(self.positions()):
            if index == turns:
                return position
        raise AssertionError("unreachable")

    # -- writing --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready document."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": "flit",
            "rng": RNG_NAME,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "start": "given" if self.custom_start else "seeded",
            "players": self.players,
            "setup": [list(change) for change in self.setup],
            "turns": [_turn_to_dict(turn) for turn in self.turns],
            "result": None if self.result is None else self.result.to_dict(),
            "stats": {str(p): stats.to_dict() for p, stats in self.stats.items()},
            "meta": self.meta,
        }

    def to_json(self) -> str:
        """The replay file's text (compact, one turn per line for readable diffs)."""
        document = self.to_dict()
        turns = document.pop("turns")
        head = json.dumps(document, separators=(",", ":"))
        body = ",\n".join(json.dumps(turn, separators=(",", ":")) for turn in turns)
        return head[:-1] + ',"turns":[\n' + body + "\n]}\n"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the replay file (atomically: a crash never leaves half a file)."""
        path = os.fspath(path)
        temporary = f"{path}.tmp{os.getpid()}"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(self.to_json())
        os.replace(temporary, path)

    # -- reading --------------------------------------------------------------------

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        """Read and verify a replay file's text."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:
            raise ReplayError(f"not a replay file: invalid JSON ({error})") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Read and verify a replay file."""
        try:
            with open(path, "rb") as handle:
                text = handle.read()
        except OSError as error:
            raise ReplayError(f"cannot read replay {os.fspath(path)}: {error.strerror}") from None
        return cls.from_json(text)

    @classmethod
    def from_dict(cls, data: Any) -> Replay:
        """Verify a parsed replay by re-simulating it, and return it.

        The returned replay is rebuilt from the re-simulation (its stats are recomputed);
        the players' entries and ``meta`` are kept as recorded.
        """
        if not isinstance(data, dict):
            raise ReplayError("not a replay file: the top level is not a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError(f"not a replay file: 'format' is {data.get('format')!r}, not {FORMAT!r}")
        version = data.get("version")
        if version != VERSION:
            raise ReplayError(f"replay version {version!r} is not supported (this is version {VERSION})")
        if data.get("rng", RNG_NAME) != RNG_NAME:
            raise ReplayError(f"replay uses random generator {data.get('rng')!r}, not {RNG_NAME!r}")
        try:
            config = GameConfig.from_dict(_get(data, "config", dict))
        except FlitError as error:
            raise ReplayError(f"bad config: {error}") from None
        except TypeError as error:
            raise ReplayError(f"bad config: {error}") from None
        seed = _get(data, "seed", int)
        players = _get(data, "players", list)
        if len(players) != config.players or not all(isinstance(p, dict) for p in players):
            raise ReplayError(f"'players' must list {config.players} objects, one per seat")
        recorded_setup = [_change(item, "setup") for item in _get(data, "setup", list)]
        start_rule = data.get("start", "seeded")
        if start_rule not in ("seeded", "given"):
            raise ReplayError(f"'start' must be 'seeded' or 'given', not {start_rule!r}")
        try:
            start = None
            if start_rule == "given":
                start = Position(config.size).with_changes(recorded_setup)
            game = Game(config, seed, start=start)
        except (FlitError, ValueError, IndexError) as error:
            raise ReplayError(f"cannot set up the game: {error}") from None
        if recorded_setup != list(game.setup):
            raise ReplayError("the starting pieces differ from those the seed gives")
        for index, item in enumerate(_get(data, "turns", list)):
            _replay_turn(game, index, item)
        _check_result(game, data.get("result"))
        meta = data.get("meta", {})
        replay = cls.from_game(game, [str(p.get("name", "")) for p in players], meta if isinstance(meta, dict) else {})
        replay.players = players
        return replay


def _turn_to_dict(turn: Turn) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": turn.player, "kind": turn.kind.value}
    if turn.move is not None:
        entry["move"] = str(turn.move)
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


def _change(item: Any, where: str) -> Change:
    if (
        isinstance(item, list)
        and len(item) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
    ):
        return Change(*item)
    raise ReplayError(f"{where}: a change must be [x, y, colour], not {item!r}")


def _recorded_answer(index: int, kind: TurnKind, item: Mapping[str, Any]) -> Answer | None:
    move = None
    if "move" in item:
        try:
            move = Move.parse(str(item["move"]))
        except FlitError as error:
            raise ReplayError(f"turn {index}: {error}") from None
    ms = item.get("ms")
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float))):
        raise ReplayError(f"turn {index}: 'ms' must be a number")
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
        return Answer.timeout(ms)
    if kind is TurnKind.CRASH:
        return Answer.crash(detail, ms)
    return None


def _replay_turn(game: Game, index: int, item: Any) -> None:
    if not isinstance(item, dict):
        raise ReplayError(f"turn {index}: expected an object, not {type(item).__name__}")
    if game.over:
        raise ReplayError(f"turn {index}: the game had already ended after {game.turn} turns")
    try:
        kind = TurnKind(item.get("kind"))
    except ValueError:
        raise ReplayError(f"turn {index}: unknown kind {item.get('kind')!r}") from None
    if item.get("player", game.to_move) != game.to_move:
        raise ReplayError(f"turn {index}: recorded for bot {item.get('player')}, but bot {game.to_move} moves")
    answer = _recorded_answer(index, kind, item)
    if (answer is None) != (game.request() is None):
        state = "out of the game" if game.request() is None else "still active"
        raise ReplayError(f"turn {index}: recorded as {kind.value}, but bot {game.to_move} is {state}")
    turn = game.submit(answer)
    if turn.kind is not kind:
        raise ReplayError(f"turn {index}: recorded as {kind.value}, but the rules make it {turn.kind.value}")
    changes = [_change(change, f"turn {index}") for change in item.get("changes", [])]
    if changes != list(turn.changes):
        raise ReplayError(
            f"turn {index}: recorded changes {[list(c) for c in changes]} differ from "
            f"the rules' {[list(c) for c in turn.changes]}"
        )


def _check_result(game: Game, recorded: Any) -> None:
    if recorded is None:
        return  # a game stopped before its end: nothing to compare
    if not game.over or game.result is None:
        raise ReplayError(f"the replay records a result, but the game is not over after {game.turn} turns")
    if not isinstance(recorded, dict):
        raise ReplayError("'result' must be an object")
    actual = game.result.to_dict()
    for key in ("outcome", "winner", "reason", "turns", "scores"):
        if recorded.get(key) != actual[key]:
            raise ReplayError(f"result: recorded {key} {recorded.get(key)!r}, the rules give {actual[key]!r}")
