"""Tests play the game (issue 20; docs/testing.md): a test sets its table up with a scenario and scripted
dice, drives ``Game`` through its decisions, and reads the umpire's view when it must see inside. It never
writes into a game's state: such a test can pass on a table no game can reach, and breaks whenever the
state's shape changes.

Every test file is read with ``ast``. An expression reaches a game's state when it is an attribute
``.state`` (``game.state``, ``table.game.state``), an attribute, item or ``.get/.values/.items`` of one that
does, ``next(...)`` of a generator over one, or a name bound to one in its scope or an enclosing one
(assignment, ``for``, comprehension, ``with ... as``), or what a helper that returns one returns: a
function of the module, or of a test support module (any ``tests/**/*.py`` not named ``test_*.py``, such as
``rb_support.py``) that the module imports (``from m import f``, ``import m``), or a fixture of a
``conftest.py`` above it (a parameter of that name, or a member of a namespace fixture: ``bwa.unit(...)``).
A copy (``copy.deepcopy(game.state)``) is a local object, not the game's. A write is an assignment, augmented
assignment or ``del`` whose target is in the state, ``setattr``/``delattr`` on it, or a mutating method
(``append``, ``update``, a pile's ``draw``, ...) called on it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

TESTS = Path(__file__).parent
MUTATING = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
                      "setdefault", "popitem", "sort", "reverse",
                      "draw", "put_top", "put_bottom", "shuffled"})  # (the last four: a core Pile's)
READING = frozenset({"get", "values", "items", "keys"})

def _reaches(node: ast.expr, aliases: set[str]) -> bool:
    """Whether ``node`` is a game's state or a part of it."""
    while True:
        if isinstance(node, ast.Attribute):
            if node.attr == "state":  # a web app's ``app.state`` is Starlette's, not a game's
                owner = node.value
                return (owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")) != "app"
            node = node.value
        elif isinstance(node, ast.Subscript | ast.Starred):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in READING:
            node = node.func.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "next"
              and node.args and isinstance(node.args[0], ast.GeneratorExp)):
            node = node.args[0].generators[0].iter
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
            return f"{ast.unparse(node.func)}()" in aliases  # a helper that hands out a state
        elif isinstance(node, ast.Name):
            return node.id in aliases
        else:
            return False


def _names(target: ast.expr) -> Iterator[str]:
    for node in ast.walk(target):
        if isinstance(node, ast.Name):
            yield node.id


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a scope, not those of the functions and lambdas defined in it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))


def _bound(target: ast.expr, value: ast.expr, aliases: set[str]) -> Iterator[str]:
    """The names an assignment binds to a part of a game's state (``s, crowd = g.state, x`` binds ``s``)."""
    if isinstance(target, ast.Tuple | ast.List) and isinstance(value, ast.Tuple | ast.List) \
            and len(target.elts) == len(value.elts):
        for t, v in zip(target.elts, value.elts, strict=True):
            yield from _bound(t, v, aliases)
    elif _reaches(value, aliases):
        yield from _names(target)


def _aliases(nodes: list[ast.AST], inherited: set[str]) -> set[str]:
    aliases = set(inherited)
    while True:
        before = len(aliases)
        for node in nodes:
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                aliases.update(name for t in targets for name in _bound(t, node.value, aliases))
            elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension) and _reaches(node.iter, aliases):
                aliases.update(_names(node.target))
            elif isinstance(node, ast.withitem) and node.optional_vars is not None \
                    and _reaches(node.context_expr, aliases):
                aliases.update(_names(node.optional_vars))
        if len(aliases) == before:
            return aliases


def _is_write(node: ast.AST, aliases: set[str]) -> bool:
    def into_state(target: ast.expr) -> bool:
        if isinstance(target, ast.Tuple | ast.List):
            return any(into_state(t) for t in target.elts)
        return isinstance(target, ast.Attribute | ast.Subscript) and (
            _reaches(target.value, aliases) or (isinstance(target, ast.Attribute) and target.attr == "state"))

    if isinstance(node, ast.Assign | ast.Delete):
        return any(into_state(t) for t in node.targets)
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return into_state(node.target)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in ("setattr", "delattr"):
            return bool(node.args) and _reaches(node.args[0], aliases)
        return isinstance(func, ast.Attribute) and name in MUTATING and _reaches(func.value, aliases)
    return False


def _imported(tree: ast.Module, support: Mapping[str, set[str]]) -> set[str]:
    """The calls (``"f()"``, ``"m.f()"``) of support modules' state helpers that the module imports."""
    calls: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            exported = support.get(node.module.removeprefix("tests."), set())
            calls.update(f"{name.asname or name.name}()" for name in node.names if name.name in exported)
        elif isinstance(node, ast.Import):
            for name in node.names:
                exported = support.get(name.name.removeprefix("tests."), set())
                calls.update(f"{name.asname or name.name}.{f}()" for f in exported if "." not in f)
    return calls


def _helpers(tree: ast.Module, imported: set[str]) -> set[str]:
    """The calls that hand out a game's state in a module: those it imports, and ``"f()"`` for each of its
    functions that returns (or yields) one, or ``"f.member()"`` for a namespace it returns of such helpers."""
    helpers = set(imported)
    while True:
        before = len(helpers)
        for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            nodes = list(_own_nodes(function))
            aliases = _aliases(nodes, helpers)
            if any(isinstance(n, ast.Return | ast.Yield) and n.value is not None and _reaches(n.value, aliases)
                   for n in nodes):
                helpers.add(f"{function.name}()")
            for node in nodes:  # SimpleNamespace(unit=unit) or a class body's ``unit = staticmethod(unit)``
                members = ([(k.arg, k.value) for k in node.keywords] if isinstance(node, ast.Call) else
                           [(t.id, node.value) for t in node.targets if isinstance(t, ast.Name)]
                           if isinstance(node, ast.Assign) else [])
                for member, value in members:
                    if isinstance(value, ast.Call) and value.args:  # staticmethod(f)
                        value = value.args[0]
                    if member and f"{ast.unparse(value)}()" in helpers:
                        helpers.add(f"{function.name}.{member}()")
        if len(helpers) == before:
            return helpers


def support_helpers(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """For each test support module (by its dotted name under tests/, e.g. ``revolting_behaviour.rb_support``),
    the names of its helpers that hand out a game's state (``"player"``; ``"bwa.unit"`` for a member of a
    namespace fixture), through modules that import each other's."""
    trees = {module: ast.parse(source) for module, source in sources.items()}
    found: dict[str, set[str]] = {module: set() for module in sources}
    while True:
        before = sum(map(len, found.values()))
        for module, tree in trees.items():
            functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            calls = (call.removesuffix("()") for call in _helpers(tree, _imported(tree, found)))
            found[module] = {name for name in calls
                             if "." not in name or name.split(".")[0] in functions}  # not ``import m``'s
        if sum(map(len, found.values())) == before:
            return found


def state_writes(source: str, support: Mapping[str, set[str]] | None = None, module: str = "") -> list[tuple[int, str]]:
    """The line and text of every write into a game's state in a test module's source; ``support``
    (:func:`support_helpers`) gives the state helpers of the support modules, and ``module`` the
    dotted name of this one, which says which ``conftest`` fixtures reach it."""
    writes: list[tuple[int, str]] = []
    tree = ast.parse(source)
    support = support or {}
    fixtures: set[str] = set()  # the conftests' state fixtures: a test's parameters of those names
    imported = _imported(tree, support)
    for name, exported in support.items():
        package = name.removesuffix("conftest")
        if name.split(".")[-1] == "conftest" and module.startswith(package):
            fixtures.update(f for f in exported if "." not in f)
            imported.update(f"{f}()" for f in exported if "." in f)

    def visit(scope: ast.AST, inherited: set[str]) -> None:
        nodes = list(_own_nodes(scope))
        aliases = _aliases(nodes, inherited)
        writes.extend((n.lineno, ast.unparse(n)) for n in nodes if _is_write(n, aliases))
        for node in nodes:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                parameters = {a.arg for a in (*node.args.args, *node.args.kwonlyargs)}
                visit(node, aliases | (parameters & fixtures))

    visit(tree, _helpers(tree, imported))
    return sorted(writes)


def _module(path: Path) -> str:
    return path.relative_to(TESTS).with_suffix("").as_posix().replace("/", ".")


def test_no_test_writes_into_a_games_state() -> None:
    sources = {_module(path): path.read_text(encoding="utf-8") for path in sorted(TESTS.rglob("*.py"))}
    support = support_helpers({m: source for m, source in sources.items() if not m.split(".")[-1].startswith("test_")})
    problems = [f"{module.replace('.', '/')}.py:{line}: {text}" for module, source in sources.items()
                for line, text in state_writes(source, support, module)]
    assert not problems, ("tests write into a game's state; set the table up with a scenario, scripted "
                          "dice and decisions instead:\n" + "\n".join(problems))


def test_the_rule_finds_writes_through_aliases_and_leaves_local_objects_alone() -> None:
    """The check itself: each kind of write is found, through the module's own helpers and those of the
    support modules and conftests, and nothing that is not the game's state."""
    source = '''
def test_writes(g, table):
    g.state.turn = 3                                   # 1 assignment
    table.game.state.units["a"].lost = True            # 2 through another object
    s = g.state
    s.jail.append("x")                                 # 3 a mutating call on an alias
    unit = s.units["n"]
    unit.stands[0].commander = False                   # 4 through a second alias
    for u in g.state.units.values():
        u.node, other = "x1", 2                        # 5 a loop variable, in a tuple
    s2, c = other, next(c for c in s.crowds.values() if c.gone)
    s2.turn = 1
    c.figures += 1                                     # 6 augmented, through next(...)
    del s.dummies["A1"]                                # 7
    setattr(unit, "lost", True)                        # 8
    def inner():
        unit.attempts = 2                              # 9 a closure over an alias

def table(cd):
    game = cd.game()
    return game.state

def test_through_a_helper(cd):
    s = table(cd)
    s.turn = 2                                         # 19 a state handed out by a module function
    table(cd).gas.clear()                              # 20

def test_reads_and_local_objects(g):
    copy_ = copy.deepcopy(g.state)
    copy_.umpire.dice = None
    units = [dict(u) for u in g.view("umpire")["state"]["units"]]
    units[0]["node"] = "x1"
    local = {}
    local["state"] = 1
    seen = sorted(g.state.units)
    seen.append("x")
    client.app.state.room = None
    assert g.state.turn == 3
'''
    assert [line for line, _ in state_writes(source)] == [3, 4, 6, 8, 10, 13, 14, 15, 17, 25, 26]

    support = support_helpers({"rb_support": '''
from support import umpire_sees
def player(game, seat):
    return game.state.players[seat]
def deck(game):
    return player(game, "p1").action_deck              # a helper over a helper
def sees(game):
    return umpire_sees(game)["players"]
''', "conftest": '''
import rb_support
@pytest.fixture
def world(rb_game):
    yield rb_game.state
@pytest.fixture
def rb():
    return SimpleNamespace(me=rb_support.player, sees=rb_support.sees)
''', "cd.conftest": '''
@pytest.fixture
def board(game):
    return game.state.board
'''})
    assert support == {"rb_support": {"player", "deck"}, "conftest": {"world", "rb.me"}, "cd.conftest": {"board"}}
    source = '''
from rb_support import player as me, sees
import rb_support

def test_through_support_modules(game, world, board):
    me(game, "p1").cause_deck.cards.clear()           # 6 a support module's helper, renamed
    pile = rb_support.deck(game)
    pile.cards, pile.ordered = pile.cards[:2], 2      # 8 through ``import m``, over a second helper
    pile.draw()                                       # 9 a core Pile's draw
    world.turn = 3                                    # 10 a conftest's fixture, as a parameter
    rb.me(game, "p2").rp = 0                          # 11 a member of a conftest's namespace fixture
    sees(game)["p1"]["rp"] = 0                        # the umpire's view: a local dict
    copy.deepcopy(me(game, "p1")).cause.clear()       # a copy
    board.gas = 1                                     # cd.conftest does not reach this folder
'''
    assert [line for line, _ in state_writes(source, support, "revolting_behaviour.test_x")] == [6, 8, 9, 10, 11]


# -- reading inside ---------------------------------------------------------------------------------
#: Why a file may still read a game's ``.state``, and how many times: a test sees inside through the
#: umpire's view (``support.umpire_sees``); the few files listed here read the state itself for the
#: reason given. A count may only go down, and the list is kept exact so it cannot hide new reads.
EVALUATION = ("a ruleset's evaluation is a function of a State, as the search bot calls it on its worlds; "
              "its tests call it so")
STATE_READS: dict[str, tuple[int, str]] = {
    "breaking_of_nations/test_bon_action_odds.py": (13, "close-combat and charge odds against the engine's own blows "
                                                    "on a copy: who else is in base contact (BON-034's wild blow) "
                                                    "and which chargers can move (BON-016) no view or log shows"),
    "breaking_of_nations/test_bon_clones.py": (10, "a world copy shares the terrain and copies the soldiers: object "
                                              "identity, which no view shows"),
    "breaking_of_nations/test_bon_evaluation.py": (8, EVALUATION),
    "by_will_alone/test_bwa_map.py": (1, "games, clones and other sight rules share one built map or not: "
                                      "object identity, a cost no view shows"),
    "by_will_alone/test_bwa_text.py": (1, "plants the conformance sentinels (as core/conformance.py does), "
                                       "which no seat or umpire decision can"),
    "civil_disorder/test_cd_conformance.py": (1, "plants the conformance suite's sentinels in the hidden facts "
                                                "(view.plant_sentinels)"),
    "civil_disorder/test_cd_snipers.py": (1, "plants the sentinels and asks which the commander may not see "
                                            "(view.hidden_tokens): the bomb's, until it goes off"),
    "civil_disorder/test_cd_spots.py": (2, "checks the state's bucketed look-ups (spots.py), which no view shows, "
                                         "against a walk over every piece"),
    "civil_disorder/test_cd_text.py": (1, "plants the conformance suite's sentinels (view.plant_sentinels) and asks "
                                         "which a seat may not see on its screen"),
    "core/test_clone.py": (6, "what a clone shares with its original and what it copies (house rules, tables, "
                             "records, containers): object identity, which no view shows"),
    "public_participation/test_pp_copies.py": (2, "a copy shares the table and cards and copies the characters: "
                                               "object identity, which no view shows"),
    "public_participation/test_pp_evaluation.py": (9, EVALUATION),
    "revolting_behaviour/rb_support.py": (1, "player(): the Cause and Action Deck in order, which RB-07 "
                                             "hides from every view, the umpire's included"),
    "revolting_behaviour/test_rb_rules.py": (1, "plants the leak sentinels (the state's own fog hook, "
                                                "as core.conformance does)"),
    "rl/test_determinise.py": (4, EVALUATION),
    "rl/test_pettingzoo.py": (1, "plants the leak sentinels (the state's own fog hook, "
                                 "as core.conformance does)"),
    "rl/test_search.py": (3, "a ruleset's evaluation is a function of a State (as the search bot calls it); a world's "
                              "face-down Cause (RB-07) is in no view"),
    "web/test_spectators.py": (2, "plants the leak sentinels (the state's own fog hook, "
                                  "as core.conformance does)"),
    "web/test_wire_leaks.py": (2, "plants the leak sentinels (the state's own fog hook, "
                                  "as core.conformance does)"),
    "test_compiled_engines.py": (4, "checks that a compiled engine plays with its own (mypyc) state type, and that"
                                 " a compiled clone and its worlds are copies of it, not the game itself"),
}


def state_reads(source: str) -> int:
    """How many times a test module's source names a game's ``.state`` (a web app's is Starlette's)."""
    def owner(node: ast.Attribute) -> str:
        value = node.value
        return value.attr if isinstance(value, ast.Attribute) else getattr(value, "id", "")

    return sum(1 for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Attribute) and node.attr == "state" and owner(node) != "app")


def test_tests_look_inside_through_the_umpires_view() -> None:
    found = {path.relative_to(TESTS).as_posix(): state_reads(path.read_text(encoding="utf-8"))
             for path in sorted(TESTS.rglob("*.py")) if path.name != Path(__file__).name}
    found = {name: count for name, count in found.items() if count}
    listed = {name: count for name, (count, _) in STATE_READS.items()}
    assert found == listed, (
        "reads of a game's .state differ from STATE_READS; read the umpire's view (support.umpire_sees) "
        "instead, and keep the list exact:\n" + "\n".join(
            f"{name}: {found.get(name, 0)} read, {listed.get(name, 0)} listed"
            for name in sorted(set(found) | set(listed)) if found.get(name) != listed.get(name)))
