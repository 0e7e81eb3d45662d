"""The committed benchmark report is a full one, and its tables are its figures.

``benchmarks/report.py`` writes ``benchmarks/report/report.json`` and its tables,
``report.md``; the documentation's performance page draws the same tables from the JSON
(``tests/test_docs.py`` checks that it shows every figure).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "benchmarks" / "report"


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
