"""Compiled laboratory engines: a ruleset's modules, with the core's dice, log and umpire, compiled
by mypyc at install time (``setup.py``) as copies under ``riotact._compiled``.

A copy is the very source of the module it was copied from, so it plays the same games;
:meth:`~riotact.core.game.Game.explained` replays such a game through the Python engine and checks
that it reaches the same state. A build older than any of those sources is refused, so an edited
rule is never played by a stale copy.

>>> engine = python_engine(explain=False)
>>> engine.log.__name__, engine.umpire.__module__
('QuietLog', 'riotact.core.umpire')
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from .dice import SeededDice
from .errors import LaboratoryUnavailable
from .log import GameLog, QuietLog
from .umpire import Umpire

#: The package ``setup.py`` writes the copies to.
COPIES = "riotact._compiled"


@dataclass(frozen=True)
class Engine:
    """The classes a :class:`~riotact.core.game.Game` builds its dice, log and umpire from (its
    state class comes from the ruleset, or from the ruleset's compiled copy)."""

    seeded_dice: type[SeededDice]
    log: type[GameLog]
    umpire: type[Umpire]


def python_engine(*, explain: bool) -> Engine:
    """The Python engine: the full explained log, or the laboratory mode's counted one."""
    return Engine(SeededDice, GameLog if explain else QuietLog, Umpire)


def copy_of(module: str) -> str:
    """The compiled copy's name of a ``riotact`` module."""
    return COPIES + module.removeprefix("riotact")


@cache
def unavailable() -> str | None:
    """Why the compiled copies cannot play (not built, not compiled, older than a source), or None."""
    try:
        sources: dict[str, str] = importlib.import_module(COPIES).SOURCES
    except ImportError:
        return "the compiled laboratory engine was not built (pip install builds it where mypyc and a C compiler are)"
    for module, digest in sources.items():
        found = importlib.util.find_spec(module)
        origin = Path(found.origin) if found and found.origin else None
        if origin is None or hashlib.sha256(origin.read_bytes()).hexdigest() != digest:
            return (f"the compiled laboratory engine was built from an older {module}: "
                    "reinstall riotact (pip install -e .) to rebuild it")
    umpire = importlib.util.find_spec(copy_of("riotact.core.umpire"))
    if umpire is None or not str(umpire.origin).endswith(tuple(EXTENSION_SUFFIXES)):
        return "the compiled laboratory engine was copied but not compiled (no C compiler when riotact was installed)"
    return None


def compiled_engine(state: str) -> tuple[Engine, type]:
    """The compiled copies' engine and the state class named ``module:Class`` (the original's name),
    or :class:`LaboratoryUnavailable` saying why not."""
    reason = unavailable()
    if reason is not None:
        raise LaboratoryUnavailable(reason)
    module, _, name = state.partition(":")
    dice = importlib.import_module(copy_of("riotact.core.dice"))
    log = importlib.import_module(copy_of("riotact.core.log"))
    umpire = importlib.import_module(copy_of("riotact.core.umpire"))
    engine = Engine(dice.SeededDice, log.QuietLog, umpire.Umpire)
    return engine, getattr(importlib.import_module(copy_of(module)), name)
