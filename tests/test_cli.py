"""The `riotact` command, run as a user runs it: exit codes, JSON, and no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support import forged_bwa_log

RB = "revolting-behaviour/first-game"


def riotact(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "riotact.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_rulesets_json_lists_all_five() -> None:
    out = riotact("rulesets", "--json")
    assert out.returncode == 0, out.stderr
    ids = {r["id"]: r["implemented"] for r in json.loads(out.stdout)}
    assert set(ids) == {"revolting-behaviour", "by-will-alone", "civil-disorder", "public-participation",
                        "breaking-of-nations"}
    assert all(ids.values())


def test_scenarios_json_entries() -> None:
    out = riotact("scenarios", "revolting-behaviour", "--json")
    rows = json.loads(out.stdout)
    assert {"first-game", "four-players", "long-game"} <= {r["id"] for r in rows}
    assert all({"ruleset", "id", "title", "seats"} <= set(r) for r in rows)


def test_sim_logs_are_identical_whatever_the_job_count(tmp_path: Path) -> None:
    one = riotact("sim", RB, "--games", "12", "--seed", "5", "--jobs", "1", "--log-dir", str(tmp_path / "a"),
                  "--json")
    two = riotact("sim", RB, "--games", "12", "--seed", "5", "--jobs", "2", "--log-dir", str(tmp_path / "b"),
                  "--json")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    summary = json.loads(one.stdout)
    assert sum(summary["wins"].values()) + summary["no_winner"] == 12
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir()) and len(names) == 12
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    header = json.loads((tmp_path / "a" / names[0]).read_text().splitlines()[0])
    assert header["players"] == {"p1": "random", "p2": "random"}  # who played which seat, in every log


def test_replay_verifies_and_narrates_as_a_seat(tmp_path: Path) -> None:
    riotact("sim", RB, "--games", "1", "--seed", "2", "--log-dir", str(tmp_path))
    log = tmp_path / "game-00000.jsonl"
    as_p1 = riotact("replay", str(log), "--seat", "p1")
    assert as_p1.returncode == 0 and "Verified:" in as_p1.stdout
    as_umpire = riotact("replay", str(log))
    # RB-07: the face-down Cause draws are shown to the umpire only.
    assert "for his Cause (face down)" in as_umpire.stdout
    assert "for his Cause (face down)" not in as_p1.stdout


def test_play_against_a_bot_saves_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    out = riotact("play", RB, "--seed", "3", "--save", str(save), "--option", "first_turn_order=seats",
                  stdin="1\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "Saved to" in out.stdout and save.exists()
    decisions = [json.loads(line) for line in save.read_text().splitlines()[1:]]
    assert any(e["kind"] == "decision" and e["seat"] == "p1" and e["action"] == "pass" for e in decisions)
    again = riotact("play", str(save), stdin="quit\nyes\n")
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize(("args", "words"), [
    (("play", "no-such-scenario"), "no such scenario"),
    (("play", RB, "--seat", "p7=human"), "SEAT=KIND"),
    (("play", RB, "--option", "nonsense=1"), "no house rule 'nonsense'"),
    (("sim", RB, "--games", "-1"), "--games"),
    (("sim", RB, "--seat", "p1=human"), "bots only"),
    (("replay", "/no/such/log.jsonl"), "cannot read"),
    (("scenarios", "chess"), "no ruleset 'chess'"),
    (("play", RB, "--option", "severe=maybe"), "takes a bool, got 'maybe'"),
    (("play", RB, "--option", "severe"), "key=value"),
    (("play", "/"), "is a folder"),
    (("sim", RB, "--games", "100000001"), "--games"),
    (("sim", RB, "--jobs", "0"), "--jobs"),
])
def test_bad_input_gets_a_message_not_a_traceback(args: tuple[str, ...], words: str) -> None:
    out = riotact(*args)
    assert out.returncode == 2
    assert words in out.stderr + out.stdout
    assert "Traceback" not in out.stderr


def test_a_broken_save_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "game"}\n')
    out = riotact("play", str(bad))
    assert out.returncode == 2 and "header is incomplete" in out.stderr and "Traceback" not in out.stderr


def test_a_long_action_list_is_indexed_and_searchable() -> None:
    """A commander with 100+ orders gets an index of the list, and words typed find actions."""
    out = riotact("play", "civil-disorder/embassy-protest", "--seed", "3", stdin="order R1\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "actions: 1 take no action this turn; 2-" in out.stdout.replace("\n", " ")
    found = out.stdout.split("your decision:")[1]
    assert "order R1 to hold position" in found and "order AR1" not in found


def test_a_damaged_or_unwritable_save_is_a_clear_error(tmp_path: Path) -> None:
    """A truncated save, a folder given as a save, a save folder that is a file or is missing."""
    save = tmp_path / "game.jsonl"
    riotact("play", RB, "--seed", "3", "--save", str(save), stdin="1\nquit\nyes\n")
    text = save.read_text()
    save.write_text(text[: len(text) - 20])  # cut off in the middle of the last line
    blocker = tmp_path / "file"
    blocker.write_text("")
    (tmp_path / "folder.jsonl").mkdir()
    for args, words in [(("play", str(save)), "not JSON"),
                        (("play", str(tmp_path / "folder.jsonl")), "cannot read"),
                        (("play", RB, "--save", str(blocker / "g.jsonl")), "not an existing folder"),
                        (("play", RB, "--save", str(tmp_path / "missing" / "g.jsonl")), "not an existing folder")]:
        out = riotact(*args, stdin="quit\nyes\n")
        assert out.returncode == 2 and words in out.stderr, out.stdout + out.stderr
        assert "Traceback" not in out.stderr


def test_input_closed_at_the_decision_prompt_saves_and_exits_2(tmp_path: Path) -> None:
    """Ctrl-D (end of input) is not a traceback: the game so far is saved and the exit code is 2."""
    save = tmp_path / "game.jsonl"
    out = riotact("play", RB, "--seed", "3", "--save", str(save), "--option", "first_turn_order=seats",
                  stdin="1\n")
    assert out.returncode == 2 and "Input closed" in out.stdout and "Traceback" not in out.stderr
    events = [json.loads(line) for line in save.read_text().splitlines()[1:]]
    assert next(e["action"] for e in events if e["kind"] == "decision") == "pass"
    unsaved = riotact("play", RB, "--seed", "3", stdin="")
    assert unsaved.returncode == 2 and "not saved" in unsaved.stdout


def test_a_saved_game_keeps_its_seed_options_and_dice(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    riotact("play", RB, "--seed", "3", "--save", str(save), stdin="quit\nyes\n")
    for extra, words in [(("--seed", "4"), "keeps its own seed"), (("--option", "severe=false"), "keeps its own"),
                         (("--dice", "manual"), "dice from its seed")]:
        out = riotact("play", str(save), *extra, stdin="quit\nyes\n")
        assert out.returncode == 2 and words in out.stderr, out.stderr


def test_manual_dice_closed_at_a_dice_prompt_then_resumed_by_hand(tmp_path: Path) -> None:
    """Ctrl-D at a dice prompt: the decision under way is not made, the save replays, and the
    resumed game asks for the faces by hand again (By Will Alone rolls at its first decisions)."""
    save = tmp_path / "game.jsonl"
    bots = ("--seat", "nonviolent=random", "--seat", "authority=random")
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "1", "--dice", "manual", *bots,
                  "--save", str(save))
    assert out.returncode == 2 and "face(s) shown" in out.stdout and "Input closed" in out.stdout
    assert "Traceback" not in out.stderr
    assert riotact("replay", str(save)).returncode == 0
    again = riotact("play", str(save), *bots, stdin="")
    assert again.returncode == 2 and "rolled by hand" in again.stdout and "face(s) shown" in again.stdout


def test_undo_at_the_terminal_takes_back_until_the_cards_fall(tmp_path: Path) -> None:
    """'undo' takes back a declaration before anything is drawn (RB-14); once a card is drawn, the
    decision stands (the bot p2 cannot agree to forget it), and the save keeps it."""
    save = tmp_path / "game.jsonl"
    out = riotact("play", RB, "--seed", "3", "--option", "first_turn_order=seats", "--save", str(save),
                  stdin="D-mild\nundo\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "Your last decision is taken back" in out.stdout
    events = [json.loads(line) for line in save.read_text().splitlines()[1:]]
    assert not [e for e in events if e["kind"] == "decision"]
    drawn = riotact("play", RB, "--seed", "3", "--option", "first_turn_order=seats", "--save", str(save),
                    stdin="D-mild\ndraw\nundo\nquit\nyes\n")
    assert drawn.returncode == 0, drawn.stderr
    assert "The decision stands: you have seen 'p1 draws" in " ".join(drawn.stdout.split())
    assert "taken back" not in drawn.stdout
    events = [json.loads(line) for line in save.read_text().splitlines()[1:]]
    assert [e["action"] for e in events if e["kind"] == "decision"][:2] == ["D-mild", "draw"]


def test_resuming_puts_everyone_back_in_his_seat(tmp_path: Path) -> None:
    """The person who played p2 resumes as p2 (never as p1, whose hidden Cause he would see);
    --seat changes the seats explicitly, and the save records the change."""
    save = tmp_path / "game.jsonl"
    first = riotact("play", RB, "--seed", "3", "--seat", "p1=heuristic", "--seat", "p2=human", "--save", str(save),
                    stdin="quit\nyes\n")
    assert first.returncode == 0 and "p2, your decision" in first.stdout, first.stderr
    assert json.loads(save.read_text().splitlines()[0])["players"] == {"p1": "heuristic", "p2": "human"}
    again = riotact("play", str(save), stdin="quit\nyes\n")
    assert again.returncode == 0, again.stderr
    assert "p2, your decision" in again.stdout and "p1, your decision" not in again.stdout
    swapped = riotact("play", str(save), "--seat", "p1=human", "--seat", "p2=random", stdin="quit\nyes\n")
    assert swapped.returncode == 0 and "p1, your decision" in swapped.stdout, swapped.stderr
    assert json.loads(save.read_text().splitlines()[0])["players"] == {"p1": "human", "p2": "random"}


def test_a_save_that_names_no_players_says_so(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    riotact("play", RB, "--seed", "3", "--save", str(save), stdin="quit\nyes\n")
    lines = save.read_text().splitlines()
    header = json.loads(lines[0])
    del header["players"]
    save.write_text("\n".join([json.dumps(header), *lines[1:]]))
    out = riotact("play", str(save), stdin="quit\nyes\n")
    assert out.returncode == 0 and "does not say who plays which seat" in out.stdout, out.stderr


def test_the_seed_is_a_secret_until_the_end(tmp_path: Path) -> None:
    """The play screens never show the seed of a game in progress (it fixes the hidden Cause cards and
    every future draw); it is told when the game is over, and a game without --seed takes fresh entropy."""
    seed = "987654321987"
    running = riotact("play", RB, "--seed", seed, stdin="1\nquit\nyes\n")
    assert running.returncode == 0 and seed not in running.stdout + running.stderr
    bots = ("--seat", "p1=random", "--seat", "p2=random")
    ended = riotact("play", RB, "--seed", seed, *bots)
    assert ended.returncode == 0 and f"seed was {seed}" in ended.stdout, ended.stderr
    save = tmp_path / "game.jsonl"
    fresh = riotact("play", RB, "--save", str(save), stdin="quit\nyes\n")
    drawn = json.loads(save.read_text().splitlines()[0])["seed"]
    assert type(drawn) is int and drawn.bit_length() > 64 and str(drawn) not in fresh.stdout
    as_p1 = riotact("replay", str(save), "--seat", "p1")
    assert as_p1.returncode == 0 and str(drawn) not in as_p1.stdout and "told when the game is over" in as_p1.stdout
    assert f"from seed {drawn}" in riotact("replay", str(save)).stdout  # the umpire's narrative


def test_a_forged_log_does_not_verify_from_seed(tmp_path: Path) -> None:
    """A seeded log relabelled as hand-rolled, with a die changed, replays only as what it now says
    it is: dice written in the log, not checked against the seed."""
    honest, forged = forged_bwa_log(tmp_path)
    assert "from seed 5" in riotact("replay", str(honest)).stdout
    out = riotact("replay", str(forged))
    assert out.returncode == 0, out.stderr
    assert "from seed" not in out.stdout and "not checked against the seed" in " ".join(out.stdout.split())


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_huge_batch_starts_at_once_and_plays_in_game_order(jobs: int) -> None:
    """`sim --games` in the millions makes its games as workers need them (no task list up front)."""
    import itertools

    from riotact.cli.sim import run_batch
    from riotact.core import find_scenario

    scenario = find_scenario(RB)
    batch = run_batch(scenario, 10**9, 5, {}, jobs=jobs)
    first = list(itertools.islice(batch, 40))
    batch.close()
    assert [s.index for s in first] == list(range(40))
    assert first == list(run_batch(scenario, 40, 5, {}, jobs=1))


def test_a_hot_seat_table_never_shows_the_umpires_secrets() -> None:
    """RB-07: face-down Cause cards are shown to nobody, even when two people share the terminal."""
    for seats in (("--seat", "p1=human", "--seat", "p2=human"), ("--seat", "p1=random", "--seat", "p2=random")):
        out = riotact("play", RB, "--seed", "3", *seats, stdin="\nquit\nyes\n")  # Enter: p1 takes the terminal
        assert out.returncode == 0, out.stderr
        assert "draws" in out.stdout and "for his Cause (face down)" not in out.stdout


def test_whatever_is_typed_at_the_prompt_is_text_not_markup() -> None:
    """Brackets typed at the prompt (rich markup), or a '³', are just text: never a traceback."""
    out = riotact("play", RB, "--seed", "3", stdin="[/x]\nzzz [/x]\n[bold]\n³\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and "No action matches 'zzz [/x]'" in out.stdout


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc, a folder nobody can write")
def test_a_save_folder_that_cannot_be_written_is_refused_before_play() -> None:
    """A read-only save folder is found out at the start (even as root), not after the first move."""
    out = riotact("play", RB, "--seed", "3", "--save", "/proc/riotact-game.jsonl", stdin="1\nquit\nyes\n")
    assert out.returncode == 2 and "cannot save" in out.stderr and "Traceback" not in out.stderr
    assert "your decision" not in out.stdout


def test_hot_seat_undo_asks_the_other_person() -> None:
    """Two people at one terminal: past a drawn card (a failed one: p1 is still at the terminal),
    taking p1's decision back needs p2's word."""
    seats = ("--seat", "p1=human", "--seat", "p2=human", "--option", "first_turn_order=seats")
    agreed = riotact("play", RB, "--seed", "3", *seats, stdin="\nS-severe\ndraw\nundo\nyes\nquit\nyes\n")
    assert agreed.returncode == 0, agreed.stderr
    assert "p2, do you agree to take back p1's decision?" in agreed.stdout and "taken back" in agreed.stdout
    refused = riotact("play", RB, "--seed", "3", *seats, stdin="\nS-severe\ndraw\nundo\nno\nquit\nyes\n")
    assert "The decision stands" in refused.stdout and "taken back" not in refused.stdout
