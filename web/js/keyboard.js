// The page by keyboard: a human seat's cursor over the board (arrow keys move it, Enter or
// Space plays the place under it, through the game's HumanInput: see game.js) and the
// page's shortcuts (Space: play / pause, →: one turn), which never take a key from a form
// field, nor Space or Enter from a focused button (they press it).
"use strict";

const ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];

/** The next of the human's `places` after the cursor (previous for ← and ↑), round the end:
 * the cursor of a game whose HumanInput has no moveCursor of its own. */
function cyclePlaces(human, key) {
    const places = human.places || [];
    if (!places.length) return;
    const at = places.findIndex(place => String(place) === String(human.cursor));
    const step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
    human.cursor = places[(at + step + places.length) % places.length];
}

/** Put the cursor of a new HumanInput on its first place, unless the game placed it. */
export function startCursor(human) {
    if (human && human.cursor === undefined) human.cursor = human.places && human.places.length ? human.places[0] : null;
}

/** What a screen reader says of the cursor's place (HumanInput.describePlace, else the place). */
export function cursorText(human) {
    if (!human || human.cursor === null || human.cursor === undefined) return "";
    return human.describePlace ? human.describePlace(human.cursor) : String(human.cursor);
}

/**
 * Handle the page's keys. page: {match(): the live Match or null, playPause(), step(),
 * moved(): the human's cursor moved or a place was picked (redraw and announce)}.
 */
export function installKeys(page) {
    document.addEventListener("keydown", event => {
        const target = /** @type {Element} */ (event.target);
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        if (target.closest("input, textarea, select, dialog, summary, [contenteditable]")) return;
        const pressing = event.key === " " || event.key === "Enter";
        // Space and Enter on a focused button press it; arrows have no use there.
        if (pressing && target.closest("button, a, label")) return;
        const match = page.match();
        const human = match && match.human;
        if (human) {
            // The cursor shows where the keys go: on the board, which takes the focus.
            if (ARROWS.includes(event.key) || pressing) document.getElementById("board").focus({preventScroll: true});
            // The game's own keys first (light cycles' arrows), then the cursor.
            if (match.key(event.key)) return event.preventDefault();
            if (ARROWS.includes(event.key)) {
                if (human.moveCursor) human.moveCursor(event.key); else cyclePlaces(human, event.key);
                page.moved();
                return event.preventDefault();
            }
            if (pressing && human.cursor !== null && human.cursor !== undefined) {
                match.click(human.cursor);
                page.moved();
                return event.preventDefault();
            }
        }
        if (event.key === " ") { event.preventDefault(); page.playPause(); }
        if (event.key === "ArrowRight") { event.preventDefault(); page.step(); }
    });
    // A button clicked with the pointer hands the focus to the board, so that Space and the
    // arrows then work the game (not the button again); keyboard presses keep it (detail 0).
    document.addEventListener("click", event => {
        const button = /** @type {Element} */ (event.target).closest(".controls button, #new-game, #dice, #banner button");
        if (button && event.detail > 0) document.getElementById("board").focus({preventScroll: true});
    });
}
