"""``flit-arena embed``: write the arena as one HTML snippet for a challenge post (and the
bundle file the small snippet fetches, for publishing)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from ..games import get_game
from ..games.adapters import Page
from ..web.embed import (
    PYODIDE_CDN,
    PYSCRIPT_CDN,
    SMALL_CHARACTERS,
    Challenge,
    EmbedTooLarge,
    build_snippet,
    pinned_versions,
    write_runtime,
)
from ..web.preview import PORT, PreviewServer
from .main import CommandError, OneLineParser
from .options import add_game_option

_SITE = re.compile(r"^[a-z][a-z0-9.-]{0,40}$")


def register(parser: OneLineParser) -> None:
    """Set up the ``embed`` subcommand's parser."""
    parser.description = (
        f"Write the browser arena as one HTML snippet (at most {SMALL_CHARACTERS:,} characters) that "
        "loads PyScript and Pyodide from a public CDN (or a mirror: --pyscript-url, --pyodide-url, "
        "--runtime-out) and the arena's own files from one integrity-checked bundle file that you publish "
        "(--bundle-out writes it, --bundle-url says where it will be), and runs in a sandboxed iframe, as a "
        "challenge post's Stack Snippet does. It plays one game. With --question it belongs to a "
        "challenge: on open it loads every answer and ranks them all in an ongoing tournament."
    )
    add_game_option(parser)
    parser.add_argument("--out", metavar="FILE", help="where to write the snippet (- for stdout)")
    parser.add_argument("--question", type=int, metavar="ID", help="the challenge's question id: load its answers")
    parser.add_argument("--site", default="codegolf", help="the Q&A site of the question (default: codegolf)")
    parser.add_argument("--preset", help="the settings preset the challenge's games use (default: the game's first)")
    parser.add_argument(
        "--bundle-url",
        metavar="URL",
        help="the public address of the folder you publish the bundle file in, e.g. a GitHub Pages folder "
        "(needed to write a snippet: there is no public copy)",
    )
    parser.add_argument("--bundle-out", metavar="DIR", help="write the bundle file into DIR, for publishing")
    versions = pinned_versions()
    parser.add_argument(
        "--pyodide-url",
        metavar="URL",
        help="the address of the folder of Pyodide's files (pyodide.mjs, ...), to load it from a mirror "
        f"(default: {PYODIDE_CDN.format(version=versions['pyodide'])})",
    )
    parser.add_argument(
        "--pyscript-url",
        metavar="URL",
        help="the address of the folder of PyScript's files (core.js, ...), to load it from a mirror "
        f"(default: {PYSCRIPT_CDN.format(version=versions['pyscript'])})",
    )
    parser.add_argument(
        "--runtime-out",
        metavar="DIR",
        help="copy the vendored Pyodide and PyScript into DIR/pyodide/ and DIR/pyscript/, to publish as that mirror",
    )
    parser.add_argument(
        "--preview",
        action="store_true",
        help="instead of writing it, serve the snippet on localhost as a post shows it, with its bundle and "
        "Pyodide (and --answers as the site's API), until interrupted",
    )
    parser.add_argument(
        "--answers",
        action="append",
        default=[],
        metavar="FILE",
        help="with --preview and --question: a page of the API's answers (JSON, as the site's API returns "
        "it) to answer the snippet with; once per page, in order",
    )
    parser.add_argument(
        "--port", type=int, default=PORT, help="with --preview: the port to serve on (default: %(default)s)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Build and write the snippet (and the bundle file)."""
    challenge = None
    if args.question is not None:
        if args.question < 1:
            raise CommandError(f"--question must be a question's id, a positive number, not {args.question}")
        if not _SITE.match(args.site):
            raise CommandError(f"--site must be a site's short name such as codegolf, not {args.site!r}")
        if args.preset is not None and args.preset not in get_game(args.game).presets:
            presets = ", ".join(get_game(args.game).presets)
            raise CommandError(f"{args.game} has no preset {args.preset!r} (it has {presets})")
        challenge = Challenge(args.question, args.site, args.preset)
    if args.preview:
        return _preview(args, challenge)
    if args.out is None:
        raise CommandError("say where to write the snippet (--out FILE) or --preview it")
    if args.answers:
        raise CommandError("--answers is for --preview")
    get_game(args.game).adapter(Page)  # a game the page does not play says so first
    if args.bundle_url is None:
        raise CommandError(
            "say where you will publish the bundle file: --bundle-url URL, the public address of a folder "
            "(e.g. https://USER.github.io/REPO/arena/), and --bundle-out DIR to write the file to put there"
        )
    try:
        snippet = build_snippet(
            game=args.game,
            challenge=challenge,
            bundle_url=args.bundle_url,
            pyodide_url=args.pyodide_url,
            pyscript_url=args.pyscript_url,
        )
    except EmbedTooLarge as error:
        raise CommandError(str(error)) from None
    if args.bundle_out:
        _make_folder(args.bundle_out)
        _write(os.path.join(args.bundle_out, snippet.bundle.name), snippet.bundle.text)
        print(
            f"Wrote {os.path.join(args.bundle_out, snippet.bundle.name)}: publish it at {args.bundle_url}",
            file=sys.stderr,
        )
    if args.runtime_out:
        _make_folder(args.runtime_out)
        try:
            write_runtime(Path(args.runtime_out))
        except OSError as error:
            raise CommandError(f"cannot copy Pyodide and PyScript into {args.runtime_out}: {error}") from None
        print(
            f"Wrote {args.runtime_out}/pyodide/ and pyscript/: publish them at --pyodide-url and --pyscript-url",
            file=sys.stderr,
        )
    if args.out == "-":
        print(snippet.html, end="")
        return 0
    _write(args.out, snippet.html)
    print(f"Wrote {args.out}: {len(snippet.html):,} characters (limit {SMALL_CHARACTERS:,}).")
    size = len(snippet.bundle.text)
    print(f"It fetches {snippet.bundle.name} ({size:,} bytes) from {args.bundle_url}.")
    return 0


def _preview(args: argparse.Namespace, challenge: Challenge | None) -> int:
    """Serve the snippet on localhost until interrupted (:mod:`flit_core.web.preview`)."""
    if args.answers and challenge is None:
        raise CommandError("--answers needs --question ID: the answers are that question's")
    for path in args.answers:
        try:
            json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        except ValueError as error:
            raise CommandError(f"{path} is not the API's JSON: {error}") from None
    try:
        server = PreviewServer(args.game, challenge, [Path(path) for path in args.answers], port=args.port)
    except OSError as error:
        raise CommandError(f"cannot serve on port {args.port}: {error.strerror}") from None
    except EmbedTooLarge as error:
        raise CommandError(str(error)) from None
    where = "the vendored copy" if server.local_pyodide else "the CDN (run scripts/setup.sh to vendor it)"
    print(f"Previewing the snippet at {server.url} (PyScript and Pyodide from {where}). Ctrl-C stops.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _make_folder(path: str) -> None:
    """Make the folder ``path`` (and its parents) if it is missing."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise CommandError(f"cannot make the folder {path}: {error.strerror}") from None


def _write(path: str, text: str) -> None:
    """Write ``path`` atomically (a temporary file, then a rename)."""
    temporary = f"{path}.tmp{os.getpid()}"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror}") from None
