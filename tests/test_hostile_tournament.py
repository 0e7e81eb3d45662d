"""Hostile entrants of a tournament of Python bot files: by default every one is a sandboxed
program, so none can leave its sandbox, read root's files, rewrite another bot or read another
entrant's source; ``--trusted`` still plays them in-process, and says so.

The bots are in ``tests/bots/hostile_tournament/``; each test copies the ones it needs into one
shared bots folder, as entrants often are.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from _pytest.capture import CaptureResult

from flit_core.cli import main
from flit_core.games import get_game
from flit_core.games.adapters import TournamentRules
from flit_core.tournament.entrants import parse_entrants
from flit_core.tournament.store import ResultsStore
from flit_core.tournament.workdirs import game_folders
from tournament_support import GREEDY_BOT, ROOT

BOTS = ROOT / "tests" / "bots" / "hostile_tournament"
#: Short Flit games, a seat-balanced pair per run, with time limits no busy machine reaches.
GAME = ["--preset", "trial", "--size", "8", "--turns", "40", "--move-ms", "2000", "--startup-ms", "20000"]
GAME += ["--games", "2", "--seed", "11", "--no-progress"]


def entrants(folder: Path, bots: dict[str, str | Path], programs: dict[str, str] | None = None) -> Path:
    """An entrants file in ``folder`` whose bots (from BOTS, by file name, or a path) are
    copied into one shared ``bots/`` folder beside it; ``programs``: more entrants, each
    a TOML value as it is (the program's files put in place by the caller)."""
    shared = folder / "bots"
    shared.mkdir(parents=True, exist_ok=True)
    lines = ["[entrants]"]
    for name, bot in bots.items():
        source = bot if isinstance(bot, Path) else BOTS / bot
        shutil.copy(source, shared / source.name)
        lines.append(f'{name} = "bots/{source.name}"')
    lines += [f"{name} = {value}" for name, value in (programs or {}).items()]
    path = folder / "entrants.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def tournament(tmp_path: Path, entrants_toml: Path, out: str, *options: str) -> int:
    """Run ``flit-arena tournament`` into ``tmp_path / out``."""
    return main(["tournament", str(entrants_toml), "--out", str(tmp_path / out), *GAME, *options])


def everything_said(out: Path, captured: CaptureResult[str]) -> str:
    """What the bots could say: this process's output (in-process bots) and the results
    folder (a sandboxed bot's stderr tail is in its game's replay)."""
    files = [path.read_text(encoding="utf-8", errors="replace") for path in out.rglob("*") if path.suffix == ".json"]
    return "\n".join([captured.out, captured.err, *files])


def victim_results(out: Path, name: str) -> list[tuple[int, int, int, int, int | None]]:
    """Every game's (index, seat, pieces, moves, winner) of the entrant ``name``."""
    with ResultsStore.open(out) as store:
        return [
            (record.index, place, seat.pieces, seat.moves, record.winner)
            for record in store.records()
            for place, seat in enumerate(record.seats, 1)
            if seat.name == name
        ]


def test_a_bot_cannot_write_outside_its_folder_nor_read_roots_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "private" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("ROOT-ONLY-51c0de\n", encoding="utf-8")
    secret.chmod(0o600)
    target = tmp_path / "outside" / "escaped.txt"
    target.parent.mkdir()
    monkeypatch.setenv("FLIT_HOSTILE_SECRET", str(secret))
    monkeypatch.setenv("FLIT_HOSTILE_TARGET", str(target))
    file = entrants(tmp_path, {"escaper": "escaper.py", "honest": "passer.py"})
    assert tournament(tmp_path, file, "results") == 0
    said = everything_said(tmp_path / "results", capfd.readouterr())
    assert "escaper: trying FLIT_HOSTILE_TARGET" in said  # the bot ran, and what it says is seen
    assert not target.exists()
    assert "ROOT-ONLY-51c0de" not in said and "escaper: cannot read" in said
    assert "bots sandboxed under the referee" in said


def test_a_bot_cannot_swap_another_bots_move_for_a_pass(tmp_path: Path) -> None:
    # The same games with the hostile bot honest (it passes, and touches nothing) ...
    honest = entrants(tmp_path / "honest", {"victim": GREEDY_BOT, "hostile": "passer.py"})
    assert tournament(tmp_path, honest, "reference") == 0
    reference = victim_results(tmp_path / "reference", "victim")
    assert all(winner == place for _, place, _, _, winner in reference)  # the greedy bot beats a passer
    # ... and patching every other bot's move on its first move: the victim plays the same.
    hostile = entrants(tmp_path / "hostile", {"victim": GREEDY_BOT, "hostile": "patcher.py"})
    assert tournament(tmp_path, hostile, "attacked") == 0
    assert victim_results(tmp_path / "attacked", "victim") == reference


@pytest.mark.parametrize("here", ["elsewhere", "entrants folder"])
@pytest.mark.parametrize("options", [[], ["--referee"]], ids=["default", "referee"])
def test_a_bot_cannot_read_a_fellow_entrants_source(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    options: list[str],
    here: str,
) -> None:
    file = entrants(tmp_path, {"snoop": "snoop.py", "victim": "victim.py"})
    if here == "entrants folder":
        monkeypatch.chdir(tmp_path)  # the documentation's layout: run beside entrants.toml and bots/
    # The fellow's file in the shared bots folder, where the entrants file names it.
    monkeypatch.setenv("FLIT_HOSTILE_VICTIM", str(tmp_path / "bots" / "victim.py"))
    assert tournament(tmp_path, file, "results", *options) == 0
    said = everything_said(tmp_path / "results", capfd.readouterr())
    assert "snoop: looked at" in said  # the bot ran, and what it says is seen
    assert "snoop: found" not in said and "VICTIM-SOURCE-7f3a91" not in said


#: A program entrant run from the entrants file's folder, as the entrants file may give it:
#: its interpreter and script, the script itself (``#!``), or in a folder of its own.
PROGRAMS = {
    "interpreter": f'{{ command = ["{sys.executable}", "bots/snoop_program.py"] }}',
    "executable": '{ command = "bots/snoop_program.py" }',
    "own workdir": f'{{ command = ["{sys.executable}", "snoop_program.py"], workdir = "bots/snoop" }}',
}


@pytest.mark.parametrize("program", PROGRAMS)
def test_from_the_entrants_folder_a_program_cannot_read_a_fellow_entrants_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], program: str
) -> None:
    file = entrants(tmp_path, {"victim": "victim.py"}, {"snoop": PROGRAMS[program]})
    for folder in (tmp_path / "bots", tmp_path / "bots" / "snoop"):
        folder.mkdir(exist_ok=True)
        shutil.copy(BOTS / "snoop_program.py", folder)  # (keeps its mode: executable)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FLIT_HOSTILE_VICTIM", str(tmp_path / "bots" / "victim.py"))
    assert tournament(tmp_path, file, "results") == 0
    said = everything_said(tmp_path / "results", capfd.readouterr())
    assert "snoop: looked at" in said  # the program ran, and what it says is seen
    assert "snoop: found" not in said and "VICTIM-SOURCE-7f3a91" not in said


def test_trusted_tournaments_still_play_in_process_and_say_so(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    honest = entrants(tmp_path / "honest", {"victim": GREEDY_BOT, "hostile": "passer.py"})
    assert tournament(tmp_path, honest, "reference", "--trusted") == 0
    hostile = entrants(tmp_path / "hostile", {"victim": GREEDY_BOT, "hostile": "patcher.py"})
    assert tournament(tmp_path, hostile, "attacked", "--trusted") == 0
    printed = capfd.readouterr().out
    assert "seed 11; Python bots in-process (trusted: no sandbox); bots charged CPU time" in printed
    # In one process, trusted code can reach the other bots: the patch took.
    assert victim_results(tmp_path / "attacked", "victim") != victim_results(tmp_path / "reference", "victim")


@pytest.mark.parametrize("game", ["uttt", "coins"])
def test_a_program_s_copy_holds_only_its_own_files_not_the_entrants_folder(tmp_path: Path, game: str) -> None:
    # Programs without a workdir of their own run in the entrants file's folder; a game whose
    # bots write files gives each a copy: of its program and the files its command names only.
    shared = tmp_path / "entrants" / "bots"
    shared.mkdir(parents=True)
    for name in ("ann", "bob"):
        (shared / f"{name}.py").write_text(f"# {name}'s program: VICTIM-SOURCE-{name}\n", encoding="utf-8")
    document = {"entrants": {name: {"command": [sys.executable, f"bots/{name}.py"]} for name in ("ann", "bob")}}
    found = parse_entrants(document, str(tmp_path / "entrants"))
    with game_folders(found, get_game(game).adapter(TournamentRules).workdirs, str(tmp_path / "copies")) as seats:
        for seat in seats:
            copy = Path(seat.entrant.workdir)
            held = sorted(str(path.relative_to(copy)) for path in copy.rglob("*") if path.is_file())
            name = seat.entrant.name
            assert [file for file in held if file.endswith(".py")] == [f"bots/{name}.py"], held
            assert seat.entrant.command[1] == str(copy / "bots" / f"{name}.py")
