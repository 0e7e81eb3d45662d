// An in-memory stand-in for IndexedDB where the page may not open the real one: a sandboxed
// frame without same-origin (a Stack Snippet) has an opaque origin, where indexedDB.open
// throws, and PyScript opens IndexedDB (its package cache) before it starts Python. Only the
// snippet loads this (flit_core/web/embed.py); it keeps nothing between visits. The
// challenge's own store (js/challenge-store.js) tells an opaque origin by its localStorage
// and keeps its games in memory there, saying so.
"use strict";

function request(result) {
    const pending = {result, onsuccess: null, onerror: null};
    queueMicrotask(() => pending.onsuccess && pending.onsuccess({target: pending, type: "success"}));
    return pending;
}

class MemoryStore {
    constructor() { this.map = new Map(); }
    count() { return request(this.map.size); }
    clear() { this.map.clear(); return request(undefined); }
    delete(key) { this.map.delete(key); return request(undefined); }
    get(key) { return request(this.map.get(key)); }
    getKey(key) { return request(this.map.has(key) ? key : undefined); }
    getAll() { return request([...this.map.values()]); }
    getAllKeys() { return request([...this.map.keys()]); }
    put(value, key) { this.map.set(key, value); return request(key); }
}

class MemoryDatabase {
    constructor() { this.stores = new Map(); }
    get objectStoreNames() { return [...this.stores.keys()]; }
    createObjectStore(name) {
        this.stores.set(name, new MemoryStore());
        return this.stores.get(name);
    }
    transaction() {
        return {objectStore: name => this.stores.get(name) || this.createObjectStore(name)};
    }
    close() {}
}

if (self.origin === "null") {
    const databases = new Map();
    const memory = {
        open(name) {
            if (!databases.has(name)) databases.set(name, new MemoryDatabase());
            return request(databases.get(name));
        },
    };
    Object.defineProperty(self, "indexedDB", {value: memory, configurable: true});
}
