(() => {
    // Hostile bot for the page's tests: as it loads, starts Web Workers that loop for ever
    // (from data: and blob: addresses), reaching for a worker every way its worker offers, and
    // logs one line a way, "WAY: started" or "WAY: denied (Error)"; three at the most. It
    // always goes north. The page must leave it no way to start one.
    const address = "data:text/javascript,for(;;){}";
    const ways = {
        "Worker": () => new Worker(address),
        "globalThis.Worker": () => new globalThis.Worker(address),
        "self.Worker": () => new self.Worker(address),
        "eval": () => (0, eval)(`new Worker(${JSON.stringify(address)})`),
        "new Function": () => new Function("a", "return new Worker(a)")(address),
        "the global scope's prototypes": () => {
            for (let o = self; o; o = Object.getPrototypeOf(o)) if (Object.hasOwn(o, "Worker")) return new o.Worker(address);
            throw new ReferenceError("none");
        },
        "a blob: address": () => new Worker(URL.createObjectURL(new Blob(["for(;;){}"]))),
        "SharedWorker": () => new self.SharedWorker(address),
        "importScripts": () => importScripts(address),
        "OffscreenCanvas": () => new OffscreenCanvas(1, 1).getContext("webgl"),
        "BroadcastChannel": () => new BroadcastChannel("flit"),
    };
    let started = 0;
    for (const [way, make] of Object.entries(ways)) {
        if (started >= 3) {
            console.log(`${way}: not tried (three running)`);
            continue;
        }
        try {
            make();
            started += 1;
            console.log(`${way}: started`);
        } catch (error) {
            console.log(`${way}: denied (${error.name})`);
        }
    }
    return (state) => "N";
})()
