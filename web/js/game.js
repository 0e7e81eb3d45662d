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
//                  export class BoardView  new BoardView(canvas, assets); show(board, turn,
//                                          human): turn is the last turn record or null,
//                                          human a HumanInput or null; draw(): on the
//                                          canvas's pixels (canvas.width x height: the page
//                                          keeps them at its on-screen size x the screen's
//                                          density); squareAt(event).
//   input module   export class HumanInput new HumanInput(player, moves, board, finish):
//   (optional)                             moves are the legal moves' texts; click(place)
//                                          with a place from squareAt; finish(text) ends
//                                          the turn; hint: the status line's advice;
//                                          actions (optional): [{label, move, title}],
//                                          buttons the page shows instead of Pass (a
//                                          move that is no click on the board, e.g. a swap);
//                                          key(name) (optional): an event.key pressed, true
//                                          if it took it (light cycles' arrow keys).
// Bots in another language a game runs (entry.languages, GameDef.languages) come with
// their examples (named with the language's suffix, e.g. "random.js") and run in plain
// workers of the game's module for it (workerURL(language)).
"use strict";

const gamesLoaded = new Map();

function gameModuleURL(name, file, entry) {
    const source = entry.scripts && entry.scripts[file];
    if (source !== undefined) return URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
    return new URL(`../games/${encodeURIComponent(name)}/${encodeURIComponent(file)}`, import.meta.url).href;
}

async function importGame(bundle, name) {
    const entry = bundle.games[name];
    const {assets, examples} = entry;
    const canvas = await import(gameModuleURL(name, assets.canvas, entry));
    const input = assets.input ? await import(gameModuleURL(name, assets.input, entry)) : {};
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
        workerURL: language => gameModuleURL(name, languages[language].worker, entry),
        Board: canvas.Board,
        BoardView: canvas.BoardView,
        HumanInput: input.HumanInput || null,
        colours: ["", ...assets.seat_colours],       // by seat number
        seatName: seat => (assets.seat_names && assets.seat_names[seat - 1]) || `Seat ${seat}`,
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
