"""The terminal screen (text.py) and the legal-action list as a person reads them, and the
command line end to end: a scripted game, its save replayed, and hand-typed dice."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from riotact.core import Game, RandomBot, builtin_scenarios, find_scenario
from riotact.core.bots import bot_rng
from riotact.core.log import UMPIRE
from riotact.rulesets import get_ruleset
from riotact.rulesets.civil_disorder.text import MAX_LINES, text_view
from support import umpire_sees

SPEC = get_ruleset("civil-disorder")

SCENARIOS = [sc.ref for sc in builtin_scenarios(SPEC)]
#: Words only the umpire's screen may hold (CD-01, CD-24, CD-25, CD-34).
UMPIRE_WORDS = ("negotiator", "LOOTERS", "looters", "objective", "Hidden:", "Score so far")


def plan_of(screen: str) -> dict[tuple[int, int], str]:
    """The town plan's characters by (x, y) inches, read back from the screen (1" a column,
    2" a row at the built-in scales)."""
    lines = screen.splitlines()
    rows = [line for line in lines if re.match(r"^( -\d+|   ) {0,3}\d+  ", line)]
    cells = {}
    for line in rows:
        y = int(line[3:7])
        for col, ch in enumerate(line[9:]):
            cells[(col, y)] = ch
    return cells


def sf_screen_problems(game: Game, seat: str, hidden: frozenset[str] = frozenset()) -> list[str]:
    """What an SF screen must not hold (CD-06, CD-24, CD-71): ``hidden``, the planted sentinels the
    seat may not see, nor the RL states of the umpire's chart."""
    screen = text_view(game.view(seat))
    shown = {c["id"] for c in game.view(seat)["state"]["crowds"]}
    rl_states = [row["state"] for row in umpire_sees(game)["tables"]["rl_chart"].values()]
    problems = [f"hidden token {t}" for t in hidden if t in screen]
    problems += [f"RL state {w!r}" for w in rl_states if w in screen]
    problems += [f"umpire word {w!r}" for w in UMPIRE_WORDS if w in screen]
    listed = set(re.findall(r"^ \S crowd (\S+) ", screen, flags=re.MULTILINE))
    problems += [f"unseen crowd {c}" for c in sorted(listed - shown)]
    problems += [f"seen crowd {c} missing" for c in sorted(shown - listed)]
    return problems


@pytest.mark.parametrize("ref", SCENARIOS)
def test_every_seat_gets_a_screen_within_the_limit_and_no_secrets(ref: str) -> None:
    """CD-06 / CD-24 / CD-71: at many points of random games every seat's screen renders in at
    most 50 lines; an SF screen shows only what the SF may know (no sentinel, no RL state
    name, no looters, negotiators or objectives, no crowd out of sight), the umpire's shows all."""
    renders = 0
    for seed in range(3):
        game = Game(find_scenario(ref), seed=seed)
        sentinels = game.state  # the conformance suite's sentinels are planted in the state (view.py)
        sentinels.plant_sentinels()
        bots = {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats}
        decisions = 0
        while True:
            if decisions % 7 == 0 or game.is_over():
                for seat in game.seats:
                    screen = text_view(game.view(seat))
                    renders += 1
                    assert len(screen.splitlines()) <= MAX_LINES, screen
                    assert screen.isascii() and "\t" not in screen
                    if seat != UMPIRE:
                        assert sf_screen_problems(game, seat, frozenset(sentinels.hidden_tokens(seat))) == [], screen
                    else:
                        assert "Score so far" in screen
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
            decisions += 1
    assert renders > 30


def test_the_plan_shows_figures_crowds_with_rl_markers_and_building_state(cd: Any) -> None:
    """CD-24: each crowd carries its RL marker; the plan puts the player's figure, units,
    hydrants, casualties (CD-56), gas (CD-22) and burning or wrecked buildings (CD-40, CD-44)
    where they are. Crowd B's one figure, shot by S1 (a 6 hits, CD-60; a 2 wounds, CD-61), is the
    casualty."""
    casualty = cd.game(units=[cd.unit("S1", "soldiers", "J1-1", weapon="single", figures=1, order="fire:B")],
                       crowds=[cd.crowd("B", "x24y16", figures=1, rl=3)], dice=cd.dice({"CD-60": [6], "CD-61": [2]}))
    casualty.apply("commander", "pass")
    casualty.apply("commander", "stay")
    [wounded] = umpire_sees(casualty)["casualties"]
    assert wounded["node"] == "x22y16"  # where crowd B had drifted (1d3: 1, 2")
    screen = text_view(casualty.view("commander"))
    assert plan_of(screen)[(22, 16)] == "%" and "1 crowd wounded at x22y16" in screen
    game = cd.game(
        units=[cd.unit("R1", "riot_police", "x16y10")],
        crowds=[cd.crowd("A", "x20y16", rl=6)],
        buildings=[{"id": "bank", "block": [0, 0], "value": 40, "fires": 2},
                   {"id": "shed", "block": [1, 1], "value": 0}],  # wrecked (CD-40)
        features=[{"kind": "hydrant", "at": "x8y16"}],
        gas=[{"kind": "tear", "at": "x16y24"}],  # CD-22
    )
    screen = text_view(game.view("commander"))
    cells = plan_of(screen)
    assert cells[(16, 16)] == "@"
    assert cells[(20, 16)] + cells[(21, 16)] == "A6"
    assert cells[(16, 10)] == "r"
    assert cells[(8, 16)] == "Y"
    assert cells[(16, 24)] == cells[(16, 22)] == "~"
    assert "^" in {cells[(x, 10)] for x in range(3, 14)}  # the burning bank
    assert "#" in {cells[(x, 26)] for x in range(19, 30)}  # the wrecked shed
    assert " r R1" in screen and "hold position" in screen
    assert "To win (CD-04): an SF score of 50+" in screen
    assert "crowd A " in screen and "RL 6" in screen
    assert "Fires: the bank (2)." in screen and "Wrecked: the shed." in screen


def test_a_gas_cloud_is_drawn_as_wide_as_the_gas_radius_house_rule(cd: Any) -> None:
    """CD-22: the gas_radius house rule (6" here) sets how far a cloud reaches, on the plan too: R1
    fires tear gas at crowd A, and the cloud (drifted 1" east) reaches 6" either way, no farther."""
    game = cd.game(options={"gas_radius": 6}, units=[cd.unit("R1", "riot_police", "J1-1", order="gas:A")],
                   crowds=[cd.crowd("A", "x16y24", rl=7)], dice=cd.dice({"CD-63": [6]}))
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    [cloud] = game.view("commander")["state"]["gas"]
    x, y = cloud["x"], cloud["y"]
    assert (cloud["kind"], cloud["radius"]) == ("tear", 6)
    cells = plan_of(text_view(game.view("commander")))
    assert cells[(x, y + 6)] == cells[(x, y - 6)] == "~" and cells[(x, y + 8)] != "~"


def test_a_crowd_out_of_sight_is_only_on_the_umpires_screen(cd: Any) -> None:
    """CD-06: strict visibility; a crowd behind a building with no unit to report it is left off
    the SF screen (plan and lists), while the umpire's screen has it, RL state and all (CD-01)."""
    game = cd.game(seats=["commander", "umpire"], crowds=[cd.crowd("Q", "x0y8", rl=7)],
                   buildings=[{"id": "block", "block": [0, 0], "value": 40}],
                   players=[{"seat": "commander", "at": "x32y24"}])
    sf = text_view(game.view("commander"))
    assert " Q crowd Q" not in sf and "Q7" not in sf
    ump = text_view(game.view("umpire"))
    assert "crowd Q" in ump and "Rioting" in ump and "Q7" in ump


def test_hidden_crowd_state_never_reaches_an_sf_screen(cd: Any) -> None:
    """CD-25 / CD-34: looters and a negotiator's quality stay off the SF screen even when the
    crowd is in plain sight; the umpire's screen shows them."""
    game = cd.game(seats=["commander", "umpire"], crowds=[cd.crowd("A", "x20y16", looters=True)],
                   players=[{"seat": "commander", "at": "J1-1", "negotiator": "good"}])
    assert sf_screen_problems(game, "commander") == []
    ump = text_view(game.view("umpire"))
    assert "LOOTERS" in ump and "good negotiator" in ump


def test_the_walk_phase_says_what_was_declared(cd: Any) -> None:
    """CD-07 / CD-14: after the one action the screen recalls it and asks for the walk."""
    game = cd.game(units=[cd.unit("R1", "riot_police", "x16y10")])
    game.apply("commander", "order:R1:move:J1-0")
    screen = text_view(game.view("commander"))
    assert "You declared: order R1 to move to J1-0. Now: walk" in screen


def test_actions_read_well_in_order(cd: Any) -> None:
    """CD-07 / CD-14: runs go clockwise from north, nearest first, each saying which way; own
    units' orders come before others', and each unit's moves come last, nearest first."""
    game = cd.game(seats=["commander", "sub1"],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J0-0", "superior": "commander"}],
                   units=[cd.unit("A9", "riot_police", "J0-0", player="sub1"), cd.unit("Z1", "patrol", "J1-1")],
                   crowds=[cd.crowd("A", "J2-2")])
    legal = game.legal_actions("commander")
    texts = [a.text for a in legal]
    runs = [a.text for a in legal if a.id.startswith("run:")]
    assert runs[:2] == ['run to x16y14 (2" N)', 'run to x16y12 (4" N)']
    assert runs[6] == 'run to x18y16 (2" E)' and runs[-1] == 'run to x4y16 (12" W)'
    orders = [a.id.split(":")[1] for a in legal if a.id.startswith("order:")]
    assert orders.index("Z1") < orders.index("A9")  # the commander's own unit first
    z1 = [a for a in legal if a.id.startswith("order:Z1:")]
    assert [a.id for a in z1[:2]] == ["order:Z1:hold", "order:Z1:withdraw"]
    moves = [a.text for a in z1 if ":move:" in a.id]
    assert moves[0].startswith("order Z1 to move to J") and moves[0].endswith('(16" N)')
    assert z1[-1].text == 'order Z1 to move to J0-0 (16" N 16" W)'  # farthest, last clockwise
    assert all(t.isascii() and not set(t) & set("[]\n") for t in texts)


def test_action_texts_are_plain_throughout_random_games() -> None:
    """Every legal action's text is plain ASCII words with no markup, on every scenario."""
    for ref in SCENARIOS:
        game = Game(find_scenario(ref), seed=5)
        bots = {s: RandomBot(s, bot_rng(5, s)) for s in game.seats}
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            assert all(a.text.isascii() and not set(a.text) & set("[]\n") for a in legal)
            assert len({a.id for a in legal}) == len(legal)
            game.apply(seat, bots[seat].choose(None, legal))


# -- the command line, end to end -------------------------------------------------------------
def riotact(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "riotact.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "160"})


def test_cli_play_shows_the_plan_saves_and_replays(tmp_path: Path) -> None:
    """A person plays the commander's seat: the screen has the plan and the unit lines, the
    numbered choices work, quit saves, and the save replays as the commander."""
    save = tmp_path / "game.jsonl"
    # turn 1: order a unit (an order line), walk (first walk), turn 2: pass and stay; then quit
    played = riotact("play", "civil-disorder/embassy-protest", "--seed", "3", "--save", str(save),
                     stdin="27\n2\n1\n1\nquit\n")
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "Turn 1 of 12" in out and "Turn 2 of 12" in out and "J0" in out
    assert "You (@) at J1-1" in out and " w WC1" in out
    assert "Traceback" not in out + played.stderr
    replayed = riotact("replay", str(save), "--seat", "commander")
    assert replayed.returncode == 0, replayed.stderr
    assert "commander" in replayed.stdout


class Terminal:
    """Drives ``riotact`` through its prompts: a decision or a request for dice faces, each
    waiting for a line."""

    PROMPTS = ("your decision: ", "face(s) shown: ")

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "riotact.cli", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "160"})
        self.out = ""

    def prompt(self, timeout: float = 60) -> str | None:
        """The text since the last answer up to the next prompt; None once the program has ended."""
        assert self.proc.stdout is not None
        fd, start, deadline = self.proc.stdout.fileno(), len(self.out), time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.out[start:].endswith(self.PROMPTS):
                return self.out[start:]
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    return None
                self.out += chunk.decode()
        raise AssertionError(f"no prompt within {timeout}s; last output: {self.out[-500:]}")

    def answer(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        self.proc.stdin.flush()


def _play_by_hand(term: Terminal, decisions: list[str]) -> list[int]:
    """Answer every prompt: the decisions in turn, dice faces (one refused first); the faces typed."""
    typed: list[int] = []
    refused = False
    while (text := term.prompt()) is not None:
        roll = re.search(r"Roll (\d+)D(\d+) for [^\n]*; enter the \d+ face\(s\) shown: $", text)
        if roll:
            assert "the umpire's hidden roll" in text
            n, sides = int(roll.group(1)), int(roll.group(2))
            if not refused:
                term.answer(str(sides + 1))  # not a face of this die: asked again
                refused = True
                continue
            faces = [(len(typed) + i) % sides + 1 for i in range(n)]
            typed += faces
            term.answer(" ".join(map(str, faces)))
        else:
            assert text.endswith("your decision: "), text[-300:]
            term.answer(decisions.pop(0))
    assert term.proc.wait(timeout=30) == 0, term.out[-2000:]
    assert not decisions and "Traceback" not in term.out
    return typed


@pytest.mark.skipif(sys.platform == "win32", reason="select on pipes")
def test_cli_manual_dice_in_solo_play_leave_game_control_dice_with_riotact(tmp_path: Path) -> None:
    """CD-01: solo with ``--dice manual``, the police player is never asked to roll the umpire's
    hidden dice; riotact rolls them from the seed, and the save says so and replays."""
    save = tmp_path / "manual.jsonl"
    term = Terminal("play", "civil-disorder/embassy-protest", "--seed", "3", "--dice", "manual",
                    "--save", str(save))
    assert _play_by_hand(term, ["1", "1", "1", "1", "quit"]) == []  # pass and stay for two turns
    assert "Roll 1D" not in term.out
    header, *events = [json.loads(line) for line in save.read_text().splitlines()]
    assert header["hidden_dice"] == "seeded" and any(e.get("kind") == "roll" for e in events)
    replayed = riotact("replay", str(save), "--seat", "commander")
    assert replayed.returncode == 0, replayed.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="select on pipes")
def test_cli_manual_dice_with_a_person_in_the_umpire_chair_ask_the_umpire(tmp_path: Path) -> None:
    """CD-03: with a human ``umpire`` seat, that person types the hidden dice: each roll asks for
    its faces (saying it is the umpire's hidden roll), a face not on the die is refused and asked
    again, and the faces typed are the log's roll events."""
    scenario = tmp_path / "chaired.toml"
    source = (Path(__file__).parents[2] / "src/riotact/rulesets/civil_disorder/scenarios/embassy-protest.toml")
    scenario.write_text(source.read_text().replace('seats = ["commander", "sub1"]',
                                                   'seats = ["commander", "sub1", "umpire"]'))
    save = tmp_path / "chaired.jsonl"
    term = Terminal("play", str(scenario), "--seed", "3", "--dice", "manual", "--seat", "umpire=human",
                    "--save", str(save))
    typed = _play_by_hand(term, ["1", "1", "1", "quit"])  # pass, stay; the umpire proceeds
    assert "is not a face of a D" in term.out and len(typed) >= 2
    events = [json.loads(line) for line in save.read_text().splitlines()]
    logged = [face for e in events if e.get("kind") == "roll" for face in e["dice"]]
    assert logged == typed


def test_cli_says_why_no_action_matches_the_words_typed(tmp_path: Path) -> None:
    """CD-32 at the terminal: "negotiate" typed with every crowd out of megaphone range is answered
    with the reason and the ranges, not only "No action matches"."""
    played = riotact("play", "civil-disorder/embassy-protest", "--seed", "4", stdin="negotiate\nquit\n")
    out = " ".join(played.stdout.split())
    assert "No action matches 'negotiate': no crowd you know of is within the 8\" your megaphone carries" in out
    assert "(CD-32)" in out and "Traceback" not in played.stderr


def test_players_read_buildings_by_name_never_by_their_ids() -> None:
    """CD-44/CD-49: "order F1 to fight the fire in the west terrace", not "terrace_w", in the actions, on the
    screen and in the log; the id stays in the action id a player may type."""
    game = Game(find_scenario("civil-disorder/night-of-fires"), seed=7)
    ids = ("terrace_w", "terrace_e", "off_licence", "shoe_shop")
    texts = {a.id: a.text for a in game.legal_actions("commander")}
    assert texts["order:F1:hose:terrace_w"] == "order F1 to fight the fire in the west terrace"
    bots = {seat: RandomBot(seat, bot_rng(7, seat)) for seat in game.seats}
    seen = []
    while game.result is None and umpire_sees(game)["turn"] <= 4:
        for seat in game.to_act():
            if seat != UMPIRE:
                seen += [text_view(game.view(seat)), *(a.text for a in game.legal_actions(seat))]
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    seen += [e["text"] for seat in game.seats if seat != UMPIRE for e in game.log_for(seat)]
    assert any("the west terrace" in text or "the warehouse" in text for text in seen[-200:])
    assert not [text for text in seen if any(i in text for i in ids)]
