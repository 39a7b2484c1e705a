"""The distance maps' banded colour scales: a point's colour is the colour of the 0.1 mm band
its distance falls in; bite-through, beyond the range and unmeasured have their own."""

from __future__ import annotations

import numpy as np
import pytest

from scaninbox.render.colour_map import (
    BITE_THROUGH,
    NEUTRAL,
    ColourScale,
    MapKind,
)


def _band_of(scale: ColourScale, value: float) -> tuple[int, int, int]:
    """The band whose [low, high) holds ``value``, looked up one by one from `bands`."""
    (band,) = [b for b in scale.bands if b.low_mm - 1e-9 <= value < b.high_mm - 1e-9]
    return band.colour


@pytest.mark.parametrize("kind", list(MapKind))
def test_a_value_in_the_range_gets_the_colour_of_its_band(kind: MapKind) -> None:
    scale = ColourScale.from_mm(kind, 0.3, 1.7)
    assert len(scale.bands) == 14
    assert [b.low_mm for b in scale.bands][:3] == [0.3, 0.4, 0.5]
    values = np.array([0.3, 0.349, 0.4, 0.45, 0.9999, 1.0, 1.05, 1.6999], np.float32)
    colours = scale.colours(values)
    for value, colour in zip(values.tolist(), colours.tolist(), strict=True):
        assert tuple(colour) == _band_of(scale, value), value
    # Neighbouring bands differ, so a 0.1 mm step shows.
    table = scale.band_colours()
    assert np.all(np.abs(np.diff(table.astype(int), axis=0)).sum(axis=1) > 0)


def test_clearance_below_zero_is_bite_through_and_beyond_the_range_neutral() -> None:
    scale = ColourScale.default(MapKind.CLEARANCE)
    values = np.array([-0.5, -0.01, 0.0, 0.05, 1.95, 2.0, 2.9, np.nan])
    colours = [tuple(c) for c in scale.colours(values).tolist()]
    assert colours[:2] == [BITE_THROUGH, BITE_THROUGH]
    assert colours[2] == colours[3] == scale.bands[0].colour
    assert colours[4] == scale.bands[-1].colour
    assert colours[5:] == [NEUTRAL, NEUTRAL, NEUTRAL]
    assert BITE_THROUGH not in [b.colour for b in scale.bands]
    assert NEUTRAL not in [b.colour for b in scale.bands]


def test_clearance_between_zero_and_the_range_start_is_as_tight_as_the_first_band() -> None:
    scale = ColourScale.from_mm(MapKind.CLEARANCE, 0.5, 1.5)
    (colour,) = scale.colours([0.2]).tolist()
    assert tuple(colour) == scale.bands[0].colour


def test_reduction_under_the_range_is_untouched_and_over_it_the_last_band() -> None:
    scale = ColourScale.default(MapKind.REDUCTION)
    assert scale.low_mm == pytest.approx(0.1)
    values = np.array([-0.3, 0.0, 0.09, 0.1, 2.0, 2.7, np.nan])
    colours = [tuple(c) for c in scale.colours(values).tolist()]
    assert colours[:3] == [NEUTRAL] * 3
    assert colours[3] == scale.bands[0].colour
    assert colours[4:6] == [scale.bands[-1].colour] * 2
    assert colours[6] == NEUTRAL


def test_moving_the_range_by_a_tenth_recolours_a_point() -> None:
    value = [0.45]
    before = ColourScale.from_mm(MapKind.CLEARANCE, 0.0, 2.0).colours(value)
    after = ColourScale.from_mm(MapKind.CLEARANCE, 0.1, 2.0).colours(value)
    tighter = ColourScale.from_mm(MapKind.CLEARANCE, 0.0, 1.9).colours(value)
    assert not np.array_equal(before, after)
    assert not np.array_equal(before, tighter)


@pytest.mark.parametrize(("low", "high"), [(1.0, 1.0), (1.2, 0.5), (-0.1, 1.0), (0.0, 3.1)])
def test_a_range_that_cannot_be_is_refused_plainly(low: float, high: float) -> None:
    with pytest.raises(ValueError, match=r"colour range runs from 0 to 3\.0 mm"):
        ColourScale.from_mm(MapKind.CLEARANCE, low, high)


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (0.0, 1.0, [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]),
        (0.0, 2.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0]),
        (0.3, 2.9, [0.3, 1.0, 1.5, 2.0, 2.5, 2.9]),  # 0.5 would crowd 0.3
        (0.1, 2.0, [0.1, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0]),  # so would 0.2
    ],
)
def test_legend_ticks_are_round_band_edges_with_both_ends(
    low: float, high: float, expected: list[float]
) -> None:
    assert ColourScale.from_mm(MapKind.CLEARANCE, low, high).ticks() == pytest.approx(expected)
