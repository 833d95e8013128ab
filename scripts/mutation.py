"""Mutation testing of the rules modules: small edits to a ruleset's code that change a rule, each run
against that ruleset's tests. A mutant the tests fail on is killed; one they pass is a survivor, and a
survivor is then played: if seeded bot games give byte-identical logs, views and odds to the unmutated
code, it is reported apart as "no behaviour change seen" (most are equivalent mutants), and the score
counts only mutants that change behaviour. See docs/testing.md.

    .venv/bin/python scripts/mutation.py --module src/riotact/rulesets/breaking_of_nations/glory.py
    .venv/bin/python scripts/mutation.py --sample 40 --seed 1 --results runs/mutation.jsonl
    .venv/bin/python scripts/mutation.py --report runs/mutation.jsonl      # the tables again
    .venv/bin/python scripts/mutation.py --list --module src/riotact/rulesets/breaking_of_nations/glory.py

The working tree is never edited: every mutant is written into a temporary copy of ``src`` and
``tests``. Only one process runs at a time (the tests with ``-x``, previous failures first).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "src" / "riotact" / "rulesets"
#: Modules that hold no rule: the package's declaration and its built-in scenarios' loader.
NOT_RULES = {"__init__.py", "spec.py"}
#: Tests a mutant copy cannot pass whatever it does: they refuse compiled copies of changed sources.
IGNORED_TESTS = {"civil_disorder": ["tests/civil_disorder/test_cd_compiled.py"]}
#: The bot games that tell a survivor that changes behaviour from one that (as far as seen) does not.
PLAY_SEEDS = (1, 2)
#: The memory a run may take (bytes of address space).
CHILD_MEMORY = 3 * 2**30
#: A mutant's run may take this many times its tests' CPU seconds in the traced run (a shared, busy
#: machine), and never less than MIN_TIMEOUT seconds.
TIMEOUT_FACTOR = 5.0
MIN_TIMEOUT = 120.0
#: Which tests run which lines, kept between runs for the same sources and tests.
TRACE_CACHE = Path.home() / ".cache" / "riotact" / "mutation"
PLAY_DECISIONS = 300
#: Every this many decisions, the odds shown to the seat to act are part of what is compared.
ODDS_EVERY = 7

KILLED, SURVIVED, TIMEOUT, UNCHANGED = "killed", "survived", "timeout", "no behaviour change seen"


# -- mutants -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    path: str  # relative to the project root
    index: int  # its place in the module's list of mutation points (stable for unchanged source)
    line: int
    what: str
    end: int = 0  # the mutated code's last line


BOUNDARY: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
ARITHMETIC: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Div: ast.Mult,
}
SYMBOL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
          ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
          ast.FloorDiv: "//", ast.Div: "/", ast.And: "and", ast.Or: "or"}


def _text(node: ast.AST, limit: int = 60) -> str:
    text = ast.unparse(node).replace("\n", " ")
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


class Mutator(ast.NodeTransformer):
    """Walks a module in a fixed order, numbering each mutation point; with ``target`` set, makes only
    that one. Operators: comparison boundaries and negations, +-1 on number constants, + - * / swaps,
    ``and``/``or`` swaps, ``not`` inserted in (or taken from) a condition, a changed return value and
    a deleted statement. Annotations, docstrings, imports and module- or class-level statements are
    left alone (an edit there changes types or fails on import, not a rule)."""

    def __init__(self, target: int = -1) -> None:
        self.target = target
        self.count = 0
        self.points: list[tuple[int, int, str]] = []
        self.depth = 0  # inside a function

    def _hit(self, node: ast.AST, what: str) -> bool:
        here = self.count
        self.count += 1
        line = getattr(node, "lineno", 0)
        self.points.append((line, getattr(node, "end_lineno", None) or line, what))
        return here == self.target

    # what is never mutated
    def visit_Import(self, node: ast.Import) -> ast.AST:
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_arguments(self, node: ast.arguments) -> ast.AST:
        node.defaults = [self.visit(d) for d in node.defaults]
        node.kw_defaults = [None if d is None else self.visit(d) for d in node.kw_defaults]
        return node

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.args = self.visit(node.args)
        self.depth += 1
        node.body = self._body(node.body)
        self.depth -= 1
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._function(node)

    def _body(self, body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for i, stmt in enumerate(body):
            docstring = i == 0 and isinstance(stmt, ast.Expr) and _is_text(stmt.value)
            if docstring:
                out.append(stmt)
                continue
            new = self.visit(stmt)
            deletable = self.depth and isinstance(stmt, ast.Expr | ast.Assign | ast.AugAssign | ast.Continue
                                                  | ast.Break | ast.Delete)
            if deletable and self._hit(stmt, f"delete `{_text(stmt)}`"):
                new = ast.copy_location(ast.Pass(), stmt)
            out.append(new)
        return out

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for field in ("body", "orelse", "finalbody"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt) \
                    and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                setattr(node, field, self._body(value) if self.depth else [self.visit(s) for s in value])
        for field, value in ast.iter_fields(node):
            if field in ("body", "orelse", "finalbody") and isinstance(value, list) and value \
                    and isinstance(value[0], ast.stmt):
                continue
            if field in ("annotation", "returns", "type_comment"):
                continue
            if isinstance(value, list):
                setattr(node, field, [self.visit(v) if isinstance(v, ast.AST) else v for v in value])
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.body = [self.visit(s) for s in node.body]
        return node

    def visit_Module(self, node: ast.Module) -> ast.AST:
        node.body = [self.visit(s) for s in node.body]
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        if _is_text(node.value):
            return node
        node.value = self.visit(node.value)
        return node

    # the operators
    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for k, op in enumerate(node.ops):
            swap = BOUNDARY.get(type(op))
            if swap is not None and self._hit(node, f"`{SYMBOL[type(op)]}` -> `{SYMBOL[swap]}` in `{_text(node)}`"):
                node.ops[k] = swap()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        swap = ARITHMETIC.get(type(node.op))
        if swap is not None and not _is_text(node.left) and not _is_text(node.right) \
                and self._hit(node, f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[swap]}` in `{_text(node)}`"):
            node.op = swap()
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        swap = ARITHMETIC.get(type(node.op))
        if swap is not None and not _is_text(node.value) \
                and self._hit(node, f"`{SYMBOL[type(node.op)]}=` -> `{SYMBOL[swap]}=` in `{_text(node)}`"):
            node.op = swap()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        swap: type[ast.boolop] = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self._hit(node, f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[swap]}` in `{_text(node)}`"):
            node.op = swap()
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int | float):
            return node
        for step in (1, -1):
            if self._hit(node, f"constant {value!r} -> {value + step!r}"):
                return ast.copy_location(ast.Constant(value + step), node)
        return node

    def _negated(self, test: ast.expr, where: str) -> ast.expr:
        test = self.visit(test)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            if self._hit(test, f"`not` taken from the {where} `{_text(test)}`"):
                return test.operand
        elif self._hit(test, f"`not` put in the {where} `{_text(test)}`"):
            return ast.copy_location(ast.UnaryOp(ast.Not(), test), test)
        return test

    def visit_If(self, node: ast.If) -> ast.AST:
        node.test = self._negated(node.test, "condition")
        node.body = self._body(node.body) if self.depth else [self.visit(s) for s in node.body]
        node.orelse = self._body(node.orelse) if self.depth else [self.visit(s) for s in node.orelse]
        return node

    def visit_While(self, node: ast.While) -> ast.AST:
        node.test = self._negated(node.test, "loop condition")
        node.body = self._body(node.body)
        node.orelse = self._body(node.orelse)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        node.test = self._negated(node.test, "condition")
        node.body = self.visit(node.body)
        node.orelse = self.visit(node.orelse)
        return node

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:
        node.iter = self.visit(node.iter)
        node.ifs = [self._negated(c, "filter") for c in node.ifs]
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        if node.value is None:
            return node
        value = node.value
        node.value = self.visit(value)
        if isinstance(value, ast.Constant) and isinstance(value.value, bool):
            if self._hit(node, f"`return {value.value}` -> `return {not value.value}`"):
                node.value = ast.copy_location(ast.Constant(not value.value), value)
        elif not (isinstance(value, ast.Constant) and value.value is None) \
                and self._hit(node, f"`return {_text(value)}` -> `return None`"):
            node.value = ast.copy_location(ast.Constant(None), value)
        return node


def mutants_of(path: Path) -> list[Mutant]:
    mutator = Mutator()
    mutator.visit(ast.parse(path.read_text()))
    rel = str(path.resolve().relative_to(ROOT))
    return [Mutant(rel, i, line, what, end) for i, (line, end, what) in enumerate(mutator.points)]


def mutated_source(path: Path, index: int) -> str:
    tree = ast.parse(path.read_text())
    mutator = Mutator(index)
    tree = mutator.visit(copy.deepcopy(tree))
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def rules_modules() -> list[Path]:
    """Every module of every ruleset (its ``rules/`` package included) but its declarations."""
    return sorted(p for p in RULESETS.glob("*/**/*.py")
                  if p.name not in NOT_RULES and "__pycache__" not in p.parts)


def ruleset_of(path: str | Path) -> str:
    """The ruleset package a module belongs to (``breaking_of_nations`` for ``.../rules/glory.py``)."""
    parts = Path(path).parts
    return parts[parts.index("rulesets") + 1]


# -- running ---------------------------------------------------------------------------------------------

@dataclass
class Outcome:
    path: str
    index: int
    line: int
    what: str
    status: str
    seconds: float
    killer: str = ""


#: A pytest plugin written into the sandbox: which tests run which lines of a ruleset's modules. Lines
#: run while modules are imported or tests collected are put down to "<import>".
TRACE_PLUGIN = '''
import json, os, sys, time
import pytest

PREFIX = os.environ["MUTATION_TRACE"]
hits = {}
current = ["<import>"]


def _lines(frame, event, arg):
    if event == "line":
        hits.setdefault(frame.f_code.co_filename, {}).setdefault(frame.f_lineno, set()).add(current[0])
    return _lines


def _calls(frame, event, arg):
    if frame.f_code.co_filename.startswith(PREFIX):
        if event == "call":
            hits.setdefault(frame.f_code.co_filename, {}).setdefault(frame.f_lineno, set()).add(current[0])
        return _lines
    return None


sys.settrace(_calls)


durations = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    current[0] = item.nodeid
    sys.settrace(_calls)
    start = time.process_time()
    yield
    durations[item.nodeid] = time.process_time() - start
    current[0] = "<import>"


def pytest_sessionfinish(session, exitstatus):
    sys.settrace(None)
    out = {f: {str(n): sorted(t) for n, t in lines.items()} for f, lines in hits.items()}
    out["<durations>"] = durations
    with open(os.environ["MUTATION_TRACE_OUT"], "w") as f:
        json.dump(out, f)
'''
IMPORTED = "<import>"
#: What the worker imports once, before it forks a child per run: pytest, its plugins and riotact's
#: dependencies (never riotact itself, which each child imports afresh, mutant and all).
PRELOAD = ("pytest", "_pytest.doctest", "hypothesis", "xdist.plugin", "anyio.pytest_plugin", "numpy", "shapely",
           "shapely.geometry", "pydantic", "icepool", "networkx", "rich", "click")


def serve() -> None:
    """The worker, inside the sandbox: for each request read from stdin (JSON: ``pytest`` arguments or
    a ruleset to ``play``, an ``env``, a ``timeout``), fork a child that runs it and answer one JSON line
    with its ``status`` (passed, failed, timeout), ``seconds`` and ``output``."""
    import importlib
    import resource
    import signal

    for name in PRELOAD:
        with contextlib.suppress(ImportError):  # a plugin not installed is not loaded in the child either
            importlib.import_module(name)
    for line in sys.stdin:
        request = json.loads(line)
        output = Path(request["output"])
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child: one run, then gone
            code = 1
            try:  # a mutant that loops, logging without end, fails on memory rather than fill the machine's
                resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))
                fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
                os.environ.update(request.get("env", {}))
                if "play" in request:
                    print(play_digest(request["play"]), flush=True)
                    code = 0
                else:
                    import pytest

                    code = int(pytest.main(request["pytest"]))
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
        status = "timeout"
        deadline = start + float(request["timeout"])
        while time.monotonic() < deadline:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = "passed" if os.waitstatus_to_exitcode(code) == 0 else "failed"
                break
            time.sleep(0.05)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        print(json.dumps({"status": status, "seconds": time.monotonic() - start}), flush=True)


class Sandbox:
    """A temporary copy of the project's sources and tests, where one module at a time is mutated."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="riotact-mutation-"))
        skip = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc")
        shutil.copytree(ROOT / "src", self.root / "src", ignore=skip)
        shutil.copytree(ROOT / "tests", self.root / "tests", ignore=skip)
        shutil.copytree(ROOT / "docs", self.root / "docs", ignore=shutil.ignore_patterns("*.png"))  # rules pages
        shutil.copy2(ROOT / "pyproject.toml", self.root / "pyproject.toml")
        shutil.copy2(ROOT / "README.md", self.root / "README.md")
        self.stamp = time.time()
        self.env = {**os.environ, "PYTHONPATH": str(self.root / "src"), "PYTHONHASHSEED": "0",
                    "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        self.played: dict[str, str] = {}  # the unmutated ruleset's bot games' digest
        self.durations: dict[str, float] = {}  # each test's CPU seconds in the traced run
        self.failing: set[str] = set()  # rulesets whose unmutated tests fail
        self.worker = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve"], cwd=self.root,
                                       env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def close(self) -> None:
        if self.worker.stdin:
            self.worker.stdin.close()
        self.worker.wait()
        shutil.rmtree(self.root, ignore_errors=True)

    def run(self, request: dict[str, Any], timeout: float) -> tuple[str, float, str]:
        """One run in a fresh child of the worker: its status, seconds and output."""
        assert self.worker.stdin is not None and self.worker.stdout is not None
        output = self.root / "run.out"
        self.worker.stdin.write(json.dumps({**request, "timeout": timeout, "output": str(output)}) + "\n")
        self.worker.stdin.flush()
        answer = json.loads(self.worker.stdout.readline())
        return answer["status"], answer["seconds"], output.read_text() if output.exists() else ""

    def write(self, rel: str, text: str) -> None:
        """Write a module; a fresh modification time each time, so no stale bytecode is ever used."""
        target = self.root / rel
        target.write_text(text)
        self.stamp += 10
        os.utime(target, (self.stamp, self.stamp))

    def tests(self, rel: str, timeout: float, only: list[str] | None = None,
              trace: Path | None = None) -> tuple[str, float, str]:
        """Run the module's ruleset's tests and the module's own doctests (or ``only`` those tests):
        passed, failed or timeout. With ``trace``, write there which tests ran which lines."""
        ruleset = ruleset_of(rel)
        args = ["-x", "-q", "--ff", "-p", "no:randomly", "--no-header", *(only or [f"tests/{ruleset}", rel])]
        for ignored in IGNORED_TESTS.get(ruleset, []):
            args += ["--ignore", ignored]
        env: dict[str, str] = {}
        if trace is not None:
            (self.root / "src" / "_mutation_trace.py").write_text(TRACE_PLUGIN)
            args += ["-p", "_mutation_trace"]
            env = {"MUTATION_TRACE": str(self.root / "src" / "riotact" / "rulesets" / ruleset),
                   "MUTATION_TRACE_OUT": str(trace)}
        status, seconds, output = self.run({"pytest": args, "env": env}, timeout)
        if status != "failed":
            return status, seconds, ""
        failed = [line.split(" ", 1)[1].split(" - ")[0] for line in output.splitlines()
                  if line.startswith(("FAILED ", "ERROR "))]
        tail = output.strip().splitlines()[-1:]
        return "failed", seconds, failed[0] if failed else " ".join(tail)

    def coverage(self, rel: str) -> tuple[dict[int, set[str]], float] | None:
        """For each line of ``rel``, the unmutated ruleset's tests that run it, and how long all the
        ruleset's tests took under the tracer (None, said why, if they do not pass). Traced once for
        the same sources and kept in TRACE_CACHE; a test file added or changed since is traced alone."""
        ruleset = ruleset_of(rel)
        if ruleset in self.failing:
            return None
        key = hashlib.sha256()  # the sources and the tests' helpers: any change means a new trace
        sources = [*(self.root / "src").rglob("*.py"), *(self.root / "tests").rglob("*.py")]
        files: dict[str, str] = {}
        for source in sorted(p for p in sources if p.name != "_mutation_trace.py"):
            name = str(source.relative_to(self.root))
            if source.name.startswith("test_"):
                files[name] = hashlib.sha256(source.read_bytes()).hexdigest()
            else:
                key.update(name.encode() + b"\0" + source.read_bytes())
        mine = {f: h for f, h in files.items()
                if f.startswith(f"tests/{ruleset}/") and f not in IGNORED_TESTS.get(ruleset, [])}
        cache = TRACE_CACHE / f"{ruleset}-{key.hexdigest()[:16]}.json"
        traced: dict[str, Any] = json.loads(cache.read_text()) if cache.exists() else {
            "seconds": 0.0, "durations": {}, "files": {}, "hits": {}}
        stale = sorted(f for f, h in mine.items() if traced["files"].get(f) != h)
        if stale or set(traced["files"]) - set(mine):
            self.forget(traced, {f for f in traced["files"] if mine.get(f) != traced["files"][f]})
            package = f"src/riotact/rulesets/{ruleset}"
            whole = not traced["files"]  # the first trace: every test and every doctest of the ruleset
            status, seconds, why = self.tests(rel, timeout=3600, only=[f"tests/{ruleset}", package] if whole
                                              else stale, trace=self.root / "trace.json")
            if status != "passed":
                print(f"{rel}: the unmutated tests do not pass ({status} {why}); ruleset skipped", flush=True)
                self.failing.add(ruleset)
                return None
            hits = json.loads((self.root / "trace.json").read_text())
            traced["durations"].update(hits.pop("<durations>", {}))
            for f, lines in hits.items():
                into = traced["hits"].setdefault(str(Path(f).relative_to(self.root)), {})
                for n, tests in lines.items():
                    into[n] = sorted(set(into.get(n, [])) | set(tests))
            traced["seconds"] = traced["seconds"] + seconds if not whole else seconds
            traced["files"] = mine
            TRACE_CACHE.mkdir(parents=True, exist_ok=True)
            cache.write_text(json.dumps(traced))
        self.durations = traced["durations"]
        return {int(n): set(t) for n, t in traced["hits"].get(rel, {}).items()}, float(traced["seconds"])

    @staticmethod
    def forget(traced: dict[str, Any], files: set[str]) -> None:
        """Take the tests of ``files`` out of a trace (they are traced again)."""
        def gone(test: str) -> bool:
            return test.split("::")[0] in files
        for lines in traced["hits"].values():
            for n in list(lines):
                lines[n] = [t for t in lines[n] if not gone(t)]
        traced["durations"] = {t: d for t, d in traced["durations"].items() if not gone(t)}

    def play(self, ruleset: str, timeout: float) -> str | None:
        """The digest of the seeded bot games of the ruleset (None if they could not be played)."""
        status, _, output = self.run({"play": ruleset}, timeout)
        return output.strip().splitlines()[-1] if status == "passed" and output.strip() else None


def play_digest(ruleset: str) -> str:
    """Every built-in scenario of ``ruleset``, played by bots from fixed seeds (heuristic, then random
    seats): a hash of each game's explained log, every seat's final view and the odds shown at some
    decisions. Run inside the sandbox, on whatever code is there."""
    from riotact.core import Game, make_bot
    from riotact.core.odds import action_odds
    from riotact.core.scenario import builtin_scenarios
    from riotact.rulesets import get_ruleset

    digest = hashlib.sha256()
    for scenario in builtin_scenarios(get_ruleset(ruleset.replace("_", "-"))):
        for seed in PLAY_SEEDS:
            game = Game(scenario, seed=seed)
            kind = "heuristic" if seed % 2 else "random"
            bots = {s: make_bot(kind, game, s) for s in game.seats}
            odds: list[Any] = []
            for n in range(PLAY_DECISIONS):
                if game.is_over() or not game.to_act():
                    break
                seat = game.to_act()[0]
                if n % ODDS_EVERY == 0:
                    odds.append(sorted((k, repr(v)) for k, v in action_odds(game, seat).items()))
                bot = bots[seat]
                game.apply(seat, bot.choose(game.view(seat) if bot.needs_view else None, game.legal_actions(seat)))
            views = {s: game.view(s) for s in (*game.seats, "umpire")}
            blob = json.dumps([game.log.events, views, odds], sort_keys=True, default=repr)
            digest.update(blob.encode())
    return digest.hexdigest()


def run_module(sandbox: Sandbox, path: Path, mutants: list[Mutant], out: Callable[[Outcome], None],
               check_play: bool) -> None:
    rel = str(path.resolve().relative_to(ROOT))
    ruleset = ruleset_of(path)
    original = path.read_text()
    coverage = sandbox.coverage(rel)
    if coverage is None:
        return
    lines, baseline = coverage
    timeout = max(MIN_TIMEOUT, 2 * baseline)
    print(f"{rel}: {len(mutants)} mutants, tests {baseline:.0f}s (traced), timeout {timeout:.0f}s", flush=True)
    try:
        for mutant in mutants:
            covering = sorted(set().union(*(lines.get(n, set()) for n in range(mutant.line, mutant.end + 1))),
                              key=lambda t: (sandbox.durations.get(t, 0.0), t))  # the quickest first
            if ruleset not in sandbox.played and check_play:
                sandbox.played[ruleset] = sandbox.play(ruleset, timeout=1800) or ""  # the unmutated games
            sandbox.write(rel, mutated_source(path, mutant.index))
            if covering:
                everything = IMPORTED in covering  # code run on import: every test may see it
                known = [sandbox.durations[t] for t in covering if t in sandbox.durations]
                limit = timeout if everything or len(known) < len(covering) \
                    else max(MIN_TIMEOUT, TIMEOUT_FACTOR * sum(known))
                status, seconds, killer = sandbox.tests(rel, limit, only=None if everything else covering)
            else:  # no test runs that code, so no test can see the change
                status, seconds, killer = "passed", 0.0, "not run by any test"
            result = {"passed": SURVIVED, "failed": KILLED, "timeout": TIMEOUT}[status]
            if result == SURVIVED and check_play and sandbox.played[ruleset] \
                    and sandbox.play(ruleset, timeout=max(600.0, 2 * timeout)) == sandbox.played[ruleset]:
                result = UNCHANGED
            out(Outcome(mutant.path, mutant.index, mutant.line, mutant.what, result, round(seconds, 1), killer))
            sandbox.write(rel, original)
    finally:
        sandbox.write(rel, original)


# -- the report ------------------------------------------------------------------------------------------

def row(name: str, points: int, group: list[Outcome]) -> str:
    counts = {s: sum(o.status == s for o in group) for s in (KILLED, TIMEOUT, SURVIVED, UNCHANGED)}
    changing = counts[KILLED] + counts[TIMEOUT] + counts[SURVIVED]
    score = f"{100 * (counts[KILLED] + counts[TIMEOUT]) / changing:.0f}%" if changing else "-"
    return (f"| {name} | {points} | {len(group)} | {counts[KILLED]} | {counts[TIMEOUT]} | {counts[SURVIVED]} "
            f"| {counts[UNCHANGED]} | {score} |")


def table(outcomes: list[Outcome], totals: dict[str, int]) -> str:
    """The markdown summary: per module, the mutation points, those run and what became of them; then
    per ruleset, the modules reached together."""
    rows = ["| module | mutation points | run | killed | timeout | survived | no change seen | score |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    by_module: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_module.setdefault(o.path, []).append(o)
    for path in sorted(by_module):
        rows.append(row(path.removeprefix("src/riotact/rulesets/"), totals.get(path, 0), by_module[path]))
    for ruleset in sorted({ruleset_of(p) for p in by_module}):
        paths = [p for p in by_module if ruleset_of(p) == ruleset]
        rows.append(row(f"**{ruleset}** ({len(paths)} modules)", sum(totals.get(p, 0) for p in paths),
                        [o for p in paths for o in by_module[p]]))
    return "\n".join(rows)


def report(outcomes: list[Outcome]) -> str:
    latest: dict[tuple[str, int], Outcome] = {}
    for o in outcomes:
        latest[(o.path, o.index)] = o  # a rerun of a mutant replaces its earlier outcome
    outcomes = list(latest.values())
    totals = {o.path: len(mutants_of(ROOT / o.path)) for o in outcomes}
    lines = [table(outcomes, totals), "", "Survivors that change behaviour (file:line, the mutation):"]
    lines += [f"- {o.path}:{o.line}  {o.what}" for o in sorted(outcomes, key=lambda o: (o.path, o.line))
              if o.status == SURVIVED] or ["- none"]
    lines += ["", "Survivors with no behaviour change seen in the bot games:"]
    lines += [f"- {o.path}:{o.line}  {o.what}" for o in sorted(outcomes, key=lambda o: (o.path, o.line))
              if o.status == UNCHANGED] or ["- none"]
    return "\n".join(lines)


def read_results(path: Path) -> Iterator[Outcome]:
    """The outcomes a run wrote to ``path`` (none when it wrote none yet)."""
    if not path.exists():
        return
    for line in path.read_text().splitlines():
        if line.strip():
            yield Outcome(**json.loads(line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mutation testing of riotact's rules modules (docs/testing.md).")
    parser.add_argument("--module", action="append", default=[], metavar="PATH",
                        help="a rules module to mutate (repeatable); default: every rules module of all five games")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="run N mutants drawn at random per module (default: all)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="the seed of the sample (default 1)")
    parser.add_argument("--index", type=int, action="append", default=[], metavar="I",
                        help="only the mutant numbered I (as --list shows; repeatable), e.g. a survivor again")
    parser.add_argument("--results", type=Path, metavar="FILE",
                        help="append each outcome to FILE (JSON lines) as it comes; mutants already there are skipped "
                             "(unless named by --index); the latest outcome of a mutant counts")
    parser.add_argument("--no-play", action="store_true",
                        help="do not play bot games to tell survivors that change nothing seen")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--report", type=Path, metavar="FILE", help="print the tables of a results file and stop")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the worker, in the sandbox
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return 0
    if args.report:
        print(report(list(read_results(args.report))))
        return 0
    modules = [Path(m).resolve() for m in args.module] or rules_modules()
    for m in modules:
        if RULESETS not in m.parents or m.parent == RULESETS or not m.is_file():
            parser.error(f"{m}: not a ruleset module (src/riotact/rulesets/<ruleset>/[rules/]<module>.py)")
    rng = random.Random(args.seed)
    plan = []
    for m in modules:
        mutants = [x for x in mutants_of(m) if not args.index or x.index in args.index]
        plan.append((m, sorted(rng.sample(mutants, min(args.sample, len(mutants))), key=lambda x: x.index)
                     if args.sample else mutants))
    if args.list:
        for _, mutants in plan:
            for x in mutants:
                print(f"{x.path}:{x.line}  #{x.index}  {x.what}")
        return 0
    done = {(o.path, o.index) for o in read_results(args.results)} if args.results and args.results.exists() else set()
    outcomes: list[Outcome] = []

    def record(o: Outcome) -> None:
        outcomes.append(o)
        print(f"  {o.path}:{o.line} #{o.index} {o.status} ({o.seconds}s) {o.what}"
              + (f"  [{o.killer}]" if o.killer else ""), flush=True)
        if args.results:
            with args.results.open("a") as f:
                f.write(json.dumps(asdict(o)) + "\n")

    sandbox = Sandbox()
    try:
        for m, mutants in plan:
            todo = [x for x in mutants if args.index or (x.path, x.index) not in done]  # --index: run again
            if todo:
                run_module(sandbox, m, todo, record, check_play=not args.no_play)
    finally:
        sandbox.close()
    everything = list(read_results(args.results)) if args.results else outcomes
    print(report(everything))
    return 0


if __name__ == "__main__":
    sys.exit(main())
