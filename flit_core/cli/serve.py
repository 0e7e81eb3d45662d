"""``flit-arena serve``: the browser arena on localhost."""

from __future__ import annotations

import argparse
import urllib.parse

from ..games import DEFAULT_GAME, game_names
from ..web.assets import AssetsMissing
from ..web.server import PORT, ArenaHTTPServer
from .main import CommandError, OneLineParser


def add_isolation_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--no-isolation`` (sets ``args.isolated``)."""
    parser.add_argument(
        "--no-isolation",
        dest="isolated",
        action="store_false",
        help="serve the page without the cross-origin isolation headers, as an embedded snippet "
        "runs (runaway bots' workers are then replaced instead of interrupted)",
    )


def register(parser: OneLineParser) -> None:
    """Set up the ``serve`` subcommand's parser."""
    parser.description = (
        "Serve the browser arena: the page, its Pyodide, this "
        "repository's flit_core and every registered game (the page has a game picker). Bots run "
        "in Web Workers under the per-move deadline."
    )
    parser.add_argument(
        "--game",
        choices=game_names(),
        help=f"print the page's address for this game (?game=NAME; the page opens on {DEFAULT_GAME} otherwise)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=PORT, help="port (default: %(default)s; 0 picks a free one)")
    add_isolation_option(parser)
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    try:
        server = ArenaHTTPServer(args.host, args.port, isolated=args.isolated, verbose=args.verbose)
    except AssetsMissing as error:
        raise CommandError(str(error)) from None
    except (OSError, OverflowError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise CommandError(f"cannot listen on {args.host}:{args.port}: {reason}") from None
    mode = "cross-origin isolated" if args.isolated else "not isolated"
    address = server.url + ("?" + urllib.parse.urlencode({"game": args.game}) if args.game else "")
    print(f"Flit Arena is at {address}  ({mode}; Ctrl+C stops it)", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0


def _port(text: str) -> int:
    """A TCP port number, 0 to 65535."""
    try:
        port = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {port}")
    return port
