"""ASCII PLY numbers against Python's float(): the binary file's float32 bits for the real scan
written as ASCII PLY, random numbers of every shape within an ulp; bad bodies give plain errors
that name the line counted from the file's start, header included.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scaninbox.scans import Mesh, MeshError, ply_text, read_mesh

from .meshfiles import TETRA_FACES, TETRA_POINTS, ply


def test_the_real_scan_as_ascii_ply_gives_the_binary_files_mesh(realscans: Path) -> None:
    binary = read_mesh(realscans / "Example_01_vcolor_binary.ply")
    assert binary.colours is not None
    data = ply(binary.points, binary.faces.tolist(), fmt="ascii", colours=binary.colours)
    assert len(data) > 1 << 20  # tokenised in two halves on two threads
    mesh = read_mesh(data, name="arch.ply")
    np.testing.assert_array_equal(mesh.points.view(np.uint32), binary.points.view(np.uint32))
    np.testing.assert_array_equal(mesh.faces, binary.faces)
    assert mesh.colours is not None
    np.testing.assert_array_equal(mesh.colours, binary.colours)


_TOKENS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.floats(-1e6, 1e6).map(lambda v: f"{v:.6f}"),
    st.floats(-1e30, 1e30).map(lambda v: f"{v:e}"),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["nan", "-inf", "+1.5", ".5", "5.", "-0", "1E+05", "0000123.4500"]),
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(tokens=st.lists(_TOKENS, min_size=1, max_size=40), gaps=st.sampled_from([" ", "\t", "\r\n"]))
def test_numbers_are_read_as_float_reads_them(tokens: list[str], gaps: str) -> None:
    from scaninbox.scans.ply_header import parse_ply_header

    head = f"ply\nformat ascii 1.0\nelement vertex {len(tokens)}\nproperty double x\nend_header\n"
    data = (head + gaps.join(tokens) + "\n").encode()
    view = memoryview(data)
    values = ply_text.text_body_numbers(view, parse_ply_header(view, "t.ply"), "t.ply")
    expected = np.array([float(t) for t in tokens], np.float64)
    # Correctly rounded up to 15 significant digits (text_numbers); beyond, within an ulp.
    np.testing.assert_allclose(values, expected, rtol=2.5e-16, atol=0)


def _ascii_tetra() -> bytes:
    return ply(TETRA_POINTS, TETRA_FACES.tolist(), fmt="ascii")


def test_a_bad_number_is_named_by_its_line_in_the_file() -> None:
    data = _ascii_tetra().replace(b"\n1.0 0.0 0.0\n", b"\n1.0 zero 0.0\n")
    line = data.split(b"\n").index(b"1.0 zero 0.0") + 1
    assert line > 10  # counted from the file's start, header included
    with pytest.raises(MeshError, match=rf"line {line}: 'zero' is not a number"):
        read_mesh(data, name="t.ply")


def test_a_short_body_says_how_many_numbers_are_missing() -> None:
    data = _ascii_tetra()
    with pytest.raises(MeshError, match=r"at least 12 numbers, but only 11 follow"):
        read_mesh(data[: data.index(b"3 0 2 1")].rsplit(b" ", 1)[0], name="t.ply")


def test_nan_and_long_numbers_are_read_by_float() -> None:
    long = "0.12345678901234567890123456789"
    data = _ascii_tetra().replace(b"\n0.0 0.0 1.0\n", f"\n{long} 0.0 1.0\n".encode())
    mesh: Mesh = read_mesh(data, name="t.ply")
    assert mesh.points[3, 0] == np.float32(float(long))


def test_whole_numbers_of_every_length_are_exact() -> None:
    from scaninbox.scans.ply_header import parse_ply_header

    tokens = ["0", "-0", "+0", "7", "-7", "255", "1234567", "-9999999", "12345678", "+0000255"]
    tokens += [str(10**k - 1) for k in range(1, 12)] + [str(-(10**k)) for k in range(1, 12)]
    head = f"ply\nformat ascii 1.0\nelement vertex {len(tokens)}\nproperty int x\nend_header\n"
    view = memoryview((head + " ".join(tokens)).encode())  # the last token ends the buffer
    values = ply_text.text_body_numbers(view, parse_ply_header(view, "t.ply"), "t.ply")
    expected = np.array([float(t) for t in tokens], np.float64)
    np.testing.assert_array_equal(values.view(np.uint64), expected.view(np.uint64))


_TETRA_HEADER = (
    "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\n"
    "property float z\nelement face 4\nproperty list uchar int vertex_indices\nend_header\n"
)
_TETRA_VERTICES = "0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
_TETRA_FACES = "3 0 1 2\n3 0 1 3\n3 1 2 3\n3 0 2 3\n"


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        # A face row missing an index: read as one stream of numbers, the rows after it shift
        # (here a face of one corner follows), and one number is left over.
        (_TETRA_VERTICES + "3 0 1 2\n3 0 1\n3 1 2 3\n3 0 2 3\n", "has 1 number more"),
        # Numbers after the last face.
        (_TETRA_VERTICES + _TETRA_FACES + "7 7\n", "has 2 numbers more"),
        # A vertex row missing a coordinate: the faces start one number early (counts of 0, 1
        # and 3 corners, then four numbers left over).
        ("0 0 0\n1 0\n0 1 0\n0 0 1\n" + _TETRA_FACES, "has 4 numbers more"),
    ],
)
def test_a_body_with_numbers_its_header_does_not_hold_is_refused(body: str, reason: str) -> None:
    with pytest.raises(MeshError, match=reason + " than the header's elements hold"):
        read_mesh((_TETRA_HEADER + body).encode(), name="t.ply")


def test_the_tetrahedron_those_bodies_break_reads() -> None:
    mesh = read_mesh((_TETRA_HEADER + _TETRA_VERTICES + _TETRA_FACES).encode(), name="t.ply")
    assert mesh.faces.tolist() == [[0, 1, 2], [0, 1, 3], [1, 2, 3], [0, 2, 3]]


@pytest.mark.parametrize("fmt", ["ascii", "binary_little_endian"])
def test_a_colour_that_is_not_a_number_leaves_the_scan_uncoloured(fmt: str) -> None:
    # Float colour channels (0-1) of which one is "nan": the shape is read, the colours are not
    # guessed at (numpy's cast of nan to a byte is undefined, and warned of).
    rows = np.array(
        [[0, 0, 0, 0.5, 0.5, 0.5], [1, 0, 0, 0.2, np.nan, 0.1], [0, 1, 0, 1, 0, 0]], np.float32
    )
    header = (
        f"ply\nformat {fmt} 1.0\nelement vertex 3\n"
        + "".join(f"property float {name}\n" for name in ("x", "y", "z", "red", "green", "blue"))
        + "element face 1\nproperty list uchar int vertex_indices\nend_header\n"
    ).encode()
    if fmt == "ascii":
        body = "".join(" ".join(f"{v:g}" for v in row) + "\n" for row in rows) + "3 0 1 2\n"
        data = header + body.encode()
    else:
        data = (
            header + rows.astype("<f4").tobytes() + b"\x03" + np.array([0, 1, 2], "<i4").tobytes()
        )
    mesh = read_mesh(data, name="t.ply")
    assert mesh.colours is None
    np.testing.assert_array_equal(mesh.points, rows[:, :3])
