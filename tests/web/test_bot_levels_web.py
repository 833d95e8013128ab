"""The lobby seats bots by level (``easy``, ``normal``, ``hard``) or kind; the table records the kind, and a
``hard`` bot (the search bot) plays from a worker process with its copy of the game (every ruleset's game
pickles), or from a thread where a bot cannot be sent to one."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from riotact.core import Game, find_scenario, make_bot
from riotact.core.search import SearchBot
from riotact.web.app import build_app, catalogue
from riotact.web.store import open_store
from riotact.web.thinkers import Thinkers
from web_support import LiveServer, create, seat


def test_the_catalogue_offers_the_levels_and_where_search_plays() -> None:
    shown = catalogue()
    assert shown["bot_levels"] == {"easy": "random", "normal": "heuristic", "hard": "search"}
    assert all(s["search"] for r in shown["rulesets"] for s in r["scenarios"])


def test_a_hard_bot_seated_by_level_plays_from_a_worker(tmp_path: Path) -> None:
    # at the server's priority: below it, on a machine whose cores are all taken, a second of a search
    # bot's CPU may take minutes (as meant: the seats first), longer than this test waits
    server = LiveServer(build_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_workers=1, bot_nice=0))
    try:
        made = create(server, scenario="revolting-behaviour/first-game", seats={"p1": "hard", "p2": "person"},
                      seed=4, options={"first_turn_order": "seats"})
        assert made["bots"] == {"p1": "search"}
        table = server.app.state.room.tables[made["table"]]
        assert table.seats["p1"] == "search" and isinstance(table.bots["p1"], SearchBot)
        p2 = seat(server, made["tokens"]["p2"])
        deadline = time.monotonic() + 60
        while not any(s == "p1" for s, _ in table.game.decisions) and time.monotonic() < deadline:
            p2.poll(1)
        assert any(s == "p1" for s, _ in table.game.decisions)
        p2.close()
    finally:
        server.stop()


def _choose(thinkers: Thinkers, bot: object, game: Game, seat: str) -> str:
    """One decision through the thinkers, on an event loop of its own thread (a test process may already
    run one: Playwright's)."""
    legal = list(game.legal_actions(seat))
    with ThreadPoolExecutor(1) as loop_thread:
        action, _thought = loop_thread.submit(asyncio.run, thinkers.choose(bot, game.view(seat), legal)).result()
    assert action in {a.id for a in legal}
    return action


def test_a_search_bot_of_a_tabletop_game_thinks_in_a_worker_and_one_that_cannot_be_sent_in_a_thread() -> None:
    """The Breaking of Nations' search bot travels with its game (its table's shapes pickle); a bot holding
    something that does not pickle (here a lambda) thinks in a thread, and so does every later bot of its sort."""
    game = Game(find_scenario("breaking-of-nations/trench-raid"), seed=2)
    acting = game.to_act()[0]
    bot = make_bot("hard", game, acting)
    assert isinstance(bot, SearchBot)
    bot.seconds = 0.2
    rb = Game(find_scenario("revolting-behaviour/first-game"), seed=2, options={"first_turn_order": "seats"})
    unsendable = make_bot("hard", rb, "p1")
    unsendable.iterations, unsendable.note = 4, lambda: None  # type: ignore[attr-defined]
    thinkers = Thinkers(1)
    try:
        _choose(thinkers, bot, game, acting)
        assert thinkers._unsendable == set()
        for _ in range(2):  # the second goes straight to a thread
            _choose(thinkers, unsendable, rb, "p1")
        assert thinkers._unsendable == {"SearchBot:revolting-behaviour"}
    finally:
        thinkers.close()
