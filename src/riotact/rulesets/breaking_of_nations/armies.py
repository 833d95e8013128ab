"""Armies: Cost Units and the list-building rules (BON-010), army-list files, the sample organisations
(BON-115) and force size (BON-005), and the army builder's check.

Army lists: Cost Units (BON-010) and the list-building rules, as one-line messages.

>>> from riotact.rulesets.breaking_of_nations.setup import UnitCard
>>> squad = UnitCard(id="A", name="1st Section", seat="tommies", at=(5, 5),
...                  specialists=[{"kind": "lmg"}])
>>> unit_cost(squad)
33
>>> unit_problems(squad, entrenched=False)
[]
>>> unit_problems(squad.model_copy(update={"soldiers": 8}), entrenched=False)
['unit A: a squad is one officer and nine soldiers, specialists included (BON-044); it has 8 soldiers']

Army lists in TOML files, checked with one line per problem: ``file: field: problem``.

A list file holds a ``name``, optionally the sample organisation it follows (``organisation``,
BON-115), the ``points_limit`` it must keep to (BON-010), whether it is for an ``entrenched`` board
(BON-055), and its ``[[units]]``: the scenario's army-list entries (docs/rules/BON.md) without their
places on the table.

>>> ArmyList.model_validate({"name": "x", "units": [{"id": "a", "name": "1st", "soldiers": 8}]}).units[0].soldiers
8
>>> army = ArmyList.model_validate({"name": "x", "points_limit": 20,
...                                  "units": [{"id": "a", "name": "1st", "soldiers": 8}]})
>>> for problem in list_problems(army, "my.toml"):
...     print(problem)
my.toml: units[0].soldiers: a squad is one officer and nine soldiers, specialists included (BON-044); it has 8 soldiers
my.toml: points_limit: the army list costs 27 CU, over the limit of 20 (BON-010)

The seed's sample organisations (BON-115) as ready-made army lists, and force size (BON-005).

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

The army builder's check: every entry's cost and problems and each side's total, as one edits a
list (the web lobby asks after each change). The rules are the engine's own: :func:`unit_cost`,
:func:`army_problems` and the scenario model (BON-010, BON-044, BON-045, BON-047, BON-050, BON-055).

>>> from riotact.core import find_scenario
>>> data = find_scenario("breaking-of-nations/trench-raid").data
>>> report = army_report(data)
>>> report["ok"], report["limit"], sorted(report["totals"])
(True, 80, ['british', 'germans'])
>>> units = [dict(u) for u in data["setup"]["units"]]
>>> units[0]["soldiers"] = 8
>>> army_report({**data, "setup": {**data["setup"], "units": units}})["problems"][0][:40]
'unit A: a squad is one officer and nine '
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from riotact.core.errors import ScenarioError

from .rules.ordnance import GUNS, VEHICLE_CU
from .setup import FeatureCard, ReadyMadeArmy, Setup, UnitCard
from .tables import LEVELS, MOUNT_CU, PIECES, RADIO_CU, SPECIALISTS, STATS, WEAPONS

SQUAD_SOLDIERS, MAX_SPECIALISTS = 9, 2  # BON-044, BON-045
MAX_CUTTERS = 1  # BON-102 gap: one set of wire cutters a squad
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def unit_cost(u: UnitCard) -> int:
    """BON-010: soldiers' CU plus weapons' CU; a specialist is his level's CU plus his weapon's
    (BON-045); a piece's crew is included in its cost (BON-065)."""
    if u.kind == "mg":
        return PIECES["mg"].cu
    if u.kind == "gun":
        return GUNS[u.piece].cu
    if u.kind == "vehicle":
        return VEHICLE_CU + 5 * u.cv_class + WEAPONS[u.armament].cu
    level = STATS[u.level].cu
    hero = STATS[u.hero_level or u.level].cu + WEAPONS[u.hero_weapon].cu
    if u.kind == "hero":
        return hero
    if u.kind == "cavalry":
        return hero + u.soldiers * level + (u.soldiers + 1) * MOUNT_CU
    weapons = sum(WEAPONS[SPECIALISTS[s.kind]].cu for s in u.specialists)
    return (hero + u.soldiers * level + weapons + (RADIO_CU if u.radio else 0)
            + u.cc_weapons * WEAPONS["cc_weapon"].cu)


def unit_problems(u: UnitCard, *, entrenched: bool) -> list[str]:
    """What makes one list entry illegal, each in one line naming the unit and the rule."""
    return [f"unit {u.id}: {problem}" for _, problem in unit_issues(u, entrenched=entrenched)]


def unit_issues(u: UnitCard, *, entrenched: bool) -> list[tuple[str, str]]:
    """(field, problem) for each thing that makes one list entry illegal, naming the rule."""
    out: list[tuple[str, str]] = []
    if u.hero_level and LEVELS.index(u.hero_level) > LEVELS.index(u.level) and u.kind == "squad":
        out.append(("hero_level", f"a hero never has higher stats than his squad (BON-047): "
                                  f"{u.hero_level} leading {u.level}"))
    if u.wire_cutters and u.kind not in ("squad", "hero"):
        out.append(("wire_cutters", f"only soldiers on foot cut wire (BON-102): a squad or a hero carries the "
                                    f"cutters, not a {u.kind} unit"))
    elif u.wire_cutters > MAX_CUTTERS and not (u.kind == "squad" and u.historical):
        out.append(("wire_cutters", f"at most {MAX_CUTTERS} set of wire cutters a {u.kind} (BON-102 gap, unless "
                                    f"the scenario's squad is historical); it has {u.wire_cutters}"))
    if u.banner and u.kind not in ("squad", "cavalry"):
        out.append(("banner", f"a banner is borne by a soldier of a squad or a rider (BON-036), not in a {u.kind} "
                              "unit"))
    elif u.banner and u.soldiers - (len(u.specialists) + u.radio if u.kind == "squad" else 0) < 1:
        out.append(("banner", "a banner needs an ordinary soldier to bear it (BON-036): every soldier is a "
                              "specialist or the radio man"))
    if u.kind != "squad":
        return out
    if not u.historical and u.soldiers != SQUAD_SOLDIERS:
        out.append(("soldiers", "a squad is one officer and nine soldiers, specialists included (BON-044); "
                                f"it has {u.soldiers} soldiers"))
    hero_specialist = WEAPONS[u.hero_weapon].specialist
    allowed = MAX_SPECIALISTS - (1 if hero_specialist else 0)
    if not u.historical and len(u.specialists) > allowed:
        why = " with a hero carrying a specialist weapon (BON-050)" if hero_specialist else " (BON-045)"
        out.append(("specialists", f"at most {allowed} specialist{'s' if allowed != 1 else ''} in a squad{why}; "
                                   f"it has {len(u.specialists)}"))
    if len(u.specialists) + u.radio + max(u.cc_weapons, u.pistols) > u.soldiers:
        out.append(("specialists", "more specialists, radio men and specially armed soldiers than soldiers"))
    if entrenched and u.cc_weapons:
        out.append(("cc_weapons", "on an entrenched gameboard only heroes may have close-combat weapons "
                                  "(BON-055)"))
    return out


def army_problems(setup: Setup) -> list[str]:
    """Every list problem of the scenario, then each side's total against the points limit."""
    entrenched = any(f.kind == "trench" for f in setup.features)  # BON-055 gap
    out = [p for u in setup.units for p in unit_problems(u, entrenched=entrenched)]
    if setup.points_limit:
        for seat, total in army_totals(setup).items():
            if total > setup.points_limit:
                out.append(f"seat {seat}: the army list costs {total} CU, over the scenario's limit of "
                           f"{setup.points_limit} (BON-010)")
    return out


def army_totals(setup: Setup) -> dict[str, int]:
    totals: dict[str, int] = {}
    for u in setup.units:
        totals[u.seat] = totals.get(u.seat, 0) + unit_cost(u)
    return totals


class ListEntry(UnitCard):
    """An army-list entry as in a scenario, with no seat or place yet."""

    seat: str = "army"
    at: tuple[float, float] = (0.0, 0.0)


class ArmyList(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    organisation: str = ""  # BON-115: the sample organisation it follows, if any
    points_limit: int = Field(0, ge=0)  # BON-010 (0 = none)
    entrenched: bool = False  # BON-055
    units: list[ListEntry] = Field(min_length=1)

    def total(self) -> int:
        return sum(unit_cost(u) for u in self.units)


def list_problems(army: ArmyList, source: str) -> list[ScenarioError]:
    """Every problem of a list, each naming the file, the field and the rule."""
    out = []
    ids = [u.id for u in army.units]
    for i, u in enumerate(army.units):
        if ids.count(u.id) > 1:
            out.append(ScenarioError(source, f"units[{i}].id", f"unit id {u.id!r} is used more than once"))
        for field, problem in unit_issues(u, entrenched=army.entrenched):
            out.append(ScenarioError(source, f"units[{i}].{field}", problem))
    if army.points_limit and army.total() > army.points_limit:
        out.append(ScenarioError(source, "points_limit", f"the army list costs {army.total()} CU, over the limit "
                                 f"of {army.points_limit} (BON-010)"))
    return out


def load_army_list(path: str | Path) -> ArmyList:
    """Read and validate a list file; a fault is a ``ScenarioError`` of one line."""
    source = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(source, "", f"cannot read the file ({exc.__class__.__name__})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(source, "", f"not valid TOML ({exc})") from None
    try:
        return ArmyList.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
        raise ScenarioError(source, loc, err["msg"].removeprefix("Value error, ")) from None


def army_toml(army: ArmyList) -> str:
    """A list as TOML text, to save and edit (what ``load_army_list`` reads back)."""
    lines = [f"name = {_q(army.name)}"]
    if army.organisation:
        lines.append(f"organisation = {_q(army.organisation)}")
    if army.points_limit:
        lines.append(f"points_limit = {army.points_limit}")
    if army.entrenched:
        lines.append("entrenched = true")
    defaults = ListEntry.model_validate({"id": "x", "name": "x"})
    for u in army.units:
        lines += ["", "[[units]]"]
        for key, value in u.model_dump(exclude={"seat", "at"}).items():
            if value == getattr(defaults, key) and key not in ("id", "name"):
                continue
            if key == "specialists":
                lines.append("specialists = [" + ", ".join(f'{{kind = "{s["kind"]}"}}' for s in value) + "]")
            elif isinstance(value, bool):
                lines.append(f"{key} = {'true' if value else 'false'}")
            elif isinstance(value, str):
                lines.append(f"{key} = {_q(value)}")
            else:
                lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


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


# -- the ruleset's army lists (RulesetSpec.armies) --------------------------------------------------
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


def _fault(exc: ValidationError, where: str) -> str:
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err["loc"])
    return f"{where}: {field + ': ' if field else ''}{err['msg'].removeprefix('Value error, ')}"


def army_report(scenario: dict[str, Any]) -> dict[str, Any]:
    """``scenario``: a scenario's data (a TOML file's tables) whose ``setup.units`` is the list being
    edited. Returns each entry's cost and problems, each seat's total, the limit, and every problem
    (the scenario model's own checks last: unique ids, positions on the table, deployment edges)."""
    seats = tuple(s for s in scenario.get("seats", ()) if isinstance(s, str))
    setup = scenario.get("setup") or {}
    given = setup.get("units")
    entries: list[Any] = given if isinstance(given, list) else []
    try:  # BON-115: the ready-made lists the scenario names count with the edited list
        extra = army_units(setup["armies"], {"seats": seats}) if setup.get("armies") else []
    except ValueError as exc:
        return {"units": [], "totals": {}, "limit": 0, "problems": [f"setup: {exc}"], "ok": False}
    try:
        features = [FeatureCard.model_validate(f) for f in setup.get("features", [])]
    except ValidationError as exc:
        return {"units": [], "totals": {}, "limit": 0, "problems": [_fault(exc, "features")], "ok": False}
    entrenched = any(f.kind == "trench" for f in features)
    rows: list[dict[str, Any]] = []
    cards: list[UnitCard] = []
    problems: list[str] = []
    for i, raw in enumerate([*entries, *extra]):
        name = str(raw.get("id", f"#{i + 1}")) if isinstance(raw, dict) else f"#{i + 1}"
        try:
            card = UnitCard.model_validate(raw, context={"seats": seats})
        except ValidationError as exc:
            rows.append({"id": name, "cost": None, "problems": [_fault(exc, f"unit {name}")]})
            problems += rows[-1]["problems"]
            continue
        cards.append(card)
        rows.append({"id": card.id, "seat": card.seat, "cost": unit_cost(card),
                     "problems": unit_problems(card, entrenched=entrenched)})
    limit = setup.get("points_limit", 0) if isinstance(setup.get("points_limit", 0), int) else 0
    partial = Setup.model_construct(units=cards, features=features, points_limit=limit)
    problems += army_problems(partial)
    if not problems:
        try:
            Setup.model_validate({**setup, "units": entries}, context={"seats": seats})
        except ValidationError as exc:
            problems.append(_fault(exc, "setup"))
    return {"units": rows, "totals": army_totals(partial), "limit": limit, "problems": problems,
            "ok": not problems, "seats": list(seats), "form": unit_form()}


#: Fields the builder leaves as the scenario has them (positions of single models, OoB exemptions).
_KEPT = ("models_at", "historical")


def unit_form() -> list[dict[str, Any]]:
    """One list entry's fields for a form, read from :class:`UnitCard` itself: name, kind (``text``,
    ``int``, ``number``, ``bool``, ``choice``, ``choices`` for a list of kinds, ``point``), the
    choices and the default, so the builder offers exactly what the model accepts."""
    schema = UnitCard.model_json_schema()
    defs = schema.get("$defs", {})
    out = []
    for name, prop in schema["properties"].items():
        if name in _KEPT:
            continue
        options = next((p["enum"] for p in [prop, *prop.get("anyOf", [])] if "enum" in p), None)
        if name == "specialists":
            kind, options = "choices", defs["SpecialistCard"]["properties"]["kind"]["enum"]
        elif name == "at":
            kind = "point"
        elif options is not None:
            kind = "choice"
        else:
            kind = {"integer": "int", "number": "number", "boolean": "bool"}.get(prop.get("type", ""), "text")
        out.append({"name": name, "kind": kind, "choices": options or [], "default": prop.get("default"),
                    "optional": any(p.get("type") == "null" for p in prop.get("anyOf", [])),
                    "help": prop.get("description", "")})
    return out
