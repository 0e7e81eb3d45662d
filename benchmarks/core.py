"""Rules-core speed: re-simulating recorded standard games, and in-process self-play.

Prints medians over repeated runs (one process, one machine):
- referee-only throughput: a recorded standard game's answers fed through a fresh Game
  (validation, moves, conversions, neutral addition, end checks), in turns per second;
- the same through Replay.from_json (JSON parsing + re-simulation + verification);
- wall time of a full 32,768-turn standard game between four example random bots.

Run: .venv/bin/python benchmarks/core.py [--repeats N]
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure  # noqa: E402
from flit_core import PRESETS, Answer, BotProgram, Game, Replay, get_game, play_game  # noqa: E402

FLIT = get_game("flit")


def resimulate(replay: Replay, answers: list[Answer | None]) -> float:
    """Seconds to play ``answers`` through a fresh game (checked against the record)."""
    start = time.perf_counter()
    game = Game(replay.definition, replay.config, replay.seed)
    submit = game.submit
    for answer in answers:
        submit(answer)
    elapsed = time.perf_counter() - start
    assert game.result == replay.result, "re-simulation diverged"
    return elapsed


def bare_loop(answers: list[Answer | None]) -> float:
    """Seconds to hand each answer to a call that does nothing with it: the floor of any
    loop over a game's answers in this interpreter, measured beside the re-simulation."""
    sink: list[Answer | None] = []
    submit = sink.append
    start = time.perf_counter()
    for answer in answers:
        submit(answer)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--games", type=int, default=3, help="recorded standard games to re-simulate")
    args = parser.parse_args()

    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    random_bot = BotProgram.from_file(ROOT / "flit_core" / "games" / "flit" / "bots" / "random_bot.py")
    standard = PRESETS["standard"]

    self_play = []
    recorded = []
    for repeat in range(max(args.repeats, args.games)):
        start = time.perf_counter()
        replay = play_game(FLIT, standard, [random_bot] * 4, seed=repeat + 1)
        elapsed = time.perf_counter() - start
        if repeat < args.repeats:
            self_play.append(elapsed)
        if repeat < args.games:
            recorded.append(replay)
    turns = recorded[0].result.turns
    print(
        f"self-play, standard game, 4 example random bots ({turns} turns): "
        f"median {statistics.median(self_play):.3f} s "
        f"(min {min(self_play):.3f}, max {max(self_play):.3f}, n={len(self_play)})"
    )
    figure("core: standard self-play game, 4 random bots", statistics.median(self_play), "s", target=1.5)

    rates, floors = [], []
    for replay in recorded:
        answers = [None if t.kind.value == "skipped" else Answer.of_move(t.move) for t in replay.turns]
        # What this benchmark measures is the loop, not the collector walking the
        # recorded games kept alive for it: freeze them out of the collector's view.
        gc.collect()
        gc.freeze()
        for _ in range(args.repeats):
            rates.append(len(answers) / resimulate(replay, answers))
            floors.append(len(answers) / bare_loop(answers))
        gc.unfreeze()
    print(
        f"referee-only re-simulation (Game.submit loop): median {statistics.median(rates):,.0f} turns/s "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f}, n={len(rates)})"
    )
    rate, floor = statistics.median(rates), statistics.median(floors)
    print(
        f"  the floor, a bare loop handing each answer on: {floor:,.0f} turns/s; re-simulation {floor / rate:.1f}x it"
    )
    figure("core: re-simulation, standard games", rate, "turns/s", target=300_000, better="higher")
    figure("core: re-simulation against the bare loop", floor / rate, "x", floor="a bare loop over the same answers")

    texts = [replay.to_json() for replay in recorded]
    verify = []
    for text in texts:
        for _ in range(max(1, args.repeats // 2)):
            start = time.perf_counter()
            Replay.from_json(text, get_game)
            verify.append(turns / (time.perf_counter() - start))
    print(
        "replay file load + verify (JSON parse, re-simulate, compare): "
        f"median {statistics.median(verify):,.0f} turns/s "
        f"({len(texts[0]) / 1e6:.1f} MB per standard-game replay)"
    )
    figure("core: replay file load and verify", statistics.median(verify), "turns/s")


if __name__ == "__main__":
    main()
