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

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

import icepool
from shapely.geometry import LineString, Point

from riotact.core.odds import Chance, Odds, OddsProcedure, Param, percent
from riotact.tabletop import Feature, Table

from . import tables as T
from .board import heaviest_cover
from .options import Options

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


def shot(modifier: int = 0, need: int = 4, sdd: int = 0, coup_de_grace: bool = False,
         table: str = "piercing") -> Odds:
    """`riotact odds public-participation shot`: one shot's hit, effect and save (PP-10..13, PP-30/31)."""
    return Odds(f"One shot: D6 {modifier:+d} against {need}, save {sdd:+d} on the {table} table",
                shot_odds(modifier=modifier, need=need, sdd=sdd, coup_de_grace=coup_de_grace, table=table),
                {"chance to hit": hit_chance(modifier, need)})


def fight(mine: int = 0, theirs: int = 0, table: str = "first", group: int = 1) -> Odds:
    """`riotact odds public-participation fight`: the result one side reads in a fighting round."""
    side = "one fighter" if group == 1 else f"a group of {group}"
    return Odds(f"A fighting round ({table}): {side} at {mine:+d} against {theirs:+d}",
                {k: v for k, v in fight_odds(mine, theirs, table, group=group).items() if v})


def morale(morale_class: str = "normal", modifier: int = 0) -> Odds:
    """`riotact odds public-participation morale`: the band a morale throw lands in (PP-39)."""
    return Odds(f"A {morale_class} character's morale throw, D6 {modifier:+d}",
                {k: v for k, v in morale_odds(morale_class, modifier).items() if v})


PROCEDURES = (
    OddsProcedure("shot", ("PP-10", "PP-11", "PP-12", "PP-13", "PP-30", "PP-31"),
                  "one shot: chance to hit, then the effect and the saving throw's outcome",
                  (Param("modifier", 0, "F, the sum of the firing factors (PP-11)", bounds=(-12, 12)),
                   Param("need", 4, "the score the D6 + F must reach (PP-10)", bounds=(1, 12)),
                   Param("sdd", 0, "the weapon's save modifier, SDD (PP-13)", bounds=(-6, 6)),
                   Param("coup_de_grace", False, "+2 on the effect (PP-12)"),
                   Param("table", "piercing", "the saving throw's table", ("piercing", "bludgeoning"))), shot),
    OddsProcedure("fight", ("PP-21", "PP-22", "PP-23", "PP-24"),
                  "one fighting round: the result one side reads",
                  (Param("mine", 0, "my fighting value plus factors", bounds=(-12, 12)),
                   Param("theirs", 0, "the opponent's fighting value plus factors", bounds=(-12, 12)),
                   Param("table", "first", "the round's table", ("first", "second")),
                   Param("group", 1, "fighters on my side against one (PP-23)", bounds=(1, 6))), fight),
    OddsProcedure("morale", ("PP-38", "PP-39"), "a morale throw: its band by class",
                  (Param("morale_class", "normal", "the character's morale class", tuple(T.MORALE_BANDS)),
                   Param("modifier", 0, "ADT plus the throw's factors (PP-38)", bounds=(-12, 12))), morale),
)


# -- odds where decisions are made (core/odds.py ``action_odds``) ------------------------------
#: PP-11 gap: the marker words of a helpless target (``Character.helpless``: AD, critically injured,
#: gone, surrendered, stunned, unconscious, Downed this move).
HELPLESS = {"AD", "critically injured", "gone", "surrendered", "stunned", "unconscious", "down"}
INJURED = ("LI", "BI", "DI", "AD")  # PP-25..28: a wound, not superficial, hurt or stunned


def action_odds(view: dict[str, Any], options: Options) -> dict[str, Chance]:
    """The odds beside a seat's shots and throws at a character (PP-08..15, PP-30..33), from its view
    and the house rules only: its own card (shooting, movement, wounds, Shaken, the weapon's line),
    the target's position, base and markers, the terrain's cover classes and the figures it sees.

    Every factor of ``Combat.shot_modifiers`` is counted from the view: shooting quality, the firer's
    movement, cover (or a figure in the way, house rule), coup de grace, rested long gun, telescopic
    sight, Shaken, wounds, and the target's movement this move (PP-11, -1 over 6") when the seat has
    watched the target all move (the view's ``moved``). When it has not, the seat cannot know that
    factor, and the odds say so: both chances, with and without the -1, the lower first.

    A lit stick or a gas grenade (``bomb``, PP-16/17) shows where it lands: on the aiming point, or a dud
    (a natural 1, house rule), else it scatters; kicking lit dynamite away (PP-19) shows its D6-3
    (unless the house rule asks a nerve test first).

    A fight's odds are never shown: the opponent's fighting value is on his card, which the seat does
    not see (PP-21); nor what an explosive does once it lands (the scatter, the blast and the kicks are
    not one procedure), nor an opportunity shot's, fired from where the target passed, which the view
    does not hold (PP-08).
    """
    st = view["state"]
    chars = {c["id"]: c for c in st["characters"]}
    table = _table(st["table"])
    out: dict[str, Chance] = {}
    for action in view["legal_actions"]:
        verb, _, rest = action["id"].partition(":")
        parts = rest.split(":")
        if verb == "kick" and not options.kick_nerve:
            out[action["id"]] = Chance(Fraction(1, 2), "50% gets it away (D6-3 inches, 0 or less fails; PP-19)")
            continue
        if verb == "bomb" and len(parts) == 3 and parts[0] in chars and "card" in chars[parts[0]]:
            c = chars[parts[0]]
            arms = c["card"]["arms"].get(parts[1].replace("-", " "))
            aim = _point(parts[2])
            if arms is not None and aim is not None:
                out[action["id"]] = _bomb(options, table, c, arms, aim)
            continue
        if verb not in ("fire", "throw") or len(parts) != 3:
            continue
        c, t = chars.get(parts[0]), chars.get(parts[2])
        name = parts[1].replace("-", " ")
        if c is None or t is None or "card" not in c or name not in c["card"]["arms"]:
            continue
        w = c["card"]["arms"][name]
        out[action["id"]] = (_shot(st, table, options, c, t, w) if verb == "fire"
                             else _throw(st, table, options, c, t, w, spear=name == "spear"))
    return out


def _shot(st: dict[str, Any], table: Table, options: Options, c: dict[str, Any], t: dict[str, Any],
          w: dict[str, Any]) -> Chance:
    """PP-10: D6 + F against 4+ (half range) or 5+; PP-12/13: the effect and the Piercing save."""
    gap = table.ruler((c["x"], c["y"]), c["base"], (t["x"], t["y"]), t["base"])
    need = w["to_hit"] if w["to_hit"] is not None else int(
        options.hit_half_range if gap <= w["range"] / 2 else options.hit_full_range)
    cdg = _coup_de_grace(options, gap, t)
    factors = _factors(st, table, options, c, t, w, thrown=False, coup_de_grace=cdg)
    left = c["card"]["shots_left"]
    shots = f"{left} shot(s) left" if left is not None else f"shots {w['shots']} (PP-09)"
    return _chance(lambda f: _cached_shot(f, need, int(w["sdd"]), cdg, "piercing"), need, factors, t, shots)


def _throw(st: dict[str, Any], table: Table, options: Options, c: dict[str, Any], t: dict[str, Any],
           w: dict[str, Any], *, spear: bool) -> Chance:
    """PP-14: the HR or FR score; PP-15: the hit-effect die (or, house rule, always Staggers) and a
    Bludgeoning save (a spear Piercing, house rule ``spear_table``)."""
    gap = table.ruler((c["x"], c["y"]), c["base"], (t["x"], t["y"]), t["base"])
    reach = max(1.0, w["range"] + (c["card"]["fight"] if options.throw_range_melee else 0))
    need = w["full_hit"] if gap > reach / 2 else w["half_hit"]
    factors = _factors(st, table, options, c, t, w, thrown=True, coup_de_grace=False)
    kind = "piercing" if spear and options.spear_table == "piercing" else "bludgeoning"

    def outcomes(f: int) -> dict[str, Fraction]:
        if options.thrown_effect == "staggers":
            hit = _cached_hit(f, need)
            return {"miss": 1 - hit} | {k: hit * v for k, v in save_odds("Staggers", kind, int(w["sdd"])).items()}
        return _cached_shot(f, need, int(w["sdd"]), False, kind)

    return _chance(outcomes, need, factors, t, "one throw")


def _chance(outcomes: Callable[[int], dict[str, Fraction]], need: int, factors: list[tuple[int, str]],
            t: dict[str, Any], shots: str) -> Chance:
    """The chance to hit and each shot's outcomes at F; when the seat has not watched the target all
    move (``moved`` None in its view), both with and without PP-11's -1 for a target that moved over 6"."""
    f = sum(v for v, _ in factors)
    why = ", ".join(f"{w} {v:+d}" for v, w in factors)
    how = f"{need}+ on D6 {f:+d}{': ' + why if why else ''}"
    odds = outcomes(f)
    hit, injured, dead = 1 - odds["miss"], _injured(odds), odds.get("AD", Fraction(0))
    if t["moved"] is not None:
        return Chance(hit, f"{percent(hit)} to hit ({how}); each: {percent(injured)} injured, "
                           f"{percent(dead)} apparently dead; {shots}")
    ran = outcomes(f + T.TARGET_MOVED)
    low, low_injured, low_dead = 1 - ran["miss"], _injured(ran), ran.get("AD", Fraction(0))
    return Chance(low, f"{percent(low)} or {percent(hit)} to hit ({how}; {T.TARGET_MOVED:+d} more if "
                       f"{t['name']} has moved over 6\" this move: you have not seen all of his move, PP-11); "
                       f"each: {percent(low_injured)} or {percent(injured)} injured, {percent(low_dead)} or "
                       f"{percent(dead)} apparently dead; {shots}")


def _injured(odds: dict[str, Fraction]) -> Fraction:
    return sum((odds.get(k, Fraction(0)) for k in INJURED), Fraction(0))


def _bomb(options: Options, table: Table, c: dict[str, Any], w: dict[str, Any],
          aim: tuple[float, float]) -> Chance:
    """``Combat.throw_explosive``: D6 + the thrower's factors against the HR/FR score, on the point
    unless a natural 1 (PP-16, PP-17); or (house rule) the sheet's placement D6, -1 at full range."""
    distance = max(0.0, table.distance((c["x"], c["y"]), aim) - c["base"])
    reach = max(1.0, w["range"] + (c["card"]["fight"] if options.throw_range_melee else 0))
    full = distance > reach / 2
    dud = options.explosive_natural_one == "dud"
    if options.exploding_point == "scatter":
        factors = _own_factors(options, c)
        f, need = sum(v for v, _ in factors), w["full_hit"] if full else w["half_hit"]
        spot = Fraction(sum(1 for face in range(2, 7) if face + f >= need), 6)
        how = f"{need}+ on D6 {f:+d}{': ' + ', '.join(f'{n} {v:+d}' for v, n in factors) if factors else ''}"
    else:
        spot = Fraction(sum(1 for face in range(2, 7) if face - full >= 5), 6)
        how = "5+ on the placement D6" + (", -1 at full range" if full else "")
    return Chance(spot, f"{percent(spot)} lands on the point ({how})"
                        f"{', 17% a dud (a natural 1)' if dud else ''}; else it scatters (PP-16)")


def _point(text: str) -> tuple[float, float] | None:
    x, _, y = text.partition(",")
    try:
        return float(x), float(y)
    except ValueError:
        return None


def _coup_de_grace(options: Options, gap: float, t: dict[str, Any]) -> bool:
    """PP-11 gap (``Combat.coup_de_grace``): within 1" of a helpless target (or any, house rule)."""
    words = {w.split(" (")[0] for w in t["marker"].split(", ")} if t["marker"] else set()
    return gap <= 1 and (bool(words & HELPLESS) or options.coup_de_grace == "point_blank")


def _factors(st: dict[str, Any], table: Table, options: Options, c: dict[str, Any], t: dict[str, Any],
             w: dict[str, Any], *, thrown: bool, coup_de_grace: bool) -> list[tuple[int, str]]:
    """PP-11 (and PP-25/26, PP-42) as ``Combat.shot_modifiers`` counts them, from the view."""
    out = _own_factors(options, c)
    classes = {f["id"]: f["cover"] or "" for f in st["table"]["features"]}
    cover = heaviest_cover(table, lambda f: classes[f.id], (c["x"], c["y"]), (t["x"], t["y"]))
    if cover is not None:
        out.append((T.IN_COVER if cover[1] == "light" else options.heavy_cover,
                    f"{'heavy cover' if cover[1] == 'heavy' else 'cover'} ({cover[0].name})"))
    elif options.figures_in_the_way == "cover" and (screen := _in_the_way(st, c, t)):
        out.append((T.IN_COVER, f"cover ({screen} in the way)"))
    if not thrown and coup_de_grace:
        out.append((T.COUP_DE_GRACE, "coup de grace"))
    if t["moved"] is not None and t["moved"] > 6:
        out.append((T.TARGET_MOVED, f"target moved {t['moved']:.1f}\""))
    if not thrown and w["long_gun"] and c["moved"] == 0 and (
            options.rested == "still" or _supported(st, table, c)):
        out.append((T.RESTED, "rested"))
    if not thrown and w["telescopic"]:
        out.append((T.TELESCOPIC, "telescopic sight"))
    return out


def _quality(card: dict[str, Any]) -> tuple[int, str]:
    return (T.GOOD_SHOT if card["shooting"] == "good" else T.POOR_SHOT, f"{card['shooting']} shot")


def _own_factors(options: Options, c: dict[str, Any]) -> list[tuple[int, str]]:
    """``Combat._throw_mods``: the PP-11 factors of a throw at a point (quality, movement, Shaken, wound)."""
    card, out = c["card"], []
    if card["shooting"] in ("good", "poor"):
        out.append(_quality(card))
    if c["moved"] > 2:
        out.append((T.FIRER_MOVED, f"moved {c['moved']:.1f}\""))
    if "Shaken" in c["marker"].split(", "):
        out.append((-1, "Shaken"))
    penalty = _wound_penalty(options, c)
    if penalty:
        out.append((-penalty, f"{c['wound']} wound"))
    return out


def _wound_penalty(options: Options, c: dict[str, Any]) -> int:
    """PP-25: LI -1; PP-26 gap: BI and DI their melee penalty (``Figure.wound_penalty``)."""
    state, card = c["wound"], c["card"]
    if state == "LI":
        return 1
    if state in ("BI", "DI") and options.bi_di_firing_penalty:
        return T.WOUND_PENALTY[state] - (1 if card["bandaged"] else 0) + card["bleeding"]
    return 0


def _in_the_way(st: dict[str, Any], c: dict[str, Any], t: dict[str, Any]) -> str | None:
    """House rule ``figures_in_the_way``: the first figure the seat sees whose base the line crosses."""
    line = LineString([(c["x"], c["y"]), (t["x"], t["y"])])
    return next((o["name"] for o in st["characters"] if o["id"] not in (c["id"], t["id"])
                 and "gone" not in o["marker"] and line.distance(Point(o["x"], o["y"])) < o["base"]), None)


def _supported(st: dict[str, Any], table: Table, c: dict[str, Any]) -> bool:
    """PP-11 gap: a wall, fence or other cover or obstacle touching the firer's base."""
    spot = Point(c["x"], c["y"]).buffer(c["base"] + 0.5)
    ruled = {f["id"]: bool(f["cover"] or f["obstacle"]) for f in st["table"]["features"]}
    return any(ruled[f.id] and f.shape.intersects(spot) for f in table.features)


def _table(view: dict[str, Any]) -> Table:
    key = (view["width"], view["depth"], tuple((f["id"], f["name"], tuple(map(tuple, f["outline"])),
                                               bool(f["building"]), f["height"]) for f in view["features"]))
    return _cached_table(key)


@lru_cache(maxsize=16)
def _cached_table(key: tuple[Any, ...]) -> Table:
    """The table's geometry, built once per terrain (it never changes in play)."""
    width, depth, features = key
    return Table(width, depth, [Feature(fid, name, [tuple(p) for p in outline], blocks_sight=building,
                                        impassable=building, height=height)
                                for fid, name, outline, building, height in features])


_cached_hit = lru_cache(maxsize=256)(hit_chance)


@lru_cache(maxsize=512)
def _cached_shot(modifier: int, need: int, sdd: int, coup_de_grace: bool, table: str) -> dict[str, Fraction]:
    return shot_odds(modifier=modifier, need=need, sdd=sdd, coup_de_grace=coup_de_grace, table=table)
