"""Hostile entrants of issue 23, items 4 and 5: a line printed at start-up is never the first
answer (Flit's, Hex's and light cycles' protocols, which send something before the first
request; both seats, game after game), and a JavaScript light-cycle bot cannot stall the Node
host, whatever it does (a microtask loop, a patched built-in, an escape from its realm): at
most it loses its move, which is its game, while the others play on.

The stale-output cases repeat the race many times: before the fix, the first request was
written while the bot still started, and the line it printed just before reading it was taken
for its answer in about half the games.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bots.support import PYTHON, SMALL, turns_of
from flit_core import TurnKind
from flit_core.config import BaseConfig
from flit_core.games import get_game
from flit_core.games.lightcycles import NODE_HOST
from flit_core.referee import Limits, Match, play_match

HOSTILE = Path(__file__).resolve().parent / "bots" / "hostile_stale"
STALE_BOT = HOSTILE / "stale_bot.py"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
#: Generous limits: timing is not the subject (a loaded machine starts Python slowly).
PATIENT = {"startup_ms": 20_000.0, "move_time_ms": 5_000.0}


def stale(game: str) -> list[str]:
    """The command of the bot that prints a wrong answer line at start-up (``bots/hostile_stale``)."""
    return [PYTHON, str(STALE_BOT), game]


def first_answers(config: BaseConfig, game: str, games: int, turns: int, parallel: bool = False) -> None:
    """Play ``games`` short games of two stale bots; each seat's first turn must be its real
    answer, and its start-up line the one line thrown away."""
    real = TurnKind.PASS if game == "flit" else TurnKind.MOVE
    for seed in range(1, games + 1):
        with Match(get_game(game), config, [stale(game), stale(game)], seed, parallel=parallel) as match:
            match.run(turns)
            replay = match.replay()
        for seat in (1, 2):
            first = turns_of(replay, seat)[0]
            assert first.kind is real, f"game {seed}, seat {seat}: {first.kind.value} {first.detail}"
            assert replay.players[seat - 1]["unsolicited_lines"] == 1, f"game {seed}, seat {seat}"


def test_a_line_printed_at_start_up_is_never_the_first_flit_answer() -> None:
    first_answers(SMALL.replace(turn_limit=2, **PATIENT), "flit", 40, 2)


def test_a_line_printed_at_start_up_is_never_the_first_hex_answer() -> None:
    config = get_game("hex").preset("trial").replace(**PATIENT)
    first_answers(config, "hex", 15, 2)


@pytest.mark.parametrize("parallel", [False, True])
def test_a_line_printed_at_start_up_is_never_the_first_light_cycles_answer(parallel: bool) -> None:
    config = get_game("lightcycles").preset("trial").replace(players=2, **PATIENT)
    first_answers(config, "lightcycles", 10, 2, parallel=parallel)


# -- JavaScript bots cannot stall their host ---------------------------------------------------

#: The move time the Node host is given here: one a busy machine's fresh worker keeps to when
#: it answers after a stalled call (each stall costs the test that long).
MOVE_MS = 2000
#: Each hostile JavaScript bot (``bots/hostile_stale/NAME.js``), and what the Node host answers
#: to four requests: the bot's first two answers always come (its attack starts in its second
#: call); a call it stalls is stopped at its limit, and a fresh worker, which knows nothing of
#: the old one's state, answers the next.
STOPPED = f"error: stopped: the bot ran past its time limit of {MOVE_MS} ms"
JS_ATTACKS = {
    "microtask_loop": ["N", "N", STOPPED, "S"],
    "patched_iterator": ["N", "N", "N", "N"],
    "escape": ["N", "N", STOPPED, "S"],
}
#: Four requests to the bot at the bottom of the spec's example field, which heads north.
FOUR_REQUESTS = b"round 1 84 35 2 1\n42 34\n42 0\nM\nmoves N N\nM\nmoves N N\nM\nmoves N N\nM\n"


def node_bot(name: str) -> list[str]:
    """The Node host running the hostile bot ``name``."""
    assert NODE is not None
    return [NODE, str(NODE_HOST), str(HOSTILE / f"{name}.js")]


@needs_node
@pytest.mark.parametrize("name", JS_ATTACKS)
def test_the_node_host_answers_every_request_whatever_its_bot_does(name: str) -> None:
    done = subprocess.run(
        node_bot(name), input=FOUR_REQUESTS, capture_output=True, timeout=60, env={"FLIT_ARENA_MOVE_MS": str(MOVE_MS)}
    )
    assert done.stdout.decode().splitlines() == JS_ATTACKS[name]
    assert done.returncode == 0, "it exits at end-of-file, its worker with it"


@needs_node
@pytest.mark.parametrize("name", JS_ATTACKS)
def test_a_hostile_javascript_bot_costs_at_most_its_own_game(name: str, tmp_path: Path) -> None:
    # The hostile bot in seat 2 (it starts at the bottom), between two honest Python bots.
    cycles = get_game("lightcycles")
    config = cycles.preset("standard").replace(players=3, move_time_ms=1500.0, startup_ms=10_000.0)
    honest = [PYTHON, "-m", "flit_core.bot", "--game", "lightcycles", str(cycles.examples["wall_follower"])]
    # Time to exit at end-of-file to spare: a stalled host never does; a loaded machine may be slow to.
    limits = Limits(exit_grace_s=5.0)
    replay = play_match(cycles, config, [honest, node_bot(name), honest], 2, log_dir=tmp_path, limits=limits)
    kinds = [turn.kind for turn in turns_of(replay, 2)]
    if JS_ATTACKS[name][2] == STOPPED:
        # The stalled call is no move (the referee's deadline comes just before the host's): the bot is out.
        assert kinds[:2] == [TurnKind.MOVE, TurnKind.MOVE] and kinds[2] in (TurnKind.TIMEOUT, TurnKind.ERROR)
        assert len(kinds) == 3 and replay.result is not None and replay.result.ranks[2] == 3
    else:
        assert kinds[:4] == [TurnKind.MOVE] * 4, "the attack did not reach the host"
    assert replay.result is not None and len(turns_of(replay, 1)) > 10, "the others played on to the end"
    assert {turn.kind for turn in replay.turns if turn.player != 2} == {TurnKind.MOVE}
    # Out of the game, the host gets end-of-file and exits (once the stalled call is stopped): nothing is stuck.
    assert replay.players[1]["ended"] in ("closed", "exited")
