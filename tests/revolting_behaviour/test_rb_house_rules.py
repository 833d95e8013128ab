"""Revolting Behaviour! house rules: every gap default has an alternative, and each is tested.

The defaults themselves are checked rule by rule in test_rb_rules.py; here each
option is switched to its alternative (and a few defaults are contrasted with it).
"""

from __future__ import annotations

import pytest

from revolting_behaviour.rb_support import act, cause_top, codes, events, player, rb_game, rp, umpire_sees
from riotact.core import Game, OptionError, ScenarioError, parse_scenario
from riotact.core.log import dumps
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("revolting-behaviour")


def test_every_house_rule_cites_a_catalogue_rule() -> None:
    """Each option names the RB rule whose gap it fills, and its default is valid."""
    for rule in SPEC.house_rules:
        assert rule.rule.startswith("RB-") and rule.text
        assert rule.check(SPEC.id, rule.default) == rule.default


def test_bad_options_are_typed_errors() -> None:
    """An unknown key or a bad value is an OptionError (a ScenarioError in a scenario file)."""
    with pytest.raises(OptionError, match="no house rule"):
        rb_game(jokers=1)
    with pytest.raises(OptionError, match="must be one of"):
        rb_game(jokers_per_deck=5)
    with pytest.raises(OptionError, match="takes a bool"):
        rb_game(open_totals="no")
    with pytest.raises(ScenarioError, match="house_rules"):
        parse_scenario({"ruleset": "revolting-behaviour", "id": "x", "title": "x", "seats": ["p1"],
                        "house_rules": {"cause_joker": "wild"}})


# -- RB-03 jokers_per_deck -------------------------------------------------------------------------

@pytest.mark.parametrize(("jokers", "size"), [(0, 52), (1, 53), (2, 54), (4, 56)])
def test_rb03_jokers_per_deck(jokers: int, size: int) -> None:
    """RB-03 gap: 2 Jokers per pack by default; the umpire may choose 0 to 4."""
    game = rb_game(cause_cards=5, jokers_per_deck=jokers)
    me = player(game, "p1")
    assert len(me.action_deck) == size and len(me.cause_deck) + len(me.cause) == size
    assert sum(c.is_joker for c in me.action_deck.cards) == jokers


def test_rb03_without_jokers_no_crackdown_ever() -> None:
    """RB-03/RB-21: with jokers_per_deck = 0 random games never see a crackdown."""
    from riotact.core.bots import RandomBot, bot_rng, play_out

    for seed in range(5):
        game = rb_game(cause_cards=5, seed=seed, jokers_per_deck=0)
        play_out(game, {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats})
        assert not events(game, "effect", "RB-21")


# -- RB-07 open_totals -------------------------------------------------------------------------------

def test_rb07_closed_totals_hide_rivals_resources_and_cause_sizes() -> None:
    """RB-07 gap alternative: with open_totals = false a player sees only his own totals."""
    game = rb_game(3, cause_cards=4, open_totals=False, cards={"p1/action": [["2C", "5D"]]})
    act(game, "D-mild", "draw", "draw")  # p1: 8 - 2 + 4 = 10 RP
    other = game.view("p2")["state"]["players"]["p1"]
    assert other["rp"] is None and other["cause_cards"] is None
    own = game.view("p1")["state"]["players"]["p1"]
    assert (own["rp"], own["cause_cards"]) == (10, 4)
    assert game.view("umpire")["state"]["players"]["p1"]["rp"] == 10
    seen_by_p2 = dumps([e["text"] for e in game.log_for("p2") if e["turn"] >= 1])
    assert "10 RP" not in seen_by_p2 and "keeping" not in seen_by_p2


# -- RB-09 first_turn_order ---------------------------------------------------------------------------

def test_rb09_seat_order_option() -> None:
    """RB-09 option: first_turn_order = seats gives seat order whatever the seed."""
    for seed in range(10):
        assert umpire_sees(rb_game(4, seed=seed))["order"] == ["p1", "p2", "p3", "p4"]
        assert not events(rb_game(4, seed=seed), "effect", "RB-09")


# -- RB-02 reorder_within_turn ---------------------------------------------------------------------

@pytest.mark.parametrize(("reorder", "next_up"), [(False, "p2"), (True, "p3")])
def test_rb02_reorder_within_turn(reorder: bool, next_up: str) -> None:
    """RB-02 gap: by default the order is fixed for the turn; the alternative re-sorts after each action."""
    game = rb_game(3, cause_cards=6, reorder_within_turn=reorder, cards={"p1/action": [["5H"]]})
    act(game, "H-moderate-p2", "draw")  # p2 drops to 8 RP, below p3's 12
    assert game.to_act() == (next_up,)
    act(game, "pass", "pass")
    assert game.umpire.turn == 2


# -- RB-11 declaration_fixes_use -----------------------------------------------------------------------

def test_rb11_use_chosen_after_success() -> None:
    """RB-11 gap alternative: no target in the declaration; the use is chosen once the AP are known."""
    game = rb_game(3, cause_cards=4, declaration_fixes_use=False, cards={"p1/action": [["4S", "5H"]]})
    ids = {a.id for a in game.legal_actions("p1")}
    assert "H-mild" in ids and not [i for i in ids if i.endswith(("-p2", "-p3"))]
    act(game, "H-moderate", "draw")  # a black card: no success, no choice yet
    assert {a.id for a in game.legal_actions("p1")} == {"draw", "stop"}
    act(game, "draw")  # 8 AP
    assert {a.id for a in game.legal_actions("p1")} == {"use-cause", "use-p2", "use-p3"}
    assert game.view("p1")["state"]["attempt"]["action_points"] == 8
    act(game, "use-p3")
    assert rp(game) == {"p1": 6, "p2": 8, "p3": 4} and len(player(game, "p1").cause) == 4
    assert game.to_act() == ("p2",)


def test_rb11_use_on_the_cause_after_success() -> None:
    """RB-11 gap alternative: 'use-cause' spends the points on the actor's own Cause (RB-20)."""
    game = rb_game(cause_cards=3, declaration_fixes_use=False,
                   cards={"p1/action": [["9S"]], "p1/cause-deck": [["7C", "8D", "KS"]]})
    act(game, "S-moderate", "draw", "use-cause")  # 16 AP: the 7 and the 8 fall
    assert codes(player(game, "p1").cause) == ["KS"] and rp(game)["p2"] == 6


# -- RB-12 severe, severe_min_rank, extreme --------------------------------------------------------------

def test_rb12_without_severe() -> None:
    """RB-12 option: severe = false leaves only the seed's Mild and Moderate."""
    game = rb_game(severe=False)
    assert game.view("p1")["state"]["severities"] == ["mild", "moderate"]
    assert not [a.id for a in game.legal_actions("p1") if "severe" in a.id]


@pytest.mark.parametrize(("card", "succeeds"), [("9D", False), ("10D", True), ("KD", True)])
def test_rb12_severe_min_rank(card: str, succeeds: bool) -> None:
    """RB-12 option: severe_min_rank = 10 makes a 9 of the suit fail a Severe action."""
    game = rb_game(cause_cards=10, severe_min_rank=10, cards={"p1/action": [[card]]})
    act(game, "D-severe", "draw")
    assert (rp(game)["p1"] == 20 - 1 + 16) is succeeds


@pytest.mark.parametrize(("declared", "card", "gain"), [
    ("D-extreme", "10D", 0), ("D-extreme", "JD", 32), ("D-extreme", "KH", 0), ("C-extreme", "QC", 64),
])
def test_rb12_rb13_extreme_option(declared: str, card: str, gain: int) -> None:
    """RB-12/RB-13 optional extension: Extreme needs a face card of the suit and earns 32 (legal) / 64."""
    game = rb_game(cause_cards=10, extreme=True, cards={"p1/action": [[card]]})
    assert game.view("p1")["state"]["severities"] == ["mild", "moderate", "severe", "extreme"]
    act(game, declared, "draw")
    cost = 1 if declared[0] == "D" else 2
    assert rp(game)["p1"] == 20 - cost + gain


# -- RB-13 reward amounts ----------------------------------------------------------------------------

def test_rb13_reward_options() -> None:
    """RB-13 options: the reward table and the illegal multiplier are house rules."""
    game = rb_game(cause_cards=10, reward_moderate=6, illegal_reward_multiplier=3,
                   cards={"p1/action": [["2C"]], "p2/action": [["2D"]]})
    act(game, "C-moderate", "draw")
    act(game, "D-moderate", "draw")
    assert rp(game) == {"p1": 20 - 2 + 18, "p2": 20 - 1 + 6}


# -- RB-14 empty_action_deck ----------------------------------------------------------------------

def test_rb14_run_out_deck_reshuffled_option() -> None:
    """RB-14 option: empty_action_deck = reshuffle puts the drawn cards back and the attempt goes on."""
    game = rb_game(cause_cards=10, empty_action_deck="reshuffle",
                   setup={"decks": {"p1": {"action_deck": ["5C", "2S"]}}})  # two black cards
    act(game, "D-mild", "draw", "draw", "draw")
    refill = events(game, "shuffle")[-1]
    assert (refill["rule"], refill["deck"], refill["size"]) == ("RB-14", "p1/action", 2)
    assert len(events(game, "draw", "RB-14")) == 3 and rp(game)["p1"] == 17
    assert game.to_act() == ("p1",) and umpire_sees(game)["phase"] == "draw"
    act(game, "stop")
    after = events(game, "shuffle")[-1]  # RB-17: the deck whole again, two cards
    assert (after["rule"], after["deck"], after["size"]) == ("RB-17", "p1/action", 2)


# -- RB-15 draw_needs_full_cost, charge_jokers -----------------------------------------------------

def test_rb15_draw_with_part_of_the_cost() -> None:
    """RB-15 option: draw_needs_full_cost = false lets 1 RP buy an illegal card (RP stop at 0)."""
    game = rb_game(1, cause_cards=1, draw_needs_full_cost=False, cards={"p1/action": [["2C"], ["3H", "4S"]]})
    act(game, "D-mild", "draw", "stop")  # 1 RP left
    assert "S-mild" in {a.id for a in game.legal_actions("p1")}
    act(game, "S-mild", "draw")
    assert rp(game)["p1"] == 0 and events(game, "draw", "RB-14")[-1]["paid"] == 1
    assert [a.id for a in game.legal_actions("p1")] == ["stop"]


@pytest.mark.parametrize(("charge", "left"), [(True, 20 - 1 - 12), (False, 20 - 12)])
def test_rb15_charge_jokers(charge: bool, left: int) -> None:
    """RB-15 gap: a Joker drawn in an attempt is charged by default; charge_jokers = false refunds it."""
    game = rb_game(cause_cards=10, charge_jokers=charge, cards={"p1/action": [["JOKER", "QS"]]})
    act(game, "D-mild", "draw")
    assert rp(game)["p1"] == left
    refunds = [e["text"] for e in game.log_for("p2") if e.get("refund")]
    assert refunds == ([] if charge else
                       ["The Joker is not charged (house rule): p1 gets back the 1 RP paid for it and has 20 RP."])


def test_rb15_a_joker_not_charged_is_refunded_before_the_crackdown_without_closed_totals() -> None:
    """RB-15 house rule charge_jokers = false: the refund is said before the crackdown (RB-21); with
    closed totals (open_totals = false) it names no RP total."""
    game = rb_game(cause_cards=10, charge_jokers=False, open_totals=False, cards={"p1/action": [["JOKER", "QS"]]})
    act(game, "D-mild", "draw")
    texts = [e["text"] for e in game.log_for("p2") if e["kind"] == "effect"]
    refund = next(i for i, t in enumerate(texts) if "not charged" in t)
    assert texts[refund] == "The Joker is not charged (house rule): p1 gets back the 1 RP paid for it."
    assert "crack down" in texts[refund + 1]


# -- RB-20 reveal_at_zero_ap ------------------------------------------------------------------------

def test_rb20_reveal_at_zero_ap() -> None:
    """RB-20 gap alternative: the next card is revealed even when exactly 0 AP remain."""
    game = rb_game(cause_cards=3, reveal_at_zero_ap=True,
                   cards={"p1/cause-deck": [["4C", "9D", "KS"]], "p1/action": [["5H"]]})
    act(game, "H-mild", "draw")
    assert codes(player(game, "p1").cause) == ["9D", "KS"] and cause_top(game, "p1") == "9D"


def test_rb20_reveal_at_zero_ap_can_reveal_a_joker() -> None:
    """RB-20/RB-21 alternative: a Joker revealed at 0 AP still brings a crackdown."""
    game = rb_game(cause_cards=3, reveal_at_zero_ap=True,
                   cards={"p1/cause-deck": [["4C", "JOKER", "KS"]], "p1/action": [["5H", "AS"]]})
    act(game, "H-mild", "draw")
    assert events(game, "effect", "RB-21") and len(player(game, "p1").cause) == 1 + 5


# -- RB-21 keep_defeated_on_joker, cause_joker ----------------------------------------------------------

def test_rb21_defeated_cards_return_when_a_joker_is_revealed() -> None:
    """RB-21 gap (a) alternative: cards beaten earlier in the attack go back, face up, on top."""
    game = rb_game(cause_cards=3, keep_defeated_on_joker=False,
                   cards={"p1/cause-deck": [["3C", "JOKER", "2D"]], "p1/action": [["5H", "AS"]]})
    act(game, "H-moderate", "draw")  # 8 AP: the 3 falls, then the Joker: the 3 comes back
    me = player(game, "p1")
    assert codes(me.cause)[:2] == ["3C", "2D"] and len(me.cause) == 2 + 5
    assert not me.defeated and codes(me.set_aside) == ["JOKER"]  # the Joker is discarded (gap (b) default)
    assert cause_top(game, "p1") == "3C"  # it was revealed and is not defeated (RB-07)


def test_rb21_cause_joker_kept_as_fifteen() -> None:
    """RB-21 gap (b) alternative: cause_joker = value15 keeps the Joker face up as a 15-point card."""
    game = rb_game(cause_cards=3, cause_joker="value15",
                   cards={"p1/cause-deck": [["JOKER", "2D", "3D"]], "p1/action": [["5H", "AS"], ["4S"]]})
    act(game, "H-moderate", "draw")  # reveal: crackdown; the Joker stays on top
    me = player(game, "p1")
    assert codes(me.cause)[:3] == ["JOKER", "2D", "3D"] and cause_top(game, "p1") == "JOKER"
    assert len(events(game, "effect", "RB-21")) == 1
    act(game, "pass", "pass", "S-moderate", "draw")  # turn 2 (p2 first): 16 AP beat the 15, 1 AP lost
    assert codes(me.cause)[:2] == ["2D", "3D"] and codes(me.defeated) == ["JOKER"]
    assert len(events(game, "effect", "RB-21")) == 1  # no second crackdown for the same Joker


def test_rb21_returned_cards_over_a_kept_joker_bring_no_second_crackdown() -> None:
    """RB-21 alternatives combined: a Joker seen once never cracks down again when reached anew."""
    game = rb_game(cause_cards=3, keep_defeated_on_joker=False, cause_joker="value15",
                   cards={"p1/cause-deck": [["3C", "JOKER", "2D"]], "p1/action": [["5H", "AS"], ["4S"]]})
    act(game, "H-moderate", "draw")  # the 3 falls, the Joker cracks down, the 3 comes back
    assert codes(player(game, "p1").cause)[:3] == ["3C", "JOKER", "2D"] and cause_top(game, "p1") == "3C"
    act(game, "pass", "pass", "S-moderate", "draw")  # 16 AP: the 3 falls; 13 AP cannot beat the Joker
    assert len(events(game, "effect", "RB-21")) == 1
    assert cause_top(game, "p1") == "JOKER"


# -- RB-23 penalty_draw_costs ------------------------------------------------------------------------

@pytest.mark.parametrize(("costs", "left"), [(False, 20 - 1 - 12), (True, 20 - 1 - 12 - 1)])
def test_rb23_penalty_draw_costs(costs: bool, left: int) -> None:
    """RB-23 gap: the penalty card is free by default; penalty_draw_costs = true adds the draw cost."""
    game = rb_game(cause_cards=10, penalty_draw_costs=costs, cards={"p1/action": [["JOKER", "QS"]]})
    act(game, "D-mild", "draw")
    assert rp(game)["p1"] == left


# -- RB-26 restart_reshuffles_cause ---------------------------------------------------------------

def test_rb26_restart_without_reshuffle() -> None:
    """RB-26 gap (b) alternative: old Cause and defeated cards stay out; N more come off the deck."""
    game = rb_game(1, cause_cards=5, restart_reshuffles_cause=False, cards={
        "p1/cause-deck": [["AC", "2C", "3C", "4C", "5C"]], "p1/action": [["2H"], ["JOKER", "KS"]]})
    act(game, "H-moderate", "draw")  # the Ace, 2 and 3 fall
    act(game, "D-mild", "draw")  # a Joker: 5 cards under the Cause, then a King: 0 RP
    me = player(game, "p1")
    deck_before = len(me.cause_deck)
    act(game, "restart")
    assert len(me.cause) == 5 and me.rp == 10
    assert len(me.cause_deck) == deck_before - 5
    assert len(me.defeated) == 3 and len(me.set_aside) == 2 + 5  # the old Cause is out, not defeated
    assert not [c for c in codes(me.cause) if c in ("AC", "2C", "3C", "4C", "5C")]
    assert events(game, "shuffle")[-1]["rule"] != "RB-26"


def test_builtin_long_game_enables_extreme() -> None:
    """The long-game scenario turns on the optional Extreme severity (RB-12) and N = 20 (RB-06)."""
    from riotact.core import find_scenario

    game = Game(find_scenario("revolting-behaviour/long-game"), seed=1)
    assert game.options["extreme"] is True and len(player(game, "p1").cause) == 20
    assert rp(game) == {"p1": 40, "p2": 40, "p3": 40}


def test_turn_limit_ends_the_game_with_no_winner() -> None:
    """The scenario's turn_limit (not in the seed) ends a game that nobody has won, with no winner."""
    scenario = parse_scenario({"ruleset": "revolting-behaviour", "id": "x", "title": "x", "seats": ["p1", "p2"],
                               "setup": {"cause_cards": 3, "turn_limit": 2}})
    game = Game(scenario, seed=1, options={"first_turn_order": "seats"})
    act(game, "pass", "pass", "pass")
    assert game.result is None
    act(game, "pass")
    assert game.result is not None and game.result.winners == () and "turn limit" in game.result.reason


def test_rb25_rb26_elimination_before_restart_option() -> None:
    """RB-26 house rule off: the last player above 0 RP wins at once, before the other may restart."""
    game = rb_game(3, cause_cards=2, cards={"p1/action": [["5H"]], "p2/action": [["JOKER", "KD"]]},
                   restart_before_elimination=False)
    act(game, "H-moderate-p3", "draw")  # p3: 4 - 4 = 0 RP, but p2 still has 4
    assert rp(game)["p3"] == 0 and game.result is None
    act(game, "D-mild", "draw")  # p2's Joker: 4 - 1 - 13 -> 0
    assert game.result is not None and game.result.winners == ("p1",)
    assert "RB-25" in game.result.reason
    assert "restart" not in [e["action"] for e in events(game, "decision")]  # p3 never got the chance
