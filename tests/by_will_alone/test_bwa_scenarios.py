"""Scenario files and options: bad input gives a typed error; the log explains every roll."""

from __future__ import annotations

import pytest

from riotact.core.errors import OptionError, ScenarioError
from riotact.core.game import Game
from riotact.core.scenario import builtin_scenarios, parse_scenario
from riotact.rulesets import get_ruleset


def test_unknown_feature_is_a_scenario_error(bwa) -> None:
    data = bwa.data([bwa.nv("n", "nowhere"), bwa.auth("a", "w0")])
    with pytest.raises(ScenarioError, match="no feature 'nowhere'"):
        parse_scenario(data, "bad.toml")


def test_vehicle_in_a_building_is_refused(bwa) -> None:
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("v", "b", type="land_vehicle")])
    with pytest.raises(ScenarioError, match="land vehicle cannot stand"):
        parse_scenario(data, "bad.toml")
    reserve = bwa.auth("v", None, type="land_vehicle", reserve=True, entry="b")  # nor arrive in one
    with pytest.raises(ScenarioError, match="land vehicle cannot stand in a building"):
        parse_scenario(bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6"), reserve]), "bad.toml")


def test_extra_setup_key_is_refused(bwa) -> None:
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], turns=3)
    with pytest.raises(ScenarioError, match=r"setup\.turns"):
        parse_scenario(data, "bad.toml")


def test_seats_must_be_the_two_sides(bwa) -> None:
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")])
    data["seats"] = ["p1", "p2"]
    scenario = parse_scenario(data, "bad.toml")
    with pytest.raises(ScenarioError, match="seats are nonviolent, authority"):
        Game(scenario)


def test_house_rules_are_checked(bwa) -> None:
    with pytest.raises(ScenarioError, match="no house rule"):
        parse_scenario(bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], house_rules={"nope": 1}), "x")
    with pytest.raises(OptionError):
        bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "e6")], options={"first_initiative": "umpire"})


def test_scenario_house_rule_overrides_default(bwa) -> None:
    """BWA-01 gap as data: a scenario may give the authority the first initiative."""
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], house_rules={"first_initiative": "authority"})
    game = Game(parse_scenario(data, "x"))
    assert game.to_act() == ("authority",)


def test_every_roll_is_explained_with_its_rule() -> None:
    """Every roll in a whole game names a BWA rule and says in words what happened."""
    scenario = builtin_scenarios(get_ruleset("by-will-alone"))[0]
    from riotact.core.conformance import random_game
    game = random_game(scenario, 9)
    for event in game.log.events:
        if event["kind"] in ("roll", "effect"):
            assert event["rule"].startswith("BWA-") and event["text"]
    assert game.result is not None and set(game.result.scores) == {"nonviolent", "authority"}


@pytest.mark.parametrize(("rule", "value"), [
    ("rally_stands_per_die", 0), ("base_dice", 0), ("lost_moves", -1), ("sight_intersections", -1),
    ("authority_rally_max_failed", 101), ("breach_ratio", 5), ("discipline_loss_ratio", 1),
    ("escalation_window", 0), ("zero_points_counts_as", 0)])
def test_house_rules_out_of_range_are_refused(bwa, rule, value) -> None:
    """BWA-28 etc.: a house rule outside its sensible range is an error, not a crash mid-game
    (rally_stands_per_die = 0 used to divide by zero at the first rally, BWA-28)."""
    with pytest.raises(ScenarioError, match=rf"house_rules.*{rule}.*(at least|from)"):
        parse_scenario(bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], house_rules={rule: value}), "x.toml")
    with pytest.raises(OptionError, match=rule):
        bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "e6")], options={rule: value})


def test_bwa03_quality_must_belong_to_the_units_side(bwa) -> None:
    """BWA-03: a nonviolent stand has a quality (Untrained, Trained, Veteran), not a reliability."""
    data = bwa.data([bwa.nv("n", "w0", quality="dedicated"), bwa.auth("a", "e6")])
    with pytest.raises(ScenarioError, match=r"setup\.units\.0: .*Untrained, Trained, Veteran, not 'dedicated'"):
        parse_scenario(data, "bad.toml")
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6", qualities=["reliable", "veteran", "reliable",
                                                                        "reliable"])])
    with pytest.raises(ScenarioError, match="Wavering, Reliable, Dedicated, not 'veteran'"):
        parse_scenario(data, "bad.toml")


@pytest.mark.parametrize(("change", "problem"), [
    ({"features": [{"id": "w0", "kind": "street", "x": float("nan"), "y": 0, "streets": ["Main"]}]},
     r"setup\.features\.\d+\.x: Input should be a finite number"),
    ({"links": [["w0", "w0"]]}, "joins a feature to itself"),
    ({"features": [{"id": "island", "kind": "open", "x": 50, "y": 50}]}, "not linked to the rest of the map: island "),
    ({"media": [{"id": "tv", "feature": "w0"}, {"id": "tv", "feature": "e6"}]}, "media ids must be different"),
    ({"infiltrators": [{"unit": "n", "kind": "spy"}, {"unit": "n", "kind": "provocateur"}]},
     "one spy or provocateur per unit"),
])
def test_impossible_maps_and_pieces_are_refused(bwa, change, problem) -> None:
    """BWA-12: every feature is a real place linked to the map; pieces are not listed twice."""
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")])
    setup = data["setup"]
    for key, extra in change.items():
        if key == "features":  # replace or add features
            setup[key] = [f for f in setup[key] if f["id"] not in {e["id"] for e in extra}] + extra
        elif key == "links":
            setup[key] = setup[key] + extra
        else:
            setup[key] = extra
    with pytest.raises(ScenarioError, match=problem):
        parse_scenario(data, "bad.toml")


@pytest.mark.parametrize(("units", "problem"), [
    ([{"id": "a", "carrying": ["b"], "capacity": 4}], "only a vehicle"),
    ([{"id": "v", "type": "land_vehicle", "feature": "w0", "capacity": 8, "carrying": ["v"]}], "cannot carry itself"),
    ([{"id": "v", "type": "land_vehicle", "feature": "w0", "capacity": 8, "carrying": ["b"]},
      {"id": "v2", "type": "land_vehicle", "feature": "w0", "capacity": 8, "carrying": ["b"]}], "carried by both"),
    ([{"id": "v", "type": "land_vehicle", "feature": "w0", "capacity": 8, "carrying": ["v2"]},
      {"id": "v2", "type": "land_vehicle", "feature": "w0", "capacity": 8}], "a vehicle or a reserve"),
])
def test_bwa20_only_vehicles_carry_units_once(bwa, units, problem) -> None:
    """BWA-20: only a vehicle carries stands, never itself, another vehicle or a unit carried elsewhere."""
    pieces = {u["id"]: u for u in (bwa.auth("a", "e6"), bwa.auth("b", "w0"))}
    for u in units:
        base = pieces[u["id"]] if u["id"] in pieces else bwa.auth(u["id"], u["feature"], type=u["type"])
        pieces[u["id"]] = {**base, **u}
    data = bwa.data([bwa.nv("n", "o4"), *pieces.values()])
    with pytest.raises(ScenarioError, match=problem):
        parse_scenario(data, "bad.toml")


@pytest.mark.parametrize("uid", ["A1", "N12", "jail", "escaped3", "n-band4"])
def test_bwa11_unit_ids_cannot_pose_as_counters(bwa, uid) -> None:
    """BWA-11: a unit id like a counter label (A1) would be taken for a counter and crash the game,
    and ``jail`` for the jail's Escape order: such ids are refused."""
    data = bwa.data([bwa.nv(uid, "w0"), bwa.auth("a", "e6")])
    with pytest.raises(ScenarioError, match=rf"setup\.units\.0\.id: .*{uid!r} is kept for pieces made in play"):
        parse_scenario(data, "bad.toml")


@pytest.mark.parametrize(("units", "setup", "problem"), [
    ([{"id": "j", "feature": None, "start": "jail"}], {}, "starts in the jail, but the scenario has no"),
    ([{"id": "j", "feature": "w0", "start": "jail"}], {"jail": {"feature": "b"}}, "has no feature"),
    ([{"id": "j", "feature": None, "start": "discarded", "reserve": True, "entry": "e6"}], {}, "is not a reserve"),
    ([{"id": "j", "feature": None, "start": "discarded", "type": "land_vehicle"}], {}, "only nonviolent actionists"),
    ([{"id": "n", "feature": None, "start": "discarded"}], {}, "the nonviolent side needs a unit on the table"),
    ([{"id": "j", "feature": None, "start": "jail"}], {"jail": {"feature": "b"}, "media": [
        {"id": "tv", "feature": "w0", "follows": "j"}]}, "follows must name a nonviolent unit on the table"),
    ([{"id": "j", "feature": "w0", "without_commander": True, "type": "land_vehicle"}], {},
     "only nonviolent actionists have a commander"),
    ([], {"smoke": ["nowhere"]}, "smoke: no feature 'nowhere'"),
    ([], {"changed_signs": ["w0"]}, r"changed_signs: 'w0' is not an intersection \(BWA-16\)"),
    ([], {"levels": {"n": 2}}, "levels: no authority command group 'n'"),
    ([], {"levels": {"a": 2}}, r"a may be at level 1 to 1, the most its units' weapons allow \(BWA-48\), not 2"),
    ([{"id": "v", "feature": "w0", "type": "land_vehicle", "condition": "sitting"}], {},
     "only nonviolent actionists sit"),
    ([{"id": "r", "feature": None, "reserve": True, "entry": "e6", "barricade": True}], {},
     r"a barricade stands on the unit's feature on the table \(BWA-52\)"),
    ([{"id": "n", "feature": "w0", "barricade": True}, {"id": "m", "feature": "w0", "barricade": True}], {},
     r"one barricade to a feature \(BWA-52\)"),
    ([], {"incidents": [{"group": "n", "kind": "attacked"}]}, "incidents: no authority command group 'n'"),
    ([], {"incidents": [{"group": "a", "kind": "shot"}]}, "setup.incidents.0.kind"),
    ([{"id": "n", "feature": "w0", "attempts": 1}], {},
     r"attempts at a new commander need without_commander \(BWA-47\)"),
    ([{"id": "n", "feature": "w0", "band": True, "hidden": True}], {}, r"a band is nonviolent actionists on the table"),
    ([{"id": "n", "feature": "w0", "enveloping": "a"}], {},
     r"envelops 'a', which must be an enemy unit on its feature"),
    ([{"id": "m", "feature": "w0", "enveloping": "n"}], {}, r"envelops 'n', which must be an enemy unit"),
    ([{"id": "n", "feature": "w0", "dropped_levels": 1}], {}, r"only authority stands drop reliability"),
    ([{"id": "c", "feature": "o1", "stands": 1}], {"infiltrators": [{"unit": "c", "kind": "spy"}]},
     r"needs at least 2 stands on the table \(1 without a commander\)"),
])
def test_a_game_opening_mid_event_is_checked(bwa, units, setup, problem) -> None:
    """BWA-37/28/46/13/16/22/40/47/49/05: units that start in the jail, discarded, without their commander
    (after attempts at a new one), as a band, enveloping or shaken, smoke, changed street signs and
    incidents before the game are scenario data; impossible ones get a one-line error."""
    pieces = {"n": bwa.nv("n", "w0")}
    for u in units:
        pieces[u["id"]] = {**pieces.get(u["id"], bwa.nv(u["id"], u["feature"])), **u}
    data = bwa.data([*pieces.values(), bwa.auth("a", "e6")], **setup)
    with pytest.raises(ScenarioError, match=problem) as refused:
        parse_scenario(data, "bad.toml")
    assert "\n" not in str(refused.value)


def test_a_game_may_open_mid_event_with_a_band_an_envelopment_and_a_shaken_unit(bwa) -> None:
    """BWA-40/22/05/47/49/26: the scenario's band has no commander, the envelopment and dropped
    reliability show in the umpire's view, and a spy may be the only stand of a leaderless unit."""
    g = bwa.game([bwa.nv("n", "x1", enveloping="a"), bwa.nv("b", "w0", stands=2, band=True),
                  bwa.nv("c", "o1", stands=1, without_commander=True, attempts=1), bwa.auth("a", "x1"),
                  bwa.auth("d", "e6", quality="dedicated", dropped_levels=2)], [],
                 infiltrators=[{"unit": "c", "kind": "spy"}], incidents=[{"group": "a", "kind": "withdrew"}])
    units = {u["id"]: u for u in g.view("umpire")["state"]["units"]}
    assert units["n"]["enveloping"] == "a" and units["b"]["band"]
    assert [s["quality"] for s in units["d"]["stands"]] == ["Wavering"] * 4
    assert not any(s.get("commander") for s in units["b"]["stands"] + units["c"]["stands"])


def test_a_game_may_open_with_only_arrested_stands_for_the_nonviolent_side(bwa) -> None:
    """BWA-37: arrested stands still play (they try to escape), so a scenario may start with them alone."""
    g = bwa.game([bwa.nv("n", None, stands=2, start="jail"), bwa.auth("a", "e6")], [],
                 jail={"feature": "b", "kind": "open"})
    assert g.view("nonviolent")["state"]["jail"]["stands"] == ["n.1", "n.2"]
    assert [a.id for a in g.legal_actions("nonviolent")] == ["jail:escape", "done"]
