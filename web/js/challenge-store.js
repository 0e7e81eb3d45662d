// What the challenge arena keeps between visits: per tournament (its key names the question,
// the game and the settings) its state and every finished game's record and replay, in
// IndexedDB. A sandboxed frame without same-origin may keep nothing: then the store lives in
// memory only and says so (persistent: false).
"use strict";

const DATABASE = "flit-arena-challenge";
const STATES = "states", GAMES = "games";

function done(request) {
    return new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
}

/** True if this frame may keep data (its origin is not opaque). */
function storageAllowed() {
    try {
        localStorage.setItem("flit-arena-probe", "1");
        localStorage.removeItem("flit-arena-probe");
        return typeof indexedDB === "object" && indexedDB !== null;
    } catch {
        return false;
    }
}

/** An in-memory store with the same methods, for frames that may keep nothing. */
class MemoryBackend {
    constructor() { this.maps = {[STATES]: new Map(), [GAMES]: new Map()}; }
    async get(store, key) { return this.maps[store].get(key); }
    async put(store, key, value) { this.maps[store].set(key, value); }
    async range(store, prefix) {
        return [...this.maps[store].entries()].filter(([key]) => key.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, value]) => value);
    }
    async clear(store, prefix) {
        for (const key of [...this.maps[store].keys()]) if (key.startsWith(prefix)) this.maps[store].delete(key);
    }
}

class IndexedBackend {
    constructor(db) { this.db = db; }
    _store(name, mode) { return this.db.transaction(name, mode).objectStore(name); }
    get(store, key) { return done(this._store(store, "readonly").get(key)); }
    put(store, key, value) { return done(this._store(store, "readwrite").put(value, key)); }
    range(store, prefix) { return done(this._store(store, "readonly").getAll(IDBKeyRange.bound(prefix, prefix + "\uffff"))); }
    clear(store, prefix) { return done(this._store(store, "readwrite").delete(IDBKeyRange.bound(prefix, prefix + "\uffff"))); }
}

async function openBackend() {
    if (!storageAllowed()) return new MemoryBackend();
    try {
        const request = indexedDB.open(DATABASE, 1);
        request.onupgradeneeded = () => {
            request.result.createObjectStore(STATES);
            request.result.createObjectStore(GAMES);
        };
        return new IndexedBackend(await done(request));
    } catch {
        return new MemoryBackend();
    }
}

/** Game keys sort in play order: the index padded to 9 digits. */
function gameKey(key, index) {
    return `${key}\u0000${String(index).padStart(9, "0")}`;
}

export class ChallengeStore {
    /** The store of the tournament named by `parts` (question, site, game, settings). */
    static async open(parts) {
        const backend = await openBackend();
        return new ChallengeStore(backend, JSON.stringify(parts));
    }

    constructor(backend, key) {
        this.backend = backend;
        this.key = key;
        this.persistent = backend instanceof IndexedBackend;
    }

    /** The saved state and games ({record, replay, problems} in play order), or null. */
    async load() {
        const state = await this.backend.get(STATES, this.key);
        if (!state) return null;
        const games = await this.backend.range(GAMES, `${this.key}\u0000`);
        return {state, games: games.slice(0, state.played)};
    }

    /** Keep a finished game (before the state that counts it). */
    saveGame(index, game) {
        return this.backend.put(GAMES, gameKey(this.key, index), game);
    }

    saveState(state) {
        return this.backend.put(STATES, this.key, state);
    }

    /** Keep only `games` (in play order, numbered afresh) and `state`, which counts them. */
    async replaceGames(games, state) {
        await this.backend.clear(GAMES, `${this.key}\u0000`);
        for (const [index, game] of games.entries()) await this.saveGame(index, game);
        await this.saveState(state);
    }

    /** Forget this tournament. */
    async reset() {
        await this.backend.clear(GAMES, `${this.key}\u0000`);
        await this.backend.put(STATES, this.key, null);
    }
}
