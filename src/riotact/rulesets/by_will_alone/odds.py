"""Exact confrontation odds (BWA-31..33, 44), computed with icepool.

A side's dice are given as :class:`DiceGroup` s: how many dice score against
which morale check number, with which total modifier (BWA-34). A die scores on
a natural 6, never on a natural 1, else when face + modifier reaches the target
(BWA-32). The result is the probability of each result band of BWA-44/45:

>>> odds = confrontation_odds([DiceGroup(4, 4)], [DiceGroup(2, 4)])
>>> round(float(odds["first 2+"]), 4), round(float(sum(odds.values())), 4)
(0.2031, 1.0)

The laboratory's odds procedures (``riotact odds by-will-alone ...``) and the odds beside a seat's
decisions (``action_odds``) are built on them:

>>> result = confrontation(first="veteran,trained", second="reliable,reliable")
>>> round(float(sum(result.outcomes.values())), 6)
1.0
>>> accidental_attack(morale="wavering", modifiers=0).outcomes["shoots"]
Fraction(1, 12)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import icepool

from riotact.core.odds import Chance, Odds, OddsError, OddsProcedure, Param, percent, pmf

from .options import Options
from .tables import (
    ACCIDENT_BASE,
    ACCIDENT_ENVELOPED,
    ACCIDENT_FRATERNIZING,
    ACCIDENT_PARTYING,
    ACCIDENT_TOUCHING_SHOT,
    ACTIONS,
    AUTHORITY,
    BARRICADE_MULTIPLIER,
    CONDITION_MULTIPLIER,
    COUNTRY_MODIFIER,
    ENVELOPE_MULTIPLIER,
    FOOD_MODIFIER,
    FORCE_MULTIPLIER,
    HOUSING_MULTIPLIER,
    LANGUAGE_MODIFIER,
    MORALE_NUMBER,
    NO_COMMANDER_TOUCHING_MODIFIER,
    NONVIOLENT,
    QUALITY_NAMES,
    REACTIONS,
    REGION_MODIFIER,
    compare_points,
)

BANDS = ("first 4+", "first 3+", "first 2+", "hold", "second 2+", "second 3+", "second 4+")


@dataclass(frozen=True)
class DiceGroup:
    dice: int
    target: int
    modifier: int = 0


@cache
def score_die(target: int, modifier: int) -> icepool.Die:
    """BWA-32: one confrontation die as 1 point or 0."""
    return icepool.d6.map(lambda f: 1 if f == 6 or (f != 1 and f + modifier >= target) else 0)


def points(groups: list[DiceGroup] | tuple[DiceGroup, ...]) -> icepool.Die:
    """The distribution of a side's total points."""
    total: icepool.Die = icepool.Die([0])
    for g in groups:
        if g.dice:
            total = total + (g.dice @ score_die(g.target, g.modifier))
    return total


def band(first: int, second: int, zero_counts_as: int = 4) -> str:
    """The BWA-44 result band for two point totals."""
    sign, _, row = compare_points(first, second, zero_counts_as)
    if sign == 0 or row < 2:
        return "hold"
    return f"{'first' if sign > 0 else 'second'} {row}+"


def confrontation_odds(first: list[DiceGroup], second: list[DiceGroup], *,
                       zero_counts_as: int = 4) -> dict[str, Fraction]:
    """Exact probability of each result band (keys of :data:`BANDS`)."""
    outcome = icepool.map(lambda a, b: band(a, b, zero_counts_as), points(first), points(second))
    return {b: Fraction(outcome.probability(b)) for b in BANDS}


#: BWA-03: every quality or reliability name (either side) -> its morale check number.
MORALE_BY_NAME = {name.lower(): MORALE_NUMBER[level]
                  for names in QUALITY_NAMES.values() for level, name in enumerate(names)}
CONDITIONS = ("none", *CONDITION_MULTIPLIER)
#: The most dice one side of a confrontation may roll here: four 60-stand units at a multiplier of
#: 1, or one at 4. Exact odds of thousands of dice are not a question of play and would not finish.
MAX_DICE = 240


def stands(text: str, side: str) -> list[int]:
    """Morale numbers of a side's stands: ``veteran,2*trained`` (BWA-03 names, either side's)."""
    numbers: list[int] = []
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        count, _, name = part.rpartition("*")
        if name not in MORALE_BY_NAME or (count and not count.isdigit()):
            known = ", ".join(MORALE_BY_NAME)
            raise OddsError(f"confrontation: {side}: {part!r} is not a stand; write e.g. 2*veteran,trained "
                            f"with qualities {known}")
        numbers += [MORALE_BY_NAME[name]] * min(int(count or 1), MAX_DICE + 1)
    return numbers


def _groups(numbers: list[int], dice_per_stand: int, modifier: int) -> list[DiceGroup]:
    """BWA-31/32: a side's dice, grouped by the morale number they score against."""
    return [DiceGroup(numbers.count(n) * dice_per_stand, n, modifier) for n in sorted(set(numbers))]


def confrontation(first: str = "trained,trained", second: str = "reliable,reliable",
                  first_condition: str = "none", second_condition: str = "none",
                  first_multiplier: int = 1, second_multiplier: int = 1,
                  first_modifier: int = 0, second_modifier: int = 0,
                  multipliers: str = "multiply", base_dice: int = 1, zero_counts_as: int = 4,
                  initiative: str = "first") -> Odds:
    """BWA-31..34, 43, 44: the result band of a confrontation and who holds the initiative after it."""
    sides = []
    for name, text, condition, extra, modifier in (
            ("first", first, first_condition, first_multiplier, first_modifier),
            ("second", second, second_condition, second_multiplier, second_modifier)):
        factors = [f for f in (CONDITION_MULTIPLIER.get(condition, 1), extra) if f > 1]
        combined = (max(factors) if multipliers == "highest" else math.prod(factors)) if factors else 1
        numbers = stands(text, name)
        if len(numbers) * base_dice * combined > MAX_DICE:
            raise OddsError(f"confrontation: the {name} side rolls more than {MAX_DICE} dice (stands x dice per "
                            f"stand x multipliers); at most {MAX_DICE} a side")
        sides.append((numbers, base_dice * combined, modifier))
    (a, a_dice, a_mod), (b, b_dice, b_mod) = sides
    bands = confrontation_odds(_groups(a, a_dice, a_mod), _groups(b, b_dice, b_mod),
                               zero_counts_as=zero_counts_as)
    first_wins = sum((bands[f"first {r}"] for r in ("2+", "3+", "4+")), Fraction(0))
    second_wins = sum((bands[f"second {r}"] for r in ("2+", "3+", "4+")), Fraction(0))
    below_two = 1 - first_wins - second_wins
    # BWA-02/44: under a ratio of 2 the side holding the initiative loses it; at 2+ the higher side has it
    first_after = first_wins + (below_two if initiative == "second" else 0)
    return Odds(
        f"Confrontation: first side {len(a)} stand(s), {a_dice} dice each, modifier {a_mod:+d}; "
        f"second side {len(b)} stand(s), {b_dice} dice each, modifier {b_mod:+d}",
        {band: bands[band] for band in BANDS},
        {"first side higher at 2+": first_wins, "second side higher at 2+": second_wins,
         "first side holds the initiative after": first_after},
        ("Bands are BWA-44 rows: '2+' is a ratio of 2 to 3, '4+' of 4 or more (or a lower side of 0 points).",))


def accidental_attack(morale: str = "reliable", modifiers: int = 0) -> Odds:
    """BWA-50: one authority stand's check, 2D6 + 2 + modifiers; under its morale number it shoots."""
    if morale.lower() not in MORALE_BY_NAME:
        raise OddsError(f"accidental-attack: morale {morale!r}; known: {', '.join(MORALE_BY_NAME)}")
    number = MORALE_BY_NAME[morale.lower()]
    die = icepool.map(lambda total: "shoots" if total + ACCIDENT_BASE + modifiers < number else "holds fire",
                      2 @ icepool.d6)
    outcomes = pmf((o, die.probability(o)) for o in die.outcomes())
    return Odds(f"Accidental attack check: a stand with morale number {number}, modifiers {modifiers:+d}",
                {k: outcomes.get(k, Fraction(0)) for k in ("shoots", "holds fire")})


_SIDE_HELP = "stands as BWA-03 qualities, e.g. 2*veteran,trained (nonviolent) or reliable,dedicated"
PROCEDURES = (
    OddsProcedure("confrontation", ("BWA-31", "BWA-32", "BWA-33", "BWA-34", "BWA-43", "BWA-44"),
                  "result band of a confrontation (ratio of points) and the initiative after it", (
                      Param("first", "trained,trained", _SIDE_HELP),
                      Param("second", "reliable,reliable", _SIDE_HELP),
                      Param("first_condition", "none", "BWA-43 condition multiplier", CONDITIONS),
                      Param("second_condition", "none", "BWA-43 condition multiplier", CONDITIONS),
                      Param("first_multiplier", 1, "any other multiplier (housing 3, force level, barricade "
                            "2, envelope 2)", bounds=(1, 12)),
                      Param("second_multiplier", 1, "any other multiplier", bounds=(1, 12)),
                      Param("first_modifier", 0, "BWA-34 die modifier (food +1, region -1, language -2, ...)",
                            bounds=(-6, 6)),
                      Param("second_modifier", 0, "BWA-34 die modifier", bounds=(-6, 6)),
                      Param("multipliers", "multiply", "house rule: how multipliers combine",
                            ("multiply", "highest")),
                      Param("base_dice", 1, "house rule: dice per stand before multipliers", bounds=(1, 6)),
                      Param("zero_counts_as", 4, "house rule: ratio when only the lower side scored 0", bounds=(1, 10)),
                      Param("initiative", "first", "who holds the initiative before", ("first", "second")),
                  ), confrontation),
    OddsProcedure("accidental-attack", ("BWA-50",), "one authority stand's accidental attack check", (
        Param("morale", "reliable", "the stand's reliability (wavering, reliable, dedicated)"),
        Param("modifiers", 0, "fraternizing +3, partying +2, touching stand shot -1, enveloped -2", bounds=(-12, 12)),
    ), accidental_attack),
)


# -- odds where decisions are made (core/odds.py ``action_odds``) ------------------------------
ACTIVATION_ORDERS = {verb for verb, (_, _, bonus) in ACTIONS.items() if bonus is not None}
CONFRONTING = ("confront", "disperse", "disrupt", "envelope")  # BWA-21..24: a Hold is confronted


def action_odds(view: dict[str, Any], options: Options) -> dict[str, Chance]:
    """The odds beside a seat's orders and reactions, from its view and the house rules only.

    An order or reaction that needs activation (BWA-18) shows the chance that it activates. A Hold
    in reaction to a Confront, Disperse, Disrupt or Envelope (BWA-27) shows the confrontation that
    follows (BWA-31..34, 43, 44, with the accidental attack checks of BWA-50/51) and who holds the
    initiative after it (BWA-02/44), when the seat's view holds every factor (an unsighted
    commander's level of violence is not in it: then no odds are shown).
    """
    state = view["state"]
    prompt = state["prompt"] or {}
    units = {u["id"]: u for u in state["units"] if "id" in u}
    out: dict[str, Chance] = {}
    for action in view["legal_actions"]:
        parts = action["id"].split(":")
        unit, bonus = None, None
        if prompt.get("kind") == "orders" and len(parts) >= 2 and parts[1] in ACTIVATION_ORDERS:
            unit, bonus = units.get(parts[0]), ACTIONS[parts[1]][2]
        elif prompt.get("kind") == "react" and parts[0] == "react":
            unit, bonus = units.get(prompt["target"]), REACTIONS[parts[1]][1]
            actor = units.get(prompt.get("unit", ""))
            if parts[1] == "hold" and actor is not None and unit is not None and prompt["verb"] in CONFRONTING:
                chance = _hold(state, options, actor, unit, prompt["verb"])
                if chance is not None:
                    out[action["id"]] = chance
        if unit is not None and bonus is not None and unit["stands"]:
            p = _activation(unit, bonus)
            if p < 1:
                out[action["id"]] = Chance(p, f"activation {percent(p)} (BWA-18)")
    return out


def _activation(unit: dict[str, Any], bonus: int) -> Fraction:
    """BWA-18: 1D6 + bonus against the unit's morale number (its commander's, else its best stand's)."""
    commander = [s["morale"] for s in unit["stands"] if s["commander"]]
    number = commander[0] if commander else min(s["morale"] for s in unit["stands"])
    return Fraction(sum(face + bonus >= number for face in range(1, 7)), 6)


def _hold(state: dict[str, Any], options: Options, actor: dict[str, Any], target: dict[str, Any],
          verb: str) -> Chance | None:
    """The confrontation after a Hold: the actor attacks (offensive), the target defends."""
    levels = state["levels"]
    if any(u["side"] == AUTHORITY and u["group"] not in levels for u in (actor, target)):
        return None  # an unsighted commander's level of violence is not the seat's to know
    enveloping = {u["enveloping"]: u["feature"] for u in state["units"] if u.get("enveloping")}
    if verb == "envelope":
        enveloping[target["id"]] = target["feature"]  # BWA-22: the actor envelops, then confronts

    def enveloped(u: dict[str, Any]) -> bool:
        return enveloping.get(u["id"]) == u["feature"]

    kinds = {f["id"]: f["kind"] for f in state["map"]["features"]}
    auth = actor if actor["side"] == AUTHORITY else target
    other_side = target if auth is actor else actor
    bands: dict[str, Fraction] = dict.fromkeys(BANDS, Fraction(0))
    for shooters, p in _shooters(options, auth, other_side, enveloped(auth), actor["side"] != target["side"]):
        sides = []
        for unit, opponent, offensive in ((actor, target, True), (target, actor, False)):
            dice: dict[int, int] = {}
            for stand in unit["stands"]:
                factors = _multipliers(options, levels, kinds, unit, opponent, offensive=offensive,
                                       shooting=unit is auth and stand["id"] in shooters,
                                       opponent_enveloped=enveloped(opponent))
                combined = (max(factors) if options.multipliers == "highest" else math.prod(factors)) \
                    if factors else 1
                dice[stand["morale"]] = dice.get(stand["morale"], 0) + options.base_dice * combined
            modifier = _dice_modifier(unit, opponent)
            sides.append([DiceGroup(n, number, modifier) for number, n in sorted(dice.items())])
        for name, q in confrontation_odds(sides[0], sides[1],
                                          zero_counts_as=options.zero_points_counts_as).items():
            bands[name] += p * q
    ours = sum((bands[f"second {r}"] for r in ("2+", "3+", "4+")), Fraction(0))
    theirs = sum((bands[f"first {r}"] for r in ("2+", "3+", "4+")), Fraction(0))
    # BWA-02/44: under 2 the side holding the initiative loses it; at 2+ the higher side has it
    holding = state["initiative"] == target["side"]
    initiative = ours + (0 if holding else 1 - ours - theirs)
    return Chance(ours, f"confrontation: {percent(ours)} you win at 2+, {percent(theirs)} they do; "
                        f"{percent(initiative)} your side has the initiative after (BWA-44)")


def _multipliers(options: Options, levels: dict[str, int], kinds: dict[str, str], unit: dict[str, Any],
                 opponent: dict[str, Any], *, offensive: bool, shooting: bool, opponent_enveloped: bool) -> list[int]:
    """BWA-43 (and BWA-22, 48, 51, 53): the multipliers of one stand's dice, as ``rules.combat.multipliers``."""
    out = []
    if unit["side"] == NONVIOLENT:
        if unit["condition"]:
            out.append(CONDITION_MULTIPLIER[unit["condition"]])
        if kinds.get(unit["feature"]) == "housing":
            out.append(HOUSING_MULTIPLIER)
    else:
        level = unit["weapons"] if shooting else min(levels.get(unit["group"], 1), unit["weapons"])
        out.append(FORCE_MULTIPLIER[level])
    if options.envelope_gives_multiplier and opponent_enveloped:
        out.append(ENVELOPE_MULTIPLIER)
    if not offensive and unit["behind_barricade"]:
        out.append(BARRICADE_MULTIPLIER)
    return [f for f in out if f > 1]


def _dice_modifier(unit: dict[str, Any], opponent: dict[str, Any]) -> int:
    """BWA-34, as ``rules.combat.dice_modifiers``, from the traits a sighted unit shows."""
    total = 0
    if unit["side"] == NONVIOLENT and opponent["side"] == AUTHORITY:
        mine, theirs = unit["traits"], opponent["traits"]
        total += FOOD_MODIFIER if mine["food"] and not theirs["fed"] else 0
        if mine["country"] != theirs["country"]:
            total += COUNTRY_MODIFIER
        elif mine["region"] != theirs["region"]:
            total += REGION_MODIFIER
        total += LANGUAGE_MODIFIER if mine["language"] != theirs["language"] else 0
    if unit["side"] == AUTHORITY and opponent["traits"]["led"] and not any(s["commander"] for s in opponent["stands"]):
        total += NO_COMMANDER_TOUCHING_MODIFIER
    return total


def _shooters(options: Options, auth: dict[str, Any], target: dict[str, Any], auth_enveloped: bool,
              opposed: bool) -> list[tuple[frozenset[str], Fraction]]:
    """BWA-50: each authority stand's accidental attack check in turn (2D6 + 2 + modifiers under its
    morale number shoots; -1 once a touching stand has shot): every set of shooters and its chance."""
    if not options.accidental_attacks or not opposed:
        return [(frozenset(), Fraction(1))]
    base = ACCIDENT_BASE + {"fraternizing": ACCIDENT_FRATERNIZING, "partying": ACCIDENT_PARTYING}.get(
        target["condition"] or "", 0) + (ACCIDENT_ENVELOPED if auth_enveloped else 0)
    two_d6 = 2 @ icepool.d6
    paths: list[tuple[frozenset[str], Fraction]] = [(frozenset(), Fraction(1))]
    for stand in auth["stands"]:
        grown = []
        for shot, p in paths:
            modifier = base + (ACCIDENT_TOUCHING_SHOT if shot else 0)
            shoots = Fraction(two_d6.probability("<", stand["morale"] - modifier))
            grown += [(shot | {stand["id"]}, p * shoots), (shot, p * (1 - shoots))]
        paths = [(s, p) for s, p in grown if p]
    return paths
