// Where the page's runtime comes from. The served page uses its own files; the embed
// snippet sets window.FLIT_ENV before this runs (a CDN Pyodide, an inline bundle).
"use strict";

const given = window.FLIT_ENV || {};

export const env = {
    pyodideURL: given.pyodideURL || new URL("../vendor/pyodide/pyodide.mjs", import.meta.url).href,
    workerURL: given.workerURL || new URL("../bot-worker.js", import.meta.url).href,
    bundle: given.bundle || null,
    // SharedArrayBuffer (and so interrupting a bot) exists only when the page is isolated.
    isolated: Boolean(self.crossOriginIsolated && typeof SharedArrayBuffer === "function"),
    embedded: Boolean(given.embedded),
    // ?snapshots=0 boots every worker afresh (to compare; snapshots are experimental in Pyodide).
    snapshots: new URLSearchParams(location.search).get("snapshots") !== "0",
};

/**
 * The served page's start-up snapshot of Pyodide's memory (flit_core/web/snapshot.py): a
 * promise of its bytes, fetched as soon as the page's script starts; null if none is
 * served (the snippet has none: its first bot worker makes one).
 */
export const servedSnapshot = env.embedded || !env.snapshots ? Promise.resolve(null)
    : fetch(new URL("../worker.snapshot", import.meta.url)).then(response => (response.ok ? response.arrayBuffer() : null)).catch(() => null);

export async function loadBundle() {
    if (env.bundle) return env.bundle;
    const response = await fetch(new URL("../bundle.json", import.meta.url));
    if (!response.ok) throw new Error(`bundle.json: HTTP ${response.status}`);
    return response.json();
}
