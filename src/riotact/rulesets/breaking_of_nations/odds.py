"""Exact odds (icepool) of The Breaking of Nations' chance procedures (``riotact odds breaking-of-nations
...``): a fire attack against a squad (rifles, LMG, MG salvo), artillery direct fire, one close-combat
exchange, a glory test and the panic spread. The target numbers are built from the charts exactly as the
engine builds them (tests/breaking_of_nations/test_bon_fire_odds.py plays seeded games to check).

>>> fire(shots=6, tn=5).figures["chance a shot hits"]
Fraction(2, 3)
>>> glory_test(gl=4, triggers=1).outcomes
{'GL 4+': Fraction(1, 3), 'GL 5+': Fraction(2, 3)}
>>> panic(level="green", soldiers=1).outcomes["1 of 1 flee"]
Fraction(1, 6)
"""

from __future__ import annotations

from fractions import Fraction

import icepool

from riotact.core.odds import Odds, OddsError, OddsProcedure, Param

from .glory import PANIC_GL
from .ordnance import AMMUNITION, GUNS, SIZE_DICE
from .tables import (
    ARMOUR,
    CC_CRITICAL_HIT,
    CC_CRITICAL_MISS,
    CRITICAL_RANGED,
    LEVELS,
    RANGE_MOD,
    REACTIONS,
    STATS,
    WEAPONS,
    reaction,
)

BANDS = ("short", "medium", "long", "none")
FORMATION_DS = {"open": None, "closed": None, "mass": 1, "square": None}


def defence(level: str, armour: str, formation: str = "open") -> int:
    """BON-025: experience DS (1 in Mass, BON-021) plus armour (BON-106)."""
    base = FORMATION_DS.get(formation) or STATS[level].ds
    return base + ARMOUR[armour].ds


def ranged_tn(target: str, armour: str, formation: str, cover: int, band: str, firer: str,
              horseback: bool = False, charging_cluster: bool = False) -> int:
    """BON-025 / BON-030 / BON-113: DS + armour + CV + range + the firer's experience (+1 on horseback,
    -1 at a charging cluster); ``band`` "none" for artillery's single range figure (BON-108 gap)."""
    return (defence(target, armour, formation) + cover + (RANGE_MOD[band] if band != "none" else 0)
            + STATS[firer].fire_mod + int(horseback) - int(charging_cluster))


def d12_hit(tn: int) -> icepool.Die:
    """BON-025 / BON-026: 1 if the d12 meets the TN or shows a natural 12 (always a hit), else 0."""
    return icepool.d12.map(lambda f: int(f == CRITICAL_RANGED or f >= tn))


def _check(**bounds: tuple[str, int, int, int]) -> None:
    for name, (proc, value, low, high) in bounds.items():
        if not low <= value <= high:
            raise OddsError(f"{proc}: {name} must be from {low} to {high}, got {value}")


def fire(shots: int = 9, models: int = 9, tn: int = 0, target: str = "regular", armour: str = "minimal",
         formation: str = "open", cover: int = 0, band: str = "medium", firer: str = "regular",
         horseback: bool = False, charging_cluster: bool = False) -> Odds:
    """BON-025..030: ``shots`` d12s at a squad of ``models``; hits go one per model (BON-029 gap), the
    surplus to the Great Equalizer; infantry fall to any hit (BON-009). ``tn`` > 0 overrides the chart."""
    _check(shots=("fire", shots, 1, 60), models=("fire", models, 1, 30))
    need = tn or ranged_tn(target, armour, formation, cover, band, firer, horseback, charging_cluster)
    hits = shots @ d12_hit(need)
    per_shot = Fraction(d12_hit(need).probability(1))
    removed = hits.map(lambda h: min(h, models))
    outcomes = {f"{k} hit": Fraction(removed.probability(k)) for k in range(models + 1) if removed.probability(k)}
    crit = 1 - Fraction(11, 12) ** shots
    return Odds(f"Fire: {shots} shot(s) at TN {need} against {models} model(s)", outcomes, {
        "chance a shot hits": per_shot,
        "expected models hit (removed, save heroes' hit location)": sum(
            (k * Fraction(removed.probability(k)) for k in removed.outcomes()), Fraction(0)),
        "expected extra hits for the Great Equalizer": sum(
            (max(0, k - models) * Fraction(hits.probability(k)) for k in hits.outcomes()), Fraction(0)),
        "chance of at least one bloody death (natural 12)": crit,
    }, (f"TN {need}: a natural 12 always hits (BON-026); an LMG firing is 3 shots (BON-063), an MG salvo "
        "6 (BON-074).",))


def artillery(piece: str = "howitzer", ammunition: str = "shell", models: int = 10, target: str = "regular",
              armour: str = "minimal", cover: int = 0) -> Odds:
    """BON-068: a piece's 2/3/4 d12, each against up to two models in turn, TN = DS + CV + Green +1."""
    if piece not in GUNS or ammunition not in AMMUNITION:
        raise OddsError(f"artillery: piece is one of {', '.join(GUNS)}; ammunition shell or shrapnel")
    _check(models=("artillery", models, 1, 30))
    gun = GUNS[piece]
    need = ranged_tn(target, armour, "open", cover, "none", "green")
    hit = d12_hit(need)
    total = icepool.Die([0])
    for i in range(SIZE_DICE[gun.size]):
        weight = min(2, max(0, models - 2 * i))
        total = total + hit.map(lambda h, w=weight: h * w)
    outcomes = {f"{k} hit": Fraction(total.probability(k)) for k in total.outcomes()}
    return Odds(f"Artillery: a {gun.name} ({gun.size}, {SIZE_DICE[gun.size]}D12) firing "
                f"{AMMUNITION[ammunition].name} at {models} model(s), TN {need}", outcomes, {
                    "damage per hit": Fraction(gun.damage(AMMUNITION[ammunition])),
                    "expected models hit": sum((k * p for k, p in ((k, Fraction(total.probability(k)))
                                                                   for k in total.outcomes())), Fraction(0))})


def _strike(tn: int, reroll: bool) -> dict[str, Fraction]:
    """BON-032..034 / BON-054: a D6 strike; with a close-combat weapon the die is rerolled when not a
    critical hit and the higher kept (house rule cc_reroll, default)."""
    faces: dict[int, Fraction] = {f: Fraction(1, 6) for f in range(1, 7)}
    if reroll:
        kept: dict[int, Fraction] = {}
        for f in range(1, 7):
            for g in range(1, 7) if f < CC_CRITICAL_HIT else (f,):
                k = max(f, g)
                kept[k] = kept.get(k, Fraction(0)) + Fraction(1, 6) * (Fraction(1, 6) if f < CC_CRITICAL_HIT else 1)
        faces = kept
    out = {"critical hit": Fraction(0), "hit": Fraction(0), "miss": Fraction(0), "critical miss": Fraction(0)}
    for f, p in faces.items():
        key = ("critical hit" if f >= CC_CRITICAL_HIT else "critical miss" if f <= CC_CRITICAL_MISS
               else "hit" if f >= tn else "miss")
        out[key] += p
    return out


def close_combat(attacker: str = "regular", defender: str = "regular", attacker_armour: str = "minimal",
                 defender_armour: str = "minimal", attacker_weapon: bool = False, defender_weapon: bool = False,
                 trench: bool = False, attacker_mod: int = 0, defender_mod: int = 0) -> Odds:
    """BON-032: one attacker and one defender in base contact, alone, both rolling once; TN = the
    target's DS + armour + situation (BON-114 sums as ``*_mod``: Square, uphill, cover +1, facing away
    -1; trench +1 for the defender, -1 for the attacker, BON-035) - the striker's CS. A critical miss hits
    nobody when nobody else is in contact (BON-034)."""
    t_on_def = defence(defender, defender_armour) + (1 if trench else 0) + defender_mod - STATS[attacker].cs
    t_on_att = defence(attacker, attacker_armour) + (-1 if trench else 0) + attacker_mod - STATS[defender].cs
    a = _strike(t_on_def, attacker_weapon)
    d = _strike(t_on_att, defender_weapon)
    pa = a["critical hit"] + a["hit"]
    pd = d["critical hit"] + d["hit"]
    outcomes = {"neither falls": (1 - pa) * (1 - pd), "the defender falls": pa * (1 - pd),
                "the attacker falls": (1 - pa) * pd, "both fall": pa * pd}
    figures = {f"attacker's strike: {k}": v for k, v in a.items()}
    figures.update({f"defender's strike: {k}": v for k, v in d.items()})
    return Odds(f"Close combat: {attacker} (TN {t_on_def}) against {defender} (TN {t_on_att})", outcomes, figures)


def glory_test(gl: int = 4, triggers: int = 1, per_trigger: bool = True) -> Odds:
    """BON-036..038: each trigger raises GL by 1; at 7 the unit panics at once; otherwise in its next
    Orders step it rolls a D6 per trigger (house rule glory_test_per_trigger) and each roll of GL or more
    takes 1 away."""
    _check(gl=("glory-test", gl, 1, 7), triggers=("glory-test", triggers, 0, 7))
    start = gl + triggers
    if start >= PANIC_GL:
        return Odds(f"Glory test: GL {gl}+ and {triggers} trigger(s)", {"panics": Fraction(1)})
    dist: dict[int, Fraction] = {start: Fraction(1)}
    for _ in range(triggers if per_trigger else min(triggers, 1)):
        nxt: dict[int, Fraction] = {}
        for g, p in dist.items():
            passed = Fraction(max(0, 7 - g), 6)
            nxt[g - 1] = nxt.get(g - 1, Fraction(0)) + p * passed
            nxt[g] = nxt.get(g, Fraction(0)) + p * (1 - passed)
        dist = nxt
    return Odds(f"Glory test: GL {gl}+ and {triggers} trigger(s)",
                {f"GL {g}+": p for g, p in sorted(dist.items()) if p})


def panic(level: str = "regular", soldiers: int = 10) -> Odds:
    """BON-038 / BON-039 / BON-111: every soldier of a unit reaching GL 7 rolls his own reaction."""
    if level not in STATS:
        raise OddsError(f"panic: level is one of {', '.join(LEVELS)}")
    _check(soldiers=("panic", soldiers, 1, 30))
    per = {r: Fraction(sum(1 for f in range(1, 7) if reaction(level, f) == r), 6)
           for r in dict.fromkeys(REACTIONS["low"] + REACTIONS["regular"] + REACTIONS["high"])}
    per = {r: p for r, p in per.items() if p}
    flee = soldiers @ icepool.d6.map(lambda f: int(reaction(level, f) == "flee"))
    outcomes = {f"{k} of {soldiers} flee": Fraction(flee.probability(k)) for k in flee.outcomes()}
    figures = {f"chance a soldier reacts: {r.replace('_', ' ')}": p for r, p in per.items()}
    figures.update({f"expected {r.replace('_', ' ')}": soldiers * p for r, p in per.items()})
    return Odds(f"Panic: {soldiers} {STATS[level].name} soldier(s) roll their reactions", outcomes, figures)


_LEVEL = f"experience level: {', '.join(LEVELS)}"
_ARMOUR = f"armour: {', '.join(ARMOUR)}"
PROCEDURES = (
    OddsProcedure("fire", ("BON-025", "BON-026", "BON-029", "BON-030", "BON-063", "BON-074", "BON-113"),
                  "a fire attack on a squad: hits and removals", (
                      Param("shots", 9, f"d12s rolled (rifle 1 a firer, LMG {WEAPONS['lmg'].shots}, "
                                        f"MG salvo {WEAPONS['mg'].shots})"),
                      Param("models", 9, "models of the target unit that may be hit"),
                      Param("tn", 0, "a TN of your own (0: build it from the charts)"),
                      Param("target", "regular", _LEVEL, LEVELS), Param("armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("formation", "open", "the target's formation", tuple(FORMATION_DS)),
                      Param("cover", 0, "the highest CV in the way (trench 12, brick wall 9...)"),
                      Param("band", "medium", "range band", BANDS[:3]),
                      Param("firer", "regular", _LEVEL, LEVELS), Param("horseback", False, "the firer is mounted"),
                      Param("charging_cluster", False, "the target charges in Closed or Mass")), fire),
    OddsProcedure("artillery", ("BON-067", "BON-068", "BON-073", "BON-108"),
                  "a piece's direct fire (or a shell's marker) on a squad", (
                      Param("piece", "howitzer", f"one of {', '.join(GUNS)}", tuple(GUNS)),
                      Param("ammunition", "shell", "shell or shrapnel", tuple(AMMUNITION)),
                      Param("models", 10, "models in reach (or under the marker)"),
                      Param("target", "regular", _LEVEL, LEVELS), Param("armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("cover", 0, "CV")), artillery),
    OddsProcedure("close-combat", ("BON-032", "BON-033", "BON-034", "BON-035", "BON-054", "BON-114"),
                  "one close-combat exchange between two men in base contact", (
                      Param("attacker", "regular", _LEVEL, LEVELS), Param("defender", "regular", _LEVEL, LEVELS),
                      Param("attacker_armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("defender_armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("attacker_weapon", False, "the attacker has a close-combat weapon (reroll)"),
                      Param("defender_weapon", False, "the defender has a close-combat weapon (reroll)"),
                      Param("trench", False, "the defender holds a trench the attacker assaults"),
                      Param("attacker_mod", 0, "BON-114 situation of the attacker (+1 Square/uphill/cover...)"),
                      Param("defender_mod", 0, "BON-114 situation of the defender")), close_combat),
    OddsProcedure("glory-test", ("BON-036", "BON-037", "BON-038"), "a unit's glory tests after its triggers", (
        Param("gl", 4, "the unit's GL before the triggers (Regular 4)"),
        Param("triggers", 1, "distinct triggers since its last Orders step"),
        Param("per_trigger", True, "house rule glory_test_per_trigger")), glory_test),
    OddsProcedure("panic", ("BON-038", "BON-039", "BON-111"), "the panic spread through a unit at GL 7", (
        Param("level", "regular", _LEVEL, LEVELS), Param("soldiers", 10, "soldiers who roll")), panic),
)
