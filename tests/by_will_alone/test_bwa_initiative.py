"""Initiative (BWA-01, BWA-02, BWA-18, BWA-44), played through ``Game``: only a roll that can fail is
a risk, and a side that has lost the initiative acts no more in that step."""

from __future__ import annotations


def texts(events) -> list[str]:
    return [e["text"] for e in events]


def test_bwa02_activation_that_cannot_fail_is_no_risk(bwa) -> None:
    """BWA-02/18: Fraternize (+2) for a unit led by a Veteran (2+) cannot fail: no roll is made, it is
    no risk, and the step without a risk ends the initiative."""
    units = [bwa.nv("n", "x1", qualities=["veteran", "untrained", "untrained", "untrained"]),
             bwa.auth("a", "x1")]
    g = bwa.game(units, [])  # no die at all may be rolled
    bwa.orders(g, "nonviolent", "n:fraternize")
    assert not [e for e in g.log.events if e["kind"] == "roll"]
    seen = texts(g.log_for("authority"))
    assert any("activation cannot fail, so no roll" in t for t in seen)
    assert any("loses the initiative (it took no risk" in t for t in seen)
    assert g.view("nonviolent")["state"]["units"][0]["condition"] == "fraternizing"
    assert g.view("authority")["state"]["initiative"] == "authority"
    assert g.to_act() == ("authority",)


def test_bwa02_activation_that_can_fail_is_a_risk(bwa) -> None:
    """BWA-02/18: the same order for a Trained unit (4+ with +2 fails on a 1) is rolled, and passing it
    keeps the initiative."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "x1")], [2])
    bwa.orders(g, "nonviolent", "n:fraternize")
    rolls = [e for e in g.log_for("authority") if e["kind"] == "roll"]
    assert [r["rule"] for r in rolls] == ["BWA-18"]
    assert g.view("nonviolent")["state"]["initiative"] == "nonviolent"
    assert any("took risks and succeeded: it keeps the initiative" in t for t in texts(g.log_for("nonviolent")))


def test_bwa02_side_that_lost_the_initiative_acts_no_more_in_the_step(bwa) -> None:
    """BWA-01/02/44: the first order's confrontation ends level (ratio 1): the nonviolent side loses the
    initiative, and its second order of the step is not carried out; the log never says it keeps it."""
    units = [bwa.nv("n", "x1", stands=2), bwa.nv("m", "o4", stands=2), bwa.auth("a", "x1", stands=2)]
    # accidental checks (2 stands x 2D6), nonviolent dice 4,1 (1 point), authority dice 4,1 (1 point)
    g = bwa.game(units, [3, 3, 3, 3, 4, 1, 4, 1])
    g.apply("nonviolent", "n:confront:a")
    g.apply("nonviolent", "m:move:o1")
    g.apply("nonviolent", "done")
    g.apply("authority", "react:hold")
    assert g.view("nonviolent")["state"]["units"][1]["feature"] == "o4"
    mine = texts(g.log_for("nonviolent"))
    assert any("has lost the initiative: the order for m (m) (move) is not carried out" in t for t in mine)
    assert not any("keeps the initiative" in t for t in mine)
    assert not any("has lost the initiative: the order" in t for t in texts(g.log_for("authority")))
    assert g.view("authority")["state"]["initiative"] == "authority"


def test_bwa52_a_barricade_not_built_passes_the_initiative(bwa) -> None:
    """BWA-02/52: activation passes, but 3 of 5 stands fail the morale check: no barricade, and the side
    that risked it loses the initiative (house rule barricade_failure_loses_initiative, on by default)."""
    units = [bwa.nv("n", "w0", stands=5), bwa.auth("a", "o5")]
    g = bwa.game(units, [5, 1, 1, 1, 6, 6])
    bwa.orders(g, "nonviolent", "n:barricade")
    assert bwa.sees(g)["barricades"] == []
    assert any("loses the initiative (a risk failed)" in t for t in texts(g.log_for("authority")))
    assert g.view("authority")["state"]["initiative"] == "authority"
    kept = bwa.game(units, [5, 1, 1, 1, 6, 6], options={"barricade_failure_loses_initiative": False})
    bwa.orders(kept, "nonviolent", "n:barricade")
    assert kept.view("authority")["state"]["initiative"] == "nonviolent"
