"""The challenge arena's Python, for the page's script: answers, schedule, problems, exports.

Every function takes and returns JSON text (or plain text), like :mod:`.page`. The
schedule is the native tournament's (:func:`~flit_core.tournament.schedule.schedule`:
seeded and seat-balanced), the leaderboard exports are the native ones, built from the
same replays file ``flit-arena leaderboard FILE`` reads.
"""

from __future__ import annotations

import json
from typing import Any

from ..replay import Replay
from ..session import TurnKind
from ..tournament.export import html_page, markdown_text
from ..tournament.leaderboard import GameRecord
from ..tournament.replays import board_of, board_of_replays, replays_text
from ..tournament.schedule import derive_seed, schedule
from . import answers

#: The turns the problems table shows.
PROBLEMS = (TurnKind.ERROR, TurnKind.TIMEOUT, TurnKind.INVALID, TurnKind.CRASH)
#: At most this many problems of one game are kept.
PROBLEMS_PER_GAME = 3


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def read_answers(pages: str, game: str, site: str, languages: str) -> str:
    """:func:`.answers.read_answers` of the API's pages (a JSON list of their texts), the
    game's other languages given as JSON ``{key: title}``."""
    return _dumps(answers.read_answers(json.loads(pages), game, site, json.loads(languages)))


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
    played = Replay.from_json(replay)
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
                "input": definition.text(played.position_at(position)),
            }
        )
        if len(found) == PROBLEMS_PER_GAME:
            break
    return _dumps(found)


def export(about: str, replays: str, fmt: str) -> str:
    """The replays file (``fmt`` "replays") or its leaderboard as "markdown" or "html"."""
    text = replays_text(json.loads(about), json.loads(replays))
    if fmt == "replays":
        return text
    board = board_of_replays(text)
    return markdown_text(board) if fmt == "markdown" else html_page(board)
