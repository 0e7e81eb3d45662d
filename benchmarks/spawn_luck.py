"""How much of a Flit result is the bots' play, and how much where the neutral pieces fell.

A neutral piece appears on an available square chosen uniformly at random, and it goes to the
bot nearest it (a tie to the tied bot that moves first after it appears); pieces are only ever
won that way. So at the moment a piece appears, each bot's *share* is the part of the
available squares it would win the race for: what its play earned it. Where the piece fell is
the dice. This reads each game's moments of appearance and prints, for the row's bot:

- its mean share at those moments, and the share of the pieces that fell where it was
  nearest (what the dice gave it), with how often the nearest bot did convert the piece;
- the dice's win rate: the chance that it wins the same game, with the same shares at every
  appearance, if each piece fell afresh at random (many draws a game), beside the games it
  did win. Where the two agree, its losses are the dice's, given the shares its play earned:
  winning more needs a larger share, not luckier play.

Plays the league's games (``strength.py``'s arenas, bots and seats: game i puts ``--bot`` in
seat i mod n + 1, against one or three copies of ``--opponent``), or reads replays (``FOLDER``,
for instance ``../shared/flit-outside-games/``, the row's bot named by ``--name``).

    .venv/bin/python benchmarks/spawn_luck.py --arena 1 --bot control --opponent hunter --games 40
    .venv/bin/python benchmarks/spawn_luck.py ../shared/flit-outside-games --name outside_ai_hard
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from common import load  # noqa: E402
from flit_core import Replay, get_game  # noqa: E402
from flit_core.games.flit.board import available_indices, neighbour_table  # noqa: E402
from flit_core.games.flit.bots.control_bot import nearest  # noqa: E402
from flit_core.games.flit.move import EMPTY, NEUTRAL  # noqa: E402
from flit_core.tournament.leaderboard import wilson_interval  # noqa: E402
from strength import ARENAS, league_replay  # noqa: E402

#: Fresh falls of the pieces a game, for its dice's win rate.
DRAWS = 2000


class Appearance(NamedTuple):
    """One neutral piece's appearance: every seat's share of the available squares then,
    the seat nearest the square it fell on, and the seat that converted it (0: nobody)."""

    shares: tuple[float, ...]
    nearest: int
    converter: int


class GameLuck(NamedTuple):
    """One game seen from ``seat``: its appearances, the pieces each seat started with, and
    whether ``seat`` won (first alone)."""

    seat: int
    start: tuple[int, ...]
    appearances: list[Appearance]
    won: bool


def _race_winner(square: int, distances: Sequence[Sequence[int]], order: Sequence[int]) -> int:
    """The seat that wins the race for ``square``: nearest, ties to the first in ``order``."""
    return min(order, key=lambda seat: (distances[seat - 1][square], order.index(seat)))


def appearances(replay: Replay) -> list[Appearance]:
    """Every neutral piece that appeared in ``replay``, with the seats' shares at that moment."""
    players = replay.config.players
    seats = range(1, players + 1)
    positions = list(replay.positions())
    size = positions[0].size
    nbrs = neighbour_table(size)
    found: list[Appearance] = []
    for index, turn in enumerate(replay.turns):
        before, after = positions[index].cells, positions[index + 1].cells
        fallen = [s for s, value in enumerate(after) if value == NEUTRAL and before[s] != NEUTRAL]
        if not fallen:
            continue
        (square,) = fallen
        # The board the piece fell on: the turn's move made, the piece not yet there.
        cells = list(after)
        cells[square] = EMPTY
        available = available_indices(cells, size)
        distances = [nearest([s for s, value in enumerate(cells) if value == seat], nbrs, len(cells)) for seat in seats]
        # The next to move after the piece appears wins a tie, then the next, and so on.
        order = [(turn.player + k) % players + 1 for k in range(players)]
        wins = [_race_winner(s, distances, order) for s in available]
        shares = tuple(wins.count(seat) / len(wins) for seat in seats)
        # Whoever's piece stands there first afterwards converted it (0: nobody did).
        later = (p.cells[square] for p in positions[index + 2 :])
        converter = next((value for value in later if value != NEUTRAL), 0)
        found.append(Appearance(shares, _race_winner(square, distances, order), converter))
    return found


def game_luck(replay: Replay, seat: int) -> GameLuck:
    """``replay`` seen from ``seat``."""
    assert replay.result is not None
    first = replay.position_at(0)
    start = tuple(first.count(player) for player in range(1, replay.config.players + 1))
    return GameLuck(seat, start, appearances(replay), replay.result.winner == seat)


def dice_win_rate(game: GameLuck, rng: random.Random, draws: int = DRAWS) -> float:
    """The chance that ``game.seat`` wins, each piece falling afresh at random with the
    shares it fell with (each goes to the seat whose squares it fell on)."""
    seats = range(1, len(game.start) + 1)
    won = 0
    for _ in range(draws):
        counts = list(game.start)
        for appearance in game.appearances:
            counts[rng.choices(seats, appearance.shares)[0] - 1] += 1
        best = max(counts)
        won += counts[game.seat - 1] == best and counts.count(best) == 1
    return won / draws


def play(arena: int, bot: str, opponent: str, game: int) -> GameLuck:
    """League game ``game`` (its seed) of ``bot`` against ``opponent``, seen from ``bot``."""
    return game_luck(*league_replay(arena, bot, opponent, game))


def from_folder(folder: Path, name: str) -> Iterable[GameLuck]:
    """The games in ``folder``'s replays seen from every seat the player ``name`` held."""
    for path in sorted(folder.glob("*.json")):
        replay = Replay.load(path, get_game)
        for seat, player in enumerate(replay.names, 1):
            if player == name:
                yield game_luck(replay, seat)


def summary(label: str, games: Sequence[GameLuck]) -> None:
    """The lines this benchmark prints for ``games``."""
    rng = random.Random(0)
    falls = [(g.seat, a) for g in games for a in g.appearances]
    mean_share = sum(a.shares[seat - 1] for seat, a in falls) / len(falls)
    fell_near = sum(a.nearest == seat for seat, a in falls)
    converted = sum(a.converter == a.nearest for _, a in falls)
    dice = [dice_win_rate(g, rng) for g in games]
    won = sum(g.won for g in games)
    low, high = wilson_interval(won, len(games))
    print(f"{label}: {len(games)} games, {len(falls)} neutral pieces appeared")
    print(
        f"  its mean share of the available squares when a piece appeared: {mean_share:.1%}; "
        f"pieces that fell where it was nearest: {fell_near}/{len(falls)} = {fell_near / len(falls):.1%}"
    )
    print(f"  pieces converted by the bot nearest them: {converted}/{len(falls)} = {converted / len(falls):.1%}")
    print(
        f"  wins: {won}/{len(games)} = {won / len(games):.0%} (95% CI {low:.0%}-{high:.0%}); "
        f"the dice's win rate at its shares: {sum(dice) / len(dice):.0%}; {load()}"
    )


def main() -> None:
    """Play or read the games and print what the dice did (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, help="read the replays here instead of playing")
    parser.add_argument("--name", default="outside_ai_hard", help="with FOLDER: the player seen")
    parser.add_argument("--arena", type=int, default=1, help="the league's arena (strength.ARENAS' index)")
    parser.add_argument("--bot", default="control", help="the row's bot")
    parser.add_argument("--opponent", default="hunter", help="the column's bot (copies of it with 4 players)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.folder:
        summary(f"{args.name} in {args.folder}", list(from_folder(args.folder, args.name)))
        return
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(play, args.arena, args.bot, args.opponent, game) for game in range(args.games)]
        games = [job.result() for job in jobs]
    summary(f"{args.bot} against {args.opponent}, {ARENAS[args.arena].label}, seeds 0-{args.games - 1}", games)


if __name__ == "__main__":
    main()
