"""The shared table geometry (riotact.tabletop): rulers, sight, cover, obstacles, scatter, copies."""

from __future__ import annotations

import copy

import pytest

from riotact.tabletop import Feature, Table, arrow_point, bearing_word, step_toward

HOUSE = Feature("house", "the house", [(8, 8), (12, 8), (12, 12), (8, 12)], blocks_sight=True, impassable=True)
WALL = Feature("wall", "the wall", [(4, 0), (4.5, 0), (4.5, 6), (4, 6)], cover=True, obstacle="difficult")
HILL = Feature("hill", "the hill", [(14, 14), (20, 14), (20, 20), (14, 20)], height=1)


@pytest.fixture
def table() -> Table:
    return Table(24, 24, [HOUSE, WALL, HILL])


def test_ruler_measures_base_edge_to_base_edge_and_never_below_zero(table: Table) -> None:
    assert table.ruler((0, 0), 0.5, (0, 10), 0.5) == 9.0
    assert table.ruler((0, 0), 0.5, (0, 0.6), 0.5) == 0.0


def test_buildings_block_sight_and_movement_but_a_figure_inside_sees_out(table: Table) -> None:
    assert not table.line_of_sight((6, 10), (14, 10))
    assert table.sight_blocker((6, 10), (14, 10)) is HOUSE
    assert table.line_of_sight((10, 10), (20, 10))
    assert table.path_problem((6, 10), (14, 10)) == "the path goes through the house"
    assert table.path_problem((6, 2), (6, 30)).startswith("(6.0, 30.0) is off the table")


def test_cover_in_it_or_just_behind_it_but_not_for_a_firer_standing_in_it(table: Table) -> None:
    assert table.cover_for((0, 3), (5, 3)) is WALL  # just behind the wall
    assert table.cover_for((0, 3), (4.2, 3)) is WALL  # in it
    assert table.cover_for((0, 3), (8, 3)) is None  # 3.5" behind it: no longer covered
    assert table.cover_for((4.2, 3), (10, 3)) is None


def test_obstacles_crossed_heights_and_features_at(table: Table) -> None:
    assert table.obstacles_crossed((2, 3), (6, 3)) == [WALL]
    assert table.obstacles_crossed((4.2, 3), (6, 3)) == []  # already standing in it
    assert table.height_at((15, 15)) == 1 and table.height_at((1, 1)) == 0
    assert table.features_at((15, 15)) == [HILL]


def test_arrow_die_faces_point_every_60_degrees_from_north() -> None:
    assert arrow_point((0, 0), 1, 2) == (0.0, 2.0)
    assert arrow_point((0, 0), 4, 2) == (0.0, -2.0)
    assert arrow_point((0, 0), 2, 2) == (1.73, 1.0)
    assert bearing_word((0, 0), (5, 5)) == "north-east" and bearing_word((0, 0), (0, -1)) == "south"
    assert step_toward((0, 0), (0, 10), 4) == (0.0, 4.0) and step_toward((0, 0), (0, 3), 4) == (0.0, 3.0)


def test_tables_are_shared_by_deep_copies_of_games(table: Table) -> None:
    assert copy.deepcopy(table) is table and copy.deepcopy(HOUSE) is HOUSE
