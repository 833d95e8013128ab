"""A seat's live score comes only from what its side may know (BWA-11 with the scenario victory
points): two games that differ only in a hidden fact give the seat the same view, log and score."""

from __future__ import annotations

VICTORY = {"objectives": ["o4", "w0"], "hold_points": 2.0, "clear_points": 8.0, "escalation_points": 3.0}


def what_seat_gets(g, seat: str) -> tuple:
    legal = [(a.id, a.text) for a in g.legal_actions(seat)]
    return g.view(seat), g.log_for(seat), legal


def hidden_on_objective(bwa, kind: str) -> dict:
    """The nonviolent counter on objective o4: a strong unit, a weak one, or a dummy."""
    units = [bwa.nv("v", "w0", stands=3), bwa.auth("a", "e6")]
    if kind == "dummy":
        return {"units": units, "dummies": [{"side": "nonviolent", "feature": "o4"}]}
    stands = 6 if kind == "strong" else 2
    return {"units": [*units, bwa.nv("h", "o4", stands=stands, hidden=True)]}


def test_authority_score_ignores_what_hides_behind_counters(bwa) -> None:
    """Issue 7 (BWA item 4): a strong unit, a weak unit or a dummy behind the counter on an
    objective: the authority's view, log, actions and score are the same, turn after turn."""
    games = {}
    for kind in ("strong", "weak", "dummy"):
        setup = hidden_on_objective(bwa, kind)
        games[kind] = bwa.game(setup.pop("units"), [], options={"first_initiative": "authority"},
                               victory=VICTORY, **setup)
    seen = [what_seat_gets(g, "authority") for g in games.values()]
    assert seen[0] == seen[1] == seen[2]
    scores = seen[0][0]["state"]["scores"]
    assert scores == {"nonviolent": 6.0, "authority": 0.0}  # 3 stands seen on w0; o4 not clear
    for g in games.values():
        bwa.orders(g, "authority", "a:move:x5")
        bwa.orders(g, "nonviolent")
    seen = [what_seat_gets(g, "authority") for g in games.values()]
    assert seen[0] == seen[1] == seen[2]
    # the true scores differ, as the umpire sees them
    assert [g.view("umpire")["state"]["scores"]["nonviolent"] for g in games.values()] == [18.0, 10.0, 6.0]


def test_unsighted_escalation_does_not_show_in_the_nonviolent_score(bwa) -> None:
    """Issue 7 (BWA item 4): an unsighted commander's escalation, passed on a 5 or failed on a 1,
    leaves the nonviolent seat's view, log and score the same."""
    results = []
    for roll in (5, 1):
        g = bwa.game([bwa.nv("v", "w0", stands=3), bwa.auth("a", "o5", hidden=True, weapons=2)], [roll],
                     options={"first_initiative": "authority"}, victory=VICTORY)
        bwa.orders(g, "authority", "a:escalate")
        results.append(what_seat_gets(g, "nonviolent"))
    assert results[0] == results[1]
    assert results[0][0]["state"]["scores"]["nonviolent"] == 6.0


def test_sighted_escalation_counts_for_the_nonviolent_side(bwa) -> None:
    g = bwa.game([bwa.nv("v", "w0", stands=3), bwa.auth("a", "x1", weapons=2)], [5],
                 options={"first_initiative": "authority"}, victory=VICTORY)
    bwa.orders(g, "authority", "a:escalate")
    assert g.view("nonviolent")["state"]["scores"]["nonviolent"] == 9.0
