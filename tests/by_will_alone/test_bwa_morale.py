"""Morale checks (BWA-03..08), reinforcements, new commanders and rallying (BWA-28..30, BWA-47)."""

from __future__ import annotations

import pytest


def rolls(g, rule):
    return [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == rule]


def unit_checks(g):
    """The unit morale checks told (BWA-04): failed stands, stands counted, table row."""
    return [(e["failed"], e["stands"], e["row"]) for e in g.log.events if e.get("rule") == "BWA-04"]


def reserve_status(bwa, g, uid):
    return next(r["status"] for r in bwa.sees(g)["reserves"] if r["id"] == uid)


@pytest.mark.parametrize(("quality", "passes"), [
    ("trained", {4, 5, 6}), ("reliable", {4, 5, 6}), ("veteran", {2, 3, 4, 5, 6}),
    ("dedicated", {2, 3, 4, 5, 6}), ("untrained", {6}), ("wavering", {6})])
def test_bwa03_stand_morale_check_numbers(bwa, quality, passes) -> None:
    """BWA-03: Trained/Reliable 4+, Veteran/Dedicated 2+, Untrained/Wavering 6+ on 1D6."""
    def passes_on(face):
        """The one-stand unit u loses a confrontation 2 points to 0 and makes its Conflict check
        (BWA-45) with ``face``; a nonviolent u first keeps its discipline (BWA-39) on 6+6."""
        nv = quality in ("trained", "veteran", "untrained")
        u = (bwa.nv if nv else bwa.auth)("u", "x1", stands=1, quality=quality)
        g = bwa.game([u, (bwa.auth if nv else bwa.nv)("o", "x1", stands=2)], [],
                     options={"accidental_attacks": False, "first_initiative": "authority" if nv else "nonviolent"})
        bwa.confront(g, "o", "u", 6, 6, 1, *([6, 6] if nv else []), face, *bwa.then)
        return rolls(g, "BWA-45")[0]["successes"] == 1

    assert {face for face in range(1, 7) if passes_on(face)} == passes


@pytest.mark.parametrize(("failures", "row"), [(2, 0), (3, 1), (6, 2), (7, 3)])
def test_bwa04_unit_check_rows(bwa, failures, row) -> None:
    """BWA-04: in 8 stands, 2 failures (25%) use row 1, 3 (37.5%) row 2, 6 (75%) row 3, 7 row 4."""
    g = sign_game(bwa, [1] * failures + [6] * (8 - failures) + [3], stands=8)
    assert unit_checks(g) == [(failures, 8, row)]


def test_bwa04_commander_counts_by_default_house_rule_can_exclude(bwa) -> None:
    """BWA-04 gap: the commander's stand counts unless the house rule says otherwise."""
    def barricade_check(faces, **options):
        """A 4-stand unit builds a barricade: activation, then its BWA-08 unit check."""
        g = bwa.game([bwa.nv("u", "w0", stands=4), bwa.auth("a", "o5")], [6, *faces], options=options)
        bwa.orders(g, "nonviolent", "u:barricade")
        return unit_checks(g)

    assert barricade_check([1, 6, 6, 6]) == [(1, 4, 0)]
    assert barricade_check([6, 6, 6], unit_check_counts_commander=False) == [(0, 3, 0)]


@pytest.mark.parametrize(("faces", "after"), [
    ([1, 1, 6, 6], "Dedicated"), ([1, 1, 1, 6, 6], "Reliable"), ([1, 1, 1, 1, 6], "Wavering")])
def test_bwa05_conflict_column_drops_reliability(bwa, faces, after) -> None:
    """BWA-05: 50% failed no change, 60% drops one level, 80% two (via BWA-45 at ratio 4+)."""
    g = bwa.game([bwa.nv("n", "x1", stands=8), bwa.auth("a", "x1", stands=len(faces), quality="dedicated")],
                 [], options={"accidental_attacks": False})
    a_dice = [6, 6] + [1] * (len(faces) - 2)
    assert bwa.confront(g, "n", "a", *[6] * 8, *a_dice, *faces, *bwa.then)["points"] == {"n": 8, "a": 2}
    assert {s["quality"] for s in bwa.unit(g, "a")["stands"]} == {after}


def test_bwa05_nonviolent_drop_is_permanent_quality(bwa) -> None:
    """BWA-05 gap: a nonviolent unit drops quality (Veteran -> Trained) for good; house rule can stop it."""
    def after_conflict(**options):
        """n (4 Veteran) loses 2 points to 0, keeps its discipline, and fails 3 of 4 (75%): one level."""
        g = bwa.game([bwa.nv("n", "x1", stands=4, quality="veteran"), bwa.auth("a", "x1", stands=2)], [],
                     options={"accidental_attacks": False, "first_initiative": "authority", **options})
        bwa.confront(g, "a", "n", 6, 6, 1, 1, 1, 1, *[6, 6] * 4, 1, 1, 1, 6, *bwa.then)
        return {s["quality"] for s in bwa.unit(g, "n")["stands"]}

    assert after_conflict() == {"Trained"}
    assert after_conflict(nonviolent_quality_drop=False) == {"Veteran"}


def reinforcement_game(bwa, faces):
    units = [bwa.nv("n", "w0"), bwa.nv("r", None, stands=10, reserve=True, entry="e6"), bwa.auth("a", "o5")]
    g = bwa.game(units, [])
    bwa.script(g, faces)
    bwa.orders(g, "nonviolent", "n:reinforce:r")
    return g


def test_bwa06_reinforcement_arrives_now_at_40_percent(bwa) -> None:
    """BWA-06: 40% failed: the unit arrives at its entry at once (Request needs no activation)."""
    g = reinforcement_game(bwa, [1] * 4 + [6] * 6)
    assert bwa.unit(g, "r")["feature"] == "e6"
    assert not rolls(g, "BWA-18")


def test_bwa06_reinforcement_next_initiative_at_70_percent(bwa) -> None:
    """BWA-06: 70% failed: arrives at the side's next initiative, not before."""
    g = reinforcement_game(bwa, [1] * 7 + [6] * 3)
    assert reserve_status(bwa, g, "r") == "arriving" and bwa.sees(g)["initiative"] == "authority"
    g.apply("authority", "done")  # no risk: the initiative passes back (BWA-02)
    assert bwa.sees(g)["initiative"] == "nonviolent" and bwa.unit(g, "r")["feature"] == "e6"


def test_bwa06_reinforcement_does_not_arrive_at_90_percent_and_may_be_asked_again(bwa) -> None:
    g = reinforcement_game(bwa, [1] * 9 + [6])
    assert reserve_status(bwa, g, "r") == "reserve"
    g.apply("authority", "done")
    assert "n:reinforce:r" in [a.id for a in g.legal_actions("nonviolent")]


def sign_game(bwa, faces, options=None, **unit):
    """The police 'cops' (10 stands) move from e6 towards x5, whose sign the activists changed (BWA-07)."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("cops", "e6", **{"stands": 10, **unit})], [], changed_signs=["x5"],
                 options={"first_initiative": "authority", **(options or {})})
    bwa.script(g, faces)
    bwa.orders(g, "authority", "cops:move:e4")
    return g


def test_bwa07_30_percent_wrong_way_once_then_normal(bwa) -> None:
    """BWA-07: 30% failed: a wrong-direction move (BWA-16: 3 = reverse), then normal moves."""
    g = sign_game(bwa, [1] * 3 + [6] * 7 + [3])
    assert bwa.unit(g, "cops")["feature"] == "e6"
    assert "x5" in g.view("authority")["state"]["changed_signs"]  # BWA-14: it has learned of the change
    g.apply("nonviolent", "done")
    bwa.orders(g, "authority", "cops:move:n5")  # no check on its next move
    assert len(rolls(g, "BWA-14")) == 1 and bwa.unit(g, "cops")["feature"] == "n5"


def test_bwa07_60_percent_checks_again_on_next_move_even_on_good_signs(bwa) -> None:
    g = sign_game(bwa, [1] * 6 + [6] * 4 + [3])
    before = len(rolls(g, "BWA-14"))
    g.apply("nonviolent", "done")  # the authority took no risk: the initiative went round
    bwa.script(g, [6] * 10)
    bwa.orders(g, "authority", "cops:move:n5")
    assert len(rolls(g, "BWA-14")) == before + 1 and bwa.unit(g, "cops")["feature"] == "n5"


def test_bwa07_100_percent_lost_placed_by_opponent_and_cannot_move(bwa) -> None:
    g = sign_game(bwa, [1] * 10)
    assert bwa.unit(g, "cops")["lost"] and g.to_act() == ("nonviolent",)
    choices = [a.id for a in g.legal_actions("nonviolent")]
    assert choices == ["place:h", "place:x1"]  # two police moves (4 features) from x5
    g.apply("nonviolent", "place:x1")
    assert bwa.unit(g, "cops")["feature"] == "x1"
    g.apply("nonviolent", "done")
    assert not [a for a in g.legal_actions("authority") if a.id.startswith("cops:move")]


@pytest.mark.parametrize(("faces", "built"), [([6, 1, 1, 6, 6], True), ([6, 1, 1, 1, 6], False)])
def test_bwa08_barricade_column(bwa, faces, built) -> None:
    """BWA-08: 4 stands, 2 failures: built; 3 failures: not built (after activation, BWA-52)."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o5")], faces)
    bwa.orders(g, "nonviolent", "n:barricade")
    assert (bwa.sees(g)["barricades"] == ["w0"]) is built


def test_bwa47_new_commander_attempts_add_one_each(bwa) -> None:
    """BWA-47: the third attempt is rolled at +2; success lets the unit act in that initiative."""
    g = bwa.game([bwa.nv("n", "w0", qualities=["trained", "veteran", "untrained"], stands=3,
                         without_commander=True, attempts=2), bwa.auth("a", "o5")], [],
                 options={"first_initiative": "authority"})
    bwa.script(g, [1])  # the Veteran stand (2+) rolls 1, +2: passes
    g.apply("authority", "done")
    roll = rolls(g, "BWA-47")[-1]
    assert roll["modifiers"][0]["value"] == 2 and roll["who"].endswith("n.2")
    assert [s["commander"] for s in bwa.unit(g, "n")["stands"]] == [False, True, False]
    assert any(a.id.startswith("n:move") for a in g.legal_actions("nonviolent"))


def test_bwa46_without_commander_no_actions(bwa) -> None:
    """BWA-46: a unit without a commander has no actions of its own."""
    g = bwa.game([bwa.nv("n", "w0", without_commander=True), bwa.nv("m", "e6"), bwa.auth("a", "o5")], [])
    ids = [a.id for a in g.legal_actions("nonviolent")]
    assert not [i for i in ids if i.startswith("n:")] and any(i.startswith("m:") for i in ids)
    from riotact.core.errors import IllegalActionError
    with pytest.raises(IllegalActionError, match="BWA-46"):
        g.apply("nonviolent", "n:move:x1")


def discard_game(bwa, quality, n, faces, **kw):
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("d", None, n, quality, start="discarded"), bwa.auth("a", "o5")], [],
                 options={"first_initiative": "authority"}, **kw)
    bwa.script(g, faces)
    g.apply("authority", "done")
    return g


@pytest.mark.parametrize(("quality", "total", "kept"), [
    ("untrained", 5, False), ("untrained", 6, True), ("trained", 3, False), ("trained", 4, True),
    ("veteran", 2, True)])
def test_bwa29_discarded_stands_roll_when_initiative_changes(bwa, quality, total, kept) -> None:
    """BWA-29: 2D6 under the morale check number removes a discarded stand for good."""
    g = discard_game(bwa, quality, 1, [1, total - 1])
    assert (bwa.sees(g)["discarded"] == 1) is kept


def test_bwa28_rally_dice_per_ten_discarded(bwa) -> None:
    """BWA-28: 20 discarded stands give 2 dice; a commander rolling 5 places 5 stands with him."""
    g = discard_game(bwa, "veteran", 20, [1, 1] * 20)
    assert bwa.prompt(g) == "rally_die"
    bwa.script(g, [5])
    g.apply("nonviolent", "rally:n")
    assert len(bwa.unit(g, "n")["stands"]) == 9 and bwa.sees(g)["discarded"] == 15
    assert bwa.prompt(g) == "rally_die"  # the second die


def test_bwa30_authority_rally_modifiers(bwa) -> None:
    """BWA-30: a lost unit, no nonviolent unit in sight, rallied by a higher commander: +3 per die."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("hq", "e6", high_command=True),
                  bwa.auth("lost", "x5", lost=True)], [], options={"first_initiative": "authority"})
    bwa.script(g, [1, 1, 1, 1])
    bwa.orders(g, "authority", "hq:rally:lost")
    roll = rolls(g, "BWA-30")[-1]
    assert sum(m["value"] for m in roll["modifiers"]) == 3
    assert not bwa.unit(g, "lost")["lost"]  # 1+3 = 4 passes for every Reliable stand


def test_bwa30_touched_by_nonviolent_unit_is_minus_two(bwa) -> None:
    g = bwa.game([bwa.nv("n", "e6"), bwa.auth("hq", "x5"),
                  bwa.auth("shaken", "e6", quality="dedicated", dropped_levels=1)],  # Reliable for now
                 [], options={"first_initiative": "authority"})
    bwa.script(g, [6, 6, 6, 1])
    bwa.orders(g, "authority", "hq:rally:shaken")
    roll = rolls(g, "BWA-30")[-1]
    assert [m["value"] for m in roll["modifiers"]] == [-2]
    assert {s["quality"] for s in bwa.unit(g, "shaken")["stands"]} == {"Dedicated"}  # 1 of 4 failed: rallied


def test_bwa30_failed_rally_is_told_as_a_failure(bwa) -> None:
    """BWA-30: 3 of 4 stands failing (75%) is over the 50% pass mark: the unit stays lost, and the log
    says the rally failed without calling the check's result 'rallied'."""
    g = bwa.game([bwa.nv("n", "o4"), bwa.auth("hq", "e6"), bwa.auth("lost", "x5", lost=True)], [],
                 options={"first_initiative": "authority"})
    bwa.script(g, [1, 1, 1, 6])  # +1 (no nonviolent unit in sight): 2, 2, 2 fail, 7 passes
    bwa.orders(g, "authority", "hq:rally:lost")
    texts = [e["text"] for e in g.log.events if e.get("rule") in ("BWA-04", "BWA-30") and e["kind"] == "effect"]
    assert bwa.unit(g, "lost")["lost"]
    assert texts[0].endswith("3 of 4 stands failed (75%) (Rally).")
    assert "rally of lost (lost) fails" in texts[1] and not any("'rallied'" in t for t in texts)


def test_bwa06_a_reserve_that_did_not_arrive_waits_for_a_later_initiative(bwa) -> None:
    """BWA-06 gap: a reserve that did not arrive may be asked for again in a later initiative, not in
    the same one (here the side keeps the initiative with a built barricade)."""
    units = [bwa.nv("n", "w0"), bwa.nv("m", "e6", quality="veteran"),
             bwa.nv("r", None, stands=10, reserve=True, entry="e6"), bwa.auth("a", "o5")]
    g = bwa.game(units, [])
    bwa.script(g, [1] * 9 + [6] + [6] + [6] * 4)  # 90% fail: not arriving; m's barricade: built
    bwa.orders(g, "nonviolent", "n:reinforce:r", "m:barricade")
    assert reserve_status(bwa, g, "r") == "reserve" and bwa.sees(g)["initiative"] == "nonviolent"
    assert not [a for a in g.legal_actions("nonviolent") if a.id.endswith(":reinforce:r")]
    g.apply("nonviolent", "done")    # no risk: the initiative passes
    g.apply("authority", "done")     # and comes back: a later initiative
    assert "n:reinforce:r" in [a.id for a in g.legal_actions("nonviolent")]
