"""The ASCII STL reader against an independent parse (Python's split and float()).

Files are written the ways exporters and hand edits write them: CRLF, tabs, upper-case
keywords, a solid name made of numbers, exponents in every spelling, a facet without its
``endloop``. Each is read by `read_mesh` and by `_independent`, a plain Python reading of the
same bytes, and the float32 points must be the same. Bad numbers give a plain `MeshError`.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from scaninbox.scans import MeshError, read_mesh

from .meshfiles import arch_mesh, ascii_stl, soup_of


def _independent(data: bytes) -> np.ndarray:
    """Every ``vertex`` keyword's three numbers, by str.split and float()."""
    words = data.decode("ascii").split()
    values = [
        [float(words[i + k]) for k in (1, 2, 3)]
        for i, word in enumerate(words)
        if word.lower() == "vertex"
    ]
    return np.array(values, np.float64).astype(np.float32)


def _arch() -> tuple[np.ndarray, np.ndarray]:
    # ~2,300 triangles at scan-like coordinates (tens of mm, signs both ways), enough for the
    # tokeniser's blocks and the parser's fast path and fallbacks to all take part.
    points, faces = arch_mesh(48, 24)
    return points * np.float32(37.5) - np.float32(11.0), faces


@pytest.mark.parametrize(
    ("number", "newline", "upper"),
    [
        ("{!r}", "\r\n", False),  # Windows line ends
        ("{:.7e}", "\n", False),  # 1.2345670e+01
        ("{:.6E}", "\r\n", True),  # 1.234567E+01, upper-case keywords
        ("{:.4g}", "\n", False),  # short forms: 12.35, -0.5, 1e-05
        ("{:.12f}", "\n", True),
    ],
)
def test_points_match_an_independent_parse(number: str, newline: str, upper: bool) -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number=number, newline=newline, upper=upper)
    mesh = read_mesh(data, name="arch.stl")
    assert mesh.n_faces == len(faces)
    np.testing.assert_array_equal(mesh.points, _independent(data))


def test_tabs_and_runs_of_blanks_between_every_word() -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    messy = data.replace(b" ", b" \t ").replace(b"\n", b" \n\t")
    mesh = read_mesh(messy, name="arch.stl")
    np.testing.assert_array_equal(mesh.points, _independent(messy))
    np.testing.assert_array_equal(mesh.points, _independent(data))


def test_a_solid_name_made_of_numbers_is_not_read_as_a_point() -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}", name="2024 11 23 1.5e3 -7")
    mesh = read_mesh(data, name="arch.stl")
    assert mesh.n_faces == len(faces)
    np.testing.assert_array_equal(mesh.points, soup_of(points, faces))


def test_exponent_spellings() -> None:
    corners = ["1e-3", "1E+02", "-2.5e-07", "3.E1", ".5e+2", "7e0", "-0.0", "+4", "12345.67891"]
    facet = "facet normal 0 0 1\nouter loop\n{}\nendloop\nendfacet\n"
    body = "".join(
        facet.format("\n".join(f"vertex {a} {b} {c}" for a, b, c in [corners[i : i + 3]] * 3))
        for i in range(0, len(corners), 3)
    )
    data = f"solid e\n{body}endsolid e\n".encode("ascii")
    mesh = read_mesh(data, name="e.stl")
    expected = np.array([float(c) for c in corners], np.float32).reshape(3, 3).repeat(3, axis=0)
    np.testing.assert_array_equal(mesh.points, expected)
    np.testing.assert_array_equal(mesh.points, _independent(data))


def test_a_facet_without_its_endloop_keeps_every_triangle() -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    broken = data.replace(b"    endloop\n", b"", 5)  # five facets lose the line
    mesh = read_mesh(broken, name="arch.stl")
    assert mesh.n_faces == len(faces)
    np.testing.assert_array_equal(mesh.points, _independent(broken))


@pytest.mark.parametrize("bad", ["nan", "NaN", "inf", "-inf", "1e999"])
def test_numbers_that_are_no_point_are_refused(bad: str) -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    lines = data.split(b"\n")
    at = next(i for i, line in enumerate(lines) if b"vertex" in line and i > 1000)
    words = lines[at].split()
    lines[at] = b" ".join([*words[:2], bad.encode(), words[3]])
    with pytest.raises(MeshError, match=r"arch\.stl"):
        read_mesh(b"\n".join(lines), name="arch.stl")


@pytest.mark.parametrize("bad", ["1.2.3", "--1", "1e", "1e+", "0x10", "1,5", "e5", "."])
def test_malformed_numbers_name_their_line(bad: str) -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    lines = data.split(b"\n")
    at = next(i for i, line in enumerate(lines) if b"vertex" in line and i > 1000)
    words = lines[at].split()
    lines[at] = b"  ".join([words[0], words[1], bad.encode(), words[3]])
    with pytest.raises(MeshError, match=rf"line {at + 1:,}: '{re.escape(bad)}' is not a number"):
        read_mesh(b"\n".join(lines), name="arch.stl")


@pytest.mark.parametrize(
    ("cut_after", "message"),
    [
        (b"facet normal", "ends in the middle of a triangle"),
        (b"outer loop", "ends in the middle of a triangle"),
        (b"vertex", "do not make whole triangles"),  # the facet's first vertex word, last bytes
        (b"vertex", "ends in the middle of a vertex"),  # its third vertex word
    ],
)
def test_a_file_cut_inside_its_last_facet_is_refused(cut_after: bytes, message: str) -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    last = data.rindex(b"facet normal")
    if message == "ends in the middle of a vertex":
        at = data.index(cut_after, data.index(b"vertex", data.index(b"vertex", last) + 1) + 1)
    else:
        at = data.index(cut_after, last)
    cut = data[: at + len(cut_after)]
    if cut_after == b"facet normal":
        cut += b" 0 0 1"
    with pytest.raises(MeshError, match=rf"arch\.stl.*{message}"):
        read_mesh(cut, name="arch.stl")
    # The whole file still reads, every triangle kept.
    assert read_mesh(data, name="arch.stl").n_faces == len(faces)


@pytest.mark.parametrize(
    "cut_after",
    [
        b"endloop",  # its endfacet lost
        b"\n",  # after the third vertex's line
        b"",  # within the third vertex's last number
    ],
)
def test_a_file_cut_after_its_last_vertex_is_refused(cut_after: bytes) -> None:
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    last = data.rindex(b"vertex")
    if cut_after == b"":
        at = data.index(b"\n", last) - 3  # "…19.3924" of "…19.392488479614258"
    else:
        at = data.index(cut_after, last) + len(cut_after)
    with pytest.raises(MeshError, match=r"arch\.stl.*ends in the middle of a triangle"):
        read_mesh(data[:at], name="arch.stl")


def test_a_file_without_endsolid_is_read_to_its_last_whole_facet() -> None:
    # Some exporters never write "endsolid"; a file cut exactly between two facets looks the
    # same, and its facets before the cut are read (docs/spec-gaps.md, "STL").
    points, faces = _arch()
    data = ascii_stl(points, faces, number="{!r}")
    whole = data[: data.rindex(b"endsolid")]
    assert read_mesh(whole, name="arch.stl").n_faces == len(faces)
    between = data[: data.index(b"endfacet\n", data.index(b"facet normal", 2000)) + 9]
    mesh = read_mesh(between, name="arch.stl")
    assert mesh.n_faces == between.count(b"endfacet")
    np.testing.assert_array_equal(mesh.points, _independent(between))
