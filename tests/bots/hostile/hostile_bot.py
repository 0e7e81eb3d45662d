"""Scripted hostile bot programs for the sandbox tests: each tries one attack at start-up,
writes what came of it to report.json in its working folder, then answers every move
request with "no move" (or misbehaves on stdout, in the output modes).

Run as ``python hostile_bot.py MODE [ARG...] NUMBER SIZE PLAYERS``.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

NO_MOVE = b"0 0 0 0\n"


def report(**found):
    with open("report.json", "w") as handle:
        json.dump(found, handle)


def attempt(action):
    """What ``action()`` gave, or the error it raised, as text."""
    try:
        result = action()
    except BaseException as error:  # noqa: BLE001 - a report of any failure
        return f"error: {type(error).__name__}: {error}"
    return "ok" if result is None else result


def write(path, data=b"hostile\n"):
    with open(path, "wb") as handle:
        handle.write(data)


def read(path, size=200):
    with open(path, "rb") as handle:
        return handle.read(size).decode("utf-8", "replace")


def escape(targets):
    """Write a file in the working folder, then at every path given."""
    report(
        inside=attempt(lambda: write("inside.txt")),
        outside={path: attempt(lambda p=path: write(p)) for path in targets},
    )


def spy(referee, victim):
    """Look around /proc, read secrets, and signal the referee, the victim and everyone."""
    pids = sorted(int(name) for name in os.listdir("/proc") if name.isdigit())
    commands = {}
    for pid in pids:
        commands[pid] = attempt(lambda p=pid: read(f"/proc/{p}/cmdline").replace("\0", " "))
    found = dict(
        pid=os.getpid(),
        parent=os.getppid(),
        pids=pids,
        commands=commands,
        shadow=attempt(lambda: read("/etc/shadow")),
        gshadow=attempt(lambda: read("/etc/gshadow")),
        referee_environ=attempt(lambda: read(f"/proc/{referee}/environ")),
        victim_cmdline=attempt(lambda: read(f"/proc/{victim}/cmdline")),
        victim_stdin=attempt(lambda: read(f"/proc/{victim}/fd/0", 1)),
        # A harmless signal to the referee: whether it could be reached at all.
        signal_referee=attempt(lambda: os.kill(referee, signal.SIGCONT)),
        kill_victim=attempt(lambda: os.kill(victim, signal.SIGKILL)),
    )
    if os.getpid() == 2:
        # Only inside a PID namespace: there, "everyone" is this sandbox.
        found["kill_everyone"] = attempt(lambda: os.kill(-1, signal.SIGKILL))
    report(**found)


def network(port):
    """Connect to a port on the referee's loopback."""

    def connect():
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass

    report(connect=attempt(connect), hostname=socket.gethostname())


def children(marker):
    """A plain child, a daemon that left the session, and a child started by timeout."""
    sleeper = [sys.executable, "-c", "import time; time.sleep(600)"]
    subprocess.Popen([*sleeper, f"{marker}-plain"])
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [*sleeper, f"{marker}-daemon"])
        os._exit(0)
    os.wait()
    subprocess.Popen(["timeout", "600", "sh", "-c", "sleep 600", f"{marker}-timeout"])
    # Answer only once all three run their own programs (found by their command lines).
    deadline = time.monotonic() + 60
    while not all(running(f"{marker}-{kind}") for kind in ("plain", "daemon", "timeout")):
        if time.monotonic() > deadline:
            break
        time.sleep(0.01)
    report(started=True)


def running(marker):
    """Whether a process of those this bot can see has ``marker`` in its command line."""
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if marker.encode() in read_bytes(f"/proc/{name}/cmdline"):
                    return True
            except OSError:
                continue
    return False


def read_bytes(path):
    with open(path, "rb") as handle:
        return handle.read()


def fork_bomb(most, marker):
    """Start sleeping children until the system refuses (at most ``most``)."""
    started = 0
    error = None
    while started < most:
        try:
            pid = os.fork()
        except OSError as refused:
            error = f"{type(refused).__name__}: {refused}"
            break
        if pid == 0:
            time.sleep(600)  # the marker is in this copy's command line too
            os._exit(0)
        started += 1
    report(started=started, error=error)


def hog(megabytes):
    """Take memory 16 MiB at a time, touching every page, up to ``megabytes``."""
    held: list[bytearray] = []
    error = None
    try:
        while len(held) * 16 < megabytes:
            held.append(bytearray(16 << 20))
    except MemoryError:
        error = "MemoryError"
    report(held_mb=len(held) * 16, error=error)


def spread_hog(children, megabytes, marker):
    """Start ``children`` children that each take ``megabytes`` MiB (touching every page) and
    sleep: within each process's address-space limit, over the bot's limit together. Report
    how many of them still live once all have had their go."""
    pids = []
    for _ in range(children):
        ready, done = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(ready)
            held = bytearray(megabytes << 20)
            held[:: 1 << 12] = b"x" * len(held[:: 1 << 12])
            os.write(done, b"+")
            time.sleep(600)  # the marker is in this copy's command line too
            os._exit(0)
        os.close(done)
        os.read(ready, 1)  # its memory taken, or it was killed taking it
        os.close(ready)
        pids.append(pid)
    alive = [pid for pid in pids if os.waitpid(pid, os.WNOHANG) == (0, 0)]
    report(alive=len(alive), held_mb=len(alive) * megabytes, marker=marker)


def big_file(megabytes):
    """Write a file of ``megabytes`` MiB in the working folder and in /tmp."""
    chunk = b"x" * (1 << 20)

    def fill(path):
        with open(path, "wb") as handle:
            for _ in range(megabytes):
                handle.write(chunk)

    report(folder=attempt(lambda: fill("big.bin")), tmp=attempt(lambda: fill("/tmp/big.bin")))


def nested_namespaces():
    """Make a user namespace, or a network one, inside the sandbox."""
    codes = {
        kind: subprocess.run(["unshare", flag, "true"], capture_output=True).returncode
        for kind, flag in (("user", "-U"), ("network", "-n"))
    }
    report(**codes)


def flood():
    junk = b"x" * 1000 + b"\n"
    while True:
        sys.stdout.buffer.write(junk)
        sys.stdout.buffer.flush()


def main():
    mode, *args = sys.argv[1:-3]
    if mode == "escape":
        escape(args)
    elif mode == "spy":
        spy(int(args[0]), int(args[1]))
    elif mode == "network":
        network(int(args[0]))
    elif mode == "children":
        children(args[0])
    elif mode == "fork_bomb":
        fork_bomb(int(args[0]), args[1])
    elif mode == "hog":
        hog(int(args[0]))
    elif mode == "spread_hog":
        spread_hog(int(args[0]), int(args[1]), args[2])
    elif mode == "spin":
        while True:
            pass
    elif mode == "big_file":
        big_file(int(args[0]))
    elif mode == "nested_namespaces":
        nested_namespaces()
    elif mode == "startup_line":
        sys.stdout.write("hello from start-up\n")
        sys.stdout.flush()
        time.sleep(int(args[0]) / 1000)
    elif mode == "flood":
        threading.Thread(target=flood, daemon=True).start()
    delay = int(args[0]) / 1000 if mode == "junk_after" else None
    for line in sys.stdin.buffer:
        if line[:1] != b"M":
            continue
        sys.stdout.buffer.write(NO_MOVE)
        sys.stdout.buffer.flush()
        if delay is not None:
            time.sleep(delay)
            sys.stdout.buffer.write(b"junk printed after the answer\n")
            sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
