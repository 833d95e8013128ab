"""Army lists in TOML files, checked with one line per problem: ``file: field: problem``.

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
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from riotact.core.errors import ScenarioError

from .armies import unit_cost, unit_issues
from .model import UnitCard


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
