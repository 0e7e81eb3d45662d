"""A user namespace for one bot of a referee running as root with no pids cgroup to make.

The kernel never holds a process whose real user is root to ``RLIMIT_NPROC``, and in the
user namespace bubblewrap makes for a root referee the bot's root is root. Run as
``python -I -S userns.py UID -- COMMAND...``, this script makes a user namespace that maps
root to root and ``UID`` to itself, lets no further user namespace be made in it, and
executes COMMAND (bubblewrap, which then makes the sandbox's other namespaces in it) as
its root. Inside the sandbox the bot is switched to ``UID`` (the sandbox's ``setpriv``),
keeping only the capabilities that read and write, in this namespace, the files the
sandbox shows it (as its root did): ``RLIMIT_NPROC`` then counts the bot's processes in
this namespace, and nothing in it can become root again to escape the count.

Standalone (only the standard library): it runs at every start of such a bot.
"""

import ctypes
import os
import sys

CLONE_NEWUSER = 0x10000000


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="ascii") as handle:
        handle.write(text)


def main(arguments: list[str]) -> None:
    """Make the namespace and execute the command in it."""
    uid, _separator, *command = arguments
    unshared_r, unshared_w = os.pipe()
    mapped_r, mapped_w = os.pipe()
    namespace_pid = os.getpid()
    # Only a process outside the new namespace, with root's capabilities there, may map a
    # second user into it: a child of ours, while we wait.
    mapper = os.fork()
    if mapper == 0:
        os.close(unshared_w)
        status = 1
        if os.read(unshared_r, 1) == b".":
            _write(f"/proc/{namespace_pid}/uid_map", f"0 0 1\n{uid} {uid} 1\n")
            _write(f"/proc/{namespace_pid}/gid_map", "0 0 1\n")
            os.write(mapped_w, b".")
            status = 0
        os._exit(status)
    os.close(unshared_r)
    os.close(mapped_w)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWUSER) != 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    os.write(unshared_w, b".")
    mapped = os.read(mapped_r, 1) == b"."
    os.waitpid(mapper, 0)
    if not mapped:
        raise OSError("its user could not be mapped")
    _write("/proc/sys/user/max_user_namespaces", "0")
    os.execvp(command[0], command)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except OSError as error:
        print(f"flit-arena: cannot make the bot's user namespace: {error}", file=sys.stderr)
        sys.exit(126)
