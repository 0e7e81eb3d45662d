// How seats look on the page: the game's own colours (its palette.py, through the page
// assets) or a colour-blind safe palette (Okabe and Ito's eight), each made to stand out
// at least 3:1 against the game's board, and optionally a distinct shape per seat. The
// choice is remembered across visits (localStorage). A game's BoardView takes the style
// through useStyle (see game.js); games without it keep their own look.
"use strict";

/** Okabe & Ito's colour-blind safe colours, in the order seats take them: the first four
 * are the most apart under every colour-vision deficiency (and on a light board). */
const OKABE_ITO = [["#d55e00", "Vermillion"], ["#0072b2", "Blue"], ["#009e73", "Green"], ["#000000", "Black"],
    ["#cc79a7", "Purple"], ["#e69f00", "Orange"], ["#56b4e9", "Sky blue"], ["#f0e442", "Yellow"]];
/** The shapes seats take, in order, with the character that shows each in text. */
export const SHAPES = [["circle", "●"], ["square", "■"], ["triangle", "▲"], ["cross", "✚"], ["star", "★"],
    ["hexagon", "⬢"], ["down", "▼"], ["pentagon", "⬟"]];
/** The least contrast a piece has against the board (WCAG's for graphics). */
export const MIN_CONTRAST = 3;
const STORE_KEY = "flit-arena-style";
const DEFAULT_STYLE = {palette: "game", shapes: false};

const channels = colour => [1, 3, 5].map(i => parseInt(colour.slice(i, i + 2), 16));
const hex = rgb => "#" + rgb.map(c => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("");

function luminance(colour) {
    const [r, g, b] = channels(colour).map(c => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrast(a, b) {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high + 0.05) / (low + 0.05);
}

/** `colour`, darkened on a light background (lightened on a dark one) until it stands out
 * MIN_CONTRAST against it: the hue stays, so a palette stays what it was chosen to be. */
export function readable(colour, background) {
    const towards = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
    let rgb = channels(colour);
    for (let i = 0; i < 20 && contrast(hex(rgb), background) < MIN_CONTRAST; i += 1) {
        rgb = rgb.map((c, k) => c + (towards[k] - c) * 0.1);
    }
    return hex(rgb);
}

/** The remembered style {palette: "game" | "safe", shapes: boolean}. */
export function loadStyle() {
    try {
        return {...DEFAULT_STYLE, ...JSON.parse(localStorage.getItem(STORE_KEY) || "{}")};
    } catch {
        return {...DEFAULT_STYLE};   // storage blocked (a sandboxed snippet) or damaged
    }
}

export function saveStyle(style) {
    try {
        localStorage.setItem(STORE_KEY, JSON.stringify(style));
    } catch {
        // A sandboxed snippet may not store: the choice lasts this visit only.
    }
}

/**
 * Give the game its seats' look for `style`: game.colours (by seat number) and game.shapes
 * (shape names by seat number, or null), used by the board, the panels and the chart, and
 * game.colourNames (by seat, or null) when the game names its seats by their colours
 * (assets.seat_names_say_colours). A game whose BoardView has no useStyle keeps its own
 * colours (its pieces would not follow).
 */
export function styleGame(game, view, style) {
    const own = game.assets.seat_colours;
    const styled = Boolean(view.useStyle);
    const background = (game.assets.colours && game.assets.colours[0]) || "#ffffff";
    // The game's own colours are its palette.py's, chosen to stand out on its board already.
    const safe = styled && style.palette === "safe";
    const picks = own.map((_, i) => OKABE_ITO[i % OKABE_ITO.length]);
    game.colours = ["", ...(safe ? picks.map(([colour]) => readable(colour, background)) : own)];
    game.colourNames = safe && game.assets.seat_names_say_colours ? ["", ...picks.map(([, name]) => name)] : null;
    game.shapes = styled && style.shapes ? ["", ...own.map((_, i) => SHAPES[i % SHAPES.length][0])] : null;
    if (styled) view.useStyle({colours: game.colours, shapes: game.shapes, trace: shapePath});
}

/** The character that shows seat `seat`'s shape in text ("" when shapes are off). */
export function shapeMark(game, seat) {
    const shape = game.shapes && game.shapes[seat];
    return shape ? SHAPES.find(([name]) => name === shape)[1] : "";
}

/** Trace `shape` of radius `r` round (x, y) on `ctx` as a new path (the caller fills or strokes it). */
export function shapePath(ctx, shape, x, y, r) {
    const polygon = (corners, turn = -Math.PI / 2, inner = 1) => {
        for (let k = 0; k < corners; k += 1) {
            const angle = turn + 2 * Math.PI * k / corners, radius = k % 2 ? r * inner : r;
            ctx.lineTo(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
        }
        ctx.closePath();
    };
    ctx.beginPath();
    if (shape === "square") ctx.rect(x - r * 0.82, y - r * 0.82, r * 1.64, r * 1.64);
    else if (shape === "triangle") polygon(3);
    else if (shape === "down") polygon(3, Math.PI / 2);
    else if (shape === "hexagon") polygon(6);
    else if (shape === "pentagon") polygon(5);
    else if (shape === "star") polygon(10, -Math.PI / 2, 0.45);
    else if (shape === "cross") {
        const a = r * 0.34;
        for (const [px, py] of [[-a, -r], [a, -r], [a, -a], [r, -a], [r, a], [a, a], [a, r], [-a, r], [-a, a], [-r, a], [-r, -a], [-a, -a]]) {
            ctx.lineTo(x + px, y + py);
        }
        ctx.closePath();
    } else ctx.arc(x, y, r, 0, 2 * Math.PI);
}
