"""The page's levels for Flit follow the league (issue 40): the order of the examples in the
game's definition (weakest first: Easy ... Strongest) is the order the last league measured
(``benchmarks/strength.py --game flit``, kept by ``benchmarks/report.py`` in the committed
report), never one set by hand."""

from __future__ import annotations

import json
from pathlib import Path

from flit_core import get_game
from flit_core.games.interface import Level

FLIT = get_game("flit")
REPORT = Path(__file__).resolve().parent.parent / "benchmarks" / "report" / "report.json"


def test_flits_levels_follow_the_order_the_last_league_measured() -> None:
    league = json.loads(REPORT.read_text(encoding="utf-8"))["league"]
    assert list(FLIT.example_bots) == league["examples"], (
        f"the last league (its date: {league['date']}) orders Flit's examples {league['examples']}, weakest "
        f"first; the definition's example_bots say {list(FLIT.example_bots)}: give them that order"
    )
    # The weakest is Easy, the strongest Strongest, the others in the levels' order between.
    levels = list(FLIT.example_bots.values())
    assert levels[0] is Level.EASY and levels[-1] is Level.STRONGEST
    assert levels == sorted(levels, key=list(Level).index)


def test_the_leagues_examples_are_its_bots_in_its_order() -> None:
    league = json.loads(REPORT.read_text(encoding="utf-8"))["league"]
    assert league["examples"] == [name for name in league["order"] if name in FLIT.examples]
    assert set(league["examples"]) == set(FLIT.examples)
