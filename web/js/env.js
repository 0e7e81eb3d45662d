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

// The served page's bundle.json (index.html preloads it), asked for once.
const bundleResponse = given.bundle ? null : fetch(new URL("../bundle.json", import.meta.url));

/**
 * The served page's start-up snapshot of Pyodide's memory (flit_core/web/snapshot.py): a
 * promise of its bytes (a Uint8Array), fetched as soon as the page's script starts, of the
 * very sources the bundle holds (the digest its server names them by); null if none is
 * served (the snippet has none: its first bot worker makes one). On an isolated page they
 * are shared memory: every worker boots from the same bytes, not a copy of them.
 */
export const servedSnapshot = !bundleResponse || !env.snapshots ? Promise.resolve(null)
    : bundleResponse.then(bundle => {
        const address = new URL("../worker.snapshot", import.meta.url);
        const sources = bundle.headers.get("X-Flit-Sources");
        if (sources) address.searchParams.set("sources", sources);
        return fetch(address);
    }).then(response => (response.ok ? readBytes(response) : null)).catch(() => null);

async function readBytes(response) {
    const size = Number(response.headers.get("Content-Length"));
    if (!env.isolated || !size || !response.body) return new Uint8Array(await response.arrayBuffer());
    // Read straight into shared memory: no second, private copy to wait for the collector.
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let length = 0;
    for (const reader = response.body.getReader();;) {
        const {done, value} = await reader.read();
        if (done) break;
        if (length + value.length > size) throw new Error("the snapshot is longer than announced");
        bytes.set(value, length);
        length += value.length;
    }
    if (length !== size) throw new Error("the snapshot is shorter than announced");
    return bytes;
}

// Pyodide reads a snapshot's header with TextDecoder, which refuses views of shared memory:
// decode a copy of those (the header is small). bot-worker.js has the same for its realm.
if (env.isolated) {
    const decode = TextDecoder.prototype.decode;
    TextDecoder.prototype.decode = function (input, options) {
        return decode.call(this, input && input.buffer instanceof SharedArrayBuffer ? input.slice() : input, options);
    };
}

/** The bundle: {modules, packages, games, default} (flit_core/web/assets.py). Call it once. */
export async function loadBundle() {
    if (env.bundle) return env.bundle;
    const response = await bundleResponse;
    if (!response.ok) throw new Error(`bundle.json: HTTP ${response.status}`);
    return response.json();
}
