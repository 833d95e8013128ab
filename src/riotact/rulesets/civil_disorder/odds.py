"""Exact odds of Civil Disorder's chance procedures (icepool): a hand-to-hand fight (CD-51..54),
a snatch-squad arrest (CD-52..55), a crowd's RL roll (CD-20, CD-21) and an over-reaction test
(CD-62..65). The tables are the house rules' (``fight_table``, ``overreaction_table``).

>>> fight(unit="riot_police").outcomes["tie: both stand"]  # 1d10 + 3 against 1d10
Fraction(7, 100)
>>> rl_roll(modifiers=-3).outcomes["RL 1"]  # the score becomes the RL
Fraction(2, 3)
>>> rl_roll(current=5, rl_roll="relative").outcomes  # 1-2 one down, 3-4 no change, 5-6 one up
{'RL 4': Fraction(1, 3), 'RL 5': Fraction(1, 3), 'RL 6': Fraction(1, 3)}
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import icepool

from riotact.core.odds import Chance, Odds, OddsError, OddsProcedure, Param, percent, pmf

from .options import Options
from .rules.crowds import clamp_rl, rl_shift
from .tables import (
    FIGHT_RESULTS,
    OUTNUMBERED,
    OVERREACTION_RESULTS,
    RL_CHART,
    RL_MAX,
    RL_MIN,
    UNIT_TYPES,
    Table,
    fight_type_bonus,
    lookup,
    parse_table,
)

_DEFAULTS = Options()
GAS = {"none": 0, "tear": -2, "cs": -4}  # CD-53 / CD-22: figures without masks


def _unit(key: str) -> str:
    if key not in UNIT_TYPES:
        raise OddsError(f"unit {key!r} is not a CD-10 unit type; known: {', '.join(UNIT_TYPES)}")
    return key


def _sf_modifier(unit: str, opponents: int, charging: bool, gas: str, on_ground: bool) -> int:
    """CD-53 for the SF figure: outnumbered, best type bonus, gas unless masked, on the ground."""
    kind = UNIT_TYPES[_unit(unit)]
    total = OUTNUMBERED[min(max(opponents, 1), 4)] + fight_type_bonus(kind, charging=charging and kind.mounted)
    if not kind.masks:
        total += GAS[gas]
    return total - 2 * on_ground


def _exchange(sf_modifier: int, rioter_modifier: int, table: Table) -> dict[str, Fraction]:
    """CD-51/54: 1d10 each plus factors; the higher wins by the margin, read on the fight table."""
    margin = (icepool.d10 + sf_modifier) - (icepool.d10 + rioter_modifier)

    def word(m: int) -> str:
        if m > 0:
            return f"SF wins: {lookup(table, m)}"
        return f"rioter wins: {lookup(table, -m)}" if m < 0 else "tie: both stand"

    return pmf((word(m), margin.probability(m)) for m in margin.outcomes())


def _figure(exchange: dict[str, Fraction], opponents: int) -> dict[str, Fraction]:
    """CD-52: a figure fights each opponent in turn, wins a result against one only (later wins
    are scuffles) and stops once beaten (a rioter's win that is not a scuffle)."""
    beaten = sum((p for k, p in exchange.items() if k.startswith("rioter") and not k.endswith("scuffle")),
                 Fraction(0))
    won = {k[len("SF wins: "):]: p for k, p in exchange.items() if k.startswith("SF")}
    out: dict[str, Fraction] = {}
    reach = Fraction(1)  # P(still fighting, no win yet) before opponent i
    for _ in range(opponents):
        for result, p in won.items():  # the first win; later exchanges change nothing we count
            out[f"wins: {result}"] = out.get(f"wins: {result}", Fraction(0)) + reach * p
        out["beaten"] = out.get("beaten", Fraction(0)) + reach * beaten
        reach *= 1 - beaten - sum(won.values(), Fraction(0))
    out["no result"] = reach  # (after a first win the figure fights on, and may still be beaten)
    return out


def fight(unit: str = "riot_police", opponents: int = 1, charging: bool = False, gas: str = "none",
          on_ground: bool = False, rioter_gas: str = "none", soaked: bool = False,
          fight_table: str = _DEFAULTS.fight_table) -> Odds:
    """CD-51..54: one exchange between an SF figure and a rioter, and a figure's first outcome
    against ``opponents`` rioters (CD-52)."""
    table = parse_table(fight_table, "fight_table", results=FIGHT_RESULTS)
    sf = _sf_modifier(unit, opponents, charging, gas, on_ground)
    rioter = GAS[rioter_gas] - soaked
    exchange = _exchange(sf, rioter, table)
    figure = _figure(exchange, opponents)
    figures = {f"a figure's first outcome: {k}": v for k, v in figure.items()}
    return Odds(f"Fight: a {UNIT_TYPES[unit].name} figure ({sf:+d}) against a rioter ({rioter:+d}), "
                f"{opponents} opponent(s)", exchange, figures,
                ("CD-54 results: stunned falls; arrest_or_stunned arrests when arresting; wounded is a casualty.",))


def arrest(unit: str = "anti_riot", squad: int = 6, opponents: int = 1, gas: str = "none",
           rioter_gas: str = "none", soaked: bool = False,
           fight_table: str = _DEFAULTS.fight_table) -> Odds:
    """CD-52..55: a snatch squad goes in; each figure's first win of arrest_or_stunned or wounded
    takes a prisoner (the crowd is taken to be large enough for every fight)."""
    table = parse_table(fight_table, "fight_table", results=FIGHT_RESULTS)
    exchange = _exchange(_sf_modifier(unit, opponents, False, gas, False), GAS[rioter_gas] - soaked, table)
    figure = _figure(exchange, opponents)
    p = figure.get("wins: arrest_or_stunned", Fraction(0)) + figure.get("wins: wounded", Fraction(0))
    one = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator}) if 0 < p < 1 else icepool.Die([int(p)])
    arrests = squad @ one
    outcomes = {f"{k} arrest(s)": Fraction(arrests.probability(k)) for k in arrests.outcomes()}
    return Odds(f"Arrest: a snatch squad of {squad} {UNIT_TYPES[unit].name} figures, {opponents} rioter(s) each",
                outcomes, {"chance a figure arrests": p, "expected arrests": squad * p,
                           "chance a figure is beaten": figure.get("beaten", Fraction(0))})


def rl_roll(modifiers: int = 0, current: int = 5, rl_roll: str = _DEFAULTS.rl_roll) -> Odds:
    """CD-20/21: 1d6 plus the factors; by default the score becomes the RL, or (house rule
    ``rl_roll = "relative"``) moves it from ``current`` (:func:`.crowds.rl_shift`); within 1-8."""
    absolute = rl_roll == "absolute"
    rl = (icepool.d6 + modifiers).map(lambda t: clamp_rl(t if absolute else current + rl_shift(t)))
    outcomes = {f"RL {r}": Fraction(rl.probability(r)) for r in rl.outcomes()}
    violent = sum((Fraction(rl.probability(r)) for r in rl.outcomes() if RL_CHART[r].violence), Fraction(0))
    how = "becomes the RL" if absolute else f"moves the RL from {current}"
    return Odds(f"RL roll: 1D6 {modifiers:+d}, the score {how}", outcomes,
                {"expected RL": sum((r * Fraction(rl.probability(r)) for r in rl.outcomes()), Fraction(0)),
                 "chance of RL 7+ (attacks SF it touches)": violent})


def overreaction(unit: str = "patrol", outnumbered: bool = False, no_support: bool = False,
                 under_gunfire: bool = False, wounded: int = 0, crowd_outnumbered: bool = False,
                 armed: bool = True, overreaction_table: str = _DEFAULTS.overreaction_table) -> Odds:
    """CD-62..65: 1d6 plus CD-63 factors, read on the over-reaction table; firefighters and
    paramedics panic instead of over-reacting; armed military and SWAT may open fire (1-3)."""
    table = parse_table(overreaction_table, "overreaction_table", results=OVERREACTION_RESULTS)
    kind = UNIT_TYPES[_unit(unit)]
    civil = kind.firefighters or kind.paramedics
    total = (0 if civil else kind.overreaction) - outnumbered - no_support - 4 * under_gunfire - wounded \
        + crowd_outnumbered
    result = (icepool.d6 + total).map(lambda t: str(lookup(table, t)))
    outcomes = pmf((r, result.probability(r)) for r in result.outcomes())
    if civil and "overreaction" in outcomes:
        outcomes["panic"] = outcomes.get("panic", Fraction(0)) + outcomes.pop("overreaction")
    if (kind.military or kind.swat) and armed and "panic" in outcomes:
        panic = outcomes.pop("panic")
        outcomes["panic: opens fire"] = panic / 2
        outcomes["panic: runs away"] = panic / 2
    return Odds(f"Over-reaction test: {kind.name}, 1D6 {total:+d}", outcomes)


_UNIT = "CD-10 unit type: " + ", ".join(UNIT_TYPES)
_TABLE = "house rule table (CD-54): highest margin: result"
PROCEDURES = (
    OddsProcedure("fight", ("CD-51", "CD-52", "CD-53", "CD-54"),
                  "one hand-to-hand exchange, and a figure's first outcome against several rioters", (
                      Param("unit", "riot_police", _UNIT),
                      Param("opponents", 1, "rioters the figure faces (1-4)", bounds=(1, 4)),
                      Param("charging", False, "a mounted charge (CD-53 d)"),
                      Param("gas", "none", "gas on the SF figure (ignored with masks)", tuple(GAS)),
                      Param("on_ground", False, "the figure fights on the ground (-2)"),
                      Param("rioter_gas", "none", "gas on the rioter", tuple(GAS)),
                      Param("soaked", False, "the rioter is soaked (-1)"),
                      Param("fight_table", _DEFAULTS.fight_table, _TABLE)), fight),
    OddsProcedure("arrest", ("CD-52", "CD-53", "CD-54", "CD-55"),
                  "a snatch squad's arrests (each figure against its rioters)", (
                      Param("unit", "anti_riot", _UNIT),
                      Param("squad", _DEFAULTS.snatch_squad, "figures that go in (house rule snatch_squad)",
                            bounds=(1, 30)),
                      Param("opponents", 1, "rioters each figure faces (crowd at RL 7+ gangs up)", bounds=(1, 8)),
                      Param("gas", "none", "gas on the SF figures (ignored with masks)", tuple(GAS)),
                      Param("rioter_gas", "none", "gas on the rioters", tuple(GAS)),
                      Param("soaked", False, "the rioters are soaked (-1)"),
                      Param("fight_table", _DEFAULTS.fight_table, _TABLE)), arrest),
    OddsProcedure("rl-roll", ("CD-20", "CD-21", "CD-23"), "a crowd's Response Level roll", (
        Param("modifiers", 0, "the sum of the CD-21 factors (e.g. -3 visibly outnumbered, -2 soaked)",
              bounds=(-20, 20)),
        Param("current", 5, "the crowd's RL before the roll", bounds=(RL_MIN, RL_MAX)),
        Param("rl_roll", _DEFAULTS.rl_roll, "house rule (CD-20): the score becomes the RL or moves it",
              ("absolute", "relative"))), rl_roll),
    OddsProcedure("over-reaction", ("CD-62", "CD-63", "CD-64", "CD-65"), "an SF unit's over-reaction test", (
        Param("unit", "patrol", _UNIT), Param("outnumbered", False, "outnumbered more than 3-1 (-1)"),
        Param("no_support", False, "no supporting unit in sight (-1)"),
        Param("under_gunfire", False, "under gunfire (-4)"),
        Param("wounded", 0, "members wounded this turn", bounds=(0, 30)),
        Param("crowd_outnumbered", False, "the crowd is outnumbered by the SF (+1)"),
        Param("armed", True, "military or SWAT with firearms may open fire on panic (CD-65)"),
        Param("overreaction_table", _DEFAULTS.overreaction_table, "house rule table (CD-64)")),
        overreaction),
)


def action_odds(view: dict[str, Any], house: Options) -> dict[str, Chance]:
    """The odds beside an SF player's orders to send a snatch squad into a crowd or to charge it
    (CD-51..55), from his view and the house rules only: the unit's type and fit figures, the
    crowd's figures and RL as he knows them, the gas clouds he sees. Rioters soaked by a water
    cannon (CD-53, -1) are not in his view, so they are not counted. The squad goes in when it
    reaches the crowd (CD-12 step 4): the odds are those of going in as things stand.
    """
    state = view["state"]
    units = {u["id"]: u for u in state.get("units", ())}
    crowds = {c["id"]: c for c in state.get("crowds", ())}
    clouds = state.get("gas", ())
    out: dict[str, Chance] = {}
    for action in view["legal_actions"]:
        parts = action["id"].split(":")
        if len(parts) != 4 or parts[0] != "order" or parts[2] not in ("arrest", "charge"):
            continue
        unit, crowd = units.get(parts[1]), crowds.get(parts[3])
        if unit is None or crowd is None or unit["type"] not in UNIT_TYPES:
            continue
        squad = min(unit["fit"], house.snatch_squad)
        if squad == 0 or crowd["figures"] == 0:
            continue
        # CD-52: a crowd at RL 7+ gangs up on the figures that go in, up to 4 on 1
        opponents = max(1, min(4, crowd["figures"] // squad)) if crowd["rl"] >= 7 else 1
        gas, rioter_gas = _gas_at(clouds, unit), _gas_at(clouds, crowd)
        table = house.fight_table
        if parts[2] == "arrest":
            odds = arrest(unit["type"], squad, opponents, gas, rioter_gas, fight_table=table)
            some = 1 - odds.outcomes.get("0 arrest(s)", Fraction(0))
            out[action["id"]] = Chance(some, f"{percent(some)} at least one arrest, "
                                             f"{float(odds.figures['expected arrests']):.1f} expected "
                                             f"({squad} go in, {opponents} rioter(s) each)")
        else:
            odds = fight(unit["type"], opponents, True, gas, rioter_gas=rioter_gas, fight_table=table)
            first = "a figure's first outcome: "
            wins = sum((p for k, p in odds.figures.items() if k.startswith(first + "wins")), Fraction(0))
            beaten = odds.figures.get(first + "beaten", Fraction(0))
            out[action["id"]] = Chance(wins, f"each of {squad} figures: {percent(wins)} wins, "
                                             f"{percent(beaten)} beaten ({opponents} rioter(s) each)")
    return out


def _gas_at(clouds: Any, where: dict[str, Any]) -> str:
    """CD-22/53: the strongest gas cloud the seat sees over a piece (inches on the town plan)."""
    kinds = {c["kind"] for c in clouds if math.hypot(c["x"] - where["x"], c["y"] - where["y"]) <= c["radius"]}
    return "cs" if "cs" in kinds else ("tear" if kinds else "none")
