"""The build's compiled parts (issue 11), both optional: where they cannot be built (no C compiler,
no Python headers, mypyc failing) the install goes on and the laboratory plays on the Python engine.

- Revolting Behaviour!'s engine, a C port of its rules (rulesets/revolting_behaviour/native/_labcore.c).
- The compiled engines of Civil Disorder, By Will Alone, Public Participation and The Breaking of
  Nations (``riotact.compiled``), one plan for all (``RULESETS``): every module of each ruleset's
  package but the few named below, the shared table geometry (``riotact.tabletop``; its shapely
  calls stay calls into shapely), and the core's dice, log, modifiers, adjudication (the umpire)
  and legal lists made as read (open_orders) with the modules their classes meet, copied into the
  package ``riotact_compiled`` under ``build/compiled/`` (outside the source tree; git ignores
  ``build/``) and compiled there with mypyc, one library per ruleset and one each for the core and
  the table (``_groups``: a changed ruleset recompiles only its own library). Imports between copied
  modules are pointed at the copies (the statements rewritten from the syntax tree, line numbers
  kept), so the copies only meet each other. The copies are the same source, so they play the same
  games; ``riotact.compiled`` refuses a ruleset's copies once one of its sources (its own, the
  table's, the core's) has changed since the build. The sources in ``src/riotact`` are never
  compiled in place, so an editable install always runs what is written there.

An editable install (``pip install -e .``, or ``python setup.py build_ext --inplace``) leaves the
compiled modules in ``build/compiled/riotact_compiled``, where ``riotact.compiled`` finds them.
Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import ast
import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
#: Where the copies are written and compiled (``riotact.compiled.BUILT``).
BUILT = ROOT / "build" / "compiled"
COPIES = "riotact_compiled"
#: Core modules the compiled rules call on every roll and event, and the legal lists made as read.
CORE = ("adjudication", "dice", "log", "modifiers", "open_orders")
#: Core modules copied only (their classes meet the copies: the state's base class and its umpire).
CORE_COPIED_ONLY = ("protocol", "umpiring")
#: The rulesets compiled, each its package's modules (the same layout in every ruleset).
RULESETS = ("civil_disorder", "by_will_alone", "public_participation", "breaking_of_nations")
#: Packages below the rulesets compiled whole, their ``__init__`` included (the rulesets import
#: their names from the package).
SHARED = ("riotact.tabletop",)
#: Modules of a ruleset copied (so that the copies' classes only meet each other) but left as Python:
#: set-up and army lists (pydantic, which mypyc cannot build against), the bots, the encodings and
#: the text screen (off the hot path).
COPIED_ONLY = {"setup", "armies", "bots", "encoding", "determinise", "text"}
#: Not copied: the declaration and the odds calculator, which the laboratory games never call, and
#: the typed house rules, whose instance the game (Python) makes and the copies read by attribute.
NOT_COPIED = {"spec", "odds", "options"}


def _copied(name: str) -> str:
    return COPIES + name.removeprefix("riotact")


def _module(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _plan() -> dict[str, bool]:
    """Original module -> compile it (True) or copy it only (False): the core's named modules, the
    shared packages' modules, and every module of each ruleset's package (its subpackages too) but
    the named exclusions. A ruleset's package ``__init__`` files are not copied: its copies'
    packages are empty."""
    plan = {f"riotact.core.{m}": m in CORE for m in (*CORE, *CORE_COPIED_ONLY)}
    for shared in SHARED:
        plan |= {_module(path): True for path in sorted((SRC / shared.replace(".", "/")).rglob("*.py"))}
    for ruleset in RULESETS:
        package = SRC / "riotact" / "rulesets" / ruleset
        for path in sorted(package.rglob("*.py")):
            top = path.relative_to(package).parts[0].removesuffix(".py")
            if path.stem != "__init__" and top not in NOT_COPIED:
                plan[_module(path)] = top not in COPIED_ONLY
    return plan


def _groups(compiled: list[str]) -> list[tuple[list[str], str]]:
    """mypyc's libraries: one per ruleset, one for the shared packages, one for the core."""
    def owner(path: str) -> str:
        parts = (ROOT / path).relative_to(BUILT / COPIES).parts
        return parts[1] if parts[0] == "rulesets" else parts[0]
    owners = {path: owner(path) for path in compiled}
    return [([p for p in compiled if owners[p] == name], f"{COPIES}.native_{name}")
            for name in sorted(set(owners.values()))]


def _file(name: str) -> Path:
    path = SRC / name.replace(".", "/")
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _packages(plan: dict[str, bool]) -> set[str]:
    """Every package that holds a copied module (below ``riotact``)."""
    return {name.rsplit(".", depth)[0] for name in plan for depth in range(1, name.count("."))}


def _rewritten(name: str, text: str, copied: set[str]) -> str:
    """``text`` with every import of a copied module or package pointed at its copy, and every
    relative import of a module left behind made absolute: each such statement is written anew from
    its syntax tree in the place of the old one (what follows it on its last line kept, the lines
    it spanned kept blank, so line numbers stay)."""
    package = name if _file(name).name == "__init__.py" else name.rpartition(".")[0]
    lines = [line.encode() for line in text.splitlines(keepends=True)]
    statements = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import) and any(a.name.startswith("riotact") for a in node.names):
            raise ValueError(f"{name}: write 'from riotact... import ...' so the copy can be pointed at its siblings")
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            statements.append(node)
    for node in sorted(statements, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        parts = package.split(".")
        base = parts[:len(parts) - node.level + 1] if node.level else []
        target = ".".join(base + ([node.module] if node.module else []))
        if not target.startswith("riotact"):
            continue
        new = _copied(target) if target in copied else target
        if new == node.module and not node.level:
            continue
        statement = ast.unparse(ast.ImportFrom(module=new, names=node.names, level=0)).encode()
        assert node.end_lineno is not None and node.end_col_offset is not None
        first, last = node.lineno - 1, node.end_lineno - 1
        rest = lines[last][node.end_col_offset:]
        lines[first:last + 1] = [lines[first][:node.col_offset] + statement + rest] + [b"\n"] * (last - first)
    return b"".join(lines).decode()


def _write(path: Path, text: str) -> None:
    """Write only what changed, so an unchanged copy does not rebuild."""
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def copy_for_compiling() -> list[str]:
    """Write the copies under ``build/compiled/riotact_compiled``; returns the files mypyc is to compile."""
    plan = _plan()
    root = BUILT / COPIES
    packages = _packages(plan) - {"riotact"} - set(plan)  # those in the plan are copied, not made empty
    targets = {root / _file(name).relative_to(SRC / "riotact") for name in plan}
    inits = {root / "__init__.py"} | {root / _copied(p).removeprefix(COPIES + ".").replace(".", "/") / "__init__.py"
                                      for p in packages}
    # An earlier build's extensions go first: should this build fail, the copies are then "not
    # compiled" (refused), never new sources beside old compiled code; so do copies of modules
    # renamed or removed since.
    for built in root.rglob("*") if root.exists() else []:
        if built.name.endswith(tuple(EXTENSION_SUFFIXES)) or (built.suffix == ".py" and built not in targets | inits):
            built.unlink()
    digests = {name: hashlib.sha256(_file(name).read_bytes()).hexdigest() for name in plan}
    _write(root / "__init__.py",
           '"""Generated by setup.py (do not edit): copies of riotact modules compiled for the laboratory\n'
           '(riotact.compiled loads them). SOURCES: each original module and the SHA-256 of the\n'
           'source it was copied from."""\n\n'
           f"SOURCES = {digests!r}\n")
    # Imports of a ruleset's package and its subpackages go to the copies' (empty) packages; of the
    # core package, to the original (only some core modules are copied).
    copied = set(plan) | {p for p in packages if p.startswith("riotact.rulesets.")}
    for init in sorted(inits - {root / "__init__.py"}):
        _write(init, '"""Generated by setup.py: compiled copies."""\n')
    compiled = []
    for name in plan:
        target = root / _file(name).relative_to(SRC / "riotact")
        _write(target, _rewritten(name, _file(name).read_text(), copied))
        if plan[name]:
            compiled.append(str(target.relative_to(ROOT)))
    return compiled


def compiled_engine() -> list[Extension]:
    """mypyc's extensions for the copies, or none where mypyc cannot build them."""
    try:
        from mypyc.build import mypycify

        os.environ["MYPYPATH"] = str(SRC)  # the copies' types from the modules left behind, as written
        compiled = copy_for_compiling()
        # No incremental cache (mypyc's separate libraries turn it on): loading IR from it failed
        # ("value is not in list", mypy 2.4.1), and it would share the project's .mypy_cache.
        extensions: list[Extension] = mypycify(["--ignore-missing-imports", "--cache-dir", os.devnull, *compiled],
                                               separate=_groups(compiled))
    except (Exception, SystemExit) as exc:  # mypyc missing or failing: the Python engine plays
        why = f"mypyc stopped with status {exc.code}; its messages are above" if isinstance(exc, SystemExit) else exc
        print(f"riotact: the compiled laboratory engines are not built ({why})", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


class BuildExt(build_ext):
    """An in-place build (editable installs) leaves the compiled copies beside their sources in
    ``build/compiled``, never in ``src``."""

    def _get_inplace_equivalent(self, build_py: object, ext: Extension) -> tuple[str, str]:
        inplace, regular = super()._get_inplace_equivalent(build_py, ext)
        name = self.get_ext_fullname(ext.name)
        if name.startswith(COPIES + "."):
            inplace = str(BUILT / self.get_ext_filename(name))
        return inplace, regular


setup(cmdclass={"build_ext": BuildExt},
      ext_modules=[Extension("riotact.rulesets.revolting_behaviour.native._labcore",
                             ["src/riotact/rulesets/revolting_behaviour/native/_labcore.c"],
                             extra_compile_args=["-O2"], optional=True),
                   *compiled_engine()])
