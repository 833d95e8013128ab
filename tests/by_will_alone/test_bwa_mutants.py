"""Limits pinned down at their very edge, where a small edit of the code passed every other test
(scripts/mutation.py's sample of By Will Alone, read by hand, docs/testing.md)."""

from __future__ import annotations

import pytest

from riotact.core.errors import OptionError
from riotact.core.odds import OddsError, find_procedure
from riotact.rulesets import get_ruleset


@pytest.mark.parametrize(("rule", "lowest"), [("breach_ratio", 1), ("discipline_loss_ratio", 2),
                                              ("sight_intersections", 0)])
def test_bwa38_bwa39_a_ratio_house_rule_is_played_at_its_lowest_and_refused_below(bwa, rule, lowest) -> None:
    """BWA-38: the escapers need a ratio of at least 1 to open a breach (0 would open it with no one);
    BWA-39: a confrontation is lost at a ratio of 2 or more (1 would make every draw a loss); BWA-10:
    sight in a built-up area may end at the very first intersection (0). The lowest value is a game;
    one below is a one-line error."""
    units = [bwa.nv("n", "w0"), bwa.auth("a", "e6")]
    game = bwa.game(units, options={rule: lowest})
    assert game.legal_actions(game.to_act()[0])
    with pytest.raises(OptionError, match=rule):
        bwa.game(units, options={rule: lowest - 1})


def test_bwa31_the_confrontation_odds_take_240_dice_a_side_and_refuse_241() -> None:
    """BWA-31/43: four 60-stand units at a multiplier of 1, or one at 4, is the most the odds
    procedure computes (240 dice); one more stand is refused with a one-line error."""
    procedure = find_procedure(get_ruleset("by-will-alone"), "confrontation")
    odds = procedure.run(["first=60*trained", "first_multiplier=4", "second=reliable"])
    assert "60 stand(s), 4 dice each" in odds.title and sum(odds.outcomes.values()) == 1
    with pytest.raises(OddsError, match="more than 240 dice"):
        procedure.run(["first=61*trained", "first_multiplier=4", "second=reliable"])


@pytest.mark.parametrize(("wind", "lit_at", "line"), [
    ("north", "x1", {"x1": 1, "n1": 1, "o1": 1}), ("south", "x3", {"x3": 1, "s3": 2})])
def test_bwa13_smoke_pots_drift_up_the_side_street_the_wind_blows_along(bwa, wind, lit_at, line) -> None:
    """BWA-13: smoke pots lit at a crossing make a line of smoke downwind: on a north wind from the
    Main / North crossing it runs up North Street into the open field beyond; on a south wind from the
    Main / South crossing, down South Street, a dead end whose last point takes the pot left over.
    Never along Main Street."""
    g = bwa.game([bwa.nv("n", lit_at), bwa.auth("a", "o5")], [], wind=wind)
    bwa.orders(g, "nonviolent", "n:smoke:pots")
    [smoke] = [e for e in g.log_for("umpire") if e.get("rule") == "BWA-13" and "balls" in e]
    assert smoke["balls"] == line


def test_bwa13_an_east_wind_blows_the_smoke_due_east_not_down_a_street_that_bends_south_east(bwa) -> None:
    """BWA-13: from the Main / Mill crossing an east wind carries the smoke on along Main Street
    (due east), not into Mill Lane, which leaves the crossing 31 degrees south of east."""
    features = [{"id": "w0", "kind": "street", "x": 0, "y": 0, "streets": ["Main"]},
                {"id": "x1", "kind": "intersection", "x": 2, "y": 0, "streets": ["Main", "Mill"]},
                {"id": "e2", "kind": "street", "x": 4, "y": 0, "streets": ["Main"]},
                {"id": "mill", "kind": "street", "x": 4, "y": -1.2, "streets": ["Mill"]},
                {"id": "o9", "kind": "open", "x": 0, "y": 12}]
    links = [["w0", "x1"], ["x1", "e2"], ["x1", "mill"], ["w0", "o9"]]
    g = bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "o9")], [], wind="east", features=features, links=links)
    bwa.orders(g, "nonviolent", "n:smoke:pots")
    [smoke] = [e for e in g.log_for("umpire") if e.get("rule") == "BWA-13" and "balls" in e]
    assert smoke["balls"] == {"w0": 1, "x1": 1, "e2": 1}


def test_bwa11_bwa26_a_spy_shows_its_sides_seat_the_hidden_unit_it_sits_in_and_a_provocateur_does_not(bwa) -> None:
    """BWA-11 / BWA-26 gap: the authority's copy of the scenario (its header) holds the nonviolent
    side's hidden unit its spy sits in, but not the hidden unit its provocateur sits in; the
    nonviolent side's copy names neither infiltrator (they sit in its own units)."""
    g = bwa.game([bwa.nv("n", "w0"), bwa.nv("c", "o1", stands=2, hidden=True),
                  bwa.nv("p", "o3", stands=2, hidden=True), bwa.auth("a", "e6")], [],
                 infiltrators=[{"unit": "c", "kind": "spy"}, {"unit": "p", "kind": "provocateur"}])
    authority = g.header_for("authority")["scenario_data"]["setup"]
    assert {u["id"] for u in authority["units"]} == {"n", "c", "a"}
    assert authority["infiltrators"] == [{"unit": "c", "kind": "spy"}, {"unit": "p", "kind": "provocateur"}]
    assert g.header_for("nonviolent")["scenario_data"]["setup"]["infiltrators"] == []


def _units(g, seat: str) -> dict[str, dict]:
    return {u["id"]: u for u in g.view(seat)["state"]["units"]}


def test_bwa40_a_band_heads_up_the_street_toward_the_authority_not_into_the_housing_block(bwa) -> None:
    """BWA-40: a band moves toward the closest authority unit in sight: from Main Street beside the
    housing block (m2) toward police at w0 it steps west to the crossing x1, not into the block (h) or
    east to x3."""
    g = bwa.game([bwa.nv("band", "m2", stands=1, band=True), bwa.nv("n", "e6"), bwa.auth("a", "w0", stands=2)],
                 None, options={"accidental_attacks": False, "first_initiative": "nonviolent"})
    g.apply("nonviolent", "done")
    assert _units(g, "nonviolent")["band"]["feature"] == "x1"


def test_bwa40_stands_that_lose_discipline_in_play_form_a_band_at_the_first_level_of_violence(bwa) -> None:
    """BWA-39/40: an Untrained stand that loses a confrontation and rolls 1+1(+1) for its discipline
    leaves its unit as a band, shown like any unit: weapons at level 1 (threats, pushing; BWA-48)."""
    g = bwa.game([bwa.nv("n", "x1", stands=2, quality="untrained"), bwa.auth("a", "m2", stands=4)], [],
                 options={"accidental_attacks": False, "first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    bwa.script(g, [6, 6, 6, 6] + [1, 1] + [6, 6] + [1, 1] + [6] * 30)
    g.apply("nonviolent", "react:hold")
    band = _units(g, "nonviolent")["n-band0"]
    assert band["band"] and band["weapons"] == 1 and [s["id"] for s in band["stands"]] == ["n.2"]
