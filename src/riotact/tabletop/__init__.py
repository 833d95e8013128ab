"""A continuous tabletop in inches, below the rulesets that play on one (Public Participation; The
Breaking of Nations next): figures with round bases, terrain polygons, distances, sight, cover,
obstacles, templates, arcs, arrow-die scatter and D12 clock-face deviation. Engine-neutral: it
knows no ruleset and no dice."""

from .geometry import (
    ARROW_BEARINGS,
    Feature,
    Table,
    arrow_point,
    bearing,
    bearing_word,
    beside,
    clock_point,
    in_arc,
    nearby,
    sight_report,
    simple_outline,
    spots_in,
    steeper_than,
    step_toward,
)

__all__ = ["ARROW_BEARINGS", "Feature", "Table", "arrow_point", "bearing", "bearing_word", "beside", "clock_point",
           "in_arc", "nearby", "sight_report", "simple_outline", "spots_in", "steeper_than", "step_toward"]
