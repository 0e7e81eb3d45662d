// The settings form: presets (the same values as flit_core.config.PRESETS; the page's
// Python validates whatever the form gives), custom fields and the seed.
"use strict";

export const PRESETS = {
    trial: {players: 2, size: 16, turn_limit: 1024, move_time_ms: 100, startup_ms: 1000, freeze_after: 5, spawn: "square", spawn_odds: null},
    standard: {players: 4, size: 32, turn_limit: 32768, move_time_ms: 50, startup_ms: 1000, freeze_after: 5, spawn: "square", spawn_odds: null},
};
const CONFIG_FIELDS = ["players", "size", "turn_limit", "move_time_ms", "startup_ms", "freeze_after", "spawn", "spawn_odds"];

const field = name => document.getElementById(name);

/** The configuration the form describes (a preset's, or the custom fields'). */
export function configFromForm() {
    const preset = field("preset").value;
    if (preset !== "custom") return {...PRESETS[preset]};
    const config = {};
    for (const name of CONFIG_FIELDS) {
        const value = field(`c-${name}`).value;
        if (name === "spawn") config.spawn = value;
        else if (name === "spawn_odds") config.spawn_odds = value === "" ? null : Number(value);
        else config[name] = Number(value);
    }
    return config;
}

/** Show a preset (or "custom") and a configuration in the form. */
export function showConfig(preset, config) {
    field("preset").value = preset;
    field("custom").hidden = preset !== "custom";
    for (const name of CONFIG_FIELDS) {
        const value = config[name];
        field(`c-${name}`).value = value === null || value === undefined ? "" : value;
    }
}

export function randomSeed() {
    return Math.floor(Math.random() * 2 ** 32);
}

/** The seed field's number; a fresh random seed (shown in the field) if it holds none. */
export function readSeed() {
    const value = field("seed").value.trim();
    if (/^\d+$/.test(value)) return Number(value);
    const seed = randomSeed();
    field("seed").value = seed;
    return seed;
}
