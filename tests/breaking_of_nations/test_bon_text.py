"""What a Breaking of Nations player is told: the terminal plan's letters and key, a unit's state, and the
words of the log (possessives, plurals, why a crew fires as Green), through ``Game`` and its views."""

from __future__ import annotations

import copy

from breaking_of_nations.bon_support import BASE, do, feature, game, texts, unit
from breaking_of_nations.test_bon_weapons import mg_game
from riotact.core import Game, ScriptedDice, parse_scenario
from riotact.core.scenario import find_scenario
from riotact.rulesets import get_ruleset
from support import umpire_sees

SPEC = get_ruleset("breaking-of-nations")

TRENCH = feature("trench", "trench", [(0, 20), (48, 20), (48, 22), (0, 22)])


def screen(g: Game, seat: str) -> str:
    assert SPEC.text_view is not None
    return SPEC.text_view(g.view(seat))


def plan(g: Game, seat: str) -> str:
    """The plan of the table: the rows between its borders."""
    rows = screen(g, seat).splitlines()
    top, bottom = (i for i, row in enumerate(rows) if row.startswith("+-"))
    return "\n".join(rows[top + 1:bottom])


def two_sides(first: list[int]) -> Game:
    """Red's A and blue's x on a trench; ``first`` is the initiative dice (BON-004): [2, 1] puts blue first."""
    return game([unit("A", "red", (10, 10), (12, 10)), unit("x", "blue", (30, 40))], dice=first,
                features=[TRENCH])


def test_the_letters_case_follows_the_owner_not_who_activates_first() -> None:
    """Each seat sees its own units in capitals and the enemy's in small letters, whoever won the
    initiative (BON-004); the umpire sees the first seat's in capitals."""
    for first in ([1, 2], [2, 1]):
        g = two_sides(first)
        assert "A" in plan(g, "red") and "x" in plan(g, "red") and "a" not in plan(g, "red")
        assert "a" in plan(g, "blue") and "X" in plan(g, "blue") and "A" not in plan(g, "blue")
        assert "A" in plan(g, "umpire") and "x" in plan(g, "umpire")


def test_a_key_under_the_plan_names_every_letter_and_mark_shown() -> None:
    shown = screen(two_sides([1, 2]), "blue")
    assert "Key (capitals: blue): X x (blue); a A (red)" in shown
    assert "Ground: = trench" in shown and all(len(line) <= 80 for line in shown.split("Ground")[0].splitlines())


def test_the_units_of_a_ready_made_army_each_have_a_letter_of_their_own() -> None:
    """BON-115: ids ``red-nco``, ``red-s1``..``red-s4``, ``red-mg`` no longer all print as R; the key says which."""
    data = copy.deepcopy(BASE)
    data["setup"].update(units=[], armies=[{"seat": "red", "army": "britain-1914", "at": [4, 4], "step": [8, 0]},
                                           {"seat": "blue", "army": "germany-1914", "at": [4, 44], "facing": 180}])
    g = Game(parse_scenario(data, "armies.toml"), seed=1, dice=ScriptedDice([1, 2]))
    key = screen(g, "red").split("Key (capitals: red): ")[1].split("\nGround")[0].replace("\n  ", " ")
    entries = key.split("; ")
    letters = [entry.split(" ")[0] for entry in entries]
    assert len(entries) == len(umpire_sees(g)["units"]) == 12 and len(set(letters)) == 12
    assert letters[:6] == [c.upper() for c in letters[:6]]
    assert letters[6:] == [c.lower() for c in letters[6:]]
    drawn = set(plan(g, "red")) - {" ", "|"}
    assert set(letters) <= drawn


def test_a_unit_that_is_acting_is_shown_acting_not_done() -> None:
    g = mg_game([2, 1])
    do(g, "activate:m")
    assert "m m (blue, regular, open): 3 models, 0 lost, GL 5+, acting" in screen(g, "red")
    do(g, "end:m")
    assert "m m (blue, regular, open): 3 models, 0 lost, GL 5+, done" in screen(g, "red")


def test_one_model_is_one_model() -> None:
    shown = screen(game([unit("A", "red", (10, 10)), unit("x", "blue", (30, 40))], dice=[1, 2]), "red")
    assert "A A (red, regular, open): 1 model, 0 lost" in shown


def test_bon065_an_mg_team_listed_regular_says_why_its_shots_are_green() -> None:
    """BON-065: the crew of a piece are Green whatever its unit's level; the modifier says so."""
    g = mg_game([2, 1, *[1] * 6])
    do(g, "activate:m")
    do(g, "fire:m:A")
    assert "m m (blue, regular, open)" in screen(g, "blue")
    assert "(TN 6: 5 DS +0 medium range +1 Green crew (artillery and MG crews are Green, BON-065))" in texts(g)
    assert "Green firer" not in texts(g)


def test_bon071_a_seat_ending_in_s_takes_an_apostrophe_alone() -> None:
    """The trench raid's bombardment of the germans' half (BON-071): not "germans's"; "1 phase", not "1 phase(s)"."""
    told = texts(Game(find_scenario("breaking-of-nations/trench-raid"), seed=1))
    assert "british opens a 4-hour preliminary bombardment of germans' half: 1 phase (BON-072)." in told
    assert "germans's" not in told and "(s)" not in told


def test_a_unit_name_ending_in_s_takes_an_apostrophe_alone() -> None:
    g = game([unit("A", "red", (10, 10), name="16th Manchesters"), unit("x", "blue", (30, 40))], dice=[1, 2])
    do(g, "activate:A")
    assert {a.id: a.text for a in g.legal_actions("red")}["end:A"] == "end 16th Manchesters' activation"
