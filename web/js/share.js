// Share links: the settings, the seed and the seats (with any edited bot's code, an example
// bot's level) packed into the address's #fragment, compressed, so a link restores the whole
// set-up; a finished game's link carries its result too (flit_core/web/share.py makes the same links).
"use strict";

import {isSeed} from "./settings.js";

async function pipe(bytes, stream) {
    const response = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await response.arrayBuffer());
}

function toBase64URL(bytes) {
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64URL(text) {
    const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(plain, c => c.charCodeAt(0));
}

/** The #fragment for a set-up {game, preset, config, seed, seats, result?}. */
export async function encodeShare(setup) {
    const packed = await pipe(new TextEncoder().encode(JSON.stringify(setup)), new CompressionStream("deflate-raw"));
    return "#s=" + toBase64URL(packed);
}

/** The parts a set-up must have, with their JSON types. */
const SETUP_FIELDS = {config: "object", seats: "object"};

/** The set-up in a #fragment, or null when there is none; throws an Error saying what is
 * wrong with a damaged link (cut short, mistyped, not a set-up). */
export async function decodeShare(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    if (!params.has("s")) return null;
    const packed = params.get("s");
    let setup;
    try {
        const bytes = await pipe(fromBase64URL(packed), new DecompressionStream("deflate-raw"));
        setup = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
        throw new Error("its settings cannot be read (was it cut short or changed?)");
    }
    const missing = Object.entries(SETUP_FIELDS).filter(([key, type]) => !setup || typeof setup[key] !== type || setup[key] === null);
    if (missing.length || !Array.isArray(setup.seats)) {
        throw new Error(`it is not a game's set-up (no ${missing.map(([key]) => key).join(", ") || "seats list"})`);
    }
    if (setup.result != null && !isResult(setup.result)) throw new Error("its result is not a game's result");
    // Flags that tools add to a link (browser-run): play at once, in fast mode.
    setup.autoplay = params.get("autoplay") || setup.autoplay || null;
    return setup;
}

/** The seat kinds a link may give, and the autoplay modes. */
const SEAT_KINDS = ["example", "code", "human"];
const AUTOPLAY = [null, "play", "fast"];

/**
 * Check a set-up read from a link before any of it is used; throws an Error saying what is
 * wrong. `games` is the page's catalogue (bundle.games), `game` the set-up's game (the page's
 * when it names none), which must be one of the catalogue's own names. Its players must be within
 * the game's range (from its configuration's class, through the game's assets), every other
 * setting a number, text, true/false or null (their ranges are the configuration's own: the
 * page's Python checks them before a game starts, check_config), the seed a whole number of
 * 32 bits, and the seats at most the game's players, each {kind, name, source, level,
 * language} of the right types.
 */
export function checkSetup(setup, games, game) {
    if (typeof game !== "string" || !Object.hasOwn(games, game)) throw new Error(`it names no game of this page (${String(game)})`);
    const {assets, languages = {}} = games[game];
    const [fewest, most] = assets.players;
    const scalar = value => value === null || ["string", "boolean"].includes(typeof value) || Number.isFinite(value);
    const {players = fewest, ...others} = setup.config;
    if (Array.isArray(setup.config) || !Number.isInteger(players) || players < fewest || players > most) {
        throw new Error(`its number of players is not one this game has (${fewest} to ${most})`);
    }
    if (!Object.values(others).every(scalar)) throw new Error("its settings are not numbers, text or true/false");
    if (setup.seed != null && !isSeed(setup.seed)) throw new Error(`its seed is not a whole number from 0 to ${2 ** 32 - 1}`);
    if (setup.seats.length > most) throw new Error(`it has more seats than this game's ${most} players`);
    const text = value => value === undefined || typeof value === "string";
    const fine = seat => seat !== null && typeof seat === "object" && SEAT_KINDS.includes(seat.kind)
        && text(seat.name) && text(seat.source) && text(seat.level)
        && (seat.language === undefined || (typeof seat.language === "string" && Object.hasOwn(languages, seat.language)));
    const bad = setup.seats.findIndex(seat => !fine(seat));
    if (bad >= 0) throw new Error(`its seat ${bad + 1} is not a bot, your code or a human of this game`);
    if (!AUTOPLAY.includes(setup.autoplay)) throw new Error("its autoplay is neither play nor fast");
}

/** Whether `result` has what a game's result shows (Result.to_dict's winner and scores). */
function isResult(result) {
    const {winner, scores} = result;
    return (winner === null || Number.isInteger(winner)) && typeof scores === "object" && scores !== null
        && Object.values(scores).every(Number.isFinite);
}

/** A shared game's result in words, each seat as `who(seat number)` names it ("Blue
 * (hunter_bot, hard)"): who won, every seat's score, and why the game ended. */
export function resultText(result, who) {
    const winner = result.winner ? `${who(result.winner)} won` : "A tie: nobody won";
    const scores = Object.entries(result.scores).map(([seat, score]) => `${who(Number(seat))} ${score}`).join(" · ");
    const why = String(result.detail || result.reason || "");
    return `The shared game's result: ${winner}. ${scores}.${why ? ` ${why[0].toUpperCase()}${why.slice(1)}.` : ""}`;
}
