"""The ``compiled`` engine of a ruleset built from its own Python sources (Civil Disorder's, By Will
Alone's, Public Participation's and The Breaking of Nations'): ``setup.py`` copies the ruleset's modules, the
shared table geometry, and the core's dice, log, modifiers, adjudication (the umpire) and their
companions, into the package ``riotact_compiled`` outside the source tree (``build/compiled/``, which
git ignores) and compiles them with mypyc at install time. A copy is the very source of the module it
was copied from (imports pointed at the sibling copies), so it plays the same games;
:meth:`~riotact.core.game.Game.explained` replays such a game through the Python engine and checks
that it reaches the same state. A ruleset's build older than any of its sources (its own, the table's,
the core's) is refused, so an edited rule is never played by a stale copy.

>>> copy_of("riotact.core.adjudication")
'riotact_compiled.core.adjudication'
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from collections.abc import Mapping
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from riotact.core.bots import make_bot, play_out
from riotact.core.engines import COMPILED, Parts
from riotact.core.errors import LaboratoryUnavailable
from riotact.core.game import Game
from riotact.core.protocol import Evaluation, RulesetSpec
from riotact.core.registry import ruleset_spec
from riotact.core.scenario import Scenario

#: The package the build writes the copies to.
PACKAGE = "riotact_compiled"
#: Where an editable install (``pip install -e .``, ``setup.py build_ext --inplace``) builds it: the
#: project's ``build/compiled`` (setup.py's ``BUILT``).
BUILT = Path(__file__).resolve().parents[2] / "build" / "compiled"
#: The rulesets' packages: a ruleset's copies are checked against its own sources, the core's and the table's.
RULESETS = "riotact.rulesets."


def copy_of(module: str) -> str:
    """The compiled copy's name of a ``riotact`` module."""
    return PACKAGE + module.removeprefix("riotact")


def unavailable(ruleset: str) -> str | None:
    """Why the compiled copies of the ruleset (its id) cannot play (not built, not compiled, older
    than a source), or None."""
    state = ruleset_spec(ruleset).state
    assert state is not None, "an implemented ruleset"
    return _unavailable(state.__module__)


@cache
def _unavailable(state: str) -> str | None:
    """:func:`unavailable` for the ruleset whose state class is in the module ``state``: the sources
    its copies were made from are its package's and those outside every ruleset (core, table)."""
    if BUILT.is_dir() and str(BUILT) not in sys.path:
        sys.path.append(str(BUILT))
    try:
        sources: dict[str, str] = importlib.import_module(PACKAGE).SOURCES
    except ImportError:
        return "the compiled laboratory engine was not built (pip install builds it where mypyc and a C compiler are)"
    package = state.rpartition(".")[0]
    if state not in sources:
        return f"the compiled laboratory engines were built without {package}: reinstall riotact (pip install -e .)"
    for module, digest in sources.items():
        if module.startswith(RULESETS) and not module.startswith(package + "."):
            continue
        found = importlib.util.find_spec(module)
        origin = Path(found.origin) if found and found.origin else None
        if origin is None or hashlib.sha256(origin.read_bytes()).hexdigest() != digest:
            return (f"the compiled laboratory engine was built from an older {module}: "
                    "reinstall riotact (pip install -e .) to rebuild it")
    not_compiled = ("the compiled laboratory engine was copied but not compiled "
                    "(no C compiler when riotact was installed, or mypyc failed: see the install's messages)")
    for module in (copy_of("riotact.core.adjudication"), copy_of(state)):
        found = importlib.util.find_spec(module)
        if found is None or not str(found.origin).endswith(tuple(EXTENSION_SUFFIXES)):
            return not_compiled
    try:  # a module's stub is built apart from its library (one per ruleset), which may have failed
        importlib.import_module(copy_of(state))
    except ImportError:
        return not_compiled
    except Exception as exc:  # a compiled copy that does not load is refused, not played
        return f"the compiled laboratory engine does not load ({type(exc).__name__}: {exc})".replace("\n", " ")
    return None


class CompiledCopy:
    """A ruleset's compiled copy as an engine (:class:`riotact.core.engines.Engine`): a laboratory-mode
    :class:`Game` built from the copies' classes, which copies as the Python engine's does (the search
    bot's worlds: core/compiling.py), so every bot plays on it."""

    def __init__(self, spec: RulesetSpec) -> None:
        self.spec = spec
        # the copies' records read their fields' type hints from the sources' classes (record_copy)
        importlib.import_module(copy_of("riotact.core.protocol")).BUILT_FROM[PACKAGE] = "riotact"

    def parts(self) -> Parts:
        dice = importlib.import_module(copy_of("riotact.core.dice"))
        log = importlib.import_module(copy_of("riotact.core.log"))
        umpire = importlib.import_module(copy_of("riotact.core.adjudication"))
        spec = self.spec
        assert spec.state is not None
        evaluation = spec.evaluation and Evaluation(_copied(spec.evaluation.value), spec.evaluation.horizon)
        return Parts(dice.SeededDice, log.QuietLog, umpire.Umpire, _copied(spec.state),
                     spec.determinise and _copied(spec.determinise), evaluation)

    def refusal(self, scenario: Scenario, options: Mapping[str, Any], players: Mapping[str, str]) -> str | None:
        return None

    def play(self, scenario: Scenario, *, seed: int, options: Mapping[str, Any], players: Mapping[str, str],
             max_decisions: int) -> Game:
        game = Game(scenario, seed=seed, options=options, explain=False, players=players, engine=COMPILED)
        return play_out(game, {s: make_bot(kind, game, s) for s, kind in players.items()},
                        max_decisions=max_decisions)


def _copied(original: Any) -> Any:
    """The compiled copy's twin of a class or function of a ruleset's modules (its state, determiniser,
    evaluation), which reads the copies' classes."""
    return getattr(importlib.import_module(copy_of(original.__module__)), original.__qualname__)


def compiled_copy(spec: RulesetSpec) -> CompiledCopy:
    """The ``compiled`` engine's loader (``RulesetSpec.engines``), or :class:`LaboratoryUnavailable`
    saying why the copies cannot play."""
    assert spec.state is not None, "an implemented ruleset"
    reason = _unavailable(spec.state.__module__)
    if reason is not None:
        raise LaboratoryUnavailable(reason)
    return CompiledCopy(spec)
