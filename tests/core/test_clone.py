"""A clone goes on by itself (OpenSpiel's ApplyActionTestClone, issue 21): clone a game in play, let
the original and the clone take different decisions, and each is the game a fresh replay of its own
decisions gives. What no rule changes (the scenario, its set-up, the house rules, the terrain) is
shared, not copied, and so are the events logged so far (never changed once written), so a search
copies only the pieces: each record of the rules (``protocol.Record``) copies its containers."""

from __future__ import annotations

import random
from copy import deepcopy
from dataclasses import dataclass

import pytest

from riotact.core import Game, find_scenario
from riotact.core.log import UMPIRE, dumps
from riotact.core.protocol import record_copy
from support import play_random as play

SCENARIOS = ("civil-disorder/night-of-fires", "civil-disorder/embassy-protest", "by-will-alone/ministry-sit-in",
             "by-will-alone/night-of-barricades", "breaking-of-nations/trench-raid",
             "breaking-of-nations/village-1914", "public-participation/dry-gulch",
             "public-participation/town-meeting")


def seen(game: Game) -> list[str]:
    """Everything every seat and the umpire may know now, and the count of events."""
    return [dumps(game.view(seat)) for seat in (*game.seats, UMPIRE)] + [str(len(game.log.events))]


@pytest.mark.parametrize("explain", [False, True], ids=["laboratory", "explained"])
@pytest.mark.parametrize("ref", SCENARIOS)
def test_a_clone_and_its_original_each_go_on_as_a_fresh_replay_does(ref: str, explain: bool) -> None:
    scenario = find_scenario(ref)
    game = Game(scenario, seed=4, explain=explain)
    play(game, random.Random(4), 9)
    twin = game.clone()
    assert twin.scenario is game.scenario and twin.state.options is game.state.options
    play(game, random.Random(1), 14)
    play(twin, random.Random(2), 14)
    assert twin.decisions[:9] == game.decisions[:9] and twin.decisions != game.decisions
    for copy in (game, twin):
        fresh = Game(scenario, seed=4, explain=explain)
        for seat, action_id in copy.decisions:
            fresh.apply(seat, action_id)
        assert seen(fresh) == seen(copy)
        if explain:
            assert list(fresh.log.lines()) == list(copy.log.lines())


def test_a_clone_shares_what_never_changes_and_copies_every_record_and_container_play_changes() -> None:
    game = Game(find_scenario("breaking-of-nations/trench-raid"), seed=4)
    play(game, random.Random(4), 30)
    twin = game.clone()
    ours, theirs = game.state, twin.state
    assert theirs.table is ours.table and all(theirs.houses[b] is ours.houses[b] for b in ours.houses)
    assert all(theirs.men[m] is not ours.men[m] and theirs.men[m].injuries is not ours.men[m].injuries
               for m in ours.men)
    assert all(theirs.units[u] is not ours.units[u] and theirs.units[u].members is not ours.units[u].members
               and theirs.units[u].triggers_turn is not ours.units[u].triggers_turn for u in ours.units)
    assert all(theirs.works[b].users is not ours.works[b].users for b in ours.works)
    assert twin.log.events == game.log.events and twin.log.events is not game.log.events
    assert twin.log.events[-1] is game.log.events[-1]  # written events are shared, never changed
    assert twin.decisions == game.decisions and twin.decisions is not game.decisions


def test_a_clone_copies_the_records_inside_a_record() -> None:
    """BWA's units hold their stands (records themselves): a clone's stands are its own, so whatever
    befalls a stand in the clone leaves the original's as it was."""
    game = Game(find_scenario("by-will-alone/night-of-barricades"), seed=2)
    play(game, random.Random(2), 20)
    twin = game.clone()
    for uid, unit in game.state.units.items():
        copied = twin.state.units[uid]
        assert copied.stands == unit.stands and copied.signs_known == unit.signs_known
        assert copied.stands is not unit.stands
        assert all(a is not b for a, b in zip(copied.stands, unit.stands, strict=True))


@dataclass(slots=True)
class Tally:
    """A record of one field with slots, as a compiled engine's records all are (no ``__dict__``)."""

    counts: list[int]

    def __deepcopy__(self, memo: dict[int, object]) -> Tally:
        return record_copy(self, memo)


def test_a_record_of_one_field_with_slots_copies_its_container() -> None:
    """record_copy reads a slots record's fields as a tuple even when there is one (``attrgetter`` of
    one name gives the bare value: the copy then took the list for its fields)."""
    tally = Tally([3, 4])
    twin = deepcopy(tally)
    twin.counts.append(5)
    assert tally.counts == [3, 4] and twin.counts == [3, 4, 5]
