"""Every phase of the By Will Alone sequence of play, played through ``Game`` with scripted dice,
checking what each seat's log and view say (issue 7: tests that play the game).

Phases: the start (BWA-01, BWA-11); secret orders (BWA-01); resolution in the order given (BWA-12);
the target's reaction (BWA-27); the confrontation and the lower side's withdrawal (BWA-31..33, 44,
45); arrests (BWA-35/36); loss of discipline and the band's attack (BWA-39/40); the end of a step
(BWA-02); a change of initiative (BWA-13, 29); the nonviolent side's new initiative: commanders and
rally dice (BWA-47, 28); a lost unit placed by the opponent (BWA-07, 14); the end of the game.
"""

from __future__ import annotations


def said(g, seat: str, words: str) -> bool:
    return any(words in e["text"] for e in g.log_for(seat))


def prompt(g, seat: str) -> dict | None:
    return g.view(seat)["state"]["prompt"]


def unit(g, seat: str, uid: str) -> dict:
    return next(u for u in g.view(seat)["state"]["units"] if u.get("id") == uid)


def test_phase_start(bwa) -> None:
    """BWA-01/11: the nonviolent side starts; a counter in sight at the start is revealed."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "x1", hidden=True), bwa.auth("b", "o5", hidden=True)], [])
    for seat in ("nonviolent", "authority"):
        assert said(g, seat, "the nonviolent side starts with the initiative")
        assert said(g, seat, "Action step 1 of 24: the nonviolent side declares its actions")
        assert g.view(seat)["state"]["initiative"] == "nonviolent"
    assert said(g, "nonviolent", "is sighted: it is a (a)")
    assert [c["feature"] for c in g.view("nonviolent")["state"]["counters"]] == ["o5"]
    assert prompt(g, "nonviolent") == {"kind": "orders"} and prompt(g, "authority") is None


def test_phase_orders_are_secret_until_they_resolve(bwa) -> None:
    """BWA-01: orders are declared first, seen by their side only, then resolved in the order given."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("m", "o4"), bwa.auth("a", "e6")], [])
    g.apply("nonviolent", "m:move:o1")
    g.apply("nonviolent", "n:move:x1")
    assert said(g, "nonviolent", "nonviolent: m: move to o1") and not said(g, "authority", "move to o1")
    assert unit(g, "authority", "n")["feature"] == "w0"
    g.apply("nonviolent", "done")
    moves = [e["text"] for e in g.log_for("authority") if e.get("rule") == "BWA-12"]
    assert moves == ["m (m) moves from o4 to o1.", "n (n) moves from w0 to x1."]
    assert unit(g, "authority", "n")["feature"] == "x1" and unit(g, "authority", "m")["feature"] == "o1"


def test_phase_reaction(bwa) -> None:
    """BWA-27: the targeted unit's side chooses a reaction before the action resolves."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2")], [], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    assert g.to_act() == ("nonviolent",)
    assert prompt(g, "nonviolent") == {"kind": "react", "verb": "confront", "unit": "a", "target": "n"}
    assert said(g, "nonviolent", "a (a) takes Confront against n (n): the nonviolent side chooses a reaction")
    assert unit(g, "nonviolent", "a")["feature"] == "x1"  # moved into contact
    assert g.legal_actions("nonviolent")[0].id == "react:hold"


def test_phase_confrontation_and_withdrawal(bwa) -> None:
    """BWA-31..33, 44, 45: 2 points to 1, ratio 2: the authority keeps the initiative and the lower
    side withdraws, choosing where (Withdraw (Lower)); its stands keep discipline (BWA-39)."""
    g = bwa.game([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=2)],
                 [3, 3, 3, 3, 6, 6, 4, 1, 3, 3, 3, 3], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    g.apply("nonviolent", "react:hold")
    assert said(g, "nonviolent", "a (a) is the higher side, 2 points to 1: ratio 2.00")
    assert said(g, "authority", "The authority side keeps the initiative.")
    assert prompt(g, "nonviolent") == {"kind": "withdraw", "unit": "n"}
    g.apply("nonviolent", "withdraw:n1")
    assert said(g, "authority", "n (n) withdraws from x1 to n1.")
    assert unit(g, "authority", "n")["feature"] == "n1"
    assert g.view("authority")["state"]["initiative"] == "authority"


def test_phase_arrest(bwa) -> None:
    """BWA-35/36: 1D6 per arresting stand; the authority picks each stand; a failed check is jailed."""
    g = bwa.game([bwa.nv("n", "x1", stands=3), bwa.auth("a", "x1", stands=1)], [2, 1, 5],
                 options={"first_initiative": "authority"}, jail={"feature": "b", "kind": "building"})
    bwa.orders(g, "authority", "a:arrest:n")
    g.apply("nonviolent", "react:hold")
    assert said(g, "nonviolent", "a (a) can arrest up to 2 stand(s) of n (n).")
    assert prompt(g, "authority") == {"kind": "arrest", "unit": "a", "target": "n"}
    g.apply("authority", "arrest-stand:n.2")
    g.apply("authority", "arrest-stand:n.3")
    assert said(g, "nonviolent", "1 stand(s) of n (n) are arrested and taken to jail.")
    assert g.view("nonviolent")["state"]["jail"]["stands"] == ["n.2"]
    assert [s["id"] for s in unit(g, "authority", "n")["stands"]] == ["n.1", "n.3"]


def test_phase_discipline_lost_and_the_band_attacks(bwa) -> None:
    """BWA-39/40: the beaten stand fails 2D6+1 and attacks at once with 2 dice; the police unit it
    attacks becomes Dedicated and beats it off; the authority chooses where it withdraws."""
    dice = [3, 3, 6, 1, 1, 1,      # accidental check, authority 1 point, nonviolent 0, discipline 1+1+1
            3, 3, 1, 1, 6,         # accidental check, band's 2 dice score 0, the Dedicated stand scores
            6]                     # the band's unit morale check (Conflict column)
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("a", "x1", stands=1)], dice,
                 options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    g.apply("nonviolent", "react:hold")
    assert said(g, "authority", "1 stand(s) of n (n) lose nonviolent discipline and become")
    assert said(g, "nonviolent", "attack a (a): its reliability becomes Dedicated.")
    assert unit(g, "nonviolent", "a")["stands"][0]["quality"] == "Dedicated"
    band = next(u for u in g.view("authority")["state"]["units"] if u.get("band"))
    assert prompt(g, "authority") == {"kind": "withdraw", "unit": band["id"]}
    assert g.view("authority")["state"]["scores"]["authority"] == 1.0  # violence points


def test_phase_end_of_step_and_change_of_initiative(bwa) -> None:
    """BWA-02/13/29: a step with no risk ends the initiative; smoke clears and each discarded stand
    rolls 2D6 to stay available (an Untrained one is lost on 5)."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("x", None, 1, "untrained", start="discarded"), bwa.auth("a", "o5")],
                 [2, 3])
    bwa.orders(g, "nonviolent", "n:smoke:pots")
    for seat in ("nonviolent", "authority"):
        assert said(g, seat, "took no risk in this step (BWA-02)); the authority side has it now.")
        assert said(g, seat, "All smoke clears.") and said(g, seat, "Discarded stand x.1 is permanently removed.")
        assert g.view(seat)["state"]["smoke"] == {} and g.view(seat)["state"]["discarded"] == 0
    assert g.view("authority")["state"]["step"] == 2 and g.to_act() == ("authority",)


def test_phase_nonviolent_initiative_commanders_and_rally_dice(bwa) -> None:
    """BWA-47/28: when the nonviolent side gains the initiative a leaderless unit tries to find a
    commander, and 10 discarded stands give one rally die that the side gives to a commander."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("m", "o4", without_commander=True),
                  bwa.nv("x", None, 10, start="discarded"), bwa.auth("a", "o5")],
                 [6] * 20 + [4, 3], options={"first_initiative": "authority"})
    bwa.orders(g, "authority")
    assert said(g, "nonviolent", "m (m) has a new commander: m.1.")
    assert said(g, "authority", "10 discarded stands: the nonviolent side has 1 rally dice.")
    assert prompt(g, "nonviolent") == {"kind": "rally_die"}
    g.apply("nonviolent", "rally:n")
    assert said(g, "authority", "3 discarded stand(s) are rallied and placed touching the commander of n (n).")
    assert len(unit(g, "authority", "n")["stands"]) == 7 and g.view("authority")["state"]["discarded"] == 7


def test_phase_lost_unit_placed_by_the_opponent(bwa) -> None:
    """BWA-14/07: changed signs at x3 make the police moving through it check; all fail: it is lost
    and the nonviolent side places it two moves away."""
    g = bwa.game([bwa.nv("n", "x3"), bwa.auth("a", "e4", stands=1)], [1])
    bwa.orders(g, "nonviolent", "n:signs")
    assert said(g, "nonviolent", "changes the street signs at x3") and not said(g, "authority", "street signs")
    bwa.orders(g, "authority")
    bwa.orders(g, "nonviolent", "n:move:s3")
    bwa.orders(g, "authority", "a:move:m2")
    assert said(g, "authority", "a (a) finds changed street signs at x3.")
    assert said(g, "nonviolent", "a (a) is lost: the opponent places it 2 moves away")
    assert prompt(g, "nonviolent") == {"kind": "place_lost", "unit": "a"}
    place = g.legal_actions("nonviolent")[0].id
    g.apply("nonviolent", place)
    assert unit(g, "authority", "a")["feature"] == place.split(":")[1] and unit(g, "authority", "a")["lost"]


def test_phase_end_of_the_game(bwa) -> None:
    """The scenario's last step ends the game: points by the victory table, all seats told."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], [], length=2,
                 victory={"objectives": ["w0"], "hold_points": 2.0})
    bwa.orders(g, "nonviolent")
    bwa.orders(g, "authority")
    assert g.is_over()
    for seat in ("nonviolent", "authority"):
        assert g.view(seat)["result"]["winners"] == ["nonviolent"]
        assert g.log_for(seat)[-1]["kind"] == "end"
    assert "nonviolent 8 points, authority 0 points" in g.view("authority")["result"]["reason"]
