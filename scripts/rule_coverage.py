#!/usr/bin/env python3
"""Rule-ID coverage: which rules of each ruleset's catalogue the project cites in its code and in its tests.

Usage (from the project root):

    python3 scripts/rule_coverage.py [--missing] [--json] [--check] [--catalogue DIR]

The catalogue is the rule table of each rules page, ``docs/rules/<CODE>.md`` (a row ``| BON-065 | ... |``
a rule); ``--catalogue DIR`` reads the rule catalogues' own files instead (``DIR/<CODE>.md``, a heading
``## BON-065 ...`` a rule), e.g. the ``rules`` folder beside the seeds. A rule counts as *cited in code*
when its ID (``BON-065``, or ``BON-65``) appears in a source file under ``src/`` (the build's generated
copies live outside it, in ``build/``), and as *cited in tests* when it appears in a
file under ``tests/``; files are Python, TOML, JSON, YAML and JavaScript. ``--missing`` lists the rules
not cited; ``--check`` exits with status 1 when any rule is not cited in both.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

CODES = ("BWA", "BON", "RB", "PP", "CD")
ID = re.compile(r"\b(BWA|BON|RB|PP|CD)-(\d{2,3})\b")
TABLE_ROW = re.compile(r"^\| ((?:BWA|BON|RB|PP|CD)-\d{2,3}) \|", re.M)
HEADING = re.compile(r"^## ((?:BWA|BON|RB|PP|CD)-\d{2,3})\b", re.M)
SUFFIXES = {".py", ".toml", ".json", ".yaml", ".yml", ".js", ".ts"}


@dataclass
class Coverage:
    """One ruleset's rules and which of them the code and the tests cite."""

    rules: int
    cited_in_code: int
    cited_in_tests: int
    missing_in_code: list[str]
    missing_in_tests: list[str]


def normalise(code: str, number: str) -> str:
    """``BON-65`` and ``BON-065`` are the same rule; IDs are written with at least two digits."""
    return f"{code}-{int(number):02d}"


def catalogue(root: Path, folder: Path | None = None) -> dict[str, list[str]]:
    """Each ruleset's rule IDs, in catalogue order: the rules pages' tables, or ``folder``'s headings."""
    pattern, where = (HEADING, folder) if folder is not None else (TABLE_ROW, root / "docs" / "rules")
    out: dict[str, list[str]] = {}
    for code in CODES:
        page = where / f"{code}.md"
        if page.is_file():
            ids = [normalise(*rule.split("-")) for rule in pattern.findall(page.read_text(encoding="utf-8"))]
            out[code] = list(dict.fromkeys(ids))
    return out


def cited(folder: Path) -> set[str]:
    """Every rule ID written in the project files under ``folder``."""
    found: set[str] = set()
    for path in sorted(folder.rglob("*")):
        if path.suffix not in SUFFIXES or not path.is_file():
            continue
        found |= {normalise(code, n) for code, n in ID.findall(path.read_text(encoding="utf-8", errors="ignore"))}
    return found


def coverage(root: Path, folder: Path | None = None) -> dict[str, Coverage]:
    in_code, in_tests = cited(root / "src"), cited(root / "tests")
    return {code: Coverage(len(ids), sum(r in in_code for r in ids), sum(r in in_tests for r in ids),
                           [r for r in ids if r not in in_code], [r for r in ids if r not in in_tests])
            for code, ids in catalogue(root, folder).items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--missing", action="store_true", help="list the rules not cited")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--check", action="store_true", help="exit 1 unless every rule is cited in code and tests")
    parser.add_argument("--catalogue", type=Path, help="a folder of catalogue files <CODE>.md (## headings)")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the project root (default: here)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if not (root / "src").is_dir() or not (root / "tests").is_dir():
        print(f"error: {root} is not the project root (no src/ and tests/ there)", file=sys.stderr)
        return 2
    if args.catalogue is not None and not args.catalogue.is_dir():
        print(f"error: --catalogue {args.catalogue}: no such folder", file=sys.stderr)
        return 2
    report = coverage(root, args.catalogue)
    if not report:
        print("error: no rule catalogue found (docs/rules/<CODE>.md)", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({code: asdict(c) for code, c in report.items()}, indent=1))
    else:
        for code, c in report.items():
            print(f"{code:4} {c.rules:3} rules  cited in code {c.cited_in_code:3}  cited in tests {c.cited_in_tests:3}")
            if args.missing and c.missing_in_code:
                print("     not cited in code: " + " ".join(c.missing_in_code))
            if args.missing and c.missing_in_tests:
                print("     not cited in tests: " + " ".join(c.missing_in_tests))
        rules = sum(c.rules for c in report.values())
        code_total = sum(c.cited_in_code for c in report.values())
        tests_total = sum(c.cited_in_tests for c in report.values())
        print(f"ALL  {rules:3} rules  cited in code {code_total:3}  cited in tests {tests_total:3}  "
              f"({100 * tests_total / rules if rules else 0:.0f}% in tests)")
    complete = all(not c.missing_in_code and not c.missing_in_tests for c in report.values())
    return 1 if args.check and not complete else 0


if __name__ == "__main__":
    sys.exit(main())
