"""Hidden information (BWA-11): nothing a seat may see or do tells a dummy counter from a unit,
and nothing names an unsighted unit or its commander to the other side."""

from __future__ import annotations

import json
import random
import re

import pytest

from riotact.core.bots import RandomBot
from riotact.core.errors import IllegalActionError
from riotact.core.game import Game
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset
from support import umpire_sees


def counter_at(bwa, node, *, dummy, units, **kw):
    """A game with a nonviolent counter at ``node``: a dummy or a hidden unit."""
    if dummy:
        return bwa.game(units, [], dummies=[{"side": "nonviolent", "feature": node}], **kw)
    return bwa.game([*units, bwa.nv("c", node, hidden=True)], [], **kw)


@pytest.mark.parametrize("dummy", [False, True])
def test_bwa11_moves_stop_at_any_counter(bwa, dummy) -> None:
    """BWA-11/12: a move stops at a counter whether or not a unit is behind it, so the legal
    moves do not tell a dummy from a unit (here a land vehicle, rate 3, beside a smoked counter)."""
    g = counter_at(bwa, "x1", dummy=dummy, units=[bwa.nv("n", "o4"), bwa.auth("v", "w0", type="land_vehicle")],
                   options={"first_initiative": "authority"}, smoke=["x1"])  # unsighted from next door
    assert [c["feature"] for c in g.view("authority")["state"]["counters"]] == ["x1"]
    moves = {a.id for a in g.legal_actions("authority") if a.id.startswith("v:move:")}
    assert moves == {"v:move:x1"}


@pytest.mark.parametrize("dummy", [False, True])
def test_bwa16_counters_block_the_wrong_way_like_units(bwa, dummy) -> None:
    """BWA-16/11: a way into a counter is blocked whatever the counter is (reverse is blocked by a
    friend, right by the counter, left has no street: the unit stays, and no direction is rolled)."""
    g = counter_at(bwa, "n5", dummy=dummy, units=[bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=4),
                                                  bwa.auth("friend", "e6", stands=1)],
                   options={"first_initiative": "authority"}, changed_signs=["x5"])
    bwa.script(g, [1, 1, 6, 6])  # 50% fail: the unit goes the wrong way
    bwa.orders(g, "authority", "cops:move:e4")
    assert bwa.unit(g, "cops")["feature"] == "x5"
    assert not [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BWA-16"]


def test_bwa48_unsighted_commanders_level_is_not_shown(bwa) -> None:
    """BWA-11/48: the nonviolent side sees the level of violence of sighted commanders only; an
    unsighted commander's escalation is logged to the authority side alone."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("ghost", "e6", hidden=True, weapons=2), bwa.auth("seen", "o5")],
                 [5], options={"first_initiative": "authority"})
    assert g.view("nonviolent")["state"]["levels"] == {"seen": 1}
    assert g.view("authority")["state"]["levels"] == {"ghost": 1, "seen": 1}
    bwa.orders(g, "authority", "ghost:escalate")
    assert bwa.sees(g)["levels"]["ghost"] == 2
    assert not [e for e in g.log_for("nonviolent") if "ghost" in e["text"]]
    assert [e for e in g.log_for("authority") if e.get("rule") == "BWA-48" and "ghost" in e["text"]]


def test_bwa38_unsighted_jailers_are_revealed_before_the_breakout(bwa) -> None:
    """BWA-11/38: escapers confronting unsighted jailers touch them: the jailers are revealed before
    any event names their stands."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.nv("j", None, stands=3, start="jail"),
                  bwa.auth("guard", "b", stands=2, hidden=True)], [],
                 jail={"feature": "b", "kind": "vehicle", "guards": "guard"})
    assert "counter" in bwa.unit(g, "guard")  # the umpire's view gives a hidden unit's counter
    bwa.script(g, [6] * 3 + [6] * 4 + [6] * 3 + [1] * 4 + [6] * 20)
    bwa.orders(g, "nonviolent", "jail:escape")
    public = [e for e in g.log_for("nonviolent") if "guard" in e["text"]]
    assert "counter" not in bwa.unit(g, "guard")
    assert public[0]["rule"] == "BWA-11" and "is sighted" in public[0]["text"]


@pytest.mark.parametrize("dummy", [False, True])
def test_bwa11_a_counter_is_a_target_even_if_an_aircraft_is_behind_it(bwa, dummy) -> None:
    """BWA-11/12: an unsighted aircraft's counter offers the same orders as a dummy's; on contact the
    aircraft is revealed and, never touched, is not confronted."""
    units = [bwa.nv("n", "w0"), bwa.auth("a", "o5")]
    smoke = ["x1"]              # the counter stays unsighted from next door
    if dummy:
        g = bwa.game(units, [], dummies=[{"side": "authority", "feature": "x1"}], smoke=smoke)
    else:
        g = bwa.game([*units, bwa.auth("heli", "x1", type="air_vehicle", hidden=True)], [], smoke=smoke)
    (counter,) = g.view("nonviolent")["state"]["counters"]
    label = counter["counter"]
    verbs = {a.id.split(":")[1] for a in g.legal_actions("nonviolent") if a.id.endswith(f":{label}")}
    moves = {a.id for a in g.legal_actions("nonviolent") if a.id.startswith("n:move:")}
    assert verbs == {"confront", "envelope", "disrupt"} and moves == {"n:move:x1"}
    bwa.orders(g, "nonviolent", f"n:confront:{label}")
    assert bwa.unit(g, "n")["feature"] == "x1" and not [e for e in g.log.events if e.get("rule") == "BWA-31"]
    if not dummy:
        assert "counter" not in bwa.unit(g, "heli")


def _mentions(text: str, uid: str) -> bool:
    """Whether JSON text names unit ``uid``: as a value, or as the prefix of one of its stands."""
    return re.search(rf'"{re.escape(uid)}(\.\d+)?"|\b{re.escape(uid)}\.\d+\b', text) is not None


@pytest.mark.parametrize(("name", "seed"), [("night-of-barricades", seed) for seed in (1, 2, 3, 4)]
                         + [("ministry-sit-in", 1), ("village-bulldozer", 1)])
def test_bwa11_unsighted_unit_ids_never_reach_the_other_side(name, seed) -> None:
    """BWA-11: in whole random games, no view of a seat and no event it is shown names an opposing
    unit (its id or its stands' ids) before that unit is sighted."""
    scenario = next(s for s in builtin_scenarios(get_ruleset("by-will-alone")) if s.id == name)
    game = Game(scenario, seed=seed)
    bots = {seat: RandomBot(seat, random.Random(seed)) for seat in game.seats}
    units = scenario.data["setup"]["units"]
    side_of = {u["id"]: u["side"] for u in units}
    # a unit starts hidden by its scenario (with what it carries), and stays so until sighted (BWA-11)
    started_hidden = {c for u in units if u.get("hidden") for c in (u["id"], *u.get("carrying", []))}
    hidden, told = set(started_hidden), 0
    while game.result is None:
        for e in game.log.events[told:]:
            if e.get("rule") == "BWA-11" and "unit" in e:
                hidden -= {e["unit"], *e.get("carrying", [])}
        told = len(game.log.events)
        for seat in game.seats:
            view = game.view(seat)  # (its own reserves carry "status": "reserve", not an enemy's id)
            side = view["state"]["side"]
            text = json.dumps({**view, "state": {k: v for k, v in view["state"].items() if k != "reserves"}})
            named = [uid for uid in hidden if side_of[uid] != side and _mentions(text, uid)]
            if named:  # a spy's master sees its unit (BWA-26 gap): the umpire's view shows the spies
                spied = {u["id"] for u in umpire_sees(game)["units"]
                         if any(s.get("role", "").startswith("spy") for s in u.get("stands", []))}
                leaked = [uid for uid in named if uid not in spied]
                assert not leaked, f"{seat} view names unsighted {leaked}"
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    for seat in game.seats:
        side = game.view(seat)["state"]["side"]
        events = game.log_for(seat)
        for uid in started_hidden:
            if side_of[uid] == side:
                continue
            revealed = next((i for i, e in enumerate(events) if e.get("rule") in ("BWA-11", "BWA-06")
                             and uid in (e.get("unit"), *e.get("carrying", []))), len(events))
            early = [e["text"] for e in events[:revealed] if _mentions(json.dumps(e), uid)]
            assert not early, f"{seat} is told of unsighted {uid}: {early[:2]}"


def test_bwa07_placing_an_unsighted_lost_unit_shows_only_its_counter(bwa) -> None:
    """BWA-07/11: the nonviolent side places a lost authority counter knowing only its label."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=4, hidden=True)], [],
                 options={"first_initiative": "authority"}, changed_signs=["x5"])
    bwa.script(g, [1] * 4)  # every stand fails: lost
    bwa.orders(g, "authority", "cops:move:e4")
    cops = bwa.unit(g, "cops")
    assert cops["lost"] and "counter" in cops and g.to_act() == ("nonviolent",)
    view = g.view("nonviolent")
    assert view["state"]["prompt"] == {"kind": "place_lost", "unit": cops["counter"]}
    assert "cops" not in json.dumps(view) + json.dumps(g.log_for("nonviolent"))
    screen = g.spec.text_view(view)
    assert f"place the lost unit counter ?{cops['counter'][1:]}" in screen and "cops" not in screen


def test_bwa26_unmasking_a_spy_in_an_unsighted_unit_stays_secret(bwa) -> None:
    """BWA-26/11: a side that unmasks a spy in its own unsighted unit tells the other side only that
    the counter left the table when it has no stand left."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("c", "o1", stands=1, hidden=True, without_commander=True),
                  bwa.auth("a", "e6")], [], infiltrators=[{"unit": "c", "kind": "spy"}])  # only the spy
    counter = bwa.unit(g, "c")["counter"]
    bwa.script(g, [6, 1])                # n's check passes; the umpire examines stand 1 of 1
    bwa.orders(g, "nonviolent", "n:identify:c")
    assert bwa.unit(g, "c") is None      # gone from the table
    public = json.dumps(g.log_for("authority"))
    assert not _mentions(public, "c") and f"counter {counter} leaves the table" in public
    assert "is unmasked as a spy" in json.dumps(g.log_for("nonviolent"))


def test_bwa11_refusals_do_not_confirm_an_unsighted_units_id(bwa) -> None:
    """BWA-11: an order naming an unsighted enemy unit by id is refused exactly as one naming no unit."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("ghost", "e6", hidden=True)], [])
    reasons = []
    for key in ("ghost", "nobody"):
        with pytest.raises(IllegalActionError) as refused:
            g.apply("nonviolent", f"{key}:move:x5")
        reasons.append(str(refused.value).replace(key, "KEY"))
    assert reasons[0] == reasons[1]
