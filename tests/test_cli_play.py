"""`riotact play` tried as a new user would (issue 19, "What a player is told"): who plays which seat,
the hand-over of a shared terminal, the briefing, the commands of every prompt, saving and quitting,
the umpire's examples and errors, and finding actions by words or ids."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from tests.support import riotact

from riotact.core import Game
from riotact.core.log import ALL

ROOT = Path(__file__).resolve().parent.parent
GULCH = "public-participation/dry-gulch"
RB = "revolting-behaviour/first-game"


def test_naming_ones_own_seat_makes_the_other_seats_bots(tmp_path: Path) -> None:
    """The README's `--seat posse=human`: the outlaws are a bot's, not a second screen for the same person."""
    save = tmp_path / "g.jsonl"
    out = riotact("play", GULCH, "--seed", "1", "--seat", "posse=human", "--save", str(save), stdin="quit\n")
    assert out.returncode == 0, out.stderr
    assert "posse, your decision" in out.stdout and "outlaws, your decision" not in out.stdout
    assert "you are outlaws" not in out.stdout and "Seats: outlaws: heuristic bot, posse: a person" in out.stdout
    assert Game.load(save).players == {"outlaws": "heuristic", "posse": "human", "umpire": "heuristic"}
    bare = riotact("play", RB, "--seed", "3", stdin="quit\nyes\n")  # nobody named: you play the first seat
    assert "p1, your decision" in bare.stdout and "p2, your decision" not in bare.stdout


def test_a_hot_seat_game_hands_the_terminal_over_and_each_seat_reads_only_its_own(tmp_path: Path) -> None:
    """Two people at one terminal: before each seat acts the screen is handed over (Enter), and between
    two hand-overs the terminal shows that seat's prompts, screen and events only (PP-07: what a
    figure hears is his side's)."""
    save = tmp_path / "g.jsonl"
    typed = ["", "end", "", "end", "", "1", "quit"]
    out = riotact("play", GULCH, "--seed", "1", "--seat", "posse=human", "--seat", "outlaws=human",
                  "--save", str(save), stdin="\n".join(typed) + "\n")
    assert out.returncode == 0, out.stderr
    turns = re.split(r"Pass the terminal to (\w+)\.", out.stdout)
    holders = turns[1::2]
    assert holders == ["outlaws", "posse", "outlaws"]
    events = Game.load(save).log.events
    for seat, shown in zip(holders, turns[2::2], strict=True):
        other = "posse" if seat == "outlaws" else "outlaws"
        assert f"{other}, your decision" not in shown and f"you are {other}" not in shown
        seen = {e["text"] for e in events if e["visible_to"] == ALL or seat in e["visible_to"]}
        hidden = {e["text"] for e in events if e["visible_to"] != ALL and seat not in e["visible_to"]} - seen
        assert not [text for text in hidden if text in shown], seat
    assert any(e["visible_to"] != ALL for e in events)  # there were private events to hide


def test_every_game_starts_with_the_briefing_how_to_win_and_a_map_key() -> None:
    """BON-003: the trench-raid objective is told before the first decision, with the plan's key; and
    'briefing', 'rules' and 'log' work at the prompt ('help' names them)."""
    out = riotact("play", "breaking-of-nations/trench-raid", "--seed", "6", "--seat", "british=human",
                  stdin="help\nbriefing\nrules\nlog 2\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    before, after = text.split("british, your decision", 1)
    assert "How to win: after 8 turns (BON-003)" in before
    assert "british 10 points for holding the German front trench" in before
    assert "Map key:" in before and "= trench" in before and "% barbed wire" in before
    assert "'briefing' (the scenario and how to win), 'log'" in after and "'rules'" in after
    assert after.count("How to win:") == 1  # 'briefing' again
    assert "initiative_ties = reroll [BON-004]" in after and "docs/rules/BON.md" in after
    assert "The last 2 of" in after and "ends its activation" in after


def test_how_to_win_in_every_ruleset_is_read_from_the_scenario() -> None:
    for scenario, seat, words in [
            (RB, "p1", "defeat every card of your own Cause (10 cards each; RB-24)"),
            ("by-will-alone/ministry-sit-in", "nonviolent", "after 24 action steps the side with more points wins"),
            ("civil-disorder/night-of-fires", "commander", "score of 44 or more after 15 turns (CD-04)"),
            (GULCH, "posse", "posse: keep the gang from the strongroom (3 points); keep the clerk alive")]:
        out = riotact("play", scenario, "--seed", "1", "--seat", f"{seat}=human", stdin="quit\nyes\n")
        assert out.returncode == 0, out.stderr
        assert words in " ".join(out.stdout.split("your decision")[0].split()), scenario


def test_save_file_at_a_prompt_keeps_saving_and_quit_asks_before_losing_a_game(tmp_path: Path) -> None:
    save = tmp_path / "later.jsonl"
    typed = ["quit", "no", f"save {tmp_path / 'missing' / 'x.jsonl'}", f"save {save}", "D-mild", "quit"]
    out = riotact("play", RB, "--seed", "3", "--option", "first_turn_order=seats", stdin="\n".join(typed) + "\n")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "This game is not saved and would be lost. Quit anyway?" in text
    assert "The game goes on." in text and "is not an existing folder" in text
    assert text.count("Quit anyway?") == 1  # once saved, quit does not ask
    assert Game.load(save).decisions[0] == ("p1", "D-mild")  # saved again after the decision
    assert "Traceback" not in out.stderr
    chair = tmp_path / "chair.jsonl"
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "3", "--seat", "umpire=human",
                  stdin=f"save {chair}\nquit\n")
    assert out.returncode == 0 and Game.load(chair).players["umpire"] == "human", out.stderr


def test_the_readmes_override_example_does_what_it_says() -> None:
    """CD-45: a fire grows on its number of fires or less, so the README's "the fire takes hold" must
    set a face that makes it grow."""
    readme = (ROOT / "README.md").read_text()
    example = re.search(r"`(umpire override CD-45 [^`]*)`", readme)
    assert example is not None
    words = shlex.split(example.group(1))
    assert words[3] == "fire in the warehouse" and "takes hold" in example.group(1)
    out = riotact("play", "civil-disorder/night-of-fires", "--seed", "3", "--seat", "umpire=human",
                  stdin=f"{example.group(1)}\n1\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "Fire in the warehouse (the fire grows)" in out.stdout


def test_rejudge_prints_the_remade_events_and_a_wrong_count_says_how_to_type_faces() -> None:
    """The umpire re-judges the 7D6 barricade check (BWA-52) that failed at turn 1."""
    typed = ["", "rejudge 1,1 x", "rejudge 6,6,6,6,6,6,6 the unions hold firm", "quit", "yes"]
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "3", "--seat", "umpire=human",
                  stdin="\n".join(typed) + "\n")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "needs 7 face(s) of 1 to 6: type them together, separated by commas, e.g. rejudge 1,2,3,4,5,6,1" in text
    remade = text.split("Re-judged: the events from")[1]
    assert "6 6 6 6 6 6 6, 6+ succeeds: 7 successes" in remade and "builds a barricade at v10" in remade


def test_words_are_matched_whole_and_ids_with_colons_are_searched(tmp_path: Path) -> None:
    """'gas A' is P1's gas at crowd A only ('a' is not the start of "at"); 'order:P1:gas' lists P1's
    two gas orders instead of being refused; a whole id with colons is taken."""
    save = tmp_path / "g.jsonl"
    out = riotact("play", "civil-disorder/embassy-protest", "--seed", "3", "--save", str(save),
                  stdin="order:P1:gas\norder P1 gas A\nquit\n")
    assert out.returncode == 0, out.stderr
    listed = out.stdout.split("your decision:")[1]
    assert "(order:P1:gas:A)" in listed and "(order:P1:gas:B)" in listed and "not one of the legal" not in listed
    taken = out.stdout.split("your decision:")[2]
    assert taken.splitlines()[0].endswith("order P1 to fire gas at crowd A")  # one match: taken at once
    assert [a for s, a in Game.load(save).decisions if s == "commander"] == ["order:P1:gas:A"]
    header = json.loads(save.read_text().splitlines()[0])
    assert header["players"]["commander"] == "human"


def test_a_capital_a_typed_alone_names_a_unit_not_the_article() -> None:
    """'Riot Police A' listed Riot Police B's own orders whose text holds the article 'a' ("build a
    barricade", "send a message to Arrest Squad"), and 'snatch A' the snatch squads into crowds B and C
    ("send a snatch squad into crowd B")."""
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "3", "--seat", "authority=human",
                  stdin="Riot Police A\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    listed = re.findall(r"\(([a-z0-9:-]+)\)\s*$", out.stdout.split("your decision:")[1], re.MULTILINE)
    assert "riot-a:barricade" in listed and "riot-b:message:riot-a" in listed
    assert not [i for i in listed if i.startswith("riot-b:") and not i.endswith("riot-a")], listed
    cd = riotact("play", "civil-disorder/high-street-riot", "--seed", "3", stdin="snatch A\nquit\nyes\n")
    found = re.findall(r"\((order:\w+:arrest:\w)\)", cd.stdout.split("your decision:")[1])
    assert sorted(found) == ["order:AR1:arrest:A", "order:R1:arrest:A", "order:S1:arrest:A"], found
