"""The jail stays guarded while its guard unit can see it (BWA-37, BWA-38 gap), played through ``Game``."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("guard_at", ["b", "e4"])
def test_bwa38_the_guard_in_sight_of_the_jail_still_guards_it(bwa, guard_at) -> None:
    """The arrest squad guarding the jail in building b has gone to e4 (next to it) to make arrests:
    an arrested stand that passes its escape roll must still confront it, and does not walk out."""
    units = [bwa.nv("n", None, stands=1, start="jail"), bwa.nv("m", "o4"), bwa.auth("g", guard_at, stands=1)]
    g = bwa.game(units, [], jail={"feature": "b", "kind": "open", "guards": "g"})
    # escape roll 6 passes; the guard's accidental check 3+3; escaper's die 4, guard's die 4: level
    bwa.script(g, [6, 3, 3, 4, 4])
    bwa.orders(g, "nonviolent", "jail:escape")
    log = [e["text"] for e in g.log_for("nonviolent")]
    assert any("Confrontation: Escaping stands (escapers) against g (g) (breaking out of jail)" in t for t in log)
    assert not any("escape (no jailers guard the jail)" in t for t in log)
    assert g.view("authority")["state"]["jail"]["stands"] == ["n.1"]


def test_bwa38_a_jail_nobody_can_see_is_unguarded(bwa) -> None:
    units = [bwa.nv("n", None, stands=1, start="jail"), bwa.nv("m", "o4"), bwa.auth("g", "o5", stands=1)]
    g = bwa.game(units, [], jail={"feature": "b", "kind": "open", "guards": "g"})
    bwa.script(g, [6])
    bwa.orders(g, "nonviolent", "jail:escape")
    assert any("escape (no jailers guard the jail)" in e["text"] for e in g.log_for("authority"))
    assert g.view("authority")["state"]["jail"]["stands"] == []


def test_bwa38_house_rule_guards_only_on_the_jail(bwa) -> None:
    units = [bwa.nv("n", None, stands=1, start="jail"), bwa.nv("m", "o4"), bwa.auth("g", "e4", stands=1)]
    g = bwa.game(units, [], jail={"feature": "b", "kind": "open", "guards": "g"},
                 options={"jail_guarded_from": "feature"})
    bwa.script(g, [6])
    bwa.orders(g, "nonviolent", "jail:escape")
    assert g.view("authority")["state"]["jail"]["stands"] == []


def test_bwa38_other_police_in_sight_are_not_jailers(bwa) -> None:
    """Only the jail's own guard watches it from a distance; other police guard it standing on it."""
    units = [bwa.nv("n", None, stands=1, start="jail"), bwa.nv("m", "o4"), bwa.auth("g", "o5", stands=1),
             bwa.auth("c", "e4", stands=1)]
    g = bwa.game(units, [], jail={"feature": "b", "kind": "open", "guards": "g"})
    bwa.script(g, [6])
    bwa.orders(g, "nonviolent", "jail:escape")
    assert g.view("authority")["state"]["jail"]["stands"] == []
