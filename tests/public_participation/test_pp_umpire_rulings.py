"""The umpire's live rulings on the seed's judgement calls (PP-02 gap), through the core's powers
(``Game.umpire_powers()`` / ``Game.intervene``): a person in the chair rules; where he has not, the
scenario's values and the gap defaults stand. Played through ``Game`` with scripted dice."""

from __future__ import annotations

import pytest

from public_participation import pp_support
from public_participation.pp_support import ch, do, finish, pos, rolls, texts, to_phase, wall
from riotact.core import Game, IllegalActionError

SEATS = ["red", "blue", "umpire"]
HEDGE = wall("hedge", [(0, 9), (30, 9), (30, 9.5), (0, 9.5)], cover=True, name="the hedge")


def game(chars: list[dict], *, dice: list[int] | None = None, seats=SEATS, **kw):
    return pp_support.game(chars, dice=None if dice is None else [*dice, *[6] * 30], seats=seats, **kw)


def mods(event: dict) -> list[tuple[int, str]]:
    return [(m["value"], m["reason"]) for m in event["modifiers"]]


def rifle_shot(g) -> dict:
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    return rolls(g, "PP-10")[0]


def test_the_pp_rulings_are_offered_to_the_umpire_with_the_generic_powers():
    g = game([ch("R1", "red", (5, 2)), ch("B1", "blue", (5, 10))])
    names = {p["name"]: p for p in g.umpire_powers()}
    assert {"cover", "obstacle", "fright", "risky", "nerve", "melee", "message", "override"} <= set(names)
    assert names["cover"]["rule"] == "PP-11" and [a["name"] for a in names["cover"]["args"]] == [
        "feature", "kind", "reason"]


@pytest.mark.parametrize(("ruling", "factor"), [(None, (-1, "target in cover (the hedge)")),
                                                ("heavy", (-2, "target in heavy cover (the hedge)")),
                                                ("none", None)])
def test_pp11_the_umpire_rules_the_hedge_heavy_cover_or_no_cover(ruling, factor):
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 10))], features=[HEDGE], dice=[1])
    if ruling:
        g.intervene("cover", feature="hedge", kind=ruling, reason="a thick thorn hedge")
        assert f"The umpire rules the hedge {'heavy cover (-2' if ruling == 'heavy' else 'no cover'}" in \
            texts(g, "blue")
    cover = [m for m in mods(rifle_shot(g)) if "cover" in m[1]]
    assert cover == ([factor] if factor else [])
    assert g.view("red")["state"]["table"]["features"][0]["cover"] == {"heavy": "heavy", "none": ""}.get(
        ruling or "", "light")


def test_pp06_the_umpire_rules_a_low_wall_difficult_and_a_walk_over_it_is_out_of_reach():
    low = wall("low", [(0, 8), (30, 8), (30, 8.5), (0, 8.5)], obstacle="most", name="the low wall")
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[low])
    g.clone().apply("red", "move:R1:5.0,11.5")  # 6.5" + 1": a run (PP-03)
    g.intervene("obstacle", feature="low", kind="really_difficult", reason="it is topped with glass")
    assert "out of reach: 6.5\" with the low wall (+5\", PP-06)" in g.why_illegal("red", "move:R1:5.0,11.5")
    g.apply("red", "move:R1:5.0,9.0")  # 4" + 5" = 9": a run
    assert "runs 4.0\" over the low wall" in texts(g, "red")
    with pytest.raises(IllegalActionError, match="obstacle class must be one of"):
        g.intervene("obstacle", feature="low", kind="very_hard", reason="x")


def test_pp38_the_umpire_gives_the_bear_a_fright_value_of_2_and_a_morale_throw_takes_it():
    """A missed shot tests B1; the bear (an NPC of the umpire's) is 5" from him."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 10)),
              ch("BEAR", "umpire", (9, 13), side="wild", fright=1)], dice=[1, 6])
    g.intervene("fright", character="BEAR", value=2, reason="it stands up and roars")
    assert "The umpire rules BEAR's Fright Value 2" in texts(g, "blue")
    rifle_shot(g)
    finish(g)
    throw = next(r for r in rolls(g, "PP-39") if r["who"] == "B1")
    assert (-2, "Fright Value of BEAR within 9\"") in mods(throw)


def test_pp38_a_fright_ruling_reaches_only_the_seats_that_see_the_scary_thing():
    house = wall("house", [(14, 0), (16, 0), (16, 30), (14, 30)], building=True)
    g = game([ch("R1", "red", (5, 2)), ch("B1", "blue", (25, 10)), ch("BEAR", "umpire", (9, 13), side="wild")],
             features=[house])
    g.intervene("fright", character="BEAR", value=3, reason="a grizzly")
    assert "BEAR's Fright Value 3" in texts(g, "red") and "BEAR" not in texts(g, "blue")


def test_pp46_pp47_the_umpire_rules_the_stream_risky_oh_mummy_and_crossing_it_needs_nerve():
    stream = wall("stream", [(0, 7), (30, 7), (30, 8), (0, 8)], name="the stream")
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[stream], dice=[6])
    g.intervene("risky", feature="stream", act="wade the flood", danger="oh_mummy", etc=1, reason="in spate")
    assert "crossing the stream risky: 'wade the flood' needs a nerve test (PP-46), oh mummy, Etc +1" in \
        texts(g, "blue")
    g.apply("red", "move:R1:5.0,9.0")
    nerve = rolls(g, "PP-46")[0]
    assert mods(nerve) == [(-3, "'Oh Mummy'"), (1, "the umpire's judgement (Etc)")] and nerve["total"] == 4
    assert pos(g, "R1") == (5.0, 5.0)  # 4 fails: he does not cross (PP-48)


def test_pp46_the_umpire_rules_a_scenarios_risky_fence_safe_and_no_nerve_is_asked():
    fence = wall("fence", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="climb the fence", name="the fence")
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[fence])
    g.intervene("risky", feature="fence", act="none", reason="the gate is open")
    g.apply("red", "move:R1:5.0,9.0")
    assert not rolls(g, "PP-46") and pos(g, "R1") == (5.0, 9.0)


def test_pp47_the_umpires_etc_factor_counts_in_the_next_nerve_test_only_and_shows_only_in_that_roll():
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap", name="the gap")
    chars = [ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))]
    ruled = game(chars, features=[gap], dice=[6, 6, 6], moves=2)
    plain = game(chars, features=[gap], dice=[6, 6, 6], moves=2)
    ruled.intervene("nerve", character="R1", modifier=-2, reason="his knee is bad")
    assert ruled.log_for("red") == plain.log_for("red") and ruled.log_for("blue") == plain.log_for("blue")
    ruled.apply("red", "move:R1:5.0,9.0")
    nerve = rolls(ruled, "PP-46")[0]
    assert mods(nerve) == [(-2, "the umpire's ruling (Etc): his knee is bad")] and nerve["total"] == 4
    assert pos(ruled, "R1") == (5.0, 5.0)
    to_phase(ruled, "moving", move=2)
    do(ruled, "move:R1:5.0,9.0")
    assert mods(rolls(ruled, "PP-46")[1]) == [(-1, "failed before")]


def test_pp23_the_umpire_pairs_the_fighters_of_a_knot_instead_of_the_default_split():
    """A1 touches B1 and B2, A2 touches B2 (not N to one). By default A1 fights B1 (lowest ids);
    the umpire rules A1 against B2, and A2 and B1, each touching only a man already fighting, stand by."""
    chars = [ch("A1", "red", (5, 5)), ch("A2", "red", (7.4, 5)), ch("B1", "blue", (5, 6.2)),
             ch("B2", "blue", (6.2, 5))]
    g = game(chars, dice=[3] * 8)
    finish(g)
    assert {r["text"].split(" fighting ")[1].split(" (")[0] for r in rolls(g, "PP-21") if r["who"] == "A1"} == {"B1"}
    g = game(chars, dice=[3] * 8)
    to_phase(g, "speaking")
    g.intervene("melee", character="A1", foe="B2", reason="he went for the bigger man")
    assert "The umpire rules that A1 and B2 fight each other this move" in texts(g, "red")
    finish(g)
    a1 = [r for r in rolls(g, "PP-21") if r["who"] == "A1"]
    assert {r["text"].split(" fighting ")[1].split(" (")[0] for r in a1} == {"B2"}
    with pytest.raises(IllegalActionError, match="are not foes in contact"):
        game(chars).intervene("melee", character="A1", foe="A2", reason="x")


def test_without_an_umpire_in_the_chair_the_defaults_stand_and_no_ruling_is_taken():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 10))], features=[HEDGE], dice=[1],
             seats=["red", "blue"])
    assert g.umpire_powers() == []
    with pytest.raises(IllegalActionError, match="nobody holds the umpire's chair"):
        g.intervene("cover", feature="hedge", kind="heavy", reason="x")
    assert (-1, "target in cover (the hedge)") in mods(rifle_shot(g))


def test_a_ruling_on_an_unknown_feature_is_refused_in_one_line_and_changes_nothing():
    g = game([ch("R1", "red", (5, 2)), ch("B1", "blue", (5, 10))], features=[HEDGE])
    before = len(g.log.events)
    with pytest.raises(IllegalActionError, match="'barn' is not a feature of the table") as refused:
        g.intervene("cover", feature="barn", kind="heavy", reason="x")
    assert "\n" not in str(refused.value) and len(g.log.events) == before


def test_rulings_are_replayed_from_the_log_and_taken_back_with_undo():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 10))], features=[HEDGE], seed=3)
    g.intervene("cover", feature="hedge", kind="heavy", reason="stone under the leaves")
    clone = g.clone()
    g.undo(seat="umpire")
    def hedge(game: Game) -> str:
        return next(f for f in game.view("umpire")["state"]["table"]["features"] if f["id"] == "hedge")["cover"]

    assert hedge(g) == "light" and hedge(clone) == "heavy"


def test_menus_after_undo_and_in_clones_are_worked_out_afresh_not_from_a_cache():
    """The move menu and sight after a take-back equal those before the move; a clone's equal the
    original's (no cache keyed on how long the log is)."""
    chars = [ch("R1", "red", (5, 5)), ch("B1", "blue", (12, 5)), ch("B2", "blue", (5, 12))]
    g = game(chars, seed=2)
    g.players = {"red": "human", "blue": "human", "umpire": "human"}
    before = [a.id for a in g.legal_actions("red")]
    g.apply("red", "move:R1:9.0,5.0")
    clone = g.clone()
    assert [a.id for a in clone.legal_actions("blue")] == [a.id for a in g.legal_actions("blue")]
    g.undo(seat="umpire")
    assert [a.id for a in g.legal_actions("red")] == before
    assert g.view("blue")["state"]["sight"] == game(chars, seed=2).view("blue")["state"]["sight"]
