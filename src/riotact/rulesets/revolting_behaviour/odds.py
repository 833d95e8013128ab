"""Exact odds of a Revolting Behaviour! action attempt (RB-12..RB-15, RB-21, RB-23), by exact
enumeration of the draws from a whole, freshly shuffled Action Deck (RB-17).

The player draws until a card meets the severity (success), a Joker comes (crackdown) or he
stops after ``cards`` draws. With ``s`` success cards, ``f`` failing cards and ``j`` Jokers in
``n`` cards, the chance that the first ``k - 1`` cards all fail and card ``k`` is a success is
``f/n · (f-1)/(n-1) ··· s/(n-k+1)``.

>>> odds = attempt(suit="D", severity="mild")
>>> odds.outcomes["success on card 1"]
Fraction(13, 27)
>>> odds.figures["chance of success"] == sum(v for k, v in odds.outcomes.items() if k.startswith("success"))
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from riotact.core import Card, standard_pack
from riotact.core.odds import Chance, Odds, OddsProcedure, Param, percent

from .options import Options
from .rules.cards import ACTIVITIES, JOKER_VALUE, SEVERITIES, Activity, card_value, reward, succeeds

_DEFAULTS = Options()


def attempt(suit: str = "D", severity: str = "mild", cards: int = 0, jokers_per_deck: int = 2,
            severe_min_rank: int = 8, charge_jokers: bool = True, rp: int = 0) -> Odds:
    """RB-14: the chance of success on each card, of a Joker, of stopping empty-handed; the
    expected RP paid (RB-15), the expected RP lost to the Joker's penalty card (RB-23) and
    the expected net RP of a fund-raising attempt (RB-13).

    ``cards`` = 0 draws until success or Joker; ``rp`` > 0 caps the draws at what the player
    can pay (RB-15 gap default: a card is drawn only if its whole cost can be paid).
    """
    activity = ACTIVITIES[suit]
    options = replace(_DEFAULTS, severe_min_rank=severe_min_rank, extreme=severity == "extreme")
    deck = standard_pack(jokers_per_deck)
    good = [c for c in deck if succeeds(c, activity, severity, options)]
    jokers = [c for c in deck if c.is_joker]
    bad = [c for c in deck if not c.is_joker and c not in good]
    n, s, j, f = len(deck), len(good), len(jokers), len(bad)
    limit = f + 1  # RB-14: a whole deck always ends in a success or a Joker by then
    if cards:
        limit = min(limit, cards)
    if rp:
        limit = min(limit, rp // activity.cost)
    outcomes: dict[str, Fraction] = {}
    paid = penalty = Fraction(0)
    value_of = {"good": sum(card_value(c) for c in good), "bad": sum(card_value(c) for c in bad)}
    for k, p_success, p_joker in _draws(s, j, f, limit):
        outcomes[f"success on card {k}"] = p_success
        outcomes[f"Joker on card {k}"] = p_joker
        paid += (p_success * k + p_joker * (k if charge_jokers else k - 1)) * activity.cost
        # RB-23: the penalty card is a random card of those left after k - 1 failures and the Joker;
        # by symmetry the failed cards drawn are a random k - 1 of the f failing cards.
        if n > k:
            kept_bad = value_of["bad"] * Fraction(f - (k - 1), f) if f else 0
            penalty += p_joker * (value_of["good"] + kept_bad + JOKER_VALUE * (j - 1)) / (n - k)
    stopped = 1 - sum(outcomes.values(), Fraction(0))
    outcomes = {k: v for k, v in outcomes.items() if v}
    if stopped:
        outcomes[f"stopped after {limit} cards"] = stopped
        paid += stopped * limit * activity.cost
    success = sum((v for k, v in outcomes.items() if k.startswith("success")), Fraction(0))
    joker = sum((v for k, v in outcomes.items() if k.startswith("Joker")), Fraction(0))
    gained = reward(activity, severity, options)
    figures = {"chance of success": success, "Joker risk": joker, "expected RP paid": paid,
               "expected RP lost to the Joker's penalty card": penalty}
    if not activity.force:
        figures["expected net RP"] = success * gained - paid - penalty
    else:
        figures["expected action points"] = success * gained
    return Odds(f"A {severity} {activity.title} attempt: {s} of {n} cards succeed, {j} Jokers, "
                f"{activity.cost} RP a card, up to {limit} cards", outcomes, figures,
                ("The Joker penalty also puts five cards on the player's Cause (RB-22).",))


def _draws(s: int, j: int, f: int, limit: int) -> Iterator[tuple[int, Fraction, Fraction]]:
    """For each card k up to ``limit`` drawn from ``s`` success, ``j`` Joker and ``f`` failing cards:
    (k, P(the first k - 1 fail and card k succeeds), P(they fail and card k is a Joker))."""
    all_failed = Fraction(1)  # P(the first k - 1 cards all failed)
    n = s + j + f
    for k in range(1, min(limit, f + 1, n) + 1):  # (a changed deck of failing cards only runs out, RB-14)
        left = n - (k - 1)
        yield k, all_failed * Fraction(s, left), all_failed * Fraction(j, left)
        all_failed *= Fraction(f - (k - 1), left)


def action_odds(view: dict[str, Any], rules: Options) -> dict[str, Chance]:
    """The odds beside a player's declarations and draws (RB-12, RB-14, RB-15, RB-17), from his view
    and the house rules only: his own RP and the cards already drawn in this attempt. Each attempt
    starts from a whole Action Deck (RB-17), so nothing hidden enters.

    A declaration shows the chance of success before a Joker, drawing as long as his RP pay for
    cards; a draw shows the chance that this card succeeds (and that it is a Joker).
    """
    state = view["state"]
    me = state["players"][view["seat"]]
    rp, pack = me["rp"], tuple(me["action_pack"]) if "action_pack" in me else None  # RB-03: a changed deck
    attempt = state["attempt"]
    out: dict[str, Chance] = {}
    for action in view["legal_actions"]:
        aid = action["id"]
        if attempt is None and aid[:2] in ("D-", "H-", "C-", "S-"):
            suit, severity = aid.split("-")[:2]
            out[aid] = _declaration(suit, severity, rp, rules, pack)
        elif aid == "draw" and attempt is not None:
            s, j, f = _deck(ACTIVITIES[attempt["suit"]], attempt["severity"], rules, attempt["drawn"], pack)
            if s + j + f == 0:
                continue  # an empty deck: RB-14 gap (no card to draw, or a reshuffle)
            success = Fraction(s, s + j + f)
            out[aid] = Chance(success, f"{percent(success)} this card succeeds, "
                                       f"{percent(Fraction(j, s + j + f))} a Joker")
    return out


@lru_cache(maxsize=4096)  # bounded: a server runs for weeks
def _declaration(suit: str, severity: str, rp: int, rules: Options, pack: tuple[str, ...] | None) -> Chance:
    """The odds beside declaring an attempt with ``rp`` RP: the chance of a success before a Joker,
    drawing from a whole deck as long as the RP pay for cards (RB-14, RB-15, RB-17). Exact sums of
    Fractions whose denominators grow with every card: each is worked out once per process (a seat's
    every view asks again, and there are only so many suits, severities and RP)."""
    activity = ACTIVITIES[suit]
    cards = rp // activity.cost if rules.draw_needs_full_cost else -(-rp // activity.cost)
    s, j, f = _deck(activity, severity, rules, [], pack)
    steps = list(_draws(s, j, f, cards))
    success = sum((p for _, p, _ in steps), Fraction(0))
    joker = sum((p for _, _, p in steps), Fraction(0))
    return Chance(success, f"{percent(success)} success within your {rp} RP, {percent(joker)} Joker")


def _deck(activity: Activity, severity: str, options: Options, drawn: list[str],
          pack: tuple[str, ...] | None) -> tuple[int, int, int]:
    """(success, Joker, failing) cards left in a whole Action Deck less the cards drawn; ``pack`` is a
    changed deck's cards (RB-03), None a standard pack."""
    def whole() -> list[Card]:
        return [Card.parse(code) for code in pack] if pack else standard_pack(options.jokers_per_deck)

    deck = whole()
    for code in drawn:
        deck.remove(next(c for c in deck if c.code == code))
    if not deck and options.empty_action_deck == "reshuffle":
        deck = whole()
    jokers = sum(c.is_joker for c in deck)
    good = sum(succeeds(c, activity, severity, options) for c in deck)
    return good, jokers, len(deck) - good - jokers


PROCEDURES = (
    OddsProcedure("attempt", ("RB-12", "RB-13", "RB-14", "RB-15", "RB-21", "RB-23"),
                  "an action attempt: chance of success within N cards, expected cost, Joker risk", (
                      Param("suit", "D", "D legal fund-raising, H legal force, C illegal fund-raising, "
                            "S illegal force", tuple(ACTIVITIES)),
                      Param("severity", "mild", "RB-12 severity", SEVERITIES),
                      Param("cards", 0, "stop after this many cards (0: draw until success or Joker)", bounds=(0, 60)),
                      Param("rp", 0, "the player's RP, which caps the draws (0: no cap)", bounds=(0, 1000)),
                      Param("jokers_per_deck", _DEFAULTS.jokers_per_deck, "house rule (RB-03)",
                            (0, 1, 2, 3, 4)),
                      Param("severe_min_rank", _DEFAULTS.severe_min_rank, "house rule (RB-12)", bounds=(1, 14)),
                      Param("charge_jokers", _DEFAULTS.charge_jokers, "house rule (RB-15)"),
                  ), attempt),
)
