"""By Will Alone: a person in the umpire's chair splits a unit's stands off as a new unit and merges
units (BWA-03 stands, BWA-12 the table), as logged umpire decisions that replay; the unit's own side
is told, the other side sees only the counters its sight reaches (BWA-09/11)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from riotact.core import Game, IllegalActionError, find_scenario, parse_scenario
from support import umpire_sees


def game() -> Game:
    return Game(find_scenario("by-will-alone/ministry-sit-in"), seed=3,
                players={"umpire": "human", "nonviolent": "human", "authority": "heuristic"})


def seen(g: Game, seat: str) -> tuple[object, object]:
    return g.view(seat), g.log_for(seat)


def unit(g: Game, uid: str) -> dict[str, Any] | None:
    """The umpire's view of a unit on the table (with its counter while hidden), if it is there."""
    return next((u for u in umpire_sees(g)["units"] if u.get("id") == uid), None)


def test_split_a_unit_and_merge_it_back() -> None:
    g = game()
    events = g.intervene("split", unit="unions", new="dockers", stands=3, reason="the dockers go their own way")
    assert events[0]["visible_to"] == [] and "dockers go" in events[0]["text"]
    unions, dockers = unit(g, "unions"), unit(g, "dockers")
    assert unions and dockers and (len(unions["stands"]), len(dockers["stands"]), dockers["feature"]) == (5, 3, "v10")
    assert g.log_for("nonviolent")[-1]["text"].startswith("The umpire splits 3 stand(s) off ")
    assert any(u.get("id") == "dockers" for u in g.view("nonviolent")["state"]["units"])
    g.intervene("merge", unit="dockers", into="unions", reason="together again")
    unions = unit(g, "unions")
    assert unions and len(unions["stands"]) == 8 and unit(g, "dockers") is None


def test_a_hidden_unit_split_shows_the_other_side_a_counter_and_nothing_more() -> None:
    """BWA-11: clergy is hidden (counter N2). Counters stand on the open table, so the authority sees a
    second counter at v00 with a fresh label (N5: the next dealt), and nothing else: its log and the
    rest of its view are those of a game without the split, and neither names the new unit."""
    plain, split = game(), game()
    split.intervene("split", unit="clergy", new="nuns", stands=2, reason="the nuns")
    nuns = unit(split, "nuns")
    assert nuns and nuns.get("counter") == "N5"  # hidden: the umpire's view gives its counter
    assert split.log_for("authority") == plain.log_for("authority")
    after, before = split.view("authority")["state"], plain.view("authority")["state"]
    now, then = after.pop("counters"), before.pop("counters")
    assert [c for c in now if c not in then] == [
        {"counter": "N5", "side": "nonviolent", "feature": "v00"}]
    assert after == before and "nuns" not in str(split.view("authority"))
    assert seen(split, "nonviolent") != seen(plain, "nonviolent")


def test_a_split_counter_says_nothing_of_which_counter_split() -> None:
    """BWA-11: two hidden units share v00 beside a dummy elsewhere. Whichever of the two the umpire
    splits, the authority sees the same: a new counter with a fresh label, never one named after
    the counter it came from (which would show that counter real: a dummy cannot split)."""
    data = copy.deepcopy(find_scenario("by-will-alone/ministry-sit-in").data)
    data["setup"]["units"].append({"id": "monks", "side": "nonviolent", "name": "Monks", "type": "actionists",
                                   "feature": "v00", "stands": 4, "quality": "veteran", "hidden": True})
    scenario = parse_scenario(data)

    def after_split(unit: str) -> Game:
        g = Game(scenario, seed=3, players={"umpire": "human", "nonviolent": "human", "authority": "human"})
        g.intervene("split", unit=unit, new="splinter", stands=2, reason="a splinter group")
        return g

    clergy, monks = after_split("clergy"), after_split("monks")
    def counter(g: Game, uid: str) -> str:
        return (unit(g, uid) or {})["counter"]

    assert counter(clergy, "clergy") != counter(monks, "monks")  # two counters at v00
    assert seen(clergy, "authority") == seen(monks, "authority")
    for g, uid in ((clergy, "clergy"), (monks, "monks")):
        assert not counter(g, "splinter").startswith(counter(g, uid))


@pytest.mark.parametrize(("power", "args", "why"), [
    ("split", {"unit": "unions", "new": "riot-a", "stands": 2, "reason": "x"}, "already the id"),
    ("split", {"unit": "unions", "new": "u2", "stands": 8, "reason": "x"}, "stands must be 1 to 7"),
    ("merge", {"unit": "unions", "into": "riot-a", "reason": "x"}, "same feature"),
    ("merge", {"unit": "neighbours", "into": "unions", "reason": "x"}, "not a unit on the table"),
])
def test_bad_splits_and_merges_are_refused(power: str, args: dict[str, object], why: str) -> None:
    g = game()
    before = list(g.log.events)
    with pytest.raises(IllegalActionError, match=why):
        g.intervene(power, **args)
    assert g.log.events == before


def test_splits_and_merges_replay_from_the_save(tmp_path: Path) -> None:
    g = game()
    g.intervene("split", unit="unions", new="dockers", stands=3, reason="dockers")
    for _ in range(12):
        if g.is_over():
            break
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)
    g.intervene("split", unit="riot-a", new="riot-c", stands=2, reason="a flanking party")
    g.save(tmp_path / "g.jsonl")
    back = Game.load(tmp_path / "g.jsonl")
    assert back.log.events == g.log.events
    for seat in ("umpire", "nonviolent", "authority"):
        assert seen(back, seat) == seen(g, seat)


def test_the_umpire_moving_a_unit_while_orders_are_declared_changes_the_orders_offered() -> None:
    """BWA-01 orders are worked out once per step; BWA-12 the umpire moves or removes a unit in the
    middle of them: the orders still open are those of the board as it now stands."""
    g = game()
    moves = lambda: sorted(a.id for a in g.legal_actions("nonviolent") if a.id.startswith("unions:move:"))  # noqa: E731
    assert moves() == ["unions:move:b00", "unions:move:b10", "unions:move:x10", "unions:move:x11"]
    g.intervene("move", unit="unions", to="v00", reason="they took the side street")
    assert moves() == ["unions:move:b00", "unions:move:x00", "unions:move:x01"]
    g.apply("nonviolent", "unions:move:x00")  # offered from v00 only
    g.intervene("remove", unit="clergy", reason="gone home")
    assert not any(a.id.startswith("clergy:") for a in g.legal_actions("nonviolent"))
