"""Sweeps on a Dask distributed cluster (optional extra ``cluster``; docs/lab.md says why Dask).

The scheduler at ADDRESS runs the same tasks as the local pool (:func:`.sweep.play_task`); the
rows come back in task order, so the table is the one a local run writes. Workers need riotact
installed, at the same version.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from .sweep import Runner, SweepError, Task, play_task


def dask_runner(address: str, *, timeout: float = 10) -> Runner:
    try:
        from distributed import Client
    except ImportError:
        raise SweepError("--cluster needs Dask distributed: pip install 'riotact[cluster]'") from None

    def run(tasks: Iterable[Task]) -> Iterator[list[dict[str, Any]]]:
        try:
            client = Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SweepError(f"cannot reach a Dask scheduler at {address}: {exc}") from None
        try:
            window = 4 * max(1, sum(client.nthreads().values()))
            pending: deque[Any] = deque()
            for task in tasks:
                pending.append(client.submit(play_task, task, pure=False))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            client.close()
    return run
