"""Share links of the arena page, made natively (the page's js/share.js reads them).

A link's ``#s=`` fragment is the set-up as JSON, raw-deflated and base64url-encoded:
``{"game", "preset", "config", "seed", "seats": [{"kind": "example" | "code" | "human",
"name", "source", "level"}], "autoplay": null | "play" | "fast", "result"}``: an example
bot's seat names it by file stem with its level for people (the page restores it by name,
else the example at that level), and a finished game's link has its ``result``
(:meth:`~flit_core.session.Result.to_dict`), which the page shows. The link's
``?game=NAME`` names the game too, so a page opens on the right game before it reads the
fragment.
"""

from __future__ import annotations

import base64
import json
import os
import urllib.parse
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..bot.program import BotLoadError, BotProgram
from ..config import BaseConfig
from ..errors import ConfigError
from ..games import get_game
from ..games.adapters import Programs
from ..session import Result


def code_seat(name: str, source: str) -> dict[str, str]:
    """A seat played by a bot given as source code."""
    return {"kind": "code", "name": name, "source": source}


def example_seat(game: str, name: str) -> dict[str, str]:
    """A seat played by ``game``'s example bot ``name`` (a key of its definition's
    ``example_bots``), as the page's seat menu offers it: by file stem, with its level;
    raises ConfigError for a name the game has no example bot of."""
    definition = get_game(game)
    if name not in definition.example_bots:
        raise ConfigError(f"{game} has no example bot {name!r}; choose one of: {', '.join(definition.example_bots)}")
    return {"kind": "example", "name": definition.examples[name].stem, "level": definition.example_bots[name].value}


#: A seat played by a human (clicks on the board).
HUMAN_SEAT = {"kind": "human", "name": "human"}


def file_seats(paths: Sequence[str | os.PathLike[str] | None], game: str | None = None) -> list[dict[str, str]]:
    """Seats for bot files, seat 1 first (None: a human seat): Python bot files, or files
    in one of ``game``'s other languages (by their suffix, e.g. light cycles' ``.js``);
    raises BotLoadError."""
    languages = get_game(game).adapter(Programs).languages if game is not None else {}
    seats = []
    for path in paths:
        language = next((key for key, lang in languages.items() if os.fspath(path or "").endswith(lang.suffix)), None)
        if path is None:
            seats.append(dict(HUMAN_SEAT))
        elif language is not None:
            try:
                source = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise BotLoadError(f"cannot read bot file {os.fspath(path)}: {error}") from None
            seats.append({**code_seat(Path(path).name, source), "language": language})
        else:
            program = BotProgram.from_file(path)
            seats.append(code_seat(program.name, program.source))
    return seats


def setup_dict(
    config: BaseConfig,
    seed: int,
    seats: Sequence[dict[str, Any]],
    autoplay: str | None = None,
    result: Result | None = None,
) -> dict[str, Any]:
    """The set-up a share link carries (for ``config``'s game), with the ``result`` of the
    game it played when there is one."""
    presets = get_game(config.game).presets
    preset = next((name for name, preset in presets.items() if preset == config), "custom")
    setup = {
        "game": config.game,
        "preset": preset,
        "config": config.to_dict(),
        "seed": seed,
        "seats": list(seats),
        "autoplay": autoplay,
    }
    if result is not None:
        setup["result"] = result.to_dict()
    return setup


def share_link(setup: dict[str, Any]) -> str:
    """The page-relative link for ``setup``: ``?game=NAME#s=...`` (see :func:`setup_dict`)."""
    return "?" + urllib.parse.urlencode({"game": setup["game"]}) + share_fragment(setup)


def share_fragment(setup: dict[str, Any]) -> str:
    """The ``#s=...`` fragment for ``setup`` (see :func:`setup_dict`)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(setup).encode()) + packer.flush()
    return "#s=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def read_fragment(fragment: str) -> dict[str, Any]:
    """The set-up in a ``#s=...`` fragment (the inverse of :func:`share_fragment`)."""
    packed = fragment.split("s=", 1)[1].split("&", 1)[0]
    data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    setup: dict[str, Any] = json.loads(zlib.decompress(data, -15))
    return setup
