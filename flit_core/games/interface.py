"""What a game of the family is, as every driver sees it.

A game is one folder under ``flit_core/games/`` whose package exposes a :class:`GameDef`
(its name, settings, presets, move text, wire protocol, bot view, renderers and example
bots) registered in :mod:`flit_core.games`. The harness (:class:`flit_core.game.Game`)
drives the game's :class:`State` — the pure rules — and does everything else once for
every game: time limits, the start-up allowance, strikes and freezing, per-bot stats,
the result.

Who moves is the state's business (:meth:`State.movers`): one player in sequential
games, several at once in simultaneous ones. Chance is resolved inside the state from
the injected seeded generator, so a configuration, a seed and the bots' answers always
reproduce a game. Timeouts, errors and crashes are statuses outside the game (as in
kaggle-environments): the state only hears that a player made no move this step, and of
which kind, so a game may rule on it (Flit ignores it, Hex may make it a forfeit).

A step's *changes* are the game's own small records of what changed (Flit's
``(x, y, colour)`` squares): tuples of JSON scalars, recorded in replays and sent to the
bots by the game's wire protocol, from which a display can rebuild every board.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..config import BaseConfig
from ..errors import ConfigError, IllegalMove
from ..rng import Rng
from ..session import Answer, TurnKind

#: One recorded change of a step: a tuple of JSON scalars (e.g. Flit's ``(x, y, colour)``).
Change = tuple[Any, ...]

C = TypeVar("C", bound=BaseConfig)
S = TypeVar("S", bound="State")
M = TypeVar("M")
#: Anything a seat can be given.
_Choice = TypeVar("_Choice")


class State(ABC):
    """One game in progress, as the rules see it; the harness drives it step by step.

    Subclasses keep their own board. After each step the harness reads :attr:`over`; once
    it is true, :attr:`end_reason`, :attr:`end_detail` and :meth:`scores` describe the end.
    """

    #: True once the rules end the game.
    over: bool = False
    #: Why the game ended (the game's own enum), once :attr:`over`.
    end_reason: enum.Enum | None = None
    #: A human-readable note on the end.
    end_detail: str = ""
    #: The players who act in the next step: one in sequential games, several at once in
    #: simultaneous ones (every one of them is asked, then the step is played together).
    #: The state keeps it current from its creation on (an attribute, not a method: the
    #: harness reads it after every step).
    movers: tuple[int, ...] = ()
    #: The players the rules have put out of the game for good (light cycles' crashed
    #: bots): never movers again, sent no more updates by their protocol; a driver may stop
    #: their bots at once (the referee: their input closed, as at the end of a game).
    out: frozenset[int] = frozenset()

    @property
    @abstractmethod
    def setup(self) -> Sequence[Change]:
        """The changes that built the starting position (sent to every bot first)."""

    def play(self, player: int, move: Any) -> Sequence[Change]:
        """Play ``player``'s move (the only mover of this step), checked: raise
        :class:`~flit_core.errors.IllegalMove` and change nothing if it is illegal."""
        self.check(player, move)
        return self.step({player: move})

    def skip(self, player: int, kind: TurnKind) -> Sequence[Change]:
        """The only mover of this step made no move, for the reason ``kind`` (a pass that was
        not a move: invalid, error, timeout, crash, or skipped because it is out)."""
        return self.step({player: kind})

    def check_turn(self, player: int) -> None:
        """Raise :class:`~flit_core.errors.IllegalMove` unless the game goes on and ``player``
        moves now (the first check of every game's :meth:`play`)."""
        if self.over:
            raise IllegalMove("the game is over")
        if player not in self.movers:
            raise IllegalMove(f"it is bot {self.movers[0]}'s turn, not bot {player}'s")

    def check(self, player: int, move: Any) -> None:
        """Raise :class:`~flit_core.errors.IllegalMove` unless ``player`` may play ``move`` now."""
        raise NotImplementedError(f"{type(self).__name__} plays sequentially: use play()")

    def step(self, actions: Mapping[int, Any]) -> Sequence[Change]:
        """Play one step with every mover's action, unchecked: a legal move, or the
        :class:`~flit_core.session.TurnKind` of a mover that made none."""
        raise NotImplementedError(f"{type(self).__name__} implements play() and skip() only")

    @abstractmethod
    def scores(self) -> dict[int, int]:
        """Each player's score (Flit: pieces); also meaningful before the end."""

    def ranks(self) -> dict[int, int]:
        """Each player's place, 1 = first; equal places share a rank.

        The default ranks by :meth:`scores`, higher first; games with another order
        (e.g. elimination rounds) override it.
        """
        return rank_by_score(self.scores())

    @abstractmethod
    def snapshot(self) -> Any:
        """An immutable picture of the board (what renderers and notebooks display)."""


def rank_by_score(scores: Mapping[int, int]) -> dict[int, int]:
    """Competition ranking by score, higher first: ``{1: 10, 2: 30, 3: 10}`` -> ``{2: 1, 1: 2, 3: 2}``."""
    ordered = sorted(scores.values(), reverse=True)
    return {player: ordered.index(score) + 1 for player, score in scores.items()}


class Board(ABC):
    """A display's board rebuilt from a replay's changes, step by step (cheap to advance)."""

    @abstractmethod
    def apply(self, changes: Sequence[Change]) -> None:
        """Apply one step's recorded changes."""

    @abstractmethod
    def snapshot(self) -> Any:
        """The board now, as the same immutable value :meth:`State.snapshot` gives."""

    def scores(self) -> dict[int, int]:
        """Each player's score on the board now, as :meth:`State.scores` counts it (the
        notebook's score chart reads it after every turn, so it should be cheap)."""
        raise NotImplementedError(f"{type(self).__name__} does not count scores")


class MissingAdapter(ConfigError):
    """A driver asked a game for an adapter it does not have (one line: what is missing)."""


class Adapter:
    """The base of every adapter: built from the game's definition, which it keeps."""

    #: What the adapter is, for the message of a game without one ("an SVG renderer").
    what: ClassVar[str] = "an adapter"

    def __init__(self, game: AnyGame) -> None:
        #: The game's definition.
        self.game = game


A = TypeVar("A", bound=Adapter)

#: How a game declares its adapters: the kind a driver asks for -> what builds the game's
#: own from its definition (the adapter class, or a function that imports it on first use).
AdapterMap = Mapping[type[Adapter], Callable[["AnyGame"], Adapter]]


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What kind of game it is, as OpenSpiel's game type says it (dynamics, utility), and how
    tables, charts and menus show it."""

    #: Dynamics: True when several players move at once (a step asks every mover).
    simultaneous: bool = False
    #: Chance: True when the setup or the game draws from the seeded generator.
    chance: bool = False
    #: Utility: what a score counts, for tables and summaries (Flit: "pieces").
    score_name: str = "score"
    #: Each seat's colour (CSS), seat 1 first: how charts and tables tell players apart.
    seat_colours: tuple[str, ...] = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1")
    #: The name of the preset used when none is given.
    default_preset: str = "standard"
    #: The preset of quick games, a second or so (notebooks, tests); None: :attr:`default_preset`.
    small_preset: str | None = None
    #: What a move looks like to a Python bot, in its terms, with an example: how
    #: :meth:`GameDef.read_answer` explains a value that is no move and what the page's
    #: editor tells a bot's author.
    move_help: str = "a move in the game's text form"
    #: The example bots whose moves depend on the clock (they search while their deadline
    #: lets them, so a slower machine makes them play other moves): comparisons of the same
    #: game in two drivers leave them out.
    clock_bots: tuple[str, ...] = ()


#: A configuration type a view is built for (contravariant: a view type for any config takes one).
_Config = TypeVar("_Config", bound=BaseConfig, contravariant=True)


class ViewType(Protocol[_Config]):
    """How every driver builds a game's view: ``view_type(player, config, turn, snapshot,
    time_limit_ms, clock, since)``, the last two the clock that charges the bot and its
    reading when the request began to be charged (see :class:`~flit_core.games.view.View`,
    whose defaults they have)."""

    def __call__(
        self,
        player: int,
        config: _Config,
        turn: int,
        board: Any,
        time_limit_ms: float | None = None,
        clock: Callable[[], float] | None = None,
        since: float | None = None,
        /,
    ) -> Any:
        """The view."""
        ...


class Level(enum.Enum):
    """How hard an example bot is to beat, as the page's seat menu names it for people."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    STRONGEST = "strongest"


class GameDef(ABC, Generic[C, S, M]):
    """A game of the family: the rules core every driver is given (never looks up).

    Eight members must be written: :attr:`name`, :attr:`config_type`, :attr:`presets`,
    :meth:`new_state`, :meth:`parse_move`, :meth:`read_answer`, :attr:`view_type` and
    :meth:`board`. The rest have defaults; everything a particular driver needs beyond the
    rules (wire protocols, console, checker, renderers, page, tournament rules) is an
    adapter the game declares in :attr:`adapters` and a driver asks for with :meth:`adapter`.
    """

    #: The registry name (``flit``, ``hex``, ...): lower-case, used on the command line.
    name: ClassVar[str]
    #: The display name (by default the name, capitalised).
    title: ClassVar[str] = ""
    #: The rules' version, recorded in replays: bump it when a rule changes.
    version: ClassVar[int] = 1
    #: The game's configuration class.
    config_type: type[C]
    #: What kind of game it is (see :class:`GameInfo`).
    info: ClassVar[GameInfo] = GameInfo()
    #: The adapters the game has (see :mod:`flit_core.games.adapters`).
    adapters: ClassVar[AdapterMap] = {}
    #: The view a bot gets, built from a board snapshot (:class:`ViewType`): the game's
    #: :class:`~flit_core.games.view.View` subclass. Every driver builds it so, from the
    #: harness's state or from a board kept from the changes.
    view_type: ViewType[C]
    #: The example bots by name (``bots/NAME_bot.py``), with the level each is for people:
    #: the weakest (random) first, the strongest last.
    example_bots: ClassVar[Mapping[str, Level]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.title and "name" in vars(cls):
            cls.title = cls.name.capitalize()

    @property
    @abstractmethod
    def presets(self) -> Mapping[str, C]:
        """Named configurations (the first is the standard game)."""

    def preset(self, name: str | None = None) -> C:
        """The named preset (None: :attr:`GameInfo.default_preset`); :class:`ConfigError`
        names the choices."""
        try:
            return self.presets[self.info.default_preset if name is None else name]
        except KeyError:
            raise ConfigError(
                f"unknown {self.name} preset {name!r}; choose one of: {', '.join(self.presets)}"
            ) from None

    @abstractmethod
    def new_state(self, config: C, rng: Rng, start: Any = None) -> S:
        """A game's initial state: the setup drawn from ``rng``, or ``start`` (a value of
        the game's :meth:`State.snapshot` type) as the starting position."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """A move from its text form; raise :class:`~flit_core.errors.MoveSyntaxError`.

        Moves are immutable values, the same for the same text: the page's referee keeps
        the ones it has read."""

    def format_move(self, move: M) -> str:
        """A move's text form (what replays record and protocols send)."""
        return str(move)

    def is_pass(self, move: M) -> bool:
        """True when a legal ``move`` is a deliberate no-move (recorded as a pass); never,
        by default (most games have no pass)."""
        return False

    def max_steps(self, config: C) -> int | None:
        """The most steps a game of ``config`` can last, if the rules bound it (progress
        displays and the browser's time-outs); None when they do not."""
        return None

    @abstractmethod
    def read_answer(self, value: Any, elapsed_ms: float | None = None) -> Answer:
        """What a Python bot's ``move(view)`` returned, as an :class:`Answer`."""

    @property
    def examples(self) -> Mapping[str, Path]:
        """The example bots' files, ``bots/NAME_bot.py`` in the game's folder, by name in
        :attr:`example_bots`' order."""
        folder = game_folder(self) / "bots"
        return {name: folder / f"{name}_bot.py" for name in self.example_bots}

    @abstractmethod
    def board(self, config: C, setup: Sequence[Change]) -> Board:
        """A board rebuilt from the setup, advanced with :meth:`Board.apply` (replays, displays)."""

    def change_from_json(self, item: Any) -> Change:
        """A recorded change read back from a replay; raise ValueError if malformed."""
        if not isinstance(item, list) or not all(
            isinstance(value, (int, str)) and not isinstance(value, bool) for value in item
        ):
            raise ValueError(f"a change must be a list of numbers or strings, not {item!r}")
        return tuple(item)

    def adapter(self, kind: type[A]) -> A:
        """The game's adapter of ``kind``: its own, else the kind's defaults where the kind
        has them; :class:`~flit_core.games.adapters.MissingAdapter` (one line) if neither."""
        built = self.__dict__.setdefault("_adapters", {})
        found = built.get(kind)
        if found is None:
            make = self.adapters.get(kind)
            if make is None and not has_defaults(kind):
                raise MissingAdapter(f"{self.title} has no {kind.what.removeprefix('a ').removeprefix('an ')}")
            found = built[kind] = (make or kind)(self)
        if not isinstance(found, kind):
            raise TypeError(f"{self.title}'s {kind.__name__} adapter is a {type(found).__name__}")
        return found


def has_defaults(kind: type[Adapter]) -> bool:
    """True when every game has an adapter of ``kind``: its defaults, if not one of its own."""
    return not getattr(kind, "__abstractmethods__", None)


def offers(definition: AnyGame, kind: type[Adapter]) -> bool:
    """True when ``definition`` has an adapter of ``kind`` (its own, or the kind's defaults)."""
    return kind in definition.adapters or has_defaults(kind)


#: Any game's definition, as drivers hold it.
AnyGame = GameDef[Any, Any, Any]


def game_folder(definition: AnyGame) -> Path:
    """The folder of ``definition``'s package (its renderers' scripts, its example bots)."""
    return Path(sys.modules[type(definition).__module__].__file__ or "").parent


def steady_examples(definition: AnyGame) -> dict[str, Path]:
    """``definition``'s example bots whose moves do not depend on the clock (all but
    :attr:`GameInfo.clock_bots`), by name in order: what comparisons of drivers may seat."""
    return {name: path for name, path in definition.examples.items() if name not in definition.info.clock_bots}


def in_turn(choices: Sequence[_Choice], seats: int) -> list[_Choice]:
    """``choices`` over ``seats`` seats in turn, from the first again when they run out: how
    the page fills a new game's seats with the example bots (``web/js/seats.js``)."""
    return [choices[seat % len(choices)] for seat in range(seats)]
