"""The fast paths of the C text readers against the numpy readers, line shape by line shape.

The C extension reads the common OBJ lines ("v x y z [r g b]", "f a b c") and the rows of an
ASCII PLY in the layout scanners write (vertex rows, then triangles, one row per line) from bit
masks of whole lines, with numbers of known length, straight into the output arrays, on two C
threads. Whatever it does not take goes to the general path. Each test here checks three
things: the fast path really ran (or really declined), the result has the numpy reader's bits
(or its error), and two threads give what one gives.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from scaninbox.scans import Mesh, MeshError, ply_text, read_mesh
from scaninbox.scans import obj as obj_reader

from .meshfiles import arch_mesh, obj, ply
from .native_builds import BUILD_NAMES, ply_mesh_arrays, use_build

_text_native: ModuleType | None = None  # the build of the C extension under test


@pytest.fixture(autouse=True, params=BUILD_NAMES)
def _build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test with each build of the C extension (the readers and ``_text_native`` here)."""
    monkeypatch.setitem(globals(), "_text_native", use_build(request.param, monkeypatch))


Outcome = Mesh | MeshError


def _outcome(data: bytes, name: str) -> Outcome:
    try:
        return read_mesh(data, name=name)
    except MeshError as exc:
        return exc


def _same(c: Outcome, numpy: Outcome) -> None:
    """The same float32 bits, triangles, colours and normals; or the same error."""
    if isinstance(c, MeshError) or isinstance(numpy, MeshError):
        assert str(c) == str(numpy)
        return
    np.testing.assert_array_equal(c.points.view(np.uint32), numpy.points.view(np.uint32))
    np.testing.assert_array_equal(c.faces, numpy.faces)
    for a, b in ((c.colours, numpy.colours), (c.normals, numpy.normals)):
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            np.testing.assert_array_equal(a, b)


# ------------------------------------------------------------------------------- ASCII PLY


def _ply_fast(data: bytes, threads: int) -> tuple[bytes | None, ...] | None:
    """`ply_mesh` as `common_ascii_mesh` calls it (bytes of its arrays), or None (declined)."""
    assert _text_native is not None
    return ply_mesh_arrays(_text_native, data, threads)


def _check_ply(data: bytes, monkeypatch: pytest.MonkeyPatch, *, fast: bool) -> Outcome:
    """Both threads counts agree; the fast path ran iff ``fast``; C and numpy agree."""
    one, two = _ply_fast(data, 1), _ply_fast(data, 2)
    assert one == two
    assert (one is not None) == fast
    c = _outcome(data, "t.ply")
    with monkeypatch.context() as patch:
        patch.setattr(ply_text, "_native", None)
        numpy = _outcome(data, "t.ply")
    _same(c, numpy)
    return c


def _ply_text(rows: list[str], faces: list[str], props: list[str], *, end: str = "\n") -> bytes:
    header = ["ply", "format ascii 1.0", f"element vertex {len(rows)}"]
    header += [f"property {p}" for p in props]
    header += [f"element face {len(faces)}", "property list uchar int vertex_indices", "end_header"]
    return ("\n".join(header) + "\n" + "\n".join(rows + faces) + end).encode("ascii")


def _arch_rows(n_around: int = 60, n_across: int = 12) -> tuple[list[str], list[str]]:
    points, faces = arch_mesh(n_around, n_across)
    rows = [" ".join(f"{v:.6f}" for v in p) for p in points.astype(np.float64)]
    return rows, [f"3 {a} {b} {c}" for a, b, c in faces]


XYZ = ["float x", "float y", "float z"]


def test_the_real_scan_as_written_by_the_benchmark_takes_the_fast_path(
    realscans: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    binary = read_mesh(realscans / "Example_01_vcolor_binary.ply")
    assert binary.colours is not None
    for colours in (binary.colours, None):
        data = ply(binary.points, binary.faces.tolist(), fmt="ascii", colours=colours)
        mesh = _check_ply(data, monkeypatch, fast=True)
        assert isinstance(mesh, Mesh)
        np.testing.assert_array_equal(mesh.faces, binary.faces)
    rows = np.hstack([binary.points.astype(np.float64), binary.colours.astype(np.float64)])
    body = "\n".join(
        " ".join([*(f"{v:.6f}" for v in r[:3]), *(str(int(v)) for v in r[3:])]) for r in rows
    )
    faces = "\n".join(f"3 {a} {b} {c}" for a, b, c in binary.faces)
    props = [*XYZ, *(f"uchar {c}" for c in ("red", "green", "blue", "alpha"))]
    head = _ply_text([], [], props).split(b"element face")[0].replace(b"vertex 0", b"vertex %d")
    data = (head % len(rows)) + f"element face {len(binary.faces)}\n".encode()
    data += b"property list uchar int vertex_indices\nend_header\n"
    data += (body + "\n" + faces + "\n").encode()
    _check_ply(data, monkeypatch, fast=True)


@pytest.mark.parametrize(
    ("change", "fast"),
    [
        ("plain", True),
        ("crlf", True),
        ("tabs", True),
        ("exponents", True),
        ("minus zero", True),
        ("long mantissa", True),
        ("30-byte token", False),
        ("no final newline", True),
        ("blank lines after the faces", True),
        ("blank line in the middle", False),
        ("row over two lines", False),
        ("quads", False),
        ("index past the last vertex", False),
        ("not a number", False),
        ("signed index", False),
        ("trailing text", False),
        ("line longer than 128 bytes", False),
        ("infinite coordinate", False),
    ],
)
def test_a_ply_row_shape(change: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    rows, faces = _arch_rows()
    middle = len(rows) // 2
    end = "\n"
    if change == "crlf":
        rows = [r + "\r" for r in rows]
        faces = [f + "\r" for f in faces]
    elif change == "tabs":
        rows[middle] = rows[middle].replace(" ", "\t ")
    elif change == "exponents":
        rows[middle] = "1.5e-3 -2.25E+2 7e0"
    elif change == "minus zero":
        rows[middle] = "-0 -0.0 -0.000000"
    elif change == "long mantissa":
        rows[middle] = "0.12345678901234567 -1234567.891234567 3.14159265358979323"
    elif change == "30-byte token":
        rows[middle] = "0.5000000000000000000000000001 1 2"
    elif change == "no final newline":
        end = ""
    elif change == "blank lines after the faces":
        end = "\n\n  \n"
    elif change == "blank line in the middle":
        rows[middle] += "\n"
    elif change == "row over two lines":
        rows[middle] = rows[middle].replace(" ", "\n", 1)
    elif change == "quads":
        faces = [f"4 {f[2:]} 0" for f in faces]
    elif change == "index past the last vertex":
        faces[len(faces) // 2] = f"3 0 1 {len(rows)}"
    elif change == "not a number":
        rows[middle] = "1 2 x"
    elif change == "signed index":
        faces[3] = "3 +1 2 3"
    elif change == "trailing text":
        end = "\nthe end\n"
    elif change == "line longer than 128 bytes":
        rows[middle] = rows[middle].replace(" ", " " * 70)
    elif change == "infinite coordinate":
        rows[middle] = "1e39 0 0"
    data = _ply_text(rows, faces, XYZ, end=end)
    _check_ply(data, monkeypatch, fast=fast)


def test_colours_normals_and_dropped_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    rows, faces = _arch_rows()
    rng = np.random.default_rng(7)
    extra = [
        f"{r} {q:.3f} {a:.6f} {b:.6f} {c:.6f} {n[0]:.5f} {n[1]:.5f} {n[2]:.5f}"
        for r, q, (a, b, c), n in zip(
            rows,
            rng.random(len(rows)),
            rng.random((len(rows), 3)),
            rng.normal(size=(len(rows), 3)),
            strict=True,
        )
    ]
    props = [*XYZ, "float quality", "float red", "float green", "float blue"]
    props += ["float nx", "float ny", "float nz"]
    first = extra[5]
    # One normal unusable: all are dropped ("nan" only float() reads: the general path).
    extra[5] = first.rsplit(" ", 1)[0] + " nan"
    mesh = _check_ply(_ply_text(extra, faces, props), monkeypatch, fast=False)
    assert isinstance(mesh, Mesh)
    assert mesh.colours is not None
    assert mesh.normals is None
    extra[5] = first
    mesh = _check_ply(_ply_text(extra, faces, props), monkeypatch, fast=True)
    assert isinstance(mesh, Mesh)
    assert mesh.normals is not None
    # Half-way values round to even, out-of-range values clip: as numpy's rint and clip.
    halves = [
        f"{r} 0 {v} {v} 300"
        for r, v in zip(rows, (["0.5", "1.5", "2.5", "-3"] * len(rows))[: len(rows)], strict=True)
    ]
    props = [*XYZ, "float quality", "uchar red", "uchar green", "uchar blue"]
    mesh = _check_ply(_ply_text(halves, faces, props), monkeypatch, fast=True)
    assert isinstance(mesh, Mesh)
    assert mesh.colours is not None
    assert mesh.colours[:4, 0].tolist() == [0, 2, 2, 0]


def test_the_split_of_a_large_body_lands_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """From 64 KiB the body is read in two halves; the second counts the lines before its cut
    to know its first row. A long line at the cut, and a blank line before it (which would
    make that count wrong), still give the numpy reader's mesh."""
    rows, faces = _arch_rows(120, 30)
    data = _ply_text(rows, faces, XYZ)
    assert len(data) > 1 << 16
    _check_ply(data, monkeypatch, fast=True)
    text = data.decode()
    middle = len(text) // 2
    at = text.index("\n", middle)
    padded = text[: at + 1] + "   " * 30 + text[at + 1 :]  # a 90-blank lead at the cut
    _check_ply(padded.encode(), monkeypatch, fast=True)
    early = text.index("\n", len(text) // 10)
    blank = text[: early + 1] + "\n" + text[early + 1 :]
    _check_ply(blank.encode(), monkeypatch, fast=False)


def test_a_claimed_count_the_text_cannot_hold_is_declined(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows, faces = _arch_rows(10, 4)
    data = _ply_text(rows, faces, XYZ).replace(
        f"element vertex {len(rows)}".encode(), b"element vertex 2000000000"
    )
    _check_ply(data, monkeypatch, fast=False)


# ------------------------------------------------------------------------------------- OBJ


def _obj_c(data: bytes, threads: int) -> Outcome:
    assert _text_native is not None
    try:
        return obj_reader._parse_native(_text_native, data, data, "t.obj", split=threads == 2)
    except MeshError as exc:
        return exc


def _check_obj(data: bytes) -> Outcome:
    one, two = _obj_c(data, 1), _obj_c(data, 2)
    try:
        numpy: Outcome = obj_reader._parse_numpy(data, data, "t.obj")
    except MeshError as exc:
        numpy = exc
    _same(one, numpy)
    _same(two, numpy)
    return one


def _obj_lines() -> list[str]:
    points, faces = arch_mesh(60, 20)
    colours = np.random.default_rng(5).random((len(points), 3)).round(6)
    return obj(points * np.float32(3.7), faces.tolist(), colours=colours).decode().split("\n")


@pytest.mark.parametrize(
    "change",
    [
        "plain",
        "crlf",
        "tabs",
        "exponents",
        "minus zero",
        "long mantissa",
        "w coordinate",
        "seven numbers",
        "comment after the numbers",
        "polygon",
        "corner forms",
        "line longer than 128 bytes",
        "index 2^24 + 1",
        "index 0",
        "negative index",
        "no final newline",
        "not a number",
        "a colour above 1",
        "a colour half-way",
    ],
)
def test_an_obj_line_shape(change: str) -> None:
    lines = _obj_lines()
    v = next(i for i, line in enumerate(lines) if line.startswith("v ")) + 40
    f = next(i for i, line in enumerate(lines) if line.startswith("f ")) + 40
    if change == "crlf":
        lines = [line + "\r" for line in lines]
    elif change == "tabs":
        lines[v] = lines[v].replace(" ", "\t")
        lines[f] = lines[f].replace(" ", " \t ")
    elif change == "exponents":
        lines[v] = "v 1.5e-3 -2.25E+2 7e0 1e-1 5E-1 0.25e0"
    elif change == "minus zero":
        lines[v] = "v -0 -0.0 -0.000000 -0 0 -0."
    elif change == "long mantissa":
        lines[v] = "v 0.12345678901234567 -1234567.891234567 3.1415926535897932 0.1 0.2 0.3"
    elif change == "w coordinate":
        lines[v] = lines[v].rsplit(" ", 2)[0]
    elif change == "seven numbers":
        lines[v] += " 1.0"
    elif change == "comment after the numbers":
        lines[v] += " # a note"
        lines[f] += " #3 corners"
    elif change == "polygon":
        lines[f] += " 1 2"
    elif change == "corner forms":
        a, b, c = lines[f].split()[1:]
        lines[f] = f"f {a}/1 {b}//2 {c}/3/4"
    elif change == "line longer than 128 bytes":
        lines[v] = lines[v].replace(" ", " " * 30)
    elif change == "index 2^24 + 1":
        lines[f] = "f 1 2 16777217"
    elif change == "index 0":
        lines[f] = "f 1 2 0"
    elif change == "negative index":
        lines[f] = "f 1 2 -1"
    elif change == "no final newline":
        lines = lines[:-1] if lines[-1] == "" else lines
    elif change == "not a number":
        lines[v] = "v 1 2 3.4.5"
    elif change == "a colour above 1":  # then every colour is read as 0-255, not scaled
        lines[v] = "v 1 2 3 2.5 254.5 300"
    elif change == "a colour half-way":  # 0.5 * 255 = 127.5 rounds to even: 128
        lines[v] = "v 1 2 3 0.5 0.002 1"
    data = "\n".join(lines).encode("ascii")
    assert len(data) > 1 << 16  # read in two halves by two C threads
    _check_obj(data)


def test_the_real_small_obj_files_on_one_and_two_threads(realscans: Path) -> None:
    for path in sorted(realscans.glob("*.obj")):
        mesh = _check_obj(path.read_bytes())
        assert isinstance(mesh, Mesh)
        assert mesh.n_faces > 10_000


# ------------------------------------------------------------------------- numbers of every shape


def _random_numbers(count: int, seed: int) -> list[str]:
    """Signs, 0-10 digits before the dot, 0-12 after it (around the 16-slot limit of the fast
    path), whole numbers, a dot at either end, now and then an exponent."""
    rng = np.random.default_rng(seed)
    numbers = []
    for _ in range(count):
        sign = str(rng.choice(["", "-", "+"], p=[0.5, 0.4, 0.1]))
        whole = "".join(str(d) for d in rng.integers(0, 10, int(rng.integers(0, 11))))
        fraction = "".join(str(d) for d in rng.integers(0, 10, int(rng.integers(0, 13))))
        dot = "." if fraction or rng.random() < 0.3 else ""
        if not whole and not fraction:
            whole = "0"
        exponent = f"e{int(rng.integers(-5, 9))}" if rng.random() < 0.05 else ""
        # At most 24 bytes: longer tokens only float() reads (the general path; tested above).
        keep = 24 - len(sign + whole + dot + exponent)
        numbers.append(sign + whole + dot + fraction[:keep] + exponent)
    return numbers


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_numbers_give_the_numpy_readers_bits(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    numbers = _random_numbers(6000, seed)
    rows, faces = _arch_rows(50, 40)
    rows = [" ".join(numbers[3 * i : 3 * i + 3]) for i in range(len(rows))]
    _check_ply(_ply_text(rows, faces, XYZ), monkeypatch, fast=True)
    lines = [f"v {row}" for row in rows] + [f"f {f[2:]}" for f in faces]
    lines = [
        " ".join(line.split()[:1] + [str(int(x) + 1) for x in line.split()[1:]])
        if line.startswith("f")
        else line
        for line in lines
    ]
    _check_obj("\n".join(lines).encode("ascii"))


def test_the_obj_cut_for_two_threads_ends_among_very_long_lines() -> None:
    """The cut looks for the start of the faces by bisection on line starts; lines longer than
    the interval left (here 20 kB comments between the vertices and the faces) end the search
    rather than widening it again."""
    lines = _obj_lines()
    f = next(i for i, line in enumerate(lines) if line.startswith("f "))
    long = ["# " + "x" * 20_000] * 6
    data = "\n".join(lines[:f] + long + lines[f:]).encode("ascii")
    mesh = _check_obj(data)
    assert isinstance(mesh, Mesh)


# ------------------------------------------------------------- what the C OBJ scan vouches for


def _scan(data: bytes, threads: int) -> object:
    assert _text_native is not None
    return _text_native.obj_scan(data, 0, len(data), threads)


@pytest.mark.parametrize(
    "where",
    ["fast face with slashes", "face", "vertex", "comment", "other keyword", "crlf face"],
)
def test_a_line_continuation_stops_the_scan_and_python_joins_the_lines(where: str) -> None:
    """Python no longer looks for continuations before the C scan: the scan itself refuses a
    backslash ending any line (None), whatever path read the line, and the joined text gives
    the numpy reader's mesh on one and two threads."""
    lines = _obj_lines()
    f = next(i for i, line in enumerate(lines) if line.startswith("f ")) + 200
    v = next(i for i, line in enumerate(lines) if line.startswith("v ")) + 200
    a, b, c = lines[f].split()[1:]
    if where == "fast face with slashes":  # corner_known reads no further than the '/'
        lines[f] = f"f {a}/1 {b}/2/3 {c}/3\\"
        lines.insert(f + 1, f"  {a}/4")
    elif where in ("face", "crlf face"):
        lines[f] = f"f {a} {b} \\"
        lines.insert(f + 1, f" {c}" + ("\r" if where == "crlf face" else ""))
        if where == "crlf face":
            lines[f] += "\r"
    elif where == "vertex":
        head, x, y, z = lines[v].split()[:4]
        lines[v] = f"{head} {x} {y}\\"
        lines.insert(v + 1, f" {z}")
    elif where == "comment":  # the joined vertex belongs to the comment: it is not read
        lines[v:v] = ["# the next line is part of this comment \\", "v 100 200 300"]
    else:
        lines.insert(f, "vt 0.5 \\")
    data = "\n".join(lines).encode("ascii")
    assert len(data) > 1 << 16
    for threads in (1, 2):
        assert _scan(data, threads) is None, threads
        assert _scan(obj_reader._joined_lines(data), threads) is not None  # type: ignore[arg-type]
    numpy = obj_reader._parse_numpy(obj_reader._joined_lines(data), data, "t.obj")
    _same(_obj_c(data, 1), numpy)
    _same(_obj_c(data, 2), numpy)
    mesh = _outcome(data, "t.obj")
    _same(mesh, numpy)
    assert isinstance(mesh, Mesh)
    original = _outcome("\n".join(_obj_lines()).encode("ascii"), "t.obj")
    assert isinstance(original, Mesh)
    assert mesh.n_points == original.n_points
    assert not (mesh.points == 100).any()


def test_a_backslash_that_ends_no_line_is_not_a_continuation() -> None:
    lines = _obj_lines()
    v = next(i for i, line in enumerate(lines) if line.startswith("v ")) + 5
    lines.insert(v, "# a\\b \\ \t")  # blanks after it: not a continuation
    data = "\n".join(lines).encode("ascii") + b"\n# last line \\"  # no newline after it
    assert obj_reader._joined_lines(data) is data
    assert _scan(data, 1) is not None
    assert isinstance(_check_obj(data), Mesh)


@pytest.mark.parametrize("half", ["first", "second"])
def test_an_index_past_the_last_vertex_stops_the_scan(half: str) -> None:
    """Python no longer takes the faces' maximum: the scan compares every index with the
    vertex count of the whole file (a face may come before the vertex it names)."""
    lines = _obj_lines()
    n_vertices = sum(line.startswith("v ") for line in lines)
    faces = [i for i, line in enumerate(lines) if line.startswith("f ")]
    at = faces[5] if half == "first" else faces[-5]
    forward = lines[:]
    forward[at] = f"f 1 2 {n_vertices}"  # the last vertex: fine, even named before it comes
    forward.insert(0, f"f 1 2 {n_vertices}")
    assert _scan("\n".join(forward).encode("ascii"), 2) is not None
    lines[at] = f"f 1 {n_vertices + 1} 2"
    data = "\n".join(lines).encode("ascii")
    for threads in (1, 2):
        assert _scan(data, threads) is None, threads
    error = _check_obj(data)
    assert isinstance(error, MeshError)
    assert f"refers to vertex {n_vertices + 1:,}, but the file has {n_vertices:,}" in str(error)


def test_the_numbers_the_c_scan_reads_are_finite_as_float32() -> None:
    """Python checks the coordinates only when the scan handed tokens back: the largest number
    the C code reads itself (16 digits, a decimal exponent up to 22) is still a finite
    float32, and one just beyond it is handed back (then float() and the finite check)."""
    big = "9999999999999999e22"
    small = "-999999999999999e22"  # the sign takes one of the 16 digit places
    for line, handed_back in ((f"v {big} {small} 1", 0), ("v 1e39 2 3", 1), ("v 1 2 inf", 1)):
        data = f"v 1 2 3\nv 4 5 6\n{line}\nf 1 2 3\n".encode("ascii")
        scanned = _scan(data, 1)
        assert isinstance(scanned, tuple)
        assert len(scanned[3]) == handed_back
        outcome = _check_obj(data)
        if handed_back:
            assert isinstance(outcome, MeshError)
            assert "line 3: a coordinate is not a finite number" in str(outcome)
        else:
            assert isinstance(outcome, Mesh)
            assert np.isfinite(outcome.points).all()
            assert outcome.points[2, 0] == np.float32(1e38)


@pytest.mark.parametrize("above_one", ["first half", "second half", "both", "none"])
def test_the_uint8_colours_made_during_the_scan_take_one_scale_for_the_whole_file(
    above_one: str,
) -> None:
    """Each half makes its colours both ways while reading (times 255, and as they are); the
    file's largest value picks one way for both halves, as numpy's _colours does."""
    lines = _obj_lines()
    vertices = [i for i, line in enumerate(lines) if line.startswith("v ")]
    for at in {"first half": [5], "second half": [-5], "both": [5, -5], "none": []}[above_one]:
        lines[vertices[at]] = "v 1 2 3 2.5 254.5 300"
    data = "\n".join(lines).encode("ascii")
    assert len(data) > 1 << 16
    mesh = _check_obj(data)
    assert isinstance(mesh, Mesh)
    assert mesh.colours is not None
    # Read as 0-255, the other (0-1) colours round to 0 or 1.
    as_is = np.count_nonzero(mesh.colours.max(axis=1) <= 1) > len(mesh.colours) // 2
    assert as_is == (above_one != "none")
    for threads in (1, 2):
        scanned = _scan(data, threads)
        assert isinstance(scanned, tuple)
        assert scanned[1] is None  # no float64 colours unless asked for
        np.testing.assert_array_equal(np.frombuffer(scanned[4], np.uint8), mesh.colours.ravel())
        assert _text_native is not None
        asked = _text_native.obj_scan(data, 0, len(data), threads, True)
        colours = np.frombuffer(asked[1], np.float64)
        assert len(colours) == mesh.colours.size
        np.testing.assert_array_equal(obj_reader._colours(colours).ravel(), mesh.colours.ravel())


@pytest.mark.parametrize("threes", ["none", "vertex rows", "all vertex rows"])
def test_the_weighted_ply_cut_reads_any_body_the_same(
    threes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two-thread cut looks for the first face row ("3 a b c") by bisection and weighs a
    vertex byte 1.45 face bytes; vertex rows that start with "3 " (x exactly 3) mislead the
    search, which only moves the cut: both thread counts and numpy still agree."""
    rows, faces = _arch_rows(120, 40)
    if threes != "none":
        step = 1 if threes == "all vertex rows" else 3
        rows = [f"3 {row.split(' ', 1)[1]}" if i % step == 0 else row for i, row in enumerate(rows)]
    data = _ply_text(rows, faces, XYZ)
    assert len(data) > 1 << 16
    mesh = _check_ply(data, monkeypatch, fast=True)
    assert isinstance(mesh, Mesh)
    assert (mesh.points[:, 0] == 3).any() == (threes != "none")
