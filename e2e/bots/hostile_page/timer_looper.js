(() => {
    // Hostile bot for the page's tests: works between its moves. As it loads it starts a loop
    // every way its worker offers to have code called later; each round thinks 5 ms and calls
    // itself again. It always goes north, and logs what it managed: "WAY: started" or "WAY:
    // denied (Error)" as it loads, and at every move the rounds each loop ran since the last
    // ("between moves: WAY 37"). The page must leave it no way to run between its moves.
    const think = () => {
        const start = performance.now();
        while (performance.now() - start < 5);
    };
    const ways = {
        "setTimeout": again => setTimeout(again, 0),
        "setInterval": again => setInterval(again, 10),
        "requestAnimationFrame": again => requestAnimationFrame(again),
        "scheduler.postTask": again => scheduler.postTask(again),
        "MessageChannel": again => {
            const channel = new MessageChannel();
            channel.port1.onmessage = again;
            channel.port2.postMessage(0);
        },
        "BroadcastChannel": again => {
            const listener = new BroadcastChannel("loop"), sender = new BroadcastChannel("loop");
            listener.onmessage = again;
            sender.postMessage(0);
        },
    };
    const rounds = {};
    for (const [way, start] of Object.entries(ways)) {
        rounds[way] = 0;
        const round = () => {
            think();
            rounds[way] += 1;
            if (way !== "setInterval") start(round);
        };
        try {
            start(round);
            console.log(`${way}: started`);
        } catch (error) {
            console.log(`${way}: denied (${error.name})`);
        }
    }
    return (state) => {
        const ran = Object.entries(rounds).filter(([, count]) => count).map(([way, count]) => `${way} ${count}`);
        console.log(`between moves: ${ran.join(", ") || "nothing"}`);
        for (const way of Object.keys(rounds)) rounds[way] = 0;
        return "N";
    };
})()
