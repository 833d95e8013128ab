"""Violence: SF firing and gas (CD-22, CD-60, CD-61), snipers (CD-66 to CD-70),
hand-to-hand fights and arrests (CD-51 to CD-55), petrol bomb attacks (CD-38) and
over-reaction tests (CD-62 to CD-65)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from riotact.core.modifiers import Modifier

from ..board import building_name
from ..state import Threat
from ..tables import OUTNUMBERED, fight_type_bonus, lookup, people
from ..view import tell, tell_who, umpire_only, witnesses
from .crowds import chart
from .custody import make_arrest
from .gas import in_gas, throw_gas
from .medical import wound_sf
from .movement import move_away, move_into_contact, run_pace

if TYPE_CHECKING:
    from ..state import Crowd, SFUnit, Sniper, World

#: CD-54 default: a stunned figure falls, does nothing next turn, then spends a turn getting up
#: (counted down at the end of each turn, the turn it falls included).
DOWN_TURNS = 3
#: CD-21 "being shot at" factors by weapon.
SHOT_AT = {"baton": (-1, 'shot at by baton gun or other "non-lethal" firearm'),
           "single": (-3, "shot at by single-shot firearms"),
           "auto": (-4, "shot at by automatic firearms")}


# -- firearms (CD-60, CD-61) --------------------------------------------------------------
def casualty_roll(s: World, who: str) -> str:
    """CD-61: 2-3 wounded, 4-6 dead; 1 (missing in the seed) wounded by default."""
    face = s.d6("CD-61", who, "firearm casualty (1-3 wounded, 4-6 dead)")
    return "dead" if face >= 4 else "wounded"


def gunfire(s: World, node: str) -> None:
    """CD-18: remember where firearms were fired (baton guns included)."""
    s.gunfire.append((s.turn, node))


def fire_at_crowd(s: World, unit: SFUnit, crowd: Crowd, *, over_heads: bool = False,
                  weapon: str | None = None) -> None:
    """CD-60: a unit fires, one d6 per fit firer, once a turn."""
    unit.fired_turn = s.turn
    volley(s, unit.id, unit.node, unit.fit, weapon or unit.weapon, crowd, over_heads=over_heads,
           units=[unit.id])


def volley(s: World, who: str, node: str, firers: int, weapon: str, crowd: Crowd, *,
           over_heads: bool = False, units: Sequence[str] = ()) -> None:
    """CD-60: one d6 per firer; default: single shot downs one on 4+, automatic 1d3, baton gun
    knocks one down (wounded on a further 6); firing over heads hits nobody."""
    gunfire(s, node)
    for sniper in s.snipers.values():  # CD-69: an agent in the crowd is under fire
        if sniper.crowd == crowd.id:
            sniper.suppressed_turn = s.turn
    value, why = SHOT_AT[weapon]
    s.trigger(crowd, f"{who} shoots", value, why)
    tell(s, "CD-60", f"{who} opens fire {'over the heads of' if over_heads else 'on'} crowd {crowd.id}.",
         nodes=[node, crowd.node], units=units)
    if over_heads or firers == 0:
        return
    pool = s.control.roll_pool("CD-60", who, firers, 6, purpose=f"firing ({weapon}) at crowd {crowd.id}",
                             target=s.options.hit_on, visible_to=umpire_only(s))
    downed = 0
    for _ in range(pool.successes):
        if weapon == "auto":
            downed += s.roll("CD-60", who, 1, 3, "crowd members downed by automatic fire").total
        elif weapon == "baton":
            if s.d6("CD-60", who, "baton round: wounded on a 6") == 6:
                downed += 1
        else:
            downed += 1
    for _ in range(min(downed, crowd.figures)):
        # CD-61 gap: baton-gun hits do not use the casualty roll
        status = "wounded" if weapon == "baton" else casualty_roll(s, who)
        crowd_casualty(s, crowd, status, f"shot by {who}", firearm=True)


def crowd_casualty(s: World, crowd: Crowd, status: str, cause: str, *, firearm: bool) -> None:
    """A crowd figure falls wounded or dead (CD-56); firearm casualties are RL factors (CD-21)."""
    if crowd.figures <= 0:
        return
    crowd.figures -= 1
    told = witnesses(s, [crowd.node])
    s.add_casualty(crowd.node, "crowd", crowd.id, status, cause, told)
    if firearm:
        if status == "dead":
            s.count("firearm_deaths", told)
        if not crowd.had_firearm_casualty:  # CD-21 (b): -2 once per crowd per game
            crowd.had_firearm_casualty = True
            s.trigger(crowd, "first casualty from firearms", -2, "first casualty from firearms")
        else:
            crowd.factors.append((-1, "a subsequent casualty from firearms"))
    s.trigger(crowd, "casualty")
    tell(s, "CD-61" if firearm else "CD-56", f"A figure of crowd {crowd.id} falls {status} ({cause}).",
         nodes=[crowd.node])


def firing(s: World) -> None:
    """CD-12 step 4: units fire, gas, hose crowds, suppress and counter-snipe on their orders."""
    for unit in s.live_units():
        verb, _, target = unit.order.partition(":")
        crowd = s.crowds.get(target)
        live = crowd is not None and crowd.gone is None and crowd.figures > 0
        if verb in ("fire", "fire_over") and live and unit.weapon != "none":
            assert crowd is not None
            if s.town.sees(unit.node, crowd.node):
                fire_at_crowd(s, unit, crowd, over_heads=verb == "fire_over")
        elif verb == "gas" and live:
            assert crowd is not None
            if s.town.inches(unit.node, crowd.node) <= s.options.gas_range:
                throw_gas(s, unit, crowd)
            unit.order = "hold"
        elif verb == "suppress":
            suppress(s, unit, target)
        elif verb == "counter_snipe":
            counter_snipe(s, unit, target)


# -- snipers (CD-66 to CD-70) -------------------------------------------------------------
def sniper_node(s: World, sniper_id: str) -> str | None:
    """Where a sniper shoots from: its building's street front, or its crowd (CD-66)."""
    sniper = s.snipers[sniper_id]
    if sniper.crowd is not None:  # CD-66: an armed agent shoots from inside its crowd
        crowd = s.crowds[sniper.crowd]
        return crowd.node if crowd.gone is None else None
    assert sniper.building is not None
    return s.town.buildings[sniper.building].fronts[0]


def suppress(s: World, unit: SFUnit, building: str) -> None:
    """CD-69: SF fire at a (suspected) sniper location never hits, but a sniper there is under
    fire and will not shoot this turn."""
    if unit.weapon == "none":
        return
    unit.fired_turn = s.turn  # the unit's one volley this turn (CD-60)
    gunfire(s, unit.node)
    for sniper in s.snipers.values():
        if sniper.building == building:
            sniper.suppressed_turn = s.turn
    tell(s, "CD-69", f"{unit.id} fires at {building_name(building)}.", nodes=[unit.node], units=[unit.id])


def counter_snipe(s: World, unit: SFUnit, sniper_id: str) -> None:
    """CD-70: a SWAT sniper picks off a spotted sniper on 4-6; a hit takes the CD-61 roll and
    the sniper stops firing either way (default)."""
    sniper = s.snipers.get(sniper_id)
    if sniper is None or sniper.out or not unit.snipers:
        return
    if not sniper.spotted:
        tell(s, "CD-70", f"{unit.id} cannot shoot at a sniper it has not spotted.", units=[unit.id])
        return
    gunfire(s, unit.node)
    sniper.suppressed_turn = s.turn  # CD-69: under fire
    if s.d6("CD-70", unit.id, f"SWAT sniper at {sniper.id} (hits on 4-6)") >= 4:
        status = casualty_roll(s, sniper.id)
        sniper.out = True
        tell(s, "CD-70", f"{unit.id}'s sniper hits the sniper at {_sniper_place(sniper)}: {status}.",
             units=[unit.id])
    else:
        tell(s, "CD-70", f"{unit.id}'s sniper misses.", units=[unit.id])


def _sniper_place(sniper: Sniper) -> str:
    return building_name(sniper.building) if sniper.building else f"crowd {sniper.crowd}"


def snipers_fire(s: World) -> None:
    """CD-67: each sniper rolls 1d6 and hits its named target on a 6; the target is always told
    it is under fire. CD-68: shots after the first from one place may be spotted."""
    for sniper in s.snipers.values():
        if sniper.out:
            continue
        node = sniper_node(s, sniper.id)
        target = s.units.get(sniper.target)
        if node is None or target is None or not target.on_table or not s.town.sees(node, target.node):
            continue  # a sniper needs its named target in sight (and on the table)
        if sniper.suppressed_turn == s.turn:
            s.note("CD-69", f"Sniper {sniper.id} is under fire and does not shoot.")
            continue
        gunfire(s, node)
        s.unit_event(target, "shot at", Threat(node, sniper.crowd, sniper.building))
        told = tell_who(s, "CD-67", f"{target.id} is under fire from an unseen sniper.", units=[target.id])
        if target.player in told:  # the unit knows; its player only by radio (CD-06)
            s.under_fire[target.id] = s.turn
        if s.d6("CD-67", f"sniper {sniper.id}", f"shot at {target.id} (hits on a 6)") == 6:
            status = casualty_roll(s, target.id)
            wound_sf(s, target, "sniper fire", dead=status == "dead")
        sniper.shots += 1
        here = sniper.shots_from[node] = sniper.shots_from.get(node, 0) + 1  # CD-68: per location
        if here >= 2 and not sniper.spotted:  # the first shot from any location is unobserved
            bonus = here - 2  # CD-68 default: +0 on the second shot, +1 on the third...
            mods = [Modifier(bonus, f"shot {here} from the same place", "CD-68")] if bonus else []
            if s.roll("CD-68", target.id, 1, 6, f"spotting sniper {sniper.id}", mods, target=6).passed:
                sniper.spotted = True  # CD-68 default: the place is revealed to the target unit
                sniper.known_to = tell_who(s, "CD-68", f"{target.id} spots the sniper's position: "
                                                      f"{_sniper_place(sniper)}.", units=[target.id], nodes=[node])


# -- hand-to-hand (CD-51 to CD-55) ---------------------------------------------------------
def fights(s: World) -> None:
    """CD-12 step 4: charges and snatch-squad arrests, then crowds at RL 7+ attack SF they touch."""
    contact = s.options.adjacent_inches
    engaged: set[tuple[str, str]] = set()
    for unit in s.live_units():
        verb, _, target = unit.order.partition(":")
        crowd = s.crowds.get(target)
        if verb not in ("charge", "arrest") or crowd is None or crowd.gone or crowd.figures <= 0:
            continue
        if s.town.inches(unit.node, crowd.node) > contact:
            continue
        fight(s, unit, crowd, sf_attacking=True, arrest=verb == "arrest",
              charging=s.charged.get(unit.id) == crowd.id)
        engaged.add((unit.id, crowd.id))
        if verb == "charge":
            unit.order = "hold"
    for crowd in s.live_crowds():
        if not chart(crowd).violence or crowd.looter:
            continue
        nearest = s.nearest_unit_by_id(crowd.node, contact, lambda u: u.inside is None)  # CD-51
        if nearest is not None and (nearest.id, crowd.id) not in engaged:
            fight(s, nearest, crowd, sf_attacking=False, arrest=False, charging=False)


def outnumbered(odds: int) -> list[Modifier]:
    """CD-53: outnumbered 2-1 -1 (example 1), 3-1 -2, 4-1 (or more) -3."""
    value = OUTNUMBERED[min(odds, 4)]
    return [Modifier(value, f"outnumbered {odds}-1", "CD-53")] if value else []


def sf_fight_modifiers(s: World, unit: SFUnit, odds: int, *, charging: bool) -> list[Modifier]:
    """CD-53 for an SF figure: outnumbered, the best type bonus, gas (unless masked)."""
    mods = outnumbered(odds)
    bonus = fight_type_bonus(unit.type, charging=charging)
    if bonus:
        mods.append(Modifier(bonus, f"{unit.type.name}{' charging' if charging else ''}", "CD-53"))
    return mods if unit.type.masks else [*mods, *in_gas(s, unit.node)]


def rioter_fight_modifiers(s: World, crowd: Crowd) -> list[Modifier]:
    """CD-53 for a rioter: gas and soaking (civilians get no type bonus)."""
    mods = in_gas(s, crowd.node)
    if crowd.wet >= 2:
        mods.append(Modifier(-1, "soaked", "CD-53"))
    return mods


def fight(s: World, unit: SFUnit, crowd: Crowd, *, sf_attacking: bool, arrest: bool,
          charging: bool, rl_charge: bool = False) -> None:
    """CD-51: figure against figure, 1d10 each plus factors; the higher wins by the margin (CD-54).
    CD-52: an outnumbered figure fights each opponent, wins against one only, stops once beaten.
    ``charging`` is a charge as CD-53 (d) defines it (mounted figures get the charging bonus);
    ``rl_charge``: the crowd's RL roll counts it as a charge (CD-21) even when it is not one."""
    # SF going in send fit figures only; attacked, the fallen defend too, on the ground (CD-53)
    squad = min(unit.fit, s.options.snatch_squad) if sf_attacking else unit.fit + len(unit.down)
    if squad == 0 or crowd.figures == 0:
        return
    ganging = not sf_attacking or crowd.rl >= 7
    odds = max(1, min(4, crowd.figures // squad)) if ganging else 1
    tell(s, "CD-51", f"Fight: {squad} of {unit.id} against crowd {crowd.id}"
                    f"{' (arrest attempt)' if arrest else ''}{' (charging)' if charging else ''}.",
         nodes=[unit.node, crowd.node], units=[unit.id])
    if not sf_attacking:
        s.unit_event(unit, "physically attacked", Threat(crowd.node, crowd.id))
    else:
        kind = unit.type
        if charging or rl_charge:  # CD-21 (c): only the largest charging factor
            value, why = ((-3, "mounted police charging the crowd") if kind.mounted else
                          (-2, "Specialist Riot forces charging") if kind.specialist_riot else
                          (-1, "ordinary police or soldiers charging the crowd"))
            s.trigger(crowd, f"{unit.id} charges", value, why)
        else:
            s.trigger(crowd, f"{unit.id} goes in to arrest" if arrest else f"{unit.id} fights")
    sf_mods = sf_fight_modifiers(s, unit, odds, charging=charging and unit.type.mounted)
    grounded = [*sf_mods, Modifier(-2, "on ground", "CD-53")]
    riot_mods = rioter_fight_modifiers(s, crowd)
    standing = unit.fit
    for figure in range(squad):
        won, on_ground = False, figure >= standing
        for opponent in range(odds):
            if crowd.figures <= 0:
                return
            sf_roll = s.roll("CD-51", f"{unit.id} figure {figure + 1}", 1, 10, "fight",
                             grounded if on_ground else sf_mods).total
            riot_roll = s.roll("CD-51", f"rioter {opponent + 1} of crowd {crowd.id}", 1, 10, "fight",
                               riot_mods).total
            margin = sf_roll - riot_roll
            if margin > 0:
                result = "scuffle" if won else str(lookup(s.fight_table, margin))
                won = True
                fight_result_on_rioter(s, unit.id, unit.node, crowd, result, arrest=arrest, units=[unit.id])
            elif margin < 0 and fight_result_on_sf(s, unit, crowd, str(lookup(s.fight_table, -margin)),
                                                   on_ground=on_ground):
                break  # CD-52: no more rolls once the figure is beaten


def fight_result_on_rioter(s: World, captor: str, node: str, crowd: Crowd, result: str, *,
                           arrest: bool, units: Sequence[str] = ()) -> None:
    """CD-54 default: 0-3 scuffle, 4 stunned, 5-7 arrested if arresting (else stunned),
    8+ wounded (and arrested if arresting; the wounded prisoner needs no escort, CD-55)."""
    if result == "scuffle":
        return
    if result == "wounded":
        crowd_casualty(s, crowd, "wounded", f"beaten by {captor}", firearm=False)
        if arrest:  # the wounded prisoner lies there for the paramedics
            s.note("CD-55", f"The wounded rioter is under arrest by {captor}.")
            s.count("arrests", witnesses(s, [node], units))  # CD-06: the captors' side sees it fall
            crowd.arrested += 1
        return
    if result == "arrest_or_stunned" and arrest:
        make_arrest(s, captor, node, crowd, units=units)
        return
    tell(s, "CD-54", f"A rioter of crowd {crowd.id} is stunned and falls.", nodes=[crowd.node], units=units)


def fight_result_on_sf(s: World, unit: SFUnit, crowd: Crowd, result: str, *,
                       on_ground: bool = False) -> bool:
    """A rioter's win on an SF figure; True when the figure is beaten (CD-52 stops rolling)."""
    if result == "scuffle":
        return False
    if result == "wounded":
        if on_ground:
            unit.down.pop()
        wound_sf(s, unit, f"beaten by crowd {crowd.id}")
        return True
    if not on_ground:  # CD-54: stunned, it falls (a fallen figure stays down)
        unit.down.append(DOWN_TURNS)
        tell(s, "CD-54", f"A figure of {unit.id} is stunned and falls.", nodes=[unit.node], units=[unit.id])
    return True


# -- petrol bomb attacks (CD-38) -------------------------------------------------------------
def petrol_attack(s: World, unit: SFUnit, figures: int, cause: str, threat: Threat | None = None) -> None:
    """CD-38 default: each figure under attack is wounded on 5-6, or only on a 6 with a shield;
    CD-62: being petrol bombed (or as if, CD-47, CD-48) calls for an over-reaction test
    (``threat``: the crowd that threw the bomb; none for a fire)."""
    s.unit_event(unit, "petrol bombed", threat)
    need = 6 if unit.type.riot_equipped else s.options.petrol_wound_on
    for i in range(min(figures, unit.figures)):
        if s.roll("CD-38", f"{unit.id} figure {i + 1}", 1, 6, f"{cause} (wounded on {need}+)",
                  target=need).passed:
            wound_sf(s, unit, f"burned ({cause})")


# -- over-reaction (CD-62 to CD-65) ----------------------------------------------------------
def overreaction_modifiers(s: World, unit: SFUnit) -> list[Modifier]:
    """CD-63: unit type, odds, support in sight, gunfire and wounds this turn."""
    kind = unit.type
    mods = []
    if kind.overreaction and not (kind.firefighters or kind.paramedics):
        mods.append(Modifier(kind.overreaction, kind.name, "CD-63"))
    count_people = s.options.count_people
    crowd_people = sum(people(c.figures, crowd=count_people)
                       for c in s.crowds_within(unit.node, s.options.missile_range))
    in_view = s.units_seen_from(unit.node, ordered=False)
    sf_people = sum(people(u.figures, crowd=False) for u in in_view)
    if crowd_people > 3 * max(1, unit.figures):
        mods.append(Modifier(-1, "outnumbered more than 3-1", "CD-63"))
    if not any(u is not unit for u in in_view):
        mods.append(Modifier(-1, "no supporting units in sight", "CD-63"))
    events = s.unit_events.get(unit.id, set())
    if "shot at" in events:
        mods.append(Modifier(-4, "under gunfire", "CD-63"))
    wounded = s.unit_wounded.get(unit.id, 0)
    if wounded:
        mods.append(Modifier(-wounded, f"{wounded} member(s) wounded this turn", "CD-63"))
    if crowd_people and crowd_people < sf_people:
        mods.append(Modifier(1, "the crowd is outnumbered by the SF", "CD-63"))
    return mods


def overreaction_tests(s: World) -> None:
    """CD-62: one test per unit per turn, however many triggers, taken after firing and fights.
    Triggers that come later (a member burned in step 6, CD-47) are tested in the next turn's."""
    tested = sorted(s.unit_events)
    with s.standing(units=False):  # crowds stand still here (units may run or charge)
        for uid in tested:
            overreaction_test(s, uid)
    for uid in tested:
        s.unit_events.pop(uid, None)
        s.unit_wounded.pop(uid, None)
        s.threats.pop(uid, None)


def overreaction_test(s: World, uid: str) -> None:
    """CD-62: a unit's test (CD-63 modifiers, CD-64 table), acted on at once."""
    unit = s.units[uid]
    if not unit.on_table:
        return
    why = ", ".join(sorted(s.unit_events[uid]))
    roll = s.roll("CD-63", f"{unit.id} ({unit.type.name})", 1, 6, f"over-reaction test ({why})",
                  overreaction_modifiers(s, unit))
    result = str(lookup(s.overreaction_table, roll.total))
    if result == "overreaction" and (unit.type.firefighters or unit.type.paramedics):
        result = "panic"  # CD-62 default
    apply_overreaction(s, unit, result)


def apply_overreaction(s: World, unit: SFUnit, result: str) -> None:
    """CD-64 default results, aimed at the threat (:class:`..state.Threat`: the crowd that attacked
    the unit, or where the sniper fire came from), else at the nearest crowd in sight. CD-65:
    military units and SWAT with guns may open fire instead of running; they fire at the threat,
    not into any crowd."""
    threat = s.threats.get(unit.id)
    crowd = _threat_crowd(s, unit, threat)
    if result == "steady":
        return
    if result == "shaken":
        unit.shaken_until = s.turn + 1
        tell(s, "CD-64", f"{unit.id} is shaken and will not advance.", units=[unit.id])
        return
    s.count("overreactions", witnesses(s, [unit.node], [unit.id]))  # CD-06: seen, or its report
    target = threat.building if threat is not None and threat.building else None
    if result == "panic":
        if ((unit.type.military or unit.type.swat) and unit.weapon != "none" and (crowd or target)
                and s.d6("CD-65", unit.id, "guns rather than running away (1-3 open fire)") <= 3):
            if unit.fired_turn == s.turn:  # CD-60: one volley a turn, and it has fired this one
                tell(s, "CD-65", f"{unit.id} stands its ground, firing: it has already fired its one "
                                "volley this turn (CD-60).", nodes=[unit.node], units=[unit.id])
                return
            tell(s, "CD-65", f"{unit.id} opens fire at {f'crowd {crowd.id}' if crowd else target}!",
                 nodes=[unit.node], units=[unit.id])
            if crowd is not None:
                fire_at_crowd(s, unit, crowd)
            else:
                suppress(s, unit, str(target))
            return
        tell(s, "CD-64", f"{unit.id} panics and runs away, ignoring orders.", nodes=[unit.node],
             units=[unit.id])
        danger = threat.node if threat is not None else crowd.node if crowd is not None else None
        if danger is not None:
            move_away(s, unit, danger, run_pace(s, unit))
            s.withdrew.add(unit.id)  # crowds that see it run count it as withdrawing (CD-21)
        return
    # over-reaction: the unit goes for the threat, ignoring orders: it charges the crowd hand to
    # hand, or fires at the sniper's building if it has guns
    if crowd is None:
        if target is not None and unit.weapon != "none" and unit.fired_turn != s.turn:
            tell(s, "CD-64", f"{unit.id} over-reacts and fires at {building_name(target)}!", nodes=[unit.node],
                 units=[unit.id])
            suppress(s, unit, target)
        return
    tell(s, "CD-64", f"{unit.id} over-reacts and charges crowd {crowd.id}!", nodes=[unit.node],
         units=[unit.id])
    start = s.town.inches(unit.node, crowd.node)
    if move_into_contact(s, unit, crowd, run_pace(s, unit)):
        # CD-64 default: it counts as charging for RL rolls; the fight bonus needs a real charge,
        # from at least 4" (default) away (CD-53 d, CD-21 d)
        fight(s, unit, crowd, sf_attacking=True, arrest=False, rl_charge=True,
              charging=start >= s.options.charge_from_inches)


def _threat_crowd(s: World, unit: SFUnit, threat: Threat | None) -> Crowd | None:
    """The crowd the unit's stress came from, if it is still there and in sight; with no threat
    recorded, the nearest crowd in sight; a sniper in a building is no crowd's doing."""
    if threat is None:
        return _nearest_crowd(s, unit)
    if threat.crowd is None:
        return None
    crowd = s.crowds[threat.crowd]
    live = crowd.gone is None and crowd.figures > 0
    return crowd if live and s.town.sees(unit.node, crowd.node) else None


def _nearest_crowd(s: World, unit: SFUnit) -> Crowd | None:
    seen = [c for c in s.live_crowds() if s.town.sees(unit.node, c.node)]
    return min(seen, key=lambda c: (s.town.inches(unit.node, c.node), c.id)) if seen else None
