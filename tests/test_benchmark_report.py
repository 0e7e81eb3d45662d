"""The README's performance tables quote the last benchmark report, and nothing else.

``benchmarks/report.py`` writes ``benchmarks/report/report.json`` and its tables,
``report.md``; the README's performance section is those tables, pasted between the two
marker comments below.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "benchmarks" / "report"
#: The marker comments around the README's performance tables.
BEGIN = "<!-- performance tables: benchmarks/report/report.md -->"
END = "<!-- end of the performance tables -->"
NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def table_numbers(text: str) -> set[str]:
    """Every number written in the Markdown tables of ``text``, as written."""
    return {number for line in text.splitlines() if line.startswith("|") for number in NUMBER.findall(line)}


def readme_section() -> str:
    """The README's text between the markers."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(BEGIN) == 1 and readme.count(END) == 1, (
        f"the README's performance tables go between {BEGIN} and {END}, once"
    )
    return readme.split(BEGIN, 1)[1].split(END, 1)[0]


def test_every_number_in_the_readmes_performance_tables_is_in_the_last_report() -> None:
    quoted = table_numbers(readme_section())
    assert quoted, "the README's performance section holds no table"
    missing = quoted - table_numbers((REPORT / "report.md").read_text(encoding="utf-8"))
    assert not missing, f"numbers in the README's performance tables that the last report does not give: {missing}"


def test_the_reports_tables_are_its_figures() -> None:
    spec = importlib.util.spec_from_file_location("benchmark_report", ROOT / "benchmarks" / "report.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script  # its dataclasses look their module up
    spec.loader.exec_module(script)
    report = json.loads((REPORT / "report.json").read_text(encoding="utf-8"))
    assert not report["quick"], "the committed report is a full one"
    assert script.markdown(report) == (REPORT / "report.md").read_text(encoding="utf-8")
    # Every run's load average was recorded, before and after.
    assert all(len(run["load_before"]) == len(run["load_after"]) == 3 for run in report["runs"])
