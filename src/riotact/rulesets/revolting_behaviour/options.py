"""Revolting Behaviour!'s house rules: every ``gap:`` default of the catalogue (shared/rules/RB.md), as a
typed option read by attribute (``w.options.severe_min_rank``), checked once when a game starts.

>>> from riotact.core.options import make_options
>>> make_options(Options, "revolting-behaviour", {"severe_min_rank": 9}).severe_min_rank
9
"""

from __future__ import annotations

from dataclasses import dataclass

from riotact.core.messages import table_talk_rule
from riotact.core.options import house_rule


@dataclass(frozen=True, slots=True)
class Options:
    """The house rules of one game of Revolting Behaviour! (each field names the rule it fills in)."""

    jokers_per_deck: int = house_rule(2, "RB-03", "Jokers in each Cause Deck and Action Deck (a 54-card pack).",
                                      choices=(0, 1, 2, 3, 4))
    open_totals: bool = house_rule(True, "RB-07", "Cause pile sizes and RP totals are public information.")
    first_turn_order: str = house_rule("random", "RB-09",
                                       "First-turn order: the whole order drawn at random, or seat order.",
                                       choices=("random", "seats"))
    reorder_within_turn: bool = house_rule(
        False, "RB-02", "Re-sort the turn order after every action (default: fixed at the start of the turn).")
    declaration_fixes_use: bool = house_rule(
        True, "RB-11", "A force action's target is named when declared; off: choose the use after success.")
    severe: bool = house_rule(True, "RB-12", "Add the Severe severity (same suit, high card).")
    severe_min_rank: int = house_rule(8, "RB-12", "Lowest card value that satisfies a Severe action.",
                                      choices=tuple(range(2, 14)))
    extreme: bool = house_rule(False, "RB-12", "Add the optional Extreme severity (a face card of the suit).")
    reward_mild: int = house_rule(4, "RB-13", "RP or AP earned by a successful Mild legal action.",
                                  low=0, high=1_000_000)
    reward_moderate: int = house_rule(8, "RB-13", "RP or AP earned by a successful Moderate legal action.",
                                      low=0, high=1_000_000)
    reward_severe: int = house_rule(16, "RB-13", "RP or AP earned by a successful Severe legal action.",
                                    low=0, high=1_000_000)
    reward_extreme: int = house_rule(32, "RB-13", "RP or AP earned by a successful Extreme legal action.",
                                     low=0, high=1_000_000)
    illegal_reward_multiplier: int = house_rule(2, "RB-13",
                                                "Illegal actions earn this many times the legal reward.",
                                                low=0, high=100)
    empty_action_deck: str = house_rule(
        "fail", "RB-14", "An Action Deck that runs out mid-attempt: the attempt fails, or the cards are reshuffled.",
        choices=("fail", "reshuffle"))
    draw_needs_full_cost: bool = house_rule(True, "RB-15",
                                            "A card may be drawn only if the player can pay its whole cost.")
    charge_jokers: bool = house_rule(True, "RB-15", "A Joker drawn during an attempt is charged like any card.")
    reveal_at_zero_ap: bool = house_rule(False, "RB-20", "Reveal the next Cause card even when 0 AP remain.")
    keep_defeated_on_joker: bool = house_rule(
        True, "RB-21", "Cause cards defeated earlier in an attack stay defeated when a Joker is revealed.")
    cause_joker: str = house_rule(
        "discard", "RB-21", "A Joker revealed in the Cause: discarded after the crackdown, or kept as a 15-point card.",
        choices=("discard", "value15"))
    penalty_draw_costs: bool = house_rule(False, "RB-23", "The Joker penalty card costs a draw cost too.")
    restart_before_elimination: bool = house_rule(
        True, "RB-26", "A player at 0 RP is offered a new cause before anyone wins by elimination; "
        "off: the last player above 0 wins at once (RB-25).")
    restart_reshuffles_cause: bool = house_rule(
        True, "RB-26", "A restarting player gathers all his Cause cards and reshuffles before drawing N.")
    table_talk: bool = table_talk_rule("RB-01")  # issue 8: seats message each other

    def reward(self, severity: str) -> int:
        """RB-13: the reward of a successful legal action of this severity."""
        return {"mild": self.reward_mild, "moderate": self.reward_moderate, "severe": self.reward_severe,
                "extreme": self.reward_extreme}[severity]
