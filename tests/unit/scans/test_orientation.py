"""The axisMapping parser: the spellings people write, the ones we refuse, and round trips."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scaninbox.scans import (
    AxisMappingError,
    format_axis_mapping,
    parse_axis_mapping,
    resolve_orientation,
)

X_Z_MINUS_Y = np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]], float)


@pytest.mark.parametrize(
    "text",
    [
        "x,z,-y",
        "X Z -Y",
        "xz-y",
        "+x,+z,-y",
        "x, z, -y",
        " x ,z,- y ",
        "[[1,0,0],[0,0,1],[0,-1,0]]",
    ],
)
def test_accepted_spellings(text: str) -> None:
    np.testing.assert_array_equal(parse_axis_mapping(text), X_Z_MINUS_Y)


def test_matrix_rows_agree_with_the_text_form() -> None:
    source_point = np.array([1.0, 2.0, 3.0])
    # canonical X = source x, canonical Y = source z, canonical Z = -source y
    np.testing.assert_array_equal(parse_axis_mapping("x,z,-y") @ source_point, [1, 3, -2])


def test_a_rotation_that_is_not_an_axis_permutation_is_accepted_as_a_matrix() -> None:
    c = s = np.sqrt(0.5)
    text = json.dumps([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    np.testing.assert_allclose(parse_axis_mapping(text), [[c, -s, 0], [s, c, 0], [0, 0, 1]])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("x,x,z", "the axis x is used twice"),
        ("x,-x,y", "the axis x is used twice"),
        ("x,y", "names 2 axes"),
        ("x,y,z,x", "more than three"),
        ("a,b,c", "not a signed axis"),
        ("x;y;z", "not a signed axis"),
        ("", "empty"),
        ("[[1,0,0],[0,1,0]]", "not a 3×3 matrix"),
        ("[[1,0,0],[0,1,0],[0,0,2]]", "not a rotation"),
        ("[[1,1,0],[0,1,0],[0,0,1]]", "not a rotation"),
        ('[[1,0,0],[0,1,0],[0,0,"z"]]', "not a 3×3 matrix"),
        ("[[1,0,0],[0,1,0],[0,0,NaN]]", "not a 3×3 matrix"),
        ("[1,2", "not a 3×3 matrix"),
    ],
)
def test_rejections_say_why(text: str, reason: str) -> None:
    with pytest.raises(AxisMappingError, match=reason):
        parse_axis_mapping(text)


def test_near_orthonormal_within_tolerance() -> None:
    parse_axis_mapping("[[1,0,0],[0,1,0],[0,0,1.0000001]]")
    with pytest.raises(AxisMappingError):
        parse_axis_mapping("[[1,0,0],[0,1,0],[0,0,1.00001]]")


SIGNED_PERMUTATIONS = [
    (perm, signs)
    for perm in itertools.permutations(range(3))
    for signs in itertools.product((1, -1), repeat=3)
]


@given(st.sampled_from(SIGNED_PERMUTATIONS), st.sampled_from([",", " ", "", ", "]), st.booleans())
def test_every_signed_permutation_round_trips(
    case: tuple[tuple[int, ...], tuple[int, ...]], separator: str, upper: bool
) -> None:
    perm, signs = case
    matrix = np.zeros((3, 3))
    for row, (column, sign) in enumerate(zip(perm, signs, strict=True)):
        matrix[row, column] = sign
    text = format_axis_mapping(matrix)
    assert text.count(",") == 2
    respelled = separator.join(text.split(","))
    respelled = respelled.upper() if upper else respelled
    np.testing.assert_array_equal(parse_axis_mapping(respelled), matrix)
    np.testing.assert_array_equal(parse_axis_mapping(json.dumps(matrix.tolist())), matrix)


def test_resolve_missing_and_unreadable_mappings_show_as_exported() -> None:
    for missing in (None, "", "   "):
        orientation = resolve_orientation(missing)
        assert orientation.is_identity
        assert orientation.note == "No axis mapping for this portal — shown as exported"
    unreadable = resolve_orientation("foo")
    assert unreadable.is_identity
    assert unreadable.note is not None
    assert unreadable.note.startswith("Axis mapping 'foo' not understood (")
    assert unreadable.note.endswith(") — shown as exported")


def test_resolve_a_good_mapping() -> None:
    orientation = resolve_orientation("-x,-y,z")
    assert orientation.note is None
    assert not orientation.is_identity
    np.testing.assert_array_equal(orientation.matrix, np.diag([-1.0, -1.0, 1.0]))
