"""Wounds (PP-25 to PP-29) and morale (PP-37 to PP-45), played through ``Game`` with scripted dice."""

from __future__ import annotations

import pytest

from public_participation.pp_support import card, ch, do, figure, finish, game, markers, rolls, texts, to_phase
from support import umpire_sees


def mods(event: dict) -> list[tuple[int, str]]:
    return [(m["value"], m["reason"]) for m in event["modifiers"]]


def shot_at(target: dict, *others: dict, dice: list[int], moves: int = 1, **kw):
    """R1's rifle (1 shot, -1 SDD) at the first blue character, in move 1's firing phase."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), target, *others], dice=dice, moves=moves, **kw)
    to_phase(g, "firing")
    do(g, f"fire:R1:rifle:{target['id']}")
    return g


def test_pp25_an_unbandaged_li_who_rolls_1_for_bleeding_has_minus_2_move_and_melee():
    """Hit (4), Flinches (1), saved on 4 - 1 = 3: LI; morale 6; bleeding roll 1: a further -1."""
    g = shot_at(ch("B1", "blue", (5, 12)), dice=[4, 1, 4, 6, 1], moves=2)
    to_phase(g, "moving", move=2)
    assert figure(g, "B1")["wound"] == "LI" and "B1 bleeds: a further -1 to move and fighting." in texts(g, "blue")
    assert card(g, "B1")["bleeding"] == 1 and card(g, "B1")["walk"] == 3  # 5 less LI's 1 and bleeding's 1
    assert next(c for c in g.view("blue")["state"]["characters"] if c["id"] == "B1")["colour"] == "pink"
    assert (-1, "LI") in mods(rolls(g, "PP-39")[0])


def test_pp26_bi_is_minus_2_before_bandaging_and_minus_1_after():
    """PP-26: hit, Staggers (3), saved on 4 - 1 = 3: BI (he screams); next move he bandages himself."""
    g = shot_at(ch("B1", "blue", (5, 12)), dice=[4, 3, 4, 6], moves=2)
    assert figure(g, "B1")["wound"] == "BI" and card(g, "B1")["walk"] == 3  # 5 less BI's 2
    to_phase(g, "moving", move=2)
    do(g, "bandage:B1:B1")
    finish(g)
    assert card(g, "B1")["bandaged"] and card(g, "B1")["walk"] == 4  # 5 less a bandaged BI's 1


def test_pp28_an_ad_comrade_5_inches_away_is_minus_1_to_a_friends_morale_throw_and_acts_no_more():
    """PP-28: hit, Downed (5), saved on 3 - 1 = 2: apparently dead. The friend 5" away heard the shot."""
    g = shot_at(ch("B1", "blue", (5, 12)), ch("F", "blue", (11, 12)), dice=[4, 5, 3, 6], moves=2)
    assert figure(g, "B1")["wound"] == "AD" and "B1" not in umpire_sees(g)["sight"]  # out of play
    assert (-1, "1 comrade(s) apparently dead") in mods(rolls(g, "PP-39")[0])
    to_phase(g, "moving", move=2)
    assert not any(a.id.endswith(":B1") or ":B1:" in a.id for a in g.legal_actions("blue"))


def test_pp29_a_second_li_makes_an_li_character_bi():
    """A revolver's two shots (D6: 2): each hits, Flinches, and is saved on 4: LI, then LI again."""
    g = game([ch("R1", "red", (5, 2), weapons=["revolver"]), ch("B1", "blue", (5, 8))],
             dice=[2, 6, 1, 4, 6, 1, 4, 6])
    to_phase(g, "firing")
    do(g, "fire:R1:revolver:B1")
    assert figure(g, "B1")["wound"] == "BI" and "(LI + LI: now BI, PP-29)" in texts(g, "blue")


def test_pp37_the_first_shot_tests_a_man_10_inches_away_not_one_13_inches_away_pp38_plus_4():
    """PP-38: W10 is armed (+1), trained (+1) and has two armed comrades within 3" (+2): +4."""
    g = shot_at(ch("T", "blue", (5, 7)), ch("W10", "blue", (16, 5), weapons=["club"], training="trained"),
                ch("C1", "blue", (18.5, 5), weapons=["club"]), ch("C2", "blue", (18, 3), weapons=["club"]),
                ch("W13", "blue", (19, 8)), dice=[1, 6, 6])
    finish(g)
    throws = {r["who"]: r for r in rolls(g, "PP-39")}
    assert set(throws) == {"T", "W10"}
    assert sum(v for v, _ in mods(throws["W10"])) == 4


def test_pp39_bands_pp41_obedient_stays_pp42_shaken_stands_pp44_terrified_runs_pp40_controlled():
    """A missed shot tests three men: FOL (Follower) 5: Obedient; HERO (Heroes, ADT -2) 1 - 2 = -1:
    Terrified; NORM (Normal) 2: Shaken. Next move HERO runs, NORM cannot move, FOL has no order."""
    g = shot_at(ch("NORM", "blue", (5, 8)), ch("FOL", "blue", (9, 9), morale="follower"),
                ch("HERO", "blue", (12, 5), morale="heroes", adt=-2), moves=3,
                dice=[1, 5, 1, 2,  # move 1: the miss, then the throws in id order
                      6])  # move 2: HERO throws again (PP-44): 6 - 2 = 4, Controlled
    to_phase(g, "moving", move=2)
    assert [figure(g, c)["morale"] for c in ("FOL", "HERO", "NORM")] == ["O", "T", "S"]  # Obedient, ...
    assert "HERO, Terrified, runs" in texts(g, "blue") and figure(g, "HERO")["moved"] > 0
    legal = [a.id for a in g.legal_actions("blue")] if "blue" in g.to_act() else []
    assert not any(a.startswith("move:NORM") for a in legal)  # Shaken: will not move (PP-42)
    assert not any(a.startswith("move:FOL") for a in legal)  # Obedient without an order (PP-41)
    assert "hold:FOL" in legal
    to_phase(g, "moving", move=3)
    assert figure(g, "HERO")["morale"] == "C" and "Terrified" not in markers(g, "HERO")
    if "blue" not in g.to_act():
        g.apply("red", "done")
    legal = [a.id for a in g.legal_actions("blue")]
    assert any(a.startswith("move:HERO") for a in legal)  # PP-40: Controlled, does as the player wishes
    assert any(a.startswith("move:NORM") for a in legal)  # PP-42: Shaken for one move only


def test_pp42_a_shaken_man_is_minus_1_to_hit_next_move_and_pp43_panicked_screams_and_throws_again():
    """PP-42: NORM (rifle, armed +1): 1 + 1 = 2, Shaken. PP-43: PAN (ADT -1): 2 - 1 = 1, Panicked:
    he screams, stands next move and throws again."""
    g = shot_at(ch("NORM", "blue", (5, 8), weapons=["rifle"]), ch("PAN", "blue", (15, 8), adt=-1), moves=2,
                dice=[1, 1, 2,  # move 1: the miss; NORM and PAN throw
                      1, 6, 6])  # move 2: NORM misses at -1; PAN throws again; R1 heard the first shot at him
    to_phase(g, "moving", move=2)
    assert "Panicked" in markers(g, "PAN") and "PAN screams" in texts(g, "blue")
    assert not any(a.id.startswith("move:PAN") for a in g.legal_actions(g.to_act()[0]))
    to_phase(g, "firing", move=2)
    do(g, "fire:NORM:rifle:R1")
    assert (-1, "Shaken") in mods(rolls(g, "PP-10")[-1])
    finish(g)
    assert [r["who"] for r in rolls(g, "PP-39") if r["turn"] == 2] == ["PAN", "R1"]


def test_pp44_a_terrified_man_in_contact_with_a_foe_surrenders():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("A", "red", (12, 5), fight=-5),
              ch("HERO", "blue", (12, 6.2), morale="heroes", adt=-2, fight=-5)], moves=2,
             dice=[1, 3, 3, 3, 3, 6, 1])  # miss; two drawn fight rounds; A (heard the shot) 6; HERO -1
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:HERO")
    to_phase(g, "moving", move=2)
    assert "surrendered" in markers(g, "HERO") and "surrenders" in texts(g, "red")


def test_pp45_a_faint_man_is_unconscious_for_d6_moves_and_counts_as_a_downed_comrade():
    """FAINT (ADT -2) 1 - 2 = -1: Faint, for 3 moves; he routs, so his friend within 6" throws with -1."""
    g = shot_at(ch("FAINT", "blue", (5, 8), adt=-2), ch("Z", "blue", (9, 20)), dice=[1, 1, 3, 6], moves=5)
    to_phase(g, "moving", move=4)
    assert "unconscious" in markers(g, "FAINT")
    to_phase(g, "moving", move=5)
    assert "unconscious" not in markers(g, "FAINT")
    z = next(r for r in rolls(g, "PP-39") if r["who"] == "Z")
    assert (-1, "1 comrade(s) downed or surrendered") in mods(z)


def test_pp44_a_terrified_man_who_cannot_get_away_cowers_until_a_good_throw():
    """HERO (move 1, a heavy load: 0") is Terrified, cannot run, cowers; next move's 6 - 2 = 4: Controlled."""
    g = shot_at(ch("HERO", "blue", (12, 5), morale="heroes", adt=-2, move=1, load="heavy"), moves=2,
                dice=[1, 1, 6])
    to_phase(g, "speaking", move=2)
    assert "cowering" in markers(g, "HERO") and "cowers down" in texts(g, "red")
    finish(g)
    assert "cowering" not in markers(g, "HERO") and figure(g, "HERO")["morale"] == "C"


def blue_moves(g) -> list[str]:
    """Blue's moving-phase menu (red passes first when it is red's turn)."""
    if "blue" not in g.to_act():
        g.apply("red", "done")
    return [a.id for a in g.legal_actions("blue")]


def test_pp43_a_man_who_panics_in_move_1_stands_in_move_2_like_a_shaken_one_while_a_friend_moves():
    """PP-43/PP-42: PAN (ADT -1) throws 2 - 1 = 1: Panicked; NORM (rifle +1) 1 + 1 = 2: Shaken. In move 2
    blue's menu offers OK's moves and nothing for either of them."""
    g = shot_at(ch("NORM", "blue", (5, 8), weapons=["rifle"]), ch("PAN", "blue", (15, 8), adt=-1),
                ch("OK", "blue", (25, 25)), moves=2, dice=[1, 1, 2, 6, 6, 6])
    to_phase(g, "moving", move=2)
    legal = blue_moves(g)
    assert any(a.startswith("move:OK") for a in legal)
    assert not any(":PAN" in a or ":NORM" in a for a in legal)


def test_pp43_a_panicked_man_who_cannot_dice_again_stays_panicked_until_he_does():
    """PP-43: "stands screaming a move and dices for MT again for the next". PAN panics in move 1 (2 - 1);
    in move 2 R2's stone Downs him (6 to hit, 5 effect) and the save (1 - 1) stuns him, so he cannot dice
    again; he comes round at the end of move 2 (a 6). In move 3 he has still not diced: he stands, and
    dices in move 3's morale phase."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("R2", "red", (5, 4), throwables={"stone": 1}),
              ch("PAN", "blue", (5, 8), adt=-1), ch("OK", "blue", (25, 25))], moves=3,
             dice=[1, 2, 6,  # move 1: R1 misses; PAN 1: Panicked; R2 (heard the shot) 7: Controlled
                   6, 5, 1, 6,  # move 2: the stone hits, Downed, stunned; he comes round
                   3, 6, 6, 6])  # move 3: PAN dices again, 3 - 1 - 1 (groggy) = 1: Panicked again
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:PAN")
    to_phase(g, "firing", move=2)
    do(g, "throw:R2:stone:PAN")
    to_phase(g, "moving", move=3)
    assert "stunned" not in markers(g, "PAN") and "groggy" in markers(g, "PAN")
    legal = blue_moves(g)
    assert any(a.startswith("move:OK") for a in legal) and not any(":PAN" in a for a in legal)
    assert "Panicked, screaming" in next(c for c in g.view("red")["state"]["characters"] if c["id"] == "PAN")[
        "marker"]
    finish(g)
    throws = [r for r in rolls(g, "PP-39") if r["who"] == "PAN"]
    assert [r["turn"] for r in throws] == [1, 3] and "Panicked: dices again" in throws[1]["text"]


def fright_mods(g, who: str) -> list[tuple[int, str]]:
    throw = next(r for r in rolls(g, "PP-39") if r["who"] == who)
    return [(v, r) for v, r in mods(throw) if "Fright" in r]


@pytest.mark.parametrize(("bear_at", "side", "expected"), [
    ((15.0, 12.0), "wild", [(-2, "Fright Value of BEAR within 9\"")]),  # 9.0" edge to edge: within 9"
    ((15.1, 12.0), "wild", []),  # 9.1": too far
    ((12.0, 12.0), "blue", []),  # a scary friend does not frighten his own side
])
def test_pp38_a_scary_thing_counts_within_9_inches_and_only_if_it_is_not_a_friend(bear_at, side, expected):
    """PP-38: R1 misses B1; B1 throws with the BEAR's Fright Value 2 when it stands within 9" of him."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12)),
              ch("BEAR", "green", bear_at, side=side, fright=2, npc=True)],
             seats=["red", "blue", "green"], dice=[1, *[6] * 10])
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    finish(g)
    assert fright_mods(g, "B1") == expected


def test_pp38_an_apparently_dead_scary_thing_frightens_nobody_nor_does_his_own_fright_value_count():
    """PP-38/PP-28: R1's shot hits the BEAR (6), Downs it (5) and the save of 1 - 1 is AD; B1, 6" from it,
    throws (initial shooting near him) without its Fright Value. GHOST (Fright Value 3) throws without
    his own."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12)),
              ch("GHOST", "blue", (8, 12), fright=3), ch("BEAR", "green", (12, 12), side="wild", fright=2, npc=True)],
             seats=["red", "blue", "green"], dice=[6, 5, 1, *[6] * 10])
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:BEAR")
    finish(g)
    assert figure(g, "BEAR")["wound"] == "AD"
    assert fright_mods(g, "B1") == []  # nor GHOST's: he is B1's friend
    assert fright_mods(g, "GHOST") == []


@pytest.mark.parametrize(("options", "extra"), [({}, 2), ({"bleeding_lasts": False}, 1)])
def test_pp25_each_bleeding_1_adds_a_lasting_minus_1_unless_only_the_first_counts(options, extra):
    """PP-25: B1 is hit (4), Flinches (1), saves on 4 - 1 = 3: LI, bleeding; his morale throw 6; a 1 for
    bleeding at the end of moves 1 and 2. By default each 1 adds -1 (walks 5 - 1 - 2 = 2" in move 3);
    with ``bleeding_lasts`` off only the first does (3")."""
    g = shot_at(ch("B1", "blue", (5, 12)), dice=[4, 1, 4, 6, 1, 1, *[6] * 10], moves=3, options=options)
    to_phase(g, "moving", move=3)
    card = next(c for c in g.view("blue")["state"]["characters"] if c["id"] == "B1")["card"]
    assert card["bleeding"] == extra and card["walk"] == 4 - extra
    assert texts(g, "blue").count("B1 bleeds: a further -1 to move and fighting.") == extra
