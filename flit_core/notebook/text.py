"""Short plain-text phrases shared by the HTML displays and their text fallbacks."""

from __future__ import annotations

from collections.abc import Sequence

from ..replay import Replay
from ..session import Outcome, Result


def player_label(replay: Replay, seat: int) -> str:
    """``"1 random_bot"``: a seat's number and its bot's name."""
    return f"{seat} {replay.names[seat - 1]}"


def result_text(result: Result, names: Sequence[str] | None = None) -> str:
    """One sentence: who won (or the tie), the scores, and why the game ended."""

    def who(seat: int) -> str:
        return f"bot {seat} ({names[seat - 1]})" if names else f"bot {seat}"

    scores = ", ".join(f"{who(seat)} {score}" for seat, score in sorted(result.scores.items()))
    if result.outcome is Outcome.WIN and result.winner is not None:
        head = f"{who(result.winner)} wins"
    else:
        head = "A tie for first place: nobody wins"
    return f"{head} ({scores}). Ended after {result.turns} turns: {result.detail or result.reason.value}."


def result_sentence(replay: Replay) -> str:
    """:func:`result_text` of a replay, or that it stopped before its end."""
    if replay.result is None:
        return f"Stopped after {len(replay.turns)} turns, before the end of the game."
    return result_text(replay.result, replay.names)
