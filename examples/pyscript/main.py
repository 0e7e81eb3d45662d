"""Flit Arena's rules core in any PyScript page: micropip has installed the ``flit-arena``
wheel (pyscript.toml's ``packages``); this plays a trial game of Flit between two example
bots, reads its replay back (as any replay file is read: re-simulated through the rules and
checked) and shows it with the notebook's replay player. Nothing else is needed: no server,
no extras.
"""

from pyscript import HTML, display, document

from flit_core import BotProgram, Replay, get_game, play_game
from flit_core.notebook.player import replay_html
from flit_core.notebook.text import result_sentence

flit = get_game("flit")
random_bot, greedy_bot = (BotProgram.from_file(flit.examples[name]) for name in ("random", "greedy"))
played = play_game(flit, flit.presets["trial"], [random_bot, greedy_bot], 7)
replay = Replay.from_json(played.to_json(), get_game)
display(HTML(replay_html(replay)), target="game")

status = document.getElementById("status")
status.textContent = f"Played and replayed {len(replay.turns)} turns. {result_sentence(replay)}"
document.body.dataset.scores = " ".join(f"{seat}:{score}" for seat, score in sorted(replay.result.scores.items()))
