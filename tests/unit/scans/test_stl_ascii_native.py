"""The ASCII STL reader in C (`scaninbox.scans._text_native`) against the numpy reader.

Both must give the same float32 bits and the same errors for every file: the real scan, files
written the odd ways exporters and hand edits write them, numbers of every shape (and random
ones), bad and truncated files, and a memory-mapped file. The C path is `parse_ascii_stl` as the
app runs it; the numpy path is the same module with the extension switched off.

These tests skip when the extension is not built; `test_stl_ascii_build.py` fails then.
"""

from __future__ import annotations

import contextlib
import math
import mmap
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scaninbox.scans import Mesh, MeshError, stl_ascii, validate

from .meshfiles import arch_mesh, ascii_stl
from .native_builds import BUILD_NAMES, use_build

Parse = Callable[[bytes, str], Mesh]

_text_native: ModuleType | None = None  # the build of the C extension under test


@pytest.fixture(autouse=True, params=BUILD_NAMES)
def _build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test with each build of the C extension (the reader and ``_text_native`` here)."""
    monkeypatch.setitem(globals(), "_text_native", use_build(request.param, monkeypatch))


def _native(data: bytes, name: str) -> Mesh:
    assert _text_native is not None
    return stl_ascii._parse_native(_text_native, data, name)


def _numpy(data: bytes, name: str) -> Mesh:
    return stl_ascii._parse_numpy(data, name)


def _bits(mesh: Mesh) -> np.ndarray:
    return np.ascontiguousarray(mesh.points).view(np.uint32)


def _same_result(data: bytes, name: str = "scan.stl") -> Mesh:
    """Both readers' meshes, which must hold the same bits; or both errors, which must match."""
    outcomes: list[Mesh | MeshError] = []
    for parse in (_native, _numpy):
        try:
            outcomes.append(parse(data, name))
        except MeshError as exc:
            outcomes.append(exc)
    native, numpy = outcomes
    if isinstance(native, MeshError) or isinstance(numpy, MeshError):
        assert str(native) == str(numpy)
        raise native
    np.testing.assert_array_equal(_bits(native), _bits(numpy))
    assert native.n_faces == numpy.n_faces
    return native


def _facet(corners: list[list[str]], *, newline: str = "\n", lead: str = "  ") -> str:
    lines = ["facet normal 0 0 1", "outer loop"]
    lines += [lead + "vertex " + " ".join(corner) for corner in corners]
    lines += ["endloop", "endfacet"]
    return newline.join(lines) + newline


def _arch_file(**kwargs: object) -> bytes:
    points, faces = arch_mesh(48, 24)
    return ascii_stl(points * np.float32(37.5) - np.float32(11.0), faces, **kwargs)  # type: ignore[arg-type]


@pytest.mark.realscans
def test_the_real_scan_gives_the_same_bits_and_trimeshs_points(realscans: Path) -> None:
    import trimesh

    path = realscans / "Example_01_ascii.stl"
    data = path.read_bytes()
    mesh = _same_result(data, path.name)
    assert mesh.n_faces == 99_999
    # trimesh reads the numbers with a correctly rounding parser: a point may differ from ours
    # by the one float32 step that reading 17 digits as 16 + 1 can cost, never more.
    other = trimesh.load(path, process=False)
    theirs = np.asarray(other.vertices, np.float64).astype(np.float32)
    soup = theirs[np.asarray(other.faces)].reshape(-1, 3)
    np.testing.assert_array_max_ulp(mesh.points, soup, maxulp=1)
    assert np.mean(mesh.points == soup) > 0.999


@pytest.mark.parametrize(
    ("number", "newline", "upper"),
    [
        ("{!r}", "\r\n", False),
        ("{:.7e}", "\n", True),
        ("{:.6E}", "\r\n", True),
        ("{:.4g}", "\n", False),
        ("{:.12f}", "\n", True),
        ("{:+.17g}", "\n", False),  # 17 significant digits after a sign: two digit groups
        ("{:.20f}", "\n", False),  # longer than 24 bytes: float() for every number
    ],
)
def test_exporters_number_styles_give_the_same_bits(number: str, newline: str, upper: bool) -> None:
    _same_result(_arch_file(number=number, newline=newline, upper=upper))


def test_tabs_runs_of_blanks_and_control_bytes_separate_words() -> None:
    data = _arch_file(number="{!r}")
    messy = data.replace(b" ", b" \t\x0b ").replace(b"\n", b"\r\n\t\x0c")
    mesh = _same_result(messy)
    assert mesh.n_faces == _same_result(data).n_faces


def test_several_solids_and_names_with_numbers_and_keywords() -> None:
    facet = _facet([["1", "2", "3"], ["4.5", "-5", "6e1"], [".5", "-.25", "+7."]])
    data = (
        f"solid 2024 11 23 1.5e3\n{facet}{facet}endsolid 2024 11 23 1.5e3\n"
        f"SOLID vertex colours\n{facet}ENDSOLID vertex\n"
        f"solid\n{facet}endsolid\n"
    ).encode()
    mesh = _same_result(data)
    assert mesh.n_faces == 4
    np.testing.assert_array_equal(
        mesh.points[3:6].ravel(), np.float32([1, 2, 3, 4.5, -5, 60, 0.5, -0.25, 7])
    )


def test_keywords_in_any_case_and_odd_spacing() -> None:
    body = (
        "FaCeT NoRmAl 0 0 1 OUTER Loop VeRtEx 1 2 3 vertex   4 5 6\n\n\n"
        "VERTEX\t7\t8\t9 endloop ENDFACET\n"
    )
    mesh = _same_result(f"solid x\n{body * 5}endsolid x\n".encode())
    assert mesh.n_faces == 5
    np.testing.assert_array_equal(mesh.points[:3].ravel(), np.arange(1, 10, dtype=np.float32))


@pytest.mark.parametrize(
    "token",
    [
        "0", "-0", "-0.0", "+4", "7.", ".5", "-.5", "+.5e1", "1e3", "1E-3", "1e+022", "1e22",
        "1e23", "1e-22", "9e-8", "3.E1", "12345678.9", "-28.2027645111084",
        "19.392488479614258", "0.31748002142061227", "99999999.99999999", "1.0000000000000002",
        "123456789012345678901234", "-12345678901234567890123", "0.0000000000000000000001",
        "00000000000000000000001.5", "1e0001", "1.00000000000000000000000001",
        "6.02214076e23", "-1234.567890123", "nan", "NaN", "inf", "-Infinity",
    ],
)  # fmt: skip
def test_every_number_shape_gives_the_same_bits_or_the_same_refusal(
    token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Numbers of every size are read alike; that none is too large for a jaw is checked after.
    monkeypatch.setattr(validate, "MAX_COORDINATE_MM", math.inf)
    corners = [[token, "1", "2"], ["3", token, "4"], ["5", "6", token]]
    data = f"solid n\n{_facet(corners)}endsolid n\n".encode()
    if not np.isfinite(np.float32(float(token))):  # nan, inf: no drawable point, refused alike
        with pytest.raises(MeshError, match="not finite"):
            _same_result(data)
        return
    mesh = _same_result(data)
    assert mesh.points[0, 0] == np.float32(float(token))


_digits = st.text("0123456789", min_size=0, max_size=20)
_numbers = st.builds(
    lambda sign, whole, dot, frac, exp: f"{sign}{whole}{dot}{frac}{exp}",
    st.sampled_from(["", "-", "+"]),
    _digits,
    st.sampled_from(["", "."]),
    _digits,
    st.one_of(
        st.just(""),
        st.builds(
            lambda e, s, n: f"{e}{s}{n}",
            st.sampled_from("eE"),
            st.sampled_from(["", "-", "+"]),
            st.integers(0, 400).map(str),
        ),
    ),
).filter(bool)  # an empty "number" would be no token at all


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_numbers, min_size=9, max_size=9))
def test_random_numbers_give_the_same_bits_or_the_same_error(tokens: list[str]) -> None:
    corners = [tokens[i : i + 3] for i in range(0, 9, 3)]
    data = f"solid r\n{_facet(corners)}endsolid r\n".encode()
    # Refused or read, both readers must agree (an error's message included).
    with contextlib.suppress(MeshError):
        _same_result(data)


@pytest.mark.parametrize("bad", ["1.2.3", "--1", "1e", "1e+", "0x10", "1,5", "e5", ".", "vertex"])
def test_a_bad_number_is_named_with_its_line_alike(bad: str) -> None:
    lines = _arch_file(number="{!r}").split(b"\n")
    at = next(i for i, line in enumerate(lines) if b"vertex" in line and i > 1000)
    words = lines[at].split()
    lines[at] = b" ".join([words[0], words[1], bad.encode(), words[3]])
    with pytest.raises(MeshError, match=rf"line {at + 1:,}: '{re.escape(bad)}' is not a number"):
        _same_result(b"\n".join(lines))


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda d: d[: d.rindex(b"vertex") + 12], "ends in the middle of a vertex"),
        (lambda d: d[: d.rindex(b"endloop")], None),  # whole vertices, a facet left open
        (lambda d: d[: d.rindex(b"vertex")], "do not make whole triangles"),
        (lambda d: b"solid empty\nendsolid empty\n", "contains no triangles"),
        (lambda d: b"", "contains no triangles"),
        (lambda d: b"solid x\n   \n", "contains no triangles"),
    ],
)
def test_truncated_and_empty_files_fail_alike(
    cut: Callable[[bytes], bytes], message: str | None
) -> None:
    data = cut(_arch_file(number="{!r}"))
    if message is None:
        _same_result(data)
        return
    with pytest.raises(MeshError, match=message):
        _same_result(data)


def test_a_memory_mapped_file_is_read_in_place(tmp_path: Path) -> None:
    data = _arch_file(number="{!r}")
    path = tmp_path / "arch.stl"
    path.write_bytes(data)
    with path.open("rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        mesh = stl_ascii.parse_ascii_stl(mapped, "arch.stl")
        np.testing.assert_array_equal(_bits(mesh), _bits(_numpy(data, "arch.stl")))
        del mesh  # the points are a copy: the mapping closes with nothing pointing into it


def _large_file() -> bytes:
    """An ASCII STL above the size from which the C reader cuts the file in two."""
    data = _arch_file(number="{!r}")
    copies = stl_ascii._SPLIT_FROM_BYTES // len(data) + 2
    return data * copies  # several solids, one after the other


def test_a_large_file_read_in_two_halves_gives_the_same_bits() -> None:
    data = _large_file()
    assert stl_ascii._cut_near(data, len(data) // 2) is not None
    _same_result(data)


def test_a_vertex_short_of_a_number_before_the_cut_fails_alike() -> None:
    # The vertex line right before the cut loses its last number: its keyword then takes the
    # "vertex" after the cut as that number (so the file lists one vertex too few). The first
    # half ends waiting for it, and the C reader reads the file again in one piece.
    large = _large_file()
    for pad in range(400):  # a longer first facet normal moves the middle, so the cut
        data = large.replace(b"normal 0 ", b"normal 0." + b"0" * pad + b" ", 1)
        cut = stl_ascii._cut_near(data, len(data) // 2)
        assert cut is not None
        at = data.rindex(b"vertex", 0, cut)
        if b"loop" in data[at:cut]:  # the cut starts a facet
            continue
        line_end = data.index(b"\n", at)
        short = data[: data.rindex(b" ", at, line_end)] + data[line_end:]
        if stl_ascii._cut_near(short, len(short) // 2) == cut - (len(data) - len(short)):
            break
    else:
        pytest.fail("no file with the short vertex right before the cut")
    assert _text_native is not None
    first = _text_native.stl_vertices(short, 0, cut - (len(data) - len(short)), True)
    assert first[1] == 1  # the first half alone ends one number short
    with pytest.raises(MeshError, match=r"lists [\d,]+ vertices, which do not make whole"):
        _same_result(short)


def test_a_vertex_short_of_a_number_after_the_cut_is_named_alike() -> None:
    data = _large_file()
    cut = stl_ascii._cut_near(data, len(data) // 2)
    assert cut is not None
    line_end = data.index(b"\n", cut + 1)
    short = data[: data.rindex(b" ", cut + 1, line_end)] + data[line_end:]
    with pytest.raises(MeshError, match=r"do not make whole triangles|'endloop' is not a number"):
        _same_result(short)


@pytest.mark.parametrize(
    ("name", "extra"),
    [
        ("stl_vertices", (True,)),
        ("obj_scan", (1,)),
        ("text_numbers", ()),
        ("ply_mesh", (b"\x01\x02\x03", 0, 0, 1)),
    ],
)
def test_every_c_entry_point_checks_its_window_the_same_way(
    name: str, extra: tuple[object, ...]
) -> None:
    assert _text_native is not None
    function = getattr(_text_native, name)
    data = b"v 1 2 3\n"
    with pytest.raises(TypeError, match=rf"{name} takes {3 + len(extra)} arguments"):
        function(data, 0)
    with pytest.raises(ValueError, match=rf"{name}: start/stop outside the buffer"):
        function(data, 0, len(data) + 1, *extra)
    with pytest.raises(ValueError, match="outside the buffer"):
        function(data, -1, 2, *extra)
    with pytest.raises(TypeError):
        function("text, not bytes", 0, 4, *extra)
    with pytest.raises(OverflowError):
        function(data, 2**70, 4, *extra)
    assert function(data, 0, 0, *extra) is not None  # an empty window is fine


def test_the_c_function_refuses_a_range_outside_the_buffer_and_non_buffers() -> None:
    assert _text_native is not None
    data = b"solid x\nfacet normal 0 0 1 outer loop vertex 1 2 3"
    with pytest.raises(ValueError, match="outside the buffer"):
        _text_native.stl_vertices(data, 0, len(data) + 1, True)
    with pytest.raises(ValueError, match="outside the buffer"):
        _text_native.stl_vertices(data, 5, 4, True)
    with pytest.raises(TypeError):
        _text_native.stl_vertices("text, not bytes", 0, 4, True)
    coords, missing, outside, bad = _text_native.stl_vertices(memoryview(data), 0, len(data), True)
    assert np.frombuffer(coords, np.float32).tolist() == [1, 2, 3]
    assert (missing, outside, bad) == (0, False, [])
