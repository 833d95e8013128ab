"""Moving (PP-03, PP-04, PP-06, PP-08, PP-22, PP-25, PP-44, PP-46, PP-48): reach, the move menu
and moves to any point, charges, the opportunity shots a move offers, the Terrified run, stepping
back, bandaging and loads."""

from __future__ import annotations

import math
from collections.abc import Callable

from riotact.core.log import UMPIRE
from riotact.core.protocol import Action
from riotact.tabletop import Feature, nearby, step_toward

from .. import board, view
from .. import tables as T
from ..state import XY, Character, World, parse_xy, xy_text
from ..tables import LOADS
from . import firing, morale, sequence, telling

#: The move menu's moves kept (``World.menus``): standings of figures, and points for each standing.
MENU_STANDINGS, MENU_POINTS = 4096, 4096

def reach(w: World, c: Character, running: bool) -> float:
    """How far ``c`` may go this move, before obstacles (PP-03 gap: deductions, then doubling)."""
    deduction = LOADS[c.load] + c.wound_penalty()
    base = c.card.move
    if w.options.move_reductions == "deduct_then_double":
        rate = max(0.0, base - deduction) * (2 if running else 1)
    else:
        rate = max(0.0, base * (2 if running else 1) - deduction)
    return rate


def forget_paths(w: World) -> None:
    """Path costs change with the umpire's obstacle rulings (umpiring.py), and so do the menu's moves
    worked out from them. New dicts, not cleared ones: a clone shares the old (state.World.__deepcopy__)."""
    w.plans, w.menus, w.obstacles = {}, {}, None


def obstacles(w: World) -> list[Feature]:
    """PP-06: the features a move pays to cross (the umpire's rulings included), worked out once
    until :func:`forget_paths`."""
    if w.obstacles is None:
        w.obstacles = [f for f in w.table.features if not f.impassable and board.obstacle_class(w, f)]
    return w.obstacles


def move_plan(w: World, c: Character, p: XY) -> tuple[float, float, list[str]]:
    """Distance, obstacle cost (PP-06) and the obstacles crossed on the straight path."""
    key = (c.pos, p)
    plan = w.plans.get(key)
    if plan is None:
        here, priced = c.pos, obstacles(w)
        # most paths pass no obstacle's box: those need no exact test of every feature
        crossed = [f for f in w.table.crossed(here, p) if not f.impassable and board.obstacle_class(w, f)] if nearby(
            priced, here, p) else []
        # PP-06 gap: too little movement left, no crossing; or (house rule) stop on the obstacle, to
        # leave it next move (a figure standing in an obstacle pays nothing to leave it)
        paid = [f for f in crossed if w.options.short_of_movement == "no_crossing" or not f.contains(p)]
        cost = sum(T.OBSTACLE_COST[board.obstacle_class(w, f) or "most"] for f in paid)
        plan = w.plans[key] = (w.table.distance(here, p), float(cost), [f.name for f in crossed])
    return plan


def move_problem(w: World, c: Character, p: XY) -> str | None:
    """Why ``c`` cannot go to ``p`` now, in plain words, or None."""
    return move_check(w, c)(p)


def move_check(w: World, c: Character, foe: Character | None = None, *,
               foe_known: bool = False) -> Callable[[XY], str | None]:
    """:func:`move_problem` for the points ``c`` might go to now, with what depends on ``c`` alone
    worked out once (the move menu asks for many points). ``foe``: the nearest foe ``c`` sees, when
    the caller has it (``foe_known``: even when there is none)."""
    name = c.card.name
    if not sequence.eligible(w, c):
        return lambda p: f"{name} cannot move now"
    partner = w.partner(c)
    if c.load == "really_heavy" and partner is None and not w.options.one_man_really_heavy:
        return lambda p: f"{name} cannot move a really heavy load alone (PP-04); drop it first"
    table, here = w.table, c.pos
    order, unordered = "", ""
    if c.morale == "Obedient" and w.options.obedient == "orders":  # PP-41
        order = w.order_for(c)
        foe = foe if foe_known else foe or nearest_foe(w, c)
        if order not in ("advance", "fall-back") or foe is None:
            unordered = f"{name} is Obedient and has no understood order to move (PP-41)"
    walk, run = reach(w, c, False), reach(w, c, True)
    carrier_cannot = ""
    if partner is not None:
        if not sequence.eligible(w, partner):
            carrier_cannot = f"{name}'s fellow carrier {partner.card.name} cannot move now (PP-04)"
        walk, run = min(walk, reach(w, partner, False)), min(run, reach(w, partner, True))

    def problem(p: XY) -> str | None:
        problem = table.path_problem(here, p)
        if problem:
            return problem
        if unordered:
            return unordered
        if order:
            assert foe is not None
            now, then = table.distance(here, foe.pos), table.distance(p, foe.pos)
            if (order == "advance") != (then < now):
                return f"{name} is Obedient and was ordered to {order.replace('-', ' ')} (PP-41)"
        distance, cost, crossed = move_plan(w, c, p)
        if partner is not None:
            if carrier_cannot:
                return carrier_cannot
            q = (partner.x + p[0] - c.x, partner.y + p[1] - c.y)
            problem = table.path_problem(partner.pos, q)
            if problem:
                return f"{partner.card.name}, carrying with {name}: {problem}"
        if distance + cost > run + 1e-9:
            over = f" with {', '.join(crossed)} (+{cost:g}\", PP-06)" if crossed else ""
            return (f"out of reach: {distance:.1f}\"{over}, but {name} walks {walk:g}\" and runs {run:g}\" "
                    "this move (PP-03)")
        return None
    return problem


def move_action(w: World, c: Character, p: XY, why: str) -> Action:
    distance, cost, crossed = move_plan(w, c, p)
    gait = "walks" if distance + cost <= reach(w, c, False) + 1e-9 else "runs"
    over = f" over {', '.join(crossed)}" if crossed else ""
    return Action(f"move:{c.id}:{xy_text(p)}",
                  f"{c.card.name} {gait} {distance:.1f}\"{over} to ({xy_text(p)}){why}")


def visible_others(w: World, c: Character) -> list[Character]:
    return [o for o in board.seen_among(w, c, w.in_order()) if o is not c and not o.out_of_play]


def nearest_foe(w: World, c: Character, seen: list[Character] | None = None) -> Character | None:
    """The nearest foe ``c`` sees (``seen``: its :func:`visible_others`, when the caller has them)."""
    foes = [o for o in (visible_others(w, c) if seen is None else seen) if w.enemies(c, o)]
    return min(foes, key=lambda o: (board.gap(w, c, o), o.id)) if foes else None


def move_menu(w: World, c: Character) -> list[Action]:
    """A finite, stable menu: towards each character it sees (into contact with foes), each
    feature, away from the nearest foe, walking and running; bandaging, dropping a load, holding.

    The moves towards each point are worked out once per standing of ``c`` (:func:`menu_context`)
    and point: a figure's menu is asked at every decision of its seat, and a move changes only the
    moves towards the figure that moved. What the menu then costs is a look-up a point."""
    walk, run = reach(w, c, False), reach(w, c, True)
    gaits = (walk, run)
    seen = visible_others(w, c)
    foe = nearest_foe(w, c, seen)
    context = menu_context(w, c, walk, run, foe)
    check = move_check(w, c, foe, foe_known=True)
    known = w.menus.get(context)
    if known is None or len(known) > MENU_POINTS:
        if len(w.menus) > MENU_STANDINGS:
            w.menus = {}
        known = w.menus[context] = {}
    out: dict[str, Action] = {}
    for o in seen:  # the point, the words and where to stop follow from the figure and where it is
        key = (o.id, o.x, o.y)
        moves = known.get(key)
        if moves is None:
            stop = c.card.base + o.card.base + (0.1 if w.enemies(c, o) else 1.0)
            moves = known[key] = moves_towards(w, c, gaits, o.pos, f", towards {o.card.name}", stop, check)
        for action in moves:
            out.setdefault(action.id, action)
    for f in w.table.features:
        moves = known.get(f.id)
        if moves is None:
            moves = known[f.id] = moves_towards(w, c, gaits, f.centre, f", towards {f.name}", 0.0, check)
        for action in moves:
            out.setdefault(action.id, action)
    if foe is not None:
        away = w.table.clamp((2 * c.x - foe.x, 2 * c.y - foe.y))
        moves = known.get(("away", foe.id, away))
        if moves is None:
            moves = known[("away", foe.id, away)] = moves_towards(
                w, c, gaits, away, f", away from {foe.card.name}", 0.0, check)
        for action in moves:
            out.setdefault(action.id, action)
    actions = list(out.values())
    for o in w.in_order():
        if o.wounds > 0 and (w.friends(c, o) or o is c) and o.state in ("LI", "BI", "DI") and not o.bandaged and (
                o is c or board.in_contact(w, c, o)) and not o.out_of_play:
            actions.append(Action(f"bandage:{c.id}:{o.id}", f"{c.card.name} bandages "
                                  f"{'himself' if o is c else o.card.name} (the whole move, PP-25)"))
    if c.load != "none":
        actions.append(Action(f"drop:{c.id}", f"{c.card.name} puts down the {c.load.replace('_', ' ')} load"))
    actions.append(Action(f"hold:{c.id}", f"{c.card.name} stays where he is"))
    return actions


def menu_context(w: World, c: Character, walk: float, run: float, foe: Character | None) -> tuple[object, ...]:
    """Everything the menu's moves of an eligible ``c`` towards a point depend on besides the point
    (:func:`move_problem`, :func:`move_plan`, :func:`move_action`): where it stands, its reach and
    load, its fellow carrier's (PP-04), and an Obedient figure's order and nearest foe (PP-41)."""
    partner = w.partner(c)
    carrier = None if partner is None else (
        partner.id, partner.pos, sequence.eligible(w, partner), reach(w, partner, False), reach(w, partner, True))
    obedient = None
    if c.morale == "Obedient" and w.options.obedient == "orders":
        obedient = (w.order_for(c), None if foe is None else foe.pos)
    return (c.id, c.pos, walk, run, c.load, carrier, obedient)


def moves_towards(w: World, c: Character, gaits: tuple[float, float], point: XY, why: str, stop: float,
                  check: Callable[[XY], str | None]) -> tuple[Action, ...]:
    """The menu's walk and run (``gaits``) towards ``point``, up to ``stop`` short of it (``check``:
    :func:`move_check` of ``c``)."""
    moves = []
    room = w.table.distance(c.pos, point) - stop
    if room > 0.05:
        for length in sorted({min(room, gaits[0]), min(room, gaits[1])}):
            p = reachable_along(w, c, point, length, check)
            if p is not None:
                moves.append(move_action(w, c, p, why))
    return tuple(moves)


def reachable_along(w: World, c: Character, point: XY, length: float, check: Callable[[XY], str | None]) -> XY | None:
    """The farthest legal point at most ``length`` towards ``point`` (obstacles cost inches)."""
    for _ in range(4):
        if length <= 0.05:
            return None
        p = step_toward(c.pos, point, length)
        if check(p) is None:
            return p
        _, cost, _ = move_plan(w, c, p)
        length = length - max(cost, 0.5)
    return None


def do_move(w: World, c: Character, p: XY) -> None:
    start, start_seen = c.pos, view.witnesses(w, c)
    for f in w.table.crossed(c.pos, p):  # PP-46: risky ground needs nerve
        act, danger, etc = board.risk(w, f)
        if act and not morale.nerve_test(w, c, act, danger, etc):
            c.done.add("moving")
            offer_step_back(w, c, p)
            return
    distance, cost, crossed = move_plan(w, c, p)
    running = distance + cost > reach(w, c, False) + 1e-9
    carriers = [c] + ([q] if (q := w.partner(c)) is not None else [])
    foes_saw = {o.id: board.sees(w, o, c) for o in w.chars.values() if w.enemies(o, c)}
    dx, dy = p[0] - c.x, p[1] - c.y
    for m in carriers:
        m.x, m.y = round(m.x + dx, 2), round(m.y + dy, 2)
        m.moved += distance
        m.done.add("moving")
    seen = view.saw_it_move(w, c, start_seen)
    over = f", over {', '.join(crossed)} (-{cost:g}\", PP-06)" if crossed else ""
    rule = "PP-04" if len(carriers) > 1 else "PP-03"
    with_ = f" with {carriers[1].card.name} and the load" if len(carriers) > 1 else ""
    w.umpire.effect(rule, f"{c.card.name}{with_} {'runs' if running else 'walks'} {distance:.1f}\"{over} "
                    f"to ({xy_text(p)}).", visible_to=seen, who=c.id, to=list(p))
    view.watch(w)
    contact = sorted((o for o in w.on_table() if w.enemies(c, o) and board.in_contact(w, c, o)
                      and not o.out_of_play), key=lambda o: (board.gap(w, c, o), o.id))
    if contact:
        charge(w, c, contact[0], foes_saw.get(contact[0].id, True))
    offer_opportunity(w, c, start)


def offer_step_back(w: World, c: Character, aim: XY) -> None:
    """PP-48 gap: who loses his nerve cowers back: he may step back up to ``nerve_step_back`` inches
    (straight back from where he meant to go, or back to either side), or stay."""
    step = w.options.nerve_step_back
    if step <= 0 or aim == c.pos:
        return
    back = math.atan2(c.x - aim[0], c.y - aim[1])
    points = []
    for turn in (0, -60, 60):
        angle = back + math.radians(turn)
        p = (round(c.x + step * math.sin(angle), 2), round(c.y + step * math.cos(angle), 2))
        if w.table.path_problem(c.pos, p) is None and not move_plan(w, c, p)[2]:
            points.append(list(p))
    if points:
        w.pending.append({"kind": "step_back", "seat": c.seat, "cid": c.id, "points": points})


def charge(w: World, c: Character, foe: Character, foe_saw: bool) -> None:
    """PP-22: charging +1 in the first round; surprise judged by sight (gap default) or the umpire."""
    c.charged = foe.id
    surprise = 0
    if w.options.surprise == "sight":
        m = w.move
        not_ready = foe.shaken(m) or foe.panicked(m) or foe.groggy(m) or foe.rising_move == m
        surprise = 2 if not foe_saw else 1 if not_ready else 0
    c.surprise = surprise
    words = {0: "", 1: " (half surprise)", 2: " (full surprise)"}[surprise]
    telling.tell(w, "PP-22", f"{c.card.name} charges {foe.card.name}{words}.", c, foe)
    if UMPIRE in w.seats:
        w.pending.append({"kind": "surprise", "seat": UMPIRE, "cid": c.id, "foe": foe.id,
                          "auto": surprise})


def offer_opportunity(w: World, mover: Character, start: XY) -> None:
    """PP-08: an enemy who saw the target pass within range of a firearm may take an opportunity
    shot; it is fired at the nearest point of the path where he saw it in range."""
    end = mover.pos
    length = w.table.distance(start, end)
    steps = max(1, math.ceil(length / 0.5))
    path = [(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
            for i in range(1, steps + 1)]
    low = (min(start[0], end[0]), min(start[1], end[1]))
    high = (max(start[0], end[0]), max(start[1], end[1]))
    for s in sorted(w.chars.values(), key=lambda o: o.id):
        if (not w.enemies(s, mover) or s.opportunity_taken or s.shots_left == 0
            or not s.can_act(w.move) or not firing.may_fire_panicked(w, s) or s.terrified or s.cowering
            or s.rising_move == w.move or not morale.obeys(w, s, "fire")):
            continue
        firing_range = max((arm.range for arm in s.weapons if arm.kind == "firearm"), default=-1.0)
        # no point of the path (all within its box) in range: no need to look along it
        nearest = (min(max(s.x, low[0]), high[0]), min(max(s.y, low[1]), high[1]))
        if w.table.ruler(s.pos, s.card.base, nearest, mover.card.base) > firing_range + 1e-6:
            continue
        seen = [(w.table.ruler(s.pos, s.card.base, p, mover.card.base), p) for p in path
                if w.table.line_of_sight(s.pos, p)]
        in_range = [(d, p) for d, p in seen if d <= firing_range]
        if in_range:
            _, point = min(in_range)
            attacked = mover.charged == s.id and board.gap(w, s, mover) < T.ATTACK_RANGE
            w.pending.append({"kind": "opportunity", "seat": s.seat, "cid": s.id, "target": mover.id,
                              "attacked": attacked, "at": [round(point[0], 2), round(point[1], 2)]})


def start_moving(w: World) -> None:
    """PP-44: the Terrified run to safety first, or cower, or surrender to a foe in contact."""
    for c in sorted(w.chars.values(), key=lambda c: c.id):
        if c.terrified and not c.helpless(w.move):
            terrified_run(w, c)


def terrified_run(w: World, c: Character) -> None:
    name = c.card.name
    if any(w.enemies(c, o) and board.in_contact(w, c, o) and not o.helpless(w.move) for o in w.on_table()):
        if w.options.terrified_in_contact == "surrender":
            c.surrendered = True
            telling.tell(w, "PP-44", f"{name}, Terrified with a foe in contact, surrenders.", c)
        else:
            c.cowering = True
            telling.tell(w, "PP-44", f"{name}, Terrified with a foe in contact, cowers down.", c)
        return
    threats = [o for o in w.on_table() if w.enemies(c, o) and board.sees(w, c, o) and not o.out_of_play]
    if not threats:
        telling.tell(w, "PP-44", f"{name}, Terrified, stays hidden where no foe can see him.", c)
        return
    nearest = min(threats, key=lambda o: (board.gap(w, c, o), o.id))
    run = reach(w, c, True)
    best: tuple[tuple[bool, float], XY] | None = None
    for k in range(12):
        angle = math.radians(30 * k)
        aim = w.table.clamp((c.x + run * math.sin(angle), c.y + run * math.cos(angle)))
        p = reachable_along_any(w, c, aim, run)
        if p is None:
            continue
        safe = all(not w.table.line_of_sight(o.pos, p) or w.table.cover_for(o.pos, p) is not None
                   for o in threats)
        score = (safe, w.table.distance(p, nearest.pos))
        if best is None or score > best[0]:
            best = (score, p)
    if best is None or best[0][1] <= w.table.distance(c.pos, nearest.pos):
        c.cowering = True
        telling.tell(w, "PP-44", f"{name}, Terrified with nowhere to run, cowers down.", c)
        return
    p = best[1]
    start_seen = view.witnesses(w, c)
    distance = w.table.distance(c.pos, p)
    c.x, c.y, c.moved = p[0], p[1], c.moved + distance
    c.done.add("moving")
    edge = min(p[0], p[1], w.table.width - p[0], w.table.depth - p[1]) <= c.card.base
    if edge and not best[0][0]:
        c.fled = True
    seen = view.saw_it_move(w, c, start_seen)
    w.umpire.effect("PP-44", f"{name}, Terrified, runs {distance:.1f}\" to ({xy_text(p)})"
                    f"{' and off the table' if c.fled else ''}.", visible_to=seen, who=c.id, to=list(p))
    view.watch(w)


def reachable_along_any(w: World, c: Character, point: XY, length: float) -> XY | None:
    """Like :meth:`reachable_along`, for a run the player does not choose (no eligibility)."""
    for _ in range(4):
        if length <= 0.5:
            return None
        p = step_toward(c.pos, point, length)
        if w.table.path_problem(c.pos, p) is None:
            distance, cost, _ = move_plan(w, c, p)
            if distance + cost <= reach(w, c, True) + 1e-9:
                return p
        length -= 1.0
    return None


def step_back(w: World, c: Character, where: str) -> None:
    """PP-48: the step back, seen by those who see him before or after."""
    p = parse_xy(where)
    assert p is not None
    start_seen = view.witnesses(w, c)
    distance = w.table.distance(c.pos, p)
    c.x, c.y = p
    c.moved += distance
    w.umpire.effect("PP-48", f"{c.card.name} cowers back {distance:.1f}\" to ({xy_text(p)}).",
                    visible_to=view.saw_it_move(w, c, start_seen), who=c.id, to=list(p))
    view.watch(w)


def start_bandage(w: World, c: Character, patient: Character) -> None:
    """PP-25 gap: bandaging takes the helper's whole move."""
    c.bandaging, c.busy_move = patient.id, w.move
    c.done.add("moving")
    telling.tell(w, "PP-25", f"{c.card.name} starts bandaging {patient.card.name}.", c, patient)


def drop_load(w: World, c: Character) -> None:
    """PP-04: putting the load down frees both carriers of a really heavy load."""
    partner = w.partner(c)
    for m in [c] + ([partner] if partner else []):
        m.load = "none"
    telling.tell(w, "PP-04", f"{c.card.name} puts the load down.", c)
