(() => {
    // Hostile bot for the page's tests: answers at once (the first free way), but leaves work
    // behind that runs after its answer, through what its worker keeps: a chain of fetches
    // (each a task of its own) waits 20 ms, then thinks 1.5 s. The page must find its worker
    // busy, replace it and charge the bot a timeout.
    return (state) => {
        const answered = performance.now() + 20;
        const later = () => {
            if (performance.now() < answered) return fetch("data:,later").then(later);
            while (performance.now() < answered + 1500);
        };
        later();
        const [x, y] = state.getSelf();
        const ways = {N: [x, y + 1], E: [x + 1, y], S: [x, y - 1], W: [x - 1, y]};
        return Object.keys(ways).find(way => state.get(...ways[way]) === " ") || "N";
    };
})()
