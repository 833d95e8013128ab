"""Every house-rule option changes what its gap default says it changes."""

from __future__ import annotations

from fractions import Fraction

from riotact.rulesets.by_will_alone.combat import Outcome
from riotact.rulesets.by_will_alone.units import Stand


def rolls(g, rule):
    return [e for e in g.log.events if e["kind"] == "roll" and e.get("rule") == rule]


def test_bwa06_reinforcement_retry_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("r", None, stands=2, reserve=True, entry="e6"), bwa.auth("a", "o5")],
                 [1, 1], options={"reinforcement_retry": False})
    bwa.orders(g, "nonviolent", "n:reinforce:r")
    assert g.state.units["r"].status == "gone"


def test_bwa07_lost_moves_option(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", stands=2)], [],
                 options={"first_initiative": "authority", "lost_moves": 1})
    g.state.changed_signs.add("x5")
    bwa.script(g, [1, 1])
    bwa.orders(g, "authority", "cops:move:e4")
    assert sorted(a.id for a in g.legal_actions("nonviolent")) == ["place:b", "place:x3"]


def test_bwa18_activation_failure_keeps_initiative_when_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0", quality="untrained"), bwa.auth("a", "o5")], [1],
                 options={"activation_failure_loses_initiative": False})
    bwa.orders(g, "nonviolent", "n:barricade")
    assert g.state.initiative == "nonviolent"  # a risk was taken; its failure did not pass the initiative


def test_bwa19_conditions_without_contact(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "e6")], [6], options={"condition_needs_contact": False})
    g.state._do_party(g.state.units["n"], "")
    assert g.state.units["n"].condition == "partying"


def test_bwa22_envelope_multiplier_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=2)], None,
                 options={"accidental_attacks": False, "envelope_gives_multiplier": False})
    st = g.state
    st.units["a"].enveloping = "n"
    st.confront(st.units["a"], st.units["n"], why="test", moves_initiative=False)
    assert sum(len(e["dice"]) for e in rolls(g, "BWA-32") if "(a)" in e["who"]) == 2


def test_bwa23_disrupt_effect_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=4), bwa.auth("a", "x1", stands=1, quality="wavering")],
                 [6, 6, 6, 6, 1, 6, 6], options={"accidental_attacks": False, "disrupt_effect": False})
    bwa.orders(g, "nonviolent", "n:disrupt:a")
    g.apply("authority", "react:hold")
    assert not g.state.units["a"].disrupted


def test_bwa28_rally_stands_per_die(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], options={"first_initiative": "authority",
                                                                        "rally_stands_per_die": 2})
    g.state.discarded = [Stand(f"d{i}", "nonviolent", 2, 2) for i in range(4)]
    bwa.script(g, [1, 1] * 4)
    g.apply("authority", "done")
    assert [t.kind for t in g.state.tasks[:2]] == ["rally_die", "rally_die"]


def test_bwa30_rally_threshold(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("hq", "e6"), bwa.auth("lost", "x5")], [],
                 options={"first_initiative": "authority", "authority_rally_max_failed": 25})
    g.state.units["lost"].lost = True
    bwa.refresh(g)
    bwa.script(g, [1, 1, 6, 6])  # 50% fail: enough by default, not at 25%
    bwa.orders(g, "authority", "hq:rally:lost")
    assert g.state.units["lost"].lost


def test_bwa31_base_dice(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=1)], None,
                 options={"accidental_attacks": False, "base_dice": 2})
    st = g.state
    st.confront(st.units["n"], st.units["a"], why="test", moves_initiative=False)
    assert sum(len(e["dice"]) for e in rolls(g, "BWA-32") if "(n)" in e["who"]) == 4


def test_bwa33_zero_points_option(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("a", "x1", stands=1)], [6, 1],
                 options={"accidental_attacks": False, "zero_points_counts_as": 2})
    st = g.state
    out = st.confront(st.units["n"], st.units["a"], why="test", moves_initiative=False)
    assert out.row == 2 and out.ratio is None


def test_bwa37_escape_every_step_when_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0", quality="veteran"), bwa.auth("x", "o5")], [4, 6, 6, 6, 6, 6],
                 jail={"feature": "b", "kind": "open"}, options={"escape_once_per_initiative": False})
    g.state.jail = [Stand("j0", "nonviolent", 0, 0)]
    bwa.refresh(g)
    bwa.orders(g, "nonviolent", "jail:escape", "n:barricade")
    assert "jail:escape" in [a.id for a in g.legal_actions("nonviolent")]


def test_bwa38_breach_ratio(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("guard", "b", stands=1)], [],
                 jail={"feature": "b", "kind": "open", "guards": "guard"},
                 options={"accidental_attacks": False, "breach_ratio": 4})
    g.state.jail = [Stand(f"j{i}", "nonviolent", 2, 2) for i in range(3)]
    bwa.refresh(g)
    bwa.script(g, [6] * 7)  # 3 escape rolls; 3 points to 1: ratio 3 is no breach at 4
    bwa.orders(g, "nonviolent", "jail:escape")
    assert len(g.state.jail) == 3


def test_bwa39_discipline_loss_ratio(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("a", "x1")], [6, 6],
                 options={"discipline_loss_ratio": 3})
    st = g.state
    st.settle(Outcome({"n": 2, "a": 5}, st.units["a"], st.units["n"], Fraction(5, 2), 2))
    assert not rolls(g, "BWA-39")


def test_bwa49_escalation_window(bwa) -> None:
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("a", "e6", weapons=4)], [4],
                 options={"first_initiative": "authority", "escalation_window": 1})
    g.state.initiative_number = 2
    g.state.incidents.append((1, "attacked", "a"))
    bwa.orders(g, "authority", "a:escalate")
    assert g.state.levels["a"] == 1  # the attack is outside a one-initiative window


def test_bwa13_smoke_stays_when_option_off(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], options={"smoke_clears_on_initiative": False})
    bwa.orders(g, "nonviolent", "n:smoke:pots")
    assert g.state.initiative == "authority" and g.state.smoke
