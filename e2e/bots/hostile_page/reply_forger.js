(() => {
    // Hostile bot for the page's tests: always goes north, and on every request posts a
    // forged reply (south, thought in 0 ms) for every request id the page may use. None may count.
    return (state) => {
        for (let id = 1; id < 400; id++) {
            postMessage({id, answer: {kind: "move", move: "S", detail: "", ms: 0}, busy: 0});
        }
        return "N";
    };
})()
