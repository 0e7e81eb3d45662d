// The Flit Arena page: a game picker, settings, seats, the board and the controls. The
// rules run in the page's Python (flit_core, in Pyodide: python.js), for whichever game of the
// registry is picked; the board, its drawing and human input are the game's own page
// modules (game.js); every bot runs in its own worker.
"use strict";

import {env, loadBundle} from "./env.js";
import {giveSources, pythonReady} from "./python.js";
import {gameChoices, loadGame, describeBoard} from "./game.js";
import {WorkerPool} from "./workers.js";
import {Match, HUMAN} from "./match.js";
import {GameRecord} from "./record.js";
import {drawChart} from "./chart.js";
import {renderPanels, escapeHTML} from "./panels.js";
import {encodeShare, decodeShare, checkSetup, resultText} from "./share.js";
import {useGameSettings, presetConfig, presetOf, configFromForm, showConfig, randomSeed, readSeed, seedProblem} from "./settings.js";
import {SeatList} from "./seats.js";
import {loadStyle, saveStyle, styleGame, shapeMark} from "./palette.js";
import {installKeys, startCursor, cursorText} from "./keyboard.js";
import {Editor, savedBots} from "./editor.js";
import {loadContestants} from "./answers.js";
import {QuickTournament, entrantsOf, renderLeaderboard} from "./tournament.js";
import {challengeWanted, openChallenge} from "./challenge.js";

const SPEED_DELAYS = [1000, 600, 400, 250, 150, 100, 60, 30, 15, 5, 0];
const FAST_FRAME_MS = 250;

/** An element of index.html by its id (any: what kind of element it is, the markup says). */
const $ = /** @type {(id: string) => any} */ (id => document.getElementById(id));
const body = document.body;

/** Milliseconds from navigation to each start-up step (read by benchmarks/web.py). */
const timing = {};

// -- start-up: the controls wait for the first game's bots; a click made early is kept ----

/** The controls that need the page's Python and the bots (aria-disabled in index.html until then). */
const WAITING_CONTROLS = ["play", "step", "new-game", "t-run"];
let started = false;
let earlyClick = null;      // the last waiting control clicked before the start, done at it

/** `action` at once once the page has started, else at the start. */
function onceStarted(action) {
    return (...args) => {
        if (started) return action(...args);
        earlyClick = () => action(...args);
        if (state.seats) statusLine();
    };
}

/** The first game's bots are ready (or could not start): the controls work from now on. */
function pageStarted() {
    if (started) return;
    started = true;
    for (const id of WAITING_CONTROLS) $(id).removeAttribute("aria-disabled");
    $("start-progress").hidden = true;
    const click = earlyClick;
    earlyClick = null;
    if (click) click();
}

const state = {
    bundle: null,
    /** @type {import("./game.js").Game | null} the picked game (game.js): assets, examples, page modules */
    game: null,
    /** @type {import("./game.js").GameBoardView | null} its BoardView on the page's canvas */
    view: null,
    py: null,
    pool: null,
    match: null,          // the live game, if any
    record: null,         // what the board shows: the live game's or an opened replay's record
    replayText: null,     // an opened replay file's text
    seats: null,          // the SeatList: who plays each colour in the next game
    seatsInGame: [],      // the seats as they were when the live game started
    replaySeed: null,     // an opened replay's seed
    shown: 0,             // the turn the board shows
    playing: false,
    run: 0,               // counts play loops: only the latest one plays
    editor: null,
    lastFrame: 0,
    tournament: null,     // the quick tournament, running or last run
    pendingPlace: null,   // a board click that started a game with a human seat: the human's first
};

function setStatus(text) {
    $("status").textContent = text;
}

function statusLine() {
    if (!state.match && state.record) {
        setStatus(`Watching a replay: seed ${state.replaySeed}, ${state.record.length} turns. New game plays again.`);
        return;
    }
    const python = body.dataset.python === "ready" ? "Python ready" : "loading Python…";
    const wanted = state.seats.seats.filter(s => s.kind !== HUMAN).length;
    const loaded = state.match ? state.match.bots.filter(b => b && b.loaded && !b.recovering).length : 0;
    const bots = body.dataset.bots === "ready" ? `${wanted} bot${wanted === 1 ? "" : "s"} ready` : `bots ${loaded}/${wanted} ready`;
    if (!started) {
        // Progress: the page's Python, then each bot.
        $("start-progress").max = 1 + wanted;
        $("start-progress").value = (body.dataset.python === "ready" ? 1 : 0) + loaded;
        if (earlyClick) return setStatus(`Starting: ${python} · ${bots} · your click follows when they are ready`);
    }
    const stop = env.isolated ? "runaway bots are interrupted" : "runaway bots' workers are restarted (page not isolated)";
    const human = state.match && state.match.human;
    const hint = human ? ` · ${state.match.record.seatName(human.player)}'s move: ${human.hint}` : "";
    setStatus(`${python} · ${bots} · ${stop}${hint}`);
}

// -- seats ------------------------------------------------------------------------------

/** The live game's record (not an opened replay's), or null. */
function liveRecord() {
    return state.match && state.record === state.match.record ? state.record : null;
}

/** The seats' colours and names as the board shows them (Hex's change with a swap). */
function seatLook() {
    const record = liveRecord();
    return {
        colour: seat => (record ? record.colour(seat) : state.game.colours[seat]),
        name: seat => (record ? record.seatName(seat) : state.game.seatName(seat)),
    };
}

function renderSeats() {
    state.seats.render($("seats"), {
        onChoose: (index, value) => { state.seats.choose(index, value); seatsChanged(); },
        onToggleHuman: index => { state.seats.toggleHuman(index); seatsChanged(); },
        onEdit: index => state.editor.open(index, state.seats.seats[index], state.game).then(scheduleRender),
        look: seatLook(),
        saved: savedBots(state.game.name),
        locked: body.dataset.tournament === "running",
    });
}

/** The seat list's dots in the colours the board shows now (without rebuilding its menus). */
function paintSeats() {
    const look = seatLook();
    for (const swatch of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#seats .swatch"))) {
        const seat = Number(swatch.closest(".seat").getAttribute("data-seat"));
        swatch.style.setProperty("--seat", look.colour(seat));
        swatch.title = look.name(seat);
    }
}

/**
 * A seat changed: a game not started yet is set up again with the new seats (Play then
 * plays them); one under way or over says that New game will.
 */
function seatsChanged() {
    renderSeats();
    keepSeats();
    const record = liveRecord();
    if (record && record.length === 0 && !state.playing) {
        seatsNote("");
        newGame();
    } else {
        seatsNote(state.match ? "Seats changed: New game plays with them (this game goes on as it started)." : "");
    }
}

function seatsNote(text) {
    $("seats-note").textContent = text;
    $("seats-note").hidden = !text;
}

const SEATS_KEY = "flit-arena.seats";   // localStorage: SEATS_KEY/game -> the seats (SeatList.forShare)

/** Keep the seats in this browser: a reload (without a share link) brings them back. */
function keepSeats() {
    try {
        localStorage.setItem(`${SEATS_KEY}/${state.game.name}`, JSON.stringify(state.seats.forShare()));
    } catch {
        // No storage (a sandboxed snippet): the seats are the page's only.
    }
}

/** The seats kept for the game, if any (the page's default seats else). */
function keptSeats() {
    try {
        const seats = JSON.parse(localStorage.getItem(`${SEATS_KEY}/${state.game.name}`));
        return Array.isArray(seats) ? seats : null;
    } catch {
        return null;
    }
}

function fitSeats() {
    state.seats.fit(configFromForm().players);
    renderSeats();
}

function applyCode(index, source, language, name) {
    state.seats.setCode(index, source, language, name);
    renderSeats();
    keepSeats();
    seatsNote("");
    newGame();
}

// -- drawing ----------------------------------------------------------------------------

let renderPending = false;

function scheduleRender() {
    if (renderPending) return;
    renderPending = true;
    requestAnimationFrame(() => {
        renderPending = false;
        render();
    });
}

function render() {
    const record = state.record;
    if (!record) return;
    const game = record.game;
    state.lastFrame = performance.now();
    const shown = Math.min(state.shown, record.length);
    const human = state.match && state.match.human && shown === record.length ? state.match.human : null;
    // The keyboard's cursor shows while the board has the keyboard's focus (not after a click).
    if (human) human.showCursor = $("board").matches(":focus-visible");
    const board = record.boardAt(shown);
    state.view.show(board, record.turnAt(shown), human, record.names);
    fitAspect();
    $("board").classList.toggle("human", Boolean(human));
    $("pass").hidden = !human || Boolean(human.actions);
    $("resign").hidden = !human;
    showActions(human);
    const scrubber = $("scrubber");
    scrubber.max = record.length;
    scrubber.value = shown;
    // A game whose steps are no turn records (light cycles) counts its turns itself.
    $("turn-label").textContent = board.turnLabel ? board.turnLabel() : record.limit ? `turn ${shown} / ${record.limit}` : `turn ${shown}`;
    const colours = ["", ...record.names.map((_, i) => record.colour(i + 1))];
    drawChart($("chart"), record, record.config.players, colours, shown, game.assets.chart_name || game.assets.score);
    const match = state.match;
    renderPanels($("panels"), {
        seats: record.names.map((name, i) => (match ? state.seatsInGame[i] : {kind: "replay", name})),
        names: record.names,
        colours,
        scores: record.scores[shown],
        score: game.assets.score,
        stats: record.stats,
        bots: match ? match.bots : null,
        movers: shown === record.length && !record.result ? record.movers : [],
        human: human ? human.player : null,
        marks: ["", ...record.names.map((_, i) => shapeMark(game, i + 1))],
    });
    renderBanner(record, shown);
    showPrompt(record, human);
    paintSeats();
    if (match) state.editor.showProblems(state.seatsInGame, match.bots, record.stats, match.returnLines);
    describe(record, shown, human);
    body.dataset.turn = String(record.length);
    body.dataset.shown = String(shown);
    $("download").disabled = !(state.match || state.replayText);
    $("play").textContent = state.playing ? "Pause" : atTheEnd() ? "Replay" : "Play";
    $("play").title = atTheEnd() ? "Watch this game again from the start (space); New game plays another" : "Play / pause (space)";
    statusLine();
}

/** The board as wide as the game's picture (BoardView.aspect: light cycles' field), else square. */
function fitAspect() {
    const aspect = String(state.view.aspect ? state.view.aspect() : 1);
    const wrap = $("board").parentElement;
    if (wrap.style.getPropertyValue("--aspect") !== aspect) wrap.style.setProperty("--aspect", aspect);
}

/** Zoom the board by `factor` round the canvas pixel `at` (null: the middle; factor 0: all of it). */
function zoomBoard(factor, at = null) {
    if (state.view && state.view.zoom) state.view.zoom(factor, at);
}

/** The mouse wheel over a board that zooms (BoardView.zoom) zooms it round the pointer. */
function wheelZoom(event) {
    if (!state.view || !state.view.zoom) return;
    event.preventDefault();
    const canvas = $("board"), rect = canvas.getBoundingClientRect();
    const at = [(event.clientX - rect.left) / rect.width * canvas.width, (event.clientY - rect.top) / rect.height * canvas.height];
    zoomBoard(event.deltaY < 0 ? 1.25 : 0.8, at);
}

/** A human's moves that are no click on the board (HumanInput.actions) as buttons after Pass. */
function showActions(human) {
    const actions = (human && human.actions) || [];
    const key = JSON.stringify(actions);
    if ($("pass").dataset.actions === key) return;   // rebuilding a button could drop a click
    $("pass").dataset.actions = key;
    for (const button of document.querySelectorAll(".controls .action")) button.remove();
    $("pass").after(...actions.map(({label, move, title}) => {
        const button = Object.assign(document.createElement("button"), {className: "action", textContent: label, title: title || ""});
        button.dataset.move = move;
        button.addEventListener("click", () => state.match && state.match.choose(move));
        return button;
    }));
}

/** A seat as the page names it in words: "seat 1 (Red, random_bot)". */
function seatLabel(record, seat) {
    return `seat ${seat} (${record.seatName(seat)}, ${record.names[seat - 1]})`;
}

/** The board in words for screen readers (#board-text), and the human's cursor (#cursor-text). */
function describe(record, shown, human) {
    const text = describeBoard(state.view, record, shown, seat => seatLabel(record, seat));
    if ($("board-text").textContent !== text) $("board-text").textContent = text;
    const cursor = human ? `${cursorText(human)}. ${human.hint}` : "";
    if ($("cursor-text").textContent !== cursor) $("cursor-text").textContent = cursor;
}

function renderBanner(record, shown) {
    const banner = $("banner");
    const result = record.result;
    if (!result || shown !== record.length || banner.dataset.dismissed === "true") {
        banner.hidden = true;
        return;
    }
    const scores = Object.entries(result.scores).map(([seat, n]) => `${seatMark(record, Number(seat))} ${n}`).join(" &nbsp; ");
    const title = result.winner
        ? `<strong>${seatMark(record, result.winner)} ${escapeHTML(record.seatName(result.winner))} wins: ${escapeHTML(record.names[result.winner - 1])}</strong>`
        : "<strong>A tie: nobody wins</strong>";
    const why = result.detail ? result.detail[0].toUpperCase() + result.detail.slice(1) : result.reason;
    const html = `<button class="close" aria-label="Dismiss the result (Escape)" title="Dismiss (Escape)">×</button>${title}<span class="scores">${scores}</span><div class="why" data-reason="${escapeHTML(result.reason)}">${escapeHTML(why)}.</div>`;
    // Rebuilt only when it changes: a button rebuilt under the pointer loses its click.
    if (banner.dataset.html !== html) {
        banner.innerHTML = html;
        banner.dataset.html = html;
        $("announce").textContent = `Game over. ${banner.querySelector("strong").textContent}. ${why}.`;
    }
    banner.hidden = false;
}

/** A seat's mark in its colour now (its shape, else a dot), as HTML. */
function seatMark(record, seat) {
    return `<span class="mark" style="--seat:${record.colour(seat)}" aria-hidden="true">${shapeMark(record.game, seat) || "●"}</span>`;
}

/**
 * The line under the board: whose turn it is when a human plays ("Your turn"), and what
 * the live game waits for before it goes on (Play); nothing while the bots play or once over.
 */
function showPrompt(record, human) {
    const match = liveRecord() && state.match;
    let html = "";
    if (human) {
        html = `Your turn (${seatMark(record, human.player)} ${escapeHTML(record.seatName(human.player))}): ${escapeHTML(human.hint)}`;
    } else if (match && !match.over && !state.playing) {
        const humans = state.seatsInGame.flatMap((seat, i) => (seat.kind === HUMAN ? [i + 1] : []));
        const you = humans.map(seat => `${seatMark(record, seat)} ${escapeHTML(record.seatName(seat))}`).join(", ");
        const go = record.length ? "Paused: press Play (Space) to go on" : "Press Play (Space) to start";
        html = humans.length ? `You play ${you}. ${go}, or click the board.` : `${go}.`;
    }
    const prompt = $("prompt");
    if (prompt.dataset.html !== html) {
        prompt.innerHTML = html;
        prompt.dataset.html = html;
    }
    prompt.classList.toggle("yours", Boolean(human));
    document.title = human ? "Your turn · Flit Arena" : "Flit Arena";
}

function dismissBanner() {
    $("banner").dataset.dismissed = "true";
    $("banner").hidden = true;
    $("board").focus({preventScroll: true});
}

// -- playing ----------------------------------------------------------------------------

/** A step was played (its turn records added to the record). */
function onStep(turns) {
    state.pendingPlace = null;
    const record = state.record;
    if (state.shown === record.length - turns.length) state.shown = record.length;
    if (state.match && state.match.over) {
        state.playing = false;
        body.dataset.game = "over";
    }
    // In fast mode the board is drawn a few times a second, not after every turn.
    if (!$("fast").checked || state.match.over || performance.now() - state.lastFrame > FAST_FRAME_MS) scheduleRender();
}

/**
 * Show the next turn: one already recorded, or a new one played by the live game (`ahead`:
 * more will follow at once, so the next bots may be asked already, see Match.playTurn).
 */
async function advance(ahead = false) {
    const record = state.record;
    if (!record) return false;
    if (state.shown < record.length) {
        state.shown += 1;
        scheduleRender();
        return true;
    }
    const match = state.match;
    if (!match || match.over) return false;
    await match.ready;
    if (match !== state.match) return false;
    const turn = await match.playTurn(ahead);
    return Boolean(turn) && match === state.match;
}

/** Whether the board shows the end of a finished game (Play then replays it from the start). */
function atTheEnd() {
    const record = state.record;
    return Boolean(record && record.result && state.shown === record.length);
}

async function play() {
    if (state.playing) return;
    if (atTheEnd()) {
        // Replay: from the start, at the chosen speed (in fast mode it would be over before a frame is drawn).
        state.shown = 0;
        $("fast").checked = false;
    }
    state.playing = true;
    // A loop left waiting on a turn from before a pause must not carry on beside this one.
    const run = ++state.run;
    if (state.match && !state.match.over) body.dataset.game = "running";
    scheduleRender();
    try {
        while (state.playing && run === state.run) {
            const wait = $("fast").checked ? 0 : SPEED_DELAYS[Number($("speed").value)];
            if (!(await advance(!wait))) break;
            if (wait) await new Promise(resolve => setTimeout(resolve, wait));
        }
    } catch (error) {
        showError(`The game stopped: ${error.message || error}`);
    }
    if (run !== state.run) return;
    state.playing = false;
    if (state.match && !state.match.over && body.dataset.game === "running") body.dataset.game = "paused";
    scheduleRender();
}

function pause() {
    state.playing = false;
    scheduleRender();
}

async function step() {
    if (state.playing) pause();
    try {
        await advance();
    } catch (error) {
        showError(`The game stopped: ${error.message || error}`);
    }
    scheduleRender();
}

// -- games ------------------------------------------------------------------------------

function showError(text) {
    const box = $("settings-error");
    box.textContent = text || "";
    box.hidden = !text;
}

/** Whether the seed field holds no seed (then say why). */
function seedRefused() {
    const problem = seedProblem();
    if (problem) showError(problem);
    return Boolean(problem);
}

/**
 * Start a new game with the form's settings and seats, or with those given (a tournament's
 * game). Resolves with the new match (undefined if it could not start), with autoplay
 * once the play loop stops (the game over, or paused).
 */
async function newGame({autoplay = null, config = configFromForm(), seed = null, seats = null} = {}) {
    pause();
    const checked = JSON.parse(state.py.check_config(state.game.name, JSON.stringify(config)));
    if (checked.error) {
        showError(`Settings: ${checked.error}`);
        return;
    }
    if (seed === null && seedRefused()) return;
    const seedValue = seed === null ? readSeed() : seed;
    showError("");
    state.seats.fit(checked.ok.players);
    renderSeats();
    if (state.match) state.match.close();
    state.replayText = null;
    resetBanner();
    state.seatsInGame = (seats || state.seats.seats).map(seat => ({...seat}));
    if (!seats) seatsNote("");   // the seat list's changes play from now on
    const settings = {
        config: checked.ok, seed: seedValue,
        seats: state.seatsInGame.map(seat => ({kind: seat.kind === HUMAN ? HUMAN : "bot", name: seat.name, source: seat.source, language: seat.language})),
    };
    let match;
    try {
        match = new Match(state.py, state.pool, state.game, settings, {
            onStep, onHuman: human => humanTurn(match, human), onSeatChange: scheduleRender,
        });
        state.match = match;
        match.ready = match.prepare();
    } catch (error) {
        showError(String(error.message || error));
        return;
    }
    state.record = match.record;
    timing.board = timing.board || performance.now();
    state.shown = 0;
    body.dataset.game = "ready";
    body.dataset.bots = "loading";
    scheduleRender();
    match.ready.then(() => {
        pageStarted();
        if (match !== state.match) return;
        body.dataset.bots = "ready";
        timing.bots = timing.bots || performance.now();
        scheduleRender();
    }, error => {
        pageStarted();
        if (match !== state.match) return;
        body.dataset.bots = "failed";
        showError(`The bots could not start: ${error.message || error}`);
    });
    if (autoplay === "fast") $("fast").checked = true;
    if (autoplay) await play();
    return match;
}

/** A human's turn began (`human`: the game's HumanInput) or ended (null). A click on the
 * board that started the game (state.pendingPlace) is the human's first. */
function humanTurn(match, human) {
    startCursor(human);
    const place = state.pendingPlace;
    state.pendingPlace = null;
    if (human && place) match.click(place);
    scheduleRender();
}

/** A click on the board: a human's, or, in a game with a human seat waiting to start (or
 * paused), Play, the click then the human's when its turn comes at once. */
function boardClick(event) {
    const place = state.view && state.view.squareAt(event);
    const match = state.match;
    if (!place || !match || state.shown !== state.record.length) return;
    if (match.human) return match.click(place);
    if (!match.over && !state.playing && state.seatsInGame.some(seat => seat.kind === HUMAN)) {
        state.pendingPlace = place;
        onceStarted(play)();
    }
}

/** The human to move resigns; the rest of the game is played fast. */
function resign() {
    if (!state.match || !state.match.human) return;
    $("fast").checked = true;
    state.match.resign();
    if (!state.playing) play();
}

// -- the quick tournament ---------------------------------------------------------------

async function runTournament() {
    if (state.tournament && body.dataset.tournament === "running") return;
    const games = Number($("t-games").value);
    const config = configFromForm();
    const checked = JSON.parse(state.py.check_config(state.game.name, JSON.stringify(config)));
    if (checked.error) {
        showError(`Settings: ${checked.error}`);
        return;
    }
    state.seats.fit(checked.ok.players);
    renderSeats();
    if (state.seats.seats.some(seat => seat.kind === HUMAN)) {
        showError("A tournament is between bots only: choose a bot for every human seat.");
        return;
    }
    if (!Number.isInteger(games) || games < 1) {
        showError("Tournament: the number of games must be a whole number, 1 or more.");
        return;
    }
    if (seedRefused()) return;
    showError("");
    const tournament = new QuickTournament(state.py, entrantsOf(state.seats.seats), games, checked.ok, readSeed(), state.game.name);
    state.tournament = tournament;
    body.dataset.tournament = "running";
    seatsNote("");
    showTournament(tournament);
    // The seat list shows each game's seats as the board plays them (the order rotates),
    // locked while the tournament plays.
    const seats = state.seats.seats.map(seat => ({...seat}));
    await tournament.run(game => {
        state.seats.seats = game.order.map(i => ({...seats[i]}));
        renderSeats();
        return newGame({autoplay: "fast", ...game});
    }, showTournament);
    if (state.tournament !== tournament) return;
    body.dataset.tournament = tournament.played === games ? "over" : "stopped";
    // The seat list is the seats as chosen again (the board keeps the last game, in its order).
    state.seats.seats = seats;
    renderSeats();
    showTournament(tournament);
}

function stopTournament() {
    if (!state.tournament || body.dataset.tournament !== "running") return;
    state.tournament.stop();
    pause();
}

function showTournament(tournament) {
    const running = body.dataset.tournament === "running";
    renderLeaderboard($("t-board"), tournament.standings, state.game.assets.score);
    body.dataset.tournamentPlayed = String(tournament.played);
    $("t-run").disabled = running;
    $("t-stop").disabled = !running;
    const how = running ? `game ${Math.min(tournament.played + 1, tournament.games)} playing`
        : body.dataset.tournament === "stopped" ? "stopped (the unfinished game does not count)" : "finished";
    $("t-note").textContent = `${tournament.played} of ${tournament.games} games played, ${how}; seeds from ${tournament.seed}.`;
}

async function openReplayFile(file) {
    const text = await file.text();
    const opened = JSON.parse(state.py.open_replay(text));
    if (opened.error) {
        showError(`This replay cannot be opened: ${opened.error}`);
        return;
    }
    const view = opened.ok;
    if (!state.bundle.games[view.game]) {
        showError(`This replay is of ${view.game}, which this page does not have.`);
        return;
    }
    showError("");
    pause();
    if (state.match) state.match.close();
    state.match = null;
    state.record = null;
    if (view.game !== state.game.name) await useGame(view.game);
    const record = new GameRecord(state.game, view.config, view.names, {setup: view.setup, limit: view.limit});
    for (const turn of view.turns) record.add(turn);
    record.result = view.result;
    record.stats = view.stats;
    state.record = record;
    state.replayText = text;
    state.replaySeed = view.seed;
    resetBanner();
    state.shown = 0;
    body.dataset.game = "replay";
    pageStarted();   // a replay plays without bots
    scheduleRender();
}

/** Show a replay's text from turn `turn` on (the challenge's problems table). */
async function showReplay(text, turn = 0) {
    await openReplayFile({text: async () => text});
    state.shown = Math.min(turn, state.record ? state.record.length : 0);
    scheduleRender();
}

function download() {
    const text = state.match
        ? state.match.replayJSON({driver: "browser", clock: "wall", stop: env.isolated ? "interrupt" : "restart"})
        : state.replayText;
    if (!text) return;
    if (env.embedded) {
        // A sandboxed snippet may not download: show the file to copy instead.
        $("replay-text").value = text;
        $("replay-dialog").showModal();
        return;
    }
    const seed = state.match ? state.match.settings.seed : state.replaySeed;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    link.download = `${state.game.name}-replay-seed-${seed}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// -- sharing ----------------------------------------------------------------------------

function currentSetup() {
    const record = liveRecord();
    // A finished game's link is that game as it was played (the form may have changed since), with its result.
    if (record && record.result) {
        const {config, seed} = state.match.settings;
        return {game: state.game.name, preset: presetOf(config), config, seed, seats: state.seats.forShare(state.seatsInGame), result: record.result};
    }
    return {
        game: state.game.name,
        preset: $("preset").value,
        config: configFromForm(),
        seed: readSeed(),
        seats: state.seats.forShare(),
    };
}

/** The page's address for the current game (?game=NAME, other parameters kept), without a fragment. */
function gameAddress() {
    const params = new URLSearchParams(location.search);
    params.set("game", state.game.name);
    return `${location.origin}${location.pathname}?${params}`;
}

async function share() {
    if (seedRefused()) return;
    const link = gameAddress() + (await encodeShare(currentSetup()));
    history.replaceState(null, "", link);
    try {
        await navigator.clipboard.writeText(link);
        setStatus("Share link copied to the clipboard (and shown in the address bar).");
    } catch {
        setStatus("Share link is in the address bar.");
    }
}

function applySetup(setup) {
    showConfig(presetConfig(setup.preset) || setup.preset === "custom" ? setup.preset : "custom", setup.config);
    $("seed").value = setup.seed;
    state.seats.restore(setup.seats);
    if (setup.result) showSharedResult(setup.result);
}

/** A share link's finished game: its result in words, each seat as restored ("Blue (hunter_bot, hard)"). */
function showSharedResult(result) {
    const seats = state.seats.seats;
    const who = seat => `${state.game.seatName(seat)}${seats[seat - 1] ? ` (${state.seats.describe(seats[seat - 1])})` : ""}`;
    $("shared-result").textContent = resultText(result, who);
    $("shared-result").hidden = false;
}

// -- a challenge's answers --------------------------------------------------------------

async function loadAnswers() {
    const question = $("question").value.trim();
    const site = $("site").value.trim() || "codegolf";
    if (!question) return;
    $("answers-note").textContent = "Loading…";
    try {
        const found = await loadContestants(state.py, question, site, state.game);
        state.seats.useAnswers(found);
        renderSeats();
        $("answers-note").textContent = `${found.length} bot${found.length === 1 ? "" : "s"} found: ` +
            found.map(bot => bot.name).join(", ");
        body.dataset.answers = String(found.length);
    } catch (error) {
        $("answers-note").textContent = `Could not load the answers: ${error.message || error}`;
    }
}

// -- the game picker --------------------------------------------------------------------

/**
 * Size the board canvas's pixels to its size on screen at the screen's density (crisp on
 * every display), then draw: the game's BoardView draws on canvas.width x canvas.height.
 */
function redrawBoard() {
    const canvas = $("board"), ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round((canvas.clientHeight || canvas.clientWidth) * ratio));
    if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
    }
    if (state.view) state.view.draw();
}

/**
 * Make `name` the page's game: its settings form, seats, board view, rules line and score
 * labels (the live game, if any, is the caller's to close first).
 */
async function useGame(name) {
    const game = await loadGame(state.bundle, name);
    state.game = game;
    $("game").value = name;
    const {assets} = game;
    useGameSettings(assets);
    showConfig(assets.preset, presetConfig(assets.preset));
    $("shared-result").hidden = true;   // a share link's result is of its own game
    state.seats = new SeatList(game);
    // The seats last chosen for this game in this browser, your own bots with them.
    const kept = keptSeats();
    if (kept) state.seats.restore(kept);
    seatsNote("");
    fitSeats();
    state.view = new game.BoardView($("board"), assets);
    styleGame(game, state.view, loadStyle());
    // A game that draws in its own look only (Hex's black and white stones) takes no other.
    for (const id of ["palette", "shapes"]) $(id).disabled = !state.view.useStyle;
    $("zoom").hidden = !state.view.zoom;
    redrawBoard();
    $("rules").textContent = assets.rules || "";
    const plotted = assets.chart_name || assets.score;
    $("chart-title").textContent = `${plotted[0].toUpperCase()}${plotted.slice(1)} over the turns`;
    $("t-board").hidden = true;
    body.dataset.gameName = name;
}

/** The picker chose another game: show it, with its address, and start a new game of it. */
async function switchGame(name) {
    stopTournament();
    pause();
    if (state.match) state.match.close();
    state.match = null;
    state.record = null;
    state.replayText = null;
    showError("");
    await useGame(name);
    // A snippet's sandboxed frame has no address of its own to change.
    if (!env.embedded) history.replaceState(null, "", gameAddress());
    if (state.py) await newGame();
}

// -- start-up ---------------------------------------------------------------------------

function wire() {
    $("play").addEventListener("click", onceStarted(() => (state.playing ? pause() : play())));
    $("step").addEventListener("click", onceStarted(step));
    $("pass").addEventListener("click", () => state.match && state.match.pass());
    $("fast").addEventListener("change", scheduleRender);
    $("scrubber").addEventListener("input", () => {
        pause();
        state.shown = Number($("scrubber").value);
        scheduleRender();
    });
    $("board").addEventListener("click", boardClick);
    $("board").addEventListener("wheel", wheelZoom, {passive: false});
    $("zoom-in").addEventListener("click", () => zoomBoard(1.5));
    $("zoom-out").addEventListener("click", () => zoomBoard(1 / 1.5));
    $("zoom-fit").addEventListener("click", () => zoomBoard(0));
    $("resign").addEventListener("click", resign);
    // The page redraws the board when the canvas changes size or moves to another screen.
    new ResizeObserver(redrawBoard).observe($("board"));
    matchMedia("(resolution: 1dppx)").addEventListener?.("change", redrawBoard);
    $("game").addEventListener("change", () => switchGame($("game").value).catch(error => showError(String(error.message || error))));
    $("preset").addEventListener("change", () => {
        const preset = $("preset").value;
        showConfig(preset, preset === "custom" ? configFromForm() : presetConfig(preset));
        fitSeats();
        // A preset made for a person (Flit's Versus) seats you, unless you have a seat already.
        const seats = state.seats.seats;
        if ((state.game.assets.human_presets || []).includes(preset) && !seats.some(seat => seat.kind === HUMAN)) {
            state.seats.toggleHuman(0);
            seatsChanged();
        }
    });
    $("custom").addEventListener("change", event => { if (event.target.id === "c-players") fitSeats(); });
    $("dice").addEventListener("click", () => { $("seed").value = randomSeed(); });
    $("new-game").addEventListener("click", onceStarted(() => newGame()));
    $("share").addEventListener("click", share);
    $("download").addEventListener("click", download);
    $("open-replay").addEventListener("change", event => {
        if (event.target.files[0]) openReplayFile(event.target.files[0]);
        event.target.value = "";
    });
    $("load-answers").addEventListener("click", loadAnswers);
    $("t-run").addEventListener("click", onceStarted(runTournament));
    $("t-stop").addEventListener("click", stopTournament);
    $("replay-close").addEventListener("click", () => $("replay-dialog").close());
    // A snippet has no address of its own to share.
    $("share").hidden = env.embedded;
    installKeys({
        match: () => (state.shown === (state.record && state.record.length) ? state.match : null),
        playPause: onceStarted(() => (state.playing ? pause() : play())),
        step: onceStarted(step),
        moved: scheduleRender,
    });
    document.addEventListener("keydown", event => {
        if (event.key === "Escape" && !$("banner").hidden) dismissBanner();
    });
    $("banner").addEventListener("click", event => { if (event.target.closest(".close")) dismissBanner(); });
    for (const change of ["focus", "blur"]) $("board").addEventListener(change, scheduleRender);
    $("notice-close").addEventListener("click", () => showNotice(""));
    $("seed").addEventListener("input", () => showError(seedProblem()));
    const style = loadStyle();
    $("palette").value = style.palette;
    $("shapes").checked = style.shapes;
    for (const id of ["palette", "shapes"]) $(id).addEventListener("change", restyle);
}

/** The palette or shapes option changed: remember it and redraw everything in the new look. */
function restyle() {
    const style = {palette: $("palette").value, shapes: $("shapes").checked};
    saveStyle(style);
    if (!state.game) return;
    styleGame(state.game, state.view, style);
    renderSeats();
    $("banner").dataset.html = "";
    redrawBoard();
    scheduleRender();
}

/** A new game's or replay's result banner shows again, even if the last one was dismissed. */
function resetBanner() {
    $("banner").dataset.dismissed = "false";
    $("banner").dataset.html = "";
    $("announce").textContent = "";
}

/** A message about the page's address (a damaged share link, an unknown game) that stays
 * until dismissed: new games clear the settings' errors, not this. */
function showNotice(text) {
    $("notice").querySelector("span").textContent = text;
    $("notice").hidden = !text;
}

/** The game the page opens on: the share link's, else ?game=NAME, else the bundle's default. */
function firstGame(setup) {
    const wanted = (setup && setup.game) || new URLSearchParams(location.search).get("game");
    if (!wanted) return state.bundle.default;
    if (Object.hasOwn(state.bundle.games, wanted)) return wanted;
    showNotice(`This page has no game called "${wanted}": showing ${state.bundle.default}.`);
    return state.bundle.default;
}

async function start() {
    // A challenge's arena shows only what concerns its answers (arena.css hides the rest).
    if (challengeWanted()) body.dataset.mode = "challenge";
    wire();
    setStatus("Loading the rules and the bots…");
    state.bundle = await loadBundle();
    giveSources(state.bundle);
    $("game").innerHTML = gameChoices(state.bundle).map(([name, title]) =>
        `<option value="${escapeHTML(name)}">${escapeHTML(title)}</option>`).join("");
    state.editor = new Editor(applyCode);
    let setup = null;
    try {
        setup = await decodeShare(location.hash);
        if (setup) checkSetup(setup, state.bundle.games, setup.game ?? firstGame(null));
    } catch (error) {
        setup = null;
        showNotice(`This share link is damaged: ${error.message || error}. Showing a new game instead.`);
    }
    await useGame(firstGame(setup));
    if (setup) applySetup(setup);
    else $("seed").value = randomSeed();
    fitSeats();
    // Boot the bots' interpreters while the page's own one loads: the cores are shared,
    // but each boot waits on downloads and compiles a good part of the time.
    state.pool = new WorkerPool({modules: state.bundle.modules, packages: state.bundle.packages}, {snapshots: env.snapshots});
    state.pool.warm(state.seats.seats.filter(seat => seat.kind !== HUMAN && !seat.language).length);
    body.dataset.ui = "ready";
    timing.ui = performance.now();
    statusLine();
    state.py = await pythonReady;
    timing.python = performance.now();
    body.dataset.python = "ready";
    // The link's settings within the game's own ranges, as its configuration checks them.
    const checked = setup && JSON.parse(state.py.check_config(state.game.name, JSON.stringify(configFromForm())));
    if (checked && checked.error) {
        showNotice(`This share link is damaged: ${checked.error}. Showing a new game instead.`);
        showConfig(state.game.assets.preset, presetConfig(state.game.assets.preset));
        fitSeats();
    }
    await newGame({autoplay: setup && setup.autoplay});
    const challenge = challengeWanted();
    if (challenge) {
        state.challenge = openChallenge(challenge, {
            py: state.py, game: state.game, pause, showReplay, embedded: env.embedded,
            playGame: game => newGame({autoplay: "fast", ...game}),
        });
    }
}

window.arena = {
    state,
    timing,
    env,
    play, pause, step, newGame,
    /** The live game's replay text (for tools and tests). */
    replayJSON: () => state.match && state.match.replayJSON({driver: "browser", clock: "wall", stop: env.isolated ? "interrupt" : "restart"}),
};

start().catch(error => {
    setStatus(`The page failed to start: ${error.message || error}`);
    body.dataset.failed = String(error.message || error);
    console.error(error);
});
