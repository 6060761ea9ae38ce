"""Matches spread over processes: this one, a pool of this machine's cores, or a Ray cluster.

:func:`spread` runs ``fn`` on every job and yields the results **in the jobs' order**, wherever
they were played, so a seeded run adds up the same whether it ran in one process, in a pool or on
Ray (each job carries its own seeds; nothing depends on which process plays it).

Ray (``--ray ADDRESS``, the optional ``ray`` extra: ``pip install "gamenight[ray]"``) is imported
only when asked for. ``ADDRESS`` is ``local`` (start a Ray instance on this machine for the run
and stop it after), ``auto`` (join the Ray cluster this machine is part of, as ``ray start`` left
it) or ``ray://HOST:PORT`` (a cluster's Ray Client address). Every node of a cluster needs
gamenight installed (and a ``--bot`` module importable), as the matches are played there. A Ray
instance already running in this process (``ray.init`` called by a program) is used as it is.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

#: the addresses --ray takes, in words
RAY_ADDRESSES = "local, auto or ray://HOST:PORT"


class SpreadError(ValueError):
    """Ray cannot be used as asked; the message is one sentence saying why and what to do."""


def check_ray_address(address: str) -> str:
    """``address`` as Ray takes it, or :class:`SpreadError` (checked before any match is played)."""
    if address in ("local", "auto") or (address.startswith("ray://") and len(address) > len("ray://")):
        return address
    raise SpreadError(f"--ray takes {RAY_ADDRESSES}, not {address!r}.")


def spread(fn: Callable[[J], R], jobs: Sequence[J], *, workers: int | None = None,
           ray: str | None = None) -> Iterator[R]:
    """``fn(job)`` for every job, in order: on Ray at ``ray`` if given, else over ``workers``
    processes (default: every core; 1: in this process)."""
    if ray is not None:
        yield from ray_map(fn, jobs, ray)
        return
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    if workers <= 1:
        yield from map(fn, jobs)
        return
    pool = ProcessPoolExecutor(workers)
    try:
        yield from pool.map(fn, jobs)
    finally:  # stopped early (Ctrl-C): the matches not started are dropped, not played out
        pool.shutdown(wait=True, cancel_futures=True)


def import_ray() -> Any:
    """The ``ray`` module, imported now (never at gamenight's import)."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SpreadError('--ray needs Ray, which is not installed: pip install "gamenight[ray]".') from None


def connect(ray: Any, address: str) -> bool:
    """Join (or start) the Ray instance at ``address``; whether this call started it (then it is
    stopped after the run). A Ray instance this process already joined is used as it is."""
    if ray.is_initialized():
        return False
    try:
        if address == "local":  # a new instance, even where `ray start` left a cluster running
            ray.init(address="local", include_dashboard=False, logging_level=logging.ERROR)
        else:
            ray.init(address=address, logging_level=logging.ERROR)
    except Exception as e:  # no cluster there, a refused connection: one sentence, not Ray's traceback
        raise SpreadError(f"Ray could not be reached at {address!r} ({type(e).__name__}: "
                          f"{str(e).splitlines()[0] if str(e) else 'no reason given'}).") from None
    return True


def ray_map(fn: Callable[[J], R], jobs: Sequence[J], address: str) -> Iterator[R]:
    """``fn(job)`` for every job as one Ray task each (one CPU), the results in the jobs' order."""
    check_ray_address(address)
    ray = import_ray()
    started = connect(ray, address)
    refs: list[Any] = []
    try:
        task = ray.remote(num_cpus=1)(fn)
        refs = [task.remote(job) for job in jobs]
        for i, ref in enumerate(refs):
            yield ray.get(ref)
            refs[i] = None  # done: nothing to cancel, and Ray may free the result
    finally:
        for ref in refs:
            if ref is not None:
                ray.cancel(ref)
        if started:
            ray.shutdown()


__all__ = ["RAY_ADDRESSES", "SpreadError", "check_ray_address", "import_ray", "ray_map", "spread"]
