"""Ranged fire on the D12 (BON-023..030, BON-052, BON-063/064, BON-113), through ``Game`` with scripted dice.

Officers stand far back where they matter not, so each test's shots are the ones it names."""

from __future__ import annotations

from breaking_of_nations.bon_support import do, feature, game, gl, ids, model, move_refusal, texts, unit

FAR = (46, 47)
OFF = {"counter_attack": False}


def duel(target: tuple[float, float], *, firer: dict | None = None, target_card: dict | None = None,
         dice: list[int], features: list[dict] = (), options: dict | None = None):
    g = game([unit("A", "red", (2, 2), (10, 10), **(firer or {})),
              unit("x", "blue", FAR, target, **(target_card or {}))],
             dice=[1, 2, *dice], features=features, options=options if options is not None else OFF)
    do(g, "activate:A")
    return g


def test_bon025_the_roll_must_reach_ds_armour_cover_and_modifiers() -> None:
    """BON-025: the roll must reach ds armour cover and modifiers."""
    wood = feature("wood", "light_forest", [(8, 18), (12, 18), (12, 22), (8, 22)])
    for face, hit in ((9, True), (8, False)):
        g = duel((10, 20), target_card={"armour": "flak"}, dice=[face], features=[wood])
        do(g, "fire:A:x")
        assert "TN 9: 6 DS +3 cover (the wood) +0 medium range +0 Regular firer" in texts(g)
        assert model(g, "x.2").in_play is not hit


def test_bon026_a_natural_12_is_bloody_death_whatever_the_tn() -> None:
    """BON-026: a natural 12 is bloody death whatever the tn."""
    trench = feature("trench", "trench", [(0, 19), (48, 19), (48, 21), (0, 21)])
    g = duel((10, 20), dice=[12], features=[trench], options={})  # no counter attack roll is asked for
    do(g, "fire:A:x")
    assert "TN 17" in texts(g) and model(g, "x.2").removed == "bloody death"


def test_bon030_range_bands_change_the_tn() -> None:
    """BON-030: range bands change the tn."""
    for y, words in ((16, "-1 short range"), (21, "+0 medium range"), (31, "+1 long range")):
        g = duel((10, y), dice=[1])
        do(g, "fire:A:x")
        assert words in texts(g)


def test_bon024_a_target_beyond_the_long_band_cannot_be_fired_at() -> None:
    """BON-024: a target beyond the long band cannot be fired at."""
    g = duel((10, 35), dice=[])
    assert "fire:A:x" in ids(g)
    g = duel((10, 35.5), dice=[])
    assert "fire:A:x" not in ids(g)


def test_bon113_an_elite_firer_finds_it_easier() -> None:
    """BON-113: an elite firer finds it easier."""
    g = duel((10, 21), firer={"level": "elite"}, dice=[3])
    do(g, "fire:A:x")
    assert "TN 3: 5 DS +0 medium range -2 Elite firer" in texts(g) and not model(g, "x.2").in_play


def test_bon028_an_unactivated_defender_fires_back_before_he_falls() -> None:
    """BON-028: an unactivated defender fires back before he falls."""
    g = duel((10, 21), dice=[10, 11], options={})
    do(g, "fire:A:x")
    log = texts(g)
    assert "x.2 rolls 1D12 for a counter attack on A.2 (TN 5" in log
    assert not model(g, "A.2").in_play and not model(g, "x.2").in_play


def test_bon028_no_counter_attack_once_his_unit_has_been_activated() -> None:
    """BON-028: no counter attack once his unit has been activated."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", FAR, (10, 21))], dice=[2, 1, 10])
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:A")
    do(g, "fire:A:x")  # the script holds no die for a counter attack: none is rolled
    assert not model(g, "x.2").in_play and model(g, "A.2").in_play


def test_bon029_the_great_equalizer_passes_extra_hits_to_the_unit_behind_even_a_friend() -> None:
    """BON-029: the great equalizer passes extra hits to the unit behind even a friend."""
    g = game([unit("A", "red", (20, 10), (22, 10), (24, 10), hero_weapon="rifle"),
              unit("x", "blue", (20, 30), (22, 30)), unit("y", "blue", FAR, (21, 34))],
             dice=[1, 2, 10, 10, 10, 9], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert "The Great Equalizer: 1 extra hit go to y." in texts(g)
    assert not model(g, "y.2").in_play and not model(g, "x.1").in_play and not model(g, "x.2").in_play


def test_bon063_bon064_an_lmg_fires_three_shots_and_pins_even_when_all_miss() -> None:
    """BON-063, BON-064: an lmg fires three shots and pins even when all miss."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", FAR, (10, 20), (12, 20), (14, 20))], dice=[1, 2, 1, 1, 1], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert texts(g).count("LMG shot") == 3
    assert gl(g, "x") == 5 and "x: glory test, it is pinned down by enemy fire" in texts(g)


def test_bon052_an_lmg_moved_more_than_half_his_ac_cannot_fire() -> None:
    """BON-052: an lmg moved more than half his ac cannot fire."""
    g = game([unit("A", "red", (2, 2), (10, 4), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", FAR, (10, 30))], dice=[1, 2])
    do(g, "activate:A")
    do(g, "move:A:6,8")
    assert "fire:A:x" in ids(g)  # 1 AC of 3 spent on movement
    do(g, "move:A:6,13")
    assert "fire:A:x" not in ids(g)


def test_bon023_a_prone_soldier_cannot_be_aimed_at_until_he_fires() -> None:
    """BON-023: a prone soldier cannot be aimed at until he fires."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", FAR, (10, 21))], dice=[2, 1, 1])
    do(g, "activate:x")
    do(g, "prone:x")
    do(g, "end:x")
    do(g, "activate:A")
    assert "fire:A:x" not in ids(g)
    assert model(g, "x.2").prone


def test_bon023_a_prone_soldier_moves_at_half_speed() -> None:
    """BON-023: a prone soldier moves at half speed."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", FAR, (10, 40))], dice=[1, 2])
    do(g, "activate:A")
    do(g, "prone:A")
    assert move_refusal(g, "A", 8.5, 9) is not None  # 3" of 5, rounded up
    do(g, "move:A:6,9")
    assert model(g, "A.2").pos == (10, 13)
