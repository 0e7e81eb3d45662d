"""``flit-arena embed --preview``: one local server answers every address of a challenge's
snippet (the post, the snippet, its bundle, Pyodide and the Q&A site's API from local answer
files), and the snippet it serves is built for those addresses."""

from __future__ import annotations

import base64
import hashlib
import json
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from flit_core.cli.main import build_parser, main
from flit_core.web import answers, challenge
from flit_core.web.embed import PYODIDE_CDN, Challenge, pinned_versions
from flit_core.web.preview import PORT as PREVIEW_PORT
from flit_core.web.preview import PYODIDE_DIR, PYSCRIPT_DIR, SANDBOX, PreviewServer
from flit_core.web.server import PORT as PAGE_PORT

QUESTION = 4242
PAGE = {
    "items": [
        {
            "answer_id": 1,
            "owner": {"display_name": "ann"},
            "body": "<h1>Still</h1><pre><code>def move(view):\n    return None\n</code></pre>",
        }
    ],
    "has_more": False,
}


@pytest.fixture
def page_file(tmp_path: Path) -> Path:
    """One page of the API's answers, as a file."""
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(PAGE), encoding="utf-8")
    return path


@pytest.fixture
def preview(page_file: Path) -> Iterator[PreviewServer]:
    """A running preview of a challenge's snippet, its answers from ``page_file``."""
    server = PreviewServer("flit", Challenge(QUESTION, "codegolf", "trial"), [page_file]).start()
    try:
        yield server
    finally:
        server.stop()


def fetch(url: str) -> tuple[int, bytes, dict[str, str]]:
    """Status, body and headers of a GET of ``url`` (an error status too)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def test_the_post_shows_the_snippet_in_a_sandboxed_frame(preview: PreviewServer) -> None:
    status, body, headers = fetch(preview.url)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert f'sandbox="{SANDBOX}"' in body.decode() and 'src="/snippet.html"' in body.decode()
    assert f"question {QUESTION} on codegolf" in body.decode()


def test_the_snippet_fetches_everything_from_the_preview(preview: PreviewServer) -> None:
    status, body, headers = fetch(preview.url + "snippet.html")
    html = body.decode()
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
    assert f'"{preview.url}bundle/{preview.snippet.bundle.name}"' in html
    assert f'"api": "{preview.url}api/"' in html
    cdn = PYODIDE_CDN.format(version=pinned_versions()["pyodide"])
    if PYODIDE_DIR.joinpath("pyodide.mjs").is_file():
        assert f'const PYODIDE = "{preview.url}pyodide/"' in html and cdn not in html
    else:
        assert cdn in html


def test_the_bundle_is_the_one_the_snippet_checks(preview: PreviewServer) -> None:
    status, body, headers = fetch(f"{preview.url}bundle/{preview.snippet.bundle.name}")
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
    integrity = "sha384-" + base64.b64encode(hashlib.sha384(body).digest()).decode()
    assert integrity == preview.snippet.bundle.integrity and integrity in preview.snippet.html


def test_the_api_answers_from_the_local_pages(preview: PreviewServer, page_file: Path) -> None:
    url = answers.answers_url(QUESTION, "codegolf", 1, preview.url + "api/")
    assert url.startswith(f"{preview.url}api/questions/{QUESTION}/answers?site=codegolf")
    status, body, _ = fetch(url)
    assert status == 200 and body == page_file.read_bytes()
    assert fetch(answers.answers_url(QUESTION, "codegolf", 2, preview.url + "api/"))[0] == 404
    # Without a base address the page asks the site's own API.
    assert answers.answers_url(QUESTION, "codegolf", 1).startswith(answers.API_BASE + f"questions/{QUESTION}/")


@pytest.mark.skipif(not PYODIDE_DIR.joinpath("pyodide.mjs").is_file(), reason="Pyodide is not vendored")
def test_pyodide_is_served_from_the_vendored_copy(preview: PreviewServer) -> None:
    status, body, headers = fetch(preview.url + "pyodide/pyodide.mjs")
    assert status == 200 and body == PYODIDE_DIR.joinpath("pyodide.mjs").read_bytes()
    assert headers["Content-Type"].startswith("text/javascript")
    # PyScript too, which the snippet loads from there.
    status, body, _ = fetch(preview.url + "pyscript/core.js")
    assert status == 200 and body == PYSCRIPT_DIR.joinpath("core.js").read_bytes()
    assert f'PYSCRIPT = "{preview.url}pyscript/"' in preview.snippet.html


@pytest.mark.parametrize(
    "path",
    ["pyodide/../package.json", "pyodide/", "pyodide/nothing.js", "bundle/other.json", "api/x", "../README.md", "x"],
)
def test_nothing_else_is_served(preview: PreviewServer, path: str) -> None:
    assert fetch(preview.url + path)[0] == 404


def test_a_challenger_s_code_is_checked_as_an_answer_s() -> None:
    assert challenge.code_problem("def move(view):\n    return None\n") == ""
    assert challenge.code_problem("def move(view):\n    return (\n").startswith("syntax error on line 2")
    assert challenge.code_problem("x = 1\n").startswith("no move function")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--preview", "--answers", "{page}"], "--answers needs --question"),
        (["--out", "{folder}/s.html", "--question", "5", "--answers", "{page}"], "--answers is for --preview"),
        (["--question", "5"], "--out FILE"),
        (["--preview", "--question", "5", "--answers", "{folder}/missing.json"], "cannot read"),
        (["--preview", "--question", "5", "--answers", "{folder}/bad.json"], "is not the API's JSON"),
    ],
)
def test_bad_preview_options_get_one_line(
    arguments: list[str], message: str, page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (page_file.parent / "bad.json").write_text("{not json", encoding="utf-8")
    given = [word.format(page=page_file, folder=page_file.parent) for word in arguments]
    assert main(["embed", *given]) != 0
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error and len(error.strip().splitlines()) == 1


def test_the_page_the_preview_and_the_example_sites_have_ports_of_their_own() -> None:
    # Issue 39: embed --preview and the JupyterLite site both took 8001, so one of the two failed.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import build_jupyterlite
    import pyscript_example

    serve = build_parser(["serve"]).parse_args(["serve"])
    embed = build_parser(["embed", "--preview"]).parse_args(["embed", "--preview"])
    assert (serve.port, embed.port) == (PAGE_PORT, PREVIEW_PORT)
    assert len({serve.port, embed.port, build_jupyterlite.PORT, pyscript_example.PORT}) == 4
