"""Where the web table's bots think: a pool of worker processes, so a table waiting on a bot never delays
the event loop (every other table, every seat's message); or, with no workers, in the server's process.

A bot is its seat and its own dice of chance (``Bot.rng``): it is sent to a worker with the view and the
legal actions it is shown, and comes back with its decision and its dice as they are after thinking.

Each worker is one process on one pipe, read by the event loop itself (``add_reader``): a bot's move
costs its pickling and two pipe writes, no thread of the server's (``concurrent.futures``' process pool
hands every job through two threads and a queue of its own, which cost the server more CPU than a
heuristic bot's thinking).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from riotact.core import Bot
from riotact.rulesets import all_rulesets

log = logging.getLogger("riotact.web")


def _worker_starts(server: int) -> None:
    """In a worker, first: exit when the server process is gone, even killed with ``kill -9`` (which
    gives the pool no chance to stop its workers: the worker is then no longer its child); and load every
    ruleset now, not while the first bot of each waits for its move (a second or more of imports)."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    all_rulesets()


def _work(pipe: Connection, server: int) -> None:
    """A worker: think for every bot sent on ``pipe`` until the pipe closes (the server stops)."""
    _worker_starts(server)
    while True:
        try:
            bot, view, legal = pickle.loads(pipe.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, think(bot, view, legal))
        except Exception as exc:  # a bot's bug: raised in the server, as if it had thought there
            answer = (False, exc)
        pipe.send_bytes(pickle.dumps(answer, pickle.HIGHEST_PROTOCOL))


def think(bot: Bot, view: dict[str, Any] | None, legal: list[Any]) -> tuple[str, Bot]:
    """The bot's decision, and the bot after making it (in a worker, or in the server with no workers)."""
    return bot.choose(view, legal), bot


class WorkerDied(Exception):
    """A worker process ended while a bot thought in it (killed, out of memory)."""


class _Worker:
    """One worker process, the server's end of its pipe, and the answer awaited from it (if any)."""

    def __init__(self, process: BaseProcess, pipe: Connection) -> None:
        self.process, self.pipe = process, pipe
        self.answer: asyncio.Future[tuple[bool, Any]] | None = None


class Thinkers:
    """``workers`` processes (0: the bots think in this process, on its event loop: tests, tiny servers)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._free: list[_Worker] = []
        self._busy: list[_Worker] = []
        self._waiting: list[asyncio.Future[None]] = []  # bots waiting for a free worker, first come first

    def start(self) -> None:
        """Start every worker now (the server's start), so no bot waits for one to start and load the
        rulesets. Call on the event loop."""
        while len(self._free) + len(self._busy) < self.workers:
            self._free.append(self._spawn())

    def _spawn(self) -> _Worker:
        # spawn: a fresh process, not a fork of this one's threads and event loop.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=_work, args=(theirs, os.getpid()), daemon=True, name="riotact-bots")
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        asyncio.get_running_loop().add_reader(ours.fileno(), self._answered, worker)
        return worker

    def _answered(self, worker: _Worker) -> None:
        """The worker's pipe is readable: its answer, or its end (the process died)."""
        try:
            answer: tuple[bool, Any] = pickle.loads(worker.pipe.recv_bytes())
        except (EOFError, OSError):
            self._lost(worker)
            return
        if worker.answer is not None and not worker.answer.done():
            worker.answer.set_result(answer)
        worker.answer = None
        self._busy.remove(worker)
        self._free.append(worker)
        self._wake_one()

    def _lost(self, worker: _Worker) -> None:
        """A worker died: its bot (if one thought there) is told; another is started when a bot needs one."""
        if worker.answer is not None and not worker.answer.done():
            worker.answer.set_exception(WorkerDied())
        if worker not in (*self._free, *self._busy):
            return  # already forgotten
        log.error("a bot worker process died; starting another")
        self._forget(worker)
        if self._waiting:
            self.start()
            self._wake_one()

    def _forget(self, worker: _Worker) -> None:
        asyncio.get_running_loop().remove_reader(worker.pipe.fileno())
        worker.pipe.close()
        for group in (self._free, self._busy):
            if worker in group:
                group.remove(worker)

    def _wake_one(self) -> None:
        while self._waiting and self._free:
            waiter = self._waiting.pop(0)
            if not waiter.done():
                waiter.set_result(None)
                return

    async def choose(self, bot: Bot, view: dict[str, Any] | None, legal: list[Any]) -> tuple[str, Bot]:
        if not self.workers:
            return think(bot, view, legal)
        self.start()
        while not self._free:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.append(waiter)
            await waiter
        worker = self._free.pop()
        self._busy.append(worker)
        worker.answer = asyncio.get_running_loop().create_future()
        answer = worker.answer
        try:
            worker.pipe.send_bytes(pickle.dumps((bot, view, legal), pickle.HIGHEST_PROTOCOL))
            ok, found = await answer
        except (WorkerDied, OSError):  # killed: another starts for the next bot; this one thinks here
            self._lost(worker)
            return think(bot, view, legal)
        if not ok:
            raise found
        return found

    def close(self) -> None:
        """Stop the workers and wait for them (a bot thinking finishes its move). Call on the event loop."""
        for worker in [*self._free, *self._busy]:
            self._forget(worker)  # the worker reads the end of its pipe and returns
            worker.process.join(timeout=10)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
        for waiter in self._waiting:
            waiter.cancel()
        self._waiting.clear()
