"""Nim, the smallest game (docs/how-to/add-a-game.md): players take 1 to 3 stones from one heap
in turn; whoever takes the last wins. No move (a bad answer, a timeout, a crash) takes one
stone, so a game ends within as many turns as the heap has stones."""

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from flit_core.bot.requests import serve_protocol
from flit_core.config import BaseConfig, check_int
from flit_core.errors import IllegalMove, MoveSyntaxError
from flit_core.games.adapters import Programs
from flit_core.games.interface import AdapterMap, Board, Change, GameDef, GameInfo, Level, State
from flit_core.games.view import View
from flit_core.games.whole_game import WholeGameProtocol
from flit_core.rng import Rng
from flit_core.session import Answer


@dataclasses.dataclass(frozen=True, kw_only=True)
class NimConfig(BaseConfig):
    """A heap of ``stones``."""

    GAME: ClassVar[str] = "nim"
    stones: int = 21

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int("stones", self.stones, 1, 10**6)


class Heap(NamedTuple):
    """The board: the stones left and whose turn it is."""

    stones: int
    to_move: int = 1


#: How a game of Nim ends.
EndReason = enum.Enum("EndReason", {"LAST_STONE": "last_stone"})


class NimState(State, Board):
    """A game in progress, and a replay's board too: a step applies its own recorded changes."""

    def __init__(self, config: NimConfig, start: Heap | None) -> None:
        self.config, self.heap = config, start or Heap(config.stones)
        self.movers = (self.heap.to_move,)

    @property
    def setup(self) -> Sequence[Change]:
        return [("heap", self.heap.stones, self.heap.to_move)]

    def check(self, player: int, move: Any) -> None:
        self.check_turn(player)
        if not 1 <= move <= min(3, self.heap.stones):
            raise IllegalMove(f"take 1 to {min(3, self.heap.stones)} stones, not {move}")

    def step(self, actions: Mapping[int, Any]) -> Sequence[Change]:
        ((player, action),) = actions.items()
        changes = [("take", player, action if isinstance(action, int) else 1)]  # no move: one stone
        self.apply(changes)
        return changes

    def apply(self, changes: Sequence[Change]) -> None:
        for change in changes:
            if change[0] == "heap":
                self.heap = Heap(change[1], change[2])
            else:
                _, player, taken = change
                stones = self.heap.stones - taken
                self.heap, self.winner = Heap(stones, player % self.config.players + 1), player
        self.movers, self.over = (self.heap.to_move,), self.heap.stones == 0
        self.end_reason = EndReason.LAST_STONE if self.over else None

    def scores(self) -> dict[int, int]:
        return {seat: int(self.over and seat == self.winner) for seat in range(1, self.config.players + 1)}

    def snapshot(self) -> Heap:
        return self.heap


class NimProtocol(WholeGameProtocol):
    """One line a move: ``SEAT STONES PLAYERS`` in, the number of stones to take out."""

    positional_requests = True

    def move_request(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        return f"{seat} {snapshot.stones} {config.players}\n".encode()

    no_move = b"0\n"

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        return GAME.read_answer(text.strip(), elapsed_ms)

    def read_request(self, fields: Sequence[str], config: BaseConfig) -> tuple[int, BaseConfig, int, Heap]:
        seat, stones, players = map(int, fields)
        return seat, config.replace(players=players), 0, Heap(stones, seat)


class NimPrograms(Programs):
    """Bot programs speak :class:`NimProtocol`; Python bot files run through the protocol's own host."""

    protocols: Mapping[str, NimProtocol] = {"native": NimProtocol()}

    def host(self, argv: Sequence[str], prog: str) -> int:
        return serve_protocol(self.game, argv[0], NimConfig())


class NimGame(GameDef[NimConfig, NimState, int]):
    """Nim, as the registry knows it."""

    name = "nim"
    config_type = NimConfig
    info = GameInfo(score_name="wins", move_help="the number of stones to take, 1 to 3 (e.g. 2)")
    adapters: ClassVar[AdapterMap] = {Programs: NimPrograms}
    presets: Mapping[str, NimConfig] = {"standard": NimConfig()}
    view_type = View
    example_bots = {"random": Level.EASY}

    def new_state(self, config: NimConfig, rng: Rng, start: Any = None) -> NimState:
        return NimState(config, start)

    def read_answer(self, value: Any, elapsed_ms: float | None = None) -> Answer:
        try:
            return Answer.of_move(self.parse_move(str(value)), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)

    def parse_move(self, text: str) -> int:
        if not text.isdigit():
            raise MoveSyntaxError(f"a move is a number of stones, not {text!r}")
        return int(text)

    def board(self, config: NimConfig, setup: Sequence[Change]) -> NimState:
        return NimState(config, Heap(*setup[0][1:]))  # the setup is the one change ("heap", stones, to_move)


GAME = NimGame()
