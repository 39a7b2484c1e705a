"""The C readers' run of face lines: OBJ "f a b c" and ASCII PLY "3 a b c" at its edges.

Consecutive triangle lines whose corners are plain numbers of 1-8 digits are read by a loop of
their own (`face_run` in _text_native.c) from masks of each line's first 32 bytes; anything else
is handed, line by line, to the general path. Each test puts an unusual line in the middle of a
long run (so the run reaches it, and goes on after it) and checks the C reader, on one and two
threads, against the numpy reader: the same triangles, or the same error.
"""

from __future__ import annotations

import ctypes
import mmap
import random
from types import ModuleType

import numpy as np
import pytest

from scaninbox.scans import Mesh, MeshError
from scaninbox.scans import obj as obj_reader

from . import test_text_fast_paths as fast_paths
from .native_builds import BUILD_NAMES, use_build
from .test_text_fast_paths import (
    XYZ,
    _arch_rows,
    _check_obj,
    _check_ply,
    _obj_lines,
    _outcome,
    _ply_text,
    _same,
)


@pytest.fixture(autouse=True, params=BUILD_NAMES)
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """Each test with each build of the C extension (their SIMD paths differ): the readers,
    and the helpers shared with test_text_fast_paths."""
    build = use_build(request.param, monkeypatch)
    monkeypatch.setattr(fast_paths, "_text_native", build)
    return build


# The bytes of a line the run looks at (_text_native.c FACE_WINDOW): its '\n' must be among them;
# lines with texture or normal indices: FACE_WINDOW_SLASHES.
WINDOW = 32
WINDOW_SLASHES = 64


def _padded(line: str, newline_at: int) -> str:
    """The line with blanks after its last corner, so that its '\n' comes at byte newline_at."""
    assert len(line) <= newline_at
    return line + " " * (newline_at - len(line))


OBJ_SHAPES = {
    # shape: (face line, what the readers make of it: a mesh or an error)
    "seven digits": ("f 0000001 0000002 0000003", Mesh),
    "eight digits": ("f 00000001 00000002 00000003", Mesh),
    "nine digits": ("f 000000001 2 3", Mesh),
    "ten digits": ("f 1 2 0000000003", Mesh),
    "sixteen digits": ("f 1 0000000000000002 3", MeshError),
    "seventeen digits": ("f 1 2 00000000000000003", MeshError),
    "the '\\n' at the window's last byte": (_padded("f 1 2 3", WINDOW - 1), Mesh),
    "the '\\n' just past the window": (_padded("f 1 2 3", WINDOW), Mesh),
    "a corner ending at the window's last byte": (_padded("f 1 2", WINDOW - 2) + "3", Mesh),
    "three eight-digit corners, the longest line": ("f 00000001 00000002 00000003", Mesh),
    "the same with two blanks": ("f  00000001  00000002 00000003", Mesh),
    "tabs": ("f\t1 \t2\t\t3", Mesh),
    "vertical tab and form feed": ("f \x0b1\x0c2 3", Mesh),
    "a carriage return": ("f 1 2 3\r", Mesh),
    "blanks after the last corner": ("f 1 2 3 \t ", Mesh),
    "the last vertex": ("f 1 2 {n}", Mesh),
    "past the last vertex": ("f 1 {n1} 2", MeshError),
    "index 0": ("f 1 0 2", MeshError),
    "index 00": ("f 00 1 2", MeshError),
    "a quad": ("f 1 2 3 4", Mesh),
    "a pentagon": ("f 5 4 3 2 1", Mesh),
    "two corners": ("f 1 2", MeshError),
    "texture and normal indices": ("f 1/1/1 2/2/2 3/3/3", Mesh),
    "normal indices": ("f 1//7 2//8 3//9", Mesh),
    "texture indices": ("f 1/7 2/8 3/9", Mesh),
    "slashes without numbers": ("f 1/ 2// 3///", Mesh),
    "a slash first": ("f 1 /2 3", MeshError),
    "a letter after a slash": ("f 1/a 2/b 3/c", Mesh),
    "a sign after a slash": ("f 1/-1 2/-1 3/-1", Mesh),
    "eight digits and a slash": ("f 00000001/1 00000002/2 00000003/3", Mesh),
    "nine digits and a slash": ("f 000000001/1 2/2 3/3", Mesh),
    "slashes, the '\n' at the wide window's last byte": (
        _padded("f 1/1/1 2/2/2 3/3/3", WINDOW_SLASHES - 1),
        Mesh,
    ),
    "slashes, the '\n' just past the wide window": (
        _padded("f 1/1/1 2/2/2 3/3/3", WINDOW_SLASHES),
        Mesh,
    ),
    "slashes, a corner ending at the wide window's last byte": (
        _padded("f 1/1/1 2/2/2", WINDOW_SLASHES - 6) + "3/3/3",
        Mesh,
    ),
    "slashes and a comment": ("f 1/1 2/2 3/3 # uv", Mesh),
    "slashes and a quad": ("f 1/1 2/2 3/3 4/4", Mesh),
    "a comment after the corners": ("f 1 2 3 # a triangle", Mesh),
    "a comment glued to a corner": ("f 1 2 3#c", MeshError),
    "a comment line": ("# f 1 2 3", Mesh),
    "a keyword after a blank": (" f 1 2 3", Mesh),
    "a longer keyword": ("fo 1 2 3", Mesh),
    "a keyword glued to a corner": ("f1 2 3 4", Mesh),
    "a plus sign": ("f +1 2 3", Mesh),
    "a relative index": ("f 1 -1 2", Mesh),
    "a letter in a corner": ("f 1 2a 3", MeshError),
    "a byte above 127": ("f 1 2 3 \xe9", MeshError),
    "an empty line": ("", Mesh),
}


@pytest.mark.parametrize("shape", OBJ_SHAPES)
@pytest.mark.parametrize("neighbours", ["v", "v/vt"])
def test_an_obj_face_line_in_a_run(shape: str, neighbours: str) -> None:
    """Among plain corners, or corners with texture indices (the wider window's run)."""
    lines = _obj_lines()
    n_vertices = sum(line.startswith("v ") for line in lines)
    faces = [i for i, line in enumerate(lines) if line.startswith("f ")]
    if neighbours == "v/vt":
        for i in faces:
            lines[i] = " ".join(["f", *(f"{c}/{c}" for c in lines[i].split()[1:])])
    line, expected = OBJ_SHAPES[shape]
    for at in (faces[40], faces[-40]):  # in both threads' halves
        changed = lines[:]
        changed[at] = line.format(n=n_vertices, n1=n_vertices + 1)
        data = "\n".join(changed).encode("latin-1")
        assert len(data) > 1 << 16  # two C threads
        assert isinstance(_check_obj(data), expected)


def test_a_continuation_right_after_a_corner_is_left_to_python(native: ModuleType) -> None:
    """ "f 1 2 3\\" goes on on the next line: not a run's line (a run's line ends in a digit and
    blanks), so the scan refuses it as any continuation, and Python joins the lines."""
    lines = _obj_lines()
    at = [i for i, line in enumerate(lines) if line.startswith("f ")][40]
    lines[at] += "\\"
    lines.insert(at + 1, " 4")
    data = "\n".join(lines).encode("ascii")
    for threads in (1, 2):
        assert native.obj_scan(data, 0, len(data), threads) is None
    joined = obj_reader._joined_lines(data)
    mesh = _outcome(data, "t.obj")
    _same(mesh, obj_reader._parse_numpy(joined, data, "t.obj"))
    assert isinstance(mesh, Mesh)
    assert len(mesh.faces) == len(_outcome("\n".join(_obj_lines()).encode(), "t.obj").faces) + 1


PLY_SHAPES = {
    # shape: (face row, whether ply_mesh takes the body, what the readers make of it)
    "seven digits": ("3 0000001 0000002 0000003", True, Mesh),
    "eight digits": ("3 00000001 00000002 00000003", True, Mesh),
    "nine digits": ("3 000000001 2 3", True, Mesh),
    "index 0": ("3 0 1 2", True, Mesh),
    "the last vertex": ("3 0 1 {last}", True, Mesh),
    "past the last vertex": ("3 0 {n} 1", False, MeshError),
    "the '\\n' at the window's last byte": (_padded("3 1 2 3", WINDOW - 1), True, Mesh),
    "the '\\n' just past the window": (_padded("3 1 2 3", WINDOW), True, Mesh),
    "a corner ending at the window's last byte": (_padded("3 1 2", WINDOW - 2) + "3", True, Mesh),
    "tabs": ("3\t1 \t2\t\t3", True, Mesh),
    "a carriage return": ("3 1 2 3\r", True, Mesh),
    "a row after a blank": (" 3 1 2 3", True, Mesh),
    "a count glued to a corner": ("31 2 3", False, MeshError),
    "a count of 03": ("03 1 2 3", False, Mesh),
    "a quad": ("4 1 2 3 4", False, Mesh),
    "a signed index": ("3 1 -2 3", False, MeshError),
    "a decimal index": ("3 1 2.0 3", False, Mesh),
}


@pytest.mark.parametrize("shape", PLY_SHAPES)
def test_a_ply_face_row_in_a_run(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rows, faces = _arch_rows()
    row, fast, expected = PLY_SHAPES[shape]
    faces[len(faces) // 2] = row.format(n=len(rows), last=len(rows) - 1)
    outcome = _check_ply(_ply_text(rows, faces, XYZ), monkeypatch, fast=fast)
    assert isinstance(outcome, expected)


@pytest.mark.parametrize("end", ["\n", "", "\r\n", "\n\n \n"])
def test_the_last_face_lines_near_the_end_of_the_text(
    end: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run needs 40 bytes from a line's start: the last lines of a text, the last one with
    or without its '\n', are read by the general path, and every triangle is still there."""
    rows, faces = _arch_rows()
    mesh = _check_ply(_ply_text(rows, faces, XYZ, end=end), monkeypatch, fast=True)
    assert isinstance(mesh, Mesh)
    assert mesh.faces[-1].tolist() == [int(i) for i in faces[-1].split()[1:]]
    lines = [line for line in _obj_lines() if line]
    mesh = _check_obj(("\n".join(lines) + end).encode("ascii"))
    assert isinstance(mesh, Mesh)
    assert mesh.faces[-1].tolist() == [int(i) - 1 for i in lines[-1].split()[1:]]


def _random_corner(rng: random.Random, index: int) -> str:
    """An index written with 0-3 leading zeros (1-10 digits in all)."""
    return "0" * rng.choice([0, 0, 0, 1, 2, 3]) + str(index)


def _random_blank(rng: random.Random) -> str:
    return rng.choice([" ", " ", " ", "  ", "\t", " \t"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_face_lines_give_the_numpy_readers_triangles(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Triangles with indices of 1-10 digits, blanks of any kind and now and then a polygon,
    corner forms, a trailing blank or "\r\n": the run and the general path take turns."""
    rng = random.Random(seed)
    rows, _ = _arch_rows(100, 30)
    n = len(rows)
    obj_faces: list[str] = []
    ply_faces: list[str] = []
    for _ in range(6000):
        corners = [rng.randrange(n) for _ in range(3 if rng.random() < 0.9 else 4)]
        tail = rng.choice(["", "", "", " ", "\r", "\t\r"])
        form = rng.choice(["{}"] * 12 + ["{}/1", "{}//2", "{}/3/4"])
        gaps = [_random_blank(rng) for _ in corners]
        obj_faces.append(
            "f"
            + "".join(
                g + form.format(_random_corner(rng, c + 1))
                for g, c in zip(gaps, corners, strict=True)
            )
            + tail
        )
        ply_faces.append(
            str(len(corners))
            + "".join(g + _random_corner(rng, c) for g, c in zip(gaps, corners, strict=True))
            + tail
        )
    vertices = [f"v {row}" for row in rows]
    obj = _check_obj(("\n".join(vertices + obj_faces) + "\n").encode("ascii"))
    assert isinstance(obj, Mesh)
    assert len(obj.faces) == sum(len(f.split()) - 3 for f in obj_faces)
    ply = _check_ply(_ply_text(rows, ply_faces, XYZ), monkeypatch, fast=False)  # the quads
    assert isinstance(ply, Mesh)
    triangles = [f for f in ply_faces if f.startswith("3")]
    ply = _check_ply(_ply_text(rows, triangles, XYZ), monkeypatch, fast=True)
    assert isinstance(ply, Mesh)
    np.testing.assert_array_equal(
        ply.faces, np.array([[int(i) for i in f.split()[1:]] for f in triangles])
    )


PAGE = mmap.PAGESIZE
PROT_NONE = 0  # mprotect(2): no access


def _before_a_guard_page(text: bytes) -> tuple[mmap.mmap, memoryview]:
    """``text`` at the very end of a page whose next page may not be read (a read past the
    end of the text kills the test process instead of passing unnoticed)."""
    assert len(text) <= PAGE
    pages = mmap.mmap(-1, 2 * PAGE)
    address = ctypes.addressof(ctypes.c_char.from_buffer(pages))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    assert libc.mprotect(address + PAGE, PAGE, PROT_NONE) == 0
    pages[PAGE - len(text) : PAGE] = text
    return pages, memoryview(pages)[PAGE - len(text) : PAGE]


def _faces_of(outcome: object) -> list[int]:
    assert isinstance(outcome, tuple)
    return np.frombuffer(outcome[2] if len(outcome) == 5 else outcome[3], np.int32).tolist()


@pytest.mark.parametrize("end", ["\n", ""])
@pytest.mark.parametrize("corner", ["{}", "{}/{}/{}"])
def test_the_run_reads_nothing_past_the_end_of_the_text(
    end: str, corner: str, native: ModuleType
) -> None:
    faces = [(i % 7 + 1, i % 5 + 1, i % 3 + 1) for i in range(100)]
    lines = ["f " + " ".join(corner.format(c, c, c) for c in f) for f in faces]
    text = ("v 0 0 0\n" * 7 + "\n".join(lines) + end).encode("ascii")
    _, view = _before_a_guard_page(text)
    expected = [c - 1 for f in faces for c in f]
    assert _faces_of(native.obj_scan(view, 0, len(text), 1)) == expected
    rows = ["0 0 0"] * 7
    ply_faces = [f"3 {a - 1} {b - 1} {c - 1}" for a, b, c in faces]
    body = ("\n".join(rows + ply_faces) + end).encode("ascii")
    _, view = _before_a_guard_page(body)
    read = native.ply_mesh(view, 0, len(body), bytes([1, 2, 3]), 7, 100, 1)
    assert _faces_of(read) == expected


def test_blocks_of_lines_the_run_does_not_take_between_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a few lines in a row that look like a run's but are not (quads, "v//vn"), runs
    are not tried for a while (each try costs time): the lines after such a block, triangles
    again, are read all the same, by whichever path."""
    rows, faces = _arch_rows(100, 30)
    triangles = [[int(i) for i in f.split()[1:]] for f in faces]
    # 1-based in an OBJ; a quad's fourth corner: the next vertex
    obj = [[i + 1 for i in t] for t in triangles]
    blocks = [
        [f"f {a} {b} {c} {a + 1}" for a, b, c in obj[:300]],
        [f"f {a} {b} {c}" for a, b, c in obj[300:700]],
        [f"f {a}//1 {b}//2 {c}//3" for a, b, c in obj[700:1000]],
        [f"f {a} {b} {c}" for a, b, c in obj[1000:]],
    ]
    lines = [f"v {row}" for row in rows] + [line for block in blocks for line in block]
    mesh = _check_obj(("\n".join(lines) + "\n").encode("ascii"))
    assert isinstance(mesh, Mesh)
    assert len(mesh.faces) == len(triangles) + 300
    ply_rows = [f"4 {a} {b} {c} {a + 1}" for a, b, c in triangles[:300]]
    ply_rows += [f"3 {a} {b} {c}" for a, b, c in triangles[300:]]
    mesh = _check_ply(_ply_text(rows, ply_rows, XYZ), monkeypatch, fast=False)
    assert isinstance(mesh, Mesh)


@pytest.mark.parametrize("other", ["quad", "slashes", "nine digits"])
def test_run_lines_taking_turns_with_other_lines(
    other: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Triangles and lines the plain run does not take, one each in turn: runs of one line,
    each try counted, the tries given up for a while and taken up again; nothing lost."""
    rows, faces = _arch_rows(100, 30)
    triangles = [[int(i) for i in f.split()[1:]] for f in faces]
    lines = [f"v {row}" for row in rows]
    ply_rows = []
    for i, (a, b, c) in enumerate(triangles):
        plain = f"{a + 1} {b + 1} {c + 1}"
        if i % 2 == 0:
            lines.append(f"f {plain}")
            ply_rows.append(f"3 {a} {b} {c}")
        elif other == "quad":
            lines.append(f"f {plain} {a + 2}")
            ply_rows.append(f"4 {a} {b} {c} {a + 1}")
        elif other == "slashes":
            lines.append(f"f {a + 1}/1 {b + 1}/2 {c + 1}/3")
            ply_rows.append(f"3 {a} {b} {c}")
        else:
            lines.append(f"f {a + 1:09d} {b + 1} {c + 1}")
            ply_rows.append(f"3 {a:09d} {b} {c}")
    mesh = _check_obj(("\n".join(lines) + "\n").encode("ascii"))
    assert isinstance(mesh, Mesh)
    assert len(mesh.faces) == len(triangles) + (len(triangles) // 2 if other == "quad" else 0)
    mesh = _check_ply(_ply_text(rows, ply_rows, XYZ), monkeypatch, fast=other != "quad")
    assert isinstance(mesh, Mesh)
