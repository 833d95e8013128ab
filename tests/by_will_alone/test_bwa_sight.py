"""Sight along streets is mutual (BWA-10, BWA-11), played through ``Game``."""

from __future__ import annotations


def counters(g, seat) -> list[str]:
    return [c["feature"] for c in g.view(seat)["state"]["counters"]]


def test_bwa10_sight_along_a_street_is_mutual(bwa) -> None:
    """BWA-10: from the intersection x1 to e6 the units are three intersections apart (x3, x5 between
    them, x1 under one of them): neither sees the other, whichever stands on the crossing."""
    g = bwa.game([bwa.nv("n", "x1", hidden=True), bwa.auth("a", "e6", hidden=True)], [])
    assert counters(g, "authority") == ["x1"] and counters(g, "nonviolent") == ["e6"]
    assert not any(e.get("rule") == "BWA-11" and "is sighted" in e["text"] for e in g.log.events)


def test_bwa10_two_intersections_apart_both_see(bwa) -> None:
    """BWA-10: x1 and e4 are two apart (x3 between, x1 under one unit): both counters are revealed."""
    g = bwa.game([bwa.nv("n", "x1", hidden=True), bwa.auth("a", "e4", hidden=True)], [])
    assert counters(g, "authority") == [] and counters(g, "nonviolent") == []
    sighted = [e["text"] for e in g.log_for("nonviolent") if "is sighted" in e["text"]]
    assert len(sighted) == 2


def test_bwa10_moving_onto_the_crossing_does_not_see_further_than_it_is_seen(bwa) -> None:
    """BWA-10/11: a visible unit moving from m2 to the crossing x3 sees exactly the counters that
    see it: e6 (x5 between, x3 under it) is two apart; w0 (x1 between, x3 under it) too; n5 is not
    on Main Street."""
    g = bwa.game([bwa.nv("n", "m2"), bwa.auth("a", "e6", hidden=True), bwa.auth("c", "n5", hidden=True)],
                 [])
    bwa.orders(g, "nonviolent", "n:move:x3")
    assert counters(g, "nonviolent") == ["n5"]
