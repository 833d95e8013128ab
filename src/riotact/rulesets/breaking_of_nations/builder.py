"""The army builder's check: every entry's cost and problems and each side's total, as one edits a
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

from typing import Any

from pydantic import ValidationError

from .armies import army_problems, army_totals, unit_cost, unit_problems
from .model import BONSetup, FeatureCard, UnitCard
from .organisations import army_units


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
    partial = BONSetup.model_construct(units=cards, features=features, points_limit=limit)
    problems += army_problems(partial)
    if not problems:
        try:
            BONSetup.model_validate({**setup, "units": entries}, context={"seats": seats})
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
