"""Odds where a Revolting Behaviour! player decides (RB-12, RB-14, RB-15, RB-17): beside each
declaration and each draw, computed from his view and the house rules only."""

from __future__ import annotations

from fractions import Fraction

from revolting_behaviour.rb_support import act, rb_game
from riotact.core import Game
from riotact.core.odds import action_odds, find_procedure
from riotact.rulesets import get_ruleset

#: RB-12..RB-15, RB-21, RB-23: the exact odds of an attempt, as the odds command computes them.
attempt = find_procedure(get_ruleset("revolting-behaviour"), "attempt").compute


def chances(game: Game, seat: str = "p1") -> dict[str, Fraction]:
    return {aid: c.p for aid, c in action_odds(game, seat).items()}


def test_rb14_a_declaration_shows_the_exact_chance_of_success_within_the_rp_held() -> None:
    """3 Cause cards: 6 RP (RB-08). A legal fund-raising card costs 1 RP (6 draws), an illegal 2 (3)."""
    game = rb_game(cause_cards=3)
    shown = action_odds(game, "p1")
    assert "pass" not in shown
    assert shown["D-mild"].p == attempt(suit="D", severity="mild", rp=6).figures["chance of success"]
    assert shown["C-severe"].p == attempt(suit="C", severity="severe", rp=6).figures["chance of success"]
    assert shown["S-moderate-p2"].p == attempt(suit="S", severity="moderate", rp=6).figures["chance of success"]
    assert shown["D-mild"].text.startswith(f"{round(shown['D-mild'].p * 100)}% success within your 6 RP")


def test_rb03_the_odds_count_the_cards_of_a_changed_action_deck() -> None:
    """RB-03 gap: p1's Action Deck of 3 Diamonds, 2 black cards and a Joker (known to all): a Moderate
    Diamonds attempt first shows 1/2 this card succeeds, 1/6 a Joker; p2's standard pack keeps 13/54."""
    game = rb_game(cause_cards=5, setup={"decks": {"p1": {"action_deck": ["2D", "3D", "4D", "5C", "6S", "JOKER"]}}},
                   cards={"p1/action": [["5C"]]})
    before = chances(game)["D-moderate"]
    act(game, "D-moderate")
    assert chances(game)["draw"] == Fraction(3, 6)
    act(game, "draw")  # 5C fails (RB-12)
    assert action_odds(game, "p1")["draw"].text == "60% this card succeeds, 20% a Joker"
    # Within 10 RP: a success before the Joker, the two black cards failing first at worst.
    assert before == Fraction(3, 6) + Fraction(2, 6) * Fraction(3, 5) + Fraction(2, 6) * Fraction(1, 5) * Fraction(3, 4)
    act(game, "stop")
    act(game, "D-moderate")
    assert chances(game, "p2")["draw"] == Fraction(13, 54)


def test_rb14_a_changed_deck_with_no_card_to_succeed_shows_no_chance() -> None:
    """RB-03, RB-14: an Action Deck of two black cards runs out before any success: 0%, shown without fault."""
    game = rb_game(cause_cards=5, setup={"decks": {"p1": {"action_deck": ["5C", "2S"]}}})
    assert chances(game)["D-mild"] == 0 and chances(game)["C-mild"] == 1


def test_rb14_a_draw_shows_this_card_from_the_deck_less_the_cards_drawn() -> None:
    """Moderate Diamonds (RB-12: any Diamond): after two black cards, 13 Diamonds of 52 left."""
    game = rb_game(cause_cards=5, cards={"p1/action": [["5C", "2S"]]})
    act(game, "D-moderate")
    assert chances(game)["draw"] == Fraction(13, 54)
    act(game, "draw", "draw")  # 5C and 2S fail (RB-12)
    shown = action_odds(game, "p1")
    assert shown["draw"].p == Fraction(13, 52)
    assert shown["draw"].text == "25% this card succeeds, 4% a Joker"
    assert "stop" not in shown


def test_rb03_house_rules_enter_the_odds_no_jokers_no_risk() -> None:
    game = rb_game(cause_cards=3, jokers_per_deck=0)
    shown = action_odds(game, "p1")["D-mild"]  # fails only on six black cards in a row
    assert shown.p == 1 - Fraction(26 * 25 * 24 * 23 * 22 * 21, 52 * 51 * 50 * 49 * 48 * 47)
    assert shown.text.endswith("0% Joker")


def test_the_odds_a_player_sees_do_not_depend_on_hidden_cards() -> None:
    """RB-07: Cause cards and the order of the Action Deck are hidden; two games that differ only
    there show p1 the same odds at every decision."""
    one = rb_game(cause_cards=4, cards={"p1/cause-deck": [["KS", "2H", "JOKER", "7D"]],
                                        "p1/action": [["9C", "4D"]]})
    two = rb_game(cause_cards=4, cards={"p1/cause-deck": [["3C", "QH", "8S", "AD"]],
                                        "p1/action": [["9C", "8H"]]})
    for game in (one, two):
        act(game, "H-severe")
    assert action_odds(one, "p1") == action_odds(two, "p1")
    act(one, "draw")
    act(two, "draw")  # the same 9C: the decks (hidden) still differ below it
    assert action_odds(one, "p1") == action_odds(two, "p1") != {}
