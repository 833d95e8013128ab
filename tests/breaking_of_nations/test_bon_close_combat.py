"""Close combat on the D6 (BON-031..035, BON-054, BON-114) and charging (BON-017), through ``Game``."""

from __future__ import annotations

from breaking_of_nations.bon_support import do, feature, game, ids, model, texts, unit

FAR_RED, FAR_BLUE = (2, 2), (46, 47)


def contact(dice: list[int], *, red: dict | None = None, blue: dict | None = None, features=(), extra=()):
    """A.2 (facing east) touches x.2 (facing west); red acts first."""
    g = game([unit("A", "red", FAR_RED, (10, 10), **({"facing": 90} | (red or {}))),
              unit("x", "blue", FAR_BLUE, (11, 10), *extra, **({"facing": 270} | (blue or {})))],
             dice=[1, 2, *dice], features=list(features))
    do(g, "activate:A")
    return g


def test_bon031_models_half_an_inch_apart_cannot_fight() -> None:
    """BON-031: models half an inch apart cannot fight."""
    g = game([unit("A", "red", FAR_RED, (10, 10)), unit("x", "blue", FAR_BLUE, (11.5, 10))], dice=[1, 2])
    do(g, "activate:A")
    assert "fight:A" not in ids(g)


def test_bon032_a_regular_hits_a_green_on_4_and_the_defender_strikes_back() -> None:
    """BON-032: a regular hits a green on 4 and the defender strikes back."""
    g = contact([4, 3], blue={"level": "green"})
    do(g, "fight:A")
    log = texts(g)
    assert "A.2 rolls 1D6 for close combat against x.2 (TN 4: 4 DS +0 attacker's CS" in log
    assert "x.2 rolls 1D6 for close combat against A.2 (TN 6: 5 DS +1 attacker's CS" in log
    assert not model(g, "x.2").in_play and model(g, "A.2").in_play


def test_bon032_a_3_misses_the_green() -> None:
    """BON-032: a 3 misses the green."""
    g = contact([3, 3], blue={"level": "green"})
    do(g, "fight:A")
    assert model(g, "x.2").in_play


def test_bon033_a_natural_5_is_bloody_death_whatever_the_tn() -> None:
    """BON-033: a natural 5 is bloody death whatever the tn."""
    g = contact([5, 3], blue={"level": "elite", "armour": "heavy"})
    do(g, "fight:A")
    assert model(g, "x.2").removed == "bloody death"


def test_bon034_a_natural_1_hits_another_model_in_contact() -> None:
    """BON-034: a natural 1 hits another model in contact."""
    g = contact([1, 3], extra=[(11, 11)])
    do(g, "fight:A")
    assert model(g, "x.2").in_play and not model(g, "x.3").in_play
    assert "whom A.2's wild blow hits: x.3" in texts(g)


def test_bon035_trench_combat_the_seeds_example() -> None:
    """BON-035: trench combat the seeds example."""
    trench = feature("trench", "trench", [(10.6, 0), (14, 0), (14, 20), (10.6, 20)])
    g = contact([3, 3], red={"level": "elite", "armour": "flak"}, blue={"level": "green", "armour": "flak"},
                features=[trench])
    do(g, "fight:A")
    log = texts(g)
    assert "TN 4: 5 DS +1 defending a trench -2 attacker's CS" in log  # the Green's DS 6, less Elite CS
    assert "TN 7: 7 DS -1 attacking a trench +1 attacker's CS" in log  # the Elite's DS 6, Green CS -1


def test_bon054_a_close_combat_weapon_rerolls_and_keeps_the_higher() -> None:
    """BON-054: a close combat weapon rerolls and keeps the higher."""
    g = contact([2, 5, 3], red={"cc_weapons": 1})
    do(g, "fight:A")
    assert "the close-combat weapon's reroll" in texts(g) and model(g, "x.2").removed == "bloody death"
    g = contact([2, 3])  # a bayonet: no reroll; the 2 is a critical miss with nobody else near
    do(g, "fight:A")
    assert "reroll" not in texts(g) and model(g, "x.2").in_play


def test_bon114_bon022_a_model_in_square_is_harder_to_hit() -> None:
    """BON-114, BON-022: a model in square is harder to hit."""
    g = contact([3, 3], blue={"formation": "square"})
    do(g, "fight:A")
    assert "TN 6: 5 DS +1 in Square +0 attacker's CS" in texts(g)


def test_bon114_a_model_attacked_from_behind_is_easier_to_hit() -> None:
    """BON-114: a model attacked from behind is easier to hit."""
    g = contact([3, 3], blue={"facing": 90})
    do(g, "fight:A")
    assert "TN 4: 5 DS -1 facing away" in texts(g)


def test_bon017_a_charge_doubles_speed_ends_in_contact_and_fights() -> None:
    """BON-017: a charge doubles speed ends in contact and fights."""
    g = game([unit("A", "red", FAR_RED, (10, 10)), unit("x", "blue", FAR_BLUE, (10, 19))], dice=[1, 2, 6, 1, 3])
    do(g, "activate:A")
    do(g, "charge:A:x")
    assert model(g, "A.2").pos == (10, 18)  # 8" of a possible 10"
    assert "A: glory test, it charges (confusion); GL rises to 5+." in texts(g)
    assert model(g, "x.2").removed == "bloody death"


def test_bon017_no_charge_across_barbed_wire() -> None:
    """BON-017, BON-102: no charge across barbed wire."""
    wire = feature("wire", "barbed_wire", [(0, 14), (48, 14), (48, 15), (0, 15)])
    g = game([unit("A", "red", FAR_RED, (10, 10)), unit("x", "blue", FAR_BLUE, (10, 19))], dice=[1, 2],
             features=[wire])
    do(g, "activate:A")
    assert "charge:A:x" not in ids(g)


def test_bon036_a_charge_into_the_flank_shakes_the_target() -> None:
    """BON-036: a charge into the flank shakes the target."""
    g = game([unit("A", "red", FAR_RED, (10, 10)), unit("x", "blue", FAR_BLUE, (16, 10), facing=0)],
             dice=[1, 2, 3, 3])
    do(g, "activate:A")
    do(g, "charge:A:x")
    assert "x: glory test, it is assaulted in the flank or rear; GL rises to 5+." in texts(g)


def test_bon043_striking_down_an_ordinary_soldier_is_no_heroic_deed() -> None:
    """BON-043 house rule (close_combat): only an enemy hero or gun struck down is a heroic deed; A's
    charge kills x.2, a private, and nobody takes heart."""
    g = game([unit("A", "red", FAR_RED, (10, 10)), unit("x", "blue", FAR_BLUE, (10, 19))], dice=[1, 2, 6, 1, 3])
    do(g, "activate:A")
    do(g, "charge:A:x")
    assert model(g, "x.2").removed == "bloody death"
    assert "heroic deed" not in texts(g) and "takes heart" not in texts(g)
