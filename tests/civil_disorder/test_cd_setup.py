"""Set-up, scenario data, hidden Game Control rules and the player handout
(CD-01 to CD-05, CD-09, CD-10, CD-19, CD-39, CD-71)."""

from __future__ import annotations

import json

import pytest

from riotact.core import Game, ScenarioError, builtin_scenarios
from riotact.core.errors import IllegalActionError
from riotact.core.log import UMPIRE
from riotact.rulesets.civil_disorder import SPEC
from riotact.rulesets.civil_disorder.board import layout
from riotact.rulesets.civil_disorder.rules.crowds import layout_problem
from riotact.rulesets.civil_disorder.tables import (
    RL_CHART,
    UNIT_TYPES,
    fight_type_bonus,
    metres,
    people,
    recommended_umpires,
)
from riotact.rulesets.civil_disorder.view import PLAYER_HANDOUT
from support import umpire_sees


def seen(game, kind: str, pid: str) -> dict:
    """A piece on the table as the umpire sees it (``kind``: "units", "crowds", "buildings", ...)."""
    return next(p for p in umpire_sees(game)[kind] if p["id"] == pid)


def test_cd01_players_never_see_game_control_content_and_the_umpire_has_it_all(cd):
    """CD-01: no crowd table, factor or hidden rating in an SF view; all of it for the umpire."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", looters=True, objective="J0-0")],
                   units=[cd.unit("R1", "riot_police", "x16y10")])
    sf = json.dumps(game.view("commander"))
    for secret in ("negotiator", "looter", "rl_chart", "Hostile", "objective", "missiles", "average"):
        assert secret not in sf
    umpire = game.view("umpire")["state"]
    assert umpire["players"][0]["negotiator"] == "average"
    assert umpire["crowds"][0]["looter"] is True
    assert umpire["tables"]["rl_chart"]["6"]["state"] == "Hostile"


def test_cd02_one_overall_police_commander_and_a_superior_for_everyone_else(cd):
    """CD-02: exactly one commander; every other player has a superior among the players."""
    game = cd.game(seats=["commander", "sub1"], relationships="Fire service supports the police.",
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J1-0", "superior": "commander"}])
    view = game.view("sub1")["state"]
    assert view["commander"] == "commander" and view["you"]["superior"] == "commander"
    assert view["relationships"] == "Fire service supports the police."
    with pytest.raises(ScenarioError, match="CD-02"):
        cd.game(seats=["commander", "sub1"], players=[{"seat": "commander", "at": "J1-1"},
                                                     {"seat": "sub1", "at": "J1-0"}])
    with pytest.raises(ScenarioError, match="CD-02"):
        cd.game(seats=["commander", "sub1"],
                players=[{"seat": "commander", "at": "J1-1"},
                         {"seat": "sub1", "at": "J1-0", "superior": "mayor"}])


def test_cd02_only_the_commander_orders_other_players_units(cd):
    """CD-02: a subordinate commands only their own units."""
    game = cd.game(seats=["commander", "sub1"],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J1-0", "superior": "commander"}],
                   units=[cd.unit("R1", "riot_police", "x16y10")])
    assert any(a.id.startswith("order:R1:") for a in game.legal_actions("commander"))
    assert not any(a.id.startswith("order:R1:") for a in game.legal_actions("sub1"))


def test_cd03_one_umpire_per_three_or_four_players_and_only_the_umpire_moves_figures(cd):
    """CD-03: 6 players need 2 umpires; players give orders, the umpire moves the units."""
    assert recommended_umpires(6) == 2 and recommended_umpires(3) == 1
    game = cd.game(units=[cd.unit("R1", "riot_police", "x16y10")], turns=3,
                   crowds=[cd.crowd("A", "J0-2", rl=3)])
    game.apply("commander", "order:R1:move:J2-1")
    game.apply("commander", "stay")
    assert seen(game, "units", "R1")["node"] == "x16y10"  # an order, not a move by the player
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert seen(game, "units", "R1")["node"] != "x16y10"  # moved by the umpire in step 2


def test_cd03_a_person_in_the_umpire_seat_can_adjust_a_crowd(cd):
    """CD-03: the umpire's discretion: a human umpire riles a crowd (+1 RL) in step 6."""
    game = cd.game(seats=["commander", "umpire"], crowds=[cd.crowd("A", "J0-0", rl=4)], seed=3)
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert game.to_act() == ("umpire",)
    game.apply("umpire", "rile:A")
    assert seen(game, "crowds", "A")["history"][-1] == 5


def test_cd04_scenario_supplies_values_game_length_and_judgement(cd):
    """CD-04: scenario data reaches crowds, buildings and units; the game ends after the
    scenario's turns with the SF judged on property, loot, arrests and casualties."""
    game = cd.game(turns=1, victory_score=0,
                   buildings=[{"id": "shop", "block": [0, 0], "value": 60}],
                   features=[{"kind": "hydrant", "at": "x8y16"}],
                   units=[cd.unit("P1", "patrol", "J2-2", figures=4, gas_stock=2, weapon="single")],
                   crowds=[cd.crowd("A", "J0-2", rl=3, objective="shop")])
    shop, p1 = seen(game, "buildings", "shop"), seen(game, "units", "P1")
    assert shop["value"] == 60 and shop["loot"] == 30
    assert p1["gas_stock"] == 2 and p1["weapon"] == "single"
    town = umpire_sees(game)["town"]
    assert seen(game, "crowds", "A")["objective"] in town["buildings"][0]["fronts"]
    assert town["hydrants"] == ["x8y16"]
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert game.result is not None
    assert set(game.result.details) >= {"property_lost", "fires_started", "casualties", "arrests",
                                        "loot_carried_off", "rl_history"}


def test_cd04_a_crowd_death_from_sf_firearms_is_a_serious_failure(cd):
    """CD-04 gap: any crowd death from SF firearms costs the death_penalty house rule (50): the
    commander shoots a rioter dead (CD-60 a 4 hits, CD-61 a 5 kills) in a one-turn game."""
    def shot_dead(**options: int) -> float:
        game = cd.game(turns=1, players=[{"seat": "commander", "at": "J1-1", "weapon": "single"}],
                       crowds=[cd.crowd("A", "J1-0")], dice=cd.dice({"CD-60": [4], "CD-61": [5]}, default=3),
                       options=options)
        game.apply("commander", "fire:A")
        game.apply("commander", "stay")
        assert game.result is not None and game.result.details["firearm_deaths"] == 1
        return game.result.scores["commander"]

    assert shot_dead() == shot_dead(death_penalty=0) - 50


def test_cd05_no_player_controls_a_crowd(cd):
    """CD-05: a scenario cannot give a crowd to a player, and crowds cannot be ordered."""
    with pytest.raises(ScenarioError, match="CD-05"):
        cd.game(crowds=[cd.crowd("A", "J0-0", controlled_by="commander")])
    game = cd.game(crowds=[cd.crowd("A", "J1-0")])
    with pytest.raises(IllegalActionError, match="CD-05"):
        game.apply("commander", "order:A:move:J0-0")


def test_cd09_scales():
    """CD-09: 10" is 20 m; a 25-figure crowd is 125 people; SF figures are 1:1."""
    assert metres(10) == 20
    assert people(25, crowd=True) == 125 and people(8, crowd=False) == 8


def test_cd10_every_unit_type_sets_up_at_its_usual_size(cd):
    """CD-10: each listed type at its listed usual size; riot-trained soldiers are resolved as an
    Anti-Riot Team (fights, RL, over-reaction)."""
    units = [cd.unit(f"U{i}", key, "J0-0", figures=t.sizes[0]) for i, (key, t) in enumerate(UNIT_TYPES.items())]
    game = cd.game(units=units)
    assert {u["type"] for u in umpire_sees(game)["units"]} == set(UNIT_TYPES)
    anti, soldiers = UNIT_TYPES["anti_riot"], UNIT_TYPES["riot_soldiers"]
    for field in ("specialist_riot", "riot_equipped", "overreaction", "masks", "gas", "vehicles"):
        assert getattr(anti, field) == getattr(soldiers, field)
    assert fight_type_bonus(anti, charging=False) == fight_type_bonus(soldiers, charging=False) == 3
    assert UNIT_TYPES["firefighters"].sizes == (6,) and UNIT_TYPES["paramedics"].sizes == (2,)


def test_cd10_a_unit_comes_only_in_the_vehicles_its_type_does(cd):
    """CD-10: patrols in a car or van load, riot units in vans, SWAT also in their own armoured
    vehicles, firefighters in a fire engine, paramedics in an ambulance; a patrol with an
    ambulance, paramedics in a van or a mounted unit in a car are refused at load, naming the field."""
    with pytest.raises(ScenarioError, match=r"setup\.units\.1\.vehicle: a Regular Police Patrol unit cannot "
                                            r"use vehicle 'ambulance' \(CD-10 allows: car or van\)"):
        cd.game(units=[cd.unit("P0", "patrol", "J0-0", vehicle="car"),
                       cd.unit("P1", "patrol", "J0-0", vehicle="ambulance")])
    with pytest.raises(ScenarioError, match=r"setup\.units\.0\.vehicle: .*Paramedics.*\(CD-10 allows: ambulance\)"):
        cd.game(units=[cd.unit("AMB1", "paramedics", "J0-0", figures=2, vehicle="van")])
    with pytest.raises(ScenarioError, match=r"setup\.units\.0\.vehicle: .*\(CD-10 allows: no vehicle\)"):
        cd.game(units=[cd.unit("M1", "mounted", "J0-0", vehicle="car")])
    fits = [("patrol", "car"), ("patrol", "van"), ("riot_police", "water_cannon"), ("anti_riot", "van"),
            ("riot_soldiers", "van"), ("swat", "armoured"), ("firefighters", "engine"), ("paramedics", "ambulance"),
            ("soldiers", "none")]
    game = cd.game(units=[cd.unit(f"U{i}", kind, "J0-0", vehicle=v) for i, (kind, v) in enumerate(fits)])
    assert [u["vehicle"] for u in umpire_sees(game)["units"]] == [v for _, v in fits]


def test_cd19_crowd_layouts_loose_masses_only(cd):
    """CD-19: figures well over 1" apart, lines and blocks are refused; a loose mass is fine."""
    assert layout_problem([(0, 0), (0.8, 0.3), (5, 5)]) is not None
    assert "line" in (layout_problem([(0, 0), (0.5, 0), (1.0, 0), (1.5, 0)]) or "")
    assert "block" in (layout_problem([(0, 0), (0.5, 0), (0, 0.5), (0.5, 0.5)]) or "")
    assert layout_problem([tuple(p) for p in layout(25, (10, 10))]) is None
    with pytest.raises(ScenarioError, match="CD-19"):
        cd.game(crowds=[cd.crowd("A", "J0-0", layout=[[0, 0], [0.5, 0], [1.0, 0]])])


def test_cd39_a_patrol_car_runs_out_of_tear_gas_other_units_never_do(cd):
    """CD-39: a patrol car's scenario stock runs out; riot police have plenty; a patrol car with
    no stock has none. R1 fires gas on its standing order in turn 1, P1 its one canister in turn 2
    (ordered in turn 1), R1 again in turns 3 and 4 (the units hold their nerve: CD-63 6s)."""
    def gas_ordered(unit: str) -> bool:
        return f"order:{unit}:gas:A" in {a.id for a in game.legal_actions("commander")}

    def fired(unit: str) -> int:
        return [e["text"] for e in game.log_for("commander")].count(f"{unit} fires tear gas at crowd A.")

    game = cd.game(units=[cd.unit("P1", "patrol", "x16y8", figures=4, gas_stock=1),
                          cd.unit("P2", "patrol", "x16y8", figures=4),
                          cd.unit("R1", "riot_police", "x16y10", order="gas:A")],
                   crowds=[cd.crowd("A", "J1-0", rl=6)], dice=cd.dice({"CD-63": [6] * 20}))
    assert gas_ordered("P1")
    assert not gas_ordered("P2")
    for order in ("order:P1:gas:A", "order:R1:gas:A", "order:R1:gas:A", "pass"):
        game.apply("commander", order)
        game.apply("commander", "stay")
        if fired("P1"):
            assert seen(game, "units", "P1")["gas_stock"] == 0 and not gas_ordered("P1")
            with pytest.raises(IllegalActionError, match="P1 cannot be given the order 'gas:A' now"):
                game.apply("commander", "order:P1:gas:A")  # refused: the stock is gone
    assert (fired("P1"), fired("R1")) == (1, 3)
    assert seen(game, "units", "R1")["gas_stock"] is None and gas_ordered("R1")


def test_cd71_the_player_handout_holds_nothing_from_the_umpire_rules(cd):
    """CD-71: the handout has the RL key and negotiation ranges but no table or factor."""
    for secret in ("Poor negotiator", "-4", "RL State Chart", "Hostile", "Rioting", "looter", "d6"):
        assert secret not in PLAYER_HANDOUT
    assert "8 is bad, 1 is good" in PLAYER_HANDOUT and "megaphone" in PLAYER_HANDOUT
    assert cd.game().view("commander")["state"]["handout"] == PLAYER_HANDOUT


def test_cd23_chart_rows_exist_for_every_rl():
    """CD-23: the chart has a row for each RL 1-8."""
    assert sorted(RL_CHART) == list(range(1, 9))


def test_builtin_scenarios_load():
    """CD-04: the three built-in scenarios validate."""
    ids = {s.id for s in builtin_scenarios(SPEC)}
    assert ids >= {"embassy-protest", "high-street-riot", "night-of-fires"}
    for scenario in builtin_scenarios(SPEC):
        assert umpire_sees(Game(scenario, seed=1))["turns"] == scenario.setup.turns


def test_bad_scenario_data_is_a_clear_error(cd):
    """Unknown places and unit types are ScenarioErrors naming the field."""
    with pytest.raises(ScenarioError, match="street point"):
        cd.game(crowds=[cd.crowd("A", "nowhere")])
    with pytest.raises(ScenarioError, match="unknown unit type"):
        cd.game(units=[cd.unit("X", "ninjas", "J0-0")])


def test_cd15_cd22_cd37_a_scenario_can_open_in_the_middle_of_trouble(cd):
    """CD-15: a vehicle arrives already moving, with its crew aboard; CD-22: gas already over a street
    point (lasting the ``gas_turns`` house rule unless told) and a crowd already soaked; CD-37: a crowd
    whose petrol bombs are made, only where they are allowed. Each is a one-line ScenarioError when
    wrong."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", wet=2, petrol_bombs=True, bombs_made=True)],
                   gas=[{"kind": "cs", "at": "J1-0"}, {"kind": "tear", "at": "J0-0", "turns": 1}],
                   house_rules={"gas_turns": 4})
    umpire = game.view(UMPIRE)["state"]
    assert [(c["petrol"], c["wet"]) for c in umpire["crowds"]] == [([True, True], 2)]
    assert [(g["kind"], g["x"], g["y"], g["turns"]) for g in umpire["gas"]] == [("cs", 16, 0, 4), ("tear", 0, 0, 1)]
    with pytest.raises(ScenarioError, match=r"setup\.gas: 'nowhere' is not a street point"):
        cd.game(gas=[{"kind": "cs", "at": "nowhere"}])
    with pytest.raises(ScenarioError, match=r"crowd A has petrol bombs made but petrol_bombs is false \(CD-37\)"):
        cd.game(crowds=[cd.crowd("A", "J1-0", bombs_made=True)])
    with pytest.raises(ScenarioError, match=r"setup\.crowds\.0\.wet"):
        cd.game(crowds=[cd.crowd("A", "J1-0", wet=3)])
    with pytest.raises(ScenarioError, match=r"unit V1 can be moving only aboard its vehicle \(CD-15\)"):
        cd.game(units=[cd.unit("V1", "patrol", "J0-0", vehicle="van", moving=True)])


def test_cd18_cd29_cd30_cd40_a_scenario_can_open_after_shots_looting_and_wrecking(cd):
    """CD-18: shooting before the game (this turn's, or ``turns_ago``); CD-30: looters already carrying
    goods off; CD-29: a pickup already loaded; CD-40: a building already wrecked. Each is a one-line
    ScenarioError when wrong, and a scenario without them opens as before. Gunfire this turn turns a
    rioting crowd away from the soldiers (CD-18); gunfire 3 turns ago is forgotten (after 2 turns)."""
    game = cd.game(turns=1, crowds=[cd.crowd("L", "J1-0", figures=4, looters=True, carrying=3)],
                   looter_vehicles=[{"id": "van1", "kind": "van", "at": "J0-0", "load": 10}],
                   buildings=[{"id": "shed", "block": [0, 0], "value": 0}], house_rules={"looter_vehicles": True})
    [looters] = game.view("commander")["state"]["crowds"]
    assert looters["seen"] == "a crowd of people carrying stereos and TVs"  # CD-30: escaping
    assert seen(game, "looter_vehicles", "van1")["load"] == 10
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert game.result is not None and game.result.details["wrecks"] == ["shed"]

    def rioters_after_a_turn(**gunfire: int) -> str:
        shot = cd.game(units=[cd.unit("S1", "soldiers", "J2-1")], crowds=[cd.crowd("A", "J0-1", rl=8)],
                       gunfire=[{"at": "J2-1", **gunfire}] if gunfire else [], dice=cd.dice({}))
        shot.apply("commander", "pass")
        shot.apply("commander", "stay")
        return str(seen(shot, "crowds", "A")["node"])

    assert rioters_after_a_turn(turns_ago=0) == "J0-1"
    assert rioters_after_a_turn(turns_ago=3) == rioters_after_a_turn() != "J0-1"
    with pytest.raises(ScenarioError, match=r"setup\.gunfire: 'nowhere' is not a street point"):
        cd.game(gunfire=[{"at": "nowhere"}])
    with pytest.raises(ScenarioError, match=r"setup\.gunfire\.0\.turns_ago"):
        cd.game(gunfire=[{"at": "J0-0", "turns_ago": -1}])
    with pytest.raises(ScenarioError, match=r"crowd A carries loot but is not a looter crowd \(CD-30\)"):
        cd.game(crowds=[cd.crowd("A", "J1-0", carrying=2)])
    with pytest.raises(ScenarioError, match=r"looters' car v holds 5 Loot Units, not 6 \(CD-29\)"):
        cd.game(looter_vehicles=[{"id": "v", "kind": "car", "at": "J0-0", "load": 6}])


def test_cd04_ids_used_twice_are_a_scenario_error(cd):
    """CD-04: buildings, snipers, bombs and looters' vehicles each need their own id (the second
    building would otherwise silently replace the first)."""
    with pytest.raises(ScenarioError, match=r"setup\.buildings: ids must all be different; used twice: shop"):
        cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60}, {"id": "shop", "block": [1, 1], "value": 10}])
    with pytest.raises(ScenarioError, match=r"setup\.snipers: .*used twice: s1"):
        cd.game(units=[cd.unit("R1", "riot_police", "J1-0")], crowds=[cd.crowd("A", "J0-0")],
                snipers=[{"id": "s1", "crowd": "A", "target": "R1"}, {"id": "s1", "crowd": "A", "target": "R1"}])
    with pytest.raises(ScenarioError, match=r"setup\.looter_vehicles: .*used twice: v"):
        cd.game(looter_vehicles=[{"id": "v", "kind": "car", "at": "J0-0"}, {"id": "v", "kind": "van", "at": "J0-1"}])


def test_cd13_a_units_standing_order_must_name_a_real_order_and_target(cd):
    """CD-13: a unit starts on the scenario's order; an unknown order, a target that is not in the
    scenario, or connecting with no hydrant is a ScenarioError naming the unit (not a crash on the
    first turn)."""
    for order, problem in (("fly", "unknown order 'fly'"), ("move:nowhere", "'nowhere' is not a place"),
                           ("hose:zz", "'zz' is not a building"), ("charge:Z", "'Z' is not a crowd"),
                           ("counter_snipe:x", "'x' is not a sniper"), ("hold:J0-0", "takes no target"),
                           ("connect", "no hydrant")):
        with pytest.raises(ScenarioError, match=rf"setup\.units: unit U1's order: .*{problem}"):
            cd.game(units=[cd.unit("U1", "firefighters", "J0-0", figures=6, order=order)])
    game = cd.game(units=[cd.unit("U1", "patrol", "J0-0", order="move:J2-2")], crowds=[cd.crowd("A", "J2-0", rl=3)])
    assert seen(game, "units", "U1")["order"] == "move:J2-2"


def test_cd25_builtin_scenarios_name_looter_crowds_like_any_other():
    """CD-25: the SF must not know which crowds are looters, so the built-in scenarios name every
    crowd A, B, C ... in order (an id like "L" would give the looters away)."""
    for scenario in builtin_scenarios(SPEC):
        ids = [c.id for c in scenario.setup.crowds]
        assert ids == [chr(ord("A") + i) for i in range(len(ids))], scenario.id


def test_cd04_a_town_too_big_to_precompute_is_a_scenario_error(cd):
    """CD-04 table layout: sight and distances are precomputed for every pair of street points,
    so a town of more than 2,000 points is refused up front (12 x 12 junctions, 40" blocks, 1"
    steps would be 10,440 points and exhaust the memory) rather than hanging the game."""
    from riotact.rulesets.civil_disorder.board import town_nodes
    from riotact.rulesets.civil_disorder.setup import MAX_STREET_POINTS, TownSetup

    with pytest.raises(ScenarioError, match=r"setup\.town: the town has 10440 street points"):
        cd.game(town={"columns": 12, "rows": 12, "block": 40, "step": 1})
    for size in ((12, 12, 16, 2), (7, 6, 16, 2), (4, 7, 12, 3)):  # the count is the town's own
        assert len(town_nodes(*size)) <= MAX_STREET_POINTS
        TownSetup(columns=size[0], rows=size[1], block=size[2], step=size[3])


def _chain(cd):
    """The commander and sub1, whose riot police R1 stand by him; crowd A a street away."""
    return cd.game(seats=["commander", "sub1"],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J1-0", "superior": "commander"}],
                   units=[cd.unit("R1", "riot_police", "x16y10", player="sub1")],
                   crowds=[cd.crowd("A", "J2-1", rl=5)])


def test_cd02_the_commanders_order_stands_over_his_subordinates_the_same_turn(cd):
    """CD-02: both order R1 in the same turn; the commander's stands, and sub1 is told why."""
    game = _chain(cd)
    game.apply("commander", "order:R1:arrest:A")
    game.apply("commander", "stay")
    game.apply("sub1", "order:R1:hold")
    game.apply("sub1", "stay")
    [r1] = [u for u in game.view("sub1")["state"]["units"] if u["id"] == "R1"]
    assert r1["order"] == "arrest:A" and r1["ordered_by"] == "commander"
    told = [e["text"] for e in game.log_for("sub1") if e.get("rule") == "CD-02"]
    assert told and "your superior's order stands over yours (CD-02)" in told[0]
    assert not [e for e in game.log_for("commander") if "superior's order stands" in e["text"]]


def test_cd02_a_subordinate_bot_carries_out_its_superiors_order(cd):
    """CD-02 / CD-13, solo: the commander sends sub1's R1 in to snatch from crowd A and passes after;
    the heuristic sub1 leaves R1 to it (it would have it hold otherwise) until the order ends."""
    from riotact.core import Game, find_scenario, make_bot

    game = Game(find_scenario("civil-disorder/embassy-protest"), seed=7,
                players={"commander": "human", "sub1": "heuristic"})
    bot = make_bot("heuristic", game, "sub1")
    game.apply("commander", "order:R1:arrest:A")
    stood = 0
    for _ in range(30):
        seat = game.to_act()[0]
        if seat == "commander":
            game.apply(seat, "pass" if "pass" in {a.id for a in game.legal_actions(seat)} else "stay")
            continue
        view = game.view(seat)
        [r1] = [u for u in view["state"]["units"] if u["id"] == "R1"]
        choice = bot.choose(view, game.legal_actions(seat))
        if r1["ordered_by"] == "commander":  # the superior's order stands: the bot leaves R1 to it
            assert r1["order"] == "arrest:A"
            assert not choice.startswith("order:R1:"), f"turn {view['turn']}: {choice}"
            stood += 1
        game.apply(seat, choice)
    assert stood >= 3  # the order was carried through several of sub1's decisions


def test_cd07_a_unit_that_leaves_a_players_list_is_named_to_him(cd):
    """CD-07: the commander (no radio, voice 2") runs off from his R1; next turn R1 is no longer his
    to order, and his log says so, with the rule, instead of the unit dropping out of the list unsaid."""
    game = cd.game(players=[{"seat": "commander", "at": "J1-1", "radio": False}],
                   units=[cd.unit("R1", "riot_police", "x16y14", radio=False)],
                   crowds=[cd.crowd("A", "J2-2", rl=3)])
    assert any(a.id.startswith("order:R1:") for a in game.legal_actions("commander"))
    far = "run:x16y28"  # 12" south of J1-1, 14" from R1
    assert far in {a.id for a in game.legal_actions("commander")}
    game.apply("commander", far)
    assert not any(a.id.startswith("order:R1:") for a in game.legal_actions("commander"))
    told = [e for e in game.log_for("commander") if e.get("rule") == "CD-07" and "R1" in e["text"]]
    assert told and "you cannot order it this turn" in told[-1]["text"]
