"""The documentation site builds strictly, and a reader finds the way in it.

The site (``docs/``, Sphinx with MyST pages) is built once for these tests, fresh, with
``-W --keep-going -n``: any warning fails, and so does a link or reference that leads nowhere
(a page, a heading, a Python name). Its code blocks run elsewhere: every page, the README and
CONTRIBUTING.md are collected by the plugin ``docs/_ext/doc_examples.py``.
"""

from __future__ import annotations

import html.parser
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What a newcomer looks for first: each must be at most two clicks from the site's home.
FIRST_PAGES = [
    "tutorials/first-page-bot.html",
    "tutorials/first-program.html",
    "tutorials/first-tournament.html",
    "tutorials/first-challenge.html",
    *(f"games/{game}.html" for game in ("flit", "hex", "uttt", "lightcycles", "coins")),
]
#: The README stays a page or two: the rest is in the site.
README_LINES = 150


class _Links(html.parser.HTMLParser):
    """The addresses of a page's links."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.found.append(href)


def links(site: Path, page: str) -> set[str]:
    """The site's pages that ``page`` links to (paths relative to the site)."""
    parser = _Links()
    parser.feed((site / page).read_text(encoding="utf-8"))
    pages = set()
    for href in parser.found:
        target = urldefrag(urljoin(f"http://site/{page}", href))[0]
        if target.startswith("http://site/"):
            pages.add(target.removeprefix("http://site/") or "index.html")
    return pages


def text_of(markup: str) -> str:
    """The text a reader sees in ``markup``."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def table_rows(page: Path) -> set[tuple[str, ...]]:
    """The text of every table row of a built page, cell by cell."""
    markup = page.read_text(encoding="utf-8")
    return {
        tuple(text_of(cell).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S))
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", markup, re.S)
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built fresh and strictly; its warnings fail the build (and the tests)."""
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-n", "-q", "-b", "html"]
    # The site documents the built-in games: not the tests' own (FLIT_ARENA_GAMES).
    environment = {name: value for name, value in os.environ.items() if name != "FLIT_ARENA_GAMES"}
    built = subprocess.run(
        [*command, str(ROOT / "docs"), str(out)], capture_output=True, text=True, check=False, env=environment
    )
    assert built.returncode == 0, f"the documentation does not build strictly:\n{built.stderr[-6000:]}"
    return out


def test_the_site_builds_strictly_and_every_page_is_in_it(site: Path) -> None:
    sources = {path.relative_to(ROOT / "docs").with_suffix(".html") for path in (ROOT / "docs").rglob("*.md")}
    built = {path.relative_to(site) for path in site.rglob("*.html")}
    assert sources <= built, f"pages left out of the site: {sorted(map(str, sources - built))}"


def test_each_tutorial_and_each_games_page_is_two_clicks_from_home(site: Path) -> None:
    one_click = links(site, "index.html")
    two_clicks = one_click.union(*(links(site, page) for page in one_click if (site / page).is_file()))
    assert not set(FIRST_PAGES) - two_clicks, f"farther than two clicks: {sorted(set(FIRST_PAGES) - two_clicks)}"


def test_the_command_line_reference_is_every_subcommand(site: Path) -> None:
    from flit_core.cli.main import SUBCOMMANDS

    page = text_of((site / "reference" / "cli.html").read_text(encoding="utf-8"))
    for name in SUBCOMMANDS:
        assert f"flit-arena {name}" in page, f"the command line reference lacks {name}"


def test_each_games_settings_are_its_presets(site: Path) -> None:
    from flit_core.games import get_game

    for game in ("flit", "hex", "uttt", "lightcycles", "coins"):
        page = " ".join(text_of((site / "games" / f"{game}.html").read_text(encoding="utf-8")).split())
        for name, preset in get_game(game).presets.items():
            assert preset.describe() in page, f"{game}'s page does not describe its preset {name}"


def test_the_readme_is_short_and_its_links_lead_somewhere() -> None:
    for name in ("README.md", "CONTRIBUTING.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        if name == "README.md":
            assert len(text.splitlines()) <= README_LINES, f"the README has grown past {README_LINES} lines"
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if not re.match(r"[a-z]+:", target):
                assert (ROOT / target).exists(), f"{name} links to {target}, which is not there"


def test_the_performance_page_shows_every_figure_of_the_report(site: Path) -> None:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from flit_docs import REPORT, report_script

    number = report_script().number
    rows = {row[:4] for row in table_rows(site / "explanation" / "performance.html")}
    for figure in json.loads(REPORT.read_text(encoding="utf-8"))["figures"]:
        shown = (figure["name"], number(figure["median"]), number(figure["low"]), number(figure["high"]))
        assert shown in rows, f"the performance page does not show {figure['name']} as the report has it"


def test_no_example_passes_the_old_referee_flag() -> None:
    """``--referee`` is still accepted (it is the default), but no command shown to a reader
    uses it: the code blocks of the documentation and the tutorial notebook."""
    texts = {path: path.read_text(encoding="utf-8") for path in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]}
    notebook = json.loads((ROOT / "examples" / "tutorial.ipynb").read_text(encoding="utf-8"))
    texts[ROOT / "examples" / "tutorial.ipynb"] = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    for path, text in texts.items():
        for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
            assert "--referee" not in block, f"{path.relative_to(ROOT)} shows a command with --referee: {block!r}"
