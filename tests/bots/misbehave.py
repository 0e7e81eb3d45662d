"""Scripted misbehaving bot programs for the referee and checker tests.

Run as ``python misbehave.py MODE [ARG] NUMBER SIZE PLAYERS``. Every mode keeps its board
from the updates and plays legal moves (like ``instant_bot``) except where its misbehaviour
says otherwise; ``ARG`` is the request number (1-based) or milliseconds a mode uses.
"""

import os
import signal
import subprocess
import sys
import threading
import time
import uuid

from instant_bot import answer  # type: ignore[import-not-found]  # run as a program, beside it

OUT = sys.stdout.buffer


class Bot:
    """The board kept from the updates, and the count of move requests so far.

    ``swap_xy`` reads updates as ``y x c``; ``stale`` stops reading updates after its
    first move request.
    """

    def __init__(self, me: int, size: int, swap_xy: bool = False, stale: bool = False) -> None:
        self.me = me
        self.size = size
        self.cells = [0] * (size * size)
        self.mine: set[int] = set()
        self.requests = 0
        self.swap_xy = swap_xy
        self.stale = stale

    def update(self, line: bytes) -> None:
        if self.stale and self.requests:
            return
        x, y, colour = (int(part) for part in line.split())
        if self.swap_xy:
            x, y = y, x
        index = y * self.size + x
        self.cells[index] = colour
        if colour == self.me:
            self.mine.add(index)
        else:
            self.mine.discard(index)

    def move(self) -> bytes:
        return answer(self.cells, self.mine, self.size).encode()


def burn(seconds: float) -> None:
    """Use ``seconds`` of this process's CPU time, however long that takes."""
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass


def say(data: bytes) -> None:
    OUT.write(data)
    OUT.flush()


def hang() -> None:
    while True:
        time.sleep(60)


def spawn_sleeper() -> int:
    """A child that inherits our pipes and keeps them open; its command line carries a
    marker (in child.marker) that finds it from outside a sandbox."""
    marker = f"flit-test-sleeper-{uuid.uuid4().hex}"
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marker])
    with open("child.pid", "w") as handle:
        handle.write(str(child.pid))
    with open("child.marker", "w") as handle:
        handle.write(marker)
    return child.pid


def flood() -> None:
    """Lines nobody asked for, as fast as the pipe takes them, for ever."""
    junk = b"x" * 1000 + b"\n"
    while True:
        say(junk)


# -- what each mode does on a move request; returns what to print (None: nothing) --------


def on_request(mode: str, arg: int, bot: Bot) -> bytes | None:
    k = bot.requests
    if mode == "one_based":
        return b" ".join(str(int(part) + 1).encode() for part in bot.move().split()) + b"\n"
    if mode in (
        "good",
        "swap_xy",
        "stale",
        "wrong_seat",
        "ignore_term",
        "spawn_child",
        "flood_stderr",
        "chatty",
        "flood_stdout",
    ):
        if mode == "flood_stderr":
            sys.stderr.buffer.write(b"e" * 200_000 + b"\n")
            sys.stderr.buffer.flush()
        if mode == "chatty":
            return bot.move() + b"debug: thinking done\n"
        if mode == "flood_stdout":
            return bot.move() + b"spam spam spam\n" * arg
        return bot.move()
    if mode == "sleep":
        time.sleep(arg / 1000)
        return bot.move()
    if mode == "burn":
        burn(arg / 1000)
        return bot.move()
    if mode == "burn_in_thread":  # in a thread that has ended by the answer
        worker = threading.Thread(target=burn, args=(arg / 1000,))
        worker.start()
        worker.join()
        return bot.move()
    if mode == "burn_in_child":  # in a child process that has ended (and was waited for) by the answer
        child = [sys.executable, __file__, "burn", str(arg), "0", "0", "0"]
        subprocess.run(child, input=b"M\n", stdout=subprocess.DEVNULL, check=True)
        return bot.move()
    if mode in ("slow_start", "heavy_start"):
        if k == 1:
            (time.sleep if mode == "slow_start" else burn)(arg / 1000)
        return bot.move()
    if mode == "late_once":  # request 2 answers late with a marker that is not a move
        if k == 2:
            time.sleep(arg / 1000)
            return b"LATE\n"
        return bot.move()
    if mode == "silent":
        return None
    if mode == "garbage":
        return b"hello world\n"
    if mode == "illegal":
        return b"99 99 99 99\n"
    if mode == "partial_then_hang":
        if k == 2:
            say(b"1 2")
            hang()
        return bot.move()
    if mode == "long_line":
        return b"7" * 100_000 + b"\n" if k == 2 else bot.move()
    if mode == "not_utf8":
        return b"\xff\xfe 1 2\n" if k == 2 else bot.move()
    if mode == "crash_after":
        if k > arg:
            raise RuntimeError(f"boom at request {k}")
        return bot.move()
    if mode == "segfault_after":
        if k > arg:
            os.kill(os.getpid(), signal.SIGSEGV)
        return bot.move()
    if mode == "close_stdout_after":
        if k > arg:
            os.close(1)
            hang()
        return bot.move()
    if mode == "exit_after_answer":
        say(bot.move())
        sys.exit(0)
    if mode == "spawn_child_and_exit":
        if k > arg:
            spawn_sleeper()
            sys.exit(4)
        return bot.move()
    raise SystemExit(f"misbehave.py: unknown mode {mode}")


def main() -> None:
    mode, *rest = sys.argv[1:-3]
    arg = int(rest[0]) if rest else 0
    me, size, players = (int(value) for value in sys.argv[-3:])
    if mode == "wrong_seat":
        me = me % players + 1
    if mode == "crash_at_start":
        sys.stderr.write("cannot start: missing data file\n")
        sys.exit(arg or 3)
    if mode == "ignore_term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if mode == "spawn_child":
        spawn_sleeper()
    if mode == "flood_forever":
        threading.Thread(target=flood, daemon=True).start()
        mode = "good"
    # no_flush: answers sit in a full-size buffer, so the referee never sees them.
    unflushed = open(1, "wb", buffering=1 << 16, closefd=False)  # noqa: SIM115
    bot = Bot(me, size, swap_xy=mode == "swap_xy", stale=mode == "stale")
    for line in sys.stdin.buffer:
        if line[:1] != b"M":
            bot.update(line)
            continue
        bot.requests += 1
        if mode == "no_flush":
            unflushed.write(bot.move())
            continue
        reply = on_request(mode, arg, bot)
        if reply is not None:
            say(reply)
    if mode == "ignore_term":
        hang()  # input closed: a polite bot exits here; this one waits to be killed


if __name__ == "__main__":
    main()
