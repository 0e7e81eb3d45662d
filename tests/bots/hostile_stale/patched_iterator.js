// A light-cycle bot that drives straight away from its edge, and on its second call first
// makes iterating any array loop for ever, in its own realm and in the one that runs it
// (reached through the realm's escape), then answers: a host that destructures an array,
// the bot's or its own, never runs again.
(() => {
    let calls = 0, heading = "";
    const forever = function () { for (;;) {} };
    return function (state) {
        if (!heading) heading = state.getSelf()[1] === 0 ? "N" : "S";
        if (++calls === 2) {
            Array.prototype[Symbol.iterator] = forever;
            this.constructor.constructor("return Array")().prototype[Symbol.iterator] = forever;
        }
        return heading;
    };
})()
