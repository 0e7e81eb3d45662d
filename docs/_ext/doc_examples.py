"""Every code block of the documentation runs in the tests, or says why it cannot (Sybil).

A pytest plugin (``-p doc_examples`` in ``pyproject.toml``): it collects the README,
CONTRIBUTING.md and every page in ``docs/`` through :data:`DOCUMENTS`. Each document runs in
a folder of its own (its *sandbox*: links to the repository's folders, and room for what its
commands write), blocks in page order:

- ``python``: run in one namespace per page (Sybil's own parser; a hidden check is an HTML
  comment ``<!-- invisible-code-block: python ... -->``).
- ``sh``: a bash script (``set -euo pipefail``, ``.venv/bin`` first on ``PATH``); it must exit 0.
- ``console``: ``$ COMMAND`` lines, each followed by its output as the reader sees it, compared
  with ``...`` standing for any text and runs of blanks for any blanks.
- ``toml``, ``json``: parsed (the last ``json`` block's value is ``json_block`` to the Python after it).
- any other language: the block fails unless a marker before it says why it cannot run.

Markers, HTML comments right before a block (invisible on GitHub and in the site):

- ``<!-- skip: next "WHY" -->``: the block is not run (a skipped test, reported with WHY).
- ``<!-- file: NAME -->``: the block is a file the reader saves as NAME: it is written to the
  sandbox (a ``python`` one is compiled, not run), for the blocks after it to use.
- ``<!-- arguments-only: "WHY" -->``: an ``sh`` block whose ``flit-arena`` commands are only
  parsed by ``flit-arena``'s own parser (every option must exist), not run.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib
import unittest
from pathlib import Path
from typing import Any

from sybil import Document, Example, Region, Sybil
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer
from sybil.parsers.myst import PythonCodeBlockParser

ROOT = Path(__file__).resolve().parents[2]
#: What each document's sandbox links to (the repository as a reader's checkout has it).
LINKED = (
    ".venv",
    "benchmarks",
    "docs",
    "e2e",
    "examples",
    "flit_core",
    "scripts",
    "tests",
    "web",
    "pyproject.toml",
    "README.md",
)
#: How long one block may take (a tournament of a dozen games on a busy machine fits).
BLOCK_TIMEOUT_S = 900
#: The languages run by :class:`BlockParser` (``python`` is Sybil's own parser's).
RUN = ("sh", "console", "toml", "json")
#: A marker: an HTML comment alone on its line.
_MARKER = re.compile(r"^<!--\s*(?P<kind>skip|file|arguments-only):\s*(?P<value>.*?)\s*-->[ \t]*$", re.MULTILINE)
#: A skip marker's value: ``next "WHY"``.
_SKIP = re.compile(r'^next\s+"(?P<why>[^"]+)"$')
_SANDBOX = "__sandbox__"
_PENDING = "__marker__"
#: ``flit-arena`` as an arguments-only block sees it: a function that only parses its arguments.
_PARSE_ONLY = (
    'flit-arena() { "$FLIT_DOCS_PYTHON" -c \'import sys; from flit_core.cli.main import build_parser; '
    'a = sys.argv[1:]; build_parser(a).parse_args(a)\' "$@"; }\n'
    '.venv/bin/flit-arena() { flit-arena "$@"; }\n'
)


class _Page:
    """A document's namespace as a module, as a notebook's ``__main__`` is: what the page
    defines is found through its functions' ``__module__`` (``export_bot`` reads it)."""


def _set_up(namespace: dict[str, Any]) -> None:
    """A fresh sandbox for the document, made the current folder while its blocks run, and
    its namespace a module."""
    sandbox = Path(tempfile.mkdtemp(prefix="flit-docs-"))
    page = _Page()
    page.__dict__ = namespace
    namespace["__name__"] = f"flit_docs_page_{sandbox.name.replace('-', '_')}"
    sys.modules[namespace["__name__"]] = page  # type: ignore[assignment]
    for name in LINKED:
        if (ROOT / name).exists():
            (sandbox / name).symlink_to(ROOT / name)
    namespace[_SANDBOX] = sandbox
    namespace["__previous_cwd__"] = os.getcwd()
    os.chdir(sandbox)


def _tear_down(namespace: dict[str, Any]) -> None:
    """Back to the folder the tests run in; the sandbox goes."""
    os.chdir(namespace["__previous_cwd__"])
    sys.modules.pop(namespace["__name__"], None)
    shutil.rmtree(namespace[_SANDBOX], ignore_errors=True)


def _bash(script: str, sandbox: Path) -> subprocess.CompletedProcess[str]:
    """Run ``script`` with bash in ``sandbox``, as a reader's shell in a checkout would."""
    environment = dict(os.environ, FLIT_DOCS_PYTHON=sys.executable)
    environment["PATH"] = f"{ROOT / '.venv' / 'bin'}{os.pathsep}{environment.get('PATH', '')}"
    return subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + script],
        cwd=sandbox,
        env=environment,
        capture_output=True,
        text=True,
        timeout=BLOCK_TIMEOUT_S,
        check=False,
    )


def _failed(what: str, finished: subprocess.CompletedProcess[str]) -> AssertionError:
    """The error of a command that failed, with the end of what it printed."""
    tail = "\n".join((finished.stdout + finished.stderr).splitlines()[-30:])
    return AssertionError(f"{what} exited {finished.returncode}:\n{tail}")


def _pending(example: Example) -> tuple[str, str] | None:
    """The marker before ``example``'s block, if any (taken); a skip marker skips it."""
    marker: tuple[str, str] | None = example.namespace.pop(_PENDING, None)
    if marker is not None and marker[0] == "skip":
        why = _SKIP.match(marker[1])
        raise unittest.SkipTest(why["why"] if why else marker[1])
    return marker


def _run_sh(source: str, sandbox: Path, arguments_only: str | None) -> None:
    finished = _bash((_PARSE_ONLY if arguments_only else "") + source, sandbox)
    if finished.returncode:
        raise _failed("the block", finished)


def _run_console(source: str, sandbox: Path) -> None:
    """Each ``$ COMMAND`` run, its output compared with the block's."""
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    sessions = re.split(r"^\$ ", source, flags=re.MULTILINE)
    assert not sessions[0].strip(), "a console block begins with a $ COMMAND line"
    for session in sessions[1:]:
        command, _, expected = session.partition("\n")
        finished = _bash(command, sandbox)
        if finished.returncode:
            raise _failed(f"$ {command}", finished)
        if not checker.check_output(expected, finished.stdout, flags):
            raise AssertionError(f"$ {command}\nexpected:\n{expected}\ngot:\n{finished.stdout}")


class BlockParser:
    """The fenced blocks of every language but Python, and the markers before them."""

    def __init__(self) -> None:
        self.fences = FencedCodeBlockLexer(
            language=r"[^\s{][^\n]*", mapping={"language": "language", "source": "source"}
        )

    def __call__(self, document: Document) -> list[Region]:
        """The document's markers and blocks, each with its evaluator."""
        regions = [
            Region(match.start(), match.end(), (match["kind"], match["value"]), self.marker)
            for match in _MARKER.finditer(document.text)
        ]
        for region in self.fences(document):
            language = (str(region.lexemes["language"]).split() or [""])[0]
            if language != "python":
                region.parsed = (language, str(region.lexemes["source"]))
                region.evaluator = self.block
                regions.append(region)
        return sorted(regions, key=lambda region: region.start)

    @staticmethod
    def marker(example: Example) -> None:
        """Note the marker for the block that follows it."""
        kind, value = example.parsed
        if kind == "skip" and not _SKIP.match(value):
            raise AssertionError(f'a skip marker says why: <!-- skip: next "WHY" -->, not {value!r}')
        example.namespace[_PENDING] = example.parsed

    @staticmethod
    def block(example: Example) -> None:
        """Run, write or parse one block, as its language and marker say."""
        language, source = example.parsed
        marker = _pending(example)
        sandbox: Path = example.namespace[_SANDBOX]
        if marker is not None and marker[0] == "file":
            (sandbox / marker[1]).write_text(source, encoding="utf-8")
            (sandbox / marker[1]).chmod(0o755 if source.startswith("#!") else 0o644)
        if language == "python":  # a file's source: saved above, compiled, never run here
            compile(source, marker[1] if marker else "<block>", "exec")
        elif language == "toml":
            tomllib.loads(source)
        elif language == "json":
            example.namespace["json_block"] = json.loads(source)
        elif language == "sh" and (marker is None or marker[0] == "arguments-only"):
            _run_sh(source, sandbox, shlex.split(marker[1])[0] if marker else None)
        elif language == "console" and marker is None:
            _run_console(source, sandbox)
        elif marker is None or language not in ("c", "javascript", "js"):
            raise AssertionError(
                f"a {language} block that neither runs nor says why it cannot: "
                '<!-- skip: next "WHY" --> before it, or <!-- file: NAME --> for a file the reader saves'
            )


class FileBlockParser(PythonCodeBlockParser):
    """Python blocks: run in the page's namespace, unless a ``file:`` marker makes them a file."""

    def __call__(self, document: Document) -> Any:
        """Sybil's Python regions, each checking first for a ``file:`` marker before it."""
        for region in super().__call__(document):
            run = region.evaluator

            def evaluate(example: Example, run: Any = run) -> Any:
                marker = example.namespace.get(_PENDING)
                if marker is not None and marker[0] in ("file", "skip"):
                    example.parsed = ("python", str(example.region.lexemes["source"]))
                    return BlockParser.block(example)
                return run(example)

            region.evaluator = evaluate
            yield region


#: The Sybil of the documentation: the README, CONTRIBUTING.md and every page of ``docs/``.
DOCUMENTS = Sybil(
    parsers=[FileBlockParser(), BlockParser()],
    patterns=["README.md", "CONTRIBUTING.md", "docs/*.md", "docs/*/*.md"],
    path=str(ROOT),
    setup=_set_up,
    teardown=_tear_down,
    name="docs",
)

#: The plugin's hook: pytest collects the documents through it.
pytest_collect_file = DOCUMENTS.pytest()
