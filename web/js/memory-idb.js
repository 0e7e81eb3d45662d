// An in-memory stand-in for IndexedDB, for the embed snippet only: a sandboxed iframe
// without same-origin may not open IndexedDB, and PyScript opens it (for its package
// cache) before it starts Python. The stand-in keeps nothing between visits.
"use strict";

function request(result) {
    const req = {result, onsuccess: null, onerror: null};
    queueMicrotask(() => req.onsuccess && req.onsuccess({target: req, type: "success"}));
    return req;
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
        const store = new MemoryStore();
        this.stores.set(name, store);
        return store;
    }
    transaction(name) {
        const stores = this.stores;
        return {objectStore: storeName => stores.get(storeName) || stores.set(storeName, new MemoryStore()).get(storeName)};
    }
    close() {}
}

/** Give the page an in-memory IndexedDB if the real one is denied here. */
export function installMemoryIndexedDB() {
    try {
        indexedDB.open("flit-arena-probe");
        return false;
    } catch {
        const databases = new Map();
        const memory = {
            open(name) {
                if (!databases.has(name)) databases.set(name, new MemoryDatabase());
                return request(databases.get(name));
            },
        };
        Object.defineProperty(window, "indexedDB", {value: memory, configurable: true});
        return true;
    }
}
