"""The undo rule: a take-back stops where the dice fall (docs/architecture.md, "Undo").

Played through ``Game`` in each ruleset: a seat may take back its decisions until a die is rolled,
a card drawn, a random pick made or a hidden fact shown to anyone; past that, every seat must agree
(a bot never does, nor riotact in the umpire's chair), or the umpire takes it back.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from riotact.core import (
    UMPIRE,
    Action,
    Game,
    IllegalActionError,
    RulesetSpec,
    Scenario,
    State,
    Umpire,
    UndoRefusedError,
    find_scenario,
)
from riotact.core.bots import make_bot
from support import registered

BOT_P2 = {"p1": "human", "p2": "heuristic"}
PEOPLE = {"p1": "human", "p2": "human"}


def rb_game(rb_first_game: Scenario, players: dict[str, str]) -> Game:
    """RB-14: p1 declares first; his action pile deals a Joker first (RB-23 crackdown), then 5C."""
    return Game(rb_first_game, seed=7, options={"first_turn_order": "seats"}, players=players,
                cards={"p1/action": [["JOKER", "5C"]]})


def test_rb_a_drawn_joker_cannot_be_taken_back_to_declare_otherwise(rb_first_game: Scenario) -> None:
    """The issue's case: draw a Joker, undo, declare something else, and the same Joker comes."""
    game = rb_game(rb_first_game, BOT_P2)
    game.apply("p1", "D-mild")
    game.apply("p1", "draw")
    assert any(e["kind"] == "draw" and e["card"] == "JOKER" for e in game.log_for("p1"))
    before = list(game.log.lines())
    with pytest.raises(UndoRefusedError, match="you have seen 'p1 draws Joker") as refused:
        game.undo(game.take_back_count("p1"), seat="p1")
    assert refused.value.needs == () and "p2 (a bot)" in refused.value.why and "only the umpire" in refused.value.why
    assert list(game.log.lines()) == before  # a refusal changes nothing
    assert game.undo_refusal(2, seat="p1") is not None


def test_rb_a_declaration_is_taken_back_before_the_first_draw(rb_first_game: Scenario) -> None:
    game = rb_game(rb_first_game, BOT_P2)
    before = list(game.log.lines())
    game.apply("p1", "D-mild")
    assert game.undo_refusal(seat="p1") is None
    game.undo(seat="p1")
    assert list(game.log.lines()) == before
    game.apply("p1", "H-mild")  # he declares something else, and nothing he saw told him the next card


def test_rb_people_may_agree_to_take_back_a_seen_draw(rb_first_game: Scenario) -> None:
    """Two people at the table: p2 must agree; with his agreement the take-back is made."""
    game = rb_game(rb_first_game, PEOPLE)
    game.apply("p1", "D-mild")
    game.apply("p1", "draw")
    refusal = game.undo_refusal(2, seat="p1")
    assert refusal is not None and refusal.needs == ("p2",) and "agreement of p2" in refusal.why
    game.undo(2, seat="p1", agreed=["p2"])
    assert game.decisions == []


def test_rb_another_persons_reply_needs_his_agreement(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=7, options={"first_turn_order": "seats"}, players=PEOPLE)
    game.apply("p1", "pass")
    game.apply("p2", "D-mild")
    with pytest.raises(UndoRefusedError, match="takes back decisions of p2") as refused:
        game.undo(2, seat="p1")
    assert refused.value.needs == ("p2",)
    game.undo(2, seat="p1", agreed=["p2"])
    assert game.decisions == []


def test_a_bots_reply_is_taken_back_only_with_ones_own_decision(rb_first_game: Scenario) -> None:
    """p1 may not take back just the bot's reply (and so re-roll its choice): only from his own decision."""
    game = Game(rb_first_game, seed=7, options={"first_turn_order": "seats"},
                players={"p1": "human", "p2": "random"})
    game.apply("p1", "pass")
    game.apply("p2", "D-mild")
    with pytest.raises(UndoRefusedError, match="the first decision to take back is p2's \\(a bot\\)"):
        game.undo(1, seat="p1")
    game.undo(game.take_back_count("p1"), seat="p1")
    assert game.decisions == []


def test_the_umpire_may_take_back_anything(rb_first_game: Scenario) -> None:
    """The umpire's power (riotact's own tools, or a person in the umpire's chair): the seeded
    game then deals the very same Joker again."""
    game = rb_game(rb_first_game, BOT_P2)
    game.apply("p1", "D-mild")
    game.apply("p1", "draw")
    drawn = list(game.log.lines())
    game.undo(2, seat=UMPIRE)
    game.apply("p1", "D-mild")
    game.apply("p1", "draw")
    assert list(game.log.lines()) == drawn


@pytest.mark.parametrize("ruleset", ["rb", "bwa", "bon"])
def test_a_person_in_the_umpires_chair_of_a_ruleset_without_that_seat_agrees_alone(
        rb_first_game: Scenario, ruleset: str) -> None:
    """The chair named in the players (RB, BWA, BON have no ``umpire`` seat): past a card or a roll
    both people saw, the umpire's agreement alone takes it back (docs/architecture.md, "Undo")."""
    if ruleset == "rb":
        game = Game(rb_first_game, seed=7, options={"first_turn_order": "seats"},
                    players={**PEOPLE, UMPIRE: "human"}, cards={"p1/action": [["JOKER", "5C"]]})
        game.apply("p1", "D-mild")
        game.apply("p1", "draw")
        asker = "p1"
    else:
        ref = {"bwa": "by-will-alone/ministry-sit-in", "bon": "breaking-of-nations/trench-raid"}[ruleset]
        scenario = find_scenario(ref)
        game = Game(scenario, seed=7, players={**dict.fromkeys(scenario.seats, "human"), UMPIRE: "human"})
        bots = {s: make_bot("random", game, s) for s in game.seats}
        rolled: list[dict[str, Any]] = []
        while not any(e["kind"] == "roll" for e in rolled):  # until a decision brings a roll
            asker = game.to_act()[0]
            rolled = game.apply(asker, bots[asker].choose(None, game.legal_actions(asker)))
    count = game.take_back_count(asker)
    assert game.undo_refusal(count, seat=asker, agreed=[UMPIRE]) is None
    refusal = game.undo_refusal(count, seat=asker)
    assert refusal is not None and refusal.needs == (UMPIRE,)
    made = len(game.decisions)
    game.undo(count, seat=asker, agreed=[UMPIRE])
    assert len(game.decisions) == made - count


def test_a_refusal_tells_nothing_of_the_umpires_hidden_message() -> None:
    """CD night-of-fires, both seats and the chair people: after the commander's first decision the
    umpire messages the fire chief in one game and not in the other. The commander may not know of
    the message (it is the fire chief's), so his refusal reads the same in both games."""
    def refusal(message: bool) -> tuple[str, tuple[str, ...]]:
        game = Game(find_scenario("civil-disorder/night-of-fires"), seed=7,
                    players={"commander": "human", "fire": "human", UMPIRE: "human"})
        game.apply("commander", "pass")
        if message:
            game.intervene("message", to="fire", text="Smoke to the east.")
        assert not message or "Smoke to the east" in game.log_for("fire")[-1]["text"]
        refused = game.undo_refusal(game.take_back_count("commander"), seat="commander")
        assert refused is not None
        return refused.why, refused.needs

    assert refusal(True) == refusal(False)
    assert refusal(True)[1] == (UMPIRE,) and "fire" not in refusal(True)[0]


def test_refusals_cross_process_boundaries_and_name_the_asking_seat(rb_first_game: Scenario) -> None:
    game = rb_game(rb_first_game, BOT_P2)
    with pytest.raises(UndoRefusedError, match="no decision has been made yet"):
        game.undo(seat="p1")
    game.apply("p1", "D-mild")
    with pytest.raises(IllegalActionError, match="there is no seat 'p9'"):
        game.undo(seat="p9")
    error = UndoRefusedError("p1", "p2 has seen something new since", ("p2",))
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.needs) == (UndoRefusedError, str(error), ("p2",))


def test_bwa_orders_carried_out_stand() -> None:
    """BWA-18: once the nonviolent side has seen its orders carried out (units moved, activation
    dice rolled), its orders stand; while it is still giving them, an order is taken back freely."""
    game = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=5,
                players={"nonviolent": "human", "authority": "heuristic"})
    game.apply("nonviolent", "students:sit")
    assert game.undo_refusal(seat="nonviolent") is None
    game.undo(seat="nonviolent")
    bots = {s: make_bot("heuristic", game, s) for s in game.seats}
    while True:
        seat = game.to_act()[0]
        events = game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        if seat == "nonviolent" and any(e["kind"] == "roll" and "activation" in e["text"] for e in events):
            break
    with pytest.raises(UndoRefusedError, match=r"you have seen '.*' since.*authority \(a bot\)"):
        game.undo(seat="nonviolent")


@pytest.mark.parametrize(("scenario", "sighted"), [("ministry-sit-in", "N2 at b00 is sighted: it is Clergy"),
                                                  ("village-bulldozer", "N1 at house-n is sighted: it is a dummy")])
def test_bwa_a_counter_sighted_by_a_move_ends_the_take_back(scenario: str, sighted: str) -> None:
    """BWA-11 hidden counters: an authority move that sights a counter, with no die rolled, shows
    what was hidden (a real unit, or a dummy); the authority may not take the move back to use it."""
    game = Game(find_scenario(f"by-will-alone/{scenario}"), seed=1,
                players={"nonviolent": "human", "authority": "human"})
    bots = {s: make_bot("heuristic", game, s) for s in game.seats}
    while not any(sighted in e["text"] for e in game.log.events):
        seat = game.to_act()[0]
        events = game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert seat == "authority" and not [e for e in events if e["kind"] == "roll"]
    refusal = game.undo_refusal(1, seat="authority")
    assert refusal is not None and refusal.why.startswith("you have seen '")
    assert refusal.needs == ("nonviolent",)  # two people: with the nonviolent player's word, it may go


def test_cd_the_umpires_hidden_dice_end_the_take_back() -> None:
    """CD-01/CD-20: the crowds' dice are rolled behind the screen, but the commander sees the RL
    marker they move. Once the turn is resolved, no SF player takes his orders back (riotact, in
    the umpire's chair, does not agree), nor his team-mate sub1, who saw nothing, to let the
    commander replay what he saw; before that, orders are taken back freely."""
    game = Game(find_scenario("civil-disorder/embassy-protest"), seed=5,
                players={"commander": "human", "sub1": "human"})
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    game.undo(2, seat="commander")
    for seat, action in [("commander", "pass"), ("commander", "stay"), ("sub1", "pass"), ("sub1", "stay")]:
        game.apply(seat, action)
    assert not [e for e in game.log_for("commander") if e["kind"] == "roll"]  # he saw no die himself
    with pytest.raises(UndoRefusedError, match=r"you have seen \"Crowd C's RL marker now shows.*riotact as umpire"):
        game.undo(game.take_back_count("commander"), seat="commander")
    with pytest.raises(UndoRefusedError, match="others at the table may have seen what it takes back") as refused:
        game.undo(game.take_back_count("sub1"), seat="sub1", agreed=["commander"])
    assert "commander" not in refused.value.why  # whose sight it is, is not told


def test_the_refusal_quotes_what_the_asking_seat_saw(rb_first_game: Scenario) -> None:
    """p2 asks after his own draw, which the bot p1 saw too: the refusal tells p2 of his own draw."""
    game = Game(rb_first_game, seed=7, options={"first_turn_order": "seats"},
                players={"p1": "heuristic", "p2": "human"})
    game.apply("p1", "pass")
    game.apply("p2", "D-mild")
    game.apply("p2", "draw")
    with pytest.raises(UndoRefusedError, match="you have seen 'p2 draws"):
        game.undo(game.take_back_count("p2"), seat="p2")


@pytest.mark.parametrize("ref", ["revolting-behaviour/first-game", "revolting-behaviour/four-players",
                                 "by-will-alone/ministry-sit-in", "by-will-alone/night-of-barricades",
                                 "civil-disorder/embassy-protest", "civil-disorder/high-street-riot"])
def test_no_seat_takes_back_a_decision_after_seeing_its_dice(ref: str) -> None:
    """Random play with people in every seat: after each decision, if its seat saw a roll, a draw or
    a random pick come of it, the seat cannot take it back alone, and the refusal quotes nothing it
    may not see; whatever may be taken back comes back exactly as it was; the umpire may always take
    it back."""
    from riotact.core.bots import RandomBot, bot_rng
    from riotact.core.log import visible

    def chance(event: dict[str, object]) -> bool:  # a roll, a card, a random order or pick
        return event["kind"] in ("roll", "draw") or "order" in event or "choice" in event

    scenario = find_scenario(ref)
    game = Game(scenario, seed=21, players=dict.fromkeys(scenario.seats, "human"))
    bots = {s: RandomBot(s, bot_rng(21, s)) for s in game.seats}
    free = guarded = 0
    for _ in range(40):
        if game.is_over():
            break
        seat = game.to_act()[0]
        action = bots[seat].choose(None, game.legal_actions(seat))
        before = list(game.log.lines())
        events = game.apply(seat, action)
        refusal = game.undo_refusal(seat=seat)
        if any(chance(e) and visible(e, seat) for e in events):
            assert refusal is not None and "you have seen" in refusal.why
        if refusal is not None:  # a refusal quotes nothing the seat may not see
            assert not [e for e in game.log.events if not visible(e, seat) and e["text"] in refusal.why]
        free, guarded = free + (refusal is None), guarded + (refusal is not None)
        if refusal is None or refusal.needs:  # taken back freely, or with everyone's agreement
            game.undo(seat=seat, agreed=refusal.needs if refusal else ())
            assert list(game.log.lines()) == before
            game.apply(seat, action)
        assert game.undo_refusal(seat=UMPIRE) is None
    assert free and guarded


def test_cd_a_person_in_the_umpires_chair_may_allow_a_take_back() -> None:
    """CD-01: with a person as umpire, the commander's take-back past the crowds' dice needs the
    umpire's word, and his alone is enough (it takes back the fire chief's decisions too: the
    umpire weighs that, the refusal names only him)."""
    game = Game(find_scenario("civil-disorder/night-of-fires"), seed=4,
                players={"commander": "human", "fire": "human", "umpire": "human"})
    bots = {s: make_bot("random", game, s) for s in game.seats}
    while not game.decisions or game.decisions[-1][0] != "umpire":  # until the umpire has run the crowds
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    count = game.take_back_count("commander")
    refusal = game.undo_refusal(count, seat="commander")
    assert refusal is not None and "you have seen '" in refusal.why
    assert refusal.needs == ("umpire",)
    made = len(game.decisions)
    game.undo(count, seat="commander", agreed=["umpire"])
    assert len(game.decisions) == made - count



# -- what a seat sees only in its view: two test-only rulesets that tell nothing in the log ------

class SilentTable(State):
    """A seat may roll a die behind the screen (the total shows only in p1's view), turn up a card
    dealt face down at the start (shown in every view), or pass. Nothing is logged to anyone."""

    def __init__(self, scenario: Scenario, options: dict[str, Any], umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.card = str(umpire.choose("ST-01", ["ace", "king", "queen"], purpose="the face-down card",
                                      visible_to=[]))
        self.total, self.turned, self.turn = 0, False, 0

    def to_act(self) -> tuple[str, ...]:
        return (self.seats[self.turn % 2],)

    def legal_actions(self, seat: str) -> list[Action]:
        return [Action("roll", "roll behind the screen"), Action("turn", "turn up the card"), Action("pass", "pass")]

    def apply(self, seat: str, action: Action) -> None:
        if action.id == "roll":
            self.total += self.umpire.roll_total("ST-02", seat, 1, 6, purpose="the screen", visible_to=[]).total
        self.turned = self.turned or action.id == "turn"
        self.turn += 1

    def view(self, seat: str) -> dict[str, Any]:
        return {"total": self.total if seat == "p1" else None, "card": self.card if self.turned else None}

    def plant_sentinels(self) -> None:
        self.card = f"SENTINEL-{self.card}"

    def hidden_tokens(self, seat: str) -> set[str]:
        return set() if self.turned or not self.card.startswith("SENTINEL") else {self.card}


SILENT = RulesetSpec("silent-table", "ST", "Silent table", "A test-only ruleset that tells only views.", SilentTable)


@pytest.mark.parametrize(("action", "words"), [("roll", "what came of dice rolled out of your sight"),
                                               ("turn", "something that was hidden from you")])
def test_what_shows_only_in_a_view_ends_the_take_back(monkeypatch: pytest.MonkeyPatch, action: str,
                                                      words: str) -> None:
    """No event tells p1 the hidden die or the turned card, but his view does: still news."""
    game = Game(registered(monkeypatch, SILENT), seed=3, players={"p1": "human", "p2": "heuristic"})
    assert game.undo_refusal(seat="p1") is not None  # nothing to take back yet
    game.apply("p1", "pass")
    game.undo(seat="p1")  # a pass shows nothing
    game.apply("p1", action)
    assert not [e for e in game.log_for("p1") if e["kind"] != "decision"]
    with pytest.raises(UndoRefusedError, match=words):
        game.undo(seat="p1")


def test_checking_a_take_back_never_asks_for_dice_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice typed by hand: the undo rule re-plays what happened without asking the table again."""
    from riotact.core import ManualDice

    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return "5"

    game = Game(registered(monkeypatch, SILENT), seed=3, dice=ManualDice(answer), hidden_dice=False,
                players={"p1": "human", "p2": "human"})  # the hidden die typed too, as by an umpire
    for seat, action in [("p1", "pass"), ("p2", "pass"), ("p1", "roll")]:
        game.apply(seat, action)
    assert len(asked) == 1
    refusal = game.undo_refusal(2, seat="p2")  # p2 saw nothing; p1 saw his total in his view
    assert refusal is not None and refusal.needs == ("p1",) and len(asked) == 1


class BlindTable(SilentTable):
    """The silent table with the screen's total shown to nobody: p1's roll shows him nothing."""

    def view(self, seat: str) -> dict[str, Any]:
        return {"total": None, "card": self.card if self.turned else None}


BLIND = RulesetSpec("blind-table", "BT", "Blind table", "A test-only ruleset that shows p1 nothing.", BlindTable)


def test_a_refusal_never_tells_that_another_seat_saw_something(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19/20, nobody in the umpire's chair: p2 asks to take back his pass and p1's roll behind
    the screen. In one game p1 saw the total in his view, in its twin nobody did; p2 cannot tell the
    two apart, so his refusal reads the same in both (it needs p1's agreement either way)."""
    def refusal(spec: RulesetSpec) -> tuple[str, tuple[str, ...]]:
        game = Game(registered(monkeypatch, spec), seed=3, players={"p1": "human", "p2": "human"})
        for seat, action in [("p1", "pass"), ("p2", "pass"), ("p1", "roll")]:
            game.apply(seat, action)
        assert game.view("p2")["state"] == {"total": None, "card": None}
        refused = game.undo_refusal(game.take_back_count("p2"), seat="p2")
        assert refused is not None
        return refused.why, refused.needs

    saw, blind = refusal(SILENT), refusal(BLIND)
    assert saw == blind
    assert saw[1] == ("p1",) and "seen" not in saw[0]
