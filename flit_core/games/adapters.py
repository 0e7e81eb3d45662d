"""What a game may offer beyond its rules: one adapter per driver's need.

A game's :class:`~flit_core.games.interface.GameDef` holds the rules core (settings, a new
state, move text, what a bot may return, the bot's view). Everything else a driver needs
is an adapter the game declares when it has one (as python-chess makes each engine
protocol a class of its own): the referee asks for :class:`Programs`, the notebook for
:class:`Pictures`, the page for :class:`Page`. A driver asks with
``definition.adapter(Kind)``; a game that declares none gets the kind's defaults where it
has them (:class:`Text`, :class:`TournamentRules`, :class:`CommandLine`), and a one-line
:class:`MissingAdapter` otherwise, never a crash half-way.

Adapters are built on first use from the definition (``Kind(definition)``, or the game's
own subclass), so a game can keep a heavy one (the checker, which starts processes; the
SVG renderer, which the page never loads) in a module of its own, imported only then.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..config import BaseConfig
from ..errors import ConfigError
from .interface import Adapter, Change, MissingAdapter, State
from .wire import WireProtocol

if TYPE_CHECKING:
    from pathlib import Path


class BotLanguage(NamedTuple):
    """How a bot file in a language besides Python runs, under the referee and in the page."""

    #: The name the page's editor shows ("JavaScript").
    title: str
    #: What its bot files' names end with (".js").
    suffix: str
    #: The program that runs a bot file as a bot program of the game's protocol: the
    #: file's path is appended.
    host: tuple[str, ...]
    #: The page's worker module for it, a file of the game's folder: a plain module Web
    #: Worker (no Pyodide) that answers the Python worker's ``load``, ``move`` and ``ping``
    #: messages (web/bot-worker.js, each reply with ``at``, when its request arrived) for a bot
    #: in this language; the page ends the module with web/js/lockdown.js, terminates it at
    #: the deadline and replaces it when it is still busy after an answer.
    worker: str
    #: Example bots in this language, by name.
    examples: Mapping[str, Path]


class Programs(Adapter, ABC):
    """How bot programs of the game are run: its wire protocols and their Python host."""

    what = "a wire protocol for bot programs"

    #: The protocol (a name of :attr:`protocols`) the host speaks when the referee starts it
    #: for a whole game: what Python bot files play under the referee.
    host_protocol: ClassVar[str] = "native"

    @property
    @abstractmethod
    def protocols(self) -> Mapping[str, WireProtocol]:
        """Every wire protocol a bot program may speak, by name, the native one first."""

    @property
    def protocol(self) -> WireProtocol:
        """The native protocol (the first of :attr:`protocols`)."""
        return next(iter(self.protocols.values()))

    def seat_protocol(self, name: str | None) -> WireProtocol:
        """The protocol called ``name`` (None: :attr:`protocol`); :class:`ConfigError` names
        the choices."""
        if name is None:
            return self.protocol
        try:
            return self.protocols[name]
        except KeyError:
            raise ConfigError(
                f"{self.game.title} bots speak one of the protocols {', '.join(self.protocols)}, not {name!r}"
            ) from None

    @abstractmethod
    def host(self, argv: Sequence[str], prog: str) -> int:
        """Run a Python bot file as a program speaking :attr:`host_protocol` on this
        process's stdin/stdout (``argv``: the file and the protocol's arguments)."""

    @property
    def languages(self) -> Mapping[str, BotLanguage]:
        """Languages besides Python its bots may be written in, by key (``"javascript"``):
        none by default (see :mod:`flit_core.games.languages`)."""
        return {}


class OwnConsole(Adapter, ABC):
    """The console of ``flit-arena match --interactive`` when the game's original had one
    of its own (a game without it gets the referee's)."""

    what = "a console of its own"

    @abstractmethod
    def console(self, match: Any, read: Callable[[str], str], write: Callable[[str], None]) -> Any:
        """The console for ``match``: an object whose ``run()`` reads commands with ``read``
        and answers with ``write``."""


class Checker(Adapter, ABC):
    """The conformance checker's scenarios for bot programs (``flit-arena check``)."""

    what = "a conformance checker"

    @abstractmethod
    def scenarios(self, quick: bool = False) -> Sequence[Any]:
        """Callables ``(bot, limits, log) -> ScenarioResult`` (see :mod:`flit_core.referee.check`)."""


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


class Pictures(Adapter, ABC):
    """Boards as SVG pictures (notebooks, reports)."""

    what = "an SVG renderer"

    @abstractmethod
    def svg(self, snapshot: Any, **options: Any) -> str:
        """The board as an SVG picture."""

    def marked_svg(
        self, snapshot: Any, player: int, move: Any = None, changes: Sequence[Change] | None = None, **options: Any
    ) -> str:
        """:meth:`svg` (with ``options``) with ``player``'s move marked: what ``changes``
        did, when given (the board after them), else ``move`` itself (a move about to be
        tried). The default marks nothing."""
        return self.svg(snapshot, **options)

    def replay_drawing(self, replay: Any, **options: Any) -> ReplayDrawing | None:
        """A fast drawing of ``replay`` (a :class:`~flit_core.replay.Replay`) for the notebook's
        replay player (``options`` as :meth:`svg`'s), or None (the default): the player then
        shows :meth:`marked_svg` of every turn's board, which suits short games."""
        return None


class Text(Adapter):
    """Boards and moves in words: consoles, logs, notebooks (every game has the defaults)."""

    what = "a text form of its boards"

    #: What the symbols of :meth:`text` mean.
    legend: ClassVar[str] = ""

    def text(self, snapshot: Any) -> str:
        """The board as plain text (:attr:`legend` explains its symbols)."""
        return str(snapshot)

    def snapshot_from_text(self, text: str) -> Any:
        """A board from its :meth:`text` form (ValueError if malformed), for notebooks'
        ``try_move``; :class:`MissingAdapter` for a game whose boards have no such form."""
        raise MissingAdapter(f"{self.game.title} boards cannot be read from text")

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """What a move did, in words after "bot N" (consoles, logs)."""
        return f"played {self.game.format_move(move)}"

    def state_lines(self, state: State) -> list[str]:
        """Extra lines a console shows about a game in progress (after each bot's line)."""
        return []


class Trial(Adapter, ABC):
    """One move tried on a board, whoever's turn it is (notebooks' ``try_move``); games whose
    moves only make sense all together (simultaneous ones) have none."""

    what = "single moves to try"

    def fit_config(self, config: BaseConfig, snapshot: Any, player: int) -> BaseConfig:
        """``config`` adapted to trying ``player``'s move on ``snapshot`` (e.g. Flit's board
        size, and seats for every colour on the board); the default changes nothing."""
        return config

    @abstractmethod
    def apply_move(self, snapshot: Any, player: int, move: Any) -> tuple[Any, Sequence[Change]]:
        """``player``'s ``move`` on ``snapshot`` by the rules of one move alone, without
        chance: the board after it and its changes; :class:`~flit_core.errors.IllegalMove`
        if it is illegal."""


class Page(Adapter, ABC):
    """What the browser page needs: its modules and settings form, and a human's moves."""

    what = "a page"

    @property
    @abstractmethod
    def assets(self) -> Mapping[str, Any]:
        """As JSON (see :func:`flit_core.web.assets.game_assets`): ``canvas``, the file in
        the game's folder of its page module (``Board`` and ``BoardView``, see web/js/game.js);
        optionally ``input`` (the module of ``HumanInput``), ``fields`` (the settings form:
        a field name, or ``{"name", "label", "type": "int" | "number" | "choice",
        "choices", "min", "max", "optional"}``), ``preset`` (the page's first preset),
        ``preset_labels``, ``seat_names``, ``starter`` (the editor's code for a new bot),
        ``rules`` (one line under the page), ``human_presets`` (presets made for a person:
        choosing one seats you in seat 1), ``chart_name`` (what the page module's
        ``Board.chart`` plots, for a game whose scores say nothing until it ends) and
        whatever the page module draws with."""

    def legal_moves(self, snapshot: Any, player: int) -> Sequence[Any]:
        """Every legal move of ``player`` on ``snapshot`` except a pass: what a human seat
        may click (:class:`MissingAdapter` for a game without human input)."""
        raise MissingAdapter(f"{self.game.title} takes no moves from people on the page")


class Workdirs(NamedTuple):
    """Where a tournament runs a game's bot programs, as the game's original rules had it
    (:attr:`TournamentRules.workdirs`). Each program runs in a copy of its working folder (named
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


class TournamentRules(Adapter):
    """How tournaments play and rank the game (every game has the KotH defaults)."""

    what = "tournament rules"

    #: True when tournaments rank bots by their total score before their wins (light
    #: cycles: opponents outlasted); False, the KotH rule: wins first.
    ranks_by_score: ClassVar[bool] = False
    #: Where tournaments run the bot programs (games whose bots write files); None: in the
    #: working folders the entrants file gives, as they are.
    workdirs: ClassVar[Workdirs | None] = None

    def seat_config(self, config: BaseConfig, entrants: Sequence[int]) -> BaseConfig:
        """The settings of one game whose seats (seat 1 first) hold the entrants at these
        0-based places of the tournament's entrant list: ``config`` by default; a game whose
        players have ids fixed for the tournament (the coin game) adds them."""
        return config

    def series_config(self, config: BaseConfig) -> BaseConfig:
        """The settings of a series of many games made from those of one game: the same
        by default; a game whose single games would all be alike changes what makes them differ."""
        return config


class Option(NamedTuple):
    """A command-line shortcut for one field of a game's configuration (``--size 12``)."""

    flag: str
    field: str
    type: Callable[[str], Any]
    help: str
    choices: tuple[str, ...] | None = None


class CommandLine(Adapter):
    """Shortcuts for the game's own settings on the command line (any field can also be
    set with ``--set FIELD=VALUE``): none by default."""

    what = "command-line options"

    #: The shortcuts.
    options: ClassVar[tuple[Option, ...]] = ()
