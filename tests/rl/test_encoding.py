"""The fixed action numbering and the observation features (core/encoding.py, rulesets/*/encoding.py)."""

from __future__ import annotations

import random
from importlib.resources import files

import numpy as np
import pytest

from revolting_behaviour.rb_support import rb_game
from riotact.core import Game, Scenario, find_scenario, standard_pack
from riotact.core.encoding import EncodingError
from riotact.core.log import dumps
from riotact.core.scenario import scenario_from_toml
from riotact.rl.observer import Observer, scenario_encoding
from riotact.rulesets import all_rulesets
from rl_support import COUNT_TWINS, REFS, SCENARIOS, TWINS
from support import umpire_sees


def test_every_implemented_ruleset_declares_an_encoding() -> None:
    missing = [spec.id for spec in all_rulesets() if spec.implemented and spec.encoding is None]
    assert not missing, f"declare RulesetSpec.encoding (a new rulesets/<x>/encoding.py) for {missing}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=REFS)
def test_every_offered_action_has_its_fixed_number(scenario: Scenario) -> None:
    """Random games: every legal id numbers, distinct ids get distinct numbers, the features keep
    their size and stay finite."""
    for seed in (1, 2):
        game = Game(scenario, seed=seed)
        observer = Observer(game)
        rng = random.Random(seed)
        while game.to_act():
            seat = game.to_act()[0]
            legal = observer.legal(seat)
            assert sorted(legal.values()) == sorted(a.id for a in game.legal_actions(seat))
            assert observer.mask(seat).sum() == len(legal)
            assert np.isfinite(observer.tensor(seat)).all()
            game.apply(seat, rng.choice(list(legal.values())))


def test_the_numbering_does_not_depend_on_the_game() -> None:
    scenario = find_scenario("by-will-alone/ministry-sit-in")
    a, b = (Observer(Game(scenario, seed=s)).encoding.action_ids for s in (1, 99))
    assert a == b


def test_revolting_behaviour_numbers_as_documented() -> None:
    ids = scenario_encoding(find_scenario("revolting-behaviour/first-game"), {}).action_ids
    assert ids[:6] == ("pass", "draw", "stop", "restart", "retire", "use-cause")
    assert ids.index("S-severe-p2") == 36  # docs/rl.md's table


def test_the_cause_deck_counts_over_the_game_s_own_deck() -> None:
    """RB-03: a scenario may give a player a bigger Cause Deck (p1 two packs, 108 cards): its count is
    scaled by that deck's size (public), so it starts at (108 - 3) / 108, never above 1, in every seat's
    observation (each seat's own block first, 11 features a player: the Cause Deck is the fifth)."""
    two_packs = [card.code for card in standard_pack(2)] * 2
    game = rb_game(cause_cards=3, setup={"decks": {"p1": {"cause_deck": two_packs}}})
    observer = Observer(game)
    p1, p2 = observer.tensor("p1"), observer.tensor("p2")
    assert p1[4] == p2[11 + 4] == pytest.approx(105 / 108)
    assert p2[4] == p1[11 + 4] == pytest.approx(51 / 54)


def test_an_unknown_action_is_a_clear_error() -> None:
    encoding = scenario_encoding(find_scenario("revolting-behaviour/first-game"), {})
    with pytest.raises(EncodingError, match="no number"):
        encoding.number(["dance"])


def test_more_characters_than_slots_is_a_clear_error() -> None:
    """PP-02: every character takes one of the encoding's CHARACTERS slots; a scenario with more is
    refused in one line, not numbered wrong."""
    scenario = find_scenario("public-participation/dry-gulch")
    text = (files("riotact.rulesets.public_participation.scenarios") / scenario.source.rpartition(":")[2]).read_text()
    extra = "".join(f'\n[[setup.characters]]\nid = "X{k}"\nname = "Bystander {k}"\nseat = "umpire"\n'
                    f"at = [{k + 2}, 2]\n" for k in range(9))
    crowded = scenario_from_toml(text + extra, "crowded.toml")
    assert len(umpire_sees(Game(crowded, seed=1))["characters"]) == 17
    with pytest.raises(EncodingError, match=r"^17 characters: the encoding has slots for 16$"):
        scenario_encoding(crowded, {})


def test_more_weapons_of_the_scenario_than_slots_is_a_clear_error() -> None:
    """PP-02: each weapon a scenario adds to the rules' book takes one of the encoding's SCENARIO_WEAPONS
    slots; a scenario with more is refused in one line (it plays all the same)."""
    scenario = find_scenario("public-participation/dry-gulch")
    text = (files("riotact.rulesets.public_participation.scenarios") / scenario.source.rpartition(":")[2]).read_text()
    extra = "".join(f'\n[[setup.weapons]]\nname = "musket {k}"\nkind = "firearm"\ntable = "piercing"\nrange = 20\n'
                    for k in range(4))
    armoury = scenario_from_toml(text + extra, "armoury.toml")
    assert Game(armoury, seed=1).legal_actions("outlaws")
    with pytest.raises(EncodingError, match=r"^5 weapons of the scenario's own: the encoding has slots for 4$"):
        scenario_encoding(armoury, {})


def test_names_made_during_play_take_slots() -> None:
    """CD-24: split crowds are named during play; they take ~k slots by sorted name."""
    encoding = scenario_encoding(find_scenario("civil-disorder/embassy-protest"), {})
    crowd = next(a.split(":")[1] for a in encoding.action_ids if a.startswith("negotiate:"))
    numbers = encoding.number([f"negotiate:{crowd}", f"negotiate:{crowd}-31", f"negotiate:{crowd}-4"])
    names = {encoding.action_ids[k]: real for k, real in numbers.items()}
    assert names == {f"negotiate:{crowd}": f"negotiate:{crowd}", "negotiate:~1": f"negotiate:{crowd}-31",
                     "negotiate:~2": f"negotiate:{crowd}-4"}


def test_the_text_and_the_tensor_come_from_the_same_view() -> None:
    game = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=3)
    observer = Observer(game)
    view = game.view("authority")
    assert np.array_equal(observer.tensor("authority"), game.spec.encoding(game.scenario, {}).observe(view))
    assert observer.string("authority") == game.spec.text_view(view)  # type: ignore[misc]


@pytest.mark.parametrize("code", sorted(TWINS | COUNT_TWINS))
def test_a_hidden_fact_does_not_reach_the_observation(code: str) -> None:
    """Fog of war: two games that differ only in a fact hidden from the seat (rl_support.TWINS: what is
    behind a counter, BWA-11; a hidden set-up, BWA-26; the umpire's side of CD's set-up and a rival's
    secret declaration, CD-01 / CD-12; RB-07, PP-02, BON-002) give it the same observation, and go on
    giving it the same while the same decisions leave its view the same. Each game numbers and lays
    out by its own scenario's encoding: a hidden count (one more CD sniper or crowd, CD-01; one more
    hidden BON team or man, BON-002; one more hidden BWA unit or stand, BWA-11; one more PP character
    the seat never saw, PP-02) must not change the spaces, the numbers of the seat's legal
    actions nor its mask."""
    a, b, seat = (TWINS | COUNT_TWINS)[code]()
    seen_a, seen_b = Observer(a), Observer(b)
    assert seen_a.encoding.action_ids == seen_b.encoding.action_ids
    assert seen_a.encoding.observation_size == seen_b.encoding.observation_size
    rng = random.Random(4)
    for _ in range(12):
        if dumps(a.view(seat)) != dumps(b.view(seat)):
            break
        assert np.array_equal(seen_a.tensor(seat), seen_b.tensor(seat))
        assert seen_a.legal(seat) == seen_b.legal(seat)
        assert np.array_equal(seen_a.mask(seat), seen_b.mask(seat))
        acting = a.to_act()
        if not acting or acting != b.to_act():
            break
        legal = [x.id for x in a.legal_actions(acting[0])]
        if legal != [x.id for x in b.legal_actions(acting[0])]:
            break
        choice = rng.choice(legal)
        a.apply(acting[0], choice)
        b.apply(acting[0], choice)


@pytest.mark.parametrize("ref", ["revolting-behaviour/four-players", "by-will-alone/night-of-barricades",
                                 "civil-disorder/night-of-fires", "public-participation/dry-gulch",
                                 "breaking-of-nations/trench-raid"])
def test_compact_features_tell_apart_what_the_seat_sees_change(ref: str) -> None:
    """Each ruleset's features are its own, laid out once per scenario: random play
    changes each seat's observation as its view changes (a move, a crowd's RL, a new counter, a
    wound), and every observation has the scenario's size, whichever seat and however the game went."""
    game = Game(find_scenario(ref), seed=2)
    observer = Observer(game)
    rng = random.Random(2)
    views, tensors = set(), set()
    for _ in range(60):
        if not game.to_act():
            break
        for seat in game.seats:
            tensor = observer.tensor(seat)
            assert tensor.shape == (observer.encoding.observation_size,)
            views.add(dumps({**game.view(seat), "legal_actions": None}))
            tensors.add(tensor.tobytes())
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)).id)
    assert len(tensors) >= 0.8 * len(views)
