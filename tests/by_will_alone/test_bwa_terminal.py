"""Playing By Will Alone at the terminal (issue 7, BWA item 7), through ``Game`` and the terminal
table as a person uses them: numbers that stay put in a step, ``done`` typed ahead, one-match
search, the ``view`` command, unit letters, names in one's own log, reactions that avoid a clash."""

from __future__ import annotations

import io
import re

from rich.console import Console

from riotact.cli.play import TerminalTable
from riotact.core import find_scenario
from riotact.core.game import Game
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset

SIT_IN = "by-will-alone/ministry-sit-in"


def table(answers: list[str], seed: int = 3) -> tuple[TerminalTable, io.StringIO]:
    game = Game(find_scenario(SIT_IN), seed=seed)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    typed = iter(answers)
    return TerminalTable(game, {"nonviolent": "human", "authority": "heuristic"}, console,
                         lambda prompt: next(typed), None), out


def decisions(game: Game) -> list[str]:
    return [action for seat, action in game.decisions if seat == "nonviolent"]


def test_action_numbers_stay_put_within_a_step() -> None:
    """Numbers read from the first list of the step still mean the same actions after other orders."""
    first = Game(find_scenario(SIT_IN), seed=3).legal_actions("nonviolent")
    picks = [first[0], next(a for a in first if a.id.startswith("unions:")),
             next(a for a in first if a.id.startswith("clergy:"))]
    answers = [str(first.index(a) + 1) for a in picks] + ["done", "quit", "yes"]
    tt, _ = table(answers)
    tt.run()
    assert decisions(tt.game)[:4] == [a.id for a in picks] + ["done"]


def test_a_number_no_longer_on_offer_is_refused_with_a_reason() -> None:
    tt, out = table(["1", "1", "quit", "yes"])
    tt.run()
    assert decisions(tt.game) == [Game(find_scenario(SIT_IN), seed=3).legal_actions("nonviolent")[0].id]
    assert "No action has number 1 now" in out.getvalue()


def test_a_search_with_one_match_is_taken_and_view_shows_the_screen() -> None:
    tt, out = table(["view", "clergy sit", "quit", "yes"])
    tt.run()
    assert decisions(tt.game) == ["clergy:sit"]
    text = out.getvalue()
    assert text.count("Map, north up") >= 2 and '"map"' not in text


def test_done_typed_ahead_ends_only_this_step(bwa) -> None:
    """BWA-01: after the last unit's order the seat still ends its orders itself, so a 'done' typed
    ahead of the next step's list cannot end that step with nothing ordered."""
    g = bwa.game([bwa.nv("n", "w0", quality="veteran"), bwa.auth("a", "o5")], [6, 6, 6, 6, 6])
    g.apply("nonviolent", "n:barricade")
    assert g.to_act() == ("nonviolent",) and [a.id for a in g.legal_actions("nonviolent")] == ["done"]
    g.apply("nonviolent", "done")
    assert g.view("nonviolent")["state"]["step"] == 2 and g.to_act() == ("nonviolent",)
    assert "n:sit" in {a.id for a in g.legal_actions("nonviolent")}


def test_map_symbols_are_not_unit_letters() -> None:
    """Letters label units (A, B.. yours): a building is '^', not 'B'."""
    for scenario in builtin_scenarios(get_ruleset("by-will-alone")):
        game = Game(scenario, seed=3)
        view = game.view("nonviolent")
        screen = game.spec.text_view(view)
        for kind in {f["kind"] for f in view["state"]["map"]["features"]} - {"intersection"}:
            glyphs = re.findall(rf"(\S) {kind}(?=  |$)", screen, re.M)  # the key: "^ building  "
            assert glyphs and not any(g.isalpha() for g in glyphs), (scenario.id, kind, glyphs)
    game = Game(find_scenario(SIT_IN), seed=3)
    screen = game.spec.text_view(game.view("nonviolent"))
    assert "^b10J" in screen and "B building" not in screen and "^ building" in screen


def test_own_hidden_unit_is_named_in_its_own_log(bwa) -> None:
    """BWA-11: the owner reads its hidden unit's name with its counter; the other side only the counter."""
    g = bwa.game([bwa.nv("h", "o4", hidden=True), bwa.auth("a", "e6")], [4, 4, 4, 4, 4])
    bwa.orders(g, "nonviolent", "h:barricade")
    mine = " ".join(e["text"] for e in g.log_for("nonviolent"))
    theirs = " ".join(e["text"] for e in g.log_for("authority"))
    assert "h (h, counter N1) rolls 1D6 for activation" in mine
    assert "h (h, counter N1) builds a barricade" in mine
    assert "h (h" not in theirs


def test_reactions_say_which_avoid_the_confrontation(bwa) -> None:
    """BWA-27: Shadow and Withdraw avoid the confrontation; Hold, Sit Down, Slow Move are confronted."""
    g = bwa.game([bwa.nv("n", "m2"), bwa.auth("a", "x1")], [], options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    texts = {a.id.split(":")[1]: a.text for a in g.legal_actions("nonviolent")}
    assert texts["hold"] == "n: hold (no activation; then confronted)"
    assert texts["sit"] == "n: sit down (activation +2; then confronted)"
    assert texts["withdraw"].endswith("(activation +2; avoids the confrontation)")
    assert texts["shadow"].endswith("(activation; avoids the confrontation)")
    kinds = [a.id.split(":")[1] for a in g.legal_actions("nonviolent")]
    assert kinds == sorted(kinds, key=["hold", "sit", "slow", "shadow", "withdraw", "dismount"].index)


def test_own_hidden_unit_moves_by_name_in_its_own_log(bwa) -> None:
    """BWA-11: the other side reads a counter's move word for word as a dummy's; the owner reads its
    unit (and its dummy as a dummy)."""
    g = bwa.game([bwa.nv("h", "o4", hidden=True), bwa.auth("a", "e6")], [],
                 dummies=[{"side": "nonviolent", "feature": "o5"}])
    hidden, dummy = sorted(c["counter"] for c in g.view("authority")["state"]["counters"])
    label = {u["feature"]: u["counter"] for u in g.view("nonviolent")["state"]["units"] if "counter" in u}
    bwa.orders(g, "nonviolent", f"{label['o5']}:move:o3", "h:move:o1")
    mine = [e["text"] for e in g.log_for("nonviolent")]
    theirs = [e["text"] for e in g.log_for("authority")]
    assert f"h (h, counter {label['o4']}) moves from o4 to o1." in mine
    assert f"Dummy counter {label['o5']} moves from o5 to o3." in mine
    assert f"Counter {label['o4']} moves from o4 to o1." in theirs
    assert f"Counter {label['o5']} moves from o5 to o3." in theirs
    assert not any("h (h" in t or "Dummy" in t for t in theirs)
    assert {hidden, dummy} == set(label.values())
