"""CD-03: a person in the umpire's chair moves, splits, merges, adds and removes crowds and units.
Each is a logged umpire decision that replays from the save; a seat learns of it only what its
figure sees (CD-06) or, for its own units, what the umpire tells it; a seat that sees nothing of the
change receives nothing new (two games differing only in the intervention, compared per seat)."""

from __future__ import annotations

from pathlib import Path

import pytest

from riotact.core import Game, IllegalActionError, find_scenario
from support import umpire_sees

CHAIR = "civil-disorder/night-of-fires"  # seats: commander, fire, umpire; crowds A (26) and B (20)


def game(seed: int = 3) -> Game:
    return Game(find_scenario(CHAIR), seed=seed)


def hidden_from(g: Game, seat: str) -> list[str]:
    """Junctions where a crowd the umpire adds stays out of the seat's view (CD-06): neither its
    figure nor its radio units see it there."""
    town = umpire_sees(g)["town"]
    hidden = []
    for junction in (f"J{c}-{r}" for c in range(town["columns"]) for r in range(town["rows"])):
        probe = g.clone()
        probe.intervene("add-crowd", crowd="PROBE", at=junction, figures=1, rl=4, reason="where is out of sight")
        if not any(c["id"] == "PROBE" for c in probe.view(seat)["state"]["crowds"]):
            hidden.append(junction)
    return hidden


def seen(g: Game, seat: str) -> tuple[object, object]:
    return g.view(seat), g.log_for(seat)


def crowd(g: Game, seat: str, cid: str) -> dict[str, object] | None:
    return next((c for c in g.view(seat)["state"]["crowds"] if c["id"] == cid), None)


def test_split_a_crowd_the_cd11_split_is_seen_by_the_figures_in_sight() -> None:
    g = game()
    events = g.intervene("split", piece="B", new="B2", figures=8, reason="the students peel off")
    assert [e["kind"] for e in events] == ["decision", "effect"]
    assert events[0]["visible_to"] == [] and "students" in events[0]["text"]  # the reason: the umpire's only
    b, b2 = crowd(g, "umpire", "B"), crowd(g, "umpire", "B2")
    assert b is not None and b2 is not None
    assert (b["figures"], b2["figures"]) == (12, 8)
    assert b2["rl"] == b["rl"]  # CD-11: both parts keep the RL
    assert "commander" in events[1]["visible_to"]  # the commander's figure sees J3-1
    assert "students" not in str(g.log_for("commander"))


def test_merge_two_crowds_takes_the_larger_parts_rl() -> None:
    g = game()
    g.intervene("move", piece="B", to="J1-0", reason="they join up")
    g.intervene("merge", piece="B", into="A", reason="one mob now")
    a, b = crowd(g, "umpire", "A"), crowd(g, "umpire", "B")
    assert a is not None and b is not None
    assert (a["figures"], a["rl"], b["figures"], b["gone"]) == (46, 6, 0, "merged into A")
    assert crowd(g, "commander", "B") is None
    with pytest.raises(IllegalActionError, match="not a crowd or unit on the table"):
        g.intervene("move", piece="B", to="J1-1", reason="gone")


def test_add_a_crowd_and_a_unit() -> None:
    g = game()
    g.intervene("add-crowd", crowd="C", at="J1-1", figures=15, rl=5, reason="the pubs empty")
    seen_c = crowd(g, "commander", "C")  # the commander's figure sees J1-1 (CD-06)
    assert seen_c is not None and (seen_c["figures"], seen_c["rl"], seen_c["source"]) == (15, 5, "sight")
    assert g.log_for("commander")[-1]["text"] == "A crowd of 15 gathers at J1-1 (crowd C)."
    g.intervene("add-unit", unit="R2", kind="riot_police", player="commander", at="J1-3", figures=10,
                reason="reinforcements from the next county")
    assert g.log_for("commander")[-1]["text"] == ("The umpire sends R2 (Regular Police with Riot Gear, 10 figures) "
                                                  "to commander at J1-3.")
    assert any(a.id.startswith("order:R2:") for a in g.legal_actions("commander"))  # CD-13: it takes orders
    assert "R2" not in str(g.log_for("fire"))  # told to its player only


def test_split_and_merge_a_unit_tells_its_player() -> None:
    g = game()
    g.intervene("split", piece="R1", new="R1b", figures=4, reason="a snatch squad", to="J1-1")
    units = {u["id"]: u for u in g.view("commander")["state"]["units"]}
    assert (units["R1"]["figures"], units["R1b"]["figures"], units["R1b"]["node"]) == (6, 4, "J1-1")
    assert g.log_for("commander")[-1]["text"] == "The umpire splits 4 figures off R1 as unit R1b at J1-1."
    g.intervene("merge", piece="R1b", into="R1", reason="back together")
    units = {u["id"]: u for u in umpire_sees(g)["units"]}
    assert units["R1"]["figures"] == 10 and units["R1b"]["figures"] == 0
    assert "R1b" not in {u["id"] for u in g.view("commander")["state"]["units"]}
    with pytest.raises(IllegalActionError, match="only if both are"):
        g.intervene("merge", piece="MR1", into="R1", reason="different kinds")


@pytest.mark.parametrize(("power", "args", "why"), [
    ("split", {"piece": "A", "new": "B", "figures": 3, "reason": "x"}, "already the id"),
    ("split", {"piece": "A", "new": "A2", "figures": 26, "reason": "x"}, "figures must be 1 to 25"),
    ("split", {"piece": "SW1", "new": "S2", "figures": 2, "reason": "x"}, "aboard its vehicle"),
    ("merge", {"piece": "A", "into": "R1", "reason": "x"}, "a crowd merges only with a crowd"),
    ("merge", {"piece": "A", "into": "A", "reason": "x"}, "cannot merge with itself"),
    ("add-crowd", {"crowd": "C", "at": "moon", "figures": 5, "rl": 4, "reason": "x"}, "not a street point"),
    ("add-crowd", {"crowd": "C", "at": "J1-1", "figures": 5, "rl": 9, "reason": "x"}, "RL is 1 to 8"),
    ("add-unit", {"unit": "T", "kind": "tank", "player": "fire", "at": "J1-1", "figures": 3, "reason": "x"},
     "kind must be one of"),
])
def test_bad_piece_powers_are_refused_and_change_nothing(power: str, args: dict[str, object], why: str) -> None:
    g = game()
    before = (list(g.log.events), g.view("umpire"))
    with pytest.raises(IllegalActionError, match=why):
        g.intervene(power, **args)
    assert (g.log.events, g.view("umpire")) == before and g.decisions == []


@pytest.mark.parametrize("change", [
    {"power": "split", "piece": "A", "new": "A2", "figures": 10, "reason": "hidden"},
    {"power": "add-crowd", "crowd": "C", "figures": 30, "rl": 8, "reason": "hidden"},
    {"power": "remove", "piece": "A", "reason": "hidden"},
    {"power": "move", "piece": "A", "reason": "hidden"},
])
def test_a_seat_that_sees_nothing_of_the_change_receives_nothing_new(change: dict[str, object]) -> None:
    """Fog (CD-06): both games move crowd A out of the fire chief's sight and radio; then only one is
    changed there. The fire chief's view and log are the same in both, the umpire's are not."""
    plain, changed = game(), game()
    far, farther = hidden_from(plain, "fire")[:2]
    for g in (plain, changed):
        g.intervene("move", piece="A", to=far, reason="out of sight")
    assert crowd(plain, "fire", "A") is None
    args = {k: v for k, v in change.items() if k != "power"}
    if change["power"] == "add-crowd":
        args["at"] = far
    if change["power"] == "move":
        args["to"] = farther
    changed.intervene(str(change["power"]), **args)
    assert seen(changed, "fire") == seen(plain, "fire")
    assert changed.view("umpire") != plain.view("umpire")


def test_piece_powers_replay_from_the_save_and_the_turn_goes_on(tmp_path: Path) -> None:
    g = game()
    g.intervene("split", piece="A", new="A2", figures=10, reason="splinter group", to="J1-1")
    g.intervene("add-crowd", crowd="C", at="J2-2", figures=12, rl=4, reason="onlookers")
    g.intervene("add-unit", unit="P9", kind="patrol", player="fire", at="J0-3", figures=4, reason="escort")
    g.intervene("split", piece="R1", new="R1b", figures=3, reason="cordon")
    turn = g.umpire.turn
    while g.umpire.turn == turn and not g.is_over():  # the Game Control rules run the new pieces
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)
    g.intervene("merge", piece="R1b", into="R1", reason="regroup")
    g.intervene("remove", piece="C", reason="they go home")
    assert any(e["kind"] == "roll" and e["who"] == "Crowd A2" for e in g.log.events)  # CD-20: A2 is assessed
    g.save(tmp_path / "g.jsonl")
    back = Game.load(tmp_path / "g.jsonl")
    assert back.log.events == g.log.events
    for seat in ("umpire", "commander", "fire"):
        assert seen(back, seat) == seen(g, seat)
