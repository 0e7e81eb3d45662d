"""Every benchmark in one sitting: the figures the documentation's performance page shows.

Runs each benchmark script of this folder one at a time, each several times (``--runs``),
records the load average before and after every run, and collects the figures each prints:
the ``FIGURE`` lines of :func:`common.figure` (each with its unit, and for a ratio the floor
it was measured against in the same run, and for a speed target the target), and for
``strength.py`` and ``web.py`` the figures in their printed lines; ``strength.py``'s Flit
league (its ``LEAGUE`` line: the cross-tables and the order) is kept whole, as the report's
``league`` (the documentation's league table and the page's levels come from it). Writes the
report as JSON and as Markdown tables (the median of each figure over the runs, its spread from
the lowest to the highest run, its floor, its target and whether the median meets it):

    .venv/bin/python benchmarks/report.py            # benchmarks/report/report.{json,md}
    .venv/bin/python benchmarks/report.py --quick    # a fast sanity run: benchmarks/report/quick.{json,md}
    .venv/bin/python benchmarks/report.py --only referee,hex --runs 5   # those runs replaced, the rest kept

The documentation's performance page (``docs/explanation/performance.md``) draws these tables
from ``report.json`` (``tests/test_docs.py`` checks that it shows every figure). On this
2-core machine other work slows every figure: the loads are in the report beside them.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: Where the reports are written.
OUT = HERE / "report"
#: How a line of figures begins (``common.FIGURE``; not imported: this script imports nothing
#: of the package, so it can time a checkout that does not import).
FIGURE = "FIGURE "
#: How strength.py's league line begins (its ``LEAGUE``).
LEAGUE = "LEAGUE "


@dataclasses.dataclass(frozen=True)
class Benchmark:
    """One script: its arguments for the full report and for ``--quick``, and its runs."""

    name: str
    full: tuple[str, ...]
    quick: tuple[str, ...]
    #: Runs of the full report (the quick one runs each once).
    runs: int = 2
    #: Figures from the printed lines instead of ``FIGURE`` lines (scripts that print no such lines).
    parse: Callable[[str], list[dict[str, Any]]] | None = None


def _number(text: str) -> float:
    return float(text.replace(",", ""))


#: A line of ``web.py``: a label (ending in its unit's parenthesis, or two spaces before the
#: value), the value, and perhaps its ratios.
_SHOWN = re.compile(
    r"^(?P<indent>  +)(?P<label>\S.*?(?:\)|(?=\s{2})))\s+"
    r"(?P<value>-?\d[\d,]*(?:\.\d+)?)(?P<times>x?)(?P<rest>(?:\s.*)?)$"
)
#: A heading line of ``web.py`` (two blanks in): the lines indented under it are its parts.
_HEADING = re.compile(r"^  (?P<label>\S.*?):?$")
_UNIT = re.compile(r"\(([^()]*)\)\s*$")
_RATIO = re.compile(r"(?P<ratio>[\d.]+)x the (?P<what>floor|target)")
_TARGET_OF = re.compile(r"the target of (?P<target>[\d,.]+)")
_RATIO_TARGET = re.compile(r"\(target (?P<target>[\d.]+)x\)")
_TARGETED = re.compile(r"= (?P<ratio>[\d.]+)x \(target (?P<target>[\d.]+)x\)")


def parse_shown(text: str) -> list[dict[str, Any]]:
    """The figures of ``web.py``'s lines (``label   value ...``): the value in the label's
    unit, and each ratio to the floor or the target that follows it."""
    figures: list[dict[str, Any]] = []
    heading = ""
    for line in text.splitlines():
        match = _SHOWN.match(line)
        found = match or _HEADING.match(line)
        if line.startswith(FIGURE) or found is None:
            continue
        label = found["label"].strip()
        plain = _UNIT.sub("", label).strip()
        if not line.startswith("   "):
            heading = plain  # a line two blanks in: the lines under it are named after it
        if match is None:
            continue
        rest = match["rest"]
        unit = _UNIT.search(label)
        name = f"web: {plain}" if plain == heading else f"web: {heading}: {plain}"
        figures.append({"name": name, "value": _number(match["value"]), "unit": unit[1] if unit else ""})
        if match["times"]:
            # A ratio shown as its value, against the floor its label names: "5.47x (target 3.0x)".
            figures[-1].update(unit="x", floor="measured in the same run")
            target = _RATIO_TARGET.search(rest)
            if target:
                figures[-1].update(target=float(target["target"]), better="lower")
            continue
        target = _TARGET_OF.search(rest)
        if target:
            figures[-1].update(target=_number(target["target"].rstrip(".")), better="lower")
        targeted = _TARGETED.search(rest)
        if targeted:
            figures.append(
                {
                    "name": f"{name}, the ratio",
                    "value": float(targeted["ratio"]),
                    "unit": "x",
                    "floor": "measured in the same run",
                    "target": float(targeted["target"]),
                    "better": "lower",
                }
            )
        for ratio in _RATIO.finditer(rest):
            figures.append(
                {"name": f"{name}, against the {ratio['what']}", "value": float(ratio["ratio"]), "unit": "x"}
            )
    return figures


#: A line of ``strength.py``: ``label: W/N wins = P% (95% CI L%-H%)``.
_WINS = re.compile(r"^\s+(?P<label>.+?): (?P<wins>\d+)/(?P<games>\d+) wins = ")


def parse_wins(text: str) -> list[dict[str, Any]]:
    """The win counts of ``strength.py``'s lines (its other lines are not figures)."""
    figures = []
    for line in text.splitlines():
        match = _WINS.match(line)
        if match is not None:
            label = re.sub(r" \(\d+ s\)$", "", match["label"])  # the time the games took is not the figure
            figures.append(
                {"name": f"strength: {label}", "value": float(match["wins"]), "unit": f"wins of {match['games']}"}
            )
    return figures


BENCHMARKS = [
    Benchmark("core", ("--repeats", "5", "--games", "2"), ("--repeats", "1", "--games", "1"), runs=2),
    Benchmark(
        "referee",
        ("--games", "1", "--spawned", "30", "--samples", "100"),
        ("--games", "1", "--turns", "2048", "--spawned", "5", "--samples", "10"),
        runs=2,
    ),
    Benchmark("hex", ("--games", "100", "--matches", "3"), ("--games", "10", "--matches", "1"), runs=2),
    Benchmark("uttt", ("--games", "100", "--matches", "2"), ("--games", "10", "--matches", "1"), runs=1),
    Benchmark("lightcycles", ("--games", "2"), ("--games", "1", "--skip-page"), runs=1),
    Benchmark("js_host", ("--calls", "2000"), ("--calls", "200"), runs=2),
    Benchmark("page_boards", ("--passes", "15"), ("--passes", "3"), runs=2),
    Benchmark("sandbox", ("--starts", "20", "--games", "2"), ("--starts", "3", "--games", "1"), runs=2),
    Benchmark("tournament", ("--quick",), ("--quick", "--cost"), runs=1),
    Benchmark(
        "coins",
        ("--games", "20", "--matches", "1", "--tournament-games", "1"),
        ("--games", "10", "--matches", "1", "--tournament-games", "1"),
        runs=1,
    ),
    Benchmark(
        "strength",
        ("--game", "flit", "--games", "6", "--four-games", "8", "--workers", "3"),
        ("--game", "flit", "--games", "1", "--four-games", "0"),
        runs=1,
        parse=parse_wins,
    ),
    Benchmark("web", ("--runs", "1"), ("--runs", "1", "--parts", "startup,games"), runs=1, parse=parse_shown),
    # Last: it stresses the CPU for a few minutes.
    Benchmark("fair_clock", (), ("--skip-stress", "--turns", "1024", "--repeats", "1"), runs=1),
]


def parse_figures(text: str) -> list[dict[str, Any]]:
    """The ``FIGURE`` lines of a script's output."""
    return [json.loads(line[len(FIGURE) :]) for line in text.splitlines() if line.startswith(FIGURE)]


def run(benchmark: Benchmark, quick: bool) -> dict[str, Any]:
    """One run of one script: its figures, time, exit status and the load average around it."""
    arguments = benchmark.quick if quick else benchmark.full
    command = [sys.executable, str(HERE / f"{benchmark.name}.py"), *arguments]
    print(f"report: {benchmark.name} {' '.join(arguments)}", file=sys.stderr, flush=True)
    before = os.getloadavg()
    started = time.perf_counter()
    finished = subprocess.run(command, capture_output=True, text=True, cwd=HERE.parent, check=False)
    seconds = time.perf_counter() - started
    after = os.getloadavg()
    figures = (benchmark.parse or parse_figures)(finished.stdout)
    # What the script said beside its figures (which runs they came from, what differed).
    printed = [line for line in finished.stdout.splitlines() if not line.startswith((FIGURE, LEAGUE))]
    leagues = [json.loads(line[len(LEAGUE) :]) for line in finished.stdout.splitlines() if line.startswith(LEAGUE)]
    return {
        "benchmark": benchmark.name,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "arguments": list(arguments),
        "seconds": round(seconds, 1),
        "load_before": [round(value, 2) for value in before],
        "load_after": [round(value, 2) for value in after],
        "exit_status": finished.returncode,
        "error": finished.stderr.strip().splitlines()[-3:] if finished.returncode else [],
        "figures": figures,
        "printed": printed,
        **({"league": leagues[-1]} if leagues else {}),
    }


def summarise(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each figure over the runs: median, lowest and highest, and whether the median meets its target."""
    grouped: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for one in runs:
        for figure in one["figures"]:
            grouped.setdefault((one["benchmark"], figure["name"]), []).append(figure)
    summary = []
    for (benchmark, name), figures in grouped.items():
        values = [float(figure["value"]) for figure in figures]
        first = figures[0]
        row = {
            "benchmark": benchmark,
            "name": name,
            "unit": first["unit"],
            "median": statistics.median(values),
            "low": min(values),
            "high": max(values),
            "runs": len(values),
            "floor": first.get("floor", ""),
        }
        if "target" in first:
            target = float(first["target"])
            lower = first.get("better", "lower") == "lower"
            row.update(target=target, better=first.get("better", "lower"))
            row["met"] = row["median"] <= target if lower else row["median"] >= target
        summary.append(row)
    return summary


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            model = next((line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")), "")
    except OSError:
        pass
    return {
        "cpu": model or platform.processor(),
        "cores": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
    }


def number(value: float) -> str:
    """A figure as the tables write it: three significant digits or so, thousands separated."""
    size = abs(value)
    if size >= 1000:
        return f"{value:,.0f}"
    if size >= 100:
        return f"{value:.0f}"
    if size >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def markdown(report: dict[str, Any]) -> str:
    """The report's tables (what the documentation's performance page shows)."""
    host = report["machine"]
    lines = [
        f"Measured by `benchmarks/report.py{' --quick' if report['quick'] else ''}` on {report['date']}: "
        f"{host['cpu']}, {host['cores']} cores, {host['system']}, Python {host['python']}; every benchmark "
        "one at a time, its runs in a row. The load average (1 minute) is the machine's, before and "
        "after each run: other work shares the cores and slows every figure.",
        "",
        "| benchmark | runs | seconds | load before | load after | failed runs |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name in dict.fromkeys(one["benchmark"] for one in report["runs"]):
        runs = [one for one in report["runs"] if one["benchmark"] == name]
        lines.append(
            f"| {name} | {len(runs)} | {number(sum(one['seconds'] for one in runs))} "
            f"| {', '.join(number(one['load_before'][0]) for one in runs)} "
            f"| {', '.join(number(one['load_after'][0]) for one in runs)} "
            f"| {sum(1 for one in runs if one['exit_status']) or ''} |"
        )
    lines += [
        "",
        "Each figure is the median over the runs (each run's figure is itself a median where its script "
        "says so), with the lowest and the highest run; a ratio is against the floor named beside it, "
        "measured in the same run.",
        "",
        "| figure | median | lowest | highest | unit | against (the floor, same run) | target | |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in report["figures"]:
        target, verdict = "", ""
        if "target" in row:
            target = f"{'<=' if row['better'] == 'lower' else '>='} {number(row['target'])}"
            verdict = "met" if row["met"] else "**MISSED**"
        lines.append(
            f"| {row['name']} | {number(row['median'])} | {number(row['low'])} | {number(row['high'])} "
            f"| {row['unit']} | {row['floor']} | {target} | {verdict} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    """Run the benchmarks and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fast sanity run: small arguments, one run each")
    parser.add_argument("--runs", type=int, help="runs of each benchmark (default: each one's own; --quick: 1)")
    parser.add_argument("--only", help="comma-separated benchmarks to run (default: all)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the report's folder (default {OUT})")
    options = parser.parse_args()
    chosen = BENCHMARKS
    if options.only:
        names = options.only.split(",")
        unknown = set(names) - {benchmark.name for benchmark in BENCHMARKS}
        if unknown:
            parser.error(f"no such benchmark: {', '.join(sorted(unknown))}")
        chosen = [benchmark for benchmark in BENCHMARKS if benchmark.name in names]
    stem = "quick" if options.quick else "report"
    runs = []
    if options.only and (options.out / f"{stem}.json").is_file():
        # Only some benchmarks: theirs replace their runs in the last report, the others' stay.
        last = json.loads((options.out / f"{stem}.json").read_text(encoding="utf-8"))
        runs = [one for one in last["runs"] if one["benchmark"] not in {benchmark.name for benchmark in chosen}]
    for benchmark in chosen:
        for _ in range(options.runs or (1 if options.quick else benchmark.runs)):
            runs.append(run(benchmark, options.quick))
    order = [benchmark.name for benchmark in BENCHMARKS]
    runs.sort(key=lambda one: order.index(one["benchmark"]))
    leagues = [one["league"] for one in runs if "league" in one]
    report = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "quick": options.quick,
        "machine": machine(),
        "runs": runs,
        "figures": summarise(runs),
        **({"league": leagues[-1]} if leagues else {}),
    }
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / f"{stem}.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (options.out / f"{stem}.md").write_text(markdown(report), encoding="utf-8")
    failed = [one["benchmark"] for one in runs if one["exit_status"]]
    print(f"report written to {options.out / stem}.json and .md", file=sys.stderr)
    if failed:
        print(f"report: failed runs: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
