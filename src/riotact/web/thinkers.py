"""Where the web table's bots think: pools of worker processes, so a table waiting on a bot never delays
the event loop (every other table, every seat's message); or, with no workers, in the server's process.
The workers run at a lower CPU priority than the server (bots thinking never take a core from the seats'
messages), and search bots have a pool of their own (a quick bot's reply never waits behind a search).

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


def _worker_starts(server: int, nice: int) -> None:
    """In a worker, first: step ``nice`` below the server's CPU priority (a core the server needs for its
    seats goes to it first; bots think on what is left); exit when the server process is gone, even killed
    with ``kill -9`` (which gives the pool no chance to stop its workers: the worker is then no longer its
    child); and load every ruleset now, not while the first bot of each waits for its move (a second or
    more of imports)."""
    os.nice(nice)

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


#: The two pools: bots that answer at once (random, heuristic) and those that think for a while (search).
QUICK, SEARCH = "quick", "search"
#: How far below the server's CPU priority its bot workers run (``os.nice``; 0 to 19).
BOT_NICE = 10
#: How far below the quick bots' workers the search bots' run (capped at 19): when the cores are short, a
#: heuristic bot's reply to a person goes before another table's second of search.
SEARCH_BELOW_QUICK = 5


def _pool_of(bot: Bot) -> str:
    return SEARCH if isinstance(bot, SearchBot) else QUICK


class Thinkers:
    """Two pools of ``workers`` processes each (0: the bots think in this process, on its event loop: tests,
    tiny servers), at most one per core: one for quick bots, started with the server, and one for search
    bots, started when the first of them moves, so a quick bot's reply never waits behind a search bot's
    thinking. The quick bots' workers run ``nice`` steps below the server's CPU priority, the search bots'
    :data:`SEARCH_BELOW_QUICK` steps further."""

    def __init__(self, workers: int, nice: int = BOT_NICE) -> None:
        self.workers = min(workers, os.cpu_count() or 1)
        self.nice = nice
        self._pools: dict[str, ProcessPoolExecutor] = {}
        #: Sorts of bot that did not pickle (:func:`_sort`): they think in a thread.
        self._unsendable: set[str] = set()

    def _pool(self, which: str) -> ProcessPoolExecutor:
        pool = self._pools.get(which)
        if pool is None:  # spawn: fresh processes, not forks of this one's threads and event loop
            pool = self._pools[which] = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_starts,
                initargs=(os.getpid(), min(19, self.nice + (SEARCH_BELOW_QUICK if which == SEARCH else 0))))
        return pool

    def start(self) -> None:
        """Start every quick bots' worker now (the server's start), so no bot waits for one to start and load
        the rulesets: the pool starts one process per job submitted while none is free."""
        if self.workers and QUICK not in self._pools:
            pool = self._pool(QUICK)
            for _ in range(self.workers):
                pool.submit(_started)

    async def choose(self, bot: Bot, view: dict[str, Any] | None, legal: list[Any]) -> tuple[str, Bot]:
        if not self.workers:
            return think(bot, view, legal)
        if _sort(bot) in self._unsendable:
            return await asyncio.to_thread(think, bot, view, legal)
        which = _pool_of(bot)
        pool = self._pool(which)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, think, bot, view, legal)
        except (pickle.PicklingError, AttributeError) as unsendable:  # what pickle raises for it
            log.info("a %s bot cannot be sent to a worker (%s): it thinks in a thread", _sort(bot), unsendable)
            self._unsendable.add(_sort(bot))
            return await asyncio.to_thread(think, bot, view, legal)
        except BrokenProcessPool:  # a worker was killed: a fresh pool for the next bot, this one thinks here
            log.error("a bot worker process died; starting the pool afresh")
            if self._pools.get(which) is pool:
                del self._pools[which]
            pool.shutdown(wait=False, cancel_futures=True)
            return think(bot, view, legal)

    def close(self) -> None:
        """Stop the workers and wait for them (a bot thinking finishes its move; those waiting are dropped).
        Waiting lets the pool release its queues' semaphores before the server exits: ``uvicorn`` ends a
        process stopped by SIGTERM with that signal, which runs no exit handler."""
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools.clear()
