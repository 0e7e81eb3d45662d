"""Bad input on the command line gets one clear line and a non-zero exit, never a traceback
(hostile inputs: ``test_hostile_inputs.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bots.support import EXAMPLES
from flit_core.cli import main

BOTS = [str(EXAMPLES / "random_bot.py")] * 2


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ({"players": 2, "spawn": 3}, "spawn must be one of"),
        ({"players": 2, "spawn": None}, "spawn must be one of"),
        ({"players": 2, "size": "big"}, "size must be a whole number"),
        ({"players": 2.5}, "players must be a whole number"),
        ({"players": 2, "move_time_ms": "NaN"}, "move_time_ms"),
        ({"players": 2, "move_time_ms": -1}, "move_time_ms"),
        ({"players": 2, "move_time_ms": 1e300}, "move_time_ms must be at most 3600000 ms (one hour)"),
        ({"players": 2, "startup_ms": 1e300}, "startup_ms must be at most 3600000 ms (one hour)"),
        ({"players": 2, "turn_limit": True}, "turn_limit must be a whole number"),
        ({"players": 2, "colour": "red"}, "colour"),
        ([1, 2], "config"),
        ("not json {", "config"),
    ],
)
def test_a_bad_config_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], config: object, words: str
) -> None:
    path = tmp_path / "config.json"
    path.write_text(config if isinstance(config, str) else json.dumps(config))
    code = main(["play", "--config", str(path), *BOTS])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("flit-arena play: error: ") and words in err


@pytest.mark.parametrize(("port", "words"), [("99999", "from 0 to 65535"), ("-1", "from 0 to 65535"), ("x", "whole")])
def test_a_bad_port_is_one_line(capsys: pytest.CaptureFixture[str], port: str, words: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", port])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "Traceback" not in err and len(err.splitlines()) == 1 and words in err
