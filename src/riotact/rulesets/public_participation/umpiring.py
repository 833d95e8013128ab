"""The umpire's live rulings on the seed's judgement calls (PP-02 gap), as powers of the core
(:mod:`riotact.core.umpiring`): a person in the umpire's chair rules, and where he has not, the
scenario's values and the gap defaults stand.

- ``cover``: a feature's cover class, none / light (-1) / heavy (house rule ``heavy_cover``) (PP-11);
- ``obstacle``: a feature's obstacle class, none / most / difficult / really_difficult (PP-06);
- ``fright``: a scary thing's Fright Value (PP-38);
- ``risky``: crossing or entering a feature is a risky act needing nerve, with its danger and the "Etc"
  factor, or no longer risky (PP-46, PP-47);
- ``nerve``: the "Etc" factor of a character's next nerve test (PP-47);
- ``melee``: two characters in contact fight each other one to one this move (the PP-23 gap's split).

Terrain rulings are public (everyone sees the table); a Fright Value or a pairing is told to the seats
that see the character; an "Etc" factor shows only in the nerve roll it changes.

>>> from riotact.core import find_scenario, Game
>>> game = Game(find_scenario("public-participation/picket-line"), seed=1)
>>> [e["text"] for e in game.intervene("cover", feature="brazier", kind="heavy", reason="iron barrels")][-1]
'The umpire rules the brazier and barrels heavy cover (-2 to hit a figure behind it, PP-11): iron barrels.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riotact.core.umpiring import REASON, Arg, Power, PowerError
from riotact.tabletop import Feature

from . import board
from . import tables as T
from .rules import movement, telling

if TYPE_CHECKING:
    from .state import Character, World

COVER_CLASSES = ("none", "light", "heavy")
OBSTACLE_CLASSES = ("none", *T.OBSTACLE_COST)
DANGERS = {"none": "", "oh_shit": "oh_shit", "oh_mummy": "oh_mummy"}


def umpire_powers(s: World) -> tuple[Power, ...]:
    """The PP umpire's rulings."""

    def feature(fid: str) -> Feature:
        f = s.table.by_id.get(fid)
        if f is None:
            raise PowerError(f"{fid!r} is not a feature of the table (features: {', '.join(s.table.by_id)})")
        return f

    def character(cid: str) -> Character:
        c = s.chars.get(cid)
        if c is None:
            raise PowerError(f"{cid!r} is not a character (characters: {', '.join(sorted(s.chars))})")
        return c

    def one_of(value: str, allowed: tuple[str, ...], what: str) -> str:
        if value not in allowed:
            raise PowerError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def cover(a: dict[str, Any]) -> None:
        f, cls = feature(a["feature"]), one_of(a["kind"], COVER_CLASSES, "the cover class")
        s.rulings["cover"][f.id] = "" if cls == "none" else cls
        value = {"none": "no cover", "light": f"light cover ({T.IN_COVER:+d}",
                 "heavy": f"heavy cover ({s.options.heavy_cover:+d}"}[cls]
        value += " to hit a figure behind it, PP-11)" if cls != "none" else " (PP-11)"
        telling.tell(s, "PP-11", f"The umpire rules {f.name} {value}: {a['reason']}.", feature=f.id, cover=cls)

    def obstacle(a: dict[str, Any]) -> None:
        f, cls = feature(a["feature"]), one_of(a["kind"], OBSTACLE_CLASSES, "the obstacle class")
        if f.impassable:
            raise PowerError(f"{f.name} is a building: it cannot be crossed at all")
        s.rulings["obstacle"][f.id] = "" if cls == "none" else cls
        movement.forget_paths(s)
        cost = f"{T.OBSTACLE_COST[cls]}\" to cross" if cls != "none" else "no obstacle"
        telling.tell(s, "PP-06", f"The umpire rules {f.name} {cls.replace('_', ' ')} ({cost}, PP-06): {a['reason']}.",
                     feature=f.id, obstacle=cls)

    def fright(a: dict[str, Any]) -> None:
        c, value = character(a["character"]), a["value"]
        if not 0 <= value <= 6:
            raise PowerError("a Fright Value is 0 to 6")
        s.rulings["fright"][c.id] = value
        telling.tell(s, "PP-38", f"The umpire rules {c.card.name}'s Fright Value {value} (PP-38): {a['reason']}.", c)

    def risky(a: dict[str, Any]) -> None:
        f, act = feature(a["feature"]), a["act"]
        danger = DANGERS[one_of(a.get("danger", "none"), tuple(DANGERS), "the danger")]
        s.rulings["risky"][f.id] = {"act": "" if act == "none" else act, "danger": danger, "etc": a.get("etc", 0)}
        what = ("no longer risky" if act == "none" else
                f"risky: '{act}' needs a nerve test (PP-46)" + (f", {danger.replace('_', ' ')}" if danger else "")
                + (f", Etc {a.get('etc', 0):+d}" if a.get("etc") else ""))
        telling.tell(s, "PP-46", f"The umpire rules crossing {f.name} {what}: {a['reason']}.", feature=f.id)

    def nerve(a: dict[str, Any]) -> None:
        c = character(a["character"])
        s.rulings["etc"][c.id] = (a["modifier"], a["reason"])

    def melee(a: dict[str, Any]) -> None:
        x, y = character(a["character"]), character(a["foe"])
        if not s.enemies(x, y) or not board.in_contact(s, x, y):
            raise PowerError(f"{x.card.name} and {y.card.name} are not foes in contact")
        pairs = s.rulings["pairs"].setdefault(s.move, [])
        pairs[:] = [p for p in pairs if not {x.id, y.id} & set(p)] + [(x.id, y.id)]
        telling.tell(s, "PP-23", f"The umpire rules that {x.card.name} and {y.card.name} fight each other this move: "
                     f"{a['reason']}.", x, y)

    feature_arg = Arg("feature", "id", "a feature of the table, by id")
    return (
        Power("cover", "rule a feature's cover class: none, light (-1) or heavy (PP-11)",
              (feature_arg, Arg("kind", "id", "none, light or heavy"), REASON), cover,
              lambda a: f"{a['feature']} is {a['kind']} cover ({a['reason']})", rule="PP-11"),
        Power("obstacle", "rule a feature's obstacle class: none, most, difficult, really_difficult (PP-06)",
              (feature_arg, Arg("kind", "id", "none, most, difficult or really_difficult"), REASON), obstacle,
              lambda a: f"{a['feature']} is obstacle class {a['kind']} ({a['reason']})", rule="PP-06"),
        Power("fright", "rule a scary thing's Fright Value (PP-38)",
              (Arg("character", "id", "the scary thing, by id"), Arg("value", "int", "0 to 6"), REASON), fright,
              lambda a: f"{a['character']}'s Fright Value is {a['value']} ({a['reason']})", rule="PP-38"),
        Power("risky", "rule crossing a feature a risky act needing nerve, or not (act 'none') (PP-46, PP-47)",
              (feature_arg, Arg("act", "text", "the act, e.g. 'climb the burning roof', or none"),
               Arg("danger", "id", "none, oh_shit (-2) or oh_mummy (-3)", required=False),
               Arg("etc", "int", "the umpire's other factor (Etc)", required=False), REASON), risky,
              lambda a: f"crossing {a['feature']}: {a['act']} ({a['reason']})", rule="PP-46"),
        Power("nerve", "the 'Etc' factor of a character's next nerve test (PP-47)",
              (Arg("character", "id", "who tests, by id"), Arg("modifier", "int", "the factor, e.g. -1"), REASON),
              nerve, lambda a: f"Etc {a['modifier']:+d} to {a['character']}'s next nerve test ({a['reason']})",
              rule="PP-47"),
        Power("melee", "two foes in contact fight each other one to one this move (PP-23)",
              (Arg("character", "id", "one fighter, by id"), Arg("foe", "id", "the other, by id"), REASON), melee,
              lambda a: f"{a['character']} fights {a['foe']} ({a['reason']})", rule="PP-23"),
    )
