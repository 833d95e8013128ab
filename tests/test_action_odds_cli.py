"""Odds where decisions are made, at the terminal (`riotact play`): beside the actions whose outcome
turns on chance, from the seat's view only (core/odds.py ``action_odds``)."""

from __future__ import annotations

from pathlib import Path

from test_cli import RB, riotact


def test_play_shows_the_odds_beside_a_declaration() -> None:
    """RB-14: Mild Diamonds at 20 RP (first game): 93% success before a Joker, beside the option."""
    out = riotact("play", RB, "--seed", "3", "--option", "first_turn_order=seats", stdin="quit\nyes\n")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "Mild Diamonds: a red card, raises 4 RP, 1 RP a card — 93% success within your 20 RP, 7% Joker" in text
    assert "make no attempt this turn (free) (pass)" in text  # no odds beside a decision without chance


DATA = Path(__file__).parent / "data"


def test_play_shows_the_odds_beside_a_public_participation_shot() -> None:
    """PP-10/11: Red Ruth, a good shot, at Blue Bill behind the hedge: D6 + 1 - 1 against 4+."""
    out = riotact("play", str(DATA / "odds-pp.toml"), "--seed", "1", "--seat", "red=human", "--seat", "blue=human",
                  stdin="\ndone\n" * 8 + "quit\nyes\n")  # Enter: the terminal handed over
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert ("Red Ruth fires the rifle at Blue Bill, 9.0\" away — 50% to hit (4+ on D6 +0: good shot +1, "
            "cover (the hedge) -1); each: 47% injured, 8% apparently dead; shots 1 (PP-09)") in text
    assert "Red Ruth holds fire (hold:R1)" in text  # no odds beside a decision without chance


def test_play_shows_the_odds_beside_a_breaking_of_nations_fire_order_and_charge() -> None:
    """BON-025: four Regular riflemen at a Regular squad in the open, each aiming at the nearest man;
    BON-017 / BON-032: their charge at a Blue picket and the close combat that follows."""
    out = riotact("play", str(DATA / "odds-bon.toml"), "--seed", "1", "--seat", "red=human", "--seat", "blue=human",
                  stdin="activate Red\n" * 2 + "quit\nyes\n")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert ("Red squad fires at Blue squad — 97% at least one hit, 2.3 of 5 expected (4 shot(s) at TN 6; "
            "a natural 12 always hits)") in text
    assert "end Red squad's activation (end:A)" in text
    # BON-017: the picket 7" away is within the charge; the close combat that follows, wild blows counted
    assert ("Red squad charges Blue picket — 4 of 5 reach contact; 94% at least one of theirs struck, 0.9 expected; "
            "1.7 of yours (wild blows counted) (charge:A:z)") in text
