// A game as the page knows it: its assets and example bots (from the bundle, built by
// flit_core/web/assets.py from the game's definition) and its own page modules, files of
// the game's folder: fetched from /games/NAME/ (the served page) or carried in the bundle
// (the embed snippet). The page draws and takes human input only through these modules,
// which keep this contract (see flit_core/games/flit/board.js and human.js):
//   canvas module  export class Board      new Board(config, setup): the position rebuilt
//                                          from the referee's changes; apply(changes) for
//                                          one step; copy(); scores(): by seat number;
//                                          seatName(seat) (optional): the seat's name
//                                          now, if it can change (Hex: after a swap).
//                                          colourOf(seat) (optional): the seat whose
//                                          first colour seat `seat` holds now, if it can
//                                          change (Hex: the other one after a swap).
//                                          turnLabel() (optional): the page's turn counter
//                                          in the game's words, where a step is no one
//                                          turn record (light cycles: round and turn).
//                  export class BoardView  new BoardView(canvas, assets); show(board, turn,
//                                          human, names): turn is the last turn record or
//                                          null, human a HumanInput or null, names the
//                                          seats' bots' names (a game may write them on
//                                          its board: the coin game's cards); draw(): on the
//                                          canvas's pixels (canvas.width x height: the page
//                                          keeps them at its on-screen size x the screen's
//                                          density); squareAt(event).
//                                          aspect() (optional): the picture's width over
//                                          its height (the page sizes the canvas to it;
//                                          without it, square). zoom(factor, at)
//                                          (optional): zoom in (factor > 1) or out round
//                                          the canvas pixel at ([x, y] or null: the middle),
//                                          0: all of it (the page's zoom buttons, the wheel).
//   input module   export class HumanInput new HumanInput(player, moves, board, finish):
//   (optional)                             moves are the legal moves' texts; click(place)
//                                          with a place from squareAt; finish(text) ends
//                                          the turn; hint: the status line's advice;
//                                          actions (optional): [{label, move, title}],
//                                          buttons the page shows instead of Pass (a
//                                          move that is no click on the board, e.g. a swap);
//                                          key(name) (optional): an event.key pressed, true
//                                          if it took it (light cycles' arrow keys).
//                                          Keyboard play (keyboard.js), all optional: cursor:
//                                          the place the keyboard cursor is on (the game may
//                                          set the first; the page moves it); places: the
//                                          places worth visiting, for the default cursor (the
//                                          arrows step through them); moveCursor(key): move
//                                          the cursor by an arrow key over the board instead;
//                                          describePlace(place): the place in words. Enter or
//                                          Space plays click(cursor). The BoardView rings
//                                          human.cursor when the page sets human.showCursor
//                                          (the board has the keyboard's focus).
//   canvas module, for every page (optional): BoardView.useStyle({colours, shapes,
//                                          trace}): the seats' colours and shapes (shape
//                                          names, or null: the game's own pieces) by seat
//                                          number, and trace(ctx, shape, x, y, r), which
//                                          traces a shape as a path (palette.js); without
//                                          it the game keeps its own look.
//                                          BoardView.describe(label): the board shown, in
//                                          words, for screen readers; label(seat) names a
//                                          seat. Without it: the scores and the last move.
// A game's assets may say seat_names_say_colours (Flit's "Red", "Blue"...): the page then
// names the seats after the colours it draws them in (palette.js).
// Bots in another language a game runs (entry.languages, GameDef.languages) come with
// their examples (named with the language's suffix, e.g. "random.js") and run in plain
// workers of the game's module for it (workerURL(language)).
"use strict";

const gamesLoaded = new Map();

// A module the bundle carries (the snippet) is imported from a blob: address; a worker's is
// given as a data: address, since a sandbox without same-origin refuses blob: workers.
function gameModuleURL(name, file, entry, worker = false) {
    const source = entry.scripts && entry.scripts[file];
    if (source !== undefined && worker) return "data:text/javascript;charset=utf-8," + encodeURIComponent(source);
    if (source !== undefined) return URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
    return new URL(`../games/${encodeURIComponent(name)}/${encodeURIComponent(file)}`, import.meta.url).href;
}

async function importGame(bundle, name) {
    const entry = bundle.games[name];
    const {assets, examples} = entry;
    const [canvas, input] = await Promise.all([
        import(gameModuleURL(name, assets.canvas, entry)),
        assets.input ? import(gameModuleURL(name, assets.input, entry)) : {},
    ]);
    const languages = entry.languages || {};   // {key: {title, suffix, worker, examples: {name: source}}}
    const suffixed = Object.values(languages).flatMap(({suffix, examples}) =>
        Object.entries(examples).map(([example, source]) => [example + suffix, source]));
    return {
        name,
        assets,
        examples: {...examples, ...Object.fromEntries(suffixed)},   // {name: source}
        languages,
        // The language of an example (by its name's suffix): a key of languages, or null for Python.
        languageOf: example => Object.keys(languages).find(key => example.endsWith(languages[key].suffix)) || null,
        workerURL: language => gameModuleURL(name, languages[language].worker, entry, true),
        Board: canvas.Board,
        BoardView: canvas.BoardView,
        HumanInput: input.HumanInput || null,
        colours: ["", ...assets.seat_colours],       // by seat number (palette.js restyles them)
        shapes: null,                                 // shape names by seat number, or null
        colourNames: null,                            // by seat: the restyled colours' names (palette.js), or null
        seatName(seat) {
            return (this.colourNames && this.colourNames[seat]) || (assets.seat_names && assets.seat_names[seat - 1]) || `Seat ${seat}`;
        },
    };
}

/** The games the bundle offers, as [name, title] pairs. */
export function gameChoices(bundle) {
    return Object.entries(bundle.games).map(([name, entry]) => [name, entry.assets.title]);
}

/** The game `name` with its page modules loaded (once per page). */
export function loadGame(bundle, name) {
    if (!bundle.games[name]) return Promise.reject(new Error(`this page has no game called "${name}"`));
    if (!gamesLoaded.has(name)) gamesLoaded.set(name, importGame(bundle, name));
    return gamesLoaded.get(name);
}

/** The board `view` shows after `shown` turns of `record`, in words: the game's own
 * description (BoardView.describe), else the turn, the last move and the scores. */
export function describeBoard(view, record, shown, label) {
    const turn = record.turnAt(shown);
    const last = turn ? `Last turn: ${label(turn.player)} ${turn.kind === "move" && turn.move ? `played ${turn.move}` : `made no move (${turn.kind})`}. ` : "";
    const own = view.describe ? view.describe(label) : "";
    const scores = record.names.map((_, i) => `${label(i + 1)} ${record.scores[shown][i + 1]}`).join(", ");
    return `Turn ${shown}. ${last}${own ? own + " " : ""}${record.game.assets.score}: ${scores}.`;
}

