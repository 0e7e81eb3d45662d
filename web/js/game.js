// A game as the page knows it: its assets and example bots (from the bundle, built by
// flit_core/web/assets.py from the game's definition) and its own page modules, files of
// the game's folder: fetched from /games/NAME/ (the served page) or carried in the bundle
// (the embed snippet). The page draws and takes human input only through these modules,
// which keep the contract below (the typedefs; see flit_core/games/flit/board.js and
// human.js). The type check (scripts/test.sh: tsc over web/tsconfig.json) holds each game's
// classes to it through their `@implements` tags, and the page's code through these types.
// A game's assets may say seat_names_say_colours (Flit's "Red", "Blue"...): the page then
// names the seats after the colours it draws them in (palette.js).
// Bots in another language a game runs (entry.languages, GameDef.languages) come with
// their examples (named with the language's suffix, e.g. "random.js") and run in plain
// workers of the game's module for it (workerURL(language)).
"use strict";

/**
 * The position, in the canvas module's `export class Board`: `new Board(config, setup)`
 * rebuilds it from the referee's changes.
 * @typedef {object} GameBoard
 * @property {(changes: any[]) => void} apply  one step's changes
 * @property {() => GameBoard} copy
 * @property {() => number[]} scores  by seat number (index 0 unused)
 * @property {() => (number | null)[]} [chart]  what the page's chart plots instead of the
 *     scores, by seat number (null: nothing to plot), for a game whose scores say nothing
 *     until it ends (Hex: the cells each seat still needs to connect); the assets'
 *     chart_name names it
 * @property {(seat: number) => string} [seatName]  the seat's name now, if it can change
 *     (Hex: after a swap)
 * @property {(seat: number) => number} [colourOf]  the seat whose first colour seat `seat`
 *     holds now, if it can change (Hex: the other one after a swap)
 * @property {() => string} [turnLabel]  the page's turn counter in the game's words, where
 *     a step is no one turn record (light cycles: round and turn)
 */

/** @typedef {new (config: object, setup: any[]) => GameBoard} GameBoardClass */

/**
 * A turn record as the page keeps it (record.js).
 * @typedef {{player: number, kind: string, move: string, detail: string, ms: number, changes: any[]}} Turn
 */

/**
 * The seats' look the page picked (palette.js): colours and shapes (shape names, or null:
 * the game's own pieces) by seat number, and `trace`, which traces a shape as a path.
 * @typedef {object} SeatStyle
 * @property {string[]} colours
 * @property {(string | null)[] | null} shapes
 * @property {(ctx: CanvasRenderingContext2D, shape: string, x: number, y: number, r: number) => void} trace
 */

/**
 * The drawing, in the canvas module's `export class BoardView`: `new BoardView(canvas,
 * assets)`. It draws on the canvas's pixels (canvas.width x height: the page keeps them at
 * its on-screen size x the screen's density).
 * @typedef {object} GameBoardView
 * @property {(board: GameBoard, turn: Turn | null, human: GameHumanInput | null, names: string[]) => void} show
 *     turn: the last turn record or null; human: a HumanInput or null; names: the seats'
 *     bots' names (a game may write them on its board: the coin game's cards)
 * @property {() => void} draw
 * @property {(event: MouseEvent) => any} squareAt  the place under the pointer, for click()
 * @property {() => number} [aspect]  the picture's width over its height (the page sizes
 *     the canvas to it; without it, square)
 * @property {(factor: number, at?: [number, number] | null) => void} [zoom]  in (factor > 1)
 *     or out round the canvas pixel `at` (null: the middle); 0: all of it
 * @property {(style: SeatStyle) => void} [useStyle]  take the page's look for the seats;
 *     without it the game keeps its own look
 * @property {(label: (seat: number) => string) => string} [describe]  the board shown, in
 *     words, for screen readers (label names a seat); without it: the scores and last move
 */

/** @typedef {new (canvas: HTMLCanvasElement, assets: any) => GameBoardView} GameBoardViewClass */

/**
 * A human's turn, in the optional input module's `export class HumanInput`: `new
 * HumanInput(player, moves, board, finish)`, moves being the legal moves' texts; `finish(text)`
 * ends the turn. Enter or Space plays click(cursor); the BoardView rings `cursor` when the
 * page sets `showCursor` (the board has the keyboard's focus).
 * @typedef {object} GameHumanInput
 * @property {number} player
 * @property {(place: any) => void} click  a place from squareAt
 * @property {string} hint  the status line's advice
 * @property {{label: string, move: string, title?: string}[]} [actions]  buttons the page
 *     shows instead of Pass (a move that is no click on the board, e.g. a swap)
 * @property {(name: string) => boolean} [key]  an event.key pressed: true if it took it
 * @property {any} [cursor]  the place the keyboard cursor is on (the game may set the
 *     first; the page moves it)
 * @property {any[]} [places]  the places worth visiting, for the default cursor
 * @property {(key: string) => void} [moveCursor]  move the cursor by an arrow key instead
 * @property {(place: any) => string} [describePlace]  the place in words
 * @property {boolean} [showCursor]  set by the page
 */

/**
 * @typedef {new (player: number, moves: string[], board: GameBoard, finish: (text: string) => void)
 *     => GameHumanInput} GameHumanInputClass
 */

/** @typedef {{Board: GameBoardClass, BoardView: GameBoardViewClass}} CanvasModule */
/** @typedef {{HumanInput?: GameHumanInputClass}} InputModule */

/**
 * A loaded game (loadGame).
 * @typedef {object} Game
 * @property {string} name
 * @property {any} assets  the page assets (flit_core/web/assets.py)
 * @property {{[name: string]: string}} examples  example bots' sources by name
 * @property {{[key: string]: {title: string, suffix: string, worker: string, examples: {[name: string]: string}}}} languages
 * @property {(example: string) => string | null} languageOf
 * @property {(language: string) => string} workerURL
 * @property {GameBoardClass} Board
 * @property {GameBoardViewClass} BoardView
 * @property {GameHumanInputClass | null} HumanInput
 * @property {string[]} colours  by seat number (palette.js restyles them)
 * @property {(string | null)[] | null} shapes  shape names by seat number, or null
 * @property {string[] | null} colourNames  by seat: the restyled colours' names, or null
 * @property {(seat: number) => string} seatName
 */


/** @type {Map<string, Promise<Game>>} */
const gamesLoaded = new Map();

// A module the bundle carries (the snippet) is imported from a blob: address; a worker's is
// given as a data: address, since a sandbox without same-origin refuses blob: workers.
function gameModuleURL(name, file, entry, worker = false) {
    const source = entry.scripts && entry.scripts[file];
    if (source !== undefined && worker) return "data:text/javascript;charset=utf-8," + encodeURIComponent(source);
    if (source !== undefined) return URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
    return new URL(`../games/${encodeURIComponent(name)}/${encodeURIComponent(file)}`, import.meta.url).href;
}

/** @returns {Promise<Game>} */
async function importGame(bundle, name) {
    const entry = bundle.games[name];
    const {assets, examples} = entry;
    const [canvas, input] = /** @type {[CanvasModule, InputModule]} */ (await Promise.all([
        import(gameModuleURL(name, assets.canvas, entry)),
        assets.input ? import(gameModuleURL(name, assets.input, entry)) : {},
    ]));
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
        /** @this {Game} */
        seatName(seat) {
            return (this.colourNames && this.colourNames[seat]) || (assets.seat_names && assets.seat_names[seat - 1]) || `Seat ${seat}`;
        },
    };
}

/** The games the bundle offers, as [name, title] pairs. */
export function gameChoices(bundle) {
    return Object.entries(bundle.games).map(([name, entry]) => [name, entry.assets.title]);
}

/** The game `name` with its page modules loaded (once per page).
 * @returns {Promise<Game>} */
export function loadGame(bundle, name) {
    if (!Object.hasOwn(bundle.games, name)) return Promise.reject(new Error(`this page has no game called "${name}"`));
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

