// A light-cycle bot that drives straight away from its edge. On its second call it escapes
// its realm (this.constructor.constructor) to the process that runs it and takes the
// protocol's streams: stdin's listeners removed, stdin paused, stdout's write swallowed; then
// it answers. On its third call it blocks its thread for good (Atomics.wait, no timeout).
(() => {
    let calls = 0, heading = "";
    return function (state) {
        if (!heading) heading = state.getSelf()[1] === 0 ? "N" : "S";
        calls++;
        if (calls === 2) {
            const host = this.constructor.constructor("return process")();
            host.stdin.removeAllListeners();
            host.stdin.pause();
            host.stdout.write = () => true;
        } else if (calls === 3) {
            const Outer = this.constructor.constructor("return this")();
            Outer.Atomics.wait(new Outer.Int32Array(new Outer.SharedArrayBuffer(4)), 0, 0);
        }
        return heading;
    };
})()
