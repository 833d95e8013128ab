"""The seed's sample organisations (BON-115) as ready-made army lists, and force size (BON-005).

Each organisation keeps the seed's words for its company, platoon and squad levels, and the numbers
read from them. Its ready-made list is what BON-005's gap calls a player's command: one platoon (the
platoon's NCO and his squads, each squad its leader and his men) and one support section (an MG team).

>>> org = ORGANISATIONS["germany-1914"]
>>> org.platoons, len(org.squads), org.squads[0].soldiers
(3, 4, 8)
>>> [u.name for u in ready_made("us-1918").units]
['Platoon NCO', '1st Squad', '2nd Squad', '3rd Squad', 'MG team']
>>> force_note([{"kind": "squad"}] * 4 + [{"kind": "mg"}], 4)
'4 squads and 1 MG team: within the guideline of one platoon (up to 4 squads) and one support section (BON-005)'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .armylists import ArmyList, army_toml, list_problems, load_army_list
from .model import ReadyMadeArmy

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


@dataclass(frozen=True)
class Squad:
    """One squad-level entry: its name, soldiers besides its leader, and specialists."""

    name: str
    soldiers: int
    grenadiers: int = 0
    machine_gun: bool = False  # a machine-gun team: the MG piece and its crew (BON-074)


@dataclass(frozen=True)
class Organisation:
    """One row of the sample organisation (BON-115): the seed's words and what they are read as."""

    key: str
    army: str
    company: str
    platoon: str
    squad: str
    platoons: int
    squads: tuple[Squad, ...]
    note: str = ""


def _rifle(n: int, soldiers: int, word: str = "Squad") -> tuple[Squad, ...]:
    return tuple(Squad(f"{ORDINALS[i]} {word}", soldiers) for i in range(n))


_GERMAN = _rifle(4, 8, "Section")  # 8 + a lance corporal a section
ORGANISATIONS = {o.key: o for o in (
    Organisation("france-1914", "France 1914", "Officer; 2 platoons; 1 MG at battalion level", "NCO; 2 squads",
                 "(blank)", 2, _rifle(2, 9),
                 "BON-115 gap: the blank squad level is the 9 + 1 squad of BON-044"),
    Organisation("france-1916", "France 1916", "Officer; 4 platoons; 3-4 MG sections", "NCO; 2 1/2 platoons",
                 "8 man bombing squad; 7 man MG team; 2 rifle squads (12 ea.)", 4,
                 (Squad("Bombing Squad", 7, grenadiers=4), Squad("MG Team", 6, machine_gun=True),
                  *_rifle(2, 11)),
                 "BON-115 gap: '2 1/2 platoons' read as two half-platoons; the 7-man MG team plays as an MG "
                 "team (the piece and two crewmen, BON-074)"),
    Organisation("britain-1914", "Great Britain 1914", "1 Maj./Capt.; 4 platoons; 2 MG/battalion",
                 "NCO; 4 sections", "12 (+ NCO) man rifle section", 4, _rifle(4, 12, "Section")),
    Organisation("britain-1916", "Great Britain 1916", "1 Capt./Lt.; 4 platoons; MG company (16 MG)",
                 "same as 1914", "same as 1914", 4, _rifle(4, 12, "Section")),
    Organisation("britain-1918", "Great Britain 1918", "same as 1916; MG company (36 MG)", "same as 1914",
                 "same as 1914", 4, _rifle(4, 12, "Section")),
    Organisation("germany-1914", "Germany 1914", "Capt.; 3 platoons; 1 HMG company (6 HMG)/regiment",
                 "Corp.; 4 sections", "2 rifle sections (8 + Lance Corp.)", 3, _GERMAN),
    Organisation("germany-1916", "Germany 1916", "same as 1914; HMG company (18 HMG)/battalion", "same as 1914",
                 "same as 1914", 3, _GERMAN),
    Organisation("germany-1918", "Germany 1918", "same as 1914; 36 HMG, 72 MMG, 12 mortars and 4 70mm guns/"
                 "regiment", "same as 1914", "same as 1914", 3, _GERMAN),
    Organisation("austria-1914", "Austria 1914", "Capt.; 4 platoons; 2 MG/battalion", "NCO; 4 sections",
                 "same as Germany", 4, _GERMAN),
    Organisation("us-1918", "United States 1918", "Capt.; 4 platoons; MG company (16 MG)", "NCO; 3 squads",
                 "7 (+ NCO) man rifle squad", 4, _rifle(3, 7)),
)}


def ready_made(key: str, level: str = "regular") -> ArmyList:
    """BON-115 / BON-005 gap: one platoon of the organisation (its NCO as an independent hero, then its
    squads, BON-046 historical where they are not 9 + 1) and one support section (an MG team)."""
    org = ORGANISATIONS[key]
    units: list[dict[str, Any]] = [{"id": "nco", "name": "Platoon NCO", "kind": "hero", "level": level,
                                    "hero_weapon": "pistol"}]
    for i, s in enumerate(org.squads):
        if s.machine_gun:
            units.append({"id": f"mg{i + 1}", "name": s.name, "kind": "mg"})
            continue
        entry: dict[str, Any] = {"id": f"s{i + 1}", "name": s.name, "level": level, "soldiers": s.soldiers,
                                 "historical": s.soldiers != 9 or s.grenadiers > 2}
        if s.grenadiers:
            entry["specialists"] = [{"kind": "grenadier"}] * s.grenadiers
        units.append(entry)
    if not any(s.machine_gun for s in org.squads):
        units.append({"id": "mg", "name": "MG team", "kind": "mg"})
    return ArmyList.model_validate({"name": f"{org.army}: one platoon and its MG team", "organisation": key,
                                    "units": units})


def army_units(armies: Any, context: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The ``[[setup.units]]`` entries of the ready-made lists a scenario names (``[[setup.armies]]``):
    each list's units in order, from ``at`` on, ``step`` apart; a fault is one line (a ``ValueError``)."""
    out: list[dict[str, Any]] = []
    for i, raw in enumerate(armies if isinstance(armies, list) else [armies]):
        try:
            ref = ReadyMadeArmy.model_validate(raw, context=context)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise ValueError(f"armies[{i}]{'.' + where if where else ''}: "
                             f"{err['msg'].removeprefix('Value error, ')}") from None
        if ref.army not in ORGANISATIONS:
            raise ValueError(f"armies[{i}].army: no ready-made list {ref.army!r}; known: {', '.join(ORGANISATIONS)}")
        for k, u in enumerate(ready_made(ref.army, ref.level).units):
            out.append({**u.model_dump(exclude={"seat", "at", "facing", "formation", "hidden"}),
                        "id": f"{ref.seat}-{u.id}", "seat": ref.seat, "facing": ref.facing,
                        "formation": ref.formation, "hidden": ref.hidden,
                        "at": (round(ref.at[0] + k * ref.step[0], 2), round(ref.at[1] + k * ref.step[1], 2))})
    return out


def force_note(units: list[dict[str, Any]], platoon_squads: int) -> str:
    """BON-005: how a seat's force compares with one platoon and one support section (a guideline:
    a larger force is allowed, and flagged). Squads and cavalry make the platoon; MG teams support it."""
    squads = sum(1 for u in units if u["kind"] in ("squad", "cavalry"))
    support = sum(1 for u in units if u["kind"] == "mg")
    words = f"{squads} squad{'s' if squads != 1 else ''} and {support} MG team{'s' if support != 1 else ''}"
    guideline = f"one platoon (up to {platoon_squads} squads) and one support section (BON-005)"
    if squads <= platoon_squads and support <= 1:
        return f"{words}: within the guideline of {guideline}"
    return f"{words}: over the guideline of {guideline}; allowed"


# -- the ruleset's army-list interface (RulesetSpec.army_lists) -----------------------------------
def ready_made_lists() -> dict[str, str]:
    """The ready-made lists by key, with their titles."""
    return {key: ready_made(key).name for key in ORGANISATIONS}


def ready_made_toml(key: str) -> str:
    """A ready-made list as a TOML file's text (a ``KeyError`` for an unknown key)."""
    return army_toml(ready_made(key))


def check_list(path: str | Path, platoon_squads: int = 4) -> tuple[list[str], list[str]]:
    """(summary lines, problems as ``file: field: problem``) of a list file; a file that cannot be read
    or does not fit the form raises its one-line ``ScenarioError``."""
    army = load_army_list(path)
    summary = [f"{army.name}: {len(army.units)} units, {army.total()} CU"
               + (f" of {army.points_limit}" if army.points_limit else ""),
               "Force size: " + force_note([u.model_dump() for u in army.units], platoon_squads)]
    return summary, [str(p) for p in list_problems(army, str(path))]
