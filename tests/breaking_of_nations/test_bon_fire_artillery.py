"""Artillery through ``Game`` with scripted dice: crews and the 3 AC to fire (BON-065, BON-067), arcs and
rotation (BON-066, BON-067), direct fire with 2/3/4 D12 (BON-068, BON-078, BON-108), indirect fire at a
guessed range with deviation (BON-069, BON-070, BON-073) and the trench mortar's plan (BON-077).

The game opens with one initiative D6 per seat: ``[1, 2, ...]`` makes red activate first."""

from __future__ import annotations

from typing import Any

import pytest

from breaking_of_nations.bon_support import do, game, ids, model, seen_unit, texts, unit
from riotact.core import Game
from riotact.core.errors import RiotactError
from riotact.rulesets.breaking_of_nations.rules.ordnance import AMMUNITION, GUNS
from support import umpire_sees

OFF = {"counter_attack": False}
GUN_AT = [(24, 10), (23, 8), (25, 8), (22, 8), (26, 8)]  # the piece, then its four crewmen behind it
# a squad 20" north of the gun: officer at the back, five soldiers in a row
SQUAD = [(24, 34), (22, 30), (23, 30), (24, 30), (25, 30), (26, 30)]



def crew_ac(g: Game, uid: str = "g") -> int:
    """BON-067 gap: the piece's pooled crew AC, read from the umpire's view (panicking crewmen do not serve)."""
    u = next(v for v in g.view("umpire")["state"]["units"] if v["id"] == uid)
    return sum(m["ac"] for m in u["models"] if m["role"] in ("crew", "ammo") and not m["panic"])

def gun(piece: str = "howitzer", at: list[tuple[float, float]] = GUN_AT, **card: Any) -> dict[str, Any]:
    return unit("g", "red", *at, kind="gun", piece=piece, **card)


def play(dice: list[int], *units: dict[str, Any], **kw: Any):
    g = game([*units], dice=[1, 2, *dice], options=OFF, single_pieces=True, **kw)
    do(g, f"activate:{units[0]['id']}")
    return g


def deviation(g) -> dict[str, Any]:
    return next(e["deviation"] for e in g.log.events if "deviation" in e)


def test_bon065_a_piece_has_four_green_crew_in_flak_and_the_piece_has_ds_6() -> None:
    """BON-065: a howitzer comes with four Green crewmen in flak armour; the piece itself has DS 6."""
    g = play([1] * 5, gun(), unit("x", "blue", *SQUAD))
    crew = [model(g, f"g.{i}") for i in range(2, 6)]
    assert all(m.level == "green" and m.armour == "flak" and m.ac == 2 for m in crew)
    assert model(g, "g.1").role == "piece" and model(g, "g.1").wounds == 2
    do(g, "end:g")
    do(g, "activate:x")
    do(g, "fire:x:g")  # five rifles at the piece, the nearest model: every die a 1
    assert texts(g).count("rifle shot at g.1 (TN 7: 6 DS +1 long range") == 5


def test_bon067_firing_costs_three_crew_ac_so_four_crewmen_fire_twice_a_turn() -> None:
    """BON-067: every piece uses 3 AC to fire (the crew's AC pooled): 8 AC fire twice, then no more."""
    g = play([1, 1, 1, 1, 1, 1], gun(), unit("x", "blue", *SQUAD))
    assert crew_ac(g) == 8
    do(g, "shoot:g:x")
    assert crew_ac(g) == 5 and "shoot:g:x" in ids(g)
    do(g, "shoot:g:x")
    assert crew_ac(g) == 2
    assert {i.split(":")[0] for i in ids(g)} == {"end", "rotate"}  # no third shot: only turning is left


def test_bon067_bon066_a_target_outside_the_45_degree_arc_is_refused_and_turning_costs_an_action() -> None:
    """BON-067: a squad 30 degrees off the barrel is outside the 45 degree arc; BON-066: turning to it
    costs 1 AC, and then the piece may fire."""
    east = [(34, 28), (33, 26), (34, 26), (35, 26), (36, 26), (37, 26)]
    g = play([], gun(), unit("x", "blue", *east))
    assert "shoot:g:x" not in ids(g)
    turn = next(i for i in ids(g) if i.startswith("rotate:g:"))
    do(g, turn)
    assert crew_ac(g) == 7 and "shoot:g:x" in ids(g)
    assert "g turns 34 degrees (1 AC)." in texts(g)


def test_bon068_a_medium_piece_rolls_3d12_and_each_die_attacks_two_soldiers() -> None:
    """BON-068: a howitzer (Medium) rolls 3 d12; each die against two soldiers, nearest first, TN 6
    (DS 5 + Green crew +1); BON-108: 3 x shell D 1 = 3 damage removes each man hit."""
    g = play([9, 6, 5], gun(), unit("x", "blue", *SQUAD))
    do(g, "shoot:g:x")
    log = texts(g)
    assert "rolls 3D12 for direct fire at x (3D12, each die on its own) (BON-068): 9+6+5" in log
    assert "Die 9 against x.4 (TN 6: 5 DS +1 Green crew (artillery and MG crews are Green, BON-065)): hit." in log
    assert "Die 5 against x.6 (TN 6: 5 DS +1 Green crew (artillery and MG crews are Green, BON-065)): miss." in log
    gone = {m for m in ("x.1", "x.2", "x.3", "x.4", "x.5", "x.6") if not model(g, m).in_play}
    assert gone == {"x.2", "x.3", "x.4", "x.5"}  # two dice of 9 and 6, two men each; x.6 and the officer stand


def test_bon068_at_a_piece_every_die_goes_at_the_piece() -> None:
    """BON-068: against an emplacement (an MG), all the dice attack the piece (DS 6 + Green crew +1)."""
    mg = unit("m", "blue", (24, 30), (23, 32), (25, 32), kind="mg", facing=180)
    g = play([7, 2, 8], gun(), mg)
    do(g, "shoot:g:m")
    log = texts(g)
    assert log.count("against m.1 (TN 7") == 3 and not model(g, "m.1").in_play  # 2 hits of 3 damage, 3 wounds


def test_bon078_bon108_a_medium_gun_is_heavy_rolls_4d12_reaches_90_inches_and_never_lobs() -> None:
    """BON-078: a Medium Gun is a Heavy Weapon (4D12) reaching 90"; guns fire only directly (BON-070 gap);
    BON-108: a heavy howitzer's shell does 4 damage per hit and it has 3 wounds."""
    far = [(24, 94), (22, 90), (23, 90), (24, 90), (25, 90), (26, 90)]
    g = play([1, 1, 1, 1], gun("medium_gun"), unit("x", "blue", *far), depth=100)
    assert "shoot:g:x" in ids(g) and not any(i.startswith("lob:") for i in ids(g))
    assert g.legal_action("red", "lob:g:x:80") is None
    do(g, "shoot:g:x")
    assert "rolls 4D12 for direct fire at x" in texts(g)
    h = play([], gun("heavy_howitzer"), unit("x", "blue", *SQUAD))
    assert model(h, "g.1").wounds == 3
    assert GUNS["heavy_howitzer"].damage(AMMUNITION["shell"]) == 4  # BON-108: 4 x the shell's D 1


def test_bon070_bon069_a_guessed_20_inches_places_the_round_there_then_a_shell_deviates_d3() -> None:
    """BON-070: guessing 20" to a squad whose centre is 24" away places the round 20" out on the line to it;
    BON-069: placement 7 (no critical miss), a shell deviates D3" (a D6 of 5: 3") towards 12 o'clock,
    straight ahead; BON-073: the 4" marker catches the models within 2" of it."""
    line = [(24, 37), (23, 34), (24, 34), (25, 34), (23.5, 35), (24.5, 35)]
    g = play([7, 5, 12, 8, 8, 8], gun(), unit("x", "blue", *line))
    assert g.legal_action("red", "lob:g:x:20") is not None
    do(g, "lob:g:x:20")
    dev = deviation(g)
    assert dev["from"] == [24.0, 30.0] and dev["distance"] == 3 and dev["clock"] == 12 and not dev["critical"]
    assert dev["to"] == [24.0, 33.0]
    assert "The round deviates 3\" towards 12 o'clock to (24.0, 33.0)." in texts(g)
    assert "The 4\" marker lands at (24.0, 33.0): 5 models under it." in texts(g)


def test_bon069_a_critical_miss_sends_a_shell_d6_and_shot_d6_plus_3_never_more() -> None:
    """BON-069: a placement of 1-3 is a critical miss: a shell deviates D6" (6 at 3 o'clock, to the
    right), shot (shrapnel) D6+3" (at most 9"), never both added."""
    g = play([2, 6, 3, 1, 1, 1], gun(), unit("x", "blue", *SQUAD))
    do(g, "lob:g:x:20")
    dev = deviation(g)
    assert dev["critical"] and dev["distance"] == 6 and dev["to"] == [30.0, 30.0]
    s = play([3, 6, 6, 1, 1, 1], gun(ammunition="shrapnel"), unit("x", "blue", *SQUAD))
    do(s, "lob:g:x:20")
    dev = deviation(s)
    assert dev["critical"] and dev["distance"] == 9 and dev["to"] == [24.0, 21.0]  # 6 o'clock: back 9"


def test_bon073_shot_covers_1_inch_and_shell_2_inches() -> None:
    """BON-073: a model 2.3" from where the round lands is under a shell's 4" marker, not a shot's 2"."""
    for ammo, under in (("shell", "1 model"), ("shrapnel", "0 models")):
        g = play([7, 1, 6, 1, 1, 1], gun(ammunition=ammo), unit("x", "blue", (24, 45), (24, 33.3)))
        do(g, "lob:g:x:22")
        assert deviation(g)["to"] == [24.0, 31.0]
        assert f"marker lands at (24.0, 31.0): {under} under it." in texts(g), ammo


def test_bon077_a_trench_mortar_plans_a_turn_ahead_in_secret_and_fires_next_turn() -> None:
    """BON-077: the mortar may not fire at once; it plans its target area (12" to 30"), the plan is its
    owner's secret (gap), and next turn it fires at the planned point."""
    g = play([1, 1, 1, 7, 1, 12], gun("trench_mortar"), unit("x", "blue", *SQUAD))
    assert not any(i.startswith("lob:") for i in ids(g)) and "plan:g:x:21" in ids(g)
    assert g.legal_action("red", "plan:g:x:11") is None and g.legal_action("red", "plan:g:x:31") is None
    do(g, "plan:g:x:21")
    assert g.view("red")["state"]["plans"]["g"]["guess"] == 21 and g.view("blue")["state"]["plans"] == {}
    assert "plans its fire" in texts(g, "red") and "plans its fire" not in texts(g, "blue")
    assert "plan:g:x:21" not in texts(g, "blue")  # the decision itself is hidden too
    do(g, "end:g")  # the plan was all the mortar would do this turn (turning, BON-066, was left)
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:g")
    assert "lob:g" in ids(g)
    do(g, "lob:g")
    assert "plan made in turn 1 is revealed: x, 21\"" in texts(g, "blue")
    assert deviation(g)["from"] == [24.0, 31.0] and crew_ac(g) == 5


def test_bon066_a_medium_piece_needs_a_horse_to_move_and_its_crew_pay_double() -> None:
    """BON-066: infantry alone cannot move a medium piece; with a horse it moves, each crewman paying 2 AC."""
    g = play([], gun(), unit("x", "blue", *SQUAD))
    assert not any(i.startswith("move:g:") for i in ids(g))
    h = play([], gun(limber="horse"), unit("x", "blue", *SQUAD))
    move = next(i for i in ids(h) if i.startswith("move:g:"))
    do(h, move)
    assert all(model(h, f"g.{i}").ac == 0 for i in range(2, 6))
    assert model(h, "g.1").y > 10


def test_bon077_two_games_differing_only_in_the_mortars_plan_look_the_same_to_the_enemy() -> None:
    """BON-077 gap (fog of war): until the mortar fires, its plan changes nothing the enemy receives."""
    seen = []
    for guess in ("21", "25"):
        g = play([], gun("trench_mortar"), unit("x", "blue", *SQUAD))
        do(g, f"plan:g:x:{guess}")
        seen.append((g.log_for("blue"), g.view("blue"), ids(g)))
    assert seen[0] == seen[1]


def test_bon065_pieces_come_in_batteries_of_two_unless_the_scenario_allows_single_pieces() -> None:
    """BON-065 gap: one howitzer alone is refused in one line; two, or single_pieces = true, are accepted."""
    with pytest.raises(RiotactError, match=r"seat red: artillery comes in batteries of 2 \(BON-065\); it has 1 how"):
        game([gun(), unit("x", "blue", *SQUAD)])
    second = unit("g2", "red", *[(x + 10, y) for x, y in GUN_AT], kind="gun", piece="howitzer")
    assert len(umpire_sees(game([gun(), second, unit("x", "blue", *SQUAD)]))["units"]) == 3


def test_bon051_a_hero_with_his_radio_man_directs_indirect_fire_at_what_the_crew_cannot_see() -> None:
    """BON-051 gap: behind a closed building the target is out of the crew's sight: no indirect fire,
    until a hero in base contact with his Comm. Boy sees it."""
    silo = {"id": "silo", "name": "the silo", "kind": "closed_building",
            "outline": [[20, 18], [28, 18], [28, 22], [20, 22]]}
    g = play([], gun(limber="horse"), unit("x", "blue", *SQUAD), features=[silo])  # the horse keeps it active
    assert umpire_sees(g)["active"] == "g" and not any(i.startswith("lob:") for i in ids(g))
    assert g.legal_action("red", "lob:g:x:20") is None
    assert g.why_illegal("red", "lob:g:x:20").startswith("neither the crew nor an officer with a radio")
    spotters = unit("s", "red", (40, 24), (40, 25), (41, 24), radio=True)  # the officer, his radio man, a rifleman
    g = play([], gun(), spotters, unit("x", "blue", *SQUAD), features=[silo])
    assert "lob:g:x:21" in ids(g)


def test_bon066_a_gun_turns_any_bearing_up_to_90_degrees_for_1_ac_and_farther_at_1_ac_per_90() -> None:
    """BON-066: "Guns may be rotated up to 90 degrees for 1 AC": the menu offers 45 and 90 degrees either
    way; a typed bearing within 90 degrees costs 1 AC (45, then 89 more), 180 degrees costs 2 (the
    catalogue's test); a bearing that is not a number is refused in one line."""
    g = play([], gun(), unit("x", "blue", *SQUAD))
    assert {"rotate:g:45.0", "rotate:g:90.0", "rotate:g:315.0", "rotate:g:270.0"} <= set(ids(g))
    do(g, "rotate:g:45")
    assert seen_unit(g, "g")["facing"] == 45 and crew_ac(g) == 7
    do(g, "rotate:g:134")
    assert seen_unit(g, "g")["facing"] == 134 and crew_ac(g) == 6
    do(g, "rotate:g:314")
    assert seen_unit(g, "g")["facing"] == 314 and crew_ac(g) == 4
    assert "g turns 180 degrees (2 AC)." in texts(g)
    with pytest.raises(RiotactError, match=r"give the new bearing in degrees .*BON-066"):
        do(g, "rotate:g:north")


def test_bon066_a_turn_the_crew_cannot_pay_for_is_refused_with_its_cost() -> None:
    """BON-066: with 2 crew AC left (after two shots, BON-067) a 90 degree turn is offered and taken,
    but a further 180 degree turn (2 AC) is refused, saying why."""
    g = play([1, 1, 1, 1, 1, 1], gun(), unit("x", "blue", *SQUAD))
    do(g, "shoot:g:x")
    do(g, "shoot:g:x")
    do(g, "rotate:g:90.0")
    assert crew_ac(g) == 1
    with pytest.raises(RiotactError, match=r"costs 2 AC; its crew has 1"):
        do(g, "rotate:g:270")


def test_bon066_an_mg_team_turns_as_a_gun_does_even_with_an_enemy_in_its_arc() -> None:
    """BON-066 with BON-074 gap: the MG is listed under the seed's Artillery, whose rotation rule it
    follows: with the enemy already in its 90 degree arc it is still offered 45 and 90 degree turns,
    and a typed 30 degrees costs one crewman 1 AC."""
    g = game([unit("A", "red", (20, 40), (21, 40)), unit("m", "blue", (20, 30), (19, 28), (21, 28), kind="mg")],
             dice=[2, 1], options=OFF)
    do(g, "activate:m")
    assert "fire:m:A" in ids(g)
    assert {"rotate:m:45.0", "rotate:m:315.0", "rotate:m:90.0", "rotate:m:270.0"} <= set(ids(g))
    do(g, "rotate:m:30")
    assert seen_unit(g, "m")["facing"] == 30 and sorted(model(g, m).ac for m in ("m.2", "m.3")) == [1, 2]


def test_bon066_a_hidden_mg_turning_tells_the_enemy_nothing() -> None:
    """BON-066 with the BON-002 house rule: a hidden MG team turning in place is not seen: two games that
    differ only in whether it turned send red the same log and view."""
    seen = []
    for orders in (["rotate:m:45"], []):
        g = game([unit("A", "red", (2, 2), (3, 2)),
                  unit("m", "blue", (20, 30), (19, 28), (21, 28), kind="mg", hidden=True)],
                 dice=[2, 1], options={**OFF, "hidden_deployment": True})
        for act in ("activate:m", *orders, "end:m"):
            do(g, act)
        seen.append((g.log_for("red"), g.view("red")))
    assert seen[0] == seen[1]


def test_bon066_an_mg_is_moved_by_two_men_and_not_by_one() -> None:
    """BON-066 (BON-074 gap: the MG is a light piece): its two men move it; once red's rifle shot (a 12)
    kills one of them, the other alone cannot."""
    def team(dice: list[int], shoot: bool) -> list[str]:
        g = game([unit("A", "red", (2, 2), (9, 12)), unit("m", "blue", (10, 24), (9, 20), (11, 22.5), kind="mg"),
                  unit("y", "blue", (46, 47))], dice=dice, options=OFF)
        do(g, "activate:A")
        if shoot:
            do(g, "fire:A:m")
        do(g, "end:A")
        do(g, "activate:m")
        return [i for i in ids(g) if i.startswith("move:m:")]

    assert team([1, 2], shoot=False)
    assert not team([1, 2, 12], shoot=True)
