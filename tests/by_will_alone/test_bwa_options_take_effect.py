"""Options and modifiers that must act, not only be named (issue 7, By Will Alone item 5), played
through ``Game``: BWA-19 ``condition_needs_contact``, BWA-13 smoke placement, BWA-34 commander modifier."""

from __future__ import annotations


def confrontation_rolls(g, who: str) -> list[dict]:
    return [e for e in g.log_for("authority")
            if e["kind"] == "roll" and e["rule"] == "BWA-32" and e["who"].startswith(who)]


def test_bwa19_condition_needs_contact_false_offers_fraternize_out_of_contact(bwa) -> None:
    """BWA-19 house rule off: a unit with no authority unit near may Fraternize and Party."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [2],
                 options={"condition_needs_contact": False})
    offered = {a.id for a in g.legal_actions("nonviolent")}
    assert {"n:fraternize", "n:party"} <= offered
    bwa.orders(g, "nonviolent", "n:fraternize")
    assert g.view("nonviolent")["state"]["units"][0]["condition"] == "fraternizing"


def test_bwa19_condition_needs_contact_by_default(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [])
    assert not {"n:fraternize", "n:party"} & {a.id for a in g.legal_actions("nonviolent")}


def test_bwa34_no_commander_modifier_against_a_nonviolent_vehicle(bwa) -> None:
    """BWA-34: '+1 nonviolent commander not touching' needs a commander to touch: a nonviolent land
    vehicle has none, so the authority's dice get no +1 against it."""
    g = bwa.game([bwa.nv("v", "x1", stands=2, type="land_vehicle"), bwa.auth("a", "x1", stands=2)],
                 [3, 3, 3, 3, 4, 4, 4, 4], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:v")
    g.apply("nonviolent", "react:hold")
    [auth_roll] = confrontation_rolls(g, "a (a)")
    assert auth_roll["modifiers"] == []


def test_bwa34_no_commander_modifier_against_a_leaderless_unit_still_counts(bwa) -> None:
    """BWA-34/46: actionists whose commander was lost do get the +1 against them."""
    g = bwa.game([bwa.nv("n", "x1", stands=2, without_commander=True), bwa.auth("a", "x1", stands=2)],
                 [3, 3, 3, 3, 4, 4, 4, 4, 1], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    g.apply("nonviolent", "react:hold")
    [auth_roll] = confrontation_rolls(g, "a (a)")
    assert [m["rule"] for m in auth_roll["modifiers"]] == ["BWA-34"]


def test_bwa34_no_commander_modifier_against_escapers(bwa) -> None:
    """BWA-34/38: stands breaking out of jail are no commanded unit: the jailers get no +1."""
    units = [bwa.nv("n", None, stands=1, start="jail"), bwa.auth("g", "b", stands=1)]
    g = bwa.game(units, [], jail={"feature": "b", "kind": "open", "guards": "g"})
    # escape roll 6 (passes), the jailer's accidental check, escapers' die 4, jailer's die 4: level
    bwa.script(g, [6, 3, 3, 4, 4])
    bwa.orders(g, "nonviolent", "jail:escape")
    [jailer_roll] = confrontation_rolls(g, "g (g)")
    assert jailer_roll["modifiers"] == []


def smoke_orders(g, unit: str) -> set[str]:
    return {a.id.split(":", 2)[2] for a in g.legal_actions("authority") if a.id.startswith(f"{unit}:smoke:")}


def test_bwa13_screen_behind_the_vehicle_discharger_in_front(bwa) -> None:
    """BWA-13: a vehicle smoke screen goes behind the vehicle and a discharger's ball in front of it.
    Before it moves the vehicle faces the nearest opposing piece; then the way it last went."""
    units = [bwa.nv("n", "s3"), bwa.auth("v", "w0", type="land_vehicle", smoke=["screen", "discharger"])]
    g = bwa.game(units, [], options={"first_initiative": "authority"})
    # facing the activists at s3 (east-south-east): nothing behind w0, x1 in front
    assert smoke_orders(g, "v") == {"pots", "discharger@x1"}
    bwa.orders(g, "authority", "v:move:x3")
    bwa.orders(g, "nonviolent")  # no risk taken: the initiative comes back
    assert g.to_act() == ("authority",)
    assert smoke_orders(g, "v") == {"pots", "screen@m2", "discharger@e4"}
    bwa.orders(g, "authority", "v:smoke:screen@m2")
    assert any("smoke (screen, behind the vehicle): 3 ball(s) at m2" in e["text"] for e in g.log_for("nonviolent"))
