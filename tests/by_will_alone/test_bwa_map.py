"""Sighting, counters, movement, smoke and street signs (BWA-09..16)."""

from __future__ import annotations

import pytest

from riotact.core.errors import IllegalActionError


def sighted(bwa, here, there, **setup):
    """Whether a nonviolent unit at ``here`` sights a hidden authority unit at ``there`` (BWA-09/10):
    the nonviolent view then shows the unit itself, not its counter (BWA-11)."""
    g = bwa.game([bwa.nv("n", here), bwa.auth("a", there, hidden=True)], [], **setup)
    return any(u.get("id") == "a" for u in g.view("nonviolent")["state"]["units"])


def seen_ids(g, seat):
    return {u["id"] for u in g.view(seat)["state"]["units"] if "id" in u}


def destinations(g, seat, uid):
    """Where a unit may move (BWA-12): its legal move orders."""
    return {a.id.split(":")[2] for a in g.legal_actions(seat) if a.id.startswith(f"{uid}:move:")}


def test_bwa09_open_sight_blocked_by_woods(bwa) -> None:
    """BWA-09: in the open, a clear line sights the whole unit; woods between block it."""
    g = bwa.game([bwa.nv("n", "o1"), bwa.auth("seen", "o5", hidden=True), bwa.auth("unseen", "o3", hidden=True),
                  bwa.auth("a", "e6")], [])
    view = g.view("nonviolent")["state"]
    seen = {u["id"]: u for u in view["units"] if "id" in u}
    assert len(seen["seen"]["stands"]) == 4  # sighted from o1: revealed with all its stands
    assert "unseen" not in seen              # the woods at o2 stand between o1 and o3
    assert [c["feature"] for c in view["counters"]] == ["o3"]


def test_bwa09_smoke_blocks_sight_like_terrain(bwa) -> None:
    assert sighted(bwa, "o4", "o5") and not sighted(bwa, "o4", "o5", smoke=["o5"])
    assert sighted(bwa, "o4", "o5", smoke=["o5"], options={"smoke_blocks_sight": False})


def test_bwa10_built_up_sight_ends_beyond_two_intersections(bwa) -> None:
    """BWA-10: up the street, one or two intersections apart: seen; three: not; no common road: not."""
    assert sighted(bwa, "w0", "m2") and sighted(bwa, "w0", "e4")  # one and two intersections
    assert not sighted(bwa, "w0", "e6")                            # three intersections
    assert not sighted(bwa, "n1", "n5")                            # different streets, buildings between
    assert sighted(bwa, "w0", "e6", options={"sight_intersections": 3})


def test_bwa11_counters_dummies_and_reveal(bwa) -> None:
    """BWA-11: a sighted counter shows its stands, a sighted dummy goes, an unseen counter stays."""
    g = bwa.game([bwa.nv("n", "n5"), bwa.auth("a", "e6", hidden=True), bwa.auth("b", "s3", hidden=True)],
                 [], dummies=[{"side": "authority", "feature": "e4"}])
    view = g.view("nonviolent")["state"]
    assert {c["feature"] for c in view["counters"]} == {"e6", "s3", "e4"}  # East Street sees none of them
    assert not [u for u in view["units"] if u["side"] == "authority"]
    assert "stands" not in str(view["counters"])
    bwa.orders(g, "nonviolent", "n:move:x5")  # onto Main Street: the counters at e4 and e6 are in sight
    view = g.view("nonviolent")["state"]
    assert "a" in seen_ids(g, "nonviolent") and not [u for u in bwa.sees(g)["units"] if u.get("dummy")]
    assert [c["feature"] for c in view["counters"]] == ["s3"]  # s3 is not in sight from x5 (South Street
    assert "b" not in seen_ids(g, "nonviolent")                 # only meets Main at x3)
    texts = [e["text"] for e in g.log.events]
    assert any("it is a dummy and is removed" in t for t in texts)
    assert any("is sighted: it is a (a), 4 stands" in t for t in texts)


def test_bwa11_counter_moves_are_indistinguishable(bwa) -> None:
    """BWA-11: a real counter and a dummy make the same public move event."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", hidden=True), bwa.auth("v", "o1")], [],
                 dummies=[{"side": "authority", "feature": "w0"}], options={"first_initiative": "authority"})
    own = g.view("authority")["state"]["units"]
    dummy = next(u["counter"] for u in own if u.get("dummy"))
    counter = next(u["counter"] for u in own if u.get("id") == "a")
    bwa.orders(g, "authority", "a:move:x5", f"{dummy}:move:x1")
    public = [e["text"] for e in g.log_for("nonviolent") if e.get("rule") == "BWA-11"]
    assert any(t == f"Counter {counter} moves from e6 to x5." for t in public)
    assert any(t == f"Counter {dummy} moves from w0 to x1." for t in public)


def test_bwa12_movement_rates(bwa) -> None:
    """BWA-12: actionists 1 feature, police 2, land vehicles 3, aircraft anywhere."""
    g = bwa.game([bwa.nv("n", "m2"), bwa.auth("p", "o4"), bwa.auth("v", "e6", type="land_vehicle"),
                  bwa.auth("air", "o5", type="air_vehicle")], [])
    police = bwa.game([bwa.nv("n", "m2"), bwa.auth("p", "o4"), bwa.auth("v", "e6", type="land_vehicle"),
                       bwa.auth("air", "o5", type="air_vehicle")], [], options={"first_initiative": "authority"})
    assert destinations(g, "nonviolent", "n") == {"x1", "x3", "h"}
    assert destinations(police, "authority", "v") == {"x5", "e4", "n5", "x3"}
    assert destinations(police, "authority", "p") == {"o1", "o5", "o2", "o3", "n1"}
    features = {f["id"] for f in bwa.sees(g)["map"]["features"]}
    assert destinations(police, "authority", "air") == features - {"o5"}
    with pytest.raises(IllegalActionError):
        g.apply("nonviolent", "n:move:e4")  # two features away


def test_bwa12_land_vehicle_moves_three_and_stops_on_contact(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x3"), bwa.auth("v", "w0", type="land_vehicle"), bwa.auth("p", "o4")], [],
                 options={"first_initiative": "authority"})
    dest = destinations(g, "authority", "v")
    assert "x3" in dest and "e4" not in dest  # contact at x3 ends the move


def test_bwa13_vehicle_smoke_screen_and_artillery_barrage(bwa) -> None:
    """BWA-13: a screen puts 3 balls behind the vehicle; 2 cannons put 20 balls left and right."""
    g = bwa.game([bwa.nv("n", "e6"), bwa.auth("v", "x3", type="land_vehicle", smoke=["screen"]),
                  bwa.auth("guns", "w0", cannons=2)], [], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "v:smoke:screen@m2", "guns:smoke:barrage@x3")
    screen, barrage = [e["balls"] for e in g.log.events if "balls" in e]
    assert screen == {"m2": 3}
    assert sum(barrage.values()) == 20 and barrage == {"s3": 10, "x3": 10}  # the nonviolent side's pots: below


def test_bwa13_smoke_pots_downwind_and_smoke_clears(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], wind="east")
    bwa.orders(g, "nonviolent", "n:smoke:pots")
    assert bwa.sees(g)["smoke"] == {} and bwa.sees(g)["initiative"] == "authority"  # no risk: passed; smoke gone
    events = [e for e in g.log.events if e.get("rule") == "BWA-13" and "balls" in e]
    assert events[0]["balls"] == {"w0": 1, "x1": 1, "m2": 1}


def test_bwa14_change_signs_nonviolent_only_and_secret(bwa) -> None:
    """BWA-14: only activists change signs; the authority learns of it only on arrival."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "x5")], [])
    assert "n:signs" in [a.id for a in g.legal_actions("nonviolent")]
    police = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "x5")], [], options={"first_initiative": "authority"})
    assert "a:move:e4" in [a.id for a in police.legal_actions("authority")]  # its orders, at an intersection too
    assert not any(a.id.endswith(":signs") for a in police.legal_actions("authority"))
    bwa.orders(g, "nonviolent", "n:signs")
    assert "x1" in g.view("nonviolent")["state"]["changed_signs"]
    assert g.view("authority")["state"]["changed_signs"] == []
    assert not [a for a in g.legal_actions("authority") if a.id.endswith(":signs")]


def test_bwa15_area_and_gps_add_four(bwa) -> None:
    """BWA-15: a Reliable unit from the area with GPS adds +4: every stand passes on a 1."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=4, origin="area", gps=True)], [],
                 options={"first_initiative": "authority"}, changed_signs=["x5"])
    bwa.script(g, [1, 1, 1, 1])
    bwa.orders(g, "authority", "cops:move:e4")
    roll = next(e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BWA-14")
    assert sum(m["value"] for m in roll["modifiers"]) == 4 and roll["successes"] == 4
    assert bwa.unit(g, "cops")["feature"] == "e4"


def test_bwa15_neighbouring_area_is_plus_one(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", origin="neighbouring")], [],
                 options={"first_initiative": "authority"}, changed_signs=["x5"])
    bwa.script(g, [6, 6, 6, 6])
    bwa.orders(g, "authority", "cops:move:e4")
    roll = next(e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BWA-14")
    assert [m["value"] for m in roll["modifiers"]] == [1]


def test_bwa16_reverse_on_three_and_reroll_when_blocked(bwa) -> None:
    """BWA-16: 3 reverses; a way blocked by any unit is rerolled (here 3, then 1 = right)."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=4), bwa.auth("friend", "e6", stands=1)],
                 [], options={"first_initiative": "authority"}, changed_signs=["x5"])
    bwa.script(g, [1, 1, 6, 6, 3, 1])  # 50% fail: wrong direction; 3 reverse (blocked), 1 right
    bwa.orders(g, "authority", "cops:move:e4")
    assert bwa.unit(g, "cops")["feature"] == "n5"


def test_bwa10_the_map_is_built_once_and_shared(bwa) -> None:
    """BWA-09/10: sight lines are worked out once per map: games of one map, their clones and undone
    games share it; a different sight rule (house rule) gets its own."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [])
    same = bwa.game([bwa.nv("m", "e6"), bwa.auth("b", "o4")], [])
    wider = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], options={"sight_intersections": 3})
    # that they share one object is what is tested: no view shows it (STATE_READS)
    mine, same_map, clones, wider_map = (game.state.map for game in (g, same, g.clone(), wider))
    assert mine is same_map and clones is mine and wider_map is not mine
    assert sighted(bwa, "w0", "e6", options={"sight_intersections": 3}) and not sighted(bwa, "w0", "e6")
