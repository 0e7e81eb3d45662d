"""Browser arena benchmark: start-up, worker round trips, game speed, fairness, runaway recovery, memory.

Runs the real page in headless Chromium (Debian's), offline, from a local server; every
start-up figure comes from a fresh browser (cold HTTP and code caches). Prints medians, the
PyScript and Pyodide versions, and each target figure beside its floor (measured in the same
run) or its target, with the ratio:

* start-up: the first Python result in a blank page through PyScript (the page's config and
  interpreter module) against raw Pyodide, both from the same snapshot; the page's Python and
  both trial bots ready after navigation (target 2 s), against that raw floor;
* a turn: the time per turn of a standard game between four instant bots against its floor,
  the same game played in one worker's Python (rules, the bots' views, their think) plus,
  per turn, a bare round trip to a worker and two calls from the page's JavaScript into its
  Python (what splitting a turn over two interpreters cannot avoid);
* a standard game of four random bots (32768 turns) against the same game played natively
  in-process, and against the same game played in one worker's Python with no page (how much
  of the gap is Pyodide's own speed);
* for each standard game, where a turn went and the CPU time a turn took in the page's main
  thread and in its bot workers (read from /proc: unlike wall time, hardly changed by other
  work on a shared machine);
* the memory four bot workers add (target 300 MB);
* how long coins' example bots think in the page, against their limit;
* an honest bot's think time beside hostile neighbours (which start Web Workers that loop for
  ever, or loops of timers) against its time beside another honest bot, on the isolated page,
  the page without isolation and the challenge snippet: the same within noise is the target.

    .venv/bin/python benchmarks/web.py [--runs 3] [--skip-standard] [--parts startup,games,...]

Fairness: the page's default seats play a standard game; the page should time none of
them out and play exactly the native game (the replays compared without their times).

The machine's other load matters on 2 cores: the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flit_core import PRESETS, BotProgram, GameConfig, Replay, get_game, play_game  # noqa: E402 (after the path set-up)
from flit_core.games.interface import in_turn, steady_examples  # noqa: E402
from flit_core.web.embed import pinned_versions, pyscript_config  # noqa: E402
from flit_core.web.headless import block_outside, chromium, wait_for  # noqa: E402
from flit_core.web.preview import PreviewServer  # noqa: E402
from flit_core.web.server import ArenaHTTPServer  # noqa: E402
from flit_core.web.share import code_seat, setup_dict, share_fragment, share_link  # noqa: E402
from flit_core.web.share import file_seats as seats  # noqa: E402

FLIT = get_game("flit")

EXAMPLES = ROOT / "flit_core" / "games" / "flit" / "bots"
ENDLESS = ROOT / "e2e" / "bots" / "endless_bot.py"
#: A bot that thinks as little as a Flit bot can: its games measure the page's own time.
INSTANT = ROOT / "benchmarks" / "bots" / "instant_bot.py"
#: An honest bot with a fixed amount of work a move (about 55 ms), and its neighbours: itself,
#: and the hostile bots of e2e/test_hostile_between_moves.py that work between their moves.
STEADY = ROOT / "benchmarks" / "bots" / "steady_bot.py"
NEIGHBOURS = {
    "an honest bot (itself)": STEADY,
    "three Workers looping for ever": ROOT / "e2e" / "bots" / "hostile_page" / "worker_spawner.py",
    "loops of timers and messages": ROOT / "e2e" / "bots" / "hostile_page" / "timer_looper.py",
}
#: Added to the instant bot, this makes its first move play a whole standard game (seed 7) of
#: four bots of the source SOURCE inside its own worker, with no page and no messages (the
#: game loop of flit_core.runner.play_game, which the page does not ship): the Python floor.
FLOOR = """
import time as _time
from flit_core import PRESETS as _PRESETS, get_game as _get_game
from flit_core.bot.program import BotProgram as _BotProgram, call_bot as _call_bot
from flit_core.game import Game as _Game
_instant = move


def move(view):
    if view.turn == 0:
        flit, config = _get_game("flit"), _PRESETS["standard"]
        bots = [_BotProgram(SOURCE).start(me, config) for me in range(1, config.players + 1)]
        game = _Game(flit, config, 7)
        started = _time.perf_counter()
        while not game.over:
            request = game.request()
            if request is None:
                game.submit(None)
            else:
                bot = bots[request.player - 1]
                game.submit(_call_bot(bot, game.view(request), _time.perf_counter, flit.read_answer))
        print(f"floor {_time.perf_counter() - started} {game.turn}")
    return _instant(view)
"""
#: Targets of the issue the figures answer (docs/explanation/performance.md).
BOTS_READY_TARGET_MS = 2000.0
TURN_TARGET_RATIO = 1.5
NATIVE_TARGET_RATIO = 3.0
WORKERS_TARGET_MB = 300.0
#: A blank page of the arena's origin that starts Python and notes when its first result is
#: in (``document.body.dataset.first``, ms after navigation): raw Pyodide from the snapshot,
#: or PyScript with the page's config (its interpreter module adds the snapshot).
RAW_PAGE = """<!doctype html><body><script type="module">
const [{loadPyodide}, bytes] = await Promise.all([import("/vendor/pyodide/pyodide.mjs"),
    fetch("/worker.snapshot?sources=SOURCES").then(response => response.arrayBuffer())]);
const pyodide = await loadPyodide({_loadSnapshot: new Uint8Array(bytes)});
document.body.dataset.first = pyodide.runPython("1 + 1") && performance.now();
</script></body>"""
PYSCRIPT_PAGE = """<!doctype html><head><script type="module" src="/vendor/pyscript/core.js"></script>
<script type="py" async config='CONFIG'>
from js import document, performance
document.body.dataset.first = 1 + 1 and performance.now()
</script></head><body></body>"""


def link(
    server: ArenaHTTPServer, config: GameConfig, seed: int, seat_list: list[dict[str, str]], query: str = ""
) -> str:
    """The page's address set up for one game (not started)."""
    return server.url + query + share_fragment(setup_dict(config, seed, seat_list))


def fresh_page(browser: Any) -> tuple[Any, Any]:
    """A new context (cold cache) and page, offline."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    block_outside(context, [])
    return context, context.new_page()


def open_game(browser: Any, url: str) -> tuple[Any, Any]:
    """Open the page and wait until every bot is ready."""
    context, page = fresh_page(browser)
    page.goto(url)
    wait_for(page, "document.body.dataset.bots === 'ready'")
    return context, page


def play_fast(page: Any, timeout_ms: float = 1_800_000) -> float:
    """Play the set-up game in fast mode; its wall time in seconds."""
    page.check("#fast")
    started = time.perf_counter()
    page.click("#play")
    wait_for(page, "document.body.dataset.game === 'over'", timeout_ms=timeout_ms)
    return time.perf_counter() - started


def page_overhead_ms(page: Any, seconds: float) -> float:
    """The page's own time per turn of the game just played: its wall time less the bots'
    think time (as their workers measured it), over the turns."""
    think = page.evaluate("Object.values(window.arena.state.record.stats).reduce((t, s) => t + s.think_ms_total, 0)")
    return (seconds * 1000.0 - think) / page.evaluate("window.arena.state.record.length")


def without_times(replay_text: str) -> list[dict[str, Any]]:
    """A replay's turns without their measured times."""
    return [{key: value for key, value in turn.items() if key != "ms"} for turn in json.loads(replay_text)["turns"]]


def fairness(server: ArenaHTTPServer, seed: int) -> dict[str, Any]:
    """The default seats' standard game on the page: its time, timeouts, and whether it is
    the native game. The seats are the example bots in turn, as the page gives them, but
    those whose moves do not depend on the clock (``steady_examples``, as
    e2e/test_page_fairness.py)."""
    bots = in_turn(list(steady_examples(get_game("flit")).values()), PRESETS["standard"].players)
    with chromium() as browser:
        context, page = open_game(browser, link(server, PRESETS["standard"], seed, seats(bots)))
        seconds = play_fast(page)
        web = page.evaluate("window.arena.replayJSON()")
        context.close()
    native = play_game(FLIT, PRESETS["standard"], [BotProgram.from_file(bot) for bot in bots], seed).to_json()
    return {
        "seconds": seconds,
        "timeouts": sum(stats.timeouts for stats in Replay.from_json(web, get_game).stats.values()),
        "same": without_times(web) == without_times(native),
    }


def startup(server: ArenaHTTPServer, runs: int) -> dict[str, list[float]]:
    """Cold start-up: page shown, board drawn, both trial bots ready and the controls working
    (ms after navigation)."""
    url = link(server, PRESETS["trial"], 1, seats([EXAMPLES / "random_bot.py", EXAMPLES / "greedy_bot.py"]))
    figures: dict[str, list[float]] = {"ui": [], "board": [], "bots": []}
    for _ in range(runs):
        with chromium() as browser:
            context, page = open_game(browser, url)
            timing = page.evaluate("window.arena.timing")
            for key, values in figures.items():
                values.append(timing[key])
            context.close()
    return figures


def answer_html(html: str, route: Any) -> None:
    """A route handler that answers with the page ``html``."""
    route.fulfill(body=html, content_type="text/html")


def first_python(server: ArenaHTTPServer, runs: int) -> dict[str, list[float]]:
    """The first Python result in a blank page of the arena's origin (ms after navigation,
    fresh browsers, alternating): raw Pyodide and PyScript, both from the sources' snapshot."""
    digest = server.bundle.current()[1]
    config = {**pyscript_config(), "interpreter": server.url + "js/interpreter.js"}
    pages = {
        "raw": RAW_PAGE.replace("SOURCES", digest),
        "pyscript": PYSCRIPT_PAGE.replace("CONFIG", json.dumps(config)),
    }
    figures: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(runs):
        for name, html in pages.items():
            with chromium() as browser:
                context, page = fresh_page(browser)
                url = f"{server.url}bench-{name}.html"
                context.route(url, functools.partial(answer_html, html))
                page.goto(url)
                figures[name].append(float(wait_for(page, "document.body && document.body.dataset.first")))
                context.close()
    return figures


def python_calls(page: Any, count: int = 2000) -> float:
    """The mean time (ms) of a call from the page's JavaScript into its Python (a small
    function of main.py's API: its arguments converted, a string back)."""
    return float(
        page.evaluate(
            f"""() => {{
                const py = window.arena.state.py;
                const start = performance.now();
                for (let i = 0; i < {count}; i += 1) py.answers_url("1", "codegolf", 1, "");
                return (performance.now() - start) / {count};
            }}"""
        )
    )


def round_trips(page: Any, count: int = 2000) -> list[float]:
    """Bare round trips (ms) to a booted worker: a request it answers at once."""
    return page.evaluate(
        f"""async () => {{
            const process = window.arena.state.match.bots[0].process;
            const times = [];
            for (let i = 0; i < {count}; i += 1) {{
                const start = performance.now();
                await process.call({{type: "ping"}}).promise;
                times.push(performance.now() - start);
            }}
            return times;
        }}"""
    )


def renderers() -> dict[int, int]:
    """Chromium renderer processes: pid -> resident memory in kB. (Renderers rewrite their
    command line into one string.)"""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
            if b"chromium" not in command or b"--type=renderer" not in command:
                continue
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                found[int(entry)] = int(line.split()[1])
    return found


def thread_cpu(pids: list[int]) -> dict[str, float]:
    """CPU seconds so far of these renderers' main threads and of their bot workers (Linux;
    empty elsewhere). Unlike wall time, hardly changed by other work on the machine."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    totals = {"main": 0.0, "workers": 0.0}
    for pid in pids:
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                stat = Path(f"/proc/{pid}/task/{thread}/stat").read_text()
            except OSError:
                continue
            name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
            group = "main" if int(thread) == pid else "workers" if name.startswith("DedicatedWorker") else None
            if group:
                totals[group] += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return totals


def memory(server: ArenaHTTPServer, runs: int) -> dict[str, float]:
    """The page's renderer memory with 0 (two human seats), 2 and 4 bot workers (MB, the
    median of ``runs`` fresh browsers each: one reading is noisy)."""
    trial, standard = PRESETS["trial"], PRESETS["standard"]
    cases = {
        "0 workers": link(server, trial, 1, seats([None, None])),
        "2 workers": link(server, trial, 1, seats([EXAMPLES / "random_bot.py", EXAMPLES / "greedy_bot.py"])),
        "4 workers": link(server, standard, 1, seats([EXAMPLES / "random_bot.py"] * 4)),
    }
    readings: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, url in cases.items():
            others = set(renderers())  # other people's browsers on a shared machine
            with chromium() as browser:
                context, _ = open_game(browser, url)
                # The page's renderer is the largest of this browser's; its workers run in it.
                ours = {pid: kb for pid, kb in renderers().items() if pid not in others}
                readings[name].append(max(ours.values()) / 1024)
                context.close()
    return {name: median(values) for name, values in readings.items()}


def recovery(server: ArenaHTTPServer, query: str) -> list[float]:
    """Recovery times (ms, from the deadline until the bot's worker can answer again)."""
    url = link(server, PRESETS["trial"], 3, seats([EXAMPLES / "greedy_bot.py", ENDLESS]), query)
    with chromium() as browser:
        context, page = open_game(browser, url)
        play_fast(page)
        times = page.evaluate("window.arena.state.match.bots[1].recoveries")
        context.close()
    return times


def beside(url: str) -> dict[str, float]:
    """The game at ``url`` (the steady bot in seat 1) played in fast mode: the steady bot's
    median and mean think time (ms, its first move left out) and its timeouts."""
    with chromium() as browser:
        context, page = open_game(browser, url)
        play_fast(page)
        turns = page.evaluate("window.arena.state.record.turns")
        context.close()
    mine = [turn for turn in turns if turn["player"] == 1][1:]
    times = [turn["ms"] for turn in mine if turn["ms"] is not None]
    return {
        "median": median(times),
        "mean": statistics.mean(times),
        "timeouts": sum(turn["kind"] == "timeout" for turn in mine),
    }


def median(values: list[float]) -> float:
    """The median."""
    return statistics.median(values)


def p99(values: list[float]) -> float:
    """The 99th percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def show(label: str, value: str) -> None:
    """Print one figure."""
    print(f"  {label:<52} {value}", flush=True)


def timed(step: str, function: Callable[[], Any]) -> Any:
    """Run one part of the benchmark, saying what it is first."""
    print(step, flush=True)
    return function()


def startup_figures(isolated: ArenaHTTPServer, runs: int) -> None:
    """Print the cold start-up figures, each against its floor."""
    floor = timed(
        f"First Python result in a blank page ({runs} fresh browsers each):", lambda: first_python(isolated, runs)
    )
    raw, pyscript = median(floor["raw"]), median(floor["pyscript"])
    show("raw Pyodide from the snapshot: the floor (median ms)", f"{raw:.0f}")
    show(
        "PyScript, the page's config and interpreter (median ms)", f"{pyscript:.0f}   ({pyscript / raw:.2f}x the floor)"
    )
    figures = timed(f"Cold start-up ({runs} fresh browsers, trial game, 2 bots):", lambda: startup(isolated, runs))
    show("page shown, controls waiting (median ms after navigation)", f"{median(figures['ui']):.0f}")
    board = median(figures["board"])
    show(
        "board drawn, Python ready (median ms)",
        f"{board:.0f}   ({board / raw:.2f}x the floor; each: {', '.join(f'{x:.0f}' for x in figures['board'])})",
    )
    bots = median(figures["bots"])
    show(
        "both bots ready, controls working (median ms)",
        f"{bots:.0f}   ({bots / raw:.2f}x the floor, {bots / BOTS_READY_TARGET_MS:.2f}x the target of "
        f"{BOTS_READY_TARGET_MS:.0f}; each: {', '.join(f'{x:.0f}' for x in figures['bots'])})",
    )


def games(isolated: ArenaHTTPServer, runs: int) -> None:
    """Print round trips and trial games' speed."""
    print("Round trips and games (bots ready, fast mode):", flush=True)
    trial_url = link(isolated, PRESETS["trial"], 7, seats([EXAMPLES / "random_bot.py", EXAMPLES / "greedy_bot.py"]))
    with chromium() as browser:
        context, page = open_game(browser, trial_url)
        bare = round_trips(page)
        show("bare round trip to a worker: median / p99 ms", f"{median(bare):.3f} / {p99(bare):.3f}")
        play_fast(page)
        overheads = page.evaluate("window.arena.state.match.bots.flatMap(b => b.overheads)")
        show(
            "per-move round trip (minus the bot's think): median / p99 ms",
            f"{median(overheads):.3f} / {p99(overheads):.3f}",
        )
        context.close()
    played = fast_games(isolated, "trial", [EXAMPLES / "random_bot.py", EXAMPLES / "greedy_bot.py"], runs)
    show(f"trial game, {played['turns']} turns, random vs greedy (s, median of {runs})", f"{played['seconds']:.2f}")
    show("  the page's own time per turn (ms)", f"{played['own']:.3f}")


def breakdown(page: Any, seconds: float) -> dict[str, float]:
    """Where a turn of the game just played went, in µs: the referee's step in the page's
    Python, the bot's think time and its worker's other work for the move (its board,
    its view, the answer's text), and the rest (the messages to and from the worker, the
    page's JavaScript)."""
    figures = page.evaluate(
        """() => {
            const match = window.arena.state.match;
            const preparing = match.bots.flatMap(bot => bot.preparing);
            const think = Object.values(match.record.stats).reduce((t, s) => t + s.think_ms_total, 0);
            return {turns: match.record.length, referee: match.refereeMs, think,
                    preparing: preparing.reduce((t, ms) => t + ms, 0) / preparing.length};
        }"""
    )
    turns = figures["turns"]
    parts = {
        "the referee's step (page's Python)": figures["referee"] * 1000 / turns,
        "the bot's think time": figures["think"] * 1000 / turns,
        "the bot's worker, besides thinking": figures["preparing"] * 1000,
    }
    parts["the rest: messages and the page's JavaScript"] = seconds * 1e6 / turns - sum(parts.values())
    return parts


def python_floor(isolated: ArenaHTTPServer, bot: Path = INSTANT) -> tuple[float, int]:
    """A standard game of four ``bot`` played in one worker's Python, with no page and no
    messages (see FLOOR), once the page is idle: its seconds and turns."""
    floor = FLOOR.replace("SOURCE", repr(bot.read_text(encoding="utf-8")))
    seat = code_seat("floor_bot.py", INSTANT.read_text(encoding="utf-8") + floor)
    config = PRESETS["trial"].replace(startup_ms=120_000.0)
    with chromium() as browser:
        context, page = open_game(browser, link(isolated, config, 7, [seat, *seats([INSTANT])]))
        page.click("#step")
        wait_for(page, "window.arena.state.match.bots[0].output.some(line => line.startsWith('floor '))", 180_000)
        lines = page.evaluate("window.arena.state.match.bots[0].output")
        context.close()
    _, seconds, turns = next(line for line in lines if line.startswith("floor ")).split()
    return float(seconds), int(turns)


def fast_games(server: ArenaHTTPServer, preset: str, bots: list[Path], runs: int) -> dict[str, Any]:
    """``runs`` games of ``preset`` between ``bots`` in fast mode, each in a fresh browser:
    their turns and end, and the medians of their seconds, the page's own time per turn
    (ms), where a turn went (µs, see :func:`breakdown`) and the CPU time a turn took (µs,
    see :func:`thread_cpu`)."""
    seconds, own, parts, cpu = [], [], [], []
    for _ in range(runs):
        others = set(renderers())  # other people's browsers on a shared machine
        with chromium() as browser:
            context, page = open_game(browser, link(server, PRESETS[preset], 7, seats(bots)))
            ours = [pid for pid in renderers() if pid not in others]
            before = thread_cpu(ours)
            seconds.append(play_fast(page))
            after = thread_cpu(ours)
            own.append(page_overhead_ms(page, seconds[-1]))
            parts.append(breakdown(page, seconds[-1]))
            turns = page.evaluate("window.arena.state.record.length")
            reason = page.evaluate("window.arena.state.record.result.reason")
            cpu.append({group: (after[group] - before[group]) * 1e6 / turns for group in after})
            context.close()
    return {
        "turns": turns,
        "reason": reason,
        "seconds": median(seconds),
        "own": median(own),
        "parts": {part: median([run[part] for run in parts]) for part in parts[0]},
        "cpu": {group: median([run[group] for run in cpu]) for group in cpu[0]},
    }


def show_game(label: str, played: dict[str, Any]) -> None:
    """Print a standard game's time, where a turn went and the CPU it took."""
    turns = played["turns"]
    show(f"standard game, {turns} turns ({played['reason']}), {label} (s)", f"{played['seconds']:.2f}")
    show("  the page's own time per turn, its bots' think left out (ms)", f"{played['own']:.3f}")
    for part, us in played["parts"].items():
        show(f"    {part} (µs/turn)", f"{us:.0f}")
    show(
        "  CPU per turn: the page's main thread / its bot workers (µs)",
        f"{played['cpu']['main']:.0f} / {played['cpu']['workers']:.0f}   (less changed by other load than wall time)",
    )


def turn_floor(isolated: ArenaHTTPServer, runs: int) -> dict[str, float]:
    """The floor of a turn of the instant bots' standard game, in µs, and its parts (see the
    module's docstring): medians of ``runs`` measurements each."""
    floors = [python_floor(isolated) for _ in range(runs)]
    trips, calls = [], []
    url = link(isolated, PRESETS["trial"], 7, seats([INSTANT, INSTANT]))
    for _ in range(runs):
        with chromium() as browser:
            context, page = open_game(browser, url)
            trips.append(median(round_trips(page)))
            calls.append(python_calls(page))
            context.close()
    parts = {
        "the game in one worker's Python (rules, views, think)": median([s / t for s, t in floors]) * 1e6,
        "a bare round trip to a worker": median(trips) * 1000,
        "two calls from the page's JavaScript into its Python": 2 * median(calls) * 1000,
    }
    return {**parts, "floor": sum(parts.values())}


def native_seconds(bots: list[Path], runs: int) -> float:
    """A standard game between ``bots`` played natively in this process (median seconds)."""
    programs = [BotProgram.from_file(bot) for bot in bots]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        play_game(FLIT, PRESETS["standard"], programs, 7)
        times.append(time.perf_counter() - started)
    return median(times)


def standard(isolated: ArenaHTTPServer, runs: int) -> None:
    """Print standard games' speed against their floors, where an instant bot's turn goes,
    and the fairness check."""
    print(f"Standard games in fast mode (medians of {runs}, each in a fresh browser):", flush=True)
    instant = fast_games(isolated, "standard", [INSTANT] * 4, runs)
    turns = instant["turns"]
    show_game("4 instant bots", instant)
    floor = timed("  the floor of a turn (µs, the same run):", lambda: turn_floor(isolated, runs))
    for part, us in floor.items():
        if part != "floor":
            show(f"    {part}", f"{us:.0f}")
    per_turn = instant["seconds"] * 1e6 / turns
    show(
        "  a turn on the page against its floor (µs)",
        f"{per_turn:.0f} / {floor['floor']:.0f} = {per_turn / floor['floor']:.2f}x (target {TURN_TARGET_RATIO}x)",
    )
    randoms = [EXAMPLES / "random_bot.py"] * 4
    played = fast_games(isolated, "standard", randoms, runs)
    native = native_seconds(randoms, runs)
    show_game("4 random bots", played)
    show("  the same game natively, in-process (s): the floor", f"{native:.2f}")
    # The target, 3x the native time plus the start-up, is the game itself (timed from Play) within 3x.
    show("  the page against the floor", f"{played['seconds'] / native:.2f}x (target {NATIVE_TARGET_RATIO}x)")
    # How much of that is Pyodide's own speed: the same game in one worker's Python, no page.
    pyodide = median([seconds for seconds, _ in (python_floor(isolated, randoms[0]) for _ in range(runs))])
    show(
        "  the same game in one worker's Python, no page (s)",
        f"{pyodide:.2f}   ({pyodide / native:.2f}x native; the page {played['seconds'] / pyodide:.2f}x this)",
    )
    per_move = [seconds * 1e6 / played["turns"] for seconds in (played["seconds"], pyodide, native)]
    show("  a turn: the page / one worker's Python / native (µs)", " / ".join(f"{us:.0f}" for us in per_move))
    mixed = fast_games(isolated, "standard", [EXAMPLES / "random_bot.py", EXAMPLES / "greedy_bot.py"] * 2, runs)
    show(f"standard game, {mixed['turns']} turns, 2 random + 2 greedy bots (s)", f"{mixed['seconds']:.2f}")
    show("  the page's own time per turn (ms)", f"{mixed['own']:.3f}")
    fair = timed("Fairness: the default seats' standard game (seed 5):", lambda: fairness(isolated, 5))
    show("played in (s)", f"{fair['seconds']:.1f}")
    show("timeouts", str(fair["timeouts"]))
    show("the same game as natively", "yes" if fair["same"] else "NO")


def recoveries(isolated: ArenaHTTPServer, plain: ArenaHTTPServer) -> None:
    """Print runaway recovery times."""
    print("Runaway bot (endless loop), recovery from the deadline to answering again:", flush=True)
    for label, server, query in (
        ("isolated: interrupt, worker kept", isolated, ""),
        ("not isolated: fresh worker from a memory snapshot", plain, ""),
        ("not isolated: fresh worker booted from scratch", plain, "?snapshots=0"),
    ):
        times = recovery(server, query)
        show(f"{label} (median / max ms, {len(times)} runaways)", f"{median(times):.1f} / {max(times):.1f}")


def neighbours(isolated: ArenaHTTPServer, plain: ArenaHTTPServer) -> None:
    """Print the steady bot's think time beside each neighbour, in each driver."""
    # A limit the steady bot keeps on a busy machine too: its time, not its timeouts, is the figure.
    config = PRESETS["trial"].replace(turn_limit=200, move_time_ms=1000.0)
    print(
        f"An honest bot's think time beside each neighbour (steady_bot.py, {config.turn_limit // 2} moves "
        f"at {config.move_time_ms:.0f} ms; median / mean ms, timeouts; against beside itself):",
        flush=True,
    )
    preview = PreviewServer().start()
    drivers = {
        "isolated page": isolated.url,
        "page without isolation": plain.url,
        "snippet": preview.url + "snippet.html",
    }
    try:
        for driver, base in drivers.items():
            honest = None
            for neighbour, bot in NEIGHBOURS.items():
                figures = beside(base + share_link(setup_dict(config, 7, seats([STEADY, bot]))))
                honest = honest or figures
                show(
                    f"{driver}, beside {neighbour}",
                    f"{figures['median']:.1f} / {figures['mean']:.1f}, {figures['timeouts']}   "
                    f"({figures['mean'] / honest['mean']:.2f}x)",
                )
    finally:
        preview.stop()


def memories(isolated: ArenaHTTPServer, runs: int) -> None:
    """Print the memory figures."""
    print(f"Memory (resident, the page's renderer process with its workers; medians of {runs}):", flush=True)
    memory_mb = memory(isolated, runs)
    base = memory_mb["0 workers"]
    for name, value in memory_mb.items():
        added = "" if name == "0 workers" else f"   (+{value - base:.0f} MB for the workers)"
        show(f"page with {name} (MB)", f"{value:.0f}{added}")
    extra = memory_mb["4 workers"] - base
    show(
        "four bot workers against the target (MB)",
        f"+{extra:.0f} / {WORKERS_TARGET_MB:.0f} = {extra / WORKERS_TARGET_MB:.2f}x",
    )


PARTS = ("startup", "games", "standard", "recovery", "memory", "think", "neighbours")


def think_times(isolated: ArenaHTTPServer) -> None:
    """Print how long coins' example bots think in the page (their workers' own measure):
    a trial game of greedy, random, strong and greedy in fast mode, median and slowest move
    of each seat against the move's limit, and the timeouts."""
    coins = get_game("coins")
    config = coins.preset("trial")
    bots = [coins.examples[name] for name in ("greedy", "random", "strong", "greedy")]
    print(f"Coins' example bots thinking in the page (trial, {config.move_time_ms:g} ms a move):", flush=True)
    with chromium() as browser:
        context, page = open_game(browser, link(isolated, config, 7, seats(bots, "coins")))
        play_fast(page)
        replay = json.loads(page.evaluate("window.arena.replayJSON()"))
        context.close()
    for seat, bot in enumerate(bots, 1):
        times = [turn["ms"] for turn in replay["turns"] if turn["player"] == seat and "ms" in turn]
        timeouts = replay["stats"][str(seat)]["timeouts"]
        show(
            f"seat {seat}, {bot.stem}: median / slowest ms, timeouts",
            f"{median(times):.1f} / {max(times):.1f}, {timeouts}",
        )


def main() -> int:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=3, help="runs to take the median of: cold start-ups, games, memory readings"
    )
    parser.add_argument("--skip-standard", action="store_true", help="leave out the (long) standard game")
    parser.add_argument(
        "--parts", default=",".join(PARTS), help=f"comma-separated parts to run (default all: {','.join(PARTS)})"
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if args.skip_standard:
        parts.discard("standard")
    versions = pinned_versions()
    print(f"PyScript {versions['pyscript']}, Pyodide {versions['pyodide']} (web/package.json; served from web/vendor)")
    print(f"Load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    isolated = ArenaHTTPServer(port=0, isolated=True).start()
    plain = ArenaHTTPServer(port=0, isolated=False).start()
    try:
        # What a visitor meets once the server has made the snapshot of the current sources (a
        # page opened in the few seconds after they change starts from the plain one).
        isolated.snapshots.ready(isolated.bundle.current()[1])
        if "startup" in parts:
            startup_figures(isolated, args.runs)
        if "games" in parts:
            games(isolated, args.runs)
        if "standard" in parts:
            standard(isolated, args.runs)
        if "recovery" in parts:
            recoveries(isolated, plain)
        if "memory" in parts:
            memories(isolated, args.runs)
        if "think" in parts:
            think_times(isolated)
        if "neighbours" in parts:
            neighbours(isolated, plain)
    finally:
        isolated.stop()
        plain.stop()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Load average after: {load} (other work on the machine slows every figure)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
