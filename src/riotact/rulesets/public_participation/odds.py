"""Exact odds of the playsheet's procedures with icepool: a shot (to hit, effect, save), a fighting
round and a morale throw. The totals' modifiers are given; the tables are the rules' own.

>>> float(hit_chance(0, 4))
0.5
>>> shot = shot_odds(modifier=0, need=4, sdd=-1)
>>> round(float(shot["miss"] + sum(v for k, v in shot.items() if k != "miss")), 6)
1.0
>>> {k: str(v) for k, v in morale_odds("heroes", 0).items()}
{'Controlled': '2/3', 'Shaken': '1/3', 'Terrified': '0'}
"""

from __future__ import annotations

from fractions import Fraction

import icepool

from riotact.core.odds import Odds, OddsError, OddsProcedure, Param

from . import tables as T

SAVE_OUTCOMES = ("superficial", "hurt", "stunned", "LI", "BI", "DI", "AD")


def hit_chance(modifier: int, need: int) -> Fraction:
    """PP-10: D6 + F reaching the score needed."""
    return Fraction((icepool.d6 + modifier >= need).probability(True))


def effect_odds(coup_de_grace: bool = False) -> dict[str, Fraction]:
    """PP-12: Flinches, Staggers or Downed (+2 for a coup de grace)."""
    die = (icepool.d6 + (2 if coup_de_grace else 0)).map(T.hit_effect)
    return {r: Fraction(die.probability(r)) for r in ("Flinches", "Staggers", "Downed")}


def save_odds(result: str, table: str, sdd: int) -> dict[str, Fraction]:
    """PP-30/31/33: the outcome of the saving throw on a table's row."""
    judge = T.piercing_save if table == "piercing" else T.bludgeoning_save
    die = (icepool.d6 + sdd).map(lambda t: judge(result, t))
    return {o: Fraction(die.probability(o)) for o in SAVE_OUTCOMES if die.probability(o)}


def shot_odds(*, modifier: int, need: int, sdd: int, coup_de_grace: bool = False,
              table: str = "piercing") -> dict[str, Fraction]:
    """One shot: ``miss`` or the save's outcome (PP-10, PP-12, PP-13, PP-31)."""
    hit = hit_chance(modifier, need)
    out: dict[str, Fraction] = {"miss": 1 - hit}
    for result, p in effect_odds(coup_de_grace).items():
        for outcome, q in save_odds(result, table, sdd).items():
            out[outcome] = out.get(outcome, Fraction(0)) + hit * p * q
    return out


def fight_odds(mine: int, theirs: int, table: str = "first", *, group: int = 1) -> dict[str, Fraction]:
    """PP-21/23/24: the result one side reads in a round; ``group`` dice averaged (down) +N at N to one."""
    own = icepool.d6 + mine if group == 1 else (group @ icepool.d6).map(lambda s: s // group) + group + mine
    diff = own - (icepool.d6 + theirs)
    judged = diff.map(lambda d: T.fight_result(d, table))
    names = ("unscathed", "drawn", "Flinches", "Staggers", "Downed")
    return {n: Fraction(judged.probability(n)) for n in names}


def morale_odds(morale_class: str, modifier: int) -> dict[str, Fraction]:
    """PP-39: the band of D6 + ADT + factors for a class."""
    judged = (icepool.d6 + modifier).map(lambda t: T.morale_band(morale_class, t))
    return {band: Fraction(judged.probability(band)) for band, _ in T.MORALE_BANDS[morale_class]}


def _in_range(procedure: str, **bounds: tuple[int, int, int]) -> None:
    for name, (value, low, high) in bounds.items():
        if not low <= value <= high:
            raise OddsError(f"{procedure}: {name} must be from {low} to {high}; got {value}")


def shot(modifier: int = 0, need: int = 4, sdd: int = 0, coup_de_grace: bool = False,
         table: str = "piercing") -> Odds:
    """`riotact odds public-participation shot`: one shot's hit, effect and save (PP-10..13, PP-30/31)."""
    _in_range("shot", modifier=(modifier, -12, 12), need=(need, 1, 12), sdd=(sdd, -6, 6))
    return Odds(f"One shot: D6 {modifier:+d} against {need}, save {sdd:+d} on the {table} table",
                shot_odds(modifier=modifier, need=need, sdd=sdd, coup_de_grace=coup_de_grace, table=table),
                {"chance to hit": hit_chance(modifier, need)})


def fight(mine: int = 0, theirs: int = 0, table: str = "first", group: int = 1) -> Odds:
    """`riotact odds public-participation fight`: the result one side reads in a fighting round."""
    _in_range("fight", mine=(mine, -12, 12), theirs=(theirs, -12, 12), group=(group, 1, 6))
    side = "one fighter" if group == 1 else f"a group of {group}"
    return Odds(f"A fighting round ({table}): {side} at {mine:+d} against {theirs:+d}",
                {k: v for k, v in fight_odds(mine, theirs, table, group=group).items() if v})


def morale(morale_class: str = "normal", modifier: int = 0) -> Odds:
    """`riotact odds public-participation morale`: the band a morale throw lands in (PP-39)."""
    _in_range("morale", modifier=(modifier, -12, 12))
    return Odds(f"A {morale_class} character's morale throw, D6 {modifier:+d}",
                {k: v for k, v in morale_odds(morale_class, modifier).items() if v})


PROCEDURES = (
    OddsProcedure("shot", ("PP-10", "PP-11", "PP-12", "PP-13", "PP-30", "PP-31"),
                  "one shot: chance to hit, then the effect and the saving throw's outcome",
                  (Param("modifier", 0, "F, the sum of the firing factors (PP-11)"),
                   Param("need", 4, "the score the D6 + F must reach (PP-10)"),
                   Param("sdd", 0, "the weapon's save modifier, SDD (PP-13)"),
                   Param("coup_de_grace", False, "+2 on the effect (PP-12)"),
                   Param("table", "piercing", "the saving throw's table", ("piercing", "bludgeoning"))), shot),
    OddsProcedure("fight", ("PP-21", "PP-22", "PP-23", "PP-24"),
                  "one fighting round: the result one side reads",
                  (Param("mine", 0, "my fighting value plus factors"),
                   Param("theirs", 0, "the opponent's fighting value plus factors"),
                   Param("table", "first", "the round's table", ("first", "second")),
                   Param("group", 1, "fighters on my side against one (PP-23)")), fight),
    OddsProcedure("morale", ("PP-38", "PP-39"), "a morale throw: its band by class",
                  (Param("morale_class", "normal", "the character's morale class", tuple(T.MORALE_BANDS)),
                   Param("modifier", 0, "ADT plus the throw's factors (PP-38)")), morale),
)
