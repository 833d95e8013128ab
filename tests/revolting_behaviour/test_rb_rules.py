"""Revolting Behaviour!: one or more tests per catalogue rule, RB-01..RB-26.

Each test drives the cards (scripted shuffles) so that it reads like the rule it
checks; the house-rule alternatives are in test_rb_house_rules.py.
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from typing import Any

import pytest

from revolting_behaviour.rb_support import (
    act,
    cause_drawn,
    cause_top,
    codes,
    events,
    player,
    rb_game,
    rp,
    umpire_sees,
)
from riotact.core import (
    CardScriptError,
    Game,
    IllegalActionError,
    RandomBot,
    ScenarioError,
    find_scenario,
    parse_scenario,
    standard_pack,
)
from riotact.core.bots import bot_rng
from riotact.core.log import dumps
from support import rb_scenario

FULL_PACK = 54  # RB-03 gap default: 52 cards and 2 Jokers


# -- RB-01 one action per player per turn ---------------------------------------------------

def test_rb01_one_attempt_per_turn_then_the_next_player() -> None:
    """RB-01: after one attempt p1 cannot start a second; the turn passes to p2."""
    game = rb_game(cards={"p1/action": [["5D"]]})
    act(game, "D-mild", "draw")
    assert game.to_act() == ("p2",)
    with pytest.raises(IllegalActionError):
        game.apply("p1", "D-mild")
    act(game, "pass")
    assert game.umpire.turn == 2  # a new turn: p1 may act again


def test_rb01_passing_costs_nothing() -> None:
    """RB-01: a player may make no attempt at all, and pays nothing for it."""
    game = rb_game()
    act(game, "pass", "pass")
    assert rp(game) == {"p1": 6, "p2": 6}
    assert game.umpire.turn == 2 and not events(game, "draw", "RB-14")


def test_rb01_a_stopped_attempt_is_the_one_action() -> None:
    """RB-01: a stopped attempt is still the player's one attempt of the turn."""
    game = rb_game(cards={"p1/action": [["2C"]]})
    act(game, "D-moderate", "draw", "stop")
    assert game.to_act() == ("p2",)
    with pytest.raises(IllegalActionError):
        game.apply("p1", "D-mild")


# -- RB-02 turn order by resource points -------------------------------------------------------

def test_rb02_order_by_descending_resource_points() -> None:
    """RB-02: on 12, 20 and 7 RP the order is the 20 player, the 12 player, the 7 player."""
    game = rb_game(3, cause_cards=6, cards={
        # p2: a Severe Diamonds action succeeding on the 8th card: 12 - 8 + 16 = 20 RP
        "p2/action": [["2C", "3C", "4C", "5C", "6C", "7C", "5D", "KD"]],
        # p3: a Joker on the first card (1 RP), then a 4 as the penalty: 12 - 1 - 4 = 7 RP
        "p3/action": [["JOKER", "4S"]],
    })
    act(game, "pass")
    act(game, "D-severe", *["draw"] * 8)
    act(game, "D-mild", "draw")
    assert rp(game) == {"p1": 12, "p2": 20, "p3": 7}
    assert umpire_sees(game)["order"] == ["p2", "p1", "p3"]
    assert events(game, "effect", "RB-02")[-1]["order"] == ["p2", "p1", "p3"]
    assert game.to_act() == ("p2",)


def test_rb02_ties_keep_last_turns_order() -> None:
    """RB-02 gap default: equal RP keep their order of the previous turn (here a random first turn)."""
    seen = set()
    for seed in range(6):
        game = rb_game(3, seed=seed, first_turn_order="random")
        first = umpire_sees(game)["order"]
        seen.add(tuple(first))
        act(game, "pass", "pass", "pass")
        assert umpire_sees(game)["order"] == first
    assert len(seen) > 1  # the seeds really gave different first orders


def test_rb02_order_fixed_for_the_turn() -> None:
    """RB-02 gap default: changes during a turn do not re-sort the order of those still to act."""
    game = rb_game(3, cause_cards=6, cards={"p1/action": [["5H"]]})
    act(game, "H-moderate-p2", "draw")  # p2 drops to 8 RP, below p3's 12
    assert game.to_act() == ("p2",)


# -- RB-03 equipment: two decks per player ---------------------------------------------------

def test_rb03_each_player_has_two_full_decks_and_a_tally() -> None:
    """RB-03: two separate 54-card packs (2 Jokers each, gap default) and an RP tally per player."""
    game = rb_game(3, cause_cards=10)
    for seat in game.seats:
        me = player(game, seat)
        assert me.action_deck is not me.cause_deck
        assert len(me.action_deck) == FULL_PACK
        assert len(me.cause_deck) + len(me.cause) == FULL_PACK
        jokers = [c for c in (*me.cause_deck.cards, *me.cause.cards, *me.action_deck.cards) if c.is_joker]
        assert len(jokers) == 4 and me.rp == 20
    decks = [id(pile) for p in (player(game, seat) for seat in game.seats)
             for pile in (p.cause_deck, p.action_deck, p.cause)]
    assert len(set(decks)) == len(decks)  # nobody shares a pile


def test_rb03_no_card_ever_moves_between_players() -> None:
    """RB-03: each player's two packs stay his, whole, through a whole random game: every card he
    draws comes from a pile of his own, and his piles always hold exactly two packs."""
    game = rb_game(3, cause_cards=5, seed=11)
    two_packs = Counter(codes([*standard_pack(2), *standard_pack(2)]))
    bots = {s: RandomBot(s, bot_rng(11, s)) for s in game.seats}
    while game.to_act():
        attempt = game.view("umpire")["state"]["attempt"]
        for seat in game.seats:
            me = player(game, seat)
            drawn = attempt["drawn"] if attempt and attempt["seat"] == seat else []
            cards = [*codes(me.cause_deck), *codes(me.action_deck), *codes(me.cause), *codes(me.defeated),
                     *codes(me.set_aside), *drawn]
            assert Counter(cards) == two_packs
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    assert all(e["deck"].startswith(e["who"] + "/") for e in events(game, "draw"))


def test_rb03_the_umpire_may_change_the_decks() -> None:
    """RB-03 gap: a scenario gives every player's decks card by card, or one seat's; the others stay
    standard packs, and a scripted order can only name cards the changed deck holds."""
    changed = {"cause_deck": ["KS", "QS", "JOKER"], "decks": {"p2": {"action_deck": ["5C", "2S", "9H"]}}}
    game = rb_game(cause_cards=2, setup=changed, cards={"p2/action": [["2S", "9H"]]})
    sizes = {e["deck"]: e["size"] for e in events(game, "shuffle", "RB-05")}
    assert sizes == {"p1/cause-deck": 3, "p1/action": FULL_PACK, "p2/cause-deck": 3, "p2/action": 3}
    for seat in game.seats:
        assert set(cause_drawn(game, seat)) < {"KS", "QS", "JOKER"} and len(cause_drawn(game, seat)) == 2
    act(game, "pass", "H-mild", "draw", "draw")
    assert [e["card"] for e in events(game, "draw", "RB-14")] == ["2S", "9H"]
    with pytest.raises(CardScriptError, match="not in the pile"):
        rb_game(setup=changed, cards={"p2/action": [["AS"]]})


@pytest.mark.parametrize(("setup", "why"), [
    ({"action_deck": ["5C", "1Z"]}, "setup.action_deck: '1Z' is not a card"),
    ({"cause_deck": []}, "setup.cause_deck: a deck needs at least one card"),
    ({"cause_cards": 3, "cause_deck": ["KS", "QS"]}, "a Cause Deck of 2 cards cannot deal a Cause of cause_cards = 3"),
    ({"cause_cards": 2, "decks": {"p2": {"cause_deck": ["KS"]}}}, "p2's Cause Deck of 1 card cannot deal"),
    ({"decks": {"p3": {"action_deck": ["5C"]}}}, "setup.decks: seat 'p3' is not one of the scenario's seats"),
    ({"decks": {"p1": {"hand": ["5C"]}}}, "setup.decks.p1.hand: Extra inputs are not permitted"),
])
def test_rb03_a_changed_deck_is_checked_in_one_line(setup: dict[str, Any], why: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(why)) as caught:
        rb_scenario(setup=setup)
    assert "\n" not in str(caught.value)


def test_rb03_a_search_deals_its_worlds_from_the_changed_decks() -> None:
    """RB-03, RB-07: what a changed deck holds is known to all, so a determinised world deals the
    face-down Cause from it, not from a standard pack."""
    game = rb_game(cause_cards=2, setup={"cause_deck": ["KS", "QS", "JS"]})
    determinise = game.spec.determinise
    assert determinise is not None
    world = determinise(game, "p1", 3)
    for seat in world.seats:
        me = player(world, seat)
        assert sorted([*codes(me.cause), *codes(me.cause_deck)]) == ["JS", "KS", "QS"]


# -- RB-04 card values --------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "value"), [
    ("AS", 1), ("7H", 7), ("10D", 10), ("JC", 11), ("QD", 12), ("KS", 13), ("JOKER", 15),
])
def test_rb04_card_values(code: str, value: int) -> None:
    """RB-04: Ace 1, pips, Jack 11, Queen 12, King 13; a Joker counts 15: the RP a crackdown's penalty
    card (RB-23) takes."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["JOKER", code]]})
    act(game, "D-mild", "draw")  # 1 RP paid, then the penalty card's value
    assert rp(game)["p1"] == 19 - value


def test_rb04_values_decide_cause_fights() -> None:
    """RB-04: a Jack counts 11 in play: 8 AP cannot beat it, 16 AP can."""
    game = rb_game(cards={"p1/cause-deck": [["JC", "2D", "3D"]], "p1/action": [["5H"], ["4S"]]})
    act(game, "H-moderate", "draw")  # 8 AP
    assert cause_top(game, "p1") == "JC" and len(player(game, "p1").cause) == 3
    act(game, "pass", "pass", "S-moderate", "draw")  # turn 2: p2 first; p1's 16 AP beat J (11), 2 and 3
    assert game.result is not None and game.result.winners == ("p1",)


# -- RB-05 shuffle before play -------------------------------------------------------------------

def test_rb05_both_decks_of_every_player_are_shuffled_at_set_up() -> None:
    """RB-05: a shuffle of each player's Cause Deck and Action Deck before the first decision."""
    game = rb_game(3)
    shuffled = [e["deck"] for e in events(game, "shuffle", "RB-05")]
    assert sorted(shuffled) == sorted(f"{s}/{d}" for s in game.seats for d in ("cause-deck", "action"))
    assert all(e["turn"] == 0 for e in events(game, "shuffle", "RB-05"))


def _deal_out(game: Game, seat: str) -> list[str]:
    """The order ``seat``'s shuffled Action Deck deals in, read from a copy: the game's deck stays whole."""
    deck = copy.deepcopy(player(game, seat).action_deck)
    return [deck.draw().code for _ in range(len(deck))]


def test_rb05_different_seeds_give_different_orders() -> None:
    """RB-05: the Cause and the Action Deck come out in a random, seed-dependent order."""
    causes = {tuple(codes(player(rb_game(cause_cards=10, seed=s), "p1").cause)) for s in range(10)}
    assert len(causes) == 10
    one, two = _deal_out(rb_game(seed=1), "p1"), _deal_out(rb_game(seed=2), "p1")
    assert one != two
    assert sorted(one) == sorted(two) == sorted(c.code for c in player(rb_game(), "p1").action_deck.cards)
    assert _deal_out(rb_game(seed=1), "p1") == one  # the same seed, the same order


# -- RB-06 drawing the Cause ---------------------------------------------------------------------

def test_rb06_ten_cause_cards_face_down_and_the_rest_in_the_deck() -> None:
    """RB-06: with N = 10 each Cause holds 10 face-down cards; the Cause Deck holds the other 44."""
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=3)
    for seat in game.seats:
        me = player(game, seat)
        assert len(me.cause) == 10 and cause_top(game, seat) is None
        assert len(me.cause_deck) == FULL_PACK - 10
        assert game.view(seat)["state"]["players"][seat]["cause_cards"] == 10


def test_rb06_the_cause_keeps_the_order_drawn() -> None:
    """RB-06: the Cause is the first N cards drawn, top card first (attacked first)."""
    game = rb_game(cards={"p1/cause-deck": [["7H", "4S", "KD"]]})
    assert codes(player(game, "p1").cause) == ["7H", "4S", "KD"]


@pytest.mark.parametrize("setup", [
    {"cause_cards": {"p1": 10, "p2": 7}},
    {"cause_cards": 10, "cause_cards_p2": 7},
    {"cause_cards": 0},
])
def test_rb06_one_n_for_all_players(setup: dict) -> None:
    """RB-06: N is one agreed number for all; a set-up giving players different N is rejected."""
    with pytest.raises(ScenarioError, match="setup"):
        parse_scenario({"ruleset": "revolting-behaviour", "id": "x", "title": "x",
                        "seats": ["p1", "p2"], "setup": setup})


# -- RB-07 Cause cards are hidden ------------------------------------------------------------

def test_rb07_nobody_sees_a_face_down_cause_card() -> None:
    """RB-07: views show the Cause size but no face-down card, not even to its owner."""
    game = rb_game(3, cause_cards=10)
    game.state.plant_sentinels()  # every Cause and Cause Deck card carries a unique ~S..X tag
    for seat in (*game.seats, "umpire"):
        view = game.view(seat)
        assert "~S" not in dumps(view)
        assert view["state"]["players"]["p1"]["cause_cards"] == 10
        assert view["state"]["players"]["p1"]["cause_top"] is None
    cause_draws = events(game, "draw", "RB-06")
    assert cause_draws and all(e["visible_to"] == [] for e in cause_draws)
    for seat in game.seats:
        assert not [e for e in game.log_for(seat) if e["kind"] == "draw"]


def test_rb07_a_revealed_undefeated_card_is_face_up_for_all() -> None:
    """RB-07: a card revealed but not defeated stays face up on top, seen by every player."""
    game = rb_game(cards={"p1/cause-deck": [["9S", "4D", "2C"]], "p1/action": [["5H"]]})
    act(game, "H-mild", "draw")  # 4 AP cannot beat the 9
    for seat in ("p1", "p2"):
        assert game.view(seat)["state"]["players"]["p1"]["cause_top"] == "9S"
        assert "4D" not in dumps(game.view(seat)["state"])


def test_rb07_totals_are_public_by_default() -> None:
    """RB-07 gap default: RP totals and Cause sizes of all players are in every view."""
    game = rb_game(cause_cards=4)
    seen = game.view("p2")["state"]["players"]["p1"]
    assert (seen["rp"], seen["cause_cards"]) == (8, 4)


# -- RB-08 starting resource points -------------------------------------------------------------

@pytest.mark.parametrize(("n", "points"), [(10, 20), (7, 14)])
def test_rb08_start_with_twice_n_resource_points(n: int, points: int) -> None:
    """RB-08: each player starts with RP = 2N, the same for every player."""
    game = rb_game(3, cause_cards=n)
    assert rp(game) == {"p1": points, "p2": points, "p3": points}


# -- RB-09 first-turn order ---------------------------------------------------------------------

def test_rb09_first_player_is_random_and_fair() -> None:
    """RB-09: over 600 seeded games each of three players goes first about equally often."""
    scenario = rb_scenario(3, cause_cards=1)
    firsts = Counter(Game(scenario, seed=seed).to_act()[0] for seed in range(600))
    assert set(firsts) == {"p1", "p2", "p3"}
    assert all(150 <= n <= 250 for n in firsts.values()), firsts


def test_rb09_the_whole_first_order_is_drawn_at_random() -> None:
    """RB-09 gap default: the whole first-turn order is random, logged with its rule."""
    scenario = rb_scenario(3, cause_cards=1)
    orders = set()
    for seed in range(60):
        game = Game(scenario, seed=seed)
        drawn = events(game, "effect", "RB-09")
        assert len(drawn) == 1 and drawn[0]["order"] == umpire_sees(game)["order"]
        orders.add(tuple(umpire_sees(game)["order"]))
    assert len(orders) == 6  # all 3! orders occur


# -- RB-10 activity types by suit -------------------------------------------------------------

def test_rb10_suits_make_activity_types() -> None:
    """RB-10: Spades is illegal force; Diamonds legal fund-raising; red legal, black illegal: force may
    name a target and earns AP, fund-raising raises RP; an illegal card costs 2 RP, a legal one 1 (RB-15)."""
    game = rb_game()
    offered = {a.id: a.text for a in game.legal_actions("p1")}

    def kind(suit: str) -> tuple[str, str]:
        text = offered[f"{suit}-mild"]
        return ("legal" if text.endswith("1 RP a card") else "illegal",
                "force" if f"{suit}-mild-p2" in offered and "AP" in text else "raises RP" if "raises" in text else "?")

    assert {suit: kind(suit) for suit in "SDHC"} == {
        "S": ("illegal", "force"), "D": ("legal", "raises RP"), "H": ("legal", "force"), "C": ("illegal", "raises RP")}


def test_rb10_spades_earn_action_points_and_diamonds_earn_resources() -> None:
    """RB-10: a Spades action costs the illegal 2 RP a card and earns AP; Diamonds 1 RP and earns RP."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["3C"]], "p2/action": [["3H"]],
                                          "p1/cause-deck": [["KC"]]})
    act(game, "S-mild", "draw")
    gained = events(game, "effect", "RB-13")[-1]
    assert gained["action_points"] == 8 and rp(game)["p1"] == 18
    act(game, "D-mild", "draw")
    assert "action_points" not in events(game, "effect", "RB-13")[-1]
    assert rp(game)["p2"] == 20 - 1 + 4


# -- RB-11 declaring an action ------------------------------------------------------------------

def test_rb11_no_card_before_type_and_severity_are_declared() -> None:
    """RB-11: a card cannot be drawn until both activity type and severity are declared."""
    game = rb_game()
    for undeclared in ("draw", "H", "moderate", "H-"):
        with pytest.raises(IllegalActionError):
            game.apply("p1", undeclared)
    assert not events(game, "draw", "RB-14")
    act(game, "H-moderate", "draw")
    assert len(events(game, "draw", "RB-14")) == 1


def test_rb11_no_target_named_means_no_attack_on_that_player() -> None:
    """RB-11: a force action declared with no target cannot be used against another player."""
    game = rb_game(cause_cards=3, cards={"p1/action": [["5H"]], "p1/cause-deck": [["QH", "2C", "3C"]]})
    act(game, "H-moderate", "draw")  # 8 AP, no target: they go to p1's own Cause
    assert rp(game)["p2"] == 6
    assert cause_top(game, "p1") == "QH"
    assert [e["rule"] for e in events(game, "effect")][-2:] == ["RB-20", "RB-20"]


def test_rb11_target_named_at_declaration_and_never_oneself() -> None:
    """RB-11 gap default: the target is part of the declaration, can't be oneself, can't change."""
    game = rb_game(3)
    ids = {a.id for a in game.legal_actions("p1")}
    assert {"H-mild-p2", "H-mild-p3", "S-severe-p3"} <= ids
    assert not [i for i in ids if i.endswith("-p1")]
    assert not [i for i in ids if i.startswith(("D-", "C-")) and i.count("-") == 2]  # funds: no target
    act(game, "H-mild-p2")
    with pytest.raises(IllegalActionError):
        game.apply("p1", "H-mild-p3")
    assert umpire_sees(game)["attempt"]["target"] == "p2"


# -- RB-12 success requirements by severity ------------------------------------------------------

@pytest.mark.parametrize(("declared", "card", "succeeds"), [
    ("D-mild", "9H", True), ("D-mild", "9C", False),
    ("H-moderate", "2H", True), ("H-moderate", "AH", True), ("H-moderate", "KD", False),
    ("S-mild", "AC", True), ("S-mild", "AD", False),
    ("C-moderate", "QC", True), ("C-moderate", "QS", False),
    ("D-severe", "8D", True), ("D-severe", "7D", False), ("D-severe", "KH", False),
])
def test_rb12_success_requirement(declared: str, card: str, succeeds: bool) -> None:
    """RB-12: Mild needs the colour, Moderate the suit, Severe (gap default) the suit and 8+."""
    game = rb_game(cause_cards=10, cards={"p1/action": [[card]], "p1/cause-deck": [["KC"]]})
    act(game, declared, "draw")
    assert (game.to_act() == ("p2",)) is succeeds
    assert bool(events(game, "effect", "RB-13")) is succeeds


def test_rb12_severities_offered() -> None:
    """RB-12 gap default: Mild, Moderate and Severe; Extreme only when enabled."""
    game = rb_game()
    assert game.view("p1")["state"]["severities"] == ["mild", "moderate", "severe"]
    assert "D-extreme" not in {a.id for a in game.legal_actions("p1")}


# -- RB-13 rewards by severity ---------------------------------------------------------------------

@pytest.mark.parametrize(("declared", "card", "gain"), [
    ("D-mild", "2D", 4), ("D-moderate", "2D", 8), ("D-severe", "9D", 16),
    ("C-mild", "2C", 8), ("C-moderate", "2C", 16), ("C-severe", "9C", 32),
])
def test_rb13_fund_raising_rewards(declared: str, card: str, gain: int) -> None:
    """RB-13 gap default: 4/8/16 RP legal, double for illegal."""
    game = rb_game(cause_cards=10, cards={"p1/action": [[card]]})
    act(game, declared, "draw")
    cost = 1 if declared[0] == "D" else 2  # RB-15: legal 1 RP a card, illegal 2
    assert rp(game)["p1"] == 20 - cost + gain


@pytest.mark.parametrize(("declared", "card", "points"), [
    ("H-mild", "2D", 4), ("H-moderate", "2H", 8), ("H-severe", "9H", 16),
    ("S-mild", "2C", 8), ("S-moderate", "2S", 16), ("S-severe", "9S", 32),
])
def test_rb13_force_rewards(declared: str, card: str, points: int) -> None:
    """RB-13 gap default: a Moderate Spades action yields 16 AP, a Mild Hearts 4, and so on."""
    game = rb_game(cause_cards=10, cards={"p1/action": [[card]], "p1/cause-deck": [["KC"]]})
    act(game, declared, "draw")
    assert events(game, "effect", "RB-13")[-1]["action_points"] == points


# -- RB-14 drawing procedure ---------------------------------------------------------------------

def test_rb14_draw_until_a_card_succeeds() -> None:
    """RB-14: with the Action Deck [♣5, ♠2, ♥9] a Mild legal action succeeds on the third card."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["5C", "2S", "9H"]]})
    act(game, "D-mild", "draw", "draw")
    assert game.to_act() == ("p1",) and umpire_sees(game)["phase"] == "draw"
    act(game, "draw")
    assert [e["card"] for e in events(game, "draw", "RB-14")] == ["5C", "2S", "9H"]
    assert game.to_act() == ("p2",) and rp(game)["p1"] == 20 - 3 + 4


def test_rb14_stopping_fails_with_no_reward() -> None:
    """RB-14: a player who stops after the first two cards gains nothing (and has paid for two)."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["5C", "2S", "9H"]]})
    act(game, "D-mild", "draw", "draw", "stop")
    assert rp(game)["p1"] == 18 and not events(game, "effect", "RB-13")
    assert game.to_act() == ("p2",)


def test_rb14_stop_only_between_draws_never_before_declaring() -> None:
    """RB-14: 'stop' belongs to an attempt under way; it may come before the first card."""
    game = rb_game()
    with pytest.raises(IllegalActionError):
        game.apply("p1", "stop")
    act(game, "S-severe", "stop")
    assert rp(game)["p1"] == 6 and game.to_act() == ("p2",)


def test_rb14_a_run_out_deck_fails_the_attempt() -> None:
    """RB-14 gap default: if a (changed) Action Deck runs out before a success, the attempt fails."""
    game = rb_game(cause_cards=10, setup={"decks": {"p1": {"action_deck": ["5C", "2S"]}}})  # two black cards
    act(game, "D-mild", "draw", "draw", "draw")
    assert [e["rule"] for e in events(game, "effect")][-1] == "RB-14"
    assert game.to_act() == ("p2",)
    assert rp(game)["p1"] == 18  # two cards drawn, two paid: nothing for the card that was not there


# -- RB-15 cost per card drawn -------------------------------------------------------------------

def test_rb15_legal_success_on_third_card_costs_three() -> None:
    """RB-15: a legal action that succeeds on its 3rd card costs 3 RP (1 per card, never refunded)."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["5C", "2S", "9H"]]})
    act(game, "H-mild-p2", "draw", "draw", "draw")
    assert [e["paid"] for e in events(game, "draw", "RB-14")] == [1, 1, 1]
    assert rp(game)["p1"] == 17


def test_rb15_illegal_abandoned_after_four_cards_costs_eight() -> None:
    """RB-15: an illegal action stopped after 4 cards costs 8 RP and earns nothing."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["2H", "3H", "4D", "5D"]]})
    act(game, "C-moderate", "draw", "draw", "draw", "draw", "stop")
    assert rp(game)["p1"] == 12 and not events(game, "effect", "RB-13")


def test_rb15_no_card_that_cannot_be_paid_for() -> None:
    """RB-15 gap default: a card may be drawn only if the RP cover its whole cost; RP never below 0."""
    game = rb_game(1, cause_cards=1, cards={"p1/action": [["2H"], ["3C"]]})
    act(game, "S-mild", "draw")  # 2 RP paid: 0 left, no success
    assert rp(game)["p1"] == 0
    assert [a.id for a in game.legal_actions("p1")] == ["stop"]
    with pytest.raises(IllegalActionError, match="RB-15"):
        game.apply("p1", "draw")


def test_rb15_illegal_actions_need_two_points() -> None:
    """RB-15 gap default: on 1 RP only legal actions can be declared."""
    game = rb_game(1, cause_cards=1, cards={"p1/action": [["2C"]]})
    act(game, "D-mild", "draw", "stop")  # 1 RP left
    ids = {a.id for a in game.legal_actions("p1")}
    assert "D-mild" in ids and "H-moderate" in ids
    assert not [i for i in ids if i.startswith(("C-", "S-"))]


def test_rb15_a_joker_drawn_in_an_attempt_is_charged() -> None:
    """RB-15 gap default: the Joker card itself costs the draw cost like any other card."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["JOKER", "2S"]]})
    act(game, "C-mild", "draw")
    assert events(game, "draw", "RB-14")[-1]["paid"] == 2
    assert rp(game)["p1"] == 20 - 2 - 2  # the card's cost, then the penalty 2 (RB-23)


# -- RB-16 effect is immediate -------------------------------------------------------------------

def test_rb16_reward_applies_before_the_next_player_acts() -> None:
    """RB-16: after a successful fund-raising the RP are already higher when the next player begins."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["KD"]]})
    act(game, "D-moderate", "draw")
    assert game.to_act() == ("p2",)
    assert game.view("p2")["state"]["players"]["p1"]["rp"] == 20 - 1 + 8


def test_rb16_attack_applies_before_the_target_acts() -> None:
    """RB-16: AP spent against a player take effect at once: the loss stands when he begins."""
    game = rb_game(3, cause_cards=2, cards={"p1/action": [["2S"]]})
    act(game, "S-mild-p2", "draw")  # 8 AP: p2 loses 4 RP, all he has
    assert game.to_act() == ("p2",) and game.view("p2")["state"]["players"]["p2"]["rp"] == 0
    assert {a.id for a in game.legal_actions("p2")} == {"restart", "retire"}


# -- RB-17 Action Deck reshuffled after every attempt --------------------------------------------

@pytest.mark.parametrize("ending", ["success", "stop", "joker"])
def test_rb17_action_deck_whole_and_reshuffled_after_every_attempt(ending: str) -> None:
    """RB-17: after any attempt all drawn cards are back and the deck is newly shuffled."""
    first = {"success": ["5C", "9D"], "stop": ["5C", "6C"], "joker": ["5C", "JOKER", "QS"]}[ending]
    game = rb_game(1, cause_cards=10, cards={"p1/action": [first, ["7H"]]})
    act(game, "D-mild", "draw", "draw")
    if ending == "stop":
        act(game, "stop")
    assert umpire_sees(game)["attempt"] is None and game.umpire.turn == 2
    deck = player(game, "p1").action_deck
    assert Counter(codes(deck.cards)) == Counter(codes(standard_pack(2)))
    last_shuffle = events(game, "shuffle")[-1]
    assert (last_shuffle["rule"], last_shuffle["deck"], last_shuffle["size"]) == ("RB-17", "p1/action", 54)
    act(game, "D-mild", "draw")  # the second scripted order: the new shuffle is really used
    assert events(game, "draw", "RB-14")[-1]["card"] == "7H"


# -- RB-18 using action points: one use, no hold-over ---------------------------------------------

def test_rb18_points_cannot_be_split() -> None:
    """RB-18: AP spent on the Cause cannot also be spent against a player (no split)."""
    game = rb_game(cause_cards=3, declaration_fixes_use=False,
                   cards={"p1/action": [["5H"]], "p1/cause-deck": [["6C", "AD", "QC"]]})
    act(game, "H-moderate", "draw")  # 8 AP: 6 would beat the first card, 2 would be left
    assert {a.id for a in game.legal_actions("p1")} == {"use-cause", "use-p2"}
    act(game, "use-cause")
    assert game.to_act() == ("p2",)
    with pytest.raises(IllegalActionError):
        game.apply("p1", "use-p2")
    assert rp(game)["p2"] == 6  # nothing reached p2


def test_rb18_left_over_points_are_lost() -> None:
    """RB-18: AP left over after a Cause attack count 0 by the player's next action."""
    game = rb_game(cause_cards=3, cards={"p1/cause-deck": [["5C", "6C", "QC"]],
                                         "p1/action": [["5H"], ["4H"]]})
    act(game, "H-moderate", "draw")  # 8 AP: the 5 falls, 3 AP cannot beat the 6 and are lost
    assert codes(player(game, "p1").cause) == ["6C", "QC"]
    assert events(game, "effect", "RB-20")[-1]["text"].endswith("lost (RB-18).")
    act(game, "pass", "pass", "H-mild", "draw")  # turn 2, p2 first; 4 AP (+3 carried would beat the 6)
    assert codes(player(game, "p1").cause) == ["6C", "QC"]
    assert umpire_sees(game)["attempt"] is None


def test_rb18_unused_points_after_defeats_are_lost() -> None:
    """RB-18: points left with no card to spend them on vanish at the end of the action."""
    game = rb_game(cause_cards=3, cards={"p1/cause-deck": [["AC", "KC", "QC"]], "p1/action": [["2H"]]})
    act(game, "H-moderate", "draw")  # 8 AP: the Ace falls, 7 AP cannot beat the King
    assert len(player(game, "p1").cause) == 2
    assert game.view("p1")["state"]["attempt"] is None


# -- RB-19 action points against another player ----------------------------------------------------

@pytest.mark.parametrize(("points", "loss"), [(7, 3), (1, 0), (8, 4), (2, 1)])
def test_rb19_one_resource_point_per_two_full_action_points(points: int, loss: int) -> None:
    """RB-19: the target loses floor(AP / 2) RP; 7 AP cost him 3, 1 AP costs him 0."""
    game = rb_game(cause_cards=10, reward_mild=points, cards={"p1/action": [["2H"]]})
    act(game, "H-mild-p2", "draw")
    assert rp(game) == {"p1": 19, "p2": 20 - loss}
    assert len(player(game, "p1").cause) == 10  # the attacker gains nothing, his Cause is untouched


def test_rb19_resource_points_stop_at_zero() -> None:
    """RB-19 gap default: a loss larger than the target's RP leaves him on 0, not below."""
    game = rb_game(3, cause_cards=2, cards={"p1/action": [["2S"]]})
    act(game, "S-moderate-p2", "draw")  # 16 AP: 8 RP loss against 4 RP
    assert rp(game)["p2"] == 0


# -- RB-20 action points against the Cause ------------------------------------------------------

def test_rb20_points_carry_from_card_to_card() -> None:
    """RB-20: 10 AP against [7, 4, ...] defeat the 7 and leave the 4 face up; 4 AP later defeat it."""
    game = rb_game(cause_cards=3, reward_moderate=10,
                   cards={"p1/cause-deck": [["7C", "4D", "KS"]], "p1/action": [["5H"], ["6H"]]})
    act(game, "H-moderate", "draw")
    me = player(game, "p1")
    assert codes(me.cause) == ["4D", "KS"] and cause_top(game, "p1") == "4D"
    assert codes(me.defeated) == ["7C"]
    assert game.view("p2")["state"]["players"]["p1"]["cause_top"] == "4D"
    act(game, "pass", "pass", "H-mild", "draw")  # 4 AP: the face-up 4 is not revealed again, it falls
    assert codes(me.cause) == ["KS"] and codes(me.defeated) == ["7C", "4D"]
    assert len([e for e in events(game, "effect", "RB-20") if "revealed" in e["text"]]) == 2  # 7, 4


def test_rb20_seed_example_next_card_three_or_less() -> None:
    """RB-20: with 10 AP a revealed 7 falls and 3 AP remain, enough for a next card of 3."""
    game = rb_game(cause_cards=3, reward_moderate=10,
                   cards={"p1/cause-deck": [["7C", "3D", "KS"]], "p1/action": [["5H"]]})
    act(game, "H-moderate", "draw")
    assert codes(player(game, "p1").cause) == ["KS"]
    assert cause_top(game, "p1") is None  # 0 AP left: the King is not revealed


def test_rb20_no_reveal_at_zero_points_and_defeated_cards_are_out_of_play() -> None:
    """RB-20 gap default: stop without revealing when 0 AP remain; defeated cards are discarded."""
    game = rb_game(cause_cards=3, cards={"p1/cause-deck": [["4C", "9D", "KS"]], "p1/action": [["5H"]]})
    act(game, "H-mild", "draw")
    me = player(game, "p1")
    assert codes(me.cause) == ["9D", "KS"] and cause_top(game, "p1") is None
    assert game.view("p1")["state"]["players"]["p1"]["cause_top"] is None
    assert codes(me.defeated) == ["4C"] and "4C" not in codes(me.cause_deck.cards)
    assert len(me.cause_deck) == FULL_PACK - 3


# -- RB-21 Joker: crackdown trigger and automatic failure -------------------------------------------

def test_rb21_joker_in_an_attempt_fails_it_and_brings_both_penalties() -> None:
    """RB-21: a Joker as the 2nd card of a Mild action ends it with no reward; RB-22 and RB-23 apply."""
    game = rb_game(cause_cards=4, cards={"p1/action": [["5C", "JOKER", "2S", "9H"]]})
    act(game, "D-mild", "draw", "draw")
    assert game.to_act() == ("p2",)
    assert not events(game, "effect", "RB-13")
    me = player(game, "p1")
    assert len(me.cause) == 9  # RB-22
    assert events(game, "draw", "RB-23")[-1]["card"] == "2S"  # the next card: the penalty, not a success
    assert rp(game)["p1"] == 8 - 2 - 2  # two cards paid, then 2 RP lost (RB-23)


def test_rb21_joker_revealed_in_the_cause_fails_the_attack() -> None:
    """RB-21: a Joker revealed in the Cause fails the attack: unused AP are lost, penalties apply."""
    game = rb_game(cause_cards=3, cards={"p1/cause-deck": [["3C", "JOKER", "2D"]],
                                         "p1/action": [["5H", "2C"]]})
    act(game, "H-moderate", "draw")  # 8 AP: the 3 falls, then the Joker is revealed
    me = player(game, "p1")
    kinds = [e["rule"] for e in events(game, "effect")]
    assert "RB-21" in kinds and "RB-22" in kinds and "RB-23" in kinds
    assert codes(me.defeated)[:1] == ["3C"]  # gap (a): cards beaten earlier stay defeated
    assert codes(me.cause)[0] == "2D"  # gap (b): the Joker is discarded; the 2 was not attacked
    assert len(me.cause) == 1 + 5
    assert rp(game)["p1"] == 6 - 1 - 2


def test_rb21_a_discarded_cause_joker_is_not_a_defeated_card() -> None:
    """RB-21 gap (b): the Joker leaves the Cause without counting as defeated; a restart takes it back."""
    game = rb_game(1, cause_cards=3, cards={"p1/cause-deck": [["3C", "JOKER", "2D"]],
                                            "p1/action": [["5H", "KC"]]})
    act(game, "H-moderate", "draw")  # 8 AP: the 3 falls, then the Joker; a King's 13 RP take his last
    me = player(game, "p1")
    assert codes(me.defeated) == ["3C"] and game.view("p1")["state"]["players"]["p1"]["defeated"] == 1
    assert me.rp == 0
    act(game, "restart")  # RB-26 gap (b): every Cause card, the Joker too, is gathered again
    assert len(me.cause) + len(me.cause_deck) == FULL_PACK


def test_rb21_an_emptied_cause_after_a_cause_joker_wins() -> None:
    """RB-21 gap (b): a Joker that was the last Cause card, with no cards left to add, wins the game."""
    # A Cause Deck of the Joker alone: the Cause takes it, and RB-22 has nothing left to add.
    game = rb_game(cause_cards=1, setup={"decks": {"p1": {"cause_deck": ["JOKER"]}}},
                   cards={"p1/action": [["5H", "2C"]]})
    act(game, "H-mild", "draw")
    assert game.result is not None and game.result.winners == ("p1",)
    assert "RB-24" in game.result.reason


def test_rb21_unseen_jokers_wait_and_a_penalty_joker_counts_fifteen() -> None:
    """RB-21 gap (c): a face-down Cause Joker waits; a Joker as the penalty card counts 15, no new crackdown."""
    game = rb_game(cause_cards=10, cards={"p1/cause-deck": [["2C", "JOKER"]],
                                          "p1/action": [["JOKER", "JOKER"], ["5H"]]})
    assert len([e for e in events(game, "effect") if e["rule"] == "RB-21"]) == 0  # set-up: no crackdown
    act(game, "D-mild", "draw")
    assert len(events(game, "effect", "RB-21")) == 1
    assert len(events(game, "effect", "RB-22")) == 1
    assert rp(game)["p1"] == 20 - 1 - 15
    act(game, "pass", "pass", "H-moderate", "draw")  # turn 2: 8 AP beat the 2, then reveal the Joker
    assert len(events(game, "effect", "RB-21")) == 3  # the crackdown, and the Joker's removal


# -- RB-22 Joker penalty: five cards added to the Cause -----------------------------------------------

def test_rb22_five_cards_go_under_the_cause() -> None:
    """RB-22: a Cause of 4 becomes 9, the original 4 still on top in order; the Cause Deck has 5 fewer."""
    game = rb_game(cause_cards=4, cards={"p1/cause-deck": [["7H", "4S", "KD", "2C"]],
                                         "p1/action": [["JOKER", "AS"]]})
    deck_before = len(player(game, "p1").cause_deck)
    act(game, "D-mild", "draw")
    me = player(game, "p1")
    assert len(me.cause) == 9 and codes(me.cause)[:4] == ["7H", "4S", "KD", "2C"]
    assert len(me.cause_deck) == deck_before - 5
    assert all(e["visible_to"] == [] for e in events(game, "draw", "RB-22"))  # added face down


def test_rb22_face_up_top_card_keeps_its_place() -> None:
    """RB-22: a face-up top card stays face up on top when five cards go under the pile."""
    game = rb_game(cause_cards=3, cards={"p1/cause-deck": [["KC", "2C", "3C"]],
                                         "p1/action": [["5H"], ["JOKER", "AS"]]})
    act(game, "H-mild", "draw", "pass", "pass", "D-mild", "draw")  # turn 2: p2 (6 RP) acts first
    me = player(game, "p1")
    assert cause_top(game, "p1") == "KC" and codes(me.cause)[:3] == ["KC", "2C", "3C"] and len(me.cause) == 8


def test_rb22_short_cause_deck_adds_what_remains() -> None:
    """RB-22 gap default: with fewer than 5 cards left in the Cause Deck, all of them are added."""
    game = rb_game(cause_cards=50, cards={"p1/action": [["JOKER", "AS"]]})
    act(game, "D-mild", "draw")
    me = player(game, "p1")
    assert len(me.cause) == 54 and len(me.cause_deck) == 0


# -- RB-23 Joker penalty: resource loss -----------------------------------------------------------

@pytest.mark.parametrize(("penalty", "loss"), [("QS", 12), ("JOKER", 15), ("AH", 1), ("10D", 10)])
def test_rb23_lose_the_value_of_the_next_action_card(penalty: str, loss: int) -> None:
    """RB-23: a Queen costs 12 RP and a Joker 15 RP (after the Joker card's own draw cost)."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["JOKER", penalty]]})
    act(game, "D-mild", "draw")
    assert rp(game)["p1"] == 20 - 1 - loss
    assert events(game, "draw", "RB-23")[-1]["card"] == penalty


def test_rb23_resource_points_stop_at_zero_and_the_penalty_card_is_free() -> None:
    """RB-23 gap default: on 9 RP a King leaves 0 RP, and the penalty card has no draw cost."""
    game = rb_game(1, cause_cards=5, cards={"p1/action": [["JOKER", "KS"]]})
    act(game, "D-mild", "draw")  # 10 - 1 = 9 RP when the King comes
    assert rp(game)["p1"] == 0
    penalty = events(game, "draw", "RB-23")[-1]
    assert "paid" not in penalty
    assert events(game, "effect", "RB-23")[-1]["text"].startswith("p1 loses 9 RP")


def test_rb23_penalty_card_comes_before_the_reshuffle() -> None:
    """RB-23 gap default: the penalty card is the next card of the deck as it stands; then RB-17."""
    game = rb_game(cause_cards=10, cards={"p1/action": [["JOKER", "3D"]]})
    act(game, "D-mild", "draw")
    rules = [e["rule"] for e in game.log.events if e.get("deck") == "p1/action"][-3:]
    assert rules == ["RB-14", "RB-23", "RB-17"]
    assert len(player(game, "p1").action_deck) == FULL_PACK


# -- RB-24 winning by defeating the Cause -----------------------------------------------------------

def test_rb24_defeating_the_last_cause_card_wins_at_once() -> None:
    """RB-24: the game ends with the winner even though other players have not acted this turn."""
    game = rb_game(3, cause_cards=1, cards={"p1/cause-deck": [["2S"]], "p1/action": [["5H"]]})
    act(game, "H-mild", "draw")
    assert game.result is not None and game.result.winners == ("p1",)
    assert game.to_act() == () and game.log.events[-1]["kind"] == "end"
    with pytest.raises(IllegalActionError):
        game.apply("p2", "pass")


def test_rb24_takes_precedence_over_elimination() -> None:
    """RB-25 gap: a player who pays his last RP on the draw that defeats his last Cause card still wins."""
    game = rb_game(cause_cards=1, cards={"p1/cause-deck": [["5D"]], "p1/action": [["2S"]]})
    act(game, "S-mild", "draw")  # 2 RP paid: p1 on 0, 8 AP beat the 5
    assert rp(game)["p1"] == 0
    assert game.result is not None and game.result.winners == ("p1",) and "RB-24" in game.result.reason


# -- RB-25 winning by elimination ------------------------------------------------------------------

def test_rb25_last_player_with_resources_wins_once_the_others_decline_a_new_cause() -> None:
    """RB-25/RB-26: when both opponents are at 0 RP and each declines a new cause, p1 wins."""
    game = rb_game(3, cause_cards=2, cards={"p1/action": [["5H"]], "p2/action": [["JOKER", "KD"]]})
    act(game, "H-moderate-p3", "draw")  # p3: 4 - 4 = 0 RP, but p2 still has 4
    assert rp(game)["p3"] == 0 and game.result is None
    act(game, "D-mild", "draw")  # p2's Joker: 4 - 1 - 13 -> 0
    assert rp(game) == {"p1": 3, "p2": 0, "p3": 0} and game.result is None
    assert game.to_act() == ("p3",) and {a.id for a in game.legal_actions("p3")} == {"restart", "retire"}
    act(game, "retire")
    assert game.result is None  # p2 may still start a new cause
    act(game, "pass", "retire")  # turn 2: p1 passes, p2 declines
    assert game.result is not None and game.result.winners == ("p1",)
    assert "RB-25" in game.result.reason


def test_rb26_a_player_at_zero_is_offered_a_new_cause_before_an_elimination_win() -> None:
    """RB-26 (issue 7): in a 2-player game the player reduced to 0 RP restarts instead of losing at once."""
    game = rb_game(cause_cards=2, cards={"p1/action": [["5H"]]})
    act(game, "H-moderate-p2", "draw")  # 8 AP: p2 loses his 4 RP
    assert rp(game) == {"p1": 3, "p2": 0} and game.result is None
    assert game.to_act() == ("p2",)
    assert [a.id for a in game.legal_actions("p2")] == ["restart", "retire"]
    act(game, "restart")
    assert rp(game)["p2"] == 4 and len(player(game, "p2").cause) == 2 and game.result is None
    assert game.view("p1")["state"]["players"]["p2"]["rp"] == 4


def test_rb25_checked_after_the_whole_action() -> None:
    """RB-25 gap default: the check waits for the end of the action, then the player at 0 chooses."""
    game = rb_game(cause_cards=1, cards={"p1/action": [["2H"]]})
    act(game, "C-mild", "draw")  # 2 RP paid, no success: p1 on 0, but his attempt is still under way
    assert rp(game)["p1"] == 0 and game.result is None and game.to_act() == ("p1",)
    act(game, "stop", "pass", "pass")  # p2 passes; turn 2: p2 (2 RP) passes, then p1 at 0 chooses
    assert game.result is None and {a.id for a in game.legal_actions("p1")} == {"restart", "retire"}
    act(game, "retire")
    assert game.result is not None and game.result.winners == ("p2",)


def test_rb25_everyone_at_zero_nobody_wins_and_each_may_restart() -> None:
    """RB-25 gap default: all at 0: no elimination win; each may restart; if none does, no winner."""
    game = rb_game(cause_cards=1, cards={"p1/action": [["2C", "5H"]]})
    act(game, "H-moderate-p2", "draw", "draw")  # p1 pays his last 2 RP; 8 AP take p2's 2 RP
    assert rp(game) == {"p1": 0, "p2": 0} and game.result is None
    assert {a.id for a in game.legal_actions("p2")} == {"restart", "retire"}
    act(game, "retire")
    assert game.to_act() == ("p1",) and {a.id for a in game.legal_actions("p1")} == {"restart", "retire"}
    act(game, "retire")
    assert game.result is not None and game.result.winners == ()


def test_rb25_no_elimination_win_in_a_solo_game() -> None:
    """RB-25 gap default: solo, there is no elimination win; 0 RP without restarting is a loss."""
    game = rb_game(1, cause_cards=5, cards={"p1/action": [["2D"], ["JOKER", "KS"]]})
    act(game, "D-mild", "draw")
    assert game.result is None and game.umpire.turn == 2
    act(game, "D-mild", "draw")  # a Joker and a King: 13 - 1 - 13 -> 0
    assert game.result is None and {a.id for a in game.legal_actions("p1")} == {"restart", "retire"}
    act(game, "retire")
    assert game.result is not None and game.result.winners == ()


# -- RB-26 reduced to zero: restart a new cause ---------------------------------------------------

def test_rb26_restart_gives_a_fresh_cause_and_resources() -> None:
    """RB-26: a player at 0 RP who restarts has a new N-card Cause and 2N RP."""
    game = rb_game(1, cause_cards=5, cards={"p1/action": [["JOKER", "KS"]]})
    act(game, "D-mild", "draw")  # 10 - 1 - 9 (of the King's 13) -> 0 RP; his Cause grows to 10
    me = player(game, "p1")
    assert me.rp == 0 and len(me.cause) == 10
    act(game, "restart")
    assert me.rp == 10 and len(me.cause) == 5 and cause_top(game, "p1") is None
    assert umpire_sees(game)["phase"] == "declare" and game.to_act() == ("p1",)  # he acts in the same turn
    assert events(game, "effect", "RB-26")


def test_rb26_new_cause_built_from_all_cause_cards_reshuffled() -> None:
    """RB-26 gap (b): pile, deck and defeated cards are gathered and reshuffled before drawing N."""
    game = rb_game(1, cause_cards=5, cards={
        "p1/cause-deck": [["AC", "2C", "3C", "4C", "5C"], ["KH", "QH", "JH", "10H", "9H"]],
        "p1/action": [["2H"], ["JOKER", "KS"]]})
    act(game, "H-moderate", "draw")  # 8 AP: the Ace, 2 and 3 fall (2 AP lost against the 4)
    act(game, "D-mild", "draw")
    me = player(game, "p1")
    assert len(me.defeated) == 3 and me.rp == 0
    act(game, "restart")
    assert codes(me.cause) == ["KH", "QH", "JH", "10H", "9H"]
    assert me.defeated == [] and len(me.cause_deck) + len(me.cause) == FULL_PACK
    assert events(game, "shuffle")[-1]["rule"] == "RB-26"


def test_rb26_a_player_who_does_not_restart_is_out() -> None:
    """RB-26 gap (a)/(c): the choice comes at his next action; if he retires he never acts again."""
    game = rb_game(3, cause_cards=2, cards={"p1/action": [["5H"]]})
    act(game, "H-moderate-p2", "draw")  # p2 on 0 RP
    assert game.to_act() == ("p2",)
    assert [a.id for a in game.legal_actions("p2")] == ["restart", "retire"]
    with pytest.raises(IllegalActionError, match="RB-26"):
        game.apply("p2", "D-mild")
    act(game, "retire", "pass")
    for _ in range(3):
        assert "p2" not in umpire_sees(game)["order"]
        assert not [a for a in game.legal_actions(game.to_act()[0]) if a.id.endswith("-p2")]
        act(game, "pass", "pass")
    assert player(game, "p2").out and game.view("p1")["state"]["players"]["p2"]["out"]


def test_rb26_restart_only_at_zero() -> None:
    """RB-26: a player with resource points left cannot start a new cause."""
    game = rb_game()
    with pytest.raises(IllegalActionError):
        game.apply("p1", "restart")


def test_rb26_random_games_reach_restart_and_retire() -> None:
    """RB-26: in random 3-player games restart and retire are offered only at 0 RP, and both occur."""
    seen: Counter[str] = Counter()
    for seed in range(20):
        game = rb_game(3, cause_cards=3, seed=seed, first_turn_order="random")
        rng = random.Random(seed)
        while game.to_act():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            choice = legal[int(rng.random() * len(legal))].id
            if choice in ("restart", "retire"):
                assert player(game, seat).rp == 0
                seen[choice] += 1
            game.apply(seat, choice)
    assert seen["restart"] and seen["retire"]
