"""The turn (PP-01, PP-05), fighting (PP-21 to PP-24) and saves against blows (PP-30 to PP-36), played
through ``Game`` with scripted dice. Characters 1.2" apart (centre to centre) are in base contact."""

from __future__ import annotations

from public_participation.pp_support import (
    WALL,
    card,
    ch,
    do,
    figure,
    finish,
    game,
    markers,
    rolls,
    texts,
    to_phase,
    wall,
)
from support import umpire_sees


def mods(event: dict) -> list[tuple[int, str]]:
    return [(m["value"], m["reason"]) for m in event["modifiers"]]


def fight_texts(g) -> list[str]:
    return [e["text"] for e in g.log.events if e.get("rule") == "PP-24"]


def test_pp21_plus_1_rolling_4_against_minus_1_rolling_3_differences_plus_3_and_minus_3():
    """PP-21/PP-24: 5 against 2: +3 unscathed, -3 Downed; PP-33: saved on 4 against fists: LI, rising
    next move at -1 in melee; a bludgeoning LI does not bleed (no PP-25 roll)."""
    g = game([ch("A", "red", (5, 5), fight=1), ch("B", "blue", (5, 6.2), fight=-1)], moves=2,
             dice=[4, 3, 4, 6, 3, 3, 3, 3])  # move 2: B, rising, is Downed and stunned; no recovery
    finish(g)
    assert fight_texts(g)[:2] == ["Round 1: A 5 against 2, a difference of +3: unscathed.",
                                  "Round 1: B 2 against 5, a difference of -3: Downed."]
    assert figure(g, "B")["wound"] == "LI" and "B is down, and spends next move getting up." in texts(g, "blue")
    assert len([r for r in rolls(g, "PP-21") if r["turn"] == 1]) == 2  # B is down: no second round
    rising = next(r for r in rolls(g, "PP-21") if r["who"] == "B" and r["turn"] == 2)
    assert (-1, "rising with LI") in mods(rising) and not rolls(g, "PP-25")


def test_pp05_two_characters_in_contact_fight_exactly_two_rounds_and_speak_in_two_rounds():
    g = game([ch("A", "red", (5, 5)), ch("B", "blue", (5, 6.2))], dice=[3, 3, 4, 4])
    finish(g)
    assert len(rolls(g, "PP-21")) == 4
    assert [t for t in fight_texts(g) if t.startswith("Round 2")]
    assert "Move 1: speaking round 2." in texts(g)


def test_pp01_five_phases_in_order_no_normal_shot_before_all_movement_and_morale_after_fighting():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("A", "red", (20, 5)), ch("B", "blue", (20, 6.2)),
              ch("B1", "blue", (5, 12))], dice=[1, 3, 3, 3, 3, 6, 6, 6])
    to_phase(g, "moving")
    assert not any(a.id.startswith("fire") for a in g.legal_actions("red"))
    do(g, "move:B1:6.0,12.0")
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    finish(g)
    seqs = {k: next(e["seq"] for e in g.log.events if f"phase {k}" in e["text"]) for k in range(1, 6)}
    assert seqs[1] < seqs[2] < seqs[3] < seqs[4] < seqs[5]
    moves = [e["seq"] for e in g.log.events if e.get("rule") == "PP-03"]
    shots = [e["seq"] for e in rolls(g, "PP-10")]
    fights = [e["seq"] for e in rolls(g, "PP-21")]
    morale = [e["seq"] for e in rolls(g, "PP-39")]
    assert max(moves) < seqs[3] < min(shots) and max(fights) < seqs[5] < min(morale)


def test_pp22_mounted_enraged_with_height_advantage_is_plus_4_and_charging_counts_in_the_first_round_only():
    """Round 1: A (mounted +2, on the mound +1) 1 + 3 = 4 against 5: -1 Flinches; saved on 4 against
    fists: superficial and enraged (PP-34). Round 2: +2 +1 +1 = +4."""
    mound = wall("mound", [(3, 3), (7, 3), (7, 5.5), (3, 5.5)], height=1)
    g = game([ch("A", "red", (5, 5), mounted=True), ch("B", "blue", (5, 6.2))], features=[mound],
             dice=[1, 5, 4, 3, 3, 6, 6])
    finish(g)
    a_rolls = [r for r in rolls(g, "PP-21") if r["who"] == "A"]
    assert sum(v for v, _ in mods(a_rolls[0])) == 3
    assert sum(v for v, _ in mods(a_rolls[1])) == 4 and (1, "enraged") in mods(a_rolls[1])


def test_pp22_a_charge_from_out_of_sight_is_full_surprise_plus_2_and_charging_plus_1():
    """PP-22: A cannot see B behind the wall as his move begins; he runs round it into contact."""
    g = game([ch("A", "red", (8, 3)), ch("B", "blue", (12, 7.5))], features=[WALL], dice=[3, 3, 6, 6])
    assert all(not a.text.endswith("towards B") for a in g.legal_actions("red"))  # B is unseen
    do(g, "move:A:11.2,8.4")
    assert "charges B (full surprise)" in texts(g, "blue")
    finish(g)
    a1 = next(r for r in rolls(g, "PP-21") if r["who"] == "A")
    assert (2, "full surprise") in mods(a1) and (1, "charging") in mods(a1) and a1["total"] == 6


def test_pp22_the_charge_bonus_lasts_the_first_round_only():
    """PP-22 gap: charge bonuses apply only in the first round after contact."""
    g = game([ch("A", "red", (8, 3)), ch("B", "blue", (12, 7.5))], features=[WALL], dice=[1, 4, 3, 3])
    do(g, "move:A:11.2,8.4")
    finish(g)
    a1, a2 = [r for r in rolls(g, "PP-21") if r["who"] == "A"]
    assert (1, "charging") in mods(a1) and not mods(a2)[1:]


def test_pp23_two_attackers_rolling_3_and_6_use_4_plus_2_and_a_loss_falls_on_one_of_them():
    g = game([ch("A1", "red", (5, 6.2)), ch("A2", "red", (6.2, 5)), ch("B", "blue", (5, 5))],
             dice=[6, 3, 6, 1, 1, 1, 4, 6])
    finish(g)
    group = [e["text"] for e in g.log.events if e.get("rule") == "PP-23" and e["kind"] == "effect"]
    assert group[0].startswith("A1 and A2: mean of the dice 4 (rounded down), +2 for 2 to one") and \
        group[0].endswith(": 6.")
    assert "Round 2: B 1 against 3, a difference of -2: Staggers." in fight_texts(g)
    assert rolls(g, "PP-30")[0]["result"] == "hurt"  # PP-35: fists, 4 on the Staggers row
    assert [r["who"] for r in rolls(g, "PP-39")] == ["B"]


def test_pp24_minus_2_staggers_minus_4_downed_plus_1_unscathed():
    g = game([ch("A", "red", (5, 5), fight=2), ch("B", "blue", (5, 6.2))], dice=[3, 3, 4, 1, 3, 6])
    finish(g)
    assert fight_texts(g)[:2] == ["Round 1: A 5 against 3, a difference of +2: unscathed.",
                                  "Round 1: B 3 against 5, a difference of -2: Staggers."]
    g = game([ch("A", "red", (5, 5), fight=2), ch("B", "blue", (5, 6.2))], dice=[3, 1, 4, 6])
    finish(g)
    assert fight_texts(g)[1] == "Round 1: B 1 against 5, a difference of -4: Downed."
    g = game([ch("A", "red", (5, 5), fight=1), ch("B", "blue", (5, 6.2))], dice=[3, 3, 1, 5, 6, 6])
    finish(g)
    assert fight_texts(g)[0].endswith("+1: unscathed.")


def test_pp30_pp31_a_downed_man_hit_by_an_axe_rolling_6_is_di_and_pp27_carries_on_with_a_3():
    g = game([ch("A", "red", (5, 5), weapons=["axe"]), ch("B", "blue", (5, 6.2))], dice=[6, 1, 6, 6, 3])
    finish(g)
    save = rolls(g, "PP-30")[0]
    assert save["total"] == 3 and save["result"] == "DI" and mods(save) == [(-3, "axe SDD")]
    assert figure(g, "B")["wound"] == "DI" and "critically injured" not in markers(g, "B")
    assert card(g, "B")["walk"] == 2  # move 5 less DI's 3 (PP-27)


def test_pp27_a_dangerously_injured_man_who_rolls_2_collapses_critically_injured():
    """PP-27: the collapse roll at the end of the move; critically injured is out of action (and
    scores for the other side)."""
    g = game([ch("A", "red", (5, 5), weapons=["axe"]), ch("B", "blue", (5, 6.2))], dice=[6, 1, 6, 6, 2])
    finish(g)
    assert "critically injured" in markers(g, "B") and "critically injured" in texts(g, "blue")
    assert "B" not in umpire_sees(g)["sight"]  # out of play: his eyes no longer count
    assert g.result is not None and g.result.scores["red"] == 1


def test_pp31_a_flinching_man_hit_by_a_knife_rolling_4_is_only_superficially_hurt():
    g = game([ch("A", "red", (5, 5), weapons=["knife"]), ch("B", "blue", (5, 6.2))], dice=[4, 3, 4, 3, 3])
    finish(g)
    save = rolls(g, "PP-30")[0]
    assert save["total"] == 5 and save["result"] == "superficial" and figure(g, "B")["wound"] == "unhurt"


def test_pp32_a_bayonet_bi_screams_a_friend_5_inches_away_tests_one_8_inches_away_does_not():
    """PP-32: Staggers, saved on 5 - 2 = 3: BI, he screams; heard by all, tests friends within 6"."""
    g = game([ch("A", "red", (5, 5), weapons=["bayonet"]), ch("B", "blue", (5, 6.2)),
              ch("F5", "blue", (5, 12.2)), ch("F8", "blue", (5, 15.2))], dice=[4, 2, 5, 3, 5, 6, 6])
    finish(g)
    assert rolls(g, "PP-30")[0]["result"] == "BI"
    assert [r["who"] for r in rolls(g, "PP-39")] == ["B", "F5"]
    assert "B screams" in texts(g, "blue") and "A hears a scream" in texts(g, "red")


def test_pp33_a_staggered_man_hit_by_a_club_rolling_5_is_li_pp34_fists_flinch_on_4_enrages():
    g = game([ch("A", "red", (5, 5), weapons=["club"]), ch("B", "blue", (5, 6.2))], dice=[5, 3, 5, 3, 4, 6])
    finish(g)
    save = rolls(g, "PP-30")[0]
    assert save["total"] == 3 and save["result"] == "LI"
    assert not rolls(g, "PP-25")  # a bludgeoning LI does not bleed (PP-33)
    g = game([ch("A", "red", (5, 5)), ch("B", "blue", (5, 6.2))], dice=[4, 3, 4, 4, 3])
    finish(g)
    assert rolls(g, "PP-30")[0]["result"] == "superficial" and "enraged" in markers(g, "B")
    assert (1, "enraged") in mods([r for r in rolls(g, "PP-21") if r["who"] == "B"][1])


def test_pp36_stunned_rolls_5_and_stays_then_6_recovers_groggy_minus_1_and_a_morale_throw():
    g = game([ch("A", "red", (5, 5)), ch("B", "blue", (5, 6.2))], moves=3,
             dice=[6, 1, 3, 5,  # move 1: Downed, 3 on the Downed row: stunned; the recovery roll 5 fails
                   6,  # move 2: still helpless, no fight; recovers on a 6
                   3, 4, 3, 4, 6])  # move 3: groggy B draws twice (4 - 1); morale throw with groggy -1
    to_phase(g, "moving", move=2)
    assert "stunned" in markers(g, "B") and not g.legal_actions("blue")
    finish(g)
    b_fight = [r for r in rolls(g, "PP-21") if r["who"] == "B" and r["turn"] == 3]
    assert (-1, "groggy") in mods(b_fight[0])
    throw = rolls(g, "PP-39")[-1]
    assert throw["who"] == "B" and (-1, "groggy") in mods(throw)
