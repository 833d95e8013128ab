"""Where the web table's bots think: a pool of worker processes, so a table waiting on a bot never delays
the event loop (every other table, every seat's message); or, with no workers, in the server's process.

A bot is its seat and its own dice of chance (``Bot.rng``): it is sent to a worker with the view and the
legal actions it is shown, and comes back with its decision and its dice as they are after thinking. A
search bot also takes its copy of the game (it deals its worlds from it). A bot that cannot be sent (it
holds something that does not pickle) thinks in a thread of this process instead, which keeps the event
loop answering between its slices of time.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from riotact.core import Bot
from riotact.core.search import SearchBot
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


def _started() -> None:
    """In a worker: nothing (submitted once per worker at the server's start, so each is started then)."""


def think(bot: Bot, view: dict[str, Any] | None, legal: list[Any]) -> tuple[str, Bot]:
    """In a worker: the bot's decision, and the bot after making it."""
    return bot.choose(view, legal), bot


def _sort(bot: Bot) -> str:
    """A bot's class, and for a bot that carries its game the ruleset: whether it pickles depends on both."""
    return f"{type(bot).__name__}:{bot.game.spec.id}" if isinstance(bot, SearchBot) else type(bot).__name__


class Thinkers:
    """``workers`` processes (0: the bots think in this process, on its event loop: tests, tiny servers)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        #: Sorts of bot that did not pickle (:func:`_sort`): they think in a thread.
        self._unsendable: set[str] = set()

    def _start(self) -> ProcessPoolExecutor:
        # spawn: fresh processes, not forks of this one's threads and event loop.
        self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                         initializer=_worker_starts, initargs=(os.getpid(),))
        return self._pool

    def start(self) -> None:
        """Start every worker now (the server's start), so no bot waits for one to start and load the
        rulesets: the pool starts one process per job submitted while none is free."""
        if self.workers and self._pool is None:
            pool = self._start()
            for _ in range(self.workers):
                pool.submit(_started)

    async def choose(self, bot: Bot, view: dict[str, Any] | None, legal: list[Any]) -> tuple[str, Bot]:
        if not self.workers:
            return think(bot, view, legal)
        if _sort(bot) in self._unsendable:
            return await asyncio.to_thread(think, bot, view, legal)
        pool = self._pool or self._start()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, think, bot, view, legal)
        except (pickle.PicklingError, AttributeError) as unsendable:  # what pickle raises for it
            log.info("a %s bot cannot be sent to a worker (%s): it thinks in a thread", _sort(bot), unsendable)
            self._unsendable.add(_sort(bot))
            return await asyncio.to_thread(think, bot, view, legal)
        except BrokenProcessPool:  # a worker was killed: a fresh pool for the next bot, this one thinks here
            log.error("a bot worker process died; starting the pool afresh")
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            return think(bot, view, legal)

    def close(self) -> None:
        """Stop the workers and wait for them (a bot thinking finishes its move; those waiting are dropped).
        Waiting lets the pool release its queues' semaphores before the server exits: ``uvicorn`` ends a
        process stopped by SIGTERM with that signal, which runs no exit handler."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
