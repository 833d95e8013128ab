"""The documents say what is true: the scenario examples are scenarios, the README's status table and
odds paragraph agree with the code, and ``scripts/rule_coverage.py`` counts the rule IDs cited."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from riotact.core import Game, parse_scenario
from riotact.rulesets import all_rulesets

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "rule_coverage.py"
README = (ROOT / "README.md").read_text(encoding="utf-8")
SNIPPETS = re.findall(r"```toml\n(.*?)```", (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8"), re.S)


def coverage(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[f"snippet-{i + 1}" for i in range(len(SNIPPETS))])
def test_every_toml_example_in_the_scenario_docs_is_a_whole_scenario_that_plays(snippet: str) -> None:
    game = Game(parse_scenario(tomllib.loads(snippet), "docs/scenarios.md"), seed=1)
    assert game.result is None and game.legal_actions(game.to_act()[0])


def test_the_scenario_docs_show_a_breaking_of_nations_scenario() -> None:
    assert any('ruleset = "breaking-of-nations"' in snippet and "[[setup.armies]]" in snippet for snippet in SNIPPETS)


def test_rule_coverage_counts_the_rules_pages_and_every_rule_is_cited() -> None:
    out = coverage("--check", "--missing")
    assert out.returncode == 0, out.stdout + out.stderr
    for spec in all_rulesets():
        page = (ROOT / "docs" / "rules" / f"{spec.code}.md").read_text(encoding="utf-8")
        rules = len(set(re.findall(rf"^\| {spec.code}-\d+ \|", page, re.M)))
        assert re.search(rf"^{spec.code} +{rules} rules +cited in code +{rules} +cited in tests +{rules}$",
                         out.stdout, re.M), out.stdout
    assert "not cited" not in out.stdout


def test_rule_coverage_finds_what_is_not_cited_in_a_project(tmp_path: Path) -> None:
    """Cited as RB-002 in code (the same rule as RB-02), RB-03 nowhere, RB-01 only in a test; the
    build's generated copies (outside src/) do not count."""
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "RB.md").write_text("| RB-01 | a |\n| RB-02 | b |\n| RB-03 | c |\n")
    (tmp_path / "build" / "compiled").mkdir(parents=True)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "rules.py").write_text("# RB-002: the second rule\n")
    (tmp_path / "build" / "compiled" / "rules.py").write_text("# RB-03\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_rules.py").write_text("# RB-01, RB-02\n")
    out = coverage("--missing", cwd=tmp_path)
    assert out.returncode == 0
    assert "RB 3 rules cited in code 1 cited in tests 2" in " ".join(out.stdout.split())
    assert "not cited in code: RB-01 RB-03" in out.stdout and "not cited in tests: RB-03" in out.stdout
    assert coverage("--check", cwd=tmp_path).returncode == 1
    catalogue = tmp_path / "catalogue"
    catalogue.mkdir()
    (catalogue / "RB.md").write_text("## RB-02 Two\n- rule: ...\n")
    by_headings = coverage("--catalogue", str(catalogue), cwd=tmp_path).stdout
    assert "RB 1 rules cited in code 1 cited in tests 1" in " ".join(by_headings.split())
    nowhere = coverage("--root", str(tmp_path / "docs"))
    assert nowhere.returncode == 2 and nowhere.stderr.count("\n") == 1 and "Traceback" not in nowhere.stderr


def test_the_readme_status_table_claims_no_more_and_no_less_than_the_rules_pages() -> None:
    """Each ruleset's row names its whole catalogue, cited in code and tests (as rule_coverage counts it),
    and no "N of M rules" where N is not M."""
    rows = {spec.code: next(line for line in README.splitlines() if line.startswith("|") and f"`{spec.id}`" in line)
            for spec in all_rulesets()}
    for code, row in rows.items():
        page = (ROOT / "docs" / "rules" / f"{code}.md").read_text(encoding="utf-8")
        last = re.findall(rf"^\| ({code}-\d+) \|", page, re.M)[-1]
        assert re.search(rf"{code}-0+1\.\.{last}\b", row), (code, row)
        assert all(n == m for n, m in re.findall(r"(\d+) of (\d+) rules", row)), row
        assert "not yet" not in row, row


def test_the_readme_says_odds_are_shown_for_every_ruleset_that_shows_them() -> None:
    paragraph = README[README.index("shows its odds beside it"):].split("\n- ")[0]
    for spec in all_rulesets():
        assert spec.odds is not None and hasattr(importlib.import_module(spec.odds), "action_odds")
        assert spec.title.removeprefix("2015 ").split(" ")[-1] in " ".join(paragraph.split()), spec.title


def test_the_test_command_installs_what_a_fresh_debian_needs() -> None:
    """python3-venv for the virtualenv; build-essential and python3-dev for the compiled engines (setup.py)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for packages in (README.split("apt-get install -y ")[1].split("&&")[0], ci.split("apt-get install -y -q ")[1]):
        assert {"python3-venv", "build-essential", "python3-dev"} <= set(packages.split()), packages
