"""Odds where decisions are made, at the terminal (`riotact play`): beside the actions whose outcome
turns on chance, from the seat's view only (core/odds.py ``action_odds``)."""

from __future__ import annotations

from test_cli import RB, riotact


def test_play_shows_the_odds_beside_a_declaration() -> None:
    """RB-14: Mild Diamonds at 20 RP (first game): 93% success before a Joker, beside the option."""
    out = riotact("play", RB, "--seed", "3", "--option", "first_turn_order=seats", stdin="quit\n")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "Mild Diamonds: a red card, raises 4 RP, 1 RP a card — 93% success within your 20 RP, 7% Joker" in text
    assert "make no attempt this turn (free) (pass)" in text  # no odds beside a decision without chance
