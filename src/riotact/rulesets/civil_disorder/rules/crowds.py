"""The crowds, run by the umpire's Game Control rules: movement (CD-17, CD-18, CD-23, CD-26,
CD-30), RL rolls and crowd status (CD-20 to CD-24), splitting and merging (CD-11), layout
(CD-19). Their violence is in :mod:`.missiles`, their looting and damage in :mod:`.looting`."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from riotact.core.modifiers import Modifier

from ..state import CARRIED_SEEN, Crowd
from ..tables import RL_CHART, RL_MAX, RL_MIN, ChartRow, people
from ..view import tell, witnesses
from .gas import gas_on

if TYPE_CHECKING:
    from ..state import SFUnit, World


def clamp_rl(value: int) -> int:
    """CD-20 default: the score becomes the RL, kept within 1-8."""
    return max(RL_MIN, min(RL_MAX, value))


def chart(crowd: Crowd) -> ChartRow:
    return RL_CHART[crowd.rl]


def loots(s: World, crowd: Crowd) -> bool:
    """CD-23: looting permitted at the looting RL (default 7)."""
    return crowd.rl >= s.options.looting_rl


def violent(s: World, crowd: Crowd) -> bool:
    """CD-23 / CD-36: throwing and property damage from the damage RL (default 6)."""
    return crowd.rl >= s.options.damage_rl and not crowd.looter


# -- CD-19 layout -------------------------------------------------------------------
def layout_problem(points: list[tuple[float, float]]) -> str | None:
    """CD-19: refuse figures well over 1" from their nearest crowd-mate, lines and blocks."""
    if len(points) < 2:
        return None
    for i, (x, y) in enumerate(points):
        nearest = min(math.hypot(x - a, y - b) for j, (a, b) in enumerate(points) if j != i)
        if nearest > 1.5:
            return f"figure {i + 1} stands {nearest:.1f}\" from its nearest crowd-mate (about 1\" at most)"
    (x0, y0), (x1, y1) = points[0], points[1]
    if len(points) >= 3 and all(abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) < 1e-6 for x, y in points):
        return "the figures stand in a regular line"
    xs, ys = sorted({round(x, 3) for x, _ in points}), sorted({round(y, 3) for _, y in points})
    if len(points) >= 4 and len(xs) * len(ys) == len(points) and len(xs) > 1 and len(ys) > 1:
        return "the figures stand in a regular block"
    return None


def split(s: World, crowd: Crowd, figures: int, *, looter: bool = False, part_id: str | None = None) -> Crowd:
    """CD-11: part of a crowd leaves as a new crowd; both parts keep the parent's RL (default).
    ``part_id`` names the new crowd (the umpire's CD-03 split); by default it is numbered."""
    figures = min(figures, crowd.figures)
    crowd.figures -= figures
    part = Crowd(part_id or s.new_id(f"{crowd.id}-"), figures, crowd.node, crowd.rl,
                     objective=crowd.objective, looter=looter or crowd.looter, missiles=crowd.missiles,
                     petrol_allowed=crowd.petrol_allowed, bottles=crowd.bottles, petrol=crowd.petrol,
                     last_petrol=crowd.last_petrol, wet=crowd.wet, dry_turns=crowd.dry_turns,
                     had_firearm_casualty=crowd.had_firearm_casualty,  # CD-21 (b): once per crowd
                     seen_sf=list(crowd.seen_sf), seen_specialists=crowd.seen_specialists, history=[crowd.rl])
    s.crowds[part.id] = part
    tell(s, "CD-11", f"Crowd {crowd.id} splits: {figures} figures move off as crowd {part.id}.",
         nodes=[crowd.node])
    return part


def on_table(s: World, crowd_id: str) -> Crowd | None:
    """The crowd a figure of ``crowd_id`` is in now, followed through merges (CD-11); None once
    that crowd has dispersed or left the table."""
    crowd = s.crowds[crowd_id]
    while crowd.gone is not None and crowd.gone.startswith("merged into "):
        crowd = s.crowds[crowd.gone.removeprefix("merged into ")]
    return crowd if crowd.gone is None and crowd.figures > 0 else None


def merge(s: World, big: Crowd, small: Crowd) -> None:
    """CD-11: two crowds combine; the larger part's RL, or the higher if equal (default)."""
    rl = big.rl if big.figures != small.figures else max(big.rl, small.rl)
    big.figures += small.figures
    big.rl = rl
    big.had_firearm_casualty |= small.had_firearm_casualty  # CD-21 (b): the -2 once per crowd
    small.figures, small.gone = 0, f"merged into {big.id}"
    tell(s, "CD-11", f"Crowds {big.id} and {small.id} merge into crowd {big.id} ({big.figures} figures).",
         nodes=[big.node])


# -- movement (CD-17, CD-18, CD-23, CD-26, CD-30) -------------------------------------
def choose_route(s: World, crowd: Crowd, options: list[str]) -> str:
    """CD-17 default: 1d6 split as evenly as possible among the routes; re-roll the rest."""
    if len(options) == 1:
        return options[0]
    per = 6 // len(options)
    while True:
        face = s.roll("CD-17", f"Crowd {crowd.id}", 1, 6, f"route choice among {len(options)}").total
        if face <= per * len(options):
            return options[(face - 1) // per]


def _seek_sf(s: World, crowd: Crowd) -> SFUnit | None:
    return s.nearest_unit(crowd.node, seen_from=crowd.node)


def move_crowds(s: World) -> None:
    """CD-12 step 2: the umpire moves every crowd by its RL (CD-23)."""
    with s.standing(crowds=False):  # units move after the crowds (CD-12 step 2)
        for crowd in s.live_crowds():
            if crowd.looter and crowd.broken_in and not crowd.escaping:
                continue  # at work inside the shop (CD-28)
            move_crowd(s, crowd)


#: CD-23: the chart's plus on a crowd's movement roll, per RL (made once).
MOVE_PLUS: dict[int, tuple[Modifier, ...]] = {
    rl: (Modifier(row.move_plus, f"RL {rl} chart", "CD-23"),) if row.move_plus else () for rl, row in RL_CHART.items()}


def move_crowd(s: World, crowd: Crowd) -> None:
    """CD-23: a crowd's move by its RL (CD-30 if carrying loot), then CD-18 and CD-26 limits."""
    town, who = s.town, f"Crowd {crowd.id}"
    row = chart(crowd)
    start = crowd.node
    if crowd.escaping:  # CD-30: 1d6" towards leaving, burdened by loot
        inches = s.roll("CD-30", who, 1, 6, "escape with loot").total
        target = min(town.exits, key=lambda e: (town.hops_to(e)[start], e))
        path = _path(s, crowd, inches, target=target)
    else:
        inches = s.roll("CD-23", who, row.move_dice, row.move_sides, f"movement at RL {row.rl}",
                        MOVE_PLUS[row.rl]).total
        path = _crowd_path(s, crowd, row, inches)
    path = _avoid_gunfire(s, start, path)  # CD-18
    if crowd.looter:
        path = _keep_away(s, start, path)  # CD-26
        if not crowd.escaping and not loots(s, crowd):
            path = _stay_behind(s, start, path)  # CD-26
    if not path:
        if crowd.escaping and start in town.exits:  # CD-30: loaded at an exit, the way off is where they stand
            _leave(s, crowd)
        return
    crowd.node = path[-1]
    s.note("CD-17", f"Crowd {crowd.id} moves {len(path) * town.step}\" to {crowd.node}.", path=path)
    if crowd.node in town.exits and (crowd.escaping or crowd.rl == 1):
        _leave(s, crowd)


def _leave(s: World, crowd: Crowd) -> None:
    """A crowd leaves by a table exit: looters escape with their loot, fleeing crowds disperse."""
    if crowd.escaping:  # CD-30
        s.count("loot_escaped", witnesses(s, [crowd.node]), crowd.carrying, seen=CARRIED_SEEN)
        crowd.gone = "escaped"
        tell(s, "CD-30", f"People carrying stereos and TVs get away off the table ({crowd.id}).",
             nodes=[crowd.node])
    else:  # CD-23 RL 1: removed once off the table
        s.count("crowds_dispersed", witnesses(s, [crowd.node]))
        crowd.gone = "dispersed"
        tell(s, "CD-23", f"Crowd {crowd.id} runs off the table and disperses.", nodes=[crowd.node])


def _crowd_path(s: World, crowd: Crowd, row: ChartRow, inches: int) -> list[str]:
    """CD-23 default chart modes; looter crowds use the chart only for speed (CD-26)."""
    if crowd.looter:
        shop = crowd.shop or nearest_shop(s, crowd)
        crowd.shop = shop
        cover = screen(s)  # CD-26: by choice, a route that keeps a normal crowd in front
        if shop is None:
            return _path(s, crowd, inches, drift=True, prefer=cover)
        return _path(s, crowd, inches, target=s.town.buildings[shop].fronts[0],
                     stop=lambda n: n in s.town.buildings[shop].fronts, prefer=cover)
    mode = row.mode
    sf = _seek_sf(s, crowd)
    contact = s.options.adjacent_inches
    if mode == "away":
        return _path(s, crowd, inches, away=sf.node if sf else None, drift=sf is None)
    if mode == "drift":
        return _path(s, crowd, inches, drift=True)
    if mode == "drift_objective":
        return _path(s, crowd, inches, drift=True, lean=crowd.objective)
    if mode == "objective_or_sf" and crowd.objective is not None:
        return _path(s, crowd, inches, target=crowd.objective)
    wanted = [k for k in ("bottles", "petrol") if crowd.petrol_allowed and not getattr(crowd, k)
              and s.features.get(k)]
    if wanted and loots(s, crowd):  # CD-37: rioters go and make petrol bombs
        sources = [n for k in wanted for n in s.features[k]]
        source = min(sources, key=lambda n: (s.town.hops_to(n)[crowd.node], n))
        return _path(s, crowd, inches, target=source)
    if crowd.missiles == 0 and s.features.get("missiles") and violent(s, crowd):  # CD-35 restock
        source = min(s.features["missiles"], key=lambda n: (s.town.hops_to(n)[crowd.node], n))
        return _path(s, crowd, inches, target=source)
    if mode == "sf_or_property" or (mode == "charge" and sf is None):  # RL 8: as 7 with no SF to charge
        target = _nearest_property(s, crowd)
        if target is not None and (sf is None or s.town.hops_to(target)[crowd.node]
                                   < s.town.hops_to(sf.node)[crowd.node]):
            return _path(s, crowd, inches, target=target)
    if sf is None:
        return _path(s, crowd, inches, drift=True, lean=crowd.objective)
    town = s.town
    if mode == "sf_missile_range":
        reach = s.options.missile_range
        return _path(s, crowd, inches, target=sf.node, stop=lambda n: town.inches(n, sf.node) <= reach)
    return _path(s, crowd, inches, target=sf.node, stop=lambda n: town.inches(n, sf.node) <= contact)


def _path(s: World, crowd: Crowd, inches: int, *, target: str | None = None,
          away: str | None = None, drift: bool = False, lean: str | None = None,
          stop: Callable[[str], bool] | None = None,
          prefer: Callable[[str], bool] | None = None) -> list[str]:
    """Walk street point by street point; at every choice of route, roll (CD-17) among the
    routes ``prefer`` likes, if it likes any."""
    town = s.town
    hops = (inches + town.step // 2) // town.step
    node, previous, path = crowd.node, None, []
    for _ in range(hops):
        if stop is not None and stop(node):
            break
        if target is not None:
            options = town.step_towards(node, target)
        elif away is not None:
            here = town.inches(node, away)
            options = [n for n in town.neighbours(node) if town.inches(n, away) > here]
        else:
            options = [n for n in town.neighbours(node) if n != previous] or town.neighbours(node)
            if lean is not None:
                closer = town.step_towards(node, lean)
                options = [n for n in options if n in closer] or options
        if not options:
            break
        if prefer is not None and len(options) > 1:
            options = [n for n in options if prefer(n)] or options
        previous, node = node, choose_route(s, crowd, options)
        path.append(node)
    return path


def _no_closer(s: World, start: str, path: list[str], places: Iterable[str]) -> list[str]:
    """Cut ``path`` short so that it ends no closer to any of ``places`` than ``start`` is (every
    place is checked again after each cut: a shorter move may be closer to another place)."""
    town = s.town
    limits = [(place, town.inches(start, place)) for place in places]
    while path and any(town.inches(path[-1], place) < limit for place, limit in limits):
        path.pop()
    return path


def _avoid_gunfire(s: World, start: str, path: list[str]) -> list[str]:
    """CD-18 default: a move may not end closer to gunfire of this turn or the last."""
    return _no_closer(s, start, path, recent_gunfire(s))


def recent_gunfire(s: World) -> set[str]:
    """CD-18 / CD-32 default: where firearms were fired this turn or the last."""
    since = s.turn - s.options.gunfire_turns
    return {node for turn, node in s.gunfire if turn > since}


def _keep_away(s: World, start: str, path: list[str]) -> list[str]:
    """CD-26: looter crowds always move away from the SF: no move ends closer to any."""
    spots = s.unit_spots()  # one place per street point: the units there stand equally near
    return _no_closer(s, start, path, [n for n, units in spots.at.items() if any(u.on_table for u in units)])


def screen(s: World) -> Callable[[str], bool] | None:
    """CD-26: looter crowds normally stay behind normal crowds. The test for a street point: is
    a normal crowd between it and the nearest SF unit (nearer that unit, and within
    ``looter_cover_inches`` of the straight line to it)? None when nothing can screen."""
    cover = s.options.looter_cover_inches
    screens = list(dict.fromkeys(s.position(c.node) for c in s.live_crowds() if not c.looter and not c.escaping))
    units = s.live_units()
    if cover <= 0 or not screens or not units:
        return None

    def screened(node: str) -> bool:
        unit = s.nearest_unit(node)
        assert unit is not None
        (px, py), (ux, uy) = s.position(node), s.position(unit.node)
        reach = math.hypot(ux - px, uy - py)
        return any(math.hypot(ux - cx, uy - cy) < reach and _off_line((cx, cy), (px, py), (ux, uy)) <= cover
                   for cx, cy in screens)

    return screened


def _off_line(c: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from point ``c`` to the segment from ``a`` to ``b``."""
    (cx, cy), (ax, ay), (bx, by) = c, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / length2))
    return math.hypot(cx - (ax + t * dx), cy - (ay + t * dy))


def _stay_behind(s: World, start: str, path: list[str]) -> list[str]:
    """CD-26: looters waiting for their RL that start behind a normal crowd do not step out
    from behind it: the move stops at the last screened point."""
    screened = screen(s)
    if screened is None or not screened(start):
        return path
    while path and not screened(path[-1]):
        path.pop()
    return path


def nearest_shop(s: World, crowd: Crowd) -> str | None:
    """CD-26: looters hang around stores with loot (the nearest lootable one)."""
    shops = [b for b in s.buildings.values() if b.lootable and b.fires == 0]  # CD-47
    if not shops:
        return None
    hops = s.town.hops_to(crowd.node)
    return min(shops, key=lambda b: (b.looted, min(hops[f] for f in s.town.buildings[b.id].fronts),
                                      b.id)).id


def _nearest_property(s: World, crowd: Crowd) -> str | None:
    """The nearest street point touching a building with value left and no fire."""
    front_of = s.town.front_of
    for node in s.town.by_distance(crowd.node):
        if any(s.buildings[b].value > 0 and s.buildings[b].fires == 0 for b in front_of.get(node, ())):
            return node
    return None


# -- step 6: the RL roll and crowd status (CD-20 to CD-24, CD-31, CD-11) ---------------------
def sees_specialists(u: SFUnit) -> bool:
    return u.type.specialist_riot or u.type.mounted


def assess(s: World) -> None:
    """CD-12 step 6: water, new SF in view, then every RL roll against the RLs the crowds had
    before this assessment (CD-21: a neighbour's new RL does not count yet), then negotiation
    results and the umpire's discretion."""
    with s.standing():  # nothing moves while the umpire assesses
        sight: dict[str, InSight] = {}  # nobody moves, falls or leaves: one look per street point
        for crowd in s.live_crowds():
            _water(s, crowd)
            _new_sf_in_view(s, crowd, sight)
        before = {c.id: c.rl for c in s.live_crowds()}
        for crowd in s.live_crowds():
            if crowd.triggers:
                rl_roll(s, crowd, before, sight)
            if crowd.negotiation is not None:  # CD-33: applied after any RL roll
                crowd.rl = clamp_rl(crowd.rl + crowd.negotiation)
            if crowd.discretion:  # CD-03: the umpire's discretion
                crowd.rl = clamp_rl(crowd.rl + crowd.discretion)
                s.note("CD-03", f"The umpire moves crowd {crowd.id} to RL {crowd.rl}.")
            crowd.triggers, crowd.factors, crowd.negotiation, crowd.discretion = [], [], None, 0
            if crowd.rl != before[crowd.id]:  # CD-24: the marker is public
                tell(s, "CD-24", f"Crowd {crowd.id}'s RL marker now shows {crowd.rl} (8 is bad, 1 is good).",
                     nodes=[crowd.node], crowd=crowd.id, rl=crowd.rl)


def record_history(s: World) -> None:
    """The end of step 6: crowds with no figures left have dispersed; every crowd's RL timeline
    gets this turn's RL (0 once gone)."""
    for crowd in s.crowds.values():
        if crowd.gone is None and crowd.figures <= 0:
            crowd.gone = "dispersed"
        crowd.history.append(crowd.rl if crowd.gone is None else 0)


def _water(s: World, crowd: Crowd) -> None:
    """CD-22 default: dries one step after 3 turns without water."""
    if crowd.wet and crowd.hosed_turns == 0:
        crowd.dry_turns += 1
        if crowd.dry_turns >= s.options.dry_after:
            crowd.wet -= 1
            crowd.dry_turns = 0
    crowd.hosed_turns = 0


class InSight(NamedTuple):
    """The SF units in sight of a street point (CD-06): their ids in order and as a set, and the
    people of those that make a show of force (CD-09, CD-20, CD-21)."""

    ids: list[str]
    id_set: frozenset[str]
    people: int


def in_sight(s: World, node: str, memo: dict[str, InSight] | None = None) -> InSight:
    """The SF in sight of ``node``; ``memo`` keeps them per street point while no unit moves,
    falls or leaves (the assessment): crowds stacked on one point look once."""
    found = memo.get(node) if memo is not None else None
    if found is None:
        units = s.units_seen_from(node, ordered=False)
        ids = sorted(u.id for u in units)
        found = InSight(ids, frozenset(ids), sum(people(u.figures, crowd=False) for u in units
                                                 if show_of_force(s, u)))
        if memo is not None:
            memo[node] = found
    return found


def _new_sf_in_view(s: World, crowd: Crowd, memo: dict[str, InSight] | None = None) -> None:
    """CD-20: additional SF coming into view trigger a roll; CD-21: specialists +2 the first time."""
    sight = in_sight(s, crowd.node, memo)
    seen, in_view = sight.ids, sight.id_set
    new = in_view.difference(crowd.seen_sf)  # (sets: a crowd may see a hundred units)
    fresh = [u for u in seen if u in new and show_of_force(s, s.units[u])] if new else []
    if fresh:
        s.trigger(crowd, f"SF come into view: {', '.join(fresh)}")
        if not crowd.seen_specialists and any(sees_specialists(s.units[u]) for u in fresh):
            crowd.seen_specialists = True
            crowd.factors.append((2, "Specialist Riot forces or mounted police appear for the first time"))
    for uid in sorted(s.withdrew):
        kind = s.units[uid].type
        if uid not in in_view or not (kind.specialist_riot or kind.ordinary):
            continue  # CD-21 (c): firefighters and paramedics are neither
        value = 2 if kind.specialist_riot else s.options.ordinary_withdrawing
        s.trigger(crowd, f"{uid} withdraws in sight", value,
                  "Specialist Riot forces withdrawing" if kind.specialist_riot else
                  "ordinary police or soldiers in sight withdrawing")
    crowd.seen_sf = list(seen)


def show_of_force(s: World, unit: SFUnit) -> bool:
    """CD-20 / CD-21 default (``emergency_services_count`` off): fire engines and ambulances are
    no show of force: they neither come into view as "additional SF" nor make a crowd "visibly
    outnumbered"."""
    return s.options.emergency_services_count or not (unit.type.firefighters or unit.type.paramedics)


def rl_modifiers(s: World, crowd: Crowd, rls: dict[str, int] | None = None,
                 memo: dict[str, InSight] | None = None) -> list[Modifier]:
    """CD-21: every factor on the RL roll, as it stands now (actions: this turn). ``rls``: the
    crowds' RLs before this assessment, which adjacent crowds count by (default: as they are);
    ``memo``: the SF in sight per street point (:func:`in_sight`)."""
    mods: list[Modifier] = []
    if crowd.wet == 1:
        mods.append(Modifier(-1, 'crowd is "damp"', "CD-21"))
    elif crowd.wet >= 2:  # CD-21 (b): soaked replaces damp
        mods.append(Modifier(-2, 'crowd is "soaked"', "CD-21"))
    if crowd.arrested:
        mods.append(Modifier(-crowd.arrested, f"{crowd.arrested} crowd member(s) arrested", "CD-55"))
    if in_sight(s, crowd.node, memo).people > people(crowd.figures, crowd=s.options.count_people):  # CD-09
        mods.append(Modifier(-3, "visibly outnumbered by SF", "CD-21"))
    factors = _adjacent_factors(s, crowd, rls or {})
    if s.explains:
        mods.extend(Modifier(value, ADJACENT[why].format(other), "CD-21") for value, why, other in factors)
    else:  # the laboratory mode: the same sum without the words (a crowd may touch dozens)
        value = sum(value for value, _, _ in factors)
        if value:
            mods.append(Modifier(value, "adjacent crowds", "CD-21"))
    mods.extend(Modifier(v, why, "CD-21") for v, why in crowd.factors)
    gas = gas_on(s, crowd.node)
    if gas == "cs":
        mods.append(Modifier(-3, "in effective CS gas cloud", "CD-22"))
    elif gas == "tear":
        mods.append(Modifier(-2, "in effective tear gas cloud", "CD-22"))
    return mods


ADJACENT = {"higher": "adjacent crowd {} at a higher RL", "lower": "adjacent crowd {} at a lower RL",
            "running": "adjacent crowd {} actually running away"}


def _adjacent_factors(s: World, crowd: Crowd, rls: dict[str, int]) -> list[tuple[int, str, str]]:
    """CD-21: +1 for each adjacent crowd at a higher RL, -1 at a lower one, -1 for each actually
    running away, as (value, :data:`ADJACENT` key, crowd id), in table order."""
    factors = []
    mine = rls.get(crowd.id, crowd.rl)
    for other in s.crowds_within(crowd.node, s.options.adjacent_inches):
        if other is crowd:
            continue
        rl = rls.get(other.id, other.rl)
        if rl > mine:
            factors.append((1, "higher", other.id))
        elif rl < mine:
            factors.append((-1, "lower", other.id))
        if RL_CHART[rl].running_away:
            factors.append((-1, "running", other.id))
    return factors


def rl_shift(score: int) -> int:
    """CD-20 house rule ``rl_roll = "relative"``: the modified score moves the RL from where it
    is: 1-2 one down, 3-4 no change, 5-6 one up, and one more step for every further two points
    either way, at most three.

    >>> [rl_shift(score) for score in (-3, -1, 1, 3, 4, 5, 7, 9, 12)]
    [-3, -2, -1, 0, 0, 1, 2, 3, 3]
    """
    return max(-3, min(3, (score - 1) // 2 - 1))


def rl_roll(s: World, crowd: Crowd, rls: dict[str, int] | None = None,
            memo: dict[str, InSight] | None = None) -> None:
    """CD-20: roll 1d6 + CD-21 factors. Default (``rl_roll = "absolute"``, the seed's "RL State
    Chart" read at the score): the score becomes the RL; ``"relative"``: the score moves the RL from
    where it is (:func:`rl_shift`). Within 1-8."""
    mods = rl_modifiers(s, crowd, rls, memo)
    roll = s.roll("CD-20", f"Crowd {crowd.id}", 1, 6, "RL State Chart (" + "; ".join(crowd.triggers) + ")",
                  mods)
    was = crowd.rl
    crowd.rl = clamp_rl(roll.total if s.options.rl_roll == "absolute" else was + rl_shift(roll.total))
    crowd.arrested = 0  # CD-21 (b): counted since the last roll
    s.note("CD-23", f"Crowd {crowd.id} is now RL {crowd.rl}: {chart(crowd).state}.", crowd=crowd.id,
           rl_before=was, rl=crowd.rl, triggers=list(crowd.triggers))


def merge_and_split(s: World) -> None:
    """CD-11 default: crowds at one point with RL within 1 merge (up to the split size); a crowd
    over the split size splits in two."""
    limit = s.options.split_above
    if s.options.merge_crowds:
        live = [c for c in s.live_crowds() if not c.looter]
        at: dict[str, list[int]] = {}  # only crowds at one point merge: pair those, in table order
        for i, crowd in enumerate(live):
            at.setdefault(crowd.node, []).append(i)
        pairs = sorted((i, j) for here in at.values() for n, i in enumerate(here) for j in here[n + 1:])
        for i, j in pairs:
            a, b = live[i], live[j]
            if a.gone is None and b.gone is None and abs(a.rl - b.rl) <= 1 and a.figures + b.figures <= limit:
                big, small = (a, b) if a.figures >= b.figures else (b, a)
                merge(s, big, small)
    for crowd in s.live_crowds():
        if crowd.figures > limit and not crowd.looter:
            split(s, crowd, crowd.figures // 2)
