"""Odds where a Public Participation player decides (PP-10..15, PP-30..33): beside a shot or a throw
at a character, from the seat's view and the house rules only (odds.py ``action_odds``)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from public_participation.pp_support import WALL, card, ch, do, game, owner, rolls, to_phase, wall
from riotact.core import Game, ScriptedDice
from riotact.core.odds import action_odds, percent
from riotact.rulesets.public_participation.odds import hit_chance, save_odds, shot_odds

HEDGE = wall("hedge", [(3, 11), (7, 11), (7, 13), (3, 13)], cover=True, name="the hedge")
BARN = wall("barn", [(3, 11), (7, 11), (7, 13), (3, 13)], cover="heavy", name="the barn wall")
FENCE = wall("fence", [(4, 0.2), (6, 0.2), (6, 0.6), (4, 0.6)], obstacle="most", name="the fence")


def worse(odds: dict[str, Fraction]) -> Fraction:
    return sum((odds.get(k, Fraction(0)) for k in ("LI", "BI", "DI", "AD")), Fraction(0))


def engine_roll(g: Game, action_id: str, rule: str) -> dict:
    """The engine's own first roll under ``rule`` (its modifiers and score needed) when ``action_id`` is
    carried out on a copy of the game (with dice enough, if scripted)."""
    twin = g.clone()
    if isinstance(twin.dice, ScriptedDice):
        twin.dice.extend([1] * 20)
    seen = len(twin.log.events)
    twin.apply(owner(twin, action_id), action_id)
    return next(e for e in twin.log.events[seen:] if e["kind"] == "roll" and e["rule"] == rule)


def engine(g: Game, action_id: str) -> tuple[int, int, int, bool]:
    """The engine's own F, score needed, SDD and coup de grace for a shot: the shot fired (rules/firing.py)."""
    _, cid, weapon, _ = action_id.split(":")
    shot = engine_roll(g, action_id, "PP-10")
    return (sum(m["value"] for m in shot["modifiers"]), shot["target"],
            card(g, cid)["arms"][weapon.replace("-", " ")]["sdd"],
            any(m["reason"].startswith("coup de grace") for m in shot["modifiers"]))


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


@pytest.mark.parametrize(("morale_die", "moves", "factors"), [
    (5, True, ("poor shot -1", "moved 3.0\" -1", "LI wound -1")),  # Controlled: he may move (PP-40)
    (2, False, ("poor shot -1", "LI wound -1", "Shaken -1")),  # Shaken: he stands (PP-42)
])
def test_pp11_a_poor_lightly_injured_firer_who_moved_or_is_shaken_sees_every_factor(
        morale_die: int, moves: bool, factors: tuple[str, ...]) -> None:
    """PP-11 poor -1, moved over 2" -1; PP-25 LI -1; PP-42 Shaken -1. Move 1: B1's rifle hits R1 (6),
    Flinches (1), saved on 4 - 1 = 3: LI (PP-31); his morale throw (armed +1, LI -1) sets Controlled or
    Shaken; he does not bleed (6). Move 2: he moves 3" or stands, and aims at B1."""
    g = game([ch("R1", "red", (5, 0), weapons=["revolver"], shooting="poor"),
              ch("B1", "blue", (5, 9), weapons=["rifle"])], dice=[6, 1, 4, morale_die, 6], moves=2)
    to_phase(g, "firing")
    do(g, "fire:B1:rifle:R1")
    to_phase(g, "moving", move=2)
    if moves:
        do(g, "move:R1:5.0,3.0")
    to_phase(g, "firing", move=2)
    while "red" not in g.to_act():  # move 2 begins with blue (PP-01)
        g.apply("blue", "done")
    text = action_odds(g, "red")["fire:R1:revolver:B1"].text
    assert all(factor in text for factor in factors), text
    shown_equals_engine(g, "red", "fire:R1:revolver:B1")


def test_pp11_a_rested_telescopic_rifle_and_a_coup_de_grace_on_a_stunned_man() -> None:
    """PP-11: rested long gun +1 (touching the fence), telescopic +1; coup de grace within 1" of a
    helpless target +2 on the roll and +2 on the effect (PP-12)."""
    scoped = {"name": "scoped rifle", "kind": "firearm", "range": 36, "long_gun": True, "telescopic": True,
              "sdd": -1}
    # move 1: R2's stone hits B2 (6), Downed (5), saved on 3 - 1 = 2: stunned (PP-33); he stays down (1)
    g = game([ch("R1", "red", (5, 0), weapons=["scoped rifle"]), ch("R2", "red", (6.5, 3), throwables={"stone": 1}),
              ch("B1", "blue", (5, 20)), ch("B2", "blue", (6.5, 0))], features=[FENCE], weapons=[scoped],
             dice=[6, 5, 3, 1], moves=2)
    to_phase(g, "firing")
    do(g, "throw:R2:stone:B2")
    to_phase(g, "firing", move=2)
    while "red" not in g.to_act():  # move 2 begins with blue (PP-01)
        g.apply("blue", "done")
    shown = action_odds(g, "red")
    assert "rested +1, telescopic sight +1" in shown["fire:R1:scoped-rifle:B1"].text
    assert "coup de grace +2" in shown["fire:R1:scoped-rifle:B2"].text
    for aid in ("fire:R1:scoped-rifle:B1", "fire:R1:scoped-rifle:B2"):
        shown_equals_engine(g, "red", aid)


def test_pp26_a_bandaged_bleeding_badly_injured_firer_and_the_house_rule_that_spares_him() -> None:
    """PP-26 gap: BI -2, -1 once bandaged, plus the bleeding; house rule bi_di_firing_penalty off: none."""
    for options, words in (({}, "BI wound -2"), ({"bi_di_firing_penalty": False}, None)):
        g = game([ch("R1", "red", (5, 2), weapons=["rifle"], wounds=2, bandaged=True, bleeding=1),  # BI
                  ch("B1", "blue", (5, 12))], options=options)
        to_phase(g, "firing")
        text = action_odds(g, "red")["fire:R1:rifle:B1"].text
        assert (words in text) if words else "wound" not in text
        shown_equals_engine(g, "red", "fire:R1:rifle:B1")


def test_pp14_pp15_a_stone_s_odds_read_the_throw_scores_and_the_bludgeoning_table() -> None:
    g = game([ch("R1", "red", (5, 2), throwables={"stone": 2}), ch("B1", "blue", (5, 9))])
    to_phase(g, "firing")
    throw = engine_roll(g, "throw:R1:stone:B1", "PP-14")
    need, f, sdd = throw["target"], sum(m["value"] for m in throw["modifiers"]), card(g, "R1")["arms"]["stone"]["sdd"]
    shown = action_odds(g, "red")["throw:R1:stone:B1"]
    odds = shot_odds(modifier=f, need=need, sdd=sdd, table="bludgeoning")
    assert shown.p == hit_chance(f, need)
    assert f"each: {percent(worse(odds))} injured" in shown.text
    g = game([ch("R1", "red", (5, 2), throwables={"stone": 2}), ch("B1", "blue", (5, 9))],
             options={"thrown_effect": "staggers"})
    to_phase(g, "firing")
    staggers = action_odds(g, "red")["throw:R1:stone:B1"]
    every = {k: shown.p * v for k, v in save_odds("Staggers", "bludgeoning", sdd).items()}
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
    throw = engine_roll(g, "bomb:R1:dynamite:5.0,9.5", "PP-16")  # at B1
    need, f = throw["target"], sum(m["value"] for m in throw["modifiers"])
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


def shown_is_the_roll(g: Game, seat: str, action_id: str, rule: str) -> str:
    """The odds beside ``action_id`` read the same score, F and factors as the roll the engine then makes
    (its own modifier list, in the log): a chance the seat is shown is the chance it gets."""
    shown = action_odds(g, seat)[action_id]
    before = len(rolls(g, rule))
    g.apply(seat, action_id)
    roll = rolls(g, rule)[before]
    values = sorted(m["value"] for m in roll["modifiers"])
    found = re.match(r"(\d+)% to hit \((\d+)\+ on D6 ([+-]\d+)(?:: (.*?))?\); each", shown.text)
    assert found, shown.text
    need, f, why = int(found[2]), int(found[3]), found[4] or ""
    shown_values = sorted(int(part.rsplit(" ", 1)[1]) for part in why.split(", ")) if why else []
    assert (need, f, shown_values) == (roll["target"], sum(values), values), (shown.text, roll["text"])
    assert shown.p == hit_chance(f, need)
    return shown.text


def test_pp11_the_odds_count_a_target_that_ran_over_6_inches_in_the_seat_s_sight() -> None:
    """PP-11: B1 runs 7" where R1 sees him; R1's revolver at 9.8" (5+ beyond half range) is 17% to hit
    with the target's -1, not 33%."""
    g = game([ch("R1", "red", (5, 2), weapons=["revolver"]), ch("B1", "blue", (5, 20))], dice=[1, 1, 6, 6])
    do(g, "move:B1:5.0,13.0")
    to_phase(g, "firing")
    text = shown_is_the_roll(g, "red", "fire:R1:revolver:B1", "PP-10")
    assert text.startswith("17% to hit (5+ on D6 -1: target moved 7.0\" -1)")


SITUATIONS = {
    "good shot, hedge": (
        [ch("R1", "red", (5, 2), weapons=["rifle"], shooting="good"), ch("B1", "blue", (5, 12))],
        dict(features=[HEDGE]), [], "fire:R1:rifle:B1", "PP-10"),
    "good shot who moved 3\", target ran 7\"": (
        [ch("R1", "red", (5, 0), weapons=["revolver"], shooting="good"), ch("B1", "blue", (5, 20))],
        {}, ["move:R1:5.0,3.0", "move:B1:5.0,13.0", "noopp:R1"], "fire:R1:revolver:B1", "PP-10"),
    "heavy cover, rested telescopic rifle": (
        [ch("R1", "red", (5, 0), weapons=["scoped rifle"]), ch("B1", "blue", (5, 12))],
        dict(features=[BARN, FENCE], weapons=[{"name": "scoped rifle", "kind": "firearm", "range": 36,
                                               "long_gun": True, "telescopic": True, "sdd": -1}]),
        [], "fire:R1:scoped-rifle:B1", "PP-10"),
    "coup de grace within 1\" (house rule)": (
        [ch("R1", "red", (5, 5), weapons=["pistol"]), ch("B1", "blue", (5, 6.5))],
        dict(options={"coup_de_grace": "point_blank"}), [], "fire:R1:pistol:B1", "PP-10"),
    "a figure in the way (house rule)": (
        [ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12)), ch("R2", "red", (5.3, 7))],
        dict(options={"figures_in_the_way": "cover"}), [], "fire:R1:rifle:B1", "PP-10"),
    "a stone at a man who ran": (
        [ch("R1", "red", (5, 2), throwables={"stone": 1}), ch("B1", "blue", (5, 16))],
        {}, ["move:B1:5.0,8.5"], "throw:R1:stone:B1", "PP-14"),
}


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_pp11_the_odds_shown_are_the_engine_s_own_modifiers(situation: str) -> None:
    chars, kw, moves, action_id, rule = SITUATIONS[situation]
    g = game(chars, dice=[2, 6, 6, 6, 6, 6, 6, 6], **kw)
    for move in moves:
        do(g, move)
    to_phase(g, "firing")
    shown_is_the_roll(g, "red", action_id, rule)


def test_pp11_pp25_pp42_a_shaken_lightly_injured_firer_s_odds_are_his_roll_s() -> None:
    """Move 1: B1's rifle hits R1 (4), Flinches (1), saved on 4 - 1: LI; R1 throws 2 + 1 armed - 1 LI = 2:
    Shaken; no bleeding (6). Move 2: R1's odds count Shaken -1 and the LI -1, as his roll does."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12), weapons=["rifle"])],
             moves=2, dice=[4, 1, 4, 2, 6, 6, 6, 6, 6, 6])
    to_phase(g, "firing")
    do(g, "hold:R1")
    do(g, "fire:B1:rifle:R1")
    to_phase(g, "firing", move=2)
    if "red" not in g.to_act():
        g.apply("blue", "done")
    text = shown_is_the_roll(g, "red", "fire:R1:rifle:B1", "PP-10")
    assert "Shaken -1" in text and "LI wound -1" in text


def test_the_odds_say_when_the_seat_has_not_seen_all_of_the_target_s_move_and_hide_what_he_did() -> None:
    """B1 stands behind the house, out of red's sight; in one game he has stood there all move, in the
    other he has run 7" there, unseen. R1 then runs to where he sees him. Red cannot know which: its
    odds (and view) are the same in both, and give both chances (PP-11's -1 for a run over 6")."""
    house = wall("house", [(8, 8), (12, 8), (12, 16), (8, 16)], building=True, name="the house")

    def play(ran: bool) -> Game:
        g = game([ch("R1", "red", (3, 12), weapons=["revolver"], shooting="good"), ch("R2", "red", (1, 1)),
                  ch("B1", "blue", (15, 19) if ran else (15, 12))], features=[house], dice=[1, 1, 6, 6, 6, 6])
        do(g, "hold:R2")
        do(g, "move:B1:15.0,12.0" if ran else "hold:B1")
        do(g, "move:R1:10.0,19.0")
        to_phase(g, "firing")
        return g

    still, ran = play(False), play(True)
    assert still.view("red") == ran.view("red") and still.view("umpire") != ran.view("umpire")
    shown = action_odds(still, "red")
    assert shown == action_odds(ran, "red")
    text = shown["fire:R1:revolver:B1"].text
    assert text.startswith("17% or 33% to hit (5+ on D6 +0: good shot +1, moved 9.9\" -1; -1 more if B1 has "
                           "moved over 6\" this move: you have not seen all of his move, PP-11)")
    assert shown["fire:R1:revolver:B1"].p == Fraction(1, 6)
    for g, total in ((still, 0), (ran, -1)):  # the two numbers are the two games' rolls
        g.apply("red", "fire:R1:revolver:B1")
        assert sum(m["value"] for m in rolls(g, "PP-10")[0]["modifiers"]) == total
