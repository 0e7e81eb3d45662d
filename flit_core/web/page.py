"""The page's referee: drives a :class:`~flit_core.game.Game` for the page's JavaScript.

The page's script owns the clock, the bot workers and the screen; every rule stays here,
in the same :class:`Game` the native referee drives, for whichever game of the registry
the page plays: each step asks every mover at once and plays their answers together
(``play()``), so simultaneous games run like sequential ones.
Every method takes and returns JSON text, so crossing the JavaScript boundary costs one
string each way and no proxy objects leak. Changes are tuples, which JSON writes as
arrays: they are sent as they are, not copied into lists first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..errors import FlitError, ReplayError
from ..game import Game
from ..games import DEFAULT_GAME, get_game
from ..games.adapters import Page, TournamentRules
from ..games.interface import AnyGame
from ..replay import Replay
from ..session import Answer, AnswerKind, Turn
from ..tournament.leaderboard import GameRecord, leaderboard
from .jsontext import dumps

#: The most move texts a referee keeps read (a game's whole move space is usually smaller).
_MOVES_KEPT = 4096


_KINDS = {kind.value: kind for kind in AnswerKind}


def answer_from_dict(data: Any, definition: AnyGame, moves: dict[str, Any] | None = None) -> Answer:
    """The :class:`Answer` a worker (or a human's click) reported, as sent by the page.

    ``{"kind": "move", "move": text | None, "detail": ..., "ms": ...}``: kinds are
    :class:`AnswerKind` values, moves the game's text form. Anything malformed is an
    unreadable answer, never a crash. ``moves`` caches texts already read (moves are
    immutable values): bots play the same few moves again and again.
    """
    ms = data.get("ms") if isinstance(data, dict) else None
    if not isinstance(ms, (int, float)) or isinstance(ms, bool):
        ms = None
    try:
        kind = _KINDS[data["kind"]]
        text = data.get("move")
        if kind is not AnswerKind.MOVE or text is None:
            move = None
        elif moves is None or type(text) is not str:
            move = definition.parse_move(str(text))
        elif (move := moves.get(text)) is None:
            move = definition.parse_move(text)
            if len(moves) >= _MOVES_KEPT:
                moves.clear()
            moves[text] = move
    except (KeyError, TypeError, ValueError) as error:
        return Answer.unreadable(f"malformed answer from the bot's worker: {error}", ms)
    return Answer(kind, move, str(data.get("detail") or ""), ms)


def turn_to_dict(turn: Turn, definition: AnyGame) -> dict[str, Any]:
    """A turn as the page draws it (the same fields as a replay's turn, always present)."""
    return {
        "index": turn.index,
        "player": turn.player,
        "kind": turn.kind.value,
        "move": None if turn.move is None else definition.format_move(turn.move),
        "detail": turn.detail,
        "ms": turn.elapsed_ms,
        "changes": turn.changes,
    }


def replay_to_page(replay: Replay) -> dict[str, Any]:
    """What the page needs to show a finished replay: its game, header, turns and result."""
    definition = replay.definition
    return {
        "game": definition.name,
        "config": replay.config.to_dict(),
        "limit": definition.max_steps(replay.config),
        "seed": replay.seed,
        "names": replay.names,
        "setup": replay.setup,
        "turns": [turn_to_dict(turn, definition) for turn in replay.turns],
        "result": None if replay.result is None else replay.result.to_dict(),
        "stats": {str(p): stats.to_dict() for p, stats in replay.stats.items()},
    }


class PageReferee:
    """One game in the page. Built from ``{"game": name, "config": {...}, "seed": n, "names": [...]}``."""

    def __init__(self, settings: str) -> None:
        """Set up the game (raises :class:`~flit_core.errors.FlitError` for bad settings)."""
        data = json.loads(settings)
        self.definition = get_game(data.get("game", DEFAULT_GAME))
        self.config = self.definition.config_type.from_dict(data["config"])
        self.game = Game(self.definition, self.config, int(data["seed"]))
        self.names = [str(name) for name in data["names"]]
        self._played: list[Turn] = []
        self._moves: dict[str, Any] = {}
        if len(self.names) != self.config.players:
            raise FlitError(f"{self.config.players} players need {self.config.players} names")

    def setup(self) -> str:
        """The start: ``{"setup": changes, "movers": [...], "requests": [...], "limit": most
        steps or null, "stats": by seat}`` (``requests``: the first step's, see :meth:`play`)."""
        return dumps(
            {
                "setup": self.game.setup,
                "stats": self._stats(range(1, self.game.players + 1)),
                "movers": list(self.game.movers),
                "requests": self._requests(),
                "limit": self.definition.max_steps(self.config),
            }
        )

    def _requests(self) -> list[dict[str, Any]]:
        return [
            {"player": request.player, "turn": request.turn, "limit": request.time_limit_ms, "first": request.first}
            for request in self.game.requests()
        ]

    def play(self, answers: str) -> str:
        """Play the step with the answers to its requests (``{"player": answer}``).

        Returns what the next step needs at once: ``{"changes": [...], "requests": [...]}``,
        the step's changes (which every bot is sent) and the next step's move requests
        (``[{"player", "turn", "limit", "first"}]``, one per mover still in the game; none
        when every mover is out or the game is over). The page asks the next bots and only
        then for the step's :meth:`report`: recording a step overlaps their thinking.
        """
        given = json.loads(answers)
        self._played = self.game.submit_all(
            {int(player): answer_from_dict(data, self.definition, self._moves) for player, data in given.items()}
        )
        over = self.game.result is not None
        return dumps(
            {
                "changes": self._played[-1].changes,
                "requests": [] if over else self._requests(),
            }
        )

    def report(self) -> str:
        """The last step :meth:`play` played: ``{"turns": [...]}`` (see :func:`turn_to_dict`,
        one per mover, the step's changes on the last) with ``stats`` (by seat, of the
        step's movers: only theirs change), ``movers`` (of the next step), ``over`` and,
        once over, ``result``."""
        turns, result = self._played, self.game.result
        return dumps(
            {
                "turns": [turn_to_dict(turn, self.definition) for turn in turns],
                "stats": self._stats(turn.player for turn in turns),
                "movers": [] if result is not None else list(self.game.movers),
                "over": result is not None,
                "result": None if result is None else result.to_dict(),
            }
        )

    def legal_moves(self, player: int) -> str:
        """The legal moves of ``player`` now, as texts (for a human seat's clicks)."""
        definition = self.definition
        return dumps(
            [
                definition.format_move(move)
                for move in definition.adapter(Page).legal_moves(self.game.position(), player)
            ]
        )

    def replay(self, meta: str) -> str:
        """The game's replay file text, the same JSON the native referee writes."""
        return Replay.from_game(self.game, self.names, json.loads(meta)).to_json()

    def game_record(self, index: int) -> str:
        """The finished game as game ``index`` of a tournament (a leaderboard record's dict)."""
        return dumps(GameRecord.from_replay(Replay.from_game(self.game, self.names), index).to_dict())

    def _stats(self, players: Iterable[int]) -> dict[str, Any]:
        return {str(p): self.game.stats(p).to_dict() for p in players}


def check_config(game: str, config: str) -> str:
    """Validate settings from the page's form: ``{"ok": config}`` or ``{"error": message}``."""
    try:
        return dumps({"ok": get_game(game).config_type.from_dict(json.loads(config)).to_dict()})
    except (FlitError, TypeError) as error:
        return dumps({"error": str(error)})


def open_replay(text: str) -> str:
    """Verify a replay file's text: ``{"ok": page view}`` or ``{"error": message}``."""
    try:
        return dumps({"ok": replay_to_page(Replay.from_json(text, get_game))})
    except ReplayError as error:
        return dumps({"error": str(error)})


def tournament_game(seed: int, index: int, players: int) -> str:
    """Game ``index`` of the page's quick tournament: ``{"seed", "order"}``.

    The seed is the form's seed plus the index; the seat order rotates by one each game
    (``order[seat - 1]`` is the entrant in that seat), so in every ``players`` games each
    entrant plays each seat once: two bots alternate.
    """
    return dumps(
        {
            "seed": (seed + index) % 2**64,
            "order": [(seat + index) % players for seat in range(players)],
        }
    )


def standings(records: str, entrants: str, game: str = DEFAULT_GAME) -> str:
    """The leaderboard (:func:`~flit_core.tournament.leaderboard.leaderboard`) of the games so far.

    ``records`` are :meth:`PageReferee.game_record` dicts of games of ``game``; ``entrants``
    the bots' names, listed even before they have finished a game. Rows are
    ``Standing.to_dict()``, best first.
    """
    rows = leaderboard(
        (GameRecord.from_dict(data) for data in json.loads(records)),
        entrants=json.loads(entrants),
        by_score=get_game(game).adapter(TournamentRules).ranks_by_score,
    )
    return dumps([row.to_dict() for row in rows])
