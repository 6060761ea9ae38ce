"""``gamenight serve --workers N``: N server processes on one listening socket and one PostgreSQL.

The first process binds the address once, then starts N ``gamenight serve`` processes with the same
options, each handed the listening socket (``--listen-fd``): the kernel gives each new connection
to one of them. The tables are shared through the database (:mod:`gamenight.server.cluster`), so
it does not matter which process a request reaches. The first process only watches: a worker that
dies (a crash, an out-of-memory kill) is started again, and its tables are taken over meanwhile by
the others. Ctrl-C or SIGTERM stops them all.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

#: a worker that dies this soon after starting, this many times in a row, is not started again
QUICK_DEATH_S = 5.0
QUICK_DEATHS = 5
#: how often the watcher looks at its workers
WATCH_EVERY_S = 0.5

NEEDS_POSTGRES = ("--workers {n} needs a PostgreSQL database (--db postgresql://…): an SQLite file "
                  "is served by one process.")


def worker_argv(argv: Sequence[str], fd: int) -> list[str]:
    """This command line without ``--workers``, and with the listening socket's descriptor."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg == "--workers":
            skip = True
            continue
        if arg.startswith("--workers="):
            continue
        out.append(arg)
    return [sys.executable, "-m", "gamenight", *out, "--listen-fd", str(fd)]


def listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def supervise(workers: int, host: str, port: int, argv: Sequence[str]) -> int:
    """Run ``workers`` worker processes until stopped; returns the exit status."""
    sock = listening_socket(host, port)
    command = worker_argv(argv, sock.fileno())
    procs: list[subprocess.Popen[bytes]] = []
    started: list[float] = []
    quick = 0

    def start(i: int) -> None:
        # a session of its own: Ctrl-C reaches the watcher, which stops each worker once
        proc = subprocess.Popen(command, pass_fds=(sock.fileno(),), start_new_session=True)
        if i < len(procs):
            procs[i], started[i] = proc, time.monotonic()
        else:
            procs.append(proc)
            started.append(time.monotonic())

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        for i in range(workers):
            start(i)
        while True:
            time.sleep(WATCH_EVERY_S)  # the watcher's own pace: it waits for nothing else
            for i, proc in enumerate(procs):
                code = proc.poll()
                if code is None:
                    continue
                quick = quick + 1 if time.monotonic() - started[i] < QUICK_DEATH_S else 0
                if quick >= QUICK_DEATHS:
                    print(f"gamenight: workers keep stopping at once (last status {code}): giving up.",
                          file=sys.stderr)
                    return 1
                print(f"gamenight: worker {proc.pid} stopped (status {code}): starting another.",
                      file=sys.stderr)
                start(i)
    except KeyboardInterrupt:
        return 0
    finally:
        for proc in procs:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGINT)
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        sock.close()


def inherited_socket(fd: int) -> socket.socket:
    """The listening socket a watcher handed this worker; the worker stops when its watcher is gone
    (killed, say), rather than serving on unwatched."""
    sock = socket.socket(fileno=fd)
    os.set_inheritable(fd, False)
    threading.Thread(target=_stop_when_orphaned, args=(os.getppid(),), name="gamenight-watcher-gone",
                     daemon=True).start()
    return sock


def _stop_when_orphaned(watcher: int) -> None:
    while os.getppid() == watcher:
        time.sleep(WATCH_EVERY_S)
    os.kill(os.getpid(), signal.SIGTERM)  # uvicorn's graceful stop


__all__ = ["NEEDS_POSTGRES", "inherited_socket", "supervise", "worker_argv"]
