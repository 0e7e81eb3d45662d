// The settings form: the game's presets and its configuration's fields, both from the
// game's assets (flit_core/web/assets.py, from the game's definition: the page keeps no
// copy of them), custom values, and the seed. The page's Python validates whatever the
// form gives.
"use strict";

import {escapeHTML} from "./panels.js";

const field = /** @type {(id: string) => any} */ (id => document.getElementById(id));   // index.html's form fields
let settingsOf = null;   // the assets of the game the form is for

function fieldHTML(spec) {
    const id = `c-${escapeHTML(spec.name)}`;
    if (spec.type === "choice") {
        // Options carry their choice as JSON: a choice may be text, a number or true/false.
        const options = spec.choices.map(choice =>
            `<option value="${escapeHTML(JSON.stringify(choice))}">${escapeHTML(String(choice))}</option>`);
        // A field with one choice (set by tournaments, not by hand) is kept but not shown.
        const hidden = spec.choices.length === 1 ? " hidden" : "";
        return `<label${hidden}>${escapeHTML(spec.label)} <select id="${id}">${options.join("")}</select></label>`;
    }
    const bounds = ["min", "max"].filter(key => spec[key] !== undefined).map(key => ` ${key}="${spec[key]}"`).join("");
    const placeholder = spec.optional ? ' placeholder="default"' : "";
    return `<label>${escapeHTML(spec.label)} <input id="${id}" type="number"${bounds}${placeholder}></label>`;
}

/** Build the form for a game: its presets (the page's own first) and its custom fields. */
export function useGameSettings(assets) {
    settingsOf = assets;
    const labels = assets.preset_labels || {};
    const names = [assets.preset, ...Object.keys(assets.presets).filter(name => name !== assets.preset)];
    field("preset").innerHTML = names.map(name =>
        `<option value="${escapeHTML(name)}">${escapeHTML(labels[name] || name)}</option>`).join("")
        + '<option value="custom">Custom…</option>';
    field("custom").innerHTML = assets.fields.map(fieldHTML).join("\n");
}

/** The named preset's configuration, or undefined. */
export function presetConfig(name) {
    return Object.hasOwn(settingsOf.presets, name) ? {...settingsOf.presets[name]} : undefined;
}

/** The name of the preset whose configuration `config` is, else "custom" (as
 * flit_core/web/share.py's setup_dict names a link's preset). */
export function presetOf(config) {
    const same = preset => Object.keys(preset).length === Object.keys(config).length
        && Object.entries(preset).every(([key, value]) => config[key] === value);
    return Object.keys(settingsOf.presets).find(name => same(settingsOf.presets[name])) || "custom";
}

/** The configuration the form describes (a preset's, or the custom fields'). */
export function configFromForm() {
    const preset = field("preset").value;
    if (preset !== "custom") return presetConfig(preset);
    const config = {};
    for (const spec of settingsOf.fields) {
        const value = field(`c-${spec.name}`).value;
        config[spec.name] = spec.type === "choice" ? JSON.parse(value) : spec.optional && value === "" ? null : Number(value);
    }
    return config;
}

/** Show a preset (or "custom") and a configuration in the form. */
export function showConfig(preset, config) {
    field("preset").value = preset;
    field("custom").hidden = preset !== "custom";
    for (const spec of settingsOf.fields) {
        const value = config[spec.name], input = field(`c-${spec.name}`);
        if (spec.type !== "choice") {
            input.value = value === null || value === undefined ? "" : value;
            continue;
        }
        // A choice's option is its JSON, null included; a value the form does not offer (a
        // share link's) is added, so that the form gives back what it was shown.
        const json = JSON.stringify(value ?? null);
        if (![...input.options].some(option => option.value === json)) input.add(new Option(String(value), json));
        input.value = json;
    }
}

export function randomSeed() {
    return Math.floor(Math.random() * 2 ** 32);
}

/** Whether `value` is a seed: a whole number of 32 bits. */
export function isSeed(value) {
    return Number.isInteger(value) && value >= 0 && value < 2 ** 32;
}

/** What is wrong with the seed field, or "" (an empty field is fine: a random seed). */
export function seedProblem() {
    const input = field("seed"), value = input.value.trim();
    const bad = input.validity.badInput || (value !== "" && !(/^\d+$/.test(value) && isSeed(Number(value))));
    input.setAttribute("aria-invalid", String(bad));
    return bad ? `Seed: a whole number from 0 to ${2 ** 32 - 1}, or empty for a random one.` : "";
}

/** The seed field's number; a fresh random seed (shown in the field) if it holds none;
 * null if it holds something else (seedProblem says what). */
export function readSeed() {
    if (seedProblem()) return null;
    const value = field("seed").value.trim();
    if (value !== "") return Number(value);
    const seed = randomSeed();
    field("seed").value = seed;
    return seed;
}
