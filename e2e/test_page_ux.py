"""What a new user tripped on in the page (issue 26, items 1-9): a human seat picked by keyboard
without losing the focus; a seat's change that takes effect before the game starts, a board
click that starts it, "Your turn" shown, and a resign button; Hex's seat colours after a swap
and a readable result; the seat list after a quick tournament; the layout (the tournament
table, the seed, panel names and figures, the result under the board, the chart's scale); the
coin game's cards by name; light cycles' field filling its canvas, one turn counter, a zoom;
your own bot back after a reload; a bad return value marked at its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena_support import EXAMPLES, game_url, trial_bots, wait_game_over
from conftest import screenshot
from flit_core import PRESETS, get_game
from flit_core.games.adapters import Programs
from flit_core.web.headless import wait_for
from test_editor import apply_and_wait_for_line, open_editor, type_code

SEED = 7
#: A short Flit game with time to spare per move on a busy machine.
SHORT = PRESETS["trial"].replace(size=8, turn_limit=12, move_time_ms=5000.0, startup_ms=20000.0)
HUMAN = "window.arena.state.match && window.arena.state.match.human"
READY = "document.body.dataset.bots === 'ready'"
#: The seat and the part ("who", "edit", "you") of the seat list's control with the focus, or null.
FOCUSED = """(e => e && e.closest('#seats .seat') ? [Number(e.closest('.seat').dataset.seat), e.dataset.part] : null)(
    document.activeElement)"""
SEAT_NAMES = "window.arena.state.seats.seats.map(seat => seat.name)"
HEX = get_game("hex")
INK = "rgb(29, 31, 36)"


def seat_colour(page: Any, selector: str) -> str:
    """The seat colour (--seat) an element is drawn in."""
    return str(
        page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).getPropertyValue('--seat').trim()")
    )


def click_square(page: Any, square: tuple[int, int], size: int) -> None:
    """Click the middle of a Flit board square."""
    box = page.locator("#board").bounding_box()
    x, y = square
    page.mouse.click(box["x"] + (x + 0.5) * box["width"] / size, box["y"] + (y + 0.5) * box["height"] / size)


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    """Whether box ``inner`` lies within box ``outer`` (to the pixel)."""
    return bool(
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


# -- item 1: a seat's menu by keyboard ------------------------------------------------------


def test_a_keyboard_user_picks_a_human_seat_and_keeps_the_focus(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, READY)
    first = arena_page.evaluate(SEAT_NAMES)
    arena_page.focus(".seat[data-seat='1'] select")
    # An arrow key takes the next bot of the menu, and the menu keeps the focus.
    arena_page.keyboard.press("ArrowDown")
    wait_for(arena_page, f"{SEAT_NAMES}[0] !== {first[0]!r}")
    assert arena_page.evaluate(FOCUSED) == [1, "who"]
    arena_page.keyboard.press("ArrowUp")
    wait_for(arena_page, f"{SEAT_NAMES}[0] === {first[0]!r}")
    assert arena_page.evaluate(FOCUSED) == [1, "who"]
    # Opened with Alt+Down, a choice made with Enter keeps the focus too.
    arena_page.keyboard.press("Alt+ArrowDown")
    arena_page.keyboard.press("ArrowDown")
    arena_page.keyboard.press("Enter")
    wait_for(arena_page, f"{SEAT_NAMES}[0] !== {first[0]!r}")
    assert arena_page.evaluate(FOCUSED) == [1, "who"]
    # The seat's own button makes it a human seat: Tab past Edit, then Enter.
    arena_page.keyboard.press("Tab")
    arena_page.keyboard.press("Tab")
    assert arena_page.evaluate(FOCUSED) == [1, "you"]
    arena_page.keyboard.press("Enter")
    wait_for(arena_page, "window.arena.state.seats.seats[0].kind === 'human'")
    assert arena_page.evaluate(FOCUSED) == [1, "you"]
    assert arena_page.get_attribute(".seat[data-seat='1'] .you", "aria-pressed") == "true"
    assert arena_page.input_value(".seat[data-seat='1'] select") == "human"
    # The game not started yet is set up again with the human: Play plays it (item 2).
    wait_for(arena_page, f"window.arena.state.seatsInGame[0].kind === 'human' && {READY}")
    screenshot(arena_page, "ux-keyboard-human-seat")
    # Pressed again, the seat goes back to the bot it had.
    arena_page.keyboard.press("Space")
    wait_for(arena_page, "window.arena.state.seats.seats[0].kind !== 'human'")
    assert arena_page.evaluate(FOCUSED) == [1, "you"]


# -- items 2 and 9: a human seat takes effect, the board starts the game, your turn, resign --


def test_a_human_seat_chosen_before_the_start_plays_from_a_click_on_the_board(
    arena_page: Any, isolated_server: Any
) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, config=SHORT, autoplay=None))
    wait_for(arena_page, READY)
    arena_page.select_option(".seat[data-seat='1'] select", "human")
    # No New game needed: the game, not started yet, now has the human in seat 1.
    wait_for(arena_page, f"window.arena.state.seatsInGame[0].kind === 'human' && {READY}")
    prompt = arena_page.inner_text("#prompt")
    assert "You play" in prompt and "Red" in prompt and "click the board" in prompt
    assert arena_page.evaluate("window.arena.state.record.length") == 0
    # A click on one of the human's pieces starts the game and picks the piece.
    cells = arena_page.evaluate("Array.from(window.arena.state.record.board.cells)")
    piece = next(index for index, colour in enumerate(cells) if colour == 1)
    click_square(arena_page, (piece % SHORT.size, piece // SHORT.size), SHORT.size)
    targets = wait_for(arena_page, f"{HUMAN} && {HUMAN}.targets.length && {HUMAN}.targets")
    # It is the human's turn, and the page says so: under the board, in the tab's title.
    # The prompt follows the human's turn: wait for it rather than read it at once.
    wait_for(arena_page, "document.getElementById('prompt').innerText.startsWith('Your turn (')")
    assert arena_page.evaluate("document.getElementById('prompt').classList.contains('yours')")
    assert arena_page.title().startswith("Your turn")
    assert arena_page.get_attribute(".panel[data-seat='1']", "data-status") == "your turn"
    screenshot(arena_page, "ux-your-turn")
    click_square(arena_page, tuple(targets[0]), SHORT.size)
    wait_for(arena_page, "window.arena.state.record.length >= 1")
    assert arena_page.evaluate("window.arena.state.record.turns[0]")["player"] == 1
    # Once the game is under way, a seat's change waits for New game, and the page says so.
    arena_page.select_option(".seat[data-seat='2'] select", "example:hunter_bot")
    assert "New game" in arena_page.inner_text("#seats-note")
    assert arena_page.evaluate("window.arena.state.seatsInGame[1].name") != "hunter_bot"
    arena_page.click("#new-game")
    wait_for(arena_page, "window.arena.state.seatsInGame[1].name === 'hunter_bot'")
    assert arena_page.is_hidden("#seats-note")


def test_a_human_resigns_and_the_game_ends(arena_page: Any, isolated_server: Any) -> None:
    config = PRESETS["trial"].replace(move_time_ms=5000.0, startup_ms=20000.0)
    arena_page.goto(
        game_url(isolated_server.url, [None, EXAMPLES / "random_bot.py"], SEED, config=config, autoplay=None)
    )
    wait_for(arena_page, READY)
    assert arena_page.is_hidden("#resign")
    arena_page.click("#play")
    wait_for(arena_page, HUMAN)
    # The button shows once the page has drawn the human's turn: waited for, not read at once.
    wait_for(arena_page, "!document.getElementById('resign').hidden")
    arena_page.click("#resign")
    wait_game_over(arena_page)
    # One decision of the human's: the resignation; the seat is out for the rest of the game.
    kinds = arena_page.evaluate(
        "window.arena.state.record.turns.filter(turn => turn.player === 1).map(turn => turn.kind)"
    )
    assert kinds[0] == "crash" and set(kinds[1:]) == {"skipped"}
    assert arena_page.evaluate("window.arena.state.record.stats['1'].last_problem") == "resigned"
    assert arena_page.get_attribute(".panel[data-seat='1']", "data-status") == "resigned"
    assert arena_page.is_hidden("#resign") and arena_page.inner_text("#prompt") == ""
    wait_for(arena_page, "!document.getElementById('banner').hidden")
    screenshot(arena_page, "ux-resigned")


# -- item 3: Hex after a swap ---------------------------------------------------------------


def test_hex_seat_colours_follow_a_swap_and_the_result_reads(arena_page: Any, isolated_server: Any) -> None:
    config = HEX.preset("trial").replace(move_time_ms=5000.0, startup_ms=20000.0)
    black, white = HEX.info.seat_colours
    arena_page.goto(game_url(isolated_server.url, [HEX.examples["random"], None], 3, config=config, autoplay=None))
    wait_for(arena_page, READY)
    assert seat_colour(arena_page, ".seat[data-seat='2'] .swatch") == white
    arena_page.click("#play")
    wait_for(arena_page, f"{HUMAN} && window.arena.state.record.length === 1")
    arena_page.click(".controls button.action[data-move='swap']")
    wait_for(arena_page, f"{HUMAN} && window.arena.state.record.length === 3")
    # The human's seat 2 holds Black now: its dot, its panel and its prompt say so.
    assert seat_colour(arena_page, ".seat[data-seat='2'] .swatch") == black
    assert seat_colour(arena_page, ".seat[data-seat='1'] .swatch") == white
    assert seat_colour(arena_page, ".panel[data-seat='2']") == black
    assert arena_page.get_attribute(".seat[data-seat='2'] .swatch", "title") == "Black"
    wait_for(arena_page, "document.getElementById('prompt').innerText.startsWith('Your turn (● Black)')")
    screenshot(arena_page, "ux-hex-after-swap")
    arena_page.click("#resign")
    wait_game_over(arena_page)
    wait_for(arena_page, "!document.getElementById('banner').hidden")
    # The winner (seat 1, White now) in the ink's colour, marked by a dot in White's.
    assert arena_page.inner_text("#banner strong").endswith("White wins: random_bot")
    assert arena_page.evaluate("window.arena.state.record.result.detail") == "seat 2 forfeits (crash)"
    assert arena_page.evaluate("getComputedStyle(document.querySelector('#banner strong')).color") == INK
    assert seat_colour(arena_page, "#banner strong .mark") == white
    screenshot(arena_page, "ux-hex-forfeit")
    # A connection names the seat, whoever plays it (a human is no bot). The chart plots the
    # cells each side still needs to connect (issue 39: the wins made it one spike at the end),
    # from the board's size at the start.
    arena_page.goto("about:blank")
    arena_page.goto(game_url(isolated_server.url, [HEX.examples["random"]] * 2, 4, config=config))
    wait_game_over(arena_page)
    result = arena_page.evaluate("window.arena.state.record.result")
    assert f"(seat {result['winner']}) connected its sides" in result["detail"]
    assert arena_page.get_attribute("#chart", "data-label") == f"{config.size} cells to connect"
    plotted = arena_page.evaluate(f"window.arena.state.record.plot.map(row => row[{result['winner']}])")
    assert plotted[0] == config.size and plotted[-1] == 0 and len(set(plotted)) > 2, plotted
    arena_page.locator(".chart-card").screenshot(path=str(screenshot(arena_page, "ux-hex-chart")))


# -- item 6 and the tournament's table of item 7 ----------------------------------------------


def test_the_seat_list_shows_the_tournament_game_then_the_seats_as_chosen(
    arena_page: Any, isolated_server: Any
) -> None:
    config = SHORT.replace(turn_limit=200)
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, config=config, autoplay=None))
    wait_for(arena_page, READY)
    arena_page.fill("#t-games", "2")
    arena_page.click("#t-run")
    # While it plays, each game's seats are listed, locked (the second game: the order rotated).
    wait_for(
        arena_page,
        f"""document.body.dataset.tournament === 'running' && document.body.dataset.tournamentPlayed === '1'
            && window.arena.state.record.length > 0
            && JSON.stringify({SEAT_NAMES}) === JSON.stringify(window.arena.state.record.names)
            && [...document.querySelectorAll('#seats select')].every(select => select.disabled)""",
    )
    wait_for(arena_page, "document.body.dataset.tournament === 'over'")
    # The board keeps the last game (the order rotated); the seat list is the seats as chosen
    # again (issue 39: it kept the last game's order, which New game then played).
    names = arena_page.evaluate("window.arena.state.record.names")
    assert names == [path.stem for path in trial_bots()[::-1]]
    assert arena_page.evaluate(SEAT_NAMES) == names[::-1]
    assert not arena_page.evaluate("[...document.querySelectorAll('#seats select')].some(select => select.disabled)")
    # The table fits its card.
    table = arena_page.locator("#t-board").bounding_box()
    assert inside(table, arena_page.locator("#settings-card").bounding_box())
    arena_page.locator("#t-board").scroll_into_view_if_needed()
    screenshot(arena_page, "ux-tournament")


# -- item 7: the layout ---------------------------------------------------------------------


def test_nothing_is_cut_and_the_result_is_under_the_board(
    arena_page: Any, isolated_server: Any, tmp_path: Path
) -> None:
    slow = tmp_path / "a_patient_bot_with_a_long_name.py"
    slow.write_text(
        "import time\n\n\ndef move(view):\n"
        "    end = time.perf_counter() + 1.7  # over a second a move: four-digit think times\n"
        "    while time.perf_counter() < end:\n        pass\n    return None\n"
    )
    config = SHORT.replace(turn_limit=4)
    seed = 4294967295
    arena_page.goto(game_url(isolated_server.url, [slow, EXAMPLES / "random_bot.py"], seed, config=config))
    wait_game_over(arena_page)
    wait_for(arena_page, "!document.getElementById('banner').hidden")
    # The seed's ten digits are all in view.
    assert arena_page.input_value("#seed") == str(seed)
    assert arena_page.evaluate("(input => input.scrollWidth <= input.clientWidth)(document.getElementById('seed'))")
    # The panel's name is whole beside or above its badge, every figure inside the panel.
    name = arena_page.locator(".panel[data-seat='1'] h3 .name")
    assert name.evaluate("span => span.scrollWidth <= span.clientWidth")
    assert "a_patient_bot_with_a_long_name" in name.inner_text()
    panel = arena_page.locator(".panel[data-seat='1']").bounding_box()
    assert float(arena_page.inner_text(".panel[data-seat='1'] [data-field='max ms']")) >= 1000
    for field in arena_page.locator(".panel[data-seat='1'] dd, .panel[data-seat='1'] .state").all():
        assert inside(field.bounding_box(), panel), field.inner_text()
    # The result is under the board, not over it; the chart's label is the highest score.
    banner, board = arena_page.locator("#banner").bounding_box(), arena_page.locator("#board").bounding_box()
    assert banner["y"] >= board["y"] + board["height"]
    top = arena_page.evaluate("Math.max(...window.arena.state.record.scores.flatMap(row => row.slice(1, 3)))")
    assert arena_page.get_attribute("#chart", "data-label") == f"{top} pieces"
    screenshot(arena_page, "ux-layout")


# -- item 8: the coin game's cards, light cycles' field ----------------------------------------


def test_coin_cards_name_their_bots(arena_page: Any, isolated_server: Any) -> None:
    coins = get_game("coins")
    config = coins.preset("trial").replace(move_time_ms=5000.0, startup_ms=20000.0)
    bots = [coins.examples[name] for name in ("random", "greedy", "strong", "random")]
    arena_page.goto(game_url(isolated_server.url, bots, 5, config=config))
    wait_game_over(arena_page)
    names = arena_page.evaluate("window.arena.state.record.names")
    assert arena_page.evaluate("[1, 2, 3, 4].map(seat => window.arena.state.view.seatLabel(seat))") == names
    banner, board = arena_page.locator("#banner").bounding_box(), arena_page.locator("#board").bounding_box()
    assert banner["y"] >= board["y"] + board["height"]
    screenshot(arena_page, "ux-coins")


def test_light_cycles_fill_the_canvas_count_turns_once_and_zoom(arena_page: Any, isolated_server: Any) -> None:
    cycles = get_game("lightcycles")
    config = cycles.preset("standard").replace(move_time_ms=5000.0, startup_ms=30000.0)
    javascript = cycles.adapter(Programs).languages["javascript"].examples
    bots = [javascript["wall_follower"], javascript["wall_follower"], javascript["random"], javascript["random"]]
    arena_page.goto(game_url(isolated_server.url, bots, 2, config=config))
    wait_game_over(arena_page)
    # The canvas is as wide as the field: the field and its wall fill nine tenths of it and more.
    canvas = arena_page.evaluate(
        "(c => [c.width, c.height, c.clientWidth, c.clientHeight])(document.getElementById('board'))"
    )
    layout = arena_page.evaluate(
        "(v => [v.layout.cell, v.layout.x0, v.board.shown.width, v.board.shown.height])(window.arena.state.view)"
    )
    cell, x0, width, height = layout
    assert cell * (width + 2) >= 0.9 * canvas[0] and cell * (height + 2) >= 0.8 * canvas[1]
    assert x0 - cell > 0, "a margin round the wall"
    # One turn counter: the page's is the field's round and turn.
    field = arena_page.evaluate("(f => [f.round, f.turn])(window.arena.state.record.board.shown)")
    assert arena_page.inner_text("#turn-label") == f"round {field[0]} · turn {field[1]}"
    # Zoom in (the buttons, the wheel) and back to the whole field.
    assert arena_page.is_visible("#zoom")
    arena_page.click("#zoom-in")
    assert arena_page.evaluate("window.arena.state.view.layout.cell") > 1.4 * cell
    box = arena_page.locator("#board").bounding_box()
    arena_page.mouse.move(box["x"] + box["width"] / 3, box["y"] + box["height"] / 2)
    arena_page.mouse.wheel(0, -100)
    wait_for(arena_page, f"window.arena.state.view.layout.cell > {1.8 * cell}")
    screenshot(arena_page, "ux-lightcycles-zoomed")
    arena_page.click("#zoom-fit")
    assert arena_page.evaluate("window.arena.state.view.layout.cell") == cell
    screenshot(arena_page, "ux-lightcycles")


# -- items 4 and 5: your own bot ----------------------------------------------------------------


def test_your_bot_is_back_in_its_seat_after_a_reload(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, READY)
    open_editor(arena_page, 1)
    name = arena_page.input_value("#bot-name")
    code = "# mine\ndef move(view):\n    return None\n"
    type_code(arena_page, code)
    arena_page.click("#editor-apply")
    wait_for(arena_page, f"window.arena.state.seatsInGame[0].name === {name!r} && {READY}")
    arena_page.reload()
    wait_for(arena_page, READY)
    # The seat has your bot again, by name and code; the game plays it; every seat offers it.
    assert arena_page.locator(".seat[data-seat='1'] select option:checked").inner_text() == name
    assert arena_page.evaluate("window.arena.state.seatsInGame[0]")["source"] == code
    offered = arena_page.locator(".seat[data-seat='2'] select option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    assert f"saved:{name}" in offered
    open_editor(arena_page, 1)
    assert arena_page.evaluate("window.arena.state.editor.value") == code
    screenshot(arena_page, "ux-bot-after-reload")


def test_a_bad_return_value_is_marked_at_its_return(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, config=SHORT, autoplay=None))
    wait_for(arena_page, READY)
    open_editor(arena_page, 2)
    type_code(
        arena_page,
        '# always north\nimport random\n\n\ndef move(view):\n    random.random()\n    return "north please"\n',
    )
    problem = apply_and_wait_for_line(arena_page, 7, play=True)
    assert problem.startswith("Line 7: ") and "north please" in problem
    arena_page.locator("#editor").scroll_into_view_if_needed()
    screenshot(arena_page, "ux-bad-return")
