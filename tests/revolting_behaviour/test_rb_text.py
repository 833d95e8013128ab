"""Revolting Behaviour! for people: the text screen, action texts that explain, stable numbers."""

from __future__ import annotations

from revolting_behaviour.rb_support import act, events, rb_game
from riotact.core import Game, parse_scenario
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("revolting-behaviour")


def screen(game: Game, seat: str) -> str:
    """The seat's screen, each line with its runs of spaces made one (columns may widen)."""
    assert SPEC.text_view is not None
    shown = SPEC.text_view(game.view(seat))
    assert all(len(line) <= 80 for line in shown.splitlines())
    return "\n".join(" ".join(line.split()) for line in shown.splitlines())


def texts(game: Game) -> dict[str, str]:
    return {a.id: a.text for a in game.legal_actions(game.to_act()[0])}


def test_declarations_say_what_they_need_pay_and_cost() -> None:
    """RB-12/13/15: each declaration names the card it needs, its reward and the cost of a card."""
    offered = texts(rb_game())
    assert offered["S-severe"] == "Severe Spades on own Cause: a Spade of 8 or more, 32 AP, 2 RP a card"
    assert offered["D-mild"] == "Mild Diamonds: a red card, raises 4 RP, 1 RP a card"
    assert offered["H-moderate-p2"] == "Moderate Hearts against p2: a Heart, p2 loses 4 RP, 1 RP a card"
    assert offered["C-moderate"] == "Moderate Clubs: a Club, raises 16 RP, 2 RP a card"


def test_declarations_follow_the_house_rules() -> None:
    """The texts read the options: a Severe threshold of 10 and Extreme face cards (RB-12, RB-13)."""
    offered = texts(rb_game(severe_min_rank=10, extreme=True, reward_severe=20))
    assert offered["H-severe"] == "Severe Hearts on own Cause: a Heart of 10 or more, 20 AP, 1 RP a card"
    assert offered["C-extreme"].startswith("Extreme Clubs: a Club Jack, Queen or King, raises 64 RP")


def test_a_drawn_card_that_fails_says_why() -> None:
    """RB-12: every miss is told in the log and on the screen, with the reason."""
    game = rb_game(cards={"p1/action": [["7S", "5H", "9S"]]})
    act(game, "S-severe", "draw", "draw")
    told = [e["text"] for e in events(game, "effect", "RB-12")]
    assert told == ["7 of Spades fails: a Spade below 8.", "5 of Hearts fails: not a Spade."]
    shown = screen(game, "p2")
    assert "p1's attempt: Severe illegal force (Spades) against the Cause." in shown
    assert "needs a Spade of 8 or more; earns 32 AP; costs 2 RP a card." in shown
    assert "7 of Spades: a Spade below 8" in shown and "5 of Hearts: not a Spade" in shown
    act(game, "draw")  # the 9 of Spades succeeds
    assert not [e for e in events(game, "effect", "RB-12") if "9 of Spades" in e["text"]]


def test_mild_misses_name_the_colour() -> None:
    game = rb_game(cards={"p1/action": [["7H", "KC"]]})
    act(game, "C-mild", "draw")
    assert events(game, "effect", "RB-12")[-1]["text"] == "7 of Hearts fails: not a black card."


def test_the_screen_shows_piles_resources_and_the_face_up_top_card() -> None:
    """RB-07: RP, Cause piles face down with any face-up top card, defeated cards, the Cause Deck."""
    game = rb_game(cause_cards=3, cards={"p1/cause-deck": [["KS", "2C", "3C"]], "p1/action": [["5H"]]})
    act(game, "H-moderate", "draw")  # 8 AP cannot beat the King: it stays face up
    shown = screen(game, "p2")
    assert "p1 5 3 cards, top face up: King of Spades 0 51" in shown
    assert "p2 (you) 6 3 face down 0 51" in shown
    assert "p2 to act: declare an action" in shown
    assert "2 of Clubs" not in shown and "3 of Clubs" not in shown  # still face down (RB-07)


def test_the_screen_hides_rivals_totals_when_they_are_closed() -> None:
    """RB-07 house rule: with closed totals a rival's RP and Cause size are "?"."""
    shown = screen(rb_game(open_totals=False), "p1")
    assert "p2 ? ? cards face down" in shown and "p1 (you) 6 3 face down" in shown


def test_a_number_never_means_draw_in_one_phase_and_pass_in_the_next() -> None:
    """A person typing the same number again: 1 is always "no attempt"/"stop", never "draw"."""
    game = rb_game(cards={"p1/action": [["5D"]]})
    declare = game.legal_actions("p1")
    act(game, "D-mild")
    drawing = game.legal_actions("p1")
    assert declare[0].id == "pass" and drawing[0].id == "stop" and drawing[1].id == "draw"
    act(game, "draw")  # success: p2 declares next
    assert game.legal_actions("p2")[1].id != "pass" and game.legal_actions("p2")[0].id == "pass"


def test_the_end_screen_after_the_turn_limit() -> None:
    """Issue 7: Game.view() after a turn-limit end raised IndexError; now it shows the result."""
    scenario = parse_scenario({"ruleset": "revolting-behaviour", "id": "x", "title": "x", "seats": ["p1", "p2"],
                               "setup": {"cause_cards": 3, "turn_limit": 1}})
    game = Game(scenario, seed=1, options={"first_turn_order": "seats"})
    act(game, "pass", "pass")
    assert game.result is not None and "turn limit" in game.result.reason
    for seat in ("p1", "p2", "umpire"):
        view = game.view(seat)
        assert view["state"]["acting"] is None and view["legal_actions"] == []
    assert "Game over: nobody won (the turn limit of 1 was reached)." in screen(game, "p1")


def test_the_use_of_action_points_says_how_many_and_what_they_do() -> None:
    """RB-18 house rule (use chosen after success): the choice names the points and their effect."""
    game = rb_game(cards={"p1/action": [["5S"]]}, declaration_fixes_use=False)
    act(game, "S-moderate", "draw")
    assert texts(game) == {"use-cause": "spend the 16 action points on own Cause (RB-20)",
                           "use-p2": "spend the 16 action points against p2: p2 loses 8 RP (RB-19)"}
    assert "16 action points to spend." in screen(game, "p1")


def test_the_end_screen_says_the_last_card_succeeded() -> None:
    """RB-13/RB-24: the card that won the game is shown as a success, never as "None"."""
    game = rb_game(cause_cards=1, cards={"p1/cause-deck": [["2C"]], "p1/action": [["4S"]]})
    act(game, "S-mild", "draw")  # a black card: 8 AP defeat p1's only Cause card
    assert game.result is not None and game.result.winners == ("p1",)
    shown = screen(game, "p2")
    assert "4 of Spades: succeeds" in shown and "None" not in shown
