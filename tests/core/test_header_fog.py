"""Fog of war in the log header (``Game.header_for``): while a game runs, a seat's header carries the
scenario's data only as that seat may know it (each ruleset's view module decides). Two games that
differ only in a hidden fact of the set-up give the seat the same header; the umpire, and everyone
once the game is over, gets the whole of it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from riotact.core import UMPIRE, Game, find_scenario, make_bot, parse_scenario
from riotact.core.bots import play_out


def unit(setup: dict[str, Any], uid: str, key: str = "units") -> dict[str, Any]:
    return next(u for u in setup[key] if u["id"] == uid)


def bon_mg_moved(setup: dict[str, Any]) -> str:
    """BON-002: the Germans' MG team deploys hidden; the British may not know where."""
    unit(setup, "m")["at"] = [30, 26.5]
    return "MG 08 team"


def bwa_women_moved(setup: dict[str, Any]) -> str:
    """BWA-11: a hidden nonviolent unit (no spy of the authority's in it, BWA-26) is the nonviolent
    side's: the authority sees only a counter where it stands."""
    unit(setup, "women")["feature"] = "x11"
    return "Women's league"


def bwa_dummy_moved(setup: dict[str, Any]) -> str | None:
    """BWA-11: which counter is a dummy is its side's."""
    setup["dummies"][0]["feature"] = "x10"
    return None


def cd_crowd_and_bomb(setup: dict[str, Any]) -> str:
    """CD-01: crowds, their RL and the agent's bomb are the umpire's."""
    unit(setup, "B", "crowds")["rl"] = 5
    setup["bombs"][0]["radius"] = 4
    next(p for p in setup["players"] if p["seat"] == "fire")["negotiator"] = "good"
    return "agent_bomb"


def pp_outlaws_card(setup: dict[str, Any]) -> str:
    """PP-02: another seat's card (and the scoped rifle only the posse carries) is never shown."""
    unit(setup, "O1", "characters")["fight"] = 1
    return "Ned"


HIDDEN: list[tuple[str, str, str, Callable[[dict[str, Any]], str | None]]] = [
    ("breaking-of-nations/trench-raid", "british", "germans", bon_mg_moved),
    ("by-will-alone/night-of-barricades", "authority", "nonviolent", bwa_women_moved),
    ("by-will-alone/ministry-sit-in", "authority", "nonviolent", bwa_dummy_moved),
    ("civil-disorder/night-of-fires", "commander", UMPIRE, cd_crowd_and_bomb),
    ("public-participation/dry-gulch", "posse", "outlaws", pp_outlaws_card),
]


@pytest.mark.parametrize(("ref", "seat", "owner", "change"), HIDDEN, ids=[h[0] for h in HIDDEN])
def test_a_seats_header_holds_no_hidden_set_up(ref: str, seat: str, owner: str,
                                               change: Callable[[dict[str, Any]], str | None]) -> None:
    data = copy.deepcopy(find_scenario(ref).data)
    hidden = change(data["setup"])
    games = [Game(find_scenario(ref), seed=7), Game(parse_scenario(data, ref), seed=7)]
    seen = [g.header_for(seat)["scenario_data"] for g in games]
    assert seen[0] == seen[1]
    if hidden is not None:
        assert hidden not in str(seen[0])
        assert hidden in str(games[0].header_for(owner)["scenario_data"])  # its owner (or the umpire) knows
    assert games[1].header_for(UMPIRE)["scenario_data"] == data  # the umpire's is the whole of it


def test_a_seat_keeps_its_own_hidden_set_up_and_everyone_gets_it_all_at_the_end() -> None:
    """BON-002: each side's header keeps its own hidden units and the other side's open ones."""
    game = Game(find_scenario("breaking-of-nations/trench-raid"), seed=7,
                players={"british": "random", "germans": "random"})
    ids = {seat: {u["id"] for u in game.header_for(seat)["scenario_data"]["setup"]["units"]} for seat in game.seats}
    assert ids == {"british": {"A", "B", "h"}, "germans": {"g", "m", "h"}}
    play_out(game, {seat: make_bot("random", game, seat) for seat in game.seats})
    assert game.is_over() and game.header_for("british") == game.log.header
