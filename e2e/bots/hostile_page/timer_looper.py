"""Hostile bot for the page's tests: works between its moves. On its first move it starts a
loop every way its worker offers to have code called later (timers, Python's event loop,
channels of messages, animation frames, the task scheduler); each round of a loop thinks
5 ms and calls itself again. It passes every move, and prints what it managed: at its first
move "WAY: started" or "WAY: denied (Error)", and at every later move the rounds each loop
ran since then ("between moves: WAY 37"). The page must leave it no way to run between its
moves."""

import asyncio

import js
from pyodide.ffi import create_proxy

rounds: dict[str, int] = {}
#: Callbacks kept alive for good (a proxy freed early would stop its loop).
kept: list[object] = []


def think() -> None:
    """5 ms of the worker's time."""
    start = js.performance.now()
    while js.performance.now() - start < 5:
        pass


def looping(way: str, again) -> object:
    """A callback that thinks, counts a round of ``way`` and calls ``again`` (with itself)."""

    def round_() -> None:
        think()
        rounds[way] += 1
        again(callback)

    callback = create_proxy(lambda *_: round_())
    kept.append(callback)
    return callback


def with_timeout(callback) -> None:
    js.setTimeout(callback, 0)


def with_interval(callback) -> None:
    js.setInterval(callback, 10)


def with_event_loop(callback) -> None:
    asyncio.get_event_loop().call_soon(callback)


def with_frame(callback) -> None:
    js.requestAnimationFrame(callback)


def with_scheduler(callback) -> None:
    js.scheduler.postTask(callback)


def with_channel(callback) -> None:
    channel = js.MessageChannel.new()
    channel.port1.onmessage = callback
    channel.port2.postMessage(0)


def with_broadcast(callback) -> None:
    listener, sender = js.BroadcastChannel.new("loop"), js.BroadcastChannel.new("loop")
    listener.onmessage = callback
    sender.postMessage(0)


WAYS = {
    "setTimeout": with_timeout,
    "setInterval": with_interval,
    "asyncio": with_event_loop,
    "requestAnimationFrame": with_frame,
    "scheduler.postTask": with_scheduler,
    "MessageChannel": with_channel,
    "BroadcastChannel": with_broadcast,
}

started = False


def move(view):
    global started
    if not started:
        started = True
        for way, start in WAYS.items():
            rounds[way] = 0
            try:
                # setInterval calls again by itself: its rounds need not start another.
                start(looping(way, (lambda _: None) if way == "setInterval" else start))
            except Exception as error:  # noqa: BLE001 (what stopped it is the point)
                print(f"{way}: denied ({type(error).__name__})")
            else:
                print(f"{way}: started")
    else:
        ran = {way: count for way, count in rounds.items() if count}
        print("between moves: " + (", ".join(f"{way} {count}" for way, count in ran.items()) or "nothing"))
        for way in rounds:
            rounds[way] = 0
    return None
