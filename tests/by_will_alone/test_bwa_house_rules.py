"""Every house-rule option changes what its gap default says it changes."""

from __future__ import annotations

import pytest

NO_ACCIDENTS = {"accidental_attacks": False}


def rolls(g, rule):
    return [e for e in g.log.events if e["kind"] == "roll" and e.get("rule") == rule]


def blocked(g):
    """The bands a block stopped (BWA-41)."""
    return [e["band"] for e in g.log.events if e.get("rule") == "BWA-41" and "blocked" in e["text"]]


def test_bwa06_reinforcement_retry_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("r", None, stands=2, reserve=True, entry="e6"), bwa.auth("a", "o5")],
                 [1, 1], options={"reinforcement_retry": False})
    bwa.orders(g, "nonviolent", "n:reinforce:r")
    assert bwa.unit(g, "r") is None and not bwa.sees(g)["reserves"]  # gone for good


def test_bwa07_lost_moves_option(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=2)], [], changed_signs=["x5"],
                 options={"first_initiative": "authority", "lost_moves": 1})
    bwa.script(g, [1, 1])
    bwa.orders(g, "authority", "cops:move:e4")
    assert sorted(a.id for a in g.legal_actions("nonviolent")) == ["place:b", "place:x3"]


def test_bwa18_activation_failure_keeps_initiative_when_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0", quality="untrained"), bwa.auth("a", "o5")], [1],
                 options={"activation_failure_loses_initiative": False})
    bwa.orders(g, "nonviolent", "n:barricade")
    assert bwa.sees(g)["initiative"] == "nonviolent"  # a risk was taken; its failure did not pass the initiative


def test_bwa19_conditions_without_contact(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "e6")], [6], options={"condition_needs_contact": False})
    bwa.orders(g, "nonviolent", "n:party")
    assert bwa.unit(g, "n")["condition"] == "partying"


def test_bwa22_envelope_multiplier_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=2, enveloping="n")], None,
                 options={**NO_ACCIDENTS, "envelope_gives_multiplier": False, "first_initiative": "authority"})
    bwa.confront(g, "a", "n")
    assert sum(len(e["dice"]) for e in rolls(g, "BWA-32") if "(a)" in e["who"]) == 2


def test_bwa23_disrupt_effect_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=4), bwa.auth("a", "x1", stands=1, quality="wavering")],
                 [6, 6, 6, 6, 1, 6, 6], options={"accidental_attacks": False, "disrupt_effect": False})
    bwa.orders(g, "nonviolent", "n:disrupt:a")
    g.apply("authority", "react:hold")
    assert not bwa.unit(g, "a")["disrupted"]


def test_bwa28_rally_stands_per_die(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("d", None, quality="veteran", start="discarded"), bwa.auth("a", "o5")],
                 [], options={"first_initiative": "authority", "rally_stands_per_die": 2})
    bwa.script(g, [1, 1] * 4)
    g.apply("authority", "done")
    assert bwa.prompt(g) == "rally_die"  # 4 discarded stands at 2 a die: two dice
    bwa.script(g, [1])
    g.apply("nonviolent", "rally:n")
    assert bwa.prompt(g) == "rally_die"


def test_bwa30_rally_threshold(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("hq", "e6"), bwa.auth("lost", "x5", lost=True)], [],
                 options={"first_initiative": "authority", "authority_rally_max_failed": 25})
    bwa.script(g, [1, 1, 6, 6])  # 50% fail: enough by default, not at 25%
    bwa.orders(g, "authority", "hq:rally:lost")
    assert bwa.unit(g, "lost")["lost"]


def test_bwa31_base_dice(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=1)], None,
                 options={**NO_ACCIDENTS, "base_dice": 2})
    bwa.confront(g, "n", "a")
    assert sum(len(e["dice"]) for e in rolls(g, "BWA-32") if "(n)" in e["who"]) == 4


def test_bwa33_zero_points_option(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("a", "x1", stands=1)], [6, 1],
                 options={"accidental_attacks": False, "zero_points_counts_as": 2})
    out = bwa.confront(g, "n", "a")
    assert out["row"] == 2 and out["ratio"] is None


def test_bwa37_escape_every_step_when_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0", quality="veteran"), bwa.nv("j", None, stands=1, quality="untrained", start="jail"),
                  bwa.auth("x", "o5")], [4, 6, 6, 6, 6, 6],
                 jail={"feature": "b", "kind": "open"}, options={"escape_once_per_initiative": False})
    bwa.orders(g, "nonviolent", "jail:escape", "n:barricade")
    assert "jail:escape" in [a.id for a in g.legal_actions("nonviolent")]


def test_bwa38_breach_ratio(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("j", None, stands=3, quality="veteran", start="jail"),
                  bwa.auth("guard", "b", stands=1)], [],
                 jail={"feature": "b", "kind": "open", "guards": "guard"},
                 options={"accidental_attacks": False, "breach_ratio": 4})
    bwa.script(g, [6] * 7)  # 3 escape rolls; 3 points to 1: ratio 3 is no breach at 4
    bwa.orders(g, "nonviolent", "jail:escape")
    assert len(bwa.sees(g)["jail"]["stands"]) == 3


def test_bwa39_discipline_loss_ratio(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=5)], [],
                 options={**NO_ACCIDENTS, "discipline_loss_ratio": 3, "first_initiative": "authority"})
    out = bwa.confront(g, "a", "n", *[6] * 5, 6, 6, *bwa.then)  # 5 points to 2: n loses at 2.5
    assert out["row"] == 2 and out["ratio"] == 2.5
    assert not rolls(g, "BWA-39")


def test_bwa49_escalation_window(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", weapons=4)], [4],
                 options={"first_initiative": "authority", "escalation_window": 1},
                 incidents=[{"group": "a", "kind": "attacked", "initiatives_ago": 1}])
    bwa.orders(g, "authority", "a:escalate")
    assert bwa.sees(g)["levels"]["a"] == 1  # the attack is outside a one-initiative window


def test_bwa13_smoke_stays_when_option_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], options={"smoke_clears_on_initiative": False})
    bwa.orders(g, "nonviolent", "n:smoke:pots")
    assert bwa.sees(g)["initiative"] == "authority" and bwa.sees(g)["smoke"]


# -- gap defaults of BWA-13, 16, 26, 38, 40, 42 as house rules: default and alternative ------------

def dice_of(g, uid):
    return sum(len(e["dice"]) for e in rolls(g, "BWA-32") if f"({uid})" in e["who"])


def barrage(options):
    return {"first_initiative": "authority", **options}


@pytest.mark.parametrize(("split", "balls"), [("sides", {"s3": 10, "x3": 10}), ("marker", {"x3": 20})])
def test_bwa13_artillery_smoke_split(bwa, split, balls) -> None:
    """BWA-13 gap: artillery balls split evenly either side of the marker (default), or all on it."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("guns", "w0", cannons=2)], [],
                 options=barrage({"artillery_smoke_split": split}))
    bwa.orders(g, "authority", "guns:smoke:barrage@x3")
    assert next(e["balls"] for e in g.log.events if "balls" in e) == balls


@pytest.mark.parametrize("open_to_all", [False, True])
def test_bwa13_smoke_methods_open(bwa, open_to_all) -> None:
    """BWA-13 gap: vehicle smoke is for the authority only, unless the house rule opens it to both."""
    g = bwa.game([bwa.nv("n", "x3", smoke=["screen"]), bwa.auth("a", "o5")], [],
                 options={"smoke_methods_open": open_to_all})
    ids = {a.id for a in g.legal_actions("nonviolent")}
    assert any(i.startswith("n:smoke:screen@") for i in ids) is open_to_all and "n:smoke:pots" in ids


@pytest.mark.parametrize(("rule", "node"), [("stay", "x5"), ("as_ordered", "e4")])
def test_bwa16_every_way_blocked(bwa, rule, node) -> None:
    """BWA-16 gap: with right, reverse and left all blocked the unit stays (default), or carries on."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=4), bwa.auth("friend", "e6", stands=1),
                  bwa.auth("north", "n5", stands=1)], [],
                 changed_signs=["x5"], options={"first_initiative": "authority", "wrong_way_all_blocked": rule})
    bwa.script(g, [1, 1, 6, 6])  # 50% fail: the unit would go the wrong way
    bwa.orders(g, "authority", "cops:move:e4")
    assert bwa.unit(g, "cops")["feature"] == node
    assert not rolls(g, "BWA-16")


@pytest.mark.parametrize(("examines", "left"), [("one", 3), ("all", 2)])
def test_bwa26_identify_examines(bwa, examines, left) -> None:
    """BWA-26 gap: a die picks the one stand examined (here stand 1, no provocateur); the house rule
    examines every stand, so the provocateur (the last stand) is found."""
    g = bwa.game([bwa.nv("n", "w0", stands=3), bwa.auth("a", "x1")], [4, 1],
                 infiltrators=[{"unit": "n", "kind": "provocateur"}],
                 options={"first_initiative": "authority", "identify_examines": examines})
    bwa.orders(g, "authority", "a:identify:n")
    assert len(bwa.unit(g, "n")["stands"]) == left
    assert len(rolls(g, "BWA-26")) == (2 if examines == "one" else 1)


@pytest.mark.parametrize("join", ["nearest_commander", "jail"])
def test_bwa38_escaped_join(bwa, join) -> None:
    """BWA-38 gap: escaped stands join the nearest commanded unit (default), or form a unit at the jail."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("j", None, stands=2, start="jail"), bwa.auth("x", "o5")], [],
                 jail={"feature": "b", "kind": "open"}, options={"accidental_attacks": False, "escaped_join": join})
    bwa.script(g, [6, 6, 1, 1, 1])  # both escape; no jailers, so they walk free
    bwa.orders(g, "nonviolent", "jail:escape")
    escaped = [u for u in bwa.sees(g)["units"] if u["id"].startswith("escaped")]
    n_stands = len(bwa.unit(g, "n")["stands"])
    if join == "jail":
        assert n_stands == 4 and escaped[0]["feature"] == "b" and len(escaped[0]["stands"]) == 2
    else:
        assert n_stands == 6 and not escaped


@pytest.mark.parametrize(("options", "dice"), [({}, 2), ({"band_dice": 1}, 1),
                                               ({"band_keeps_multipliers": True}, 6)])
def test_bwa40_band_dice_and_multipliers(bwa, options, dice) -> None:
    """BWA-40 gap: a band attacks with 2 dice per stand and no nonviolent multipliers (here housing 3x);
    the house rules change the dice per stand or keep the multipliers."""
    g = bwa.game([bwa.nv("band", "h", stands=1, band=True), bwa.nv("n", "o4"), bwa.auth("a", "h", stands=2)],
                 None, options={**NO_ACCIDENTS, **options})
    g.apply("nonviolent", "done")  # the band goes for the authority as the initiative changes
    assert dice_of(g, "band") == dice


@pytest.mark.parametrize(("options", "total"), [
    ({}, 1),                                   # -2 touching, +3 surrounded (best of +3/+2)
    ({"regain_bonus": "sum"}, 3),              # -2 touching, +3 surrounded, +2 outnumbered
    ({"regain_penalties_stack": True}, 0),     # -2 touching, -1 in sight, +3 surrounded
])
def test_bwa42_regain_modifier_house_rules(bwa, options, total) -> None:
    """BWA-42 gap: only the best of surrounded/outnumbered/blocked, and -2 touching replaces -1 in
    sight; the house rules add them all up."""
    g = bwa.game([bwa.nv("n", "m2", stands=2), bwa.nv("band", "m2", stands=1, band=True), bwa.nv("w", "x1"),
                  bwa.nv("e", "x3"), bwa.nv("hh", "h"), bwa.auth("a", "m2")], [1], options=options)
    bwa.orders(g, "nonviolent", "n:regain:band")
    assert sum(m["value"] for m in rolls(g, "BWA-42")[0]["modifiers"]) == total


@pytest.mark.parametrize(("counts", "total"), [("once", 5), ("each", 6)])
def test_bwa49_escalation_counts(bwa, counts, total) -> None:
    """BWA-49 gap: two attacks on the commander's units count +1 once (default), or +1 each."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", weapons=4)], [4],
                 options={"first_initiative": "authority", "escalation_counts": counts},
                 incidents=[{"group": "a", "kind": "attacked"}] * 2)
    bwa.orders(g, "authority", "a:escalate")
    assert rolls(g, "BWA-49")[0]["total"] == total


@pytest.mark.parametrize(("raises", "level"), [(False, 1), (True, 3)])
def test_bwa51_accidental_shot_and_the_level(bwa, raises, level) -> None:
    """BWA-51 gap: an accidental shot leaves the level of violence alone (default), or raises the
    commander to the shooter's weapon level (house rule)."""
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("w", "x1", stands=1, quality="wavering", weapons=3)],
                 [1, 1, 4, 4, 4, 4, *bwa.then],
                 options={"accidental_shot_raises_level": raises, "first_initiative": "authority"})
    bwa.confront(g, "w", "n")
    assert bwa.sees(g)["levels"]["w"] == level


@pytest.mark.parametrize(("lasts", "condition"), [("until_moved", "sitting"), ("next_initiative", None)])
def test_bwa19_condition_lasts(bwa, lasts, condition) -> None:
    """BWA-19 gap: a condition lasts until the unit moves (default), or also ends when the nonviolent
    side next gains the initiative (house rule)."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], options={"condition_lasts": lasts})
    bwa.orders(g, "nonviolent", "n:sit")  # no risk: the initiative passes to the authority
    assert bwa.unit(g, "n")["condition"] == "sitting"
    bwa.orders(g, "authority", "done")    # no risk again: back to the nonviolent side
    assert bwa.sees(g)["initiative"] == "nonviolent" and bwa.unit(g, "n")["condition"] == condition


@pytest.mark.parametrize(("ratio", "stopped"), [(2, True), (4, False)])
def test_bwa41_block_ratio(bwa, ratio, stopped) -> None:
    """BWA-41 gap: a block at 2 points to 1 stops the band (default); at a block ratio of 4 it does not."""
    g = bwa.game([bwa.nv("n", "w0", stands=3), bwa.nv("band", "w0", stands=1, band=True),
                  bwa.auth("a", "x3", stands=2)], [],
                 options={"accidental_attacks": False, "block_ratio": ratio, "first_initiative": "nonviolent"})
    g.apply("nonviolent", "done")  # the band goes for the authority as the initiative changes (BWA-40)
    bwa.script(g, [6, 6, 1, 6] + [3] * 20)  # blockers 2 points, band 1
    g.apply("nonviolent", "block:n")
    assert (blocked(g) == ["band"]) is stopped and (bwa.unit(g, "band")["feature"] == "w0") is stopped
