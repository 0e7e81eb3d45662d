"""The challenge arena's native side: reading answers, the page's schedule, problems and exports,
``flit-arena leaderboard`` of a replays file, and ``flit-arena embed --question``."""

from __future__ import annotations

import base64
import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from flit_core import PRESETS, BotProgram, play_game
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.games.adapters import Text
from flit_core.tournament.export import markdown_text
from flit_core.tournament.replays import board_of_replays, replays_text
from flit_core.web import challenge
from flit_core.web.answers import read_answer, read_answers
from flit_core.web.embed import SMALL_CHARACTERS, Challenge, build_snippet

FLIT = get_game("flit")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "e2e" / "fixtures"
PAGES = [(FIXTURES / f"challenge-page-{n}.json").read_text(encoding="utf-8") for n in (1, 2)]
RANDOM_BOT = ROOT / "flit_core" / "games" / "flit" / "bots" / "random_bot.py"
GREEDY_BOT = ROOT / "flit_core" / "games" / "flit" / "bots" / "greedy_bot.py"


def answer(body: str, **extra: object) -> dict[str, object]:
    return {"body": body, "owner": {"display_name": "ann"}, "answer_id": 7, **extra}


def test_every_answer_of_the_recorded_challenge_is_read_or_explained() -> None:
    read = read_answers(PAGES)
    assert len(read["usable"]) + len(read["unusable"]) == 12
    reasons = {entry["name"]: entry["reason"] for entry in read["unusable"]}
    assert reasons == {
        "carol's bot": "no code block",
        "Java Juggernaut, Java, 310 bytes": "wrong language: Java (this challenge takes Python)",
        "Syntax Snake": "syntax error on line 3: expected ':'",
        "Idle Thinker": "no move function: a Python bot defines move(view) or a class Bot",
    }
    names = [entry["name"] for entry in read["usable"]]
    assert names.count("Edge Hugger") == 1 and "Edge Hugger (2)" in names
    assert all(len(name) <= 60 for name in names)
    assert read["usable"][0]["link"] == "https://codegolf.stackexchange.com/a/272001"


def test_a_link_is_only_a_web_address() -> None:
    code = "<h1>x</h1><pre><code>def move(view):\n    return None\n</code></pre>"
    assert (
        read_answer(answer(code, link="javascript:alert(1)"), site="math").link == "https://math.stackexchange.com/a/7"
    )
    assert read_answer(answer(code, link="https://example.org/a/7")).link == "https://example.org/a/7"


def test_a_game_with_another_language_takes_answers_in_it() -> None:
    js = '<h1>Cycler, JavaScript</h1><pre class="lang-js"><code>function move(view) { return "N"; }</code></pre>'
    taken = read_answer(answer(js), game="lightcycles")
    assert taken.language == "javascript" and taken.name == "Cycler, JavaScript"
    refused = read_answer(answer(js), game="flit")
    assert refused.reason.startswith("wrong language: JavaScript")


def test_the_page_schedule_is_seeded_seat_balanced_and_the_same_in_chunks() -> None:
    names = json.dumps([f"bot{i}" for i in range(8)])
    whole = json.loads(challenge.games(names, 2, 5, 0, 0, 56))
    assert (
        json.loads(challenge.games(names, 2, 5, 0, 0, 20)) + json.loads(challenge.games(names, 2, 5, 0, 20, 36))
        == whole
    )
    seats = Counter((game["seats"][0], 1) for game in whole) + Counter((game["seats"][1], 2) for game in whole)
    assert set(seats.values()) == {7}, "every bot plays every seat equally in a full round"
    assert json.loads(challenge.games(names, 2, 5, 1, 0, 4)) != whole[:4], "a new phase has its own seed"
    four = json.loads(challenge.games(names, 4, 5, 0, 0, 8))
    assert all(len(set(game["seats"])) == 4 for game in four)


def test_problems_give_the_input_and_the_traceback() -> None:
    raiser = BotProgram("def move(view):\n    return 1 // 0\n", "raiser")
    replay = play_game(
        FLIT, PRESETS["trial"], [raiser, BotProgram.from_file(RANDOM_BOT)], 3, names=["raiser", "random"]
    )
    found = json.loads(challenge.problems(replay.to_json()))
    assert len(found) == challenge.PROBLEMS_PER_GAME
    first = found[0]
    assert (first["seat"], first["name"], first["turn"], first["kind"]) == (1, "raiser", 0, "error")
    assert "ZeroDivisionError" in first["detail"]
    assert first["input"] == replay.definition.adapter(Text).text(replay.position_at(0))


@pytest.fixture(scope="module")
def replays() -> list[str]:
    bots = [BotProgram.from_file(RANDOM_BOT), BotProgram.from_file(GREEDY_BOT)]
    names = ["rand | om", "greedy *bot*"]
    played = []
    for index in range(3):
        order = [0, 1] if index % 2 == 0 else [1, 0]
        replay = play_game(
            FLIT, PRESETS["trial"], [bots[i] for i in order], 40 + index, names=[names[i] for i in order]
        )
        played.append(replay.to_json())
    return played


ABOUT: dict[str, Any] = {
    "game": "flit",
    "config": PRESETS["trial"].to_dict(),
    "seed": 40,
    "entrants": ["rand | om", "greedy *bot*"],
}


def test_the_page_export_is_the_native_leaderboard_of_the_replays_file(
    replays: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = challenge.export(json.dumps(ABOUT), json.dumps(replays), "markdown")
    path = tmp_path / "replays.json"
    path.write_text(challenge.export(json.dumps(ABOUT), json.dumps(replays), "replays"), encoding="utf-8")
    assert main(["leaderboard", str(path), "--format", "markdown"]) == 0
    assert capsys.readouterr().out == page
    assert "seed 40; 3 of 3 games played" in page
    assert "rand \\| om" in page and "greedy \\*bot\\*" in page
    # Each data row has as many cells as the header.
    table = [line for line in page.splitlines() if line.startswith("|")]
    assert len({line.replace("\\|", "").count("|") for line in table}) == 1
    assert main(["leaderboard", str(path), "--format", "html"]) == 0
    assert "<table>" in capsys.readouterr().out


def test_markdown_keeps_a_name_on_one_line(replays: list[str]) -> None:
    about = {**ABOUT, "entrants": [*ABOUT["entrants"], "new\nline <b>", "&lt;tt&gt; &amp; \x1b[2J"]}
    board = board_of_replays(replays_text(about, replays))
    assert "| new line \\<b\\> |" in markdown_text(board)
    # An HTML entity in a name shows as written, not as the character it names; no control
    # character reaches the post.
    assert "| \\&lt;tt\\&gt; \\&amp; \\\\x1b\\[2J |" in markdown_text(board)


def test_a_file_that_is_no_replays_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["leaderboard", str(path), "--format", "markdown"]) == 2
    assert capsys.readouterr().err.strip() == "flit-arena leaderboard: error: not a flit-arena-replays file"


def test_the_challenge_snippet_is_small_and_names_its_bundle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, dist = tmp_path / "snippet.html", tmp_path / "dist"  # the docs' --bundle-out dist/, not made yet
    site = "https://me.example/arena/"
    command = ["embed", "--question", "271500", "--preset", "trial", "--out", str(out), "--bundle-out", str(dist)]
    assert main([*command, "--bundle-url", site]) == 0
    html = out.read_text(encoding="utf-8")
    assert len(html) <= SMALL_CHARACTERS
    snippet = build_snippet(challenge=Challenge(271500, "codegolf", "trial"), bundle_url=site)
    assert snippet.html == html and snippet.bundle is not None
    published = (dist / snippet.bundle.name).read_bytes()
    assert snippet.bundle.integrity == "sha384-" + base64.b64encode(hashlib.sha384(published).digest()).decode()
    assert site + snippet.bundle.name in html
    assert '{"question": 271500, "site": "codegolf", "preset": "trial"}' in html
    # The bundle carries the rating library, so the page's leaderboard is rated like the native one.
    assert any(path.startswith("openskill/") for path in json.loads(published)["bundle"]["modules"])
    assert f"{len(html):,} characters" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--question", "0"], "--question must be a question's id"),
        (["--question", "5", "--site", "a b"], "--site must be a site's short name"),
        (["--question", "5", "--preset", "huge"], "flit has no preset 'huge'"),
        # Issue 39: the bundle's default address named a package that was never published.
        ([], "say where you will publish the bundle file: --bundle-url URL"),
    ],
)
def test_embed_mistakes_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    assert main(["embed", "--out", str(tmp_path / "s.html"), *options]) == 2
    assert message in capsys.readouterr().err
