"""Benchmark of light cycles: turns per second in-process, and what a turn costs a JavaScript
bot through the Node host and in the page's plain workers.

Run:  .venv/bin/python benchmarks/lightcycles.py [--games 5] [--skip-page]

Prints, measured in one run, with the load average (the machine's other load matters on 2 cores):
1. in-process games on the standard 4-bot field (108 x 45, then 96 x 40 and 84 x 35) between
   four copies of the wall-follower example (an instant bot: three cell reads a turn, and
   long rounds): steps per second, and the time of each round; then the harness alone
   (the rules, views, answers and stats) replaying the same answers;
2. the native referee with four instant JavaScript bots (the wall-follower example), each
   through ``node_host.mjs``: the think time per request as the referee measures it (pipe,
   the host's field and ``state``, the call in the bot's realm), against the Python host's
   with the Python wall-follower, and steps per second;
3. the page in headless Chromium, the same four JavaScript bots in plain workers: steps per
   second in fast mode, and the per-request overhead (the page's measured round trip less
   the bot's own time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, load  # noqa: E402
from flit_core import BotProgram, Game, get_game, play_game  # noqa: E402
from flit_core.games.adapters import Programs  # noqa: E402
from flit_core.games.lightcycles import NODE_HOST  # noqa: E402
from flit_core.referee import play_match  # noqa: E402
from flit_core.session import Answer, Turn  # noqa: E402
from flit_core.web.headless import block_outside, chromium, wait_for  # noqa: E402
from flit_core.web.server import ArenaHTTPServer  # noqa: E402
from flit_core.web.share import file_seats, setup_dict, share_link  # noqa: E402

CYCLES = get_game("lightcycles")
CONFIG = CYCLES.preset("standard")
PYTHON_BOT = CYCLES.examples["wall_follower"]
JS_BOT = CYCLES.adapter(Programs).languages["javascript"].examples["wall_follower"]


def in_process(games: int) -> None:
    """Whole games with bots, then the harness alone on the same answers."""
    program = BotProgram.from_file(PYTHON_BOT)
    steps = 0
    seconds = 0.0
    rounds: list[float] = []
    replays = []
    ends: list[float] = []

    def on_turn(game: Game, turn: Turn) -> None:
        if len(turn.changes) > 1:  # the step's crashes ended a round
            ends.append(time.perf_counter())

    for seed in range(games):
        ends.clear()
        started = time.perf_counter()
        replay = play_game(CYCLES, CONFIG, [program] * 4, seed, on_turn=on_turn)
        seconds += time.perf_counter() - started
        steps += replay.result.turns if replay.result else 0
        marks = [started, *ends]
        rounds += [(end - start) * 1000.0 for start, end in zip(marks, marks[1:], strict=False)]
        replays.append(replay)
    print(f"1. in-process, 4 wall-followers on {CONFIG.describe()}: {games} games, {steps} steps")
    print(f"   {steps / seconds:,.0f} steps/s ({4 * steps / seconds:,.0f} answers/s with the bots' own time)")
    print(f"   a round: median {statistics.median(rounds):.0f} ms, max {max(rounds):.0f} ms ({len(rounds)} rounds)")
    figure("light cycles: in-process, 4 wall-followers", steps / seconds, "steps/s")
    started = time.perf_counter()
    for replay in replays:
        game = Game(CYCLES, replay.config, replay.seed)
        turns = iter(replay.turns)
        while not game.over:
            game.submit_all({request.player: Answer.of_move(next(turns).move) for request in game.requests()})
    harness = steps / (time.perf_counter() - started)
    print(f"   the harness alone, the same answers: {harness:,.0f} steps/s; {load()}")
    figure("light cycles: the harness alone, the same answers", harness, "steps/s")


def referee(command: list[str], label: str) -> None:
    """One game under the referee: think time per request and steps per second."""
    config = CONFIG.replace(startup_ms=10000.0)
    started = time.perf_counter()
    replay = play_match(CYCLES, config, [command] * 4, 1)
    seconds = time.perf_counter() - started
    times = [turn.elapsed_ms for turn in replay.turns[4:] if turn.elapsed_ms is not None]
    steps = replay.result.turns if replay.result else 0
    print(
        f"   {label}: per request median {statistics.median(times):.3f} ms, p90 "
        f"{statistics.quantiles(times, n=10)[-1]:.3f} ms; {steps / seconds:,.0f} steps/s ({steps} steps); {load()}"
    )
    figure(f"light cycles: referee, {label}, per request", statistics.median(times), "ms")


def page() -> None:
    """The page, four JavaScript bots in plain workers, fast mode."""
    config = CONFIG.replace(startup_ms=20000.0)
    link = share_link(setup_dict(config, 1, file_seats([JS_BOT] * 4, CYCLES.name), autoplay=None))
    with ArenaHTTPServer(port=0, isolated=True) as server, chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        block_outside(context, [])
        tab = context.new_page()
        tab.goto(server.url + link)
        wait_for(tab, "document.body.dataset.bots === 'ready'", timeout_ms=300_000)
        tab.check("#fast")
        started = time.perf_counter()
        tab.click("#play")
        wait_for(tab, "document.body.dataset.game === 'over'", timeout_ms=1_800_000)
        seconds = time.perf_counter() - started
        steps = tab.evaluate("window.arena.state.record.result.turns")
        overheads = tab.evaluate("window.arena.state.match.bots.flatMap(bot => bot.overheads.slice(1))")
        context.close()
    print(
        f"3. the page, 4 JavaScript wall-followers in plain workers (fast mode): {steps / seconds:,.0f} steps/s "
        f"({steps} steps); per request overhead median {statistics.median(overheads):.2f} ms, p90 "
        f"{statistics.quantiles(overheads, n=10)[-1]:.2f} ms; {load()}"
    )
    figure("light cycles: the page, 4 JavaScript bots in fast mode", steps / seconds, "steps/s")
    figure("light cycles: the page's overhead per request", statistics.median(overheads), "ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="in-process games (5)")
    parser.add_argument("--skip-page", action="store_true", help="leave out the page (needs Chromium)")
    args = parser.parse_args()
    print(load())
    in_process(args.games)
    print("2. the native referee, 4 instant bots (wall-followers), the think time the referee measures")
    referee(["node", str(NODE_HOST), str(JS_BOT)], "JavaScript through node_host.mjs")
    referee([sys.executable, "-m", "flit_core.bot", "--game", CYCLES.name, str(PYTHON_BOT)], "Python through its host")
    if not args.skip_page:
        page()


if __name__ == "__main__":
    main()
