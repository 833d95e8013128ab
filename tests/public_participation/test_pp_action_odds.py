"""Odds where a Public Participation player decides (PP-10..15, PP-30..33): beside a shot or a throw
at a character, from the seat's view and the house rules only (odds.py ``action_odds``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from public_participation.pp_support import WALL, ch, do, game, to_phase, wall
from riotact.core import Game
from riotact.core.odds import action_odds, percent
from riotact.rulesets.public_participation.odds import hit_chance, save_odds, shot_odds

HEDGE = wall("hedge", [(3, 11), (7, 11), (7, 13), (3, 13)], cover=True, name="the hedge")
BARN = wall("barn", [(3, 11), (7, 11), (7, 13), (3, 13)], cover="heavy", name="the barn wall")
FENCE = wall("fence", [(4, 0.2), (6, 0.2), (6, 0.6), (4, 0.6)], obstacle="most", name="the fence")


def worse(odds: dict[str, Fraction]) -> Fraction:
    return sum((odds.get(k, Fraction(0)) for k in ("LI", "BI", "DI", "AD")), Fraction(0))


def engine(g: Game, action_id: str) -> tuple[int, int, int, bool]:
    """The engine's own F, score needed, SDD and coup de grace for a shot (Combat.shot_modifiers)."""
    _, cid, weapon, tid = action_id.split(":")
    st = g.state
    c, t, w = st.chars[cid], st.chars[tid], st.weapon_book[weapon.replace("-", " ")]
    mods = st.shot_modifiers(c, t, w, opportunity=False, attacked=False)
    return sum(m.value for m in mods), st.to_hit(w, st.gap(c, t)), w.sdd, st.coup_de_grace(c, t)


def shown_equals_engine(g: Game, seat: str, action_id: str) -> None:
    f, need, sdd, cdg = engine(g, action_id)
    shown = action_odds(g, seat)[action_id]
    odds = shot_odds(modifier=f, need=need, sdd=sdd, coup_de_grace=cdg)
    assert shown.p == hit_chance(f, need) == 1 - odds["miss"]
    assert shown.text.startswith(f"{percent(shown.p)} to hit ({need}+ on D6 {f:+d}")
    assert f"each: {percent(worse(odds))} injured, {percent(odds.get('AD', Fraction(0)))} " \
           "apparently dead" in shown.text


def test_pp11_a_good_shot_at_a_target_behind_a_hedge_shows_the_engine_s_own_odds() -> None:
    """PP-11: +1 good shot, -1 cover: F 0, 4+ within half the rifle's range: 50% to hit; PP-13 rifle -1."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"], shooting="good"), ch("B1", "blue", (5, 12))],
             features=[HEDGE])
    to_phase(g, "firing")
    shown = action_odds(g, "red")["fire:R1:rifle:B1"]
    assert shown.p == Fraction(1, 2)
    assert shown.text.startswith("50% to hit (4+ on D6 +0: good shot +1, cover (the hedge) -1)")
    shown_equals_engine(g, "red", "fire:R1:rifle:B1")
    assert "hold:R1" not in action_odds(g, "red")  # no chance, no odds


@pytest.mark.parametrize("options", [{}, {"heavy_cover": -3}])
def test_pp11_heavy_cover_counts_the_house_rule(options: dict) -> None:
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12))], features=[BARN],
             options=options)
    to_phase(g, "firing")
    assert f"heavy cover (the barn wall) {options.get('heavy_cover', -2):+d}" in \
        action_odds(g, "red")["fire:R1:rifle:B1"].text
    shown_equals_engine(g, "red", "fire:R1:rifle:B1")


def test_pp11_a_poor_shot_who_moved_3_inches_and_is_lightly_injured_sees_them_all() -> None:
    """PP-11 poor -1, moved over 2" -1; PP-25 LI -1; PP-42 Shaken -1."""
    g = game([ch("R1", "red", (5, 0), weapons=["revolver"], shooting="poor"), ch("B1", "blue", (5, 9))])
    g.state.chars["R1"].wounds = g.state.chars["R1"].card.wound_thresholds[0]  # lightly injured
    do(g, "move:R1:5.0,3.0")
    to_phase(g, "firing")
    g.state.chars["R1"].shaken_move = g.state.move
    text = action_odds(g, "red")["fire:R1:revolver:B1"].text
    assert "poor shot -1" in text and "moved 3.0\" -1" in text and "LI wound -1" in text and "Shaken -1" in text
    shown_equals_engine(g, "red", "fire:R1:revolver:B1")


def test_pp11_a_rested_telescopic_rifle_and_a_coup_de_grace_on_a_stunned_man() -> None:
    """PP-11: rested long gun +1 (touching the fence), telescopic +1; coup de grace within 1" of a
    helpless target +2 on the roll and +2 on the effect (PP-12)."""
    scoped = {"name": "scoped rifle", "kind": "firearm", "range": 36, "long_gun": True, "telescopic": True,
              "sdd": -1}
    g = game([ch("R1", "red", (5, 0), weapons=["scoped rifle"]), ch("B1", "blue", (5, 20)),
              ch("B2", "blue", (6.5, 0))], features=[FENCE], weapons=[scoped])
    g.state.chars["B2"].stunned = True
    to_phase(g, "firing")
    shown = action_odds(g, "red")
    assert "rested +1, telescopic sight +1" in shown["fire:R1:scoped-rifle:B1"].text
    assert "coup de grace +2" in shown["fire:R1:scoped-rifle:B2"].text
    for aid in ("fire:R1:scoped-rifle:B1", "fire:R1:scoped-rifle:B2"):
        shown_equals_engine(g, "red", aid)


def test_pp26_a_bandaged_bleeding_badly_injured_firer_and_the_house_rule_that_spares_him() -> None:
    """PP-26 gap: BI -2, -1 once bandaged, plus the bleeding; house rule bi_di_firing_penalty off: none."""
    for options, words in (({}, "BI wound -2"), ({"bi_di_firing_penalty": False}, None)):
        g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12))], options=options)
        r1 = g.state.chars["R1"]
        r1.wounds, r1.bandaged, r1.bleed_extra = r1.card.wound_thresholds[1], True, 1
        to_phase(g, "firing")
        text = action_odds(g, "red")["fire:R1:rifle:B1"].text
        assert (words in text) if words else "wound" not in text
        shown_equals_engine(g, "red", "fire:R1:rifle:B1")


def test_pp14_pp15_a_stone_s_odds_read_the_throw_scores_and_the_bludgeoning_table() -> None:
    g = game([ch("R1", "red", (5, 2), throwables={"stone": 2}), ch("B1", "blue", (5, 9))])
    to_phase(g, "firing")
    st = g.state
    c, t, w = st.chars["R1"], st.chars["B1"], st.weapon_book["stone"]
    need, _ = st.throw_need(c, w, st.gap(c, t))
    f = sum(m.value for m in st.shot_modifiers(c, t, w, opportunity=False, attacked=False, thrown=True))
    shown = action_odds(g, "red")["throw:R1:stone:B1"]
    odds = shot_odds(modifier=f, need=need, sdd=w.sdd, table="bludgeoning")
    assert shown.p == hit_chance(f, need)
    assert f"each: {percent(worse(odds))} injured" in shown.text
    g = game([ch("R1", "red", (5, 2), throwables={"stone": 2}), ch("B1", "blue", (5, 9))],
             options={"thrown_effect": "staggers"})
    to_phase(g, "firing")
    staggers = action_odds(g, "red")["throw:R1:stone:B1"]
    every = {k: shown.p * v for k, v in save_odds("Staggers", "bludgeoning", w.sdd).items()}
    assert staggers.p == shown.p and f"each: {percent(worse(every))} injured" in staggers.text
    assert worse(every) != worse(odds)  # the house rule shows in the odds


def test_the_odds_a_seat_sees_do_not_depend_on_what_it_cannot_see() -> None:
    """The target's card (fighting value, weapons, morale) and a blue figure behind the wall, out of
    red's sight, differ; red's odds do not (PP-02: the card is its owner's and the umpire's)."""
    def play(hidden: bool) -> Game:
        target = ch("B1", "blue", (5, 12), fight=3, morale="heroes", weapons=["rifle"]) if hidden \
            else ch("B1", "blue", (5, 12))
        extra = [ch("B2", "blue", (14, 3), weapons=["rifle"])] if hidden else []
        g = game([ch("R1", "red", (5, 2), weapons=["rifle"], shooting="good"), target, *extra],
                 features=[HEDGE, WALL], options={"figures_in_the_way": "cover"})
        to_phase(g, "firing")
        return g
    plain, other = play(False), play(True)
    assert plain.view("umpire") != other.view("umpire")
    assert action_odds(plain, "red") == action_odds(other, "red") != {}


def test_pp_save_odds_sum_to_one() -> None:
    assert sum(save_odds("Downed", "bludgeoning", 0).values()) == 1


@pytest.mark.parametrize("options", [{}, {"explosive_natural_one": "miss"}])
def test_pp16_pp17_a_stick_s_odds_of_landing_on_the_point_are_the_engine_s_throw(options: dict) -> None:
    """PP-16: D6 + the thrower's factors (a poor shot here) against the FR score (5+ beyond 3"); a
    natural 1 never lands on the point, and is a dud unless the house rule says only a miss."""
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}, shooting="poor"), ch("B1", "blue", (5, 9.5))],
             options=options)
    to_phase(g, "firing")
    st = g.state
    c, w = st.chars["R1"], st.weapon_book["dynamite"]
    aim = st.chars["B1"].pos
    need, _ = st.throw_need(c, w, max(0.0, st.table.distance(c.pos, aim) - c.card.base))
    f = sum(m.value for m in st._throw_mods(c))
    shown = action_odds(g, "red")["bomb:R1:dynamite:5.0,9.5"]
    assert shown.p == Fraction(sum(1 for face in range(2, 7) if face + f >= need), 6) == Fraction(1, 6)
    assert shown.text.startswith(f"17% lands on the point ({need}+ on D6 {f:+d}: poor shot -1)")
    assert ("17% a dud" in shown.text) is (not options)


def test_pp16_the_sheet_s_placement_die_house_rule() -> None:
    """PP-16, the sheet's second method: 5+ on the spot, -1 at full range (beyond 3" for a gas bomb)."""
    for y, p, words in ((8.0, Fraction(1, 3), "(5+ on the placement D6)"),
                        (9.5, Fraction(1, 6), "(5+ on the placement D6, -1 at full range)")):
        g = game([ch("R1", "red", (5, 5), throwables={"gas bomb": 1}), ch("B1", "blue", (5, y))],
                 options={"exploding_point": "placement"})
        to_phase(g, "firing")
        shown = action_odds(g, "red")[f"bomb:R1:gas-bomb:5.0,{y:.1f}"]
        assert shown.p == p and words in shown.text


def test_pp19_a_kick_shows_its_d6_minus_3_unless_a_nerve_test_comes_first() -> None:
    def kicker(options: dict) -> Game:
        g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("K", "blue", (5, 11))],
                 dice=[6], options=options)
        to_phase(g, "firing")
        do(g, "bomb:R1:dynamite:5.0,10.0")
        return g
    assert action_odds(kicker({}), "blue")["kick:K:3"].p == Fraction(1, 2)
    assert "kick:K:3" not in action_odds(kicker({"kick_nerve": True}), "blue")
    assert "nokick:K" not in action_odds(kicker({}), "blue")
