"""The OBJ reader against trimesh and a plain Python reading.

The real scans and generated files in every face form must give trimesh's points and
triangles; random files must give a plain Python reading's mesh; random garbage must give a
mesh or a plain `MeshError`.
"""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scaninbox.scans import Mesh, MeshError, read_mesh
from scaninbox.scans import obj as obj_reader

from .meshfiles import arch_mesh, obj

FORMS = ("v", "v/vt", "v//vn", "v/vt/vn")


def _trimesh(data: bytes) -> Any:
    import trimesh

    logging.getLogger("trimesh").setLevel(logging.ERROR)
    return trimesh.load(io.BytesIO(data), file_type="obj", process=False, force="mesh")


def _same_as_trimesh(mesh: Mesh, data: bytes) -> None:
    other = _trimesh(data)
    np.testing.assert_array_equal(mesh.points, np.asarray(other.vertices, np.float32))
    np.testing.assert_array_equal(mesh.faces, np.asarray(other.faces))


def _independent(data: bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Points, triangles and colours by bytes.split, float() and int(), line by line."""
    text = data.replace(b"\\\r\n", b" ").replace(b"\\\n", b" ")
    points: list[list[float]] = []
    colours: list[list[float]] = []
    triangles: list[tuple[int, int, int]] = []
    for line in text.split(b"\n"):
        words = line.split()
        for i, word in enumerate(words):
            if word.startswith(b"#"):
                words = words[:i]
                break
        if words[:1] == [b"v"]:
            numbers = [float(w) for w in words[1:]]
            points.append(numbers[:3])
            if len(numbers) >= 6:
                colours.append(numbers[3:6])
        elif words[:1] == [b"f"]:
            numbers = [int(w.split(b"/")[0]) for w in words[1:]]
            index = [n - 1 if n > 0 else len(points) + n for n in numbers]
            triangles += [(index[0], index[i], index[i + 1]) for i in range(1, len(index) - 1)]
    rgb = None
    if colours and len(colours) == len(points):
        values = np.array(colours)
        scale = 255 if values.max() <= 1 else 1
        rgb = np.clip(np.rint(values * scale), 0, 255).astype(np.uint8)
    return np.array(points, np.float32), np.array(triangles, np.int32), rgb


def test_the_real_scans_give_trimeshs_mesh(realscans: Path) -> None:
    for path in sorted(realscans.glob("*.obj")):
        mesh = read_mesh(path)
        assert mesh.welded
        assert mesh.source == "OBJ"
        assert mesh.n_faces == 12_000
        _same_as_trimesh(mesh, path.read_bytes())


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("relative", [False, True])
def test_every_face_form_absolute_and_relative(form: str, relative: bool) -> None:
    points, faces = arch_mesh(30, 8)
    data = obj(points, faces, form=form, relative=relative, extras=True)
    mesh = read_mesh(data, name="arch.obj")
    np.testing.assert_array_equal(mesh.points, points)
    np.testing.assert_array_equal(mesh.faces, faces)
    if not relative:  # trimesh reads negative indices too, but not when they interleave
        _same_as_trimesh(mesh, data)


def test_quads_and_polygons_become_fans_like_trimesh() -> None:
    points = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [2, 0, 0], [2, 1, 0]], float)
    data = obj(points, [[0, 1, 2, 3], [1, 4, 5, 2], [0, 1, 4, 5, 2, 3]])
    mesh = read_mesh(data, name="quads.obj")
    expected = [[0, 1, 2], [0, 2, 3], [1, 4, 5], [1, 5, 2]]
    expected += [[0, 1, 4], [0, 4, 5], [0, 5, 2], [0, 2, 3]]
    assert mesh.faces.tolist() == expected
    # trimesh splits a quad as (0 1 2) (2 3 0): the same triangles, the same way round.
    assert _rotated(mesh.faces[:4]) == _rotated(np.asarray(_trimesh(data).faces)[:4])


def _rotated(triangles: np.ndarray) -> list[tuple[int, ...]]:
    """Each triangle rotated to start at its smallest corner (its orientation kept)."""
    out = []
    for tri in triangles.tolist():
        k = tri.index(min(tri))
        out.append(tuple(tri[k:] + tri[:k]))
    return out


def test_crlf_tabs_comments_and_continuations() -> None:
    data = (
        b"# exported\r\nv\t1 2 3 # first\r\n  v 4 5 6\r\nv 7 \\\r\n 8 9\r\n"
        b"vn 0 0 1\r\n#f 9 9 9\r\nf 1//1\t2//1 \\\n 3//1 # a triangle\r\n"
    )
    mesh = read_mesh(data, name="odd.obj")
    assert mesh.points.tolist() == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert mesh.faces.tolist() == [[0, 1, 2]]
    points, triangles, _ = _independent(data)
    np.testing.assert_array_equal(mesh.points, points)
    np.testing.assert_array_equal(mesh.faces, triangles)


def test_w_is_ignored_and_colours_are_read_in_both_scales() -> None:
    points, faces = arch_mesh(12, 4)
    rng = np.random.default_rng(7)
    unit = rng.random((len(points), 3)).round(4)
    mesh = read_mesh(obj(points, faces, colours=unit), name="c.obj")
    assert mesh.colours is not None
    np.testing.assert_array_equal(mesh.colours, np.rint(unit * 255).astype(np.uint8))
    other = _trimesh(obj(points, faces, colours=unit))
    np.testing.assert_array_equal(mesh.colours, np.asarray(other.visual.vertex_colors)[:, :3])
    bytes_255 = rng.integers(0, 256, (len(points), 3)).astype(float)
    mesh = read_mesh(obj(points, faces, colours=bytes_255), name="c.obj")
    assert mesh.colours is not None
    assert mesh.colours.tolist() == bytes_255.astype(int).tolist()
    with_w = obj(points, faces, colours=np.ones((len(points), 1)))
    mesh = read_mesh(with_w, name="w.obj")
    assert mesh.colours is None
    np.testing.assert_array_equal(mesh.points, points)


def test_colours_on_some_vertices_only_are_dropped() -> None:
    data = b"v 0 0 0 1 0 0\nv 1 0 0\nv 0 1 0 0 0 1\nf 1 2 3\n"
    mesh = read_mesh(data, name="some.obj")
    assert mesh.colours is None
    assert mesh.n_faces == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"# nothing\n", "contains no faces"),
        (b"v 1 2 3\nv 4 5 6\nv 7 8 9\n", "contains no faces"),
        (b"v 1 2\nv 1 2 3\nf 1 2 2\n", "line 1: a vertex needs three numbers"),
        (b"v 1 2 3\nv 1 2 3\n\nf 1 2\n", "line 4: a face needs three corners"),
        (b"v 1 2 3\nv 1 2 x\nf 1 2 2\n", "line 2: 'x' is not a number"),
        (b"v 1 2 3\nv 1 2 nan\nf 1 2 2\n", "line 2: a coordinate is not a finite number"),
        (b"v 1 2 3\nv 1 2 1e99\nf 1 2 2\n", "line 2: a coordinate is not a finite number"),
        (b"v 1 2 3 0 0 0\nv 1 2 3 inf 0 0\nf 1 2 2\n", "line 2: a colour is not a finite"),
        (b"v 1 2 3\nv 1 2 3\nf 1 2 0\n", "line 3: '0' refers to vertex 0, but OBJ counts"),
        (b"v 1 2 3\nf 1 -2 1\nv 1 2 3\n", "line 2: '-2' refers back 2 vertices, but only 1"),
        (b"v 1 2 3\nv 1 2 3\nf 1 2 3/1\n", "line 3: a face refers to vertex 3, but the file has 2"),
        (b"v 1 2 3\nf 1 1 1.0\n", "line 2: '1.0' is not a vertex number"),
        (b"v 1 2 3\nf 1 1 /1\n", "line 2: '/1' is not a vertex number"),
        (b"v 1 2 3\nf 1 1 12345678901\n", "line 2: '12345678901' is not a vertex number"),
        (b"v 1 2 3\nf 1 1 2147483648\n", "line 2: '2147483648' is not a vertex number"),
        (b"v 1 \\\n 2 3\nv 4 5 6\nf 1 2 \\\n x\n", "line 5: 'x' is not a vertex number"),
        (b"v 1 \\\n 2 3\nv 4 5 \\\n 6e\nf 1 2 2\n", "line 4: '6e' is not a number"),
        (b"\x00\x01\x02\xff", "contains no faces"),
    ],
)
def test_bad_files_fail_in_words_naming_the_line(data: bytes, message: str) -> None:
    with pytest.raises(MeshError, match=r"^Cannot read the scan 'bad\.obj': ") as caught:
        read_mesh(data, name="bad.obj")
    assert message in str(caught.value)


def test_the_first_problem_in_the_file_is_named() -> None:
    data = b"v 1 2 3\nv a 2 3\nf 1 2 0\nv 1 2\n"
    with pytest.raises(MeshError, match="line 2: 'a' is not a number"):
        read_mesh(data, name="bad.obj")
    with pytest.raises(MeshError, match="line 3: '0' refers to vertex 0"):
        read_mesh(data.replace(b" a ", b" 1 "), name="bad.obj")


def test_a_large_file_is_read_through_the_memory_map(tmp_path: Path) -> None:
    points, faces = arch_mesh(300, 60)
    data = obj(points, faces, form="v/vt/vn", extras=True)
    assert len(data) > 1 << 20  # read_mesh maps files from 1 MiB
    path = tmp_path / "big.obj"
    path.write_bytes(data)
    mesh = read_mesh(path)
    np.testing.assert_array_equal(mesh.points, points)
    np.testing.assert_array_equal(mesh.faces, faces)


def test_reading_an_obj_does_not_import_trimesh(tmp_path: Path) -> None:
    path = tmp_path / "t.obj"
    path.write_bytes(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    script = (
        "import sys\nfrom scaninbox.scans import read_mesh\n"
        f"assert read_mesh({str(path)!r}).n_faces == 1\n"
        "print('trimesh' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONWARNINGS": "error"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "False"


_NUMBER = st.floats(-1e4, 1e4, allow_nan=False, width=32).map(lambda v: repr(float(np.float32(v))))


@st.composite
def _obj_files(draw: st.DrawFn) -> bytes:
    """Valid OBJ text: numbers, forms, blanks, comments and relative indices drawn at random."""
    n = draw(st.integers(3, 12))
    gap = st.sampled_from([" ", "  ", "\t", " \t "])
    lines = ["v" + draw(gap) + draw(gap).join(draw(_NUMBER) for _ in range(3)) for _ in range(n)]
    for _ in range(draw(st.integers(1, 8))):
        size = draw(st.integers(3, 6))
        corners = []
        for index in draw(st.lists(st.integers(0, n - 1), min_size=size, max_size=size)):
            number = str(index - n) if draw(st.booleans()) else str(index + 1)
            corners.append(draw(st.sampled_from(["{}", "{}/3", "{}//2", "{}/1/-1"])).format(number))
        tail = draw(st.sampled_from(["", " # note", "\t#"]))
        lines.append("f" + draw(gap) + draw(gap).join(corners) + tail)
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["# c", "vn 0 0 1", "g x", "s 1", "usemtl m"])))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return (newline.join(lines) + newline).encode("ascii")


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=_obj_files())
def test_random_files_give_a_plain_reading(data: bytes) -> None:
    mesh = read_mesh(data, name="random.obj")
    points, triangles, _ = _independent(data)
    np.testing.assert_array_equal(mesh.points, points)
    np.testing.assert_array_equal(mesh.faces, triangles)


_PIECES = [
    b"1",
    b"2",
    b"3",
    b"-1",
    b"-4",
    b"0",
    b"3/1",
    b"2//1",
    b"1/2/3",
    b"/",
    b"1.5",
    b"-2.25e1",
    b"nan",
    b"inf",
    b"1e999",
    b"x",
    b"#",
    b"#c",
    b"\\\n",
    b"12345678901",
    b"+2",
    b"0.5",
    b"255",
]
_LINES = st.builds(
    lambda head, words, gap, end: head + gap + gap.join(words) + end,
    st.sampled_from([b"v", b"v", b"f", b"f", b"vt", b"#", b"g", b""]),
    st.lists(st.sampled_from(_PIECES), max_size=8),
    st.sampled_from([b" ", b"\t", b"  "]),
    st.sampled_from([b"\n", b"\r\n", b" \\\n"]),
)


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(lines=st.lists(_LINES, max_size=12))
def test_garbage_reads_or_fails_plainly(lines: list[bytes]) -> None:
    data = b"v 1 2 3\nv 4 5 6\nv 7 8 9\n" + b"".join(lines)
    outcome: Mesh | MeshError
    try:
        outcome = obj_reader.parse_obj(data, "g")
    except MeshError as exc:
        outcome = exc
    if isinstance(outcome, MeshError):
        assert str(outcome).startswith("Cannot read the scan 'g': ")
    else:
        mesh = outcome
        assert mesh.n_faces > 0
        assert np.isfinite(mesh.points).all()
        assert int(mesh.faces.min()) >= 0
        assert int(mesh.faces.max()) < mesh.n_points


def test_a_problem_near_the_end_of_a_large_file_is_named_by_its_line() -> None:
    points, faces = arch_mesh(300, 60)
    lines = obj(points, faces).split(b"\n")
    at = len(lines) - 100
    lines[at] = b"f 1 2 0"
    with pytest.raises(MeshError, match=rf"line {at + 1:,}: '0' refers to vertex 0"):
        read_mesh(b"\n".join(lines), name="bad.obj")
