"""What each seat may know (CD-01, CD-06, CD-24, CD-34, CD-71).

SF players see their own figure, what it can see, and radio reports from their
own units; crowds show only their RL marker and what the seed lets players be
told (goods being carried, petrol bombs being made). The umpire sees everything,
Game Control tables included. The player handout (CD-71 default) is the only part of the
rules the players see (CD-01): the Rule Structure, the player's role and actions, scales, unit
types, the sequence, vehicle movement, the meaning of RL markers and the negotiation ranges; no
table, factor or hidden rating (those stay with the umpire).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from riotact.core.audiences import seats_only as seats_only  # shared: see there
from riotact.core.audiences import umpire_only as umpire_only
from riotact.core.log import UMPIRE

from .board import layout
from .tables import RL_CHART, UNIT_TYPES, table_text

RL_KEY = "RL markers: 8 is bad, 1 is good (from the SF point of view)."

PLAYER_HANDOUT = (
    "Civil Disorder - Security Forces rules. "
    "You are one individual, shown by your personal figure, in a chain of command under one overall "
    "police commander. The umpire moves every other figure, police and crowd alike. "
    "Each turn you may walk and take ONE action: talk with someone next to you, shout orders to a unit "
    "within earshot (or by radio), take one personal action, run somewhere, or negotiate with a crowd. "
    "You may not confer with other players except as your action. "
    "Scales: 1 inch = 2 metres; police, soldiers and vehicles 1:1; civilians 1 figure = 5 people. "
    "Units: patrol police, riot police, SWAT, anti-riot teams, mounted police, mounted riot police, "
    "conscripts, soldiers, soldiers with riot training, special forces, firefighters and paramedics. "
    "Sequence: the umpire moves crowds and units; personal figures move; firing, fights and "
    "negotiations; your actions; the umpire assesses the turn. "
    "Vehicles can go almost anywhere in a turn but are slow to start from stationary, and must be "
    "stationary for people to get in or out. "
    f"{RL_KEY} "
    "Only player characters negotiate: 2 inches by normal voice, 8 inches with a megaphone or PA."
)


#: What the engine does not do (also listed in docs/rules/CD.md): "not implemented: X (rule)".
#: Players are shown only the notes about their own side; the rest concern the umpire's Game
#: Control rules. Every catalogued rule is implemented now, so both are empty.
PLAYER_NOTES: tuple[str, ...] = ()
UMPIRE_NOTES: tuple[str, ...] = (*PLAYER_NOTES,)

#: CD-56 casualty stages still on the street (not loaded, evacuated or returned to duty).
ON_THE_GROUND = ("lying", "walking", "stretcher", "dying", "dead", "treated")

if TYPE_CHECKING:
    from .state import Prisoner, SFUnit, World


def player_sees(s: World, seat: str, node: str) -> bool:
    """CD-06: what a player's personal figure can see (everything if not strict)."""
    return not s.options.strict_visibility or s.town.sees(s.players[seat].node, node)


def witnesses(s: World, nodes: Iterable[str] = (), units: Iterable[str] = ()) -> list[str]:
    """SF seats told about an event: those who see where it happens, and the owners of the
    units involved if both have radios (the unit reports it, CD-06)."""
    nodes = list(nodes)
    seats = {seat for seat in s.sf_seats if any(player_sees(s, seat, n) for n in nodes)}
    for uid in units:
        unit = s.units[uid]
        if unit.radio and s.players[unit.player].radio:
            seats.add(unit.player)
    return sorted(seats)


# -- who is told: the audiences of events (the same names in every ruleset's view.py) ----------
def seats_and_witnesses(s: World, seats: Iterable[str], nodes: Iterable[str] = ()) -> list[str]:
    """These seats and those who see where it happens (:func:`witnesses`), in seat order."""
    return sorted({*seats, *witnesses(s, nodes)})


def seats_but(s: World, seats: Iterable[str]) -> list[str]:
    """The SF seats other than ``seats`` (those not in the know, who hear of it without seeing)."""
    known = set(seats)
    return [seat for seat in s.sf_seats if seat not in known]


def tell(s: World, rule: str, text: str, *, nodes: Iterable[str] = (), units: Iterable[str] = (),
         **fields: Any) -> None:
    """An event the SF may know: seen where it happens or reported by their units. In the
    laboratory mode the log keeps no audience, so the witnesses are not worked out."""
    if s.explains:
        s.control.effect(rule, text, visible_to=witnesses(s, nodes, units), **fields)
    else:
        s.control.log.mark("effect")  # counted only (core/log.py QuietLog)


def tell_who(s: World, rule: str, text: str, *, nodes: Iterable[str] = (), units: Iterable[str] = (),
             **fields: Any) -> list[str]:
    """:func:`tell` for rules that go on to use who was told: returns the SF seats told."""
    seats = witnesses(s, nodes, units)
    s.control.effect(rule, text, visible_to=seats, **fields)
    return seats


def known_crowds(s: World, seat: str) -> dict[str, str]:
    """CD-06: crowds a player sees, or hears of by radio from their own units."""
    me = s.players[seat]
    out: dict[str, str] = {}
    reporters = [u for u in s.live_units() if u.player == seat and u.radio] \
        if me.radio and s.options.radio_reports else []
    for crowd in s.live_crowds():
        if player_sees(s, seat, crowd.node):
            out[crowd.id] = "sight"
        elif any(s.town.sees(u.node, crowd.node) for u in reporters):
            out[crowd.id] = "radio report"
    return out


def known_units(s: World, seat: str) -> dict[str, str]:
    """CD-06: SF units in sight, the player's own units on the radio, and every unit he may order now
    (CD-07: within earshot, or both on the radio), which answers him where it stands: he knows where
    his units are while he commands them (his orders to move name every junction but the one it holds,
    so list and view agree). A unit beyond his voice and radio stays out of his view (CD-06)."""
    me = s.players[seat]
    out: dict[str, str] = {}
    commanded = {u.id for u in commanded_units(s, seat)}
    for unit in s.live_units():
        if player_sees(s, seat, unit.node):
            out[unit.id] = "sight"
        elif unit.player == seat and unit.radio and me.radio and s.options.radio_reports:
            out[unit.id] = "radio report"
        elif unit.id in commanded and within_earshot(s, seat, unit):
            out[unit.id] = "radio" if me.radio and unit.radio else "earshot"
    return out


def own_prisoners(s: World, seat: str) -> list[Prisoner]:
    """CD-55: the prisoners the player's own figure or his units took (his view lists them)."""
    return [p for p in s.prisoners.values()
            if p.captor == seat or (p.captor in s.units and s.units[p.captor].player == seat)]


def in_reach(s: World, seat: str) -> list[str]:
    """CD-07: the units ``seat`` may order now (commanded, within earshot or on the radio)."""
    return [u.id for u in commanded_units(s, seat) if within_earshot(s, seat, u)]


def commanded_units(s: World, seat: str) -> list[SFUnit]:
    """CD-02: a player commands their own units; the overall commander commands every unit."""
    return [u for u in s.live_units() if u.player == seat or seat == s.commander]


def earshot(s: World, seat: str) -> int:
    """CD-07 / CD-32 default: a voice carries 2", a megaphone or PA 8"."""
    return s.options.megaphone_inches if s.players[seat].megaphone else s.options.voice_inches


def within_earshot(s: World, seat: str, unit: SFUnit) -> bool:
    """CD-07 default: shouting reaches 2" (8" with a megaphone); a radio reaches any radio."""
    me, reach = s.players[seat], earshot(s, seat)
    return (me.radio and unit.radio) or s.town.inches(me.node, unit.node) <= reach


def _unit(s: World, unit: SFUnit) -> dict[str, Any]:
    x, y = s.position(unit.node)
    return {"id": unit.id, "type": unit.kind, "type_name": unit.type.name, "player": unit.player,
            "node": unit.node, "x": x, "y": y, "figures": unit.figures, "fit": unit.fit,
            "order": unit.order, "ordered_by": unit.ordered_by if unit.order == unit.given else "",
            "vehicle": unit.vehicle, "vehicle_node": unit.vehicle_node,
            "aboard": unit.aboard, "weapon": unit.weapon, "gas_stock": unit.gas_stock,
            "inside": unit.inside, "load": len(unit.load), "hydrant": unit.hydrant,
            "water_turns_used": unit.water_turns}


def town_map(s: World) -> dict[str, Any]:
    """The public street plan: the grid, buildings' outlines, hydrants and exits."""
    t = s.town
    return {
        "columns": t.columns, "rows": t.rows, "block": t.block, "step": t.step,
        "width": t.width, "height": t.height, "scale": '1" = 2 m (CD-09)',
        "buildings": [{"id": b, "kind": s.buildings[b].kind, "bounds": list(shape.polygon.bounds),
                       "fronts": list(shape.fronts)} for b, shape in sorted(t.buildings.items())],
        "hydrants": sorted(s.features.get("hydrant", [])),
        "exits": sorted(t.exits),
    }


def sf_view(s: World, seat: str) -> dict[str, Any]:
    """What an SF player may know (CD-06, CD-24, CD-30, CD-37, CD-71)."""
    me = s.players[seat]
    x, y = s.position(me.node)
    crowds = []
    for cid, source in sorted(known_crowds(s, seat).items()):
        c = s.crowds[cid]
        cx, cy = s.position(c.node)
        entry: dict[str, Any] = {"id": cid, "node": c.node, "x": cx, "y": cy, "figures": c.figures,
                                 "rl": c.rl, "source": source}
        if source == "sight" and c.escaping:  # CD-30
            entry["seen"] = "a crowd of people carrying stereos and TVs"
        if source == "sight" and c.making_petrol:  # CD-37
            entry["seen"] = "people making petrol bombs"
        crowds.append(entry)
    units = []
    for uid, source in sorted(known_units(s, seat).items()):
        entry = _unit(s, s.units[uid])
        entry["source"] = source
        if s.units[uid].player != seat and seat != s.commander:
            entry.pop("order")
            entry.pop("ordered_by")
        units.append(entry)
    seen_buildings = [{"id": b.id, "fires": b.fires, "wrecked": b.value == 0}
                      for b in sorted(s.buildings.values(), key=lambda b: b.id)
                      if any(player_sees(s, seat, f) for f in s.town.buildings[b.id].fronts)]
    return {
        "you": {"seat": seat, "role": me.role, "service": me.service, "superior": me.superior,
                "node": me.node, "x": x, "y": y, "radio": me.radio, "megaphone": me.megaphone,
                "weapon": me.weapon, "able": me.able, "down": me.down, "escorting": me.escorting,
                "vehicle": me.vehicle, "out": me.out},
        "commander": s.commander,
        "relationships": s.setup.relationships,
        "phase": s.phase[seat],
        "declared": s.declared.get(seat),
        "turn": s.turn, "turns": s.turns,
        "victory_score": s.setup.victory_score,  # CD-04: what the SF are judged on is public
        "key": RL_KEY,
        "handout": PLAYER_HANDOUT,
        "town": town_map(s),
        "players": [{"seat": p.seat, "node": p.node} for p in s.players.values()
                    if p.seat != seat and player_sees(s, seat, p.node)],
        "units": units,
        "crowds": crowds,
        "buildings": seen_buildings,
        "gas": [{"kind": g.kind, "x": g.x, "y": g.y, "turns": g.turns, "radius": g.radius} for g in s.gas
                if player_sees(s, seat, s.town.nearest_point((g.x, g.y)))],
        "casualties": [{"id": c.id, "node": c.node, "side": c.side, "status": c.status, "stage": c.stage}
                       for c in s.casualties.values()
                       if c.stage in ON_THE_GROUND
                       and player_sees(s, seat, c.node)],
        "snipers_spotted": [{"id": sn.id, "building": sn.building, "crowd": sn.crowd}
                            for sn in s.snipers.values() if seat in sn.known_to and not sn.out],
        "under_fire": sorted(u for u, t in s.under_fire.items()
                             if t >= s.turn - 1 and s.units[u].player == seat),
        "prisoners": [{"id": p.id, "crowd": p.crowd, "captor": p.captor, "status": p.status, "turns": p.turns}
                      for p in own_prisoners(s, seat)],
        "bombs": [{"id": b.id, "node": b.node if seat in b.known_to else None, "turn": b.went_off}
                  for b in s.bombs.values() if b.went_off is not None],  # CD-66: heard once gone off
        "messages": list(s.messages.get(seat, [])),
        "notes": list(PLAYER_NOTES),
    }


#: What of a building's set-up the street plan shows every player (``town_map``): its value, loot
#: and fires are the umpire's (CD-27, CD-40), fires told as they are seen.
PUBLIC_BUILDING = ("id", "block", "part", "kind")


def scenario_data_for(s: World, seat: str) -> dict[str, Any]:
    """The scenario's data as an SF player may know it while the game runs (its header's copy): the
    briefing, the street plan with its hydrants, and the SF's own forces and chain of command
    (CD-02); never the crowds, snipers, bombs, looters' vehicles, missile or petrol sources, the
    buildings' values, nor any player's negotiating skill (CD-34) (CD-01: the Game Control side of
    the set-up is the umpire's)."""
    data = copy.deepcopy(s.scenario.data)
    setup = data.get("setup", {})
    if seat == UMPIRE:
        return data
    for umpires in ("crowds", "snipers", "bombs", "looter_vehicles"):
        setup.pop(umpires, None)
    if "features" in setup:
        setup["features"] = [f for f in setup["features"] if f.get("kind") == "hydrant"]
    if "buildings" in setup:
        setup["buildings"] = [{k: v for k, v in b.items() if k in PUBLIC_BUILDING} for b in setup["buildings"]]
    for player in setup.get("players", []):
        player.pop("negotiator", None)
    return data


def umpire_view(s: World) -> dict[str, Any]:
    """CD-01: the umpire has all of it (Game Control tables and hidden ratings included)."""
    return {
        "turn": s.turn, "turns": s.turns, "victory_score": s.setup.victory_score,
        "phase": dict(s.phase), "declared": dict(s.declared),
        "commander": s.commander, "relationships": s.setup.relationships,
        "town": town_map(s),
        "players": [{"seat": p.seat, "role": p.role, "service": p.service, "superior": p.superior,
                     "node": p.node, "radio": p.radio, "megaphone": p.megaphone, "weapon": p.weapon,
                     "down": p.down, "escorting": p.escorting, "vehicle": p.vehicle, "out": p.out,
                     "negotiator": p.negotiator, "note": p.note} for p in s.players.values()],
        "units": [_unit(s, u) for u in s.units.values()],
        "crowds": [{"id": c.id, "node": c.node, "figures": c.figures, "rl": c.rl,
                    "state": RL_CHART[c.rl].state, "looter": c.looter, "looters_inside": c.looters_inside,
                    "objective": c.objective, "missiles": c.missiles, "petrol": [c.bottles, c.petrol],
                    "wet": c.wet, "carrying": c.carrying, "shop": c.shop, "gone": c.gone,
                    "history": list(c.history), "note": c.note,
                    "layout": layout(c.figures, s.position(c.node)) if c.gone is None else []}
                   for c in s.crowds.values()],
        "buildings": [{"id": b.id, "kind": b.kind, "value": b.value, "start_value": b.start_value,
                       "loot": b.loot, "fires": b.fires, "looted": b.looted} for b in s.buildings.values()],
        "casualties": [_record(c) for c in s.casualties.values()],
        "gas": [_record(g) for g in s.gas],
        "snipers": [_record(sn) for sn in s.snipers.values()],
        "bombs": [_record(b) for b in s.bombs.values()],
        "prisoners": [_record(p) for p in s.prisoners.values()],
        "looter_vehicles": [_record(v) for v in s.vehicles.values()],
        "tables": {"rl_chart": {str(r): {**_record(row), "throws_and_damages": r >= s.options.damage_rl,
                                         "loots": r >= s.options.looting_rl}
                               for r, row in RL_CHART.items()},
                   "negotiation": table_text(s.negotiation_table),
                   "fights": table_text(s.fight_table),
                   "overreaction": table_text(s.overreaction_table),
                   "overreaction_modifiers": {k: t.overreaction for k, t in UNIT_TYPES.items()}},
        "stats": dict(s.stats),
        "score": s.score(),
        "notes": list(UMPIRE_NOTES),
    }


def _record(piece: Any) -> dict[str, Any]:
    """A dataclass's fields as a new dict (``vars`` needs an instance ``__dict__``, which the
    compiled laboratory engine's classes do not have)."""
    return {f.name: getattr(piece, f.name) for f in fields(piece)}


def view(s: World, seat: str) -> dict[str, Any]:
    """What ``seat`` may know now: the umpire everything (CD-01), an SF player what his figure sees
    and his units report (CD-06)."""
    return umpire_view(s) if seat == UMPIRE else sf_view(s, seat)


# -- conformance sentinels: a secret planted in every hidden fact, which no SF view may show --------
def plant_sentinels(s: World) -> None:
    for crowd in s.crowds.values():
        crowd.note = f"CDSECRET-crowd-{crowd.id}-{'looters' if crowd.looter else 'rioters'}"
    for player in s.players.values():
        player.note = f"CDSECRET-negotiator-{player.seat}-{player.negotiator}"
    for sniper in s.snipers.values():
        sniper.note = f"CDSECRET-sniper-{sniper.id}"
    for bomb in s.bombs.values():
        bomb.note = f"CDSECRET-bomb-{bomb.id}"


def hidden_tokens(s: World, seat: str) -> set[str]:
    """The sentinels ``seat`` must not see: whether a crowd is looters (CD-25), a negotiator's quality
    (CD-34), a sniper he has not spotted (CD-68), a bomb that has not gone off (CD-66)."""
    if seat == UMPIRE:
        return set()
    tokens = {c.note for c in s.crowds.values() if c.note}
    tokens.update(p.note for p in s.players.values() if p.note)
    tokens.update(sn.note for sn in s.snipers.values() if sn.note and seat not in sn.known_to)
    tokens.update(b.note for b in s.bombs.values() if b.note and b.went_off is None)
    return tokens
