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

import enum
import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..config import BaseConfig
from ..errors import ConfigError, IllegalMove
from ..rng import Rng
from ..session import Answer, TurnKind

if TYPE_CHECKING:
    from pathlib import Path

    from ..replay import Replay
    from .languages import BotLanguage

#: One recorded change of a step: a tuple of JSON scalars (e.g. Flit's ``(x, y, colour)``).
Change = tuple[Any, ...]


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
    def view(self, player: int, turn: int, time_limit_ms: float | None) -> Any:
        """The read-only view the bot of ``player`` gets for turn ``turn``."""

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


class ReplayDrawing(NamedTuple):
    """A game's own fast drawing of a replay in the notebook's replay player.

    ``script`` is a JavaScript function expression ``(element, data, movers) => frames``:
    ``element`` holds ``svg``, ``data`` is :attr:`data`, ``movers[i]`` is the seat of turn
    ``i``, and ``frames`` has ``show(t)`` (draw the board after ``t`` turns, in place),
    ``move(t)`` (what turn ``t``'s move did, in words after "bot N (name) ", e.g.
    ``"moved 2,1 → 4,1"``) and ``remark(t)`` (a sentence on what else turn ``t``
    changed, or ""). See ``flit_core/notebook/player.js``.
    """

    #: The board after the last turn (what shows where scripts do not run).
    svg: str
    #: The drawing function's source.
    script: str
    #: JSON the script draws every frame from.
    data: Any


#: A per-move bot's output read as its answer, at most (the rest is thrown away).
PER_MOVE_OUTPUT = 64 * 1024


class WireProtocol(ABC):
    """How a bot program is spoken to over stdin/stdout, for one game (pluggable, like
    python-chess's engine protocols). The referee does the process handling; this class
    says what the bytes are.

    A persistent protocol (the default) starts the bot once per game: :meth:`argv`,
    then :meth:`greeting` and :meth:`updates` lines queued for it, :attr:`request` to ask
    for a move, one answer line read by :meth:`parse`.

    A per-move protocol (:attr:`per_move`) starts the bot afresh for every move, as some
    original KotH controllers did: the command plus :meth:`move_arguments`, with
    :meth:`move_input` on its stdin (then end-of-file). Its answer is everything it
    printed until it exited or closed stdout (the first :data:`PER_MOVE_OUTPUT` bytes),
    read by :meth:`parse`; then its process group is killed. :meth:`argv`,
    :meth:`greeting`, :meth:`updates` and :attr:`request` are not used.
    """

    #: True when the bot program is started afresh for every move (see above).
    per_move: ClassVar[bool] = False
    #: The line that asks a bot for its move.
    request: ClassVar[bytes] = b"M\n"
    #: True when a blank line from a bot is no answer (the referee waits on for one).
    skips_blank_lines: ClassVar[bool] = False

    @abstractmethod
    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The command line that starts the bot in ``seat`` (the command plus what the
        protocol appends)."""

    def greeting(self, seat: int, config: BaseConfig) -> bytes:
        """What a bot is sent before anything else (after it starts)."""
        return b""

    @abstractmethod
    def updates(self, changes: Sequence[Change]) -> bytes:
        """The lines that tell every bot about ``changes``."""

    def updates_for(self, recipient: int, mover: int, changes: Sequence[Change]) -> bytes:
        """What bot ``recipient`` is told of a step of ``mover`` (0 for the setup). By
        default every bot is told the same (:meth:`updates`); a protocol that tells only
        the others (Hex's) overrides this."""
        return self.updates(changes)

    def farewell(self, seat: int) -> bytes:
        """What a bot is sent when the game is over, before its input is closed."""
        return b""

    def move_request(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        """Persistent protocols: the line that asks ``seat`` for a move on ``snapshot``;
        :attr:`request` by default. A protocol whose request carries the whole game
        overrides it (the referee then takes a snapshot for every request)."""
        return self.request

    def move_arguments(self, seat: int, config: BaseConfig, snapshot: Any) -> list[str]:
        """Per-move protocols: the arguments appended to the bot's command to ask ``seat``
        for a move on the board ``snapshot`` (the harness's :meth:`State.snapshot`)."""
        raise NotImplementedError(f"{type(self).__name__} is not a per-move protocol")

    def move_input(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        """Per-move protocols: what the bot reads on stdin for one move (default nothing)."""
        return b""

    @abstractmethod
    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """Read one answer line (a per-move protocol: the bot's whole output); UNREADABLE
        if it is not a move."""

    def describe(self) -> str:
        """One paragraph for ``--help`` and the checker: how a bot is started and spoken to."""
        return (self.__doc__ or "").strip()


class Option(NamedTuple):
    """A command-line shortcut for one field of a game's configuration (``--size 12``)."""

    flag: str
    field: str
    type: Callable[[str], Any]
    help: str
    choices: tuple[str, ...] | None = None


class Workdirs(NamedTuple):
    """Where a tournament runs a game's bot programs, as the game's original rules had it
    (:attr:`GameDef.workdirs`). Each program runs in a copy of its working folder (named
    after the entrant, holding ``data_file`` created empty if missing), fresh for every
    game or kept for the whole tournament; the tournament option ``option`` switches
    between the two."""

    #: True: all the copies sit in one bots folder, the working directory of every bot;
    #: False: each program runs in its own copy.
    shared: bool = False
    #: True: the copies last the whole tournament (games that share a bot then run one
    #: after another); False: fresh copies for every game, thrown away after it.
    kept: bool = False
    #: A file every copy holds, created empty if missing ("" for none).
    data_file: str = ""
    #: The tournament option that gives the other choice of :attr:`kept`.
    option: str = ""


class GameDef(ABC):
    """Everything a game knows, behind one object: the registry maps a name to it.

    Drivers never import a game's modules; they ask its :class:`GameDef`.
    """

    #: The registry name (``flit``, ``hex``, ...): lower-case, used on the command line.
    name: ClassVar[str]
    #: The display name.
    title: ClassVar[str]
    #: The rules' version, recorded in replays: bump it when a rule changes.
    version: ClassVar[int] = 1
    #: The game's configuration class.
    config_type: ClassVar[type[BaseConfig]]
    #: True when several players move at once.
    simultaneous: ClassVar[bool] = False
    #: The name of the preset used when none is given.
    default_preset: ClassVar[str] = "standard"
    #: The preset of quick games, a second or so (notebooks, tests); None: :attr:`default_preset`.
    small_preset: ClassVar[str | None] = None
    #: Each seat's colour (CSS), seat 1 first: how charts and tables tell players apart.
    seat_colours: ClassVar[tuple[str, ...]] = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1")
    #: What a score counts, for tables and summaries (Flit: "pieces").
    score_name: ClassVar[str] = "score"
    #: True when tournaments rank bots by their total score before their wins (light
    #: cycles: opponents outlasted); False, the KotH rule: wins first.
    ranks_by_score: ClassVar[bool] = False
    #: Where tournaments run the bot programs (games whose bots write files); None: in the
    #: working folders the entrants file gives, as they are.
    workdirs: ClassVar[Workdirs | None] = None
    #: Command-line shortcuts for the game's own configuration fields (any field can also
    #: be set with ``--set FIELD=VALUE``).
    options: ClassVar[tuple[Option, ...]] = ()

    @property
    @abstractmethod
    def presets(self) -> Mapping[str, BaseConfig]:
        """Named configurations (the first is the standard game)."""

    def preset(self, name: str) -> BaseConfig:
        """The named preset; :class:`ConfigError` names the choices."""
        try:
            return self.presets[name]
        except KeyError:
            raise ConfigError(
                f"unknown {self.name} preset {name!r}; choose one of: {', '.join(self.presets)}"
            ) from None

    @property
    def default_config(self) -> BaseConfig:
        """The configuration of :attr:`default_preset`."""
        return self.presets[self.default_preset]

    def config_from_dict(self, data: Mapping[str, Any]) -> BaseConfig:
        """A configuration from its JSON dict (:class:`ConfigError` if it is malformed)."""
        return self.config_type.from_dict(data)

    def config_for(self, players: int) -> BaseConfig:
        """The settings for ``players`` bots when no preset is named: the first preset for
        that many players, else the default preset with the player count changed."""
        for config in self.presets.values():
            if config.players == players:
                return config
        return self.default_config.replace(players=players)

    @abstractmethod
    def new_state(self, config: BaseConfig, rng: Rng, start: Any = None) -> State:
        """A game's initial state: the setup drawn from ``rng``, or ``start`` (a value of
        the game's :meth:`State.snapshot` type) as the starting position."""

    # -- moves as text ----------------------------------------------------------------

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """A move from its text form; raise :class:`~flit_core.errors.MoveSyntaxError`.

        Moves are immutable values, the same for the same text: the page's referee keeps
        the ones it has read."""

    def format_move(self, move: Any) -> str:
        """A move's text form (what replays record and protocols send)."""
        return str(move)

    def is_pass(self, move: Any) -> bool:
        """True when a legal ``move`` is a deliberate no-move (recorded as a pass); never,
        by default (most games have no pass)."""
        return False

    def legal_moves(self, snapshot: Any, player: int) -> Sequence[Any]:
        """Every legal move of ``player`` on ``snapshot`` except a pass (what a human seat
        on the page may click). Games without human input on the page need not say."""
        raise NotImplementedError(f"{self.title} does not list its legal moves")

    def max_steps(self, config: BaseConfig) -> int | None:
        """The most steps a game of ``config`` can last, if the rules bound it (progress
        displays and the browser's time-outs); None when they do not."""
        return None

    # -- bots -------------------------------------------------------------------------

    @abstractmethod
    def read_answer(self, value: Any, elapsed_ms: float | None = None) -> Answer:
        """What a Python bot's ``move(view)`` returned, as an :class:`Answer`."""

    #: What a move looks like to a Python bot, in its terms, with an example: how
    #: :meth:`read_answer` explains a value that is no move (``Answer.returned``) and what
    #: the page's editor tells a bot's author.
    move_help: ClassVar[str] = "a move in the game's text form"

    #: The game's bot view: ``view_type(player, config, turn, snapshot, time_limit_ms)``.
    view_type: ClassVar[Callable[..., Any]]

    def bot_view(self, config: BaseConfig, player: int, turn: int, snapshot: Any, time_limit_ms: float | None) -> Any:
        """The view a bot gets, built from a board snapshot (for drivers that keep their own
        board from the changes: browser workers, notebooks); the same as :meth:`State.view`.
        By default a :attr:`view_type`."""
        return self.view_type(player, config, turn, snapshot, time_limit_ms)

    @property
    @abstractmethod
    def protocol(self) -> WireProtocol:
        """The native wire protocol bot programs speak."""

    @property
    def protocols(self) -> Mapping[str, WireProtocol]:
        """Every wire protocol a bot program of this game may speak, by name (the referee
        speaks each seat's own); by default :attr:`protocol` alone, named ``native``."""
        return {"native": self.protocol}

    #: The protocol (a name of :attr:`protocols`) that :attr:`host` speaks when the
    #: referee starts it for a whole game: what Python bot files play under the referee.
    host_protocol: ClassVar[str] = "native"

    def seat_protocol(self, name: str | None) -> WireProtocol:
        """The protocol called ``name`` (None: :attr:`protocol`); :class:`ConfigError` names
        the choices."""
        if name is None:
            return self.protocol
        try:
            return self.protocols[name]
        except KeyError:
            raise ConfigError(
                f"{self.title} bots speak one of the protocols {', '.join(self.protocols)}, not {name!r}"
            ) from None

    @property
    def host(self) -> Any:
        """The protocol host: runs a Python bot file as a program speaking :attr:`protocol`
        (a module with ``main(argv, prog) -> int``). By convention the ``host`` module of
        the game's package, imported on first use (it does I/O, which the rules never do)."""
        return importlib.import_module(f"{type(self).__module__}.host")

    def console(self, match: Any, read: Callable[[str], str], write: Callable[[str], None]) -> Any:
        """The console of ``flit-arena match --interactive`` for ``match`` (an object whose
        ``run()`` reads commands with ``read`` and answers with ``write``): the arena's own
        by default; a game whose original had a console of its own offers that one."""
        # Imported on use (as :attr:`host` is): the rules, and the page, never need the referee.
        return importlib.import_module("flit_core.referee.console").Console(match, read, write)

    def check_scenarios(self, quick: bool = False) -> Sequence[Any]:
        """The conformance checker's scenarios for bot programs of this game (callables
        ``(bot, limits, log) -> ScenarioResult``, see :mod:`flit_core.referee.check`)."""
        raise ConfigError(f"{self.title} has no conformance checker yet")

    @property
    def folder(self) -> Path:
        """The game's folder (renderers' scripts, example bots)."""
        from pathlib import Path  # imported on use: a bot program's host starts without it

        return Path(sys.modules[type(self).__module__].__file__ or "").parent

    @property
    @abstractmethod
    def examples(self) -> Mapping[str, Path]:
        """Example bot files by name (random first)."""

    @property
    def languages(self) -> Mapping[str, BotLanguage]:
        """Languages besides Python its bots may be written in, by key (``"javascript"``):
        none by default (see :mod:`flit_core.games.languages`)."""
        return {}

    def seat_config(self, config: BaseConfig, entrants: Sequence[int]) -> BaseConfig:
        """The settings of one tournament game whose seats (seat 1 first) hold the entrants
        at these 0-based places of the tournament's entrant list: ``config`` by default; a
        game whose players have ids fixed for the tournament (the coin game) adds them."""
        return config

    def series_config(self, config: BaseConfig) -> BaseConfig:
        """The settings of a series of many games (a tournament's defaults) made from those
        of one game, ``config``: the same by default; a game whose single games would all
        be alike changes what makes them differ."""
        return config

    # -- displays ---------------------------------------------------------------------

    @abstractmethod
    def board(self, config: BaseConfig, setup: Sequence[Change]) -> Board:
        """A board rebuilt from the setup, advanced with :meth:`Board.apply`."""

    @abstractmethod
    def svg(self, snapshot: Any, **options: Any) -> str:
        """The board as an SVG picture (notebooks, reports)."""

    def marked_svg(
        self, snapshot: Any, player: int, move: Any = None, changes: Sequence[Change] | None = None, **options: Any
    ) -> str:
        """:meth:`svg` (with ``options``) with ``player``'s move marked: what ``changes``
        did, when given (the board after them), else ``move`` itself (a move about to be
        tried). The default marks nothing."""
        return self.svg(snapshot, **options)

    def replay_drawing(self, replay: Replay, **options: Any) -> ReplayDrawing | None:
        """A fast drawing of ``replay`` for the notebook's replay player (``options`` as
        :meth:`svg`'s), or None (the default): the player then shows :meth:`marked_svg`
        of every turn's board, which suits short games."""
        return None

    def text(self, snapshot: Any) -> str:
        """The board as plain text (:attr:`text_legend` explains its symbols)."""
        return str(snapshot)

    #: What the symbols of :meth:`text` mean.
    text_legend: ClassVar[str] = ""

    def snapshot_from_text(self, text: str) -> Any:
        """A board from its :meth:`text` form (ValueError if malformed), for notebooks'
        ``try_move``. Games without a text form need not say."""
        raise NotImplementedError(f"{self.title} boards cannot be read from text")

    def fit_config(self, config: BaseConfig, snapshot: Any, player: int) -> BaseConfig:
        """``config`` adapted to trying ``player``'s move on ``snapshot`` (e.g. Flit's board
        size, and seats for ``player`` and for every colour on the board); the default
        changes nothing. A configuration that already fits comes back equal."""
        return config

    def apply_move(self, snapshot: Any, player: int, move: Any) -> tuple[Any, Sequence[Change]]:
        """``player``'s ``move`` on ``snapshot`` by the rules of one move alone, whoever's
        turn it is and without chance: the board after it and its changes. Raise
        :class:`~flit_core.errors.IllegalMove` if it is illegal. For notebooks' ``try_move``
        (games whose moves only make sense all together, like simultaneous ones, need not say)."""
        raise NotImplementedError(f"{self.title} cannot try a single move")

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """What a move did, in words after "bot N" (consoles, logs)."""
        return f"played {self.format_move(move)}"

    def state_lines(self, state: State) -> list[str]:
        """Extra lines a console shows about a game in progress (after each bot's line)."""
        return []

    @property
    @abstractmethod
    def page_assets(self) -> Mapping[str, Any]:
        """What the browser page needs from the game beyond the definition's own fields, as
        JSON (see :func:`flit_core.web.assets.game_assets`): ``canvas``, the file in the
        game's folder of its page module (``Board`` and ``BoardView``, see web/js/game.js);
        optionally ``input`` (the module of ``HumanInput``), ``fields`` (the settings form:
        a field name, or ``{"name", "label", "type": "int" | "number" | "choice",
        "choices", "min", "max", "optional"}``), ``preset`` (the page's first preset),
        ``preset_labels``, ``seat_names``, ``starter`` (the editor's code for a new bot),
        ``rules`` (one line under the page) and whatever the page module draws with."""

    def change_from_json(self, item: Any) -> Change:
        """A recorded change read back from a replay; raise ValueError if malformed."""
        if not isinstance(item, list) or not all(
            isinstance(value, (int, str)) and not isinstance(value, bool) for value in item
        ):
            raise ValueError(f"a change must be a list of numbers or strings, not {item!r}")
        return tuple(item)
