"""CD-01 / CD-03 with dice typed by hand: Game Control's dice are the umpire's. Without a person in
the umpire's chair riotact rolls them from the seed (and a save replays them from it); with one,
that person types them."""

from __future__ import annotations

from riotact.core import Game, ManualDice, find_scenario
from riotact.core.log import UMPIRE


def hand(prompts: list[str], face: str = "3") -> ManualDice:
    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return face

    return ManualDice(ask, tell=lambda problem: None)


def play_turn(game: Game) -> None:
    while game.to_act() and game.umpire.turn == 1:
        seat = game.to_act()[0]
        legal = {a.id for a in game.legal_actions(seat)}
        game.apply(seat, next(i for i in ("pass", "stay", "proceed") if i in legal))


def test_cd01_solo_play_with_manual_dice_never_asks_for_game_control_rolls(tmp_path):
    """Solo, ``--dice manual``: the police player is never asked to roll the umpire's hidden dice
    (RL State Chart, crowd movement...); riotact rolls them from the seed, exactly as a seeded
    game, and the saved game replays and undoes without asking again."""
    scenario = find_scenario("civil-disorder/embassy-protest")
    prompts: list[str] = []
    game = Game(scenario, seed=11, dice=hand(prompts))
    seeded = Game(scenario, seed=11)
    play_turn(game)
    play_turn(seeded)
    assert prompts == []
    assert any(e["kind"] == "roll" and e["visible_to"] == [] for e in game.log.events)
    assert game.log.events == seeded.log.events
    assert game.log.header["hidden_dice"] == "seeded"
    path = tmp_path / "solo.jsonl"
    game.save(path)
    again = Game.load(path, live_dice=hand(prompts))
    assert again.log.events == game.log.events
    assert Game.load(path).log.events == game.log.events  # replay needs no live dice at all
    again.undo(seat=UMPIRE)
    assert prompts == []


def test_cd03_with_a_person_in_the_umpire_chair_that_person_types_the_hidden_dice():
    """With a human ``umpire`` seat the hidden rolls are the umpire's to make: each prompt says
    so, and the faces typed are the ones in the log."""
    scenario = find_scenario("civil-disorder/embassy-protest")
    data = dict(scenario.data, seats=[*scenario.seats, UMPIRE])
    from riotact.core import parse_scenario

    chaired = parse_scenario(data, "chaired.toml")
    prompts: list[str] = []
    game = Game(chaired, seed=11, dice=hand(prompts, "2"))
    play_turn(game)
    assert prompts and all("the umpire's hidden roll" in p for p in prompts)
    hidden = [e for e in game.log.events if e["kind"] == "roll" and e["visible_to"] == []]
    assert hidden and all(set(e["dice"]) == {2} for e in hidden)
    assert "hidden_dice" not in game.log.header
