"""Force size (BON-005), the sample organisations as ready-made army lists (BON-115), and army lists
in TOML files checked with ``file: field: problem`` lines (BON-010, BON-044, BON-045, BON-047, BON-050,
BON-055)."""

from __future__ import annotations

from pathlib import Path

import pytest

from breaking_of_nations.bon_support import game, texts, unit
from riotact.core import RiotactError
from riotact.rulesets.breaking_of_nations.armies import (
    ORGANISATIONS,
    check_list,
    ready_made,
    ready_made_toml,
)
from support import riotact


def test_bon005_a_platoon_and_a_support_section_is_standard_and_more_is_flagged_to_its_own_seat_only() -> None:
    """BON-005: red's four squads and an MG team are within the guideline; blue's five squads and two MG
    teams are allowed but flagged; neither seat is told the other's (hidden units stay hidden)."""
    red = [unit(f"r{i}", "red", (4 + 4 * i, 2)) for i in range(4)] + [
        unit("rm", "red", (30, 2), (31, 2), (32, 2), kind="mg")]
    blue = [unit(f"b{i}", "blue", (4 + 4 * i, 46)) for i in range(5)] + [
        unit(f"bm{i}", "blue", (30 + 5 * i, 46), (31 + 5 * i, 46), (32 + 5 * i, 46), kind="mg") for i in range(2)]
    g = game(red + blue, dice=[1, 2])
    assert ("The force of red: 4 squads and 1 MG team: within the guideline of one platoon (up to 4 squads) and one "
            "support section (BON-005)") in texts(g, "red")
    assert "The force of blue: 5 squads and 2 MG teams: over the guideline" in texts(g, "blue")
    assert "The force of blue" not in texts(g, "red") and "The force of red" not in texts(g, "blue")
    g5 = game(red + blue, dice=[1, 2], options={"platoon_squads": 5})
    assert "The force of blue: 5 squads and 2 MG teams: over the guideline of one platoon (up to 5 squads)" in texts(
        g5, "blue")


def test_bon115_every_sample_organisation_is_a_legal_ready_made_list_read_as_the_seed_says(tmp_path: Path) -> None:
    """BON-115: Germany 1914 is a captain's company of 3 platoons, each a corporal with 4 sections of 8
    and a lance corporal; every organisation's platoon and MG team saves as TOML and checks legal."""
    de = ORGANISATIONS["germany-1914"]
    assert de.company.startswith("Capt.; 3 platoons") and de.platoon == "Corp.; 4 sections"
    assert de.platoons == 3 and [s.soldiers for s in de.squads] == [8, 8, 8, 8]
    us = ready_made("us-1918")
    assert [u.kind for u in us.units] == ["hero", "squad", "squad", "squad", "mg"] and us.units[1].soldiers == 7
    assert all(u.historical for u in us.units if u.kind == "squad")  # BON-046: exempt from 9 + 1
    assert ready_made("france-1914").units[1].soldiers == 9 and not ready_made("france-1914").units[1].historical
    for key in ORGANISATIONS:
        path = tmp_path / f"{key}.toml"
        path.write_text(ready_made_toml(key), encoding="utf-8")
        summary, problems = check_list(path)
        assert problems == [], key
        assert "within the guideline" in summary[1], key


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text('name = "Mine"\n' + body, encoding="utf-8")
    return path


def test_bon044_bon045_bon047_bon050_bon055_bon010_a_toml_list_is_checked_line_by_line(tmp_path: Path) -> None:
    """Every broken rule of a list file is one line naming the file, the field and the rule."""
    path = write(tmp_path, """points_limit = 40
entrenched = true

[[units]]
id = "a"
name = "1st"
soldiers = 8

[[units]]
id = "b"
name = "2nd"
level = "green"
hero_level = "elite"
hero_weapon = "lmg"
specialists = [{kind = "lmg"}, {kind = "grenadier"}]
cc_weapons = 1
""")
    summary, problems = check_list(path)
    assert summary[0] == "Mine: 2 units, 58 CU of 40"
    assert problems == [
        f"{path}: units[0].soldiers: a squad is one officer and nine soldiers, specialists included (BON-044); "
        "it has 8 soldiers",
        f"{path}: units[1].hero_level: a hero never has higher stats than his squad (BON-047): elite leading green",
        f"{path}: units[1].specialists: at most 1 specialist in a squad with a hero carrying a specialist weapon "
        "(BON-050); it has 2",
        f"{path}: units[1].cc_weapons: on an entrenched gameboard only heroes may have close-combat weapons "
        "(BON-055)",
        f"{path}: points_limit: the army list costs 58 CU, over the limit of 40 (BON-010)"]


def test_a_list_file_that_does_not_fit_the_form_is_one_line(tmp_path: Path) -> None:
    """A wrong type, an unknown field or broken TOML: one line, never a traceback."""
    with pytest.raises(RiotactError, match=r"mine.toml: units\[0\].soldiers: Input should be a valid integer"):
        check_list(write(tmp_path, '[[units]]\nid = "a"\nname = "b"\nsoldiers = "x"\n'))
    with pytest.raises(RiotactError, match=r"mine.toml: units\[0\].boots: Extra inputs are not permitted"):
        check_list(write(tmp_path, '[[units]]\nid = "a"\nname = "b"\nboots = 1\n'))
    with pytest.raises(RiotactError, match=r"mine\.toml: not valid TOML"):
        check_list(write(tmp_path, "[[units\n"))


def test_the_army_command_shows_a_ready_made_list_and_checks_a_file(tmp_path: Path) -> None:
    """`riotact army show` prints a ready-made list as TOML; `riotact army check` reads it back legal,
    and a broken file gives its problems one a line on stderr and exit code 1."""
    shown = riotact("army", "show", "britain-1914")
    assert shown.returncode == 0 and "soldiers = 12" in shown.stdout
    path = tmp_path / "gb.toml"
    path.write_text(shown.stdout, encoding="utf-8")
    ok = riotact("army", "check", str(path))
    assert ok.returncode == 0 and "The list is legal." in ok.stdout
    path.write_text(shown.stdout.replace("historical = true", "historical = false", 1), encoding="utf-8")
    bad = riotact("army", "check", str(path))
    assert bad.returncode == 1 and bad.stderr.strip() == (
        f"{path}: units[1].soldiers: a squad is one officer and nine soldiers, specialists included (BON-044); "
        "it has 12 soldiers")
    unknown = riotact("army", "show", "narnia-1916")
    assert unknown.returncode == 2 and len(unknown.stderr.strip().splitlines()) == 1
