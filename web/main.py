"""The page's own Python, run by PyScript on the page's thread (web/index.html's
``<script type="py">``, or the snippet's loader): the rules core, offered to the page's script.

The page's script hands over this repository's flit_core sources (the same files the
native side runs) and the games' packages; this writes the sources into the interpreter's
file system, tells the game registry where the games are, imports the page's referee and
tells the script that Python is ready, or why it could not start.
"""

import gc
import json
import os
import sys
import traceback

from js import window
from pyodide.ffi import create_proxy

from_page = window.flitArena


async def write_sources() -> None:
    """Write the sources the page hands over into /flit and register the games' packages."""
    sources = json.loads(await from_page.sourcesJSON())
    for path, source in sources["modules"].items():
        target = "/flit/" + path
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(source)
    if "/flit" not in sys.path:
        sys.path.insert(0, "/flit")
    # Games kept outside flit_core are found through the registry's environment variable.
    os.environ["FLIT_ARENA_GAMES"] = ",".join(f"{name}={package}" for name, package in sources["packages"].items())


try:
    await write_sources()  # noqa: F704, PLE1142 (run with top-level await)
    from flit_core.web import answers, challenge, page
except Exception:
    from_page.pythonFailed(traceback.format_exc())
    raise

# Everything imported so far lives as long as the page: keep the collector from walking it
# again and again while games are played.
gc.freeze()


class PageApi:
    """What the page's script calls; every argument and result is JSON text."""

    def new_referee(self, settings: str) -> page.PageReferee:
        """A referee for a new game."""
        return page.PageReferee(settings)

    def check_config(self, game: str, config: str) -> str:
        """Validate the settings form of ``game``."""
        return page.check_config(game, config)

    def open_replay(self, text: str) -> str:
        """Verify and read a replay file."""
        return page.open_replay(text)

    def tournament_game(self, seed: int, index: int, players: int) -> str:
        """A quick tournament's game: its seed and seat order."""
        return page.tournament_game(int(seed), int(index), int(players))

    def standings(self, records: str, entrants: str, game: str) -> str:
        """A quick tournament's leaderboard so far (of a game of ``game``)."""
        return page.standings(records, entrants, game)

    def answers_url(self, question: str, site: str, page_number: int, api: str = "") -> str:
        """The API address of one page of a question's answers (``api``: the API's base address, if not the site's)."""
        return answers.answers_url(int(question), site, int(page_number), api)

    def challenge(self, function: str, *arguments: object) -> str:
        """A function of flit_core.web.challenge (the challenge arena's answers, schedule,
        problems and exports)."""
        return getattr(challenge, function)(*arguments)


# PyScript imports its own module before it runs this file: say who ran it.
from_page.pythonReady(create_proxy(PageApi()), "pyscript" if "pyscript" in sys.modules else "pyodide")
