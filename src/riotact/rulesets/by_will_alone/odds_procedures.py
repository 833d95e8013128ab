"""The laboratory's By Will Alone odds procedures (``riotact odds by-will-alone ...``), built on
:mod:`.odds` (the exact confrontation bands).

>>> result = confrontation(first="veteran,trained", second="reliable,reliable")
>>> round(float(sum(result.outcomes.values())), 6)
1.0
>>> accidental_attack(morale="wavering", modifiers=0).outcomes["shoots"]
Fraction(1, 12)
"""

from __future__ import annotations

import math
from fractions import Fraction

import icepool

from riotact.core.odds import Odds, OddsError, OddsProcedure, Param, pmf

from .odds import BANDS, DiceGroup, confrontation_odds
from .tables import ACCIDENT_BASE, CONDITION_MULTIPLIER, MORALE_NUMBER, QUALITY_NAMES

#: BWA-03: every quality or reliability name (either side) -> its morale check number.
MORALE_BY_NAME = {name.lower(): MORALE_NUMBER[level]
                  for names in QUALITY_NAMES.values() for level, name in enumerate(names)}
CONDITIONS = ("none", *CONDITION_MULTIPLIER)


def stands(text: str, side: str) -> list[int]:
    """Morale numbers of a side's stands: ``veteran,2*trained`` (BWA-03 names, either side's)."""
    numbers: list[int] = []
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        count, _, name = part.rpartition("*")
        if name not in MORALE_BY_NAME or (count and not count.isdigit()):
            known = ", ".join(MORALE_BY_NAME)
            raise OddsError(f"confrontation: {side}: {part!r} is not a stand; write e.g. 2*veteran,trained "
                            f"with qualities {known}")
        numbers += [MORALE_BY_NAME[name]] * int(count or 1)
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
        sides.append((stands(text, name), base_dice * combined, modifier))
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
                            "2, envelope 2)"),
                      Param("second_multiplier", 1, "any other multiplier"),
                      Param("first_modifier", 0, "BWA-34 die modifier (food +1, region -1, language -2, ...)"),
                      Param("second_modifier", 0, "BWA-34 die modifier"),
                      Param("multipliers", "multiply", "house rule: how multipliers combine",
                            ("multiply", "highest")),
                      Param("base_dice", 1, "house rule: dice per stand before multipliers"),
                      Param("zero_counts_as", 4, "house rule: ratio when only the lower side scored 0"),
                      Param("initiative", "first", "who holds the initiative before", ("first", "second")),
                  ), confrontation),
    OddsProcedure("accidental-attack", ("BWA-50",), "one authority stand's accidental attack check", (
        Param("morale", "reliable", "the stand's reliability (wavering, reliable, dedicated)"),
        Param("modifiers", 0, "fraternizing +3, partying +2, touching stand shot -1, enveloped -2"),
    ), accidental_attack),
)
