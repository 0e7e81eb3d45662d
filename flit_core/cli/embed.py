"""``flit-arena embed``: write the arena as one HTML snippet for a challenge post."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..web.embed import MAX_CHARACTERS, EmbedTooLarge, build_snippet
from .main import CommandError
from .options import add_game_option


def register(subparsers: Any) -> None:
    """Add the ``embed`` subcommand."""
    parser = subparsers.add_parser(
        "embed",
        help="write the browser arena as one self-contained HTML snippet",
        description=f"Write the browser arena as one self-contained HTML snippet (at most "
        f"{MAX_CHARACTERS:,} characters) that loads PyScript and Pyodide from a public CDN and "
        "runs in a sandboxed iframe, as a challenge post's Stack Snippet does. It plays one game.",
    )
    add_game_option(parser)
    parser.add_argument("--out", required=True, metavar="FILE", help="where to write the snippet (- for stdout)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Build and write the snippet."""
    try:
        snippet, left_out = build_snippet(game=args.game)
    except EmbedTooLarge as error:
        raise CommandError(str(error)) from None
    if left_out:
        print(f"To fit the limit, the snippet leaves out the example bot(s) {', '.join(left_out)}.", file=sys.stderr)
    if args.out == "-":
        print(snippet, end="")
        return 0
    temporary = f"{args.out}.tmp{os.getpid()}"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(snippet)
        os.replace(temporary, args.out)
    except OSError as error:
        raise CommandError(f"cannot write {args.out}: {error.strerror}") from None
    print(f"Wrote {args.out}: {len(snippet):,} characters (limit {MAX_CHARACTERS:,}).")
    return 0
