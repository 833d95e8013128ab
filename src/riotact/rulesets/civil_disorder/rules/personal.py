"""Players' own figures in harm's way: personal actions (CD-07 c: fire your gun, hit someone)
and crowds at RL 7+ attacking a personal figure they touch (CD-23 default chart).

A player's figure fights like any SF figure (CD-51 to CD-54): +1 as a police officer or
soldier, outnumbered when a rioting crowd gangs up on it. Stunned, it can do nothing for two
turns; wounded or dead, it is a casualty (CD-56), out of action until patched up (CD-57).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotact.core.modifiers import Modifier

from ..tables import lookup
from ..view import seats_only, tell, witnesses
from .combat import DOWN_TURNS, fight_result_on_rioter, in_gas, outnumbered, rioter_fight_modifiers, volley
from .crowds import chart

if TYPE_CHECKING:
    from ..state import Crowd, Player, World


def can_grab(s: World, me: Player, crowd: Crowd) -> bool:
    """A police officer or soldier in contact with a crowd can try to arrest one of it."""
    return me.police_or_soldier and s.town.inches(me.node, crowd.node) <= s.options.adjacent_inches


def personal_fire(s: World, seat: str, crowd: Crowd) -> None:
    """CD-07 (c) / CD-60: the player fires their own gun: one d6."""
    me = s.players[seat]
    if crowd.gone is None and me.able and s.town.sees(me.node, crowd.node):
        volley(s, seat, me.node, 1, me.weapon, crowd)
    elif me.able:  # declared, but the crowd has gone or moved out of the line of fire
        s.umpire.effect("CD-60", f"You hold your fire: no line of fire to crowd {crowd.id}.",
                        visible_to=seats_only(s, seat))


def personal_fight(s: World, seat: str, crowd: Crowd, *, attacked: bool) -> None:
    """CD-51 / CD-52: the player's figure against one rioter, or several when a rioting crowd
    gangs up on it; the player arrests on a win of 5-7 (CD-54) when it went in to arrest."""
    me = s.players[seat]
    if crowd.gone is not None or crowd.figures <= 0 or me.out:
        return
    odds = max(1, min(4, crowd.figures)) if (attacked or crowd.rl >= 7) else 1
    mods = outnumbered(odds)
    if me.police_or_soldier:
        mods.append(Modifier(1, "police officer / soldier", "CD-53"))
    mods += in_gas(s, me.node)
    if me.down:
        mods.append(Modifier(-2, "on ground", "CD-53"))
    tell(s, "CD-51", f"Fight: {seat} {'is attacked by' if attacked else 'grabs at'} crowd {crowd.id}.",
         nodes=[me.node], units=())
    riot_mods = rioter_fight_modifiers(s, crowd)
    won = False
    for opponent in range(odds):
        if crowd.figures <= 0:
            return
        mine = s.roll("CD-51", seat, 1, 10, "fight", mods).total
        theirs = s.roll("CD-51", f"rioter {opponent + 1} of crowd {crowd.id}", 1, 10, "fight", riot_mods).total
        margin = mine - theirs
        if margin > 0:
            result = "scuffle" if won else str(lookup(s.fight_table, margin))
            won = True
            fight_result_on_rioter(s, seat, me.node, crowd, result, arrest=not attacked)
        elif margin < 0:
            result = str(lookup(s.fight_table, -margin))
            if result == "scuffle":
                continue
            if result == "wounded":
                wound_player(s, seat, f"beaten by crowd {crowd.id}")
            elif not me.down:
                me.down = DOWN_TURNS
                tell(s, "CD-54", f"{seat} is stunned and falls.", nodes=[me.node])
            return  # CD-52: beaten, no more rolls


def wound_player(s: World, seat: str, cause: str, *, dead: bool = False) -> None:
    """CD-56: the player's figure is a casualty, out of action until a paramedic patches it up."""
    me = s.players[seat]
    me.out, me.down, me.vehicle = True, 0, None
    s.add_casualty(me.node, "sf", seat, "dead" if dead else "wounded", cause, witnesses(s, [me.node]))
    tell(s, "CD-56", f"{seat} is {'killed' if dead else 'wounded'} ({cause}).", nodes=[me.node])  # seat included


def crowds_attack_players(s: World) -> None:
    """CD-23 default: a crowd at RL 7+ attacks SF it touches, personal figures included (when no
    SF unit stands between)."""
    contact = s.options.adjacent_inches
    for crowd in s.live_crowds():
        if not chart(crowd).violence or crowd.looter:
            continue
        if any(u.inside is None for u in s.units_within(crowd.node, contact, ordered=False)):
            continue  # the units take the brunt (combat.fights)
        for seat, me in sorted(s.players.items()):
            if not me.out and s.town.inches(me.node, crowd.node) <= contact:
                personal_fight(s, seat, crowd, attacked=True)
                break
