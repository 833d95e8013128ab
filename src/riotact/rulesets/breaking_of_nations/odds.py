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

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any

import icepool
from shapely.geometry import LineString, Point, Polygon

from riotact.core.odds import Chance, Odds, OddsError, OddsProcedure, Param, percent
from riotact.tabletop import Table, bearing, beside, clock_point, in_arc

from .board import CONTACT, DOORSTEP, Ground, cover_value, terrain_feature
from .options import Options
from .rules.buildings import AT_DOOR
from .rules.combat import GRENADE_RADIUS
from .rules.glory import PANIC_GL
from .rules.ordnance import AMMUNITION, ARC, GUNS, SIZE_DICE
from .rules.wire import Cut
from .state import Soldier
from .tables import (
    ARMOUR,
    CAVALRY_CC_MOD,
    CC_CRITICAL_HIT,
    CC_CRITICAL_MISS,
    CHARGING_CLUSTER_MOD,
    CRITICAL_RANGED,
    GAITS,
    HORSEBACK_MOD,
    LEVELS,
    PIECES,
    RANGE_MOD,
    REACTIONS,
    STATS,
    TERRAIN,
    WEAPONS,
    reaction,
    ride_reach,
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


@lru_cache(maxsize=64)
def d12_hit(tn: int) -> icepool.Die:
    """BON-025 / BON-026: 1 if the d12 meets the TN or shows a natural 12 (always a hit), else 0."""
    return icepool.d12.map(lambda f: int(f == CRITICAL_RANGED or f >= tn))


def fire(shots: int = 9, models: int = 9, tn: int = 0, target: str = "regular", armour: str = "minimal",
         formation: str = "open", cover: int = 0, band: str = "medium", firer: str = "regular",
         horseback: bool = False, charging_cluster: bool = False) -> Odds:
    """BON-025..030: ``shots`` d12s at a squad of ``models``; hits go one per model (BON-029 gap), the
    surplus to the Great Equalizer; infantry fall to any hit (BON-009). ``tn`` > 0 overrides the chart."""
    need = tn or ranged_tn(target, armour, formation, cover, band, firer, horseback, charging_cluster)
    return volley([need] * shots, models, f"Fire: {shots} shot(s) at TN {need} against {models} model(s)",
                  (f"TN {need}: a natural 12 always hits (BON-026); an LMG firing is 3 shots (BON-063), an MG "
                   "salvo 6 (BON-074).",))


def volley(tns: list[int], models: int, title: str, notes: tuple[str, ...] = ()) -> Odds:
    """BON-025/026/029: one d12 per shot at its own TN; hits go one per model, the surplus to the Great
    Equalizer (``riotact odds ... fire`` and the odds beside a fire order share it)."""
    counts = sorted(Counter(tns).items())
    hits = icepool.Die([0])
    for tn, n in counts:
        hits = hits + n @ d12_hit(tn)
    removed = hits.map(lambda h: min(h, models))
    outcomes = {f"{k} hit": Fraction(removed.probability(k)) for k in range(models + 1) if removed.probability(k)}
    return Odds(title, outcomes, {
        "chance a shot hits": sum((n * Fraction(d12_hit(tn).probability(1)) for tn, n in counts),
                                  Fraction(0)) / len(tns),
        "expected models hit (removed, save heroes' hit location)": sum(
            (k * Fraction(removed.probability(k)) for k in removed.outcomes()), Fraction(0)),
        "expected extra hits for the Great Equalizer": sum(
            (max(0, k - models) * Fraction(hits.probability(k)) for k in hits.outcomes()), Fraction(0)),
        "chance of at least one bloody death (natural 12)": 1 - Fraction(11, 12) ** len(tns),
    }, notes)


def artillery(piece: str = "howitzer", ammunition: str = "shell", models: int = 10, target: str = "regular",
              armour: str = "minimal", cover: int = 0) -> Odds:
    """BON-068: a piece's 2/3/4 d12, each against up to two models in turn, TN = DS + CV + Green +1."""
    if piece not in GUNS or ammunition not in AMMUNITION:
        raise OddsError(f"artillery: piece is one of {', '.join(GUNS)}; ammunition shell or shrapnel")
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
                                        f"MG salvo {WEAPONS['mg'].shots})", bounds=(1, 60)),
                      Param("models", 9, "models of the target unit that may be hit", bounds=(1, 30)),
                      Param("tn", 0, "a TN of your own (0: build it from the charts)", bounds=(0, 30)),
                      Param("target", "regular", _LEVEL, LEVELS), Param("armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("formation", "open", "the target's formation", tuple(FORMATION_DS)),
                      Param("cover", 0, "the highest CV in the way (trench 12, brick wall 9...)", bounds=(0, 24)),
                      Param("band", "medium", "range band", BANDS[:3]),
                      Param("firer", "regular", _LEVEL, LEVELS), Param("horseback", False, "the firer is mounted"),
                      Param("charging_cluster", False, "the target charges in Closed or Mass")), fire),
    OddsProcedure("artillery", ("BON-067", "BON-068", "BON-073", "BON-108"),
                  "a piece's direct fire (or a shell's marker) on a squad", (
                      Param("piece", "howitzer", f"one of {', '.join(GUNS)}", tuple(GUNS)),
                      Param("ammunition", "shell", "shell or shrapnel", tuple(AMMUNITION)),
                      Param("models", 10, "models in reach (or under the marker)", bounds=(1, 30)),
                      Param("target", "regular", _LEVEL, LEVELS), Param("armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("cover", 0, "CV", bounds=(0, 24))), artillery),
    OddsProcedure("close-combat", ("BON-032", "BON-033", "BON-034", "BON-035", "BON-054", "BON-114"),
                  "one close-combat exchange between two men in base contact", (
                      Param("attacker", "regular", _LEVEL, LEVELS), Param("defender", "regular", _LEVEL, LEVELS),
                      Param("attacker_armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("defender_armour", "minimal", _ARMOUR, tuple(ARMOUR)),
                      Param("attacker_weapon", False, "the attacker has a close-combat weapon (reroll)"),
                      Param("defender_weapon", False, "the defender has a close-combat weapon (reroll)"),
                      Param("trench", False, "the defender holds a trench the attacker assaults"),
                      Param("attacker_mod", 0, "BON-114 situation of the attacker (+1 Square/uphill/cover...)",
                            bounds=(-12, 12)),
                      Param("defender_mod", 0, "BON-114 situation of the defender", bounds=(-12, 12))), close_combat),
    OddsProcedure("glory-test", ("BON-036", "BON-037", "BON-038"), "a unit's glory tests after its triggers", (
        Param("gl", 4, "the unit's GL before the triggers (Regular 4)", bounds=(1, 7)),
        Param("triggers", 1, "distinct triggers since its last Orders step", bounds=(0, 7)),
        Param("per_trigger", True, "house rule glory_test_per_trigger")), glory_test),
    OddsProcedure("panic", ("BON-038", "BON-039", "BON-111"), "the panic spread through a unit at GL 7", (
        Param("level", "regular", _LEVEL, LEVELS), Param("soldiers", 10, "soldiers who roll", bounds=(1, 30))), panic),
)


# -- odds where decisions are made (core/odds.py ``action_odds``) ------------------------------
NOT_RIFLES = ("cc_weapon", "grenades", "mg", "lft")  # BON-052..062: no d12 volley (the LFT's stream is not one)


def action_odds(view: dict[str, Any], house: Options) -> dict[str, Chance]:
    """The odds beside a fire order: a squad's rifles and LMGs (BON-025..030, BON-063) or an MG's salvo
    (BON-074) at an enemy unit, from the seat's view and the house rules only. Each firer aims in turn
    at the models he reaches and sees, nearest first, as the engine does; every shot's TN is built from
    what the view shows (the target's experience, armour, formation and cover, the range band, the
    firer's experience, on horseback), and the volley's hits and removals follow (:func:`volley`).

    A grenade (BON-057..060) shows the chance that it hits at least one enemy model and the men it is
    expected to hit, friends included: on target 9 times in 12, else each of the twelve directions and
    D3 inches of the deviation, the models the seat sees under the 2" marker wherever it lands, and the
    two D12 against two models each at the firing TN without cover (BON-058).

    A piece's direct fire (BON-067, BON-068, BON-108) shows the chance of at least one hit and the
    models expected to be hit: its 2, 3 or 4 D12, each against up to two models in reach, arc and
    sight, nearest first (all at a piece or vehicle among them), at DS + CV + the Green crew's +1.

    Close combat (BON-032..035, BON-054, BON-083, BON-086, BON-114) shows the chance that at least one
    enemy model in contact is struck and the men expected to be struck on each side, every striker's
    die at the TN built as ``combat.cc_tn`` builds it (the close-combat weapon's reroll included); a
    critical miss's wild blow (BON-034) hits one of the others touching the striker or his foe at
    random, and that share is counted on each of them.

    A charge (BON-017) moves the men as the engine would (double SP, straight at the nearest model, as
    far as the ground allows) and shows how many reach contact and the close combat that follows, the
    chargers charging (BON-020). Indirect fire (``lob``, BON-069/070/073/077) weighs every placement,
    deviation distance and clock direction of the round and the models under the marker; a fight
    through a door or window (BON-096) shows its two a side at TN +2; fire at a building's walls
    (BON-093) its hits, DP and fall; bashing a door (BON-095) the best basher's D6; activating a unit
    that owes glory tests (BON-037) the chance its GL comes down, and an MG without its ammunition
    crewman the chance it runs out (BON-076); a vehicle's move over rough ground its breakdown roll
    (BON-109).

    Fire, grenades, close combat, charges and indirect fire are shown only where the view holds every
    factor: not when a model of either unit is inside a building (windows, floors and their firers are
    the building's rules, BON-090..101), when fire crosses heights (BON-097/101), or when a building has
    fallen (rubble, BON-093). Not counted: counter-attacks (BON-028: each turns on which hit lands on
    whom first), a flame thrower's stream among the firers (BON-061), whom the Great Equalizer's extra
    hits strike (BON-029: their number is shown), a natural 12 through a wall (BON-093), and the men a
    seat cannot see.
    """
    st = view["state"]
    units = {u["id"]: u for u in st["units"]}
    table = _table(st["table"], tuple((tuple(map(tuple, b["outline"])), b["collapsed"]) for b in st["buildings"]
                                      if b["kind"] == "building"))
    if any(b["collapsed"] for b in st["buildings"]):
        return {}
    out: dict[str, Chance] = {}
    for action in view["legal_actions"]:
        chance = _chance(action["id"].split(":"), st, table, units, house)
        if chance is not None:
            out[action["id"]] = chance
    return out


def _chance(parts: list[str], st: dict[str, Any], table: Table, units: dict[str, dict[str, Any]],
            options: Options) -> Chance | None:
    """The odds of one order (its id's parts), or None where it turns on no chance the view can weigh."""
    verb = parts[0]
    u = units.get(parts[1]) if len(parts) > 1 else None
    if u is None:
        return None
    arg = parts[2] if len(parts) == 3 else None
    other = units.get(arg) if arg is not None else None
    if verb == "fire" and other is not None:
        return _fire(table, options, u, other)
    if verb == "throw" and arg is not None:
        return _grenade(table, units, u, arg)
    if verb == "shoot" and other is not None:
        return _direct(table, u, other)
    if verb == "fight":
        return _melee(table, options, units, u)
    if verb == "charge" and other is not None:
        return _charge(_board(table, st["table"]["lanes"]), options, units, u, other)
    if verb == "lob":
        return _lob(table, options, units, u, parts[2:], st["plans"])
    if verb == "activate":
        found = [c for c in (_glory(u), _ammo(table, options, units, u, st["turn"])) if c is not None]
        return Chance(found[0].p, "; ".join(c.text for c in found)) if found else None
    if verb == "move" and arg is not None and u["kind"] == "vehicle" and u["models"]:
        return _breakdown(_board(table, st["table"]["lanes"]), options, u, arg)
    if verb == "assault" and arg is not None:
        return _assault(table, options, st["buildings"], units, u, arg)
    if verb == "batter" and arg is not None:
        return _batter(st["table"], st["buildings"], u, arg)
    if verb == "bash" and arg is not None:
        return _bash(table, options, st["buildings"], u, arg)
    return None


def _fire(table: Table, options: Options, u: dict[str, Any], e: dict[str, Any]) -> Chance | None:
    """A squad's volley or an MG's salvo at ``e`` (:func:`action_odds`), the Great Equalizer's extra
    hits counted while its house rule is on."""
    mine, theirs = _soldiers(u), _soldiers(e)
    if not mine or not theirs or any(m["inside"] for m in u["models"] + e["models"]) or len(
            {table.height_at(m.pos) for m in mine + theirs}) > 1:
        return None
    shots = _salvo(table, u, mine, theirs) if u["kind"] == "mg" else _rifles(table, mine, theirs)
    if not shots:
        return None
    tns = sorted(_tn(table, f, t, e) for f, t in shots)
    odds = _cached_volley(tuple(tns), len(theirs))
    some = 1 - odds.outcomes.get("0 hit", Fraction(0))
    expected = odds.figures["expected models hit (removed, save heroes' hit location)"]
    surplus = (odds.figures["expected extra hits for the Great Equalizer"] if options.great_equalizer
               else Fraction(0))
    return Chance(some, f"{percent(some)} at least one hit, {float(expected):.1f} of {len(theirs)} expected "
                        f"({len(tns)} shot(s) at TN {_span(tns)}; a natural 12 always hits)"
                        + (f"; {tenths(surplus)} extra for a unit behind (BON-029)" if surplus else ""))


@lru_cache(maxsize=1024)
def _cached_volley(tns: tuple[int, ...], models: int) -> Odds:
    return volley(list(tns), models, "")


def _grenade(table: Table, units: dict[str, dict[str, Any]], u: dict[str, Any], where: str) -> Chance | None:
    """``combat.throw`` from the view, every landing point weighed: its expected hits and the chance of
    at least one enemy hit."""
    mine = _soldiers(u)
    thrower = next((m for m in mine if not m.panic and m.ac >= 1 and not m.is_piece
                    and (m.role == "grenadier" or (m.is_hero and m.weapon == "grenades"))), None)
    try:
        aim = tuple(float(v) for v in where.split(","))
    except ValueError:
        return None
    if thrower is None or len(aim) != 2 or any(m["inside"] for v in units.values() for m in v["models"]):
        return None
    men = [(m, v) for v in units.values() for m in _soldiers(v) if m.id != thrower.id]
    # BON-057: 4-12 on target; BON-060: 1-3 deviates D3" (a D6 halved) towards a D12 clock face
    points = [((aim[0], aim[1]), Fraction(9, 12))] + [
        (table.clamp(clock_point(aim, bearing(thrower.pos, aim), face, dist)), Fraction(3, 12 * 12 * 3))
        for face in range(1, 13) for dist in (1, 2, 3)]
    some, expected, friends = _landings(table, points, men, u["seat"], GRENADE_RADIUS, 2, lambda point, t, tu: (
        t.ds(tu["formation"], tu["charging"]) + RANGE_MOD["short"] + thrower.stats.fire_mod
        + (HORSEBACK_MOD if thrower.mounted else 0)
        + (CHARGING_CLUSTER_MOD if tu["charging"] and tu["formation"] in ("closed", "mass") else 0)))
    return Chance(some, f"{percent(some)} at least one enemy hit, {float(expected):.1f} expected"
                        f"{f' and {float(friends):.1f} of your own' if friends else ''} (75% on target; "
                        "D3 damage a hit)")


Landing = tuple[tuple[float, float], Fraction]  # where a grenade or a round lands, and its chance


def _landings(table: Table, points: list[Landing], men: list[tuple[Soldier, dict[str, Any]]], seat: str,
              radius: float, dice: int, tn: Any) -> tuple[Fraction, Fraction, Fraction]:
    """A marker of ``radius`` at each landing point: the models under it nearest first (any part of the
    base, BON-057 / BON-073), each of the ``dice`` D12 against the next two (BON-059, BON-068) at
    ``tn(point, model, unit)``. Returns the chance of at least one enemy hit, the enemy models and
    ``seat``'s own expected to be hit."""
    some = expected = friends = Fraction(0)
    for point, weight in points:
        under = sorted(((table.distance(point, m.pos), m.id, m, v) for m, v in men
                        if table.distance(point, m.pos) <= radius + m.base), key=lambda x: x[:2])
        tns = [(tn(point, t, v), v["seat"] != seat) for _, _, t, v in under]
        pairs = [tns[2 * i: 2 * i + 2] for i in range(dice) if tns[2 * i: 2 * i + 2]]
        for group in pairs:
            for need, foe in group:
                p = Fraction(d12_hit(need).probability(1))
                expected += weight * p * foe
                friends += weight * p * (not foe)
        some += weight * (1 - Fraction(_dice_on_pairs(pairs).probability(0)))
    return some, expected, friends


def _dice_on_pairs(pairs: list[list[tuple[int, bool]]]) -> icepool.Die:
    """One D12 for each group of models: the hits it makes on the counted ones, a model hit when the
    die meets his TN or shows a natural 12 (BON-025/026, BON-059, BON-068)."""
    return _cached_pairs(tuple(tuple(pair) for pair in pairs))


@lru_cache(maxsize=1024)
def _cached_pairs(pairs: tuple[tuple[tuple[int, bool], ...], ...]) -> icepool.Die:
    total = icepool.Die([0])
    for pair in pairs:
        total = total + _cached_group(pair)
    return total


@lru_cache(maxsize=1024)
def _cached_group(pair: tuple[tuple[int, bool], ...]) -> icepool.Die:
    return icepool.d12.map(lambda f: sum(counted for tn, counted in pair if f == CRITICAL_RANGED or f >= tn))


def _direct(table: Table, u: dict[str, Any], e: dict[str, Any]) -> Chance | None:
    """``artillery.direct_fire`` from the view: the dice, the models they reach and each one's TN."""
    mine, theirs = _soldiers(u), _soldiers(e)
    piece = next((m for m in mine if m.is_piece), None)
    if (piece is None or piece.weapon not in GUNS or any(m["inside"] for m in u["models"] + e["models"])
            or len({table.height_at(m.pos) for m in [piece, *theirs]}) > 1):
        return None
    gun = GUNS[piece.weapon]
    targets = sorted((t for t in theirs if not t.prone and table.ruler(piece.pos, piece.base, t.pos, t.base)
                      <= gun.reach and _sees(table, piece.pos, t.pos) and in_arc(u["facing"], ARC, piece.pos, t.pos)),
                     key=lambda t: (table.ruler(piece.pos, piece.base, t.pos, t.base), t.id))
    if not targets:
        return None
    dice = SIZE_DICE[gun.size]
    hard = [t for t in targets if t.is_piece or t.vehicle]
    groups = [[hard[0]] for _ in range(dice)] if hard else [targets[2 * i: 2 * i + 2] for i in range(dice)]
    tns = [[(t.ds(e["formation"], False) + cover_value(table, piece.pos, t.pos, t.base)[0]
             + STATS["green"].fire_mod, True) for t in group] for group in groups]
    hits = _dice_on_pairs(tns)
    some = 1 - Fraction(hits.probability(0))
    expected = sum((k * Fraction(hits.probability(k)) for k in hits.outcomes()), Fraction(0))
    return Chance(some, f"{percent(some)} at least one hit, {float(expected):.1f} hit(s) expected "
                        f"({dice}D12, each against up to {1 if hard else 2} model(s))")


Blow = dict[str, Fraction]  # one striker's die: the man it may hit -> the chance (his foe, or a wild blow's pick)
Man = tuple[Soldier, dict[str, Any]]  # a model and his unit, as the view shows them


def _melee(table: Table, options: Options, units: dict[str, dict[str, Any]],
           u: dict[str, Any]) -> Chance | None:
    """``combat.melee`` from the view: each attacker strikes his nearest foe in contact, each enemy in
    contact strikes back at his nearest man of the unit; a man is struck if any blow at him lands. A
    critical miss (BON-034) hits one of the others touching the striker or his foe, friend or foe, at
    random (the umpire's pick is uniform): that share of the blow is counted on each of them."""
    if any(m["inside"] for v in units.values() for m in v["models"]):
        return None
    men = [(m, v) for v in units.values() for m in _soldiers(v)]
    mine = [(m, v) for m, v in men if v["id"] == u["id"]]

    def foes(m: Soldier, seat: str) -> list[Man]:
        return sorted(((e, v) for e, v in men if v["seat"] != seat and _gap(table, m, e) <= CONTACT),
                      key=lambda x: (_gap(table, m, x[0]), x[0].id))

    blows: list[Blow] = []
    for a, au in mine:
        found = foes(a, u["seat"])
        if a.ac >= 1 and not a.panic and found:
            blows.append(_swing(table, options, men, (a, au), found[0]))
    struck_back = {e.id: (e, v) for a, _ in mine for e, v in foes(a, u["seat"])
                   if e.panic not in ("freeze", "flee", "prone", "take_cover")}
    for d, v in sorted(struck_back.values(), key=lambda x: x[0].id):
        back = [(m, w) for m, w in foes(d, v["seat"]) if w["id"] == u["id"]]
        if back and not d.is_piece:
            blows.append(_swing(table, options, men, (d, v), back[0]))
    return _tally(blows, men, u["seat"]) if blows else None


def _assault(table: Table, options: Options, buildings: list[dict[str, Any]],
             units: dict[str, dict[str, Any]], u: dict[str, Any], key: str) -> Chance | None:
    """``buildings.fight_through`` from the view (BON-096): up to two of ``u``'s men at the opening
    against up to two enemies on the other side (nearest the doorstep first), each striking the one
    across from him at TN +2 (a man inside has his building's cover, +1, BON-114), then the tally of
    :func:`_melee`, wild blows counted."""
    bid, _, oid = key.partition(".")
    b = next((b for b in buildings if b["id"] == bid), None)
    o = next((o for o in b["openings"] if o["id"] == oid), None) if b is not None else None
    if b is None or o is None or o["kind"] == "ladder" or not u["models"]:
        return None
    men = [(m, v) for v in units.values() for m in _soldiers(v)]
    where = {m["id"]: m["inside"] for v in units.values() for m in v["models"]}
    inner = len(o["sections"]) == 2
    step = (o["at"][0], o["at"][1]) if inner else beside([tuple(q) for q in b["outline"]], tuple(o["at"]), DOORSTEP)
    here = u["models"][0]["inside"]
    foes = [(m, v) for m, v in men if v["seat"] != u["seat"] and not m.is_piece and m.panic != "flee"]
    able = [(m, v) for m, v in men if v["id"] == u["id"] and not m.panic and m.ac >= 1 and not m.is_piece]
    if here and here.split(".")[0] == bid and here.split(".", 1)[1] in o["sections"]:
        mine = able[:2]
        if inner:
            other = next(sid for sid in o["sections"] if sid != here.split(".", 1)[1])
            theirs = [(m, v) for m, v in foes if where[m.id] == f"{bid}.{other}"]
        else:
            theirs = [(m, v) for m, v in foes if not where[m.id] and table.ruler(m.pos, m.base, step, 0) <= AT_DOOR]
    elif not here and not inner:
        mine = sorted(((m, v) for m, v in able if not where[m.id] and table.ruler(m.pos, m.base, step, 0) <= AT_DOOR),
                      key=lambda x: (table.distance(x[0].pos, step), x[0].id))[:2]
        theirs = [(m, v) for m, v in foes if where[m.id] == f"{bid}.{o['sections'][0]}"]
    else:
        return None
    theirs = sorted(theirs, key=lambda x: (table.distance(x[0].pos, step), x[0].id))[:2]
    if not mine or not theirs:
        return None
    cv = {m.id: b["cv"] if where[m.id] else 0 for m, _ in mine + theirs}
    blows = [_swing(table, options, men, a, theirs[i % len(theirs)], cv, door=True) for i, a in enumerate(mine)]
    blows += [_swing(table, options, men, d, mine[i % len(mine)], cv, door=True) for i, d in enumerate(theirs)
              if d[0].panic not in ("freeze", "prone", "take_cover")]
    return _tally(blows, men, u["seat"])


def _gap(table: Table, a: Soldier, b: Soldier) -> float:
    return table.ruler(a.pos, a.base, b.pos, b.base)


def _swing(table: Table, options: Options, men: list[Man], striker: Man, foe: Man,
           inside_cv: dict[str, int] | None = None, door: bool = False) -> Blow:
    """``combat.strike``: the chance the striker's die hits his foe, and a critical miss's share on each
    of the others touching either of them (BON-034)."""
    (a, _), (t, tu) = striker, foe
    hit, wild = _blow(table, options, a, t, tu, (inside_cv or {}).get(t.id, 0), door)
    others = sorted({e.id for e, _ in men if _gap(table, a, e) <= CONTACT or _gap(table, t, e) <= CONTACT}
                    - {a.id, t.id})
    out = {t.id: hit}
    for o in others:
        out[o] = out.get(o, Fraction(0)) + wild / len(others)
    return out


def _tally(blows: list[Blow], men: list[Man], seat: str) -> Chance:
    """The chance at least one enemy is struck, and the men expected to be struck on each side."""
    enemy = {m.id for m, v in men if v["seat"] != seat}
    struck = {i: 1 - _product(1 - b.get(i, Fraction(0)) for b in blows) for b in blows for i in b}
    theirs = sum((p for i, p in struck.items() if i in enemy), Fraction(0))
    ours = sum((p for i, p in struck.items() if i not in enemy), Fraction(0))
    some = 1 - _product(1 - sum((p for i, p in b.items() if i in enemy), Fraction(0)) for b in blows)
    return Chance(some, f"{percent(some)} at least one of theirs struck, {float(theirs):.1f} expected; "
                        f"{float(ours):.1f} of yours (wild blows counted)")


def _blow(table: Table, options: Options, a: Soldier, t: Soldier, tu: dict[str, Any], inside_cv: int = 0,
          door: bool = False) -> tuple[Fraction, Fraction]:
    """``combat.cc_tn`` (with the buildings' +2 through a door or window, BON-096, and a man inside's
    building cover) and ``strike``: the chance a D6 (rerolled with a close-combat weapon) hits its man,
    and the chance of a critical miss (BON-034)."""
    trench_t = "trench" in [str(f.tags["kind"]) for f in table.features_at(t.pos)]
    trench_a = "trench" in [str(f.tags["kind"]) for f in table.features_at(a.pos)]
    tn = t.ds(tu["formation"], tu["charging"])
    if trench_t and not trench_a:
        tn += options.trench_defender_ds
    elif trench_a and not trench_t:
        tn += options.trench_attacker_ds
    elif (inside_cv or cover_value(table, a.pos, t.pos, t.base)[0]) and not trench_t:
        tn += 1
    tn += (tu["formation"] == "square") + (table.height_at(t.pos) > table.height_at(a.pos))
    tn -= not in_arc(tu["facing"], 180.0, t.pos, a.pos)
    tn += CAVALRY_CC_MOD if a.mounted and not t.mounted else 0
    tn += 2 if door else 0
    tn -= a.cs()
    strike = _strike(tn, a.cc_weapon and options.cc_reroll == "when_not_critical")
    return strike["critical hit"] + strike["hit"], strike["critical miss"]


def _charge(board: Ground, options: Options, units: dict[str, dict[str, Any]], u: dict[str, Any],
            e: dict[str, Any]) -> Chance | None:
    """``charge`` from the view (BON-017): each man able to move runs at double SP straight at the
    nearest model of the target, as far as the ground allows (the engine's own ``step_allowance``,
    ``path_problem`` and ``contact_point`` on the terrain and wire lanes the view shows), paying 1 AC;
    the unit turns to face the enemy, counts as charging (a Closed unit's DS 1, BON-020) and the close
    combat follows (:func:`_melee`). The charge's glory triggers (BON-036) roll in later Orders steps,
    not now, unless one takes the chargers or the charged to GL 7 (a panic before the blows: no odds
    then). A mount charges as far as the best gait open to it (BON-079..084: last turn's gait and the
    rider's armour), in one movement action."""
    if u["kind"] not in ("squad", "cavalry") or any(m["inside"] for v in units.values() for m in v["models"]):
        return None
    theirs = _soldiers(e)
    mounted = u["kind"] == "cavalry"
    limit = 1 if mounted else options.movement_actions  # BON-079: one gait move
    movers = [m for m in _soldiers(u) if not m.panic and not m.is_piece and m.ac >= 1 and m.move_ac + 1 <= limit]
    if not movers or not theirs:
        return None
    after = {m["id"]: dict(m) for m in u["models"]}
    went = []
    flank, longest = False, 0.0
    for m in movers:
        t = min(theirs, key=lambda t: (board.gap(m, t), t.id))
        flank = flank or not in_arc(e["facing"], 90.0, t.pos, m.pos)
        dest = board.contact_point(m, t)
        allowed = (ride_reach(u["last_gait"], u["models"][0]["armour"]) if mounted
                   else board.step_allowance(m, m.pos, t.pos, charging=True))
        if board.table.distance(m.pos, dest) > allowed:
            dest = board.toward(m.pos, dest, allowed)
        longest = max(longest, board.table.distance(m.pos, dest))
        if board.path_problem(m, m.pos, dest, charging=True) is None:
            after[m.id].update(x=dest[0], y=dest[1])
            went.append(m)
    # BON-036 / BON-038: the charge's glory triggers come before the blows; one that takes a unit to GL 7
    # panics it first (its men's reactions rolled), which these odds do not weigh
    scared = flank + (mounted and longest > GAITS["walk"])
    if u["gl"] + 1 >= PANIC_GL or e["gl"] + scared >= PANIC_GL:
        return None
    for m in went or movers:  # nobody got going: the order is spent all the same
        after[m.id].update(ac=m.ac - 1, move_ac=m.move_ac + 1)
    models = list(after.values())
    charged = {**u, "models": models, "charging": True,
               "facing": bearing(_mean((m["x"], m["y"]) for m in models),
                                 _mean((m["x"], m["y"]) for m in e["models"]))}
    melee = _melee(board.table, options, {**units, u["id"]: charged}, charged)
    if melee is None:
        return None
    touch = sum(1 for m in _soldiers(charged) if m.id in {w.id for w in went}
                and any(board.gap(m, t) <= CONTACT for t in theirs))
    return Chance(melee.p, f"{touch} of {len(movers)} reach contact; {melee.text}")


def _glory(u: dict[str, Any]) -> Chance | None:
    """The Orders step of an activation (BON-037): one D6 per glory test owed, each of GL or more taking
    1 GL away (:func:`glory_test`); the chance that GL comes down at all."""
    gl, n = u["gl"], u["tests"]
    if not n:
        return None
    dist = glory_test(gl=gl - n, triggers=n, per_trigger=True).outcomes
    some = 1 - dist.get(f"GL {gl}+", Fraction(0))
    return Chance(some, f"{percent(some)} to bring GL {gl}+ down ({n} glory test(s), D6 of GL or more each)")


def _ammo(table: Table, options: Options, units: dict[str, dict[str, Any]], u: dict[str, Any],
          turn: int) -> Chance | None:
    """``ammo_check`` at an MG's activation (BON-076): while its ammunition crewman is dead or in base
    contact with an enemy, in the n-th such turn a D6 of ``ammo_turn_face`` - n or more runs it out."""
    if u["kind"] != "mg" or u["ammo_out"]:
        return None
    since = u["ammo_since"]
    ammo = next((m for m in _soldiers(u) if m.role == "ammo"), None)
    if ammo is not None:
        where = {m["id"]: m["inside"] for v in units.values() for m in v["models"]}
        fighting = any(_gap(table, ammo, e) <= CONTACT and where[e.id] == where[ammo.id]
                       for v in units.values() if v["seat"] != u["seat"] for e in _soldiers(v))
        since = (since or turn) if fighting else 0
    if not since:
        return None
    n = turn - since + 1
    need = max(1, options.ammo_turn_face - n)
    p = Fraction(7 - min(need, 7), 6)
    return Chance(p, f"{percent(p)} the MG runs out of ammunition (turn {n} without its crewman: a D6 of {need}+)")


def _breakdown(board: Ground, options: Options, u: dict[str, Any], where: str) -> Chance | None:
    """``vehicles.vehicle_moved`` (BON-109 gap): a move over Bumpy or Jagged ground (the engine's own
    ``ground`` from the unit's centre) makes a D6 breakdown roll, broken down on ``breakdown_face`` or
    less. Returns the chance to break down."""
    try:
        dest = tuple(float(v) for v in where.split(","))
    except ValueError:
        return None
    if len(dest) != 2:
        return None
    centre = _mean((m["x"], m["y"]) for m in u["models"])
    rough = sorted(k for k in board.ground(centre, (dest[0], dest[1])) if TERRAIN[k].move in ("bumpy", "jagged"))
    if not rough:
        return None
    p = Fraction(min(6, max(0, options.breakdown_face)), 6)
    return Chance(p, f"{percent(p)} to break down for the rest of the game ({TERRAIN[rough[0]].name}: "
                     f"a D6 of {options.breakdown_face} or less)")


def _mean(points: Any) -> tuple[float, float]:
    ps = list(points)
    return (sum(p[0] for p in ps) / len(ps), sum(p[1] for p in ps) / len(ps))


def _board(table: Table, lanes: list[dict[str, Any]]) -> Ground:
    """The engine's own rulers and movement (``Ground``) on the terrain and wire lanes of the view."""
    return Ground.on(table, [Cut(lane["wire"], (lane["start"][0], lane["start"][1]),
                                 (lane["heading"][0], lane["heading"][1]), lane["depth"], lane["done"])
                             for lane in lanes])


def _lob(table: Table, options: Options, units: dict[str, dict[str, Any]], u: dict[str, Any],
         rest: list[str], plans: dict[str, Any]) -> Chance | None:
    """``artillery.indirect_fire`` from the view (BON-069, BON-070, BON-073, BON-077): the round placed
    at the guessed range on the line to the target's centre (or at the mortar's own plan), then every
    deviation weighed: the placement d12 (the house rule's faces a critical miss), each distance (shell
    D3" or D6", shot D6" or D6+3") and each of the twelve clock directions; the piece's dice against the
    models the seat sees under the marker, two each, at DS + CV from the marker + the Green crew's +1."""
    piece = next((m for m in _soldiers(u) if m.is_piece), None)
    if (piece is None or piece.weapon not in GUNS or u["ammunition"] not in AMMUNITION
            or any(m["inside"] for v in units.values() for m in v["models"])):
        return None
    if len(rest) == 2 and rest[0] in units and units[rest[0]]["models"]:
        try:
            guess = float(rest[1])
        except ValueError:
            return None
        centre = _mean((m["x"], m["y"]) for m in units[rest[0]]["models"])
        aim = table.clamp(clock_point(piece.pos, bearing(piece.pos, centre), 12, guess))
    elif not rest and u["id"] in plans:
        aim = (plans[u["id"]]["point"][0], plans[u["id"]]["point"][1])
    else:
        return None
    gun, ammo = GUNS[piece.weapon], AMMUNITION[u["ammunition"]]
    worst = options.artillery_critical_miss
    points: list[Landing] = []
    for weight, (sides, plus) in ((Fraction(worst, 12), ammo.critical), (Fraction(12 - worst, 12), ammo.deviation)):
        lengths = range(1, 4) if sides == 3 else range(1 + plus, sides + plus + 1)  # a D3 is a D6 halved
        points += [(table.clamp(clock_point(aim, bearing(piece.pos, aim), face, dist)), weight / len(lengths) / 12)
                   for dist in lengths for face in range(1, 13) if weight]
    men = [(m, v) for v in units.values() for m in _soldiers(v)]
    some, expected, friends = _landings(table, points, men, u["seat"], ammo.radius, SIZE_DICE[gun.size],
                                        lambda point, t, tu: (t.ds(tu["formation"], tu["charging"])
                                                              + cover_value(table, point, t.pos, t.base)[0]
                                                              + STATS["green"].fire_mod))
    near, far = ammo.deviation, ammo.critical
    return Chance(some, f"{percent(some)} at least one enemy hit, {float(expected):.1f} expected"
                        f"{f' and {float(friends):.1f} of your own' if friends else ''} (every round deviates "
                        f"{_die(near)}, {_die(far)} on a critical miss 1-{worst}; {2 * ammo.radius:g}\" marker, "
                        f"D {gun.damage(ammo)} a hit)")


def _die(dev: tuple[int, int]) -> str:
    return f"D{dev[0]}{f'+{dev[1]}' if dev[1] else ''}\""


def _batter(view_table: dict[str, Any], buildings: list[dict[str, Any]], u: dict[str, Any],
            bid: str) -> Chance | None:
    """``buildings.batter`` from the view (BON-093): each man outside with a rifle or LMG, in reach of
    the walls and seeing the nearest point of them (no other standing building in the way), fires his
    shots at TN = the building's CV + range + his experience; each hit takes his weapon's D from its
    DP, and at 0 it falls in on those inside. A natural 12 also hits one man inside (not counted)."""
    b = next((b for b in buildings if b["id"] == bid and not b["collapsed"]), None)
    if b is None:
        return None
    table = _table(view_table, ())  # the walls aimed at are not in the way of their own sight
    shape = Polygon(b["outline"])
    others = [Polygon(q["outline"]) for q in buildings if q["id"] != bid and q["kind"] == "building"
              and not q["collapsed"]]
    total = icepool.Die([0])
    for m in _soldiers(u):
        inside = next(x["inside"] for x in u["models"] if x["id"] == m.id)
        gap = shape.distance(Point(m.pos)) - m.base
        if inside or not _fires(m) or gap > _reach(m):
            continue
        wall = shape.exterior.interpolate(shape.exterior.project(Point(m.pos)))
        aim = (wall.x, wall.y)
        if not table.line_of_sight(m.pos, aim) or any(q.intersects(LineString([m.pos, aim])) for q in others):
            continue
        weapon = WEAPONS[m.weapon]
        tn = b["cv"] + RANGE_MOD[weapon.band(max(gap, 0.0)) or "long"] + m.stats.fire_mod
        total = total + weapon.shots @ d12_hit(tn).map(lambda h, d=weapon.damage: h * d)
    if total.outcomes() == (0,):
        return None
    dp = int(b["dp"])
    some = 1 - Fraction(total.probability(0))
    lost = sum((min(k, dp) * Fraction(total.probability(k)) for k in total.outcomes()), Fraction(0))
    falls = sum((Fraction(total.probability(k)) for k in total.outcomes() if k >= dp), Fraction(0))
    return Chance(some, f"{percent(some)} at least one hit on the walls, {float(lost):.1f} of its {dp} DP "
                        f"expected; {percent(falls)} it falls on those inside")


def _bash(table: Table, options: Options, buildings: list[dict[str, Any]], u: dict[str, Any],
          key: str) -> Chance | None:
    """``buildings.bash`` from the view (BON-095): the soldier of the best CS at the door (inside, in a
    section the door opens on; outside, within 1.5" of the doorstep) rolls a D6 against DS 4 (house rule
    ``door_ds``) less his CS."""
    bid, _, oid = key.partition(".")
    b = next((b for b in buildings if b["id"] == bid), None)
    o = next((o for o in b["openings"] if o["id"] == oid), None) if b is not None else None
    if b is None or o is None:
        return None
    able = [m for m in _soldiers(u) if not m.panic and m.ac >= 1 and not m.is_piece]
    where = {m["id"]: m["inside"] for m in u["models"]}
    here = u["models"][0]["inside"] if u["models"] else ""
    if here and here.split(".")[0] == bid:
        near = [m for m in able if where[m.id] and where[m.id].split(".", 1)[1] in o["sections"]]
    elif len(o["sections"]) == 1:
        step = beside([tuple(q) for q in b["outline"]], tuple(o["at"]), DOORSTEP)
        near = [m for m in able if not where[m.id] and table.ruler(m.pos, m.base, step, 0) <= AT_DOOR]
    else:
        return None
    basher = max(near, key=lambda m: (m.cs(), m.ac, m.id), default=None)
    if basher is None:
        return None
    tn = options.door_ds - basher.cs()
    p = Fraction(min(6, max(0, 7 - tn)), 6)
    return Chance(p, f"{percent(p)} to break the door ({basher.id}: D6 {tn}+, DS {options.door_ds} less CS "
                     f"{basher.cs():+d}; 1 AC an attempt)")


def _product(values: Any) -> Fraction:
    out = Fraction(1)
    for v in values:
        out *= v
    return out


def tenths(x: Fraction) -> str:
    """An expectation to a tenth, "<0.1" rather than a misleading 0.0 for what may happen."""
    return f"{float(x):.1f}" if x >= Fraction(1, 20) or not x else "<0.1"


def _span(tns: list[int]) -> str:
    return f"{min(tns)}" if min(tns) == max(tns) else f"{min(tns)}-{max(tns)}"


def _soldiers(u: dict[str, Any]) -> list[Soldier]:
    """The unit's models in play as the view shows them (the engine's own Soldier, for its DS and base)."""
    return [Soldier(m["id"], u["id"], m["role"], m["level"], m["armour"], m["weapon"], m["x"], m["y"],
                    wounds=m["wounds"], ac=m["ac"], move_ac=m["move_ac"], prone=m["prone"], panic=m["panic"],
                    injuries=list(m["injuries"]), mounted=m["mounted"], cc_weapon=m["cc_weapon"],
                    vehicle=(*m["vehicle"],) if m["vehicle"] else None)
            for m in u["models"]]


def _rifles(table: Table, mine: list[Soldier], theirs: list[Soldier]) -> list[tuple[Soldier, Soldier]]:
    """``combat.fire`` / ``shots``: who fires (``able`` and ``can_fire``) and at whom, from the view."""
    out = []
    for f in mine:
        if not _fires(f):
            continue
        reach = _reach(f)
        aims = sorted((t for t in theirs if not t.prone and table.ruler(f.pos, f.base, t.pos, t.base) <= reach
                       and _sees(table, f.pos, t.pos)), key=lambda t: (table.ruler(f.pos, f.base, t.pos, t.base), t.id))
        out += [(f, aims[i % len(aims)]) for i in range(WEAPONS[f.weapon].shots)] if aims else []
    return out


def _fires(f: Soldier) -> bool:
    """``able`` and ``can_fire`` for a rifle or an LMG (BON-052, BON-112), from the view."""
    return not (f.is_piece or f.ac < 1 or f.panic or f.weapon in NOT_RIFLES or "arm_heavy" in f.injuries
                or (f.weapon == "lmg" and ("arm_light" in f.injuries or (not f.prone and f.move_ac * 2 > f.max_ac()))))


def _reach(f: Soldier) -> float:
    """``weapon_reach``: a light arm wound halves a rifle's reach (BON-112)."""
    return WEAPONS[f.weapon].reach / (2 if "arm_light" in f.injuries and f.weapon == "rifle" else 1)


def _salvo(table: Table, mg: dict[str, Any], mine: list[Soldier],
           theirs: list[Soldier]) -> list[tuple[Soldier, Soldier]]:
    """``combat.salvo``: 6 shots from the piece at targets in its 90 degree arc, as a Green crewman."""
    piece = mine[0]
    aims = sorted((t for t in theirs if not t.prone and table.ruler(piece.pos, piece.base, t.pos, t.base)
                   <= WEAPONS["mg"].reach and _sees(table, piece.pos, t.pos)
                   and in_arc(mg["facing"], PIECES["mg"].arc, piece.pos, t.pos)),
                  key=lambda t: (table.ruler(piece.pos, piece.base, t.pos, t.base), t.id))
    shooter = Soldier(piece.id, mg["id"], "crew", "green", "flak", "mg", piece.x, piece.y)
    return [(shooter, aims[i % len(aims)]) for i in range(WEAPONS["mg"].shots)] if aims else []


def _tn(table: Table, f: Soldier, t: Soldier, tu: dict[str, Any]) -> int:
    """``combat.ranged_tn`` (BON-025, BON-030, BON-085, BON-100, BON-113) from the view: DS + armour +
    CV + range + the firer's experience (+1 on horseback, -1 at a charging cluster)."""
    band = WEAPONS[f.weapon].band(table.ruler(f.pos, f.base, t.pos, t.base)) or "long"
    return (t.ds(tu["formation"], tu["charging"]) + cover_value(table, f.pos, t.pos, t.base)[0] + RANGE_MOD[band]
            + f.stats.fire_mod + (HORSEBACK_MOD if f.mounted else 0)
            + (CHARGING_CLUSTER_MOD if tu["charging"] and tu["formation"] in ("closed", "mass") else 0))


def _sees(table: Table, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """BON-024 gap / BON-098: a clear line, blocked by closed terrain and by standing buildings' walls."""
    return table.line_of_sight(a, b)


def _table(view: dict[str, Any], buildings: tuple[Any, ...]) -> Table:
    key = (view["width"], view["depth"], tuple((f["id"], f["name"], f["kind"], tuple(map(tuple, f["outline"])),
                                               f["height"]) for f in view["features"]), buildings)
    return _cached_table(key)


@lru_cache(maxsize=16)
def _cached_table(key: tuple[Any, ...]) -> Table:
    """The terrain as the engine builds it (``terrain_feature``), with the standing buildings' walls as
    sight blockers; built once per table."""
    width, depth, features, buildings = key
    walls = [terrain_feature(f"building {i}", "a building", "closed_building", outline, 0)
             for i, (outline, collapsed) in enumerate(buildings) if not collapsed]
    return Table(width, depth, [*(terrain_feature(fid, name, kind, outline, height)
                                  for fid, name, kind, outline, height in features), *walls])
