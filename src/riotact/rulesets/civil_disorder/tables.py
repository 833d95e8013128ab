"""Civil Disorder rules tables as data: unit types, the RL State Chart and the
Game Control tables. The lost tables are the catalogue's proposed defaults;
house rules (see :mod:`.spec`) can override each of them.

>>> RL_CHART[7].petrol, RL_CHART[6].petrol, RL_CHART[5].negotiable
(True, False, True)
>>> lookup(NEGOTIATION_TABLE, 6), lookup(NEGOTIATION_TABLE, -3)
(-2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from riotact.core.errors import OptionError

INCHES_TO_METRES = 2  # CD-09: 1" = 2 m
PEOPLE_PER_CROWD_FIGURE = 5  # CD-09: civilians en masse 1:5; SF and vehicles 1:1


def metres(inches: float) -> float:
    """CD-09: table inches as metres on the ground."""
    return inches * INCHES_TO_METRES


def recommended_umpires(players: int) -> int:
    """CD-03: about one umpire for every 3-4 players."""
    return max(1, -(-players // 4))


def people(figures: int, *, crowd: bool) -> int:
    """CD-09: how many people figures stand for (crowds 1:5, SF 1:1)."""
    return figures * (PEOPLE_PER_CROWD_FIGURE if crowd else 1)


@dataclass(frozen=True)
class UnitType:
    """CD-10: one SF unit type and every number the rules attach to it."""

    key: str
    name: str
    description: str
    sizes: tuple[int, ...]
    police: bool = False
    military: bool = False  # CD-65 default: may open fire instead of running away
    specialist_riot: bool = False  # CD-21 (c): "Specialist Riot forces"
    riot_equipped: bool = False  # CD-53 (c): riot trained & equipped; CD-36 shields
    mounted: bool = False
    mounted_riot: bool = False
    gas: bool = False  # carries tear gas (CD-22, CD-39)
    masks: bool = False  # CD-22 / CD-53 (e): ignores gas
    swat: bool = False
    firefighters: bool = False
    paramedics: bool = False
    overreaction: int = 0  # CD-63
    walk: int = 6  # CD-14 default
    run: int = 12
    vehicles: tuple[str, ...] = ()  # CD-10: the vehicles the type comes in (besides on foot)

    @property
    def ordinary(self) -> bool:
        """CD-21 (c): every police or soldier unit that is not a Specialist Riot force."""
        return (self.police or self.military) and not self.specialist_riot


def fight_type_bonus(kind: UnitType, *, charging: bool) -> int:
    """CD-53: the best one of police/soldier +1, riot trained +3, mounted +2 (+4), mounted riot +3 (+6)."""
    best = 1 if (kind.police or kind.military) else 0
    if kind.riot_equipped:
        best = max(best, 3)
    if kind.mounted_riot:
        best = max(best, 6 if charging else 3)
    elif kind.mounted:
        best = max(best, 4 if charging else 2)
    return best


_ANTI_RIOT = UnitType(
    "anti_riot", "Specialist Anti-Riot Team",
    "Trained for sub-lethal violence: organised hand-to-hand fighting, snatch-squad arrests", (8, 10, 4, 6),
    police=True, specialist_riot=True, riot_equipped=True, gas=True, masks=True, overreaction=3,
    vehicles=("van", "water_cannon"))

#: CD-10 unit types, with CD-63 over-reaction modifiers and CD-14 speeds. Vehicles are CD-10's
#: "car load", "van load", "fire engine", "ambulance" and SWAT's "own armoured vehicles"; the
#: water cannon (CD-22 default, a scenario vehicle) goes to riot units; horses and soldiers have none.
UNIT_TYPES: dict[str, UnitType] = {t.key: t for t in (
    UnitType("patrol", "Regular Police Patrol", "Ordinary, lightly equipped police", (4, 8, 10),
             police=True, overreaction=2, vehicles=("car", "van")),
    UnitType("riot_police", "Regular Police with Riot Gear",
             "As Patrol plus riot shields, batons and tear gas", (8, 10),
             police=True, riot_equipped=True, gas=True, masks=True, overreaction=2,
             vehicles=("van", "water_cannon")),
    UnitType("swat", "Specialist SWAT Team", "Better at shooting and storming buildings", (8, 10),
             police=True, masks=True, gas=True, swat=True, overreaction=-1, vehicles=("van", "armoured")),
    _ANTI_RIOT,
    UnitType("mounted", "Mounted Regular Police", "Horses and riders trained for crowd control", (8, 10),
             police=True, mounted=True, overreaction=3, walk=8, run=18),
    UnitType("mounted_riot", "Mounted Riot Police", "Armoured riot specialists on armoured horses", (8, 10),
             police=True, mounted=True, mounted_riot=True, specialist_riot=True, riot_equipped=True,
             overreaction=4, walk=8, run=18),
    UnitType("conscripts", "Part Time Soldiers or Conscripts", "Regular guys with guns; hard to control",
             (20, 30, 8, 10, 4), military=True, overreaction=-2),
    UnitType("soldiers", "Regular Soldiers", "Trained, disciplined regulars", (20, 30, 8, 10, 4),
             military=True, overreaction=0),
    # CD-10: "treat as basically the same as Specialist Anti-Riot Team" (military for CD-65).
    replace(_ANTI_RIOT, key="riot_soldiers", name="Regular Soldiers with Riot Training",
            sizes=(20, 30, 8, 10), police=False, military=True),
    # CD-63 gap: Special Forces are not listed; default -1 as for SWAT.
    UnitType("special_forces", "Special Forces", "No use in a riot; for terrorist incidents", (4,),
             military=True, overreaction=-1),
    UnitType("firefighters", "Firefighters", "One fire engine with 6 crew", (6,), firefighters=True,
             vehicles=("engine",)),
    UnitType("paramedics", "Paramedics", "One ambulance with 2 paramedics", (2,), paramedics=True,
             vehicles=("ambulance",)),
)}

#: Vehicles: looters' vehicles carry LU (CD-29); ambulance places (CD-59).
VEHICLE_LOOT = {"car": 5, "van": 10}
AMBULANCE_PLACES = 4  # CD-59: 2 stretcher cases or 4 walking wounded (a stretcher takes 2)


@dataclass(frozen=True)
class ChartRow:
    """CD-23: one RL of the (lost, defaulted) RL State Chart."""

    rl: int
    state: str
    move_dice: int
    move_sides: int
    move_plus: int
    mode: str  # away | drift | drift_objective | objective_or_sf | sf_missile_range | sf_or_property | charge
    violence: bool = False  # attacks SF it touches (CD-23 RL 7+)
    petrol: bool = False  # petrol bombs if made (CD-37)
    negotiable: bool = False  # CD-32: only RL 4 and 5

    @property
    def running_away(self) -> bool:
        """CD-21 (d): "actually running away" is RL 1 on the default chart."""
        return self.mode == "away" and self.rl == 1


#: CD-23 default chart (the seed's chart is lost); rows 4 and 5 are the only negotiable ones (CD-32).
#: The RLs at which crowds throw and damage (6) and loot (7) are the house rules ``damage_rl`` and
#: ``looting_rl`` (see :func:`.crowds.violent`, :func:`.crowds.loots`), so they are not columns here.
RL_CHART: dict[int, ChartRow] = {r.rl: r for r in (
    ChartRow(1, "Fleeing", 2, 6, 0, "away"),
    ChartRow(2, "Withdrawing", 1, 6, 0, "away"),
    ChartRow(3, "Passive", 1, 3, 0, "drift"),
    ChartRow(4, "Protesting", 1, 6, 0, "drift_objective", negotiable=True),
    ChartRow(5, "Angry", 1, 6, 0, "objective_or_sf", negotiable=True),
    ChartRow(6, "Hostile", 1, 6, 2, "sf_missile_range"),
    ChartRow(7, "Rioting", 2, 6, 0, "sf_or_property", violence=True, petrol=True),
    ChartRow(8, "Full riot", 3, 6, 0, "charge", violence=True, petrol=True),
)}
RL_MIN, RL_MAX = 1, 8

#: A threshold table: ((highest score, result), ...); the last row catches everything above.
Table = tuple[tuple[int, object], ...]

#: CD-33 default negotiation results: score -> change in RL.
NEGOTIATION_TABLE: Table = ((0, 2), (2, 1), (4, 0), (5, -1), (99, -2))
NEGOTIATOR_QUALITY = {"poor": -4, "average": 0, "good": 1}  # CD-33 (good is optional)

#: CD-54 default fight results by winning margin.
FIGHT_TABLE: Table = ((3, "scuffle"), (4, "stunned"), (7, "arrest_or_stunned"), (99, "wounded"))
FIGHT_RESULTS = ("scuffle", "stunned", "arrest_or_stunned", "wounded")

#: CD-64 default over-reaction results by modified score.
OVERREACTION_TABLE: Table = ((0, "panic"), (2, "overreaction"), (4, "shaken"), (99, "steady"))
OVERREACTION_RESULTS = ("panic", "overreaction", "shaken", "steady")

#: CD-53 outnumbered modifiers (2-1 from example 1; above 4-1 as 4-1).
OUTNUMBERED = {1: 0, 2: -1, 3: -2, 4: -3}

#: CD-57 triage.
TRIAGE = {1: "scratch", 2: "walking", 3: "walking", 4: "stretcher", 5: "stretcher", 6: "dies"}


def lookup(table: Table, score: int) -> object:
    for highest, result in table:
        if score <= highest:
            return result
    return table[-1][1]


def parse_table(text: str, key: str, *, results: tuple[str, ...] = ()) -> Table:
    """A house-rule table such as ``"0:+2,2:+1,4:0,5:-1,99:-2"`` (highest score: result): RL
    changes (whole numbers), or, if ``results`` names them, one of those results."""
    rows: list[tuple[int, object]] = []
    try:
        for part in text.split(","):
            high, _, result = part.strip().partition(":")
            rows.append((int(high), result.strip() if results else int(result)))
    except ValueError:
        example = ",".join(f"{n}:{r}" for n, r in zip((3, 99), results, strict=False)) or "0:+2,2:+1,99:-2"
        raise OptionError(f"civil-disorder house rule {key!r}: {text!r} should look like "
                          f"'{example}' (highest score: result)") from None
    if [h for h, _ in rows] != sorted(h for h, _ in rows):
        raise OptionError(f"civil-disorder house rule {key!r}: rows must rise in score")
    unknown = [str(r) for _, r in rows if results and r not in results]
    if unknown:
        raise OptionError(f"civil-disorder house rule {key!r}: unknown result(s) {', '.join(unknown)}; "
                          f"known: {', '.join(results)}")
    return tuple(rows)


def table_text(table: Table) -> str:
    return ",".join(f"{h}:{r}" for h, r in table)
