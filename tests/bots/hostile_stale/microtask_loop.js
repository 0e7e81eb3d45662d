// A light-cycle bot that drives straight away from its edge, and on its second call also
// starts a chain of promises that never ends (each microtask queues the next), then answers:
// a host that runs the bot on its own thread never runs again after that answer.
(() => {
    let calls = 0, heading = "";
    return function (state) {
        if (!heading) heading = state.getSelf()[1] === 0 ? "N" : "S";
        if (++calls === 2) Promise.resolve().then(function again() { return Promise.resolve().then(again); });
        return heading;
    };
})()
