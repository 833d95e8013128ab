"""Sequence of play, actions and reactions (BWA-01, 02, 17..27), escalation (BWA-48/49)
and barricades (BWA-52..54)."""

from __future__ import annotations

import pytest

from riotact.core.errors import IllegalActionError
from riotact.rulesets.by_will_alone.tables import ACTIONS, may_take


def rolls(g, rule):
    return [e for e in g.log.events if e["kind"] == "roll" and e.get("rule") == rule]


def where(bwa, g, uid):
    return bwa.unit(g, uid)["feature"]


def verbs(g, seat, unit):
    return {a.id.split(":")[1] for a in g.legal_actions(seat) if a.id.startswith(f"{unit}:")}


def test_bwa01_only_the_side_with_initiative_acts(bwa) -> None:
    """BWA-01: a nonviolent action is refused while the authority holds the initiative; all the
    authority's units are ordered first and resolved together in the same step."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6"), bwa.auth("b", "w0")], [],
                 options={"first_initiative": "authority"})
    with pytest.raises(IllegalActionError, match="authority's decision"):
        g.apply("nonviolent", "n:sit")
    g.apply("authority", "a:move:e4")
    assert where(bwa, g, "a") == "e6"  # declared, not yet resolved
    g.apply("authority", "b:move:m2")
    g.apply("authority", "done")
    moved = [e for e in g.log.events if e.get("rule") == "BWA-12"]
    assert {e["unit"] for e in moved} == {"a", "b"} and {e["turn"] for e in moved} == {1}


def test_bwa01_nonviolent_side_starts_by_default(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6")], [])
    assert g.to_act() == ("nonviolent",)


def test_bwa02_risk_taken_and_won_keeps_initiative(bwa) -> None:
    """BWA-02: a passed activation (a risk) keeps the initiative; no risk passes it."""
    g = bwa.game([bwa.nv("n", "w0", quality="veteran"), bwa.auth("a", "o5")], [6, 6, 6, 6, 6])
    bwa.orders(g, "nonviolent", "n:barricade")
    assert bwa.sees(g)["initiative"] == "nonviolent" and bwa.sees(g)["step"] == 2
    bwa.orders(g, "nonviolent", "n:sit")
    assert bwa.sees(g)["initiative"] == "authority"


def test_bwa02_failed_activation_passes_initiative(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [1])
    bwa.orders(g, "nonviolent", "n:barricade")
    assert bwa.sees(g)["initiative"] == "authority" and bwa.sees(g)["barricades"] == []


def test_bwa02_house_rule_no_risk_keeps_initiative(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], options={"no_risk_ends_initiative": False})
    bwa.orders(g, "nonviolent", "n:sit")
    assert bwa.sees(g)["initiative"] == "nonviolent"


def test_bwa17_who_may_take_which_action(bwa) -> None:
    """BWA-17: authority may not Sit, Fraternize, Party, Disrupt, Escape or Change Signs; activists
    may not Disperse, Arrest or Ask to Escalate Violence."""
    units = [bwa.nv("n", "x1"), bwa.auth("a", "x1", weapons=2)]
    jail = {"feature": "b", "kind": "building"}
    g = bwa.game(units, [], jail=jail)
    nv_verbs = verbs(g, "nonviolent", "n")
    assert {"sit", "fraternize", "party", "disrupt", "signs", "confront", "envelope"} <= nv_verbs
    assert not nv_verbs & {"disperse", "arrest", "escalate"}
    g2 = bwa.game(units, [], jail=jail, options={"first_initiative": "authority"})
    auth_verbs = verbs(g2, "authority", "a")
    assert {"disperse", "arrest", "escalate", "confront", "envelope", "barricade"} <= auth_verbs
    assert not auth_verbs & {"sit", "fraternize", "party", "disrupt", "escape", "signs"}
    for action in ("sit", "fraternize", "party", "disrupt", "escape", "signs"):
        assert may_take("nonviolent", action) and not may_take("authority", action)
    with pytest.raises(IllegalActionError, match="BWA-17"):
        g2.apply("authority", "a:sit")


def test_bwa18_activation_table() -> None:
    """BWA-18: Fraternize (+2), Party and Build Barricade need activation; the rest do not."""
    needing = {a: bonus for a, (_, _, bonus) in ACTIONS.items() if bonus is not None}
    assert needing == {"fraternize": 2, "party": 0, "barricade": 0}


def test_bwa18_move_confront_and_hold_need_no_activation(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2")], None, options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:confront:a")
    g.apply("authority", "react:hold")
    assert not rolls(g, "BWA-18") and rolls(g, "BWA-32")


def test_bwa18_party_needs_activation(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "x1")], [3])
    bwa.orders(g, "nonviolent", "n:party")
    assert len(rolls(g, "BWA-18")) == 1 and bwa.unit(g, "n")["condition"] is None


def test_bwa18_failed_reaction_activation_holds(bwa) -> None:
    """BWA-18 gap: a failed Withdraw (+2) activation means the unit Holds and is confronted."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2", quality="wavering")], [],
                 options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:confront:a")
    bwa.script(g, [1] + [4] * 4 + [6] * 4)  # failed activation, then 4 points each: Hold
    g.apply("authority", "react:withdraw:x3")
    assert where(bwa, g, "a") == "m2" and rolls(g, "BWA-32")


def test_bwa19_party_multiplies_and_moving_ends_it(bwa) -> None:
    """BWA-19/43: three partying stands roll 12 dice; a move ends the condition."""
    g = bwa.game([bwa.nv("n", "x1", stands=3), bwa.auth("a", "x1")], [6], options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:party")
    assert bwa.unit(g, "n")["condition"] == "partying"
    bwa.confront(g, "n", "a", *[1] * 12, *[1] * 4)  # no points: a Hold, the initiative passes
    assert len(rolls(g, "BWA-32")[0]["dice"]) == 12
    g.apply("authority", "done")
    bwa.orders(g, "nonviolent", "n:move:w0")
    assert bwa.unit(g, "n")["condition"] is None


def test_bwa19_fraternize_needs_contact(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "e6")], [])
    assert "fraternize" not in verbs(g, "nonviolent", "n")


def test_bwa20_mount_and_dismount(bwa) -> None:
    """BWA-20: mounting is an action without activation; carried stands move with the vehicle;
    dismounting as a reaction needs activation (+1)."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.nv("bus", "x1", stands=1, type="land_vehicle", capacity=6),
                  bwa.auth("a", "o5")], [])
    bwa.orders(g, "nonviolent", "n:mount:bus")
    assert bwa.unit(g, "n")["mounted_in"] == "bus" and not rolls(g, "BWA-18")
    g.apply("authority", "done")
    bwa.orders(g, "nonviolent", "bus:move:x3")
    assert where(bwa, g, "n") == "x3"
    g2 = bwa.game([bwa.nv("n", "o4"), bwa.auth("v", "x1", type="land_vehicle", capacity=4),
                   bwa.auth("p", "x1")], [], options={"first_initiative": "authority"})
    assert "mount" in verbs(g2, "authority", "p") and "dismount" not in verbs(g2, "authority", "p")


def test_bwa20_dismount_reaction_needs_activation(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x3"), bwa.auth("v", "m2", type="land_vehicle", capacity=4, carrying=["p"]),
                  bwa.auth("p", "m2")], None, options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:confront:v")
    assert "react:dismount" in [a.id for a in g.legal_actions("authority")]
    g.apply("authority", "react:dismount")
    act = rolls(g, "BWA-18")[0]
    assert act["modifiers"][0]["value"] == 1


def test_bwa21_confront_hold_gives_confrontation_withdraw_does_not(bwa) -> None:
    """BWA-21/27: Hold: a confrontation follows; Withdraw: none."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2")], None, options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:confront:a")
    assert where(bwa, g, "n") == "m2"  # moved into contact
    g.apply("authority", "react:hold")
    assert rolls(g, "BWA-32")
    g2 = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2", quality="dedicated")], [6],
                  options={"accidental_attacks": False})
    bwa.orders(g2, "nonviolent", "n:confront:a")
    g2.apply("authority", "react:withdraw:e4")
    assert not rolls(g2, "BWA-32") and where(bwa, g2, "a") == "e4"


def test_bwa22_envelope_doubles_dice(bwa) -> None:
    """BWA-22/43: a unit that has enveloped its opponent doubles its dice."""
    g = bwa.game([bwa.nv("n", "x3", stands=3), bwa.auth("a", "x1", stands=2)], None,
                 options={"accidental_attacks": False, "first_initiative": "authority"})
    bwa.orders(g, "authority", "a:envelope:n")
    g.apply("nonviolent", "react:hold")
    auth_dice = [e for e in rolls(g, "BWA-32") if "(a)" in e["who"]]
    assert sum(len(e["dice"]) for e in auth_dice) == 4
    assert bwa.unit(g, "a")["enveloping"] == "n"


def test_bwa23_disrupt_costs_next_action(bwa) -> None:
    """BWA-23: Disrupt (activists only, no activation): at 2+ the target loses its next action."""
    assert may_take("nonviolent", "disrupt") and not may_take("authority", "disrupt")
    g = bwa.game([bwa.nv("n", "x1", stands=4), bwa.auth("a", "x1", stands=1, quality="wavering"),
                  bwa.auth("b", "e6")], [6, 6, 6, 6, 1, 6], options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:disrupt:a")
    g.apply("authority", "react:hold")
    assert bwa.unit(g, "a")["disrupted"] and not rolls(g, "BWA-18")
    while bwa.prompt(g) == "withdraw":
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)
    assert bwa.sees(g)["initiative"] == "nonviolent"  # higher at 2+: keeps the initiative
    g.apply("nonviolent", "done")
    assert bwa.sees(g)["initiative"] == "authority"
    assert not verbs(g, "authority", "a") and verbs(g, "authority", "b")


def test_bwa24_disperse_discards_stands(bwa) -> None:
    """BWA-24: Disperse (authority only, no activation): at 2+ the stands go to the discard pool."""
    assert may_take("authority", "disperse") and not may_take("nonviolent", "disperse")
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=4)], [6, 6, 6, 6, 1, 1],
                 options={"accidental_attacks": False, "first_initiative": "authority"})
    bwa.orders(g, "authority", "a:disperse:n")
    g.apply("nonviolent", "react:hold")
    assert bwa.sees(g)["discarded"] == 2 and bwa.unit(g, "n") is None


def test_bwa25_send_message_both_sides(bwa) -> None:
    """BWA-25: either side may Send Message, with no activation."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("m", "e6"), bwa.auth("a", "o4"), bwa.auth("b", "o5")], [])
    bwa.orders(g, "nonviolent", "n:message:m")
    assert not rolls(g, "BWA-18")
    assert [e for e in g.log_for("nonviolent") if e.get("rule") == "BWA-25"]
    assert not [e for e in g.log_for("authority") if e.get("rule") == "BWA-25"]
    assert "a:message:b" in [a.id for a in g.legal_actions("authority")]


def test_bwa26_identify_unmasks_provocateur(bwa) -> None:
    """BWA-26: a passed check lets the umpire examine a stand; an infiltrator is removed."""
    g = bwa.game([bwa.nv("n", "w0", stands=3), bwa.auth("a", "x1")], [4, 3],
                 infiltrators=[{"unit": "n", "kind": "provocateur"}], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:identify:n")
    stands = bwa.unit(g, "n")["stands"]
    assert len(stands) == 2 and not any("role" in s for s in stands)


def test_bwa26_provocateur_always_loses_discipline(bwa) -> None:
    """BWA-26/39: losing a confrontation, the provocateur turns violent without a roll; the other
    Veteran keeps its discipline on 6+6."""
    g = bwa.game([bwa.nv("n", "x1", stands=2, quality="veteran"), bwa.auth("a", "x1", stands=2)], [],
                 infiltrators=[{"unit": "n", "kind": "provocateur"}],
                 options={"accidental_attacks": False, "first_initiative": "authority"})
    bwa.confront(g, "a", "n", 6, 6, 6, 1, 6, 6, *bwa.then)  # 2 points to 1: n loses at ratio 2
    assert len([e for e in g.log.events if e.get("rule") == "BWA-26"]) == 1 and len(rolls(g, "BWA-39")) == 1
    bands = [u for u in bwa.sees(g)["units"] if u.get("band")]
    assert len(bands) == 1 and len(bands[0]["stands"]) == 1


def test_bwa27_shadow_needs_activation_and_no_confrontation(bwa) -> None:
    """BWA-27: Shadow needs activation and no confrontation follows."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2")], [6], options={"accidental_attacks": False})
    bwa.orders(g, "nonviolent", "n:confront:a")
    shadow = [a.id for a in g.legal_actions("authority") if a.id.startswith("react:shadow")]
    g.apply("authority", shadow[0])
    assert len(rolls(g, "BWA-18")) == 1 and not rolls(g, "BWA-32")


def test_bwa46_leaderless_unit_may_still_react(bwa) -> None:
    """BWA-46: a unit without a commander may Hold or Withdraw."""
    g = bwa.game([bwa.nv("n", "x3", without_commander=True), bwa.auth("a", "x1")], None,
                 options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    reactions = {a.id.split(":")[1] for a in g.legal_actions("nonviolent")}
    assert {"hold", "withdraw"} <= reactions


def test_bwa48_no_escalation_beyond_weapons(bwa) -> None:
    """BWA-48: a commander whose units have only batons and tear gas stops at level 2."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", weapons=2)], [5],
                 options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:escalate")
    assert bwa.sees(g)["levels"]["a"] == 2
    g.apply("nonviolent", "done")
    assert "escalate" not in verbs(g, "authority", "a")


def test_bwa48_level_sets_force_multiplier(bwa) -> None:
    """BWA-48/43: level 2 is less lethal force (2x), if the unit has the weapons."""
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("a", "x1", stands=2, weapons=3)], None,
                 levels={"a": 3}, options={"accidental_attacks": False, "first_initiative": "authority"})
    bwa.confront(g, "a", "n")
    assert sum(len(e["dice"]) for e in rolls(g, "BWA-32") if "(a)" in e["who"]) == 6


@pytest.mark.parametrize(("face", "media", "level"), [(4, False, 1), (5, False, 2), (5, True, 1), (6, True, 2)])
def test_bwa49_escalation_roll(bwa, face, media, level) -> None:
    """BWA-49: 5+ on 1D6; a media stand in sight is -1."""
    spots = [{"id": "tv", "feature": "x5"}] if media else []
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", weapons=4)], [face], media=spots,
                 options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:escalate")
    assert bwa.sees(g)["levels"]["a"] == level


def test_bwa49_once_per_initiative_and_situations(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", weapons=4), bwa.auth("b", "w0", weapons=4,
                                                                               commander="a")], [4, 4],
                 options={"first_initiative": "authority"},
                 incidents=[{"group": "a", "kind": kind} for kind in ("attacked", "withdrew", "nv_withdrew")])
    g.apply("authority", "a:escalate")
    with pytest.raises(IllegalActionError):
        g.apply("authority", "b:escalate")
    g.apply("authority", "done")
    roll = rolls(g, "BWA-49")[0]
    assert [m["value"] for m in roll["modifiers"]] == [1, 1, -1] and roll["total"] == 5
    assert bwa.sees(g)["levels"]["a"] == 2


def test_bwa52_barricade_needs_activation(bwa) -> None:
    """BWA-52: activation first; a failed activation builds nothing; 5 stands, 2 failures: built."""
    g = bwa.game([bwa.nv("n", "w0", stands=5), bwa.auth("a", "o5")], [5, 1, 1, 6, 6, 6])
    bwa.orders(g, "nonviolent", "n:barricade")
    assert bwa.sees(g)["barricades"] == ["w0"] and bwa.unit(g, "n")["behind_barricade"]
    g2 = bwa.game([bwa.nv("n", "w0", stands=5), bwa.auth("a", "o5")], [5, 1, 1, 1, 6, 6])
    bwa.orders(g2, "nonviolent", "n:barricade")
    assert bwa.sees(g2)["barricades"] == []


def test_bwa53_barricade_doubles_defence_only(bwa) -> None:
    """BWA-53: four stands behind their barricade roll 8 dice defending, 4 attacking or away from it."""
    def nv_dice(g, attacker, defender):
        bwa.confront(g, attacker, defender)
        return sum(len(e["dice"]) for e in rolls(g, "BWA-32") if "(n)" in e["who"])

    def at_x1(first):
        return bwa.game([bwa.nv("n", "x1", barricade=True), bwa.auth("a", "x1")], None,
                        options={"accidental_attacks": False, "first_initiative": first})

    assert nv_dice(at_x1("authority"), "a", "n") == 8
    assert nv_dice(at_x1("nonviolent"), "n", "a") == 4
    away = bwa.game([bwa.nv("n", "m2", barricade=True), bwa.auth("a", "x1")], None,
                    options={"accidental_attacks": False})
    bwa.orders(away, "nonviolent", "n:move:x1")  # its barricade stays at m2; no risk: the initiative passes
    assert where(bwa, away, "n") == "x1" and nv_dice(away, "a", "n") == 4


@pytest.mark.parametrize(("quality", "total", "keeps"), [
    ("untrained", 5, False), ("untrained", 6, True), ("trained", 3, False), ("trained", 4, True)])
def test_bwa54_barricade_minus_one_to_discipline(bwa, quality, total, keeps) -> None:
    """BWA-54: behind a barricade, 2D6 + 1 - 1: Untrained loses on 2-5, Trained on 2-3."""
    g = bwa.game([bwa.nv("n", "x1", stands=1, quality=quality, barricade=True), bwa.auth("a", "x1")], [],
                 options={"accidental_attacks": False, "first_initiative": "authority"})
    # 4 points to 2 (its 1 stand rolls 2 dice behind the barricade, BWA-53): n loses at ratio 2
    bwa.confront(g, "a", "n", 6, 6, 6, 6, 6, 6, 1, total - 1, *bwa.then)
    assert sorted(m["value"] for m in rolls(g, "BWA-39")[0]["modifiers"]) == [-1, 1]
    assert (bwa.unit(g, "n") is not None) is keeps
