"""The challenge arena's Python, for the page's script: answers, schedule, problems, exports.

Every function takes and returns JSON text (or plain text), like :mod:`.page`. The
schedule is the native tournament's (:func:`~flit_core.tournament.schedule.schedule`:
seeded and seat-balanced), the leaderboard exports are the native ones, built from the
same replays file ``flit-arena leaderboard FILE`` reads.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import FlitError, ReplayError
from ..games import get_game
from ..games.adapters import Text
from ..replay import Replay
from ..session import TurnKind
from ..tournament.export import html_page, markdown_text
from ..tournament.leaderboard import GameRecord
from ..tournament.replays import board_of, board_of_replays, check_rankable, replays_text
from ..tournament.schedule import derive_seed, schedule
from . import answers

#: The turns the problems table shows.
PROBLEMS = (TurnKind.ERROR, TurnKind.TIMEOUT, TurnKind.INVALID, TurnKind.CRASH)
#: At most this many problems of one game are kept.
PROBLEMS_PER_GAME = 3
#: A stored record's fields that are measured times: rounded in its replay, so not compared.
MEASURED = ("think_ms_total", "think_ms_max")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def read_answers(pages: str, game: str, site: str, languages: str) -> str:
    """:func:`.answers.read_answers` of the API's pages (a JSON list of their texts), the
    game's other languages given as JSON ``{key: title}``."""
    return _dumps(answers.read_answers(json.loads(pages), game, site, json.loads(languages)))


def code_problem(code: str) -> str:
    """Why a challenger's Python ``code`` cannot play (checked as an answer's code is), or ""."""
    return answers.python_problem(code) or ""


def games(names: str, players: int, seed: int, phase: int, start: int, count: int) -> str:
    """Games ``start`` to ``start + count`` of the schedule of ``names`` (a JSON list):
    ``[{"seed", "seats"}]``. Phase 0 uses ``seed`` itself; each later phase (the entrants
    changed) a seed derived from it."""
    phase_seed = seed if phase == 0 else derive_seed(seed, f"phase/{phase}")
    scheduled = schedule(json.loads(names), players, start + count, phase_seed)[start:]
    return _dumps([{"seed": game.seed, "seats": list(game.seats)} for game in scheduled])


def standings(records: str, about: str) -> str:
    """The live leaderboard (rated when the rating library is in the page) of
    :meth:`~flit_core.web.page.PageReferee.game_record` dicts: rows of ``Standing.to_dict()``."""
    board = board_of([GameRecord.from_dict(data) for data in json.loads(records)], json.loads(about))
    return _dumps([row.to_dict() for row in board.standings])


def problems(replay: str) -> str:
    """The turns of a finished game where a bot raised, timed out, crashed or answered
    invalidly: ``[{"seat", "name", "turn", "kind", "detail", "input"}]`` (``turn``: turns
    before it, where the board shows the input; ``input``: the board as text)."""
    return _dumps(_problems(Replay.from_json(replay, get_game)))


def _problems(played: Replay) -> list[dict[str, Any]]:
    definition = played.definition
    found = []
    for position, turn in enumerate(played.turns):
        if turn.kind not in PROBLEMS:
            continue
        found.append(
            {
                "seat": turn.player,
                "name": played.names[turn.player - 1],
                "turn": position,
                "kind": turn.kind.value,
                "detail": turn.detail,
                "input": definition.adapter(Text).text(played.position_at(position)),
            }
        )
        if len(found) == PROBLEMS_PER_GAME:
            break
    return found


def verify(games: str, about: str) -> str:
    """Check a resumed tournament's stored games (``[{"record", "replay"}]`` in play order,
    as the page keeps them) before any counts: each replay is played again through the
    rules, must be a finished game of the tournament's game and settings (``about``:
    ``{"game", "config", "entrants"}``) between distinct entrants, and its stored record must
    be the one it gives. Returns ``{"kept": [{"record", "replay", "problems"}], "dropped":
    [{"game", "reason"}]}``: the kept games numbered afresh in order, their records and
    problems made again from their replays (measured times aside, nothing stored is taken
    on trust); ``game`` counts from 1 as the page shows games."""
    wanted = json.loads(about)
    definition = get_game(wanted["game"])
    config = definition.config_type.from_dict(wanted["config"]).to_dict()
    entrants = set(wanted["entrants"])
    kept: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    for number, stored in enumerate(json.loads(games), 1):
        try:
            kept.append(_verified(stored, len(kept), definition.name, config, entrants))
        except (ReplayError, FlitError, KeyError, TypeError, ValueError) as error:
            dropped.append({"game": number, "reason": str(error) or type(error).__name__})
    return _dumps({"kept": kept, "dropped": dropped})


def _verified(stored: Any, index: int, game: str, config: dict[str, Any], entrants: set[str]) -> dict[str, Any]:
    """A stored game made again from its replay (as game ``index``), or an error saying why it does not count."""
    if not isinstance(stored, dict) or not isinstance(stored.get("replay"), str):
        raise ValueError("the stored game has no replay")
    played = Replay.from_json(stored["replay"], get_game)
    check_rankable(played, {"game": game, "config": config, "entrants": entrants})
    if played.meta.get("cut_short"):
        raise ValueError("the game has not finished: its replay was cut short")
    record = GameRecord.from_replay(played, index).to_dict()
    if _ranked(stored.get("record")) != _ranked(record):
        raise ValueError("its stored result is not the one its moves give")
    return {"record": record, "replay": stored["replay"], "problems": _problems(played)}


def _ranked(record: Any) -> Any:
    """A record's dict without its index and measured times: what must match its replay."""
    if not isinstance(record, dict) or not isinstance(record.get("seats"), list):
        return None
    seats = [
        {key: value for key, value in seat.items() if key not in MEASURED} if isinstance(seat, dict) else seat
        for seat in record["seats"]
    ]
    return {"winner": record.get("winner"), "seats": seats}


def export(about: str, replays: str, fmt: str) -> str:
    """The replays file (``fmt`` "replays") or its leaderboard as "markdown" or "html"."""
    text = replays_text(json.loads(about), json.loads(replays))
    if fmt == "replays":
        return text
    board = board_of_replays(text)
    return markdown_text(board) if fmt == "markdown" else html_page(board)
