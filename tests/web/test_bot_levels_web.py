"""The lobby seats bots by level (``easy``, ``normal``, ``hard``) or kind; the table records the kind, and a
``hard`` bot (the search bot) plays from a worker process, or from a thread where its game cannot be
sent to one (shapely's prepared geometry does not pickle)."""

from __future__ import annotations

import asyncio
import time
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
    server = LiveServer(build_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_workers=1))
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


def test_a_search_bot_whose_game_does_not_pickle_thinks_in_a_thread() -> None:
    game = Game(find_scenario("breaking-of-nations/trench-raid"), seed=2)
    acting = game.to_act()[0]
    bot = make_bot("hard", game, acting)
    assert isinstance(bot, SearchBot)
    bot.seconds = 0.2
    thinkers = Thinkers(1)
    try:
        legal = list(game.legal_actions(acting))
        for _ in range(2):  # the second goes straight to a thread
            action, _thought = asyncio.run(thinkers.choose(bot, game.view(acting), legal))
            assert action in {a.id for a in legal}
        assert thinkers._unsendable == {"SearchBot:breaking-of-nations"}
    finally:
        thinkers.close()
