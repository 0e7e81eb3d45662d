"""The bot editor in the page: CodeMirror served from web/vendor/, the language's highlighting,
the bot's errors marked at their line (a syntax error when applied, an exception while it
plays), a value that is no move explained in the bot's terms, the user's bot name in the
seats, and the code kept across a reload."""

from __future__ import annotations

from typing import Any

from arena_support import game_url, seat_stats, trial_bots
from conftest import screenshot
from flit_core.games import get_game
from flit_core.web.headless import wait_for

SEED = 7
NAME = "zigzag"
SYNTAX_ERROR = "# my bot\ndef move(view):\n    return (view.me,\n\nx = 1\n"
RAISES = "import math\n\n\ndef move(view):\n    table = {}\n    return table['best']\n"
BAD_RETURN = "# answers a number\n\ndef move(view):\n    return 42\n"
#: A bad value whose text is not that of its return line (issue 39: marked at def move).
BAD_VALUE = "def move(view):\n    best = 6 * 7\n    if best > 100:\n        return None\n    return best\n"
#: True when the editor shows ``word`` in a colour of its own (highlighted), not the text's.
HIGHLIGHTED = """[...document.querySelectorAll('.cm-line span')].some(span => span.textContent === '{word}'
    && getComputedStyle(span).color !== getComputedStyle(document.querySelector('.cm-content')).color)"""


def open_editor(page: Any, seat: int, kind: str = "codemirror") -> None:
    """Click seat ``seat``'s Edit button and wait until the editor (``kind``) shows its code."""
    page.click(f".seat[data-seat='{seat}'] .edit")
    wait_for(page, f"(box => box.dataset.ready === '{kind}' && !box.hidden)(document.getElementById('editor'))")


def type_code(page: Any, code: str) -> None:
    """Replace the editor's code with ``code``, the way a user's typing does."""
    page.fill("#code", code)
    wait_for(page, f"window.arena.state.editor.value === {code!r}")


def apply_and_wait_for_line(page: Any, line: int, *, play: bool = False) -> str:
    """Apply the code (a new game), optionally play it, and wait for the error mark at ``line``:
    returns the problem text shown under the editor."""
    page.click("#editor-apply")
    wait_for(page, "document.body.dataset.bots === 'ready'")
    if play:
        page.check("#fast")
        page.click("#play")
    wait_for(page, f"document.getElementById('editor').dataset.problemLine === '{line}'")
    if page.evaluate("document.getElementById('editor').dataset.ready") == "textarea":
        return str(page.inner_text("#editor-problem"))
    # The mark is in the text of that line and in the gutter beside it.
    marked = page.evaluate(
        "[...document.querySelectorAll('.cm-line')].findIndex(line => line.querySelector('.cm-lintRange-error')) + 1"
    )
    assert marked == line
    assert page.locator(".cm-gutter-lint .cm-lint-marker-error").count() == 1
    return str(page.inner_text("#editor-problem"))


def test_errors_are_marked_at_their_line_and_a_bad_value_is_explained(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    open_editor(arena_page, 2)
    # Python highlighting (drawn once the parser has run): a keyword in another colour than plain text.
    wait_for(arena_page, HIGHLIGHTED.format(word="def"))
    # The user names the bot: the name is used in the seat list and the game's panels.
    arena_page.fill("#bot-name", NAME)
    arena_page.press("#bot-name", "Enter")

    type_code(arena_page, SYNTAX_ERROR)
    problem = apply_and_wait_for_line(arena_page, 3)
    assert "was never closed" in problem and problem.startswith("Line 3:")
    assert arena_page.locator(".seat[data-seat='2'] select option:checked").inner_text() == NAME
    assert arena_page.evaluate("window.arena.state.seatsInGame[1].name") == NAME
    assert NAME in arena_page.inner_text(".panel[data-seat='2'] .name")

    type_code(arena_page, RAISES)
    problem = apply_and_wait_for_line(arena_page, 6, play=True)
    assert "KeyError: 'best'" in problem
    assert seat_stats(arena_page, 2)["errors"] > 0

    type_code(arena_page, BAD_RETURN)
    # Marked at the return that gave it (issue 26: not at the top of the file).
    problem = apply_and_wait_for_line(arena_page, 4, play=True)
    assert problem.startswith("Line 4: ")
    # The value in the bot's terms, and what a move of this game looks like.
    assert f"move() returned 42 (an int); a move is {get_game('flit').info.move_help}" in problem
    assert "a (from, to) pair of squares like ((3, 4), (4, 5))" in problem
    assert "move() returned 42 (an int)" in arena_page.inner_text(".panel[data-seat='2'] pre.problem")

    type_code(arena_page, BAD_VALUE)
    # Marked at the return that gave it, whose text is "best", not 42.
    assert apply_and_wait_for_line(arena_page, 5, play=True).startswith("Line 5: move() returned 42 (an int)")
    arena_page.locator("#editor").scroll_into_view_if_needed()
    screenshot(arena_page, "editor-bad-return")


#: Raises with a long line, so that its traceback has long unbroken parts.
RAISES_LONG = (
    "def move(view):\n"
    "    table = {'a_rather_long_key_name_for_the_first_entry_of_the_table': 1}\n"
    "    return table['the_best_move_of_all_the_moves_we_could_find_here_on_this_board']\n"
)
#: The box of an element on the screen.
BOX = "(e => (({left, right, top, bottom}) => ({left, right, top, bottom}))(e.getBoundingClientRect()))"
#: True if nothing of the element's text is cut off sideways.
UNCUT = "(e => e.scrollWidth <= e.clientWidth)"


def test_the_editor_opens_beside_the_board_which_stays_in_view_while_the_bot_plays(
    arena_page: Any, isolated_server: Any
) -> None:
    # Issue 39: it opened below the board, which scrolled away while the bot played, and the
    # traceback was cut off sideways.
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    open_editor(arena_page, 2)
    type_code(arena_page, RAISES_LONG)
    apply_and_wait_for_line(arena_page, 3, play=True)
    board, editor = (arena_page.eval_on_selector(selector, BOX) for selector in ("#board", "#editor"))
    height = arena_page.viewport_size["height"]
    assert editor["left"] >= board["right"], (board, editor)
    for box in (board, editor):
        assert box["top"] >= 0 and box["bottom"] <= height, (board, editor, height)
    assert arena_page.eval_on_selector("#editor-problem", UNCUT)
    # A long traceback shows its end, which says what went wrong.
    assert arena_page.eval_on_selector("#editor-problem", "e => e.scrollTop + e.clientHeight >= e.scrollHeight - 1")
    wait_for(arena_page, "document.querySelector(\".panel[data-seat='2'] pre.problem\")")
    assert arena_page.eval_on_selector(".panel[data-seat='2'] pre.problem", UNCUT)
    screenshot(arena_page, "editor-beside-the-board")


def test_code_is_kept_across_a_reload_under_the_bots_name(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    open_editor(arena_page, 1)
    # An example bot's copy is the user's own bot: "my_" and the example's name.
    example = arena_page.evaluate("window.arena.state.seats.seats[0].name")
    assert arena_page.input_value("#bot-name") == f"my_{example}"
    draft = "# not applied yet\ndef move(view):\n    return None\n"
    type_code(arena_page, draft)
    arena_page.click("#editor-close")
    # A second bot under a name of the user's.
    open_editor(arena_page, 2)
    arena_page.fill("#bot-name", NAME)
    arena_page.press("#bot-name", "Enter")
    named = "# zigzag\ndef move(view):\n    return None  # mine\n"
    type_code(arena_page, named)

    arena_page.reload()
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    open_editor(arena_page, 1)
    assert arena_page.evaluate("window.arena.state.editor.value") == draft
    # Keys typed into the code are the editor's, Space included (the page's play/pause key).
    arena_page.keyboard.press("Control+End")
    arena_page.keyboard.type("# a b")
    draft += "# a b"
    wait_for(arena_page, f"window.arena.state.editor.value === {draft!r}")
    # Picking a kept name brings its code back.
    assert NAME in arena_page.locator("#saved-bots option").evaluate_all("options => options.map(o => o.value)")
    arena_page.fill("#bot-name", NAME)
    arena_page.press("#bot-name", "Enter")
    wait_for(arena_page, f"window.arena.state.editor.value === {named!r}")


def test_javascript_bots_get_javascript_highlighting(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(isolated_server.url + "?game=lightcycles")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    open_editor(arena_page, 1)
    arena_page.select_option("#language", "javascript")
    wait_for(arena_page, "window.arena.state.editor.value.includes('const ')")
    wait_for(arena_page, HIGHLIGHTED.format(word="const"))
    # The same word in Python is a plain name, and Python's keywords are highlighted.
    arena_page.select_option("#language", "")
    type_code(arena_page, "const = 1\nwhile const:\n    pass\n")
    wait_for(arena_page, HIGHLIGHTED.format(word="while"))
    assert not arena_page.evaluate(HIGHLIGHTED.format(word="const"))


def test_without_codemirror_the_textarea_still_edits_and_shows_the_line(arena_page: Any, isolated_server: Any) -> None:
    # As in the embed snippet, which carries no CodeMirror: the page's textarea stays.
    arena_page.route("**/vendor/codemirror/**", lambda route: route.fulfill(status=404))
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    open_editor(arena_page, 2, "textarea")
    arena_page.fill("#code", RAISES)
    problem = apply_and_wait_for_line(arena_page, 6, play=True)
    assert problem.startswith("Line 6: Traceback") and "KeyError: 'best'" in problem
