"""Copies for search (``Game.clone``, determinisations): independent of the game they were taken from,
and cheap (the table's shapely geometry, the cards and the caches whose entries hold in any game are
shared, never copied per world)."""

from __future__ import annotations

import random

from public_participation import pp_support
from public_participation.pp_support import ch, wall
from riotact.core import Game, find_scenario


def random_play(game: Game, seed: int, limit: int = 10_000) -> None:
    rng = random.Random(seed)
    while game.to_act() and len(game.decisions) < limit:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[int(rng.random() * len(legal))].id)


def replayed(game: Game) -> Game:
    """The same decisions on a game that was never copied."""
    fresh = Game(game.scenario, seed=game.seed)
    for seat, action_id in game.decisions:
        fresh.apply(seat, action_id)
    return fresh


def test_a_clone_and_its_original_play_on_apart_each_as_if_never_copied():
    game = Game(find_scenario("public-participation/picket-line"), seed=4)
    random_play(game, 1, limit=40)
    clone = game.clone()
    random_play(clone, 2)
    random_play(game, 3)
    assert clone.decisions != game.decisions
    for played in (game, clone):
        assert played.log.events == replayed(played).log.events


def test_a_copy_shares_the_table_and_cards_and_copies_the_characters():
    game = Game(find_scenario("public-participation/dry-gulch"), seed=1)
    clone = game.clone()
    ours, theirs = game.state, clone.state
    assert theirs.table is ours.table and theirs.table.features[0].shape is ours.table.features[0].shape
    for cid, c in ours.chars.items():
        twin = theirs.chars[cid]
        assert twin is not c and twin.card is c.card and twin.done is not c.done and twin.nerve is not c.nerve


def test_pp06_an_obstacle_ruled_in_a_clone_leaves_the_originals_moves_as_they_were():
    """The clone's ruling makes the low wall cost 5" (PP-06); the original's menu, asked after the
    clone's, is still worked out with the wall the scenario gave (1")."""
    low = wall("low", [(0, 8), (30, 8), (30, 8.5), (0, 8.5)], obstacle="most", name="the low wall")
    chars = [ch("R1", "red", (5, 5)), ch("B1", "blue", (5, 12)), ch("B2", "blue", (25, 25))]

    def fresh() -> Game:
        return pp_support.game(chars, features=[low], seats=["red", "blue", "umpire"])

    before = [(a.id, a.text) for a in fresh().legal_actions("red")]
    game = fresh()
    clone = game.clone()
    clone.intervene("obstacle", feature="low", kind="really_difficult", reason="topped with glass")
    assert [(a.id, a.text) for a in clone.legal_actions("red")] != before
    assert [(a.id, a.text) for a in game.legal_actions("red")] == before
