"""The results store: one folder holding an SQLite database and the games' replay files.

Layout of a results folder::

    tournament.sqlite      the store (SQLite, WAL): the definition and every finished game
    tournament.lock        held by the run that is playing (two runs never mix)
    replays/000042.json    the replay of game 42
    leaderboard.*          the exports (rebuilt at any time with `flit-arena leaderboard`)

Nothing is lost and nothing is counted twice: a game's replay file is written (atomically)
before the game is committed, one transaction per game, keyed by its place in the
schedule; a game that was being played when the run died simply is not in the store, so
the next run plays it again. The store refuses, without touching it, a file that is not
one of its own, and a tournament whose definition differs from the one it holds.

The definition names the game played. Version 1 stores, written before the arena had
more than one game, name none and record no places: they are Flit's, whose places
follow the scores, and they are still read and resumed in their own layout.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import json
import os
import sqlite3
from collections.abc import Iterator
from types import TracebackType
from typing import Any

from ..errors import FlitError
from ..games import game_names, get_game
from ..games.interface import rank_by_score
from .definition import Tournament
from .leaderboard import GameRecord, SeatRecord, copies_text, repeated
from .play import GameDone

FORMAT = "flit-arena-tournament"
#: The layout new stores get; :data:`READABLE` lists those still read and resumed.
VERSION = 2
READABLE = (1, 2)
#: The game of a version 1 store (its definition names none).
LEGACY_GAME = "flit"
DATABASE = "tournament.sqlite"
LOCK = "tournament.lock"
REPLAYS = "replays"
#: Marks a replay file a worker wrote for a game that is not committed yet.
DRAFT = ".draft"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    idx INTEGER PRIMARY KEY,          -- the game's place in the schedule
    deal INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    winner INTEGER,                   -- the winning seat, NULL on a tie for first
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL,
    turns INTEGER NOT NULL,
    seconds REAL NOT NULL,            -- wall time of the game itself
    replay TEXT NOT NULL,             -- relative to the results folder
    finished TEXT NOT NULL            -- UTC, ISO 8601
);
CREATE TABLE seats (
    game INTEGER NOT NULL REFERENCES games(idx),
    seat INTEGER NOT NULL,
    entrant TEXT NOT NULL,
    pieces INTEGER NOT NULL,          -- the final score (what the game counts)
    rank INTEGER NOT NULL,            -- the final place, 1 = first (version 2 on)
    moves INTEGER NOT NULL,
    timeouts INTEGER NOT NULL,
    invalid INTEGER NOT NULL,
    errors INTEGER NOT NULL,
    crashed INTEGER NOT NULL,
    frozen INTEGER NOT NULL,
    timed INTEGER NOT NULL,
    think_ms_total REAL NOT NULL,
    think_ms_max REAL NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX seats_by_entrant ON seats (entrant);
"""

#: SeatRecord fields in the seats table's column order (after game and seat).
_SEAT_FIELDS = (
    "name",
    "pieces",
    "rank",
    "moves",
    "timeouts",
    "invalid",
    "errors",
    "crashed",
    "frozen",
    "timed",
    "think_ms_total",
    "think_ms_max",
)
#: A version 1 store's seats table: no rank.
_SEAT_FIELDS_V1 = tuple(field for field in _SEAT_FIELDS if field != "rank")


class StoreError(FlitError):
    """The results folder or its database cannot be used (and was left untouched)."""


class ResultsStore:
    """An open results folder. Use :meth:`create_or_resume` to play, :meth:`open` to read."""

    def __init__(self, folder: str, connection: sqlite3.Connection) -> None:
        """Use the class methods; they check the database before anything is written."""
        self.folder = folder
        self._db = connection
        self._lock: Any = None

    # -- opening ----------------------------------------------------------------------

    @classmethod
    def open(cls, folder: str | os.PathLike[str]) -> ResultsStore:
        """Open an existing results folder for reading."""
        folder = os.fspath(folder)
        path = os.path.join(folder, DATABASE)
        if not os.path.isfile(path):
            what = "does not exist" if not os.path.exists(folder) else f"holds no {DATABASE}"
            raise StoreError(f"{folder} {what}: it is not a tournament's results folder")
        store = cls(folder, _connect(path, create=False))
        try:
            store._check_format()
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def create_or_resume(cls, folder: str | os.PathLike[str], tournament: Tournament) -> tuple[ResultsStore, list[str]]:
        """Open ``folder`` to play ``tournament``: a new store, or the one it was started in.

        Returns the store (locked against a second run) and warnings for the user.
        """
        folder = os.fspath(folder)
        path = os.path.join(folder, DATABASE)
        # The folder may hold what a run killed while it started left there; anything
        # else belongs to someone else.
        if not os.path.exists(path) and os.path.isdir(folder) and set(os.listdir(folder)) - {REPLAYS, LOCK}:
            raise StoreError(
                f"{folder} already holds other files and no tournament: choose a new or empty --out folder"
            )
        try:
            os.makedirs(os.path.join(folder, REPLAYS), exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot make the results folder {folder}: {error.strerror}") from None
        store = cls(folder, _connect(path, create=True))
        try:
            store._take_lock()
            new = not store._tables()
            warnings = [] if new else store._check_definition(tournament)
            # Only now that the file is known to be ours (or empty) is anything written.
            # WAL with NORMAL survives any crash of the process; a power cut may lose the
            # last few commits, which are then simply played again.
            store._db.execute("PRAGMA journal_mode=WAL")
            store._db.execute("PRAGMA synchronous=NORMAL")
            if new:
                store._initialise(tournament)
            # A smaller --games than before plays nothing more; it does not shrink the target.
            target = max(tournament.games, int(store.meta().get("games", 0)))
            store._set_meta("games", str(target))
            store._remove_drafts()
        except sqlite3.OperationalError as error:
            store.close()
            raise store._cannot_write(error) from None
        except BaseException:
            store.close()
            raise
        return store, warnings + store._missing_replays()

    def _take_lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # no advisory locks on this system: run one at a time by hand
            return
        try:
            handle = open(os.path.join(self.folder, LOCK), "a")  # noqa: SIM115 (held until close())
        except OSError as error:
            raise StoreError(f"cannot play in {self.folder}: {error.strerror} (it can still be read)") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise StoreError(f"another tournament run is playing in {self.folder} right now") from None
        self._lock = handle

    def _tables(self) -> set[str]:
        try:
            rows = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        except sqlite3.DatabaseError as error:
            if _is_locked(error):
                raise _in_use(self._path) from None
            raise StoreError(
                f"{self._path} is not a tournament results store ({error}); it was left untouched"
            ) from None
        return {row[0] for row in rows}

    def _check_format(self) -> None:
        """Refuse (with one line, touching nothing) a file that is not a whole store of a
        layout this code reads: everything later reads is checked here first."""
        tables = self._tables()
        if "meta" not in tables:
            raise StoreError(f"{self._path} is an SQLite database of something else; it was left untouched")
        try:
            meta = self.meta()
            if meta.get("format") != FORMAT:
                raise StoreError(f"{self._path} is not a tournament results store; it was left untouched")
            if meta.get("version") not in {str(version) for version in READABLE}:
                raise StoreError(
                    f"{self._path} is a version {meta.get('version')} store; this flit-arena reads versions "
                    f"{', '.join(map(str, READABLE))}"
                )
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise StoreError(f"{self._path} is damaged ({'; '.join(problems[:3])}); it was left untouched")
            self._check_tables(tables)
            self._check_games_once()
            _check_definition_shape(self.definition())
        except (sqlite3.DatabaseError, ValueError, TypeError, KeyError, AttributeError) as error:
            if isinstance(error, StoreError):
                raise
            if _is_locked(error):
                raise _in_use(self._path) from None
            raise StoreError(f"{self._path} is damaged ({_words(error)}); it was left untouched") from None

    def _check_tables(self, tables: set[str]) -> None:
        """The games and seats tables, with their columns, each value of its column's type."""
        for table, columns in _expected_columns(self.version).items():
            if table not in tables:
                raise ValueError(f"the table {table} is missing")
            found = [row[1] for row in self._db.execute(f"PRAGMA table_info({table})")]
            if found != list(columns):
                raise ValueError(f"the table {table} has the columns {', '.join(found)}")
            wrong = " OR ".join(f"typeof({name}) NOT IN ({kinds})" for name, kinds in columns.items())
            row = self._db.execute(f"SELECT rowid FROM {table} WHERE {wrong} LIMIT 1").fetchone()
            if row is not None:
                raise ValueError(f"row {row[0]} of the table {table} holds a value of the wrong type")

    def _check_games_once(self) -> None:
        """ValueError naming the copies if two finished games are the same game: the same
        seed, and the same entrants in the same seats (a schedule never deals that twice)."""
        line_ups: dict[int, list[str]] = {}
        for game, entrant in self._db.execute("SELECT game, entrant FROM seats ORDER BY game, seat"):
            line_ups.setdefault(game, []).append(entrant)
        games = self._db.execute("SELECT idx, seed FROM games ORDER BY idx")
        copies = repeated((index, (seed, tuple(line_ups.get(index, ())))) for index, seed in games)
        if copies:
            raise ValueError(copies_text(copies, "of the store", "the same seed and seats"))

    def _initialise(self, tournament: Tournament) -> None:
        fingerprints = {entrant.name: entrant.fingerprint() for entrant in tournament.entrants}
        with self._transaction() as db:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [
                    ("format", FORMAT),
                    ("version", str(VERSION)),
                    ("definition", json.dumps(tournament.identity(), sort_keys=True)),
                    ("fingerprints", json.dumps(fingerprints, sort_keys=True)),
                    ("created", _now()),
                ],
            )

    def _check_definition(self, tournament: Tournament) -> list[str]:
        self._check_format()
        meta = self.meta()
        stored = self.definition()
        wanted = tournament.identity()
        if stored != wanted:
            raise StoreError(
                f"{self.folder} holds a different tournament ({_difference(stored, wanted)}). "
                f"Run it again with the entrants and options it was started with, or choose another --out folder."
            )
        before = json.loads(meta.get("fingerprints", "{}"))
        return [
            f"{entrant.name}'s files changed since this tournament started: its results will mix both versions"
            for entrant in tournament.entrants
            if before.get(entrant.name) not in (None, entrant.fingerprint())
        ]

    def _remove_drafts(self) -> None:
        folder = os.path.join(self.folder, REPLAYS)
        for name in os.listdir(folder):
            if DRAFT in name:
                with contextlib.suppress(FileNotFoundError):
                    os.remove(os.path.join(folder, name))

    def _missing_replays(self) -> list[str]:
        missing = [
            index
            for index, replay in self._db.execute("SELECT idx, replay FROM games ORDER BY idx")
            if not os.path.exists(os.path.join(self.folder, replay))
        ]
        if not missing:
            return []
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        return [f"{len(missing)} finished game(s) have lost their replay file: {shown}"]

    # -- reading ----------------------------------------------------------------------

    @property
    def _path(self) -> str:
        return os.path.join(self.folder, DATABASE)

    def meta(self) -> dict[str, str]:
        """The store's key/value table: format, version, definition, games, created."""
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def definition(self) -> dict[str, Any]:
        """The stored tournament identity (game, config, seed, entrants)."""
        definition: dict[str, Any] = json.loads(self.meta()["definition"])
        if isinstance(definition, dict):
            definition.setdefault("game", LEGACY_GAME)
        return definition

    @property
    def version(self) -> int:
        """The store's layout version (see :data:`READABLE`)."""
        return int(self._db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()[0])

    @property
    def _seat_fields(self) -> tuple[str, ...]:
        return _SEAT_FIELDS if self.version >= 2 else _SEAT_FIELDS_V1

    def finished(self) -> set[int]:
        """The indices of the games already in the store."""
        return {row[0] for row in self._db.execute("SELECT idx FROM games")}

    def records(self) -> list[GameRecord]:
        """Every finished game's record, in schedule order."""
        fields = self._seat_fields
        seats: dict[int, list[dict[str, Any]]] = {}
        for row in self._db.execute(
            f"SELECT game, {', '.join(_column(field) for field in fields)} FROM seats ORDER BY game, seat"
        ):
            values = dict(zip(fields, row[1:], strict=True))
            values["crashed"] = bool(values["crashed"])
            values["frozen"] = bool(values["frozen"])
            seats.setdefault(row[0], []).append(values)
        if "rank" not in fields:
            # A version 1 store is Flit's, which places by score.
            for game in seats.values():
                ranks = rank_by_score(dict(enumerate(seat["pieces"] for seat in game)))
                for number, seat in enumerate(game):
                    seat["rank"] = ranks[number]
        return [
            GameRecord(index, tuple(SeatRecord(**seat) for seat in seats.get(index, ())), winner)
            for index, winner in self._db.execute("SELECT idx, winner FROM games ORDER BY idx")
        ]

    def game_seconds(self) -> list[float]:
        """Wall time of every finished game."""
        return [row[0] for row in self._db.execute("SELECT seconds FROM games ORDER BY idx")]

    # -- writing ----------------------------------------------------------------------

    def replay_path(self, index: int) -> str:
        """Where game ``index``'s replay file goes."""
        return os.path.join(self.folder, self.replay_name(index))

    def draft_path(self, index: int) -> str:
        """Where a local worker writes game ``index``'s replay before it is committed.

        A worker of a run that was killed may still finish its game: it writes a draft
        nobody moves, never the committed game's file.
        """
        return f"{self.replay_path(index)}{DRAFT}{os.getpid()}"

    @staticmethod
    def replay_name(index: int) -> str:
        """Game ``index``'s replay file, relative to the results folder."""
        return f"{REPLAYS}/{index:06d}.json"

    def record(self, done: GameDone) -> None:
        """Commit a finished game (writing its replay first if the worker sent it back)."""
        if done.replay is not None:
            done.replay.save(self.replay_path(done.index))
        elif done.replay_file is not None:
            os.replace(done.replay_file, self.replay_path(done.index))
        try:
            self._commit(done)
        except StoreError as error:
            raise StoreError(
                f"{error}. Game {done.index} was not saved; every game saved before it is kept: "
                f"run the same command again to resume"
            ) from None

    def _commit(self, done: GameDone) -> None:
        record = done.record
        fields = self._seat_fields
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    done.index,
                    done.game.deal,
                    done.game.seed,
                    record.winner,
                    done.outcome,
                    done.reason,
                    done.turns,
                    done.seconds,
                    self.replay_name(done.index),
                    _now(),
                ),
            )
            db.executemany(
                f"INSERT INTO seats VALUES ({', '.join('?' * (len(fields) + 2))})",
                [
                    (done.index, number, *(getattr(seat, field) for field in fields))
                    for number, seat in enumerate(record.seats, 1)
                ],
            )

    def _set_meta(self, key: str, value: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction; a database that cannot be written (locked by another program,
        a full disk) is a :class:`StoreError`, and nothing of the transaction is written."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise self._cannot_write(error) from None
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            # Only what the system did (a lock, a full disk); anything else is a mistake here.
            if isinstance(error, sqlite3.OperationalError):
                raise self._cannot_write(error) from None
            raise

    def _cannot_write(self, error: sqlite3.OperationalError) -> StoreError:
        """The one line that says why the database could not be written."""
        if _is_locked(error):
            return _in_use(self._path)
        return StoreError(f"cannot write to {self._path}: {error}")

    # -- closing ----------------------------------------------------------------------

    def close(self) -> None:
        """Close the database and release the lock."""
        self._db.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> ResultsStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _connect(path: str, *, create: bool) -> sqlite3.Connection:
    """The database to play in (``create``: made if missing), or to read: read-only, so
    that a store on a read-only disk or with read-only files can still be read."""
    base = "file:" + os.path.abspath(path).replace("?", "%3f").replace("#", "%23")
    # A WAL database read where its -shm file cannot be made opens only as immutable
    # (safe there: nobody can write it either).
    modes = ["mode=rwc"] if create else ["mode=ro", "mode=ro&immutable=1"]
    problem: sqlite3.Error | None = None
    for mode in modes:
        # Autocommit mode: transactions are explicit, one per game.
        connection = sqlite3.connect(f"{base}?{mode}", uri=True, isolation_level=None)
        try:
            connection.execute("PRAGMA schema_version").fetchone()
            return connection
        except sqlite3.Error as error:
            connection.close()
            problem = problem or error
            if _is_locked(error):
                raise _in_use(path) from None
    if isinstance(problem, sqlite3.DatabaseError) and os.path.isfile(path) and os.path.getsize(path):
        raise StoreError(f"{path} is not a tournament results store ({problem}); it was left untouched")
    raise StoreError(f"cannot open {path}: {problem}")


def is_blank(folder: str) -> bool:
    """Whether ``folder``'s database holds no tables yet: what a run killed while it set the
    store up leaves, which the next run takes over (a database of anything else is refused)."""
    connection = _connect(os.path.join(folder, DATABASE), create=False)
    try:
        return connection.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is None
    finally:
        connection.close()


@functools.cache
def _expected_columns(version: int) -> dict[str, dict[str, str]]:
    """By table (games, seats), each column's allowed ``typeof`` values, in column order,
    read from :data:`_SCHEMA` (a version 1 store's seats have no rank)."""
    allowed = {"INTEGER": "'integer'", "REAL": "'real', 'integer'", "TEXT": "'text'"}
    db = sqlite3.connect(":memory:")
    db.executescript(_SCHEMA)
    tables = {}
    for table in ("games", "seats"):
        tables[table] = {
            name: allowed[kind] + ("" if not_null else ", 'null'")
            for _cid, name, kind, not_null, _default, _key in db.execute(f"PRAGMA table_info({table})")
            if version >= 2 or name != "rank"
        }
    db.close()
    return tables


def _check_definition_shape(definition: Any) -> None:
    """ValueError unless the stored definition has what the readers use, of the right types,
    and settings its game accepts."""
    if not isinstance(definition, dict):
        raise ValueError("the stored definition is not an object")
    for key, kind in (("game", str), ("seed", int), ("config", dict), ("entrants", list)):
        if not isinstance(definition.get(key), kind):
            raise ValueError(f"the stored definition's {key!r} is missing or not a {kind.__name__}")
    if not all(isinstance(entry, dict) and isinstance(entry.get("name"), str) for entry in definition["entrants"]):
        raise ValueError("the stored definition's entrants are not named")
    if definition["game"] in game_names():
        # The settings as the game checks them (time limits within bounds, ...): ConfigError.
        # (A game this flit-arena lacks is said where the game is needed, not as damage.)
        get_game(definition["game"]).config_type.from_dict(definition["config"])


def _is_locked(error: BaseException) -> bool:
    """True for SQLite's "database is locked" (another connection holds it past the wait)
    and "database is busy"."""
    return isinstance(error, sqlite3.Error) and ("locked" in str(error) or "busy" in str(error))


def _in_use(path: str) -> StoreError:
    return StoreError(f"{path} is in use by another program (it is locked); try again later")


def _words(error: BaseException) -> str:
    """An exception as a few plain words."""
    if isinstance(error, KeyError):
        return f"{error.args[0]!r} is missing"
    return str(error) or type(error).__name__


def _column(field: str) -> str:
    return "entrant" if field == "name" else field


def _difference(stored: dict[str, Any], wanted: dict[str, Any]) -> str:
    parts = []
    if stored.get("game") != wanted.get("game"):
        parts.append(f"game {stored.get('game')} there, {wanted.get('game')} here")
    if stored.get("referee") != wanted.get("referee"):
        how = {True: "under the referee", False: "in-process"}
        parts.append(f"bots played {how[bool(stored.get('referee'))]} there, {how[bool(wanted.get('referee'))]} here")
    if stored.get("seed") != wanted.get("seed"):
        parts.append(f"seed {stored.get('seed')} there, {wanted.get('seed')} here")
    if stored.get("config") != wanted.get("config"):
        keys = sorted(
            key
            for key in set(stored["config"]) | set(wanted["config"])
            if stored["config"].get(key) != wanted["config"].get(key)
        )
        parts.append(
            "settings differ: "
            + ", ".join(f"{key} {stored['config'].get(key)} there, {wanted['config'].get(key)} here" for key in keys)
        )
    if stored.get("entrants") != wanted.get("entrants"):
        there = {entry["name"]: entry for entry in stored["entrants"]}
        here = {entry["name"]: entry for entry in wanted["entrants"]}
        changed = [name for name in there.keys() & here.keys() if there[name] != here[name]]
        for label, names in (
            ("only there", there.keys() - here.keys()),
            ("only here", here.keys() - there.keys()),
            ("defined differently", changed),
        ):
            if names:
                parts.append(f"entrants {label}: {', '.join(sorted(names))}")
    return "; ".join(parts) or "its definition differs"


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
