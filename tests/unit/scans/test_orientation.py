"""The axisMapping parser: the spellings people write, the ones we refuse, and round trips."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scaninbox.domain import Turn
from scaninbox.scans import (
    AxisMappingError,
    describe_turn,
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


@pytest.mark.parametrize(
    ("mapping", "why"),
    [
        (None, "No axis mapping for iTero"),
        ("  ", "No axis mapping for iTero"),
        (
            "x,x,z",
            "The axis mapping of iTero ('x,x,z') is not understood: the axis x is used twice",
        ),
        ("[[1, 0]]", "The axis mapping of iTero ('[[1, 0]]') is not understood: it is not a 3×3"),
    ],
)
def test_a_missing_or_unreadable_mapping_is_estimated_with_a_note(
    mapping: str | None, why: str
) -> None:
    orientation = resolve_orientation(mapping, portal="iTero")
    assert orientation.pending
    assert orientation.is_identity
    assert orientation.note is not None
    assert orientation.note.startswith(why)
    assert orientation.note.endswith(" — orientation estimated from the scan")


def test_a_long_unreadable_mapping_is_shortened_in_the_note() -> None:
    note = resolve_orientation("x" * 80, portal="iTero").note
    assert note is not None
    assert "'" + "x" * 39 + "…'" in note


def test_a_readable_mapping_has_no_note_and_an_unknown_portal_is_named_plainly() -> None:
    good = resolve_orientation("X Z -Y", portal="iTero")
    assert good.note is None
    assert not good.pending
    np.testing.assert_array_equal(good.matrix, X_Z_MINUS_Y)
    for portal in (None, "", "  "):
        note = resolve_orientation(None, portal=portal).note
        assert note == "No axis mapping for this portal — orientation estimated from the scan"


def test_a_settled_readable_mapping_is_itself() -> None:
    good = resolve_orientation("-x,-y,z")
    assert good.settle([]) is good
    np.testing.assert_array_equal(good.matrix, np.diag([-1.0, -1.0, 1.0]))


@pytest.mark.parametrize(
    ("turn", "diagonal", "words"),
    [
        (Turn(upside_down=True), (-1, 1, -1), "turned upside down"),
        (Turn(back_to_front=True), (-1, -1, 1), "turned back to front"),
        (Turn(True, True), (1, -1, -1), "turned upside down and back to front"),
    ],
)
def test_a_turn_is_a_half_turn_after_the_mapping_and_the_note_says_so(
    turn: Turn, diagonal: tuple[int, int, int], words: str
) -> None:
    orientation = resolve_orientation("x,z,-y", portal="iTero", turn=turn)
    expected = np.diag(np.array(diagonal, float)) @ X_Z_MINUS_Y
    np.testing.assert_array_equal(orientation.matrix, expected)
    assert np.linalg.det(orientation.matrix) == pytest.approx(1.0)  # never a mirror
    assert orientation.note == f"{words[0].upper()}{words[1:]} as chosen for iTero"
    pending = resolve_orientation(None, portal="iTero", turn=turn)
    assert pending.note is not None
    assert pending.note.endswith(f"estimated from the scan; {words} as chosen for iTero")


def test_no_turn_changes_nothing() -> None:
    assert Turn().is_none
    assert describe_turn(Turn()) == ""
    assert describe_turn(None) == ""
    plain = resolve_orientation("x,z,-y", turn=Turn())
    np.testing.assert_array_equal(plain.matrix, X_Z_MINUS_Y)
