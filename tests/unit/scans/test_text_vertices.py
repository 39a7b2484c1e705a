"""The numbers of OBJ "v" lines and ASCII PLY vertex rows, as the C readers' vertex path reads
them, against the numpy reader: every token shape of 1-17 bytes, one wrong byte at every place,
and vertex lines at the very end of a buffer that is followed by an unreadable page.

The x86-64-v2 build reads a token of up to 16 bytes with one 16-byte load and a shuffle
(`short_digits` in `_text_native.c`), the portable build byte by byte (`parse_known`); both must
give the numpy reader's float32 bits and uint8 colours, refuse what it refuses (with its error),
and never read past the text.
"""

from __future__ import annotations

import ctypes
import math
import mmap
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import numpy as np
import pytest

from scaninbox.scans import Mesh, MeshError, ply_text, read_mesh, validate
from scaninbox.scans import obj as obj_reader

from .native_builds import BUILD_NAMES, ply_mesh_arrays, use_build
from .test_text_fast_paths import _same

Outcome = Mesh | MeshError


@pytest.fixture(params=BUILD_NAMES)
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """Each test with each build of the C extension (the readers switched to it)."""
    return use_build(request.param, monkeypatch)


def _check_obj(native: ModuleType, data: bytes) -> Outcome:
    """The C reader on one and two threads and the numpy reader agree."""
    outcomes: list[Outcome] = []
    for split in (False, True):
        try:
            outcomes.append(obj_reader._parse_native(native, data, data, "t.obj", split=split))
        except MeshError as exc:
            outcomes.append(exc)
    try:
        numpy: Outcome = obj_reader._parse_numpy(data, data, "t.obj")
    except MeshError as exc:
        numpy = exc
    for outcome in outcomes:
        _same(outcome, numpy)
    return outcomes[0]


def _ply(rows: list[str], props: list[str], faces: int = 1) -> bytes:
    header = ["ply", "format ascii 1.0", f"element vertex {len(rows)}"]
    header += [f"property {p}" for p in props]
    header += [f"element face {faces}", "property list uchar int vertex_indices", "end_header"]
    return ("\n".join(header + rows + ["3 0 1 2"] * faces) + "\n").encode("utf-8")


def _check_ply(data: bytes, monkeypatch: pytest.MonkeyPatch) -> Outcome:
    """read_mesh with the C reader (whichever path takes the file) and with numpy agree."""
    outcomes: list[Outcome] = []
    for native in (ply_text._native, None):
        with monkeypatch.context() as patch:
            patch.setattr(ply_text, "_native", native)
            try:
                outcomes.append(read_mesh(data, name="t.ply"))
            except MeshError as exc:
                outcomes.append(exc)
    _same(*outcomes)
    return outcomes[0]


XYZ = ["float x", "float y", "float z"]
FLOAT_RGB = [*XYZ, "float red", "float green", "float blue"]
UCHAR_RGBA = [*XYZ, "uchar red", "uchar green", "uchar blue", "uchar alpha"]


def _tokens_of_every_shape() -> list[str]:
    """[sign] digits [. digits] of 1-17 bytes, the dot at every place (or none), random digits
    and all nines (the largest mantissa of each shape)."""
    rng = np.random.default_rng(11)
    tokens = []
    for size in range(1, 18):
        for sign in ("", "-", "+"):
            body = size - len(sign)
            for dot in [None, *range(body)]:
                count = body - (dot is not None)
                if count < 1:
                    continue  # "." or "-.": not numbers (among the refused below)
                for digits in ("".join(rng.choice(list("0123456789"), count)), "9" * count):
                    text = digits if dot is None else digits[:dot] + "." + digits[dot:]
                    tokens.append(sign + text)
    return tokens


TOKENS = _tokens_of_every_shape()


def test_the_token_shapes_cover_the_limits_of_the_fast_path() -> None:
    sizes = {len(t) for t in TOKENS}
    assert sizes == set(range(1, 18))  # 16 bytes: one load; 17: the byte-wise reader
    assert "9999999999999999" in TOKENS  # 16 digit places: the largest mantissa taken
    assert "99999999999999999" in TOKENS  # 17: beyond it (two digit groups, parse_number)
    assert any(t.startswith(".") for t in TOKENS)  # no digit before the dot
    assert any(t.startswith("-.") for t in TOKENS)
    assert any(t.endswith(".") for t in TOKENS)  # none after it


@pytest.mark.parametrize("per_line", [3, 4, 6])
def test_every_token_shape_in_obj_vertex_lines(native: ModuleType, per_line: int) -> None:
    """Three numbers (x y z), four (w), six (r g b, read as 0-255: most are above 1)."""
    tokens = TOKENS + TOKENS[: (-len(TOKENS)) % per_line]
    lines = ["v " + " ".join(tokens[i : i + per_line]) for i in range(0, len(tokens), per_line)]
    data = ("\n".join([*lines, "f 1 2 3"]) + "\n").encode("ascii")
    mesh = _check_obj(native, data)
    assert isinstance(mesh, Mesh)
    assert mesh.n_points == len(lines)


@pytest.mark.parametrize("props", [XYZ, FLOAT_RGB, UCHAR_RGBA], ids=["xyz", "float", "uchar"])
def test_every_token_shape_in_ply_vertex_rows(
    native: ModuleType, props: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Numbers of every size are read alike; that none is too large for a jaw is checked after.
    monkeypatch.setattr(validate, "MAX_COORDINATE_MM", math.inf)
    width = len(props)
    tokens = TOKENS + TOKENS[: (-len(TOKENS)) % width]
    rows = [" ".join(tokens[i : i + width]) for i in range(0, len(tokens), width)]
    data = _ply(rows, props)
    assert ply_mesh_arrays(native, data) is not None  # the common layout: the C rows path
    mesh = _check_ply(data, monkeypatch)
    assert isinstance(mesh, Mesh)
    assert mesh.n_points == len(rows)


def _refused_tokens() -> list[str]:
    """A 16-byte number with one byte replaced at every place (bytes just outside '0'-'9' on
    both sides among them), and short shapes that are not numbers or need the slow path."""
    good = "-123456.12345678"
    assert len(good) == 16
    tokens = [good[:i] + c + good[i + 1 :] for i in range(16) for c in "/:.+-x"]
    tokens += [".", "-", "+", "-.", "+.", "..", "1..2", "1.2.", ".1.", "1-", "--1", "+-1"]
    tokens += ["1e5", "-2.5E-3", "1e", "0x10", "nan", "-inf", "1,5", "١"]
    return tokens


@pytest.mark.parametrize("token", _refused_tokens())
def test_a_token_with_a_wrong_byte_is_refused_as_numpy_refuses_it(
    native: ModuleType, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the middle of a file (where the fast path reads), as a coordinate and as a colour:
    the numpy reader's mesh, or its error naming the line."""
    rows = [f"{i}.25 -{i}.5 {i % 7}.125 0.5 0.25 1" for i in range(40)]
    rows[20] = f"1.5 {token} 2.5 0.5 {token} 1"
    lines = ["v " + row for row in rows]
    _check_obj(native, ("\n".join([*lines, "f 1 2 3"]) + "\n").encode("utf-8"))
    if token not in ("nan", "-inf"):  # (numpy's PLY colour cast warns on them: not ours)
        _check_ply(_ply(rows, FLOAT_RGB), monkeypatch)


@contextmanager
def _ending_at_a_guard_page(data: bytes) -> Iterator[memoryview]:
    """``data`` in memory that ends where an unreadable page begins: a read past its last
    byte stops the process (SIGSEGV) instead of reading whatever lies there."""
    page = mmap.PAGESIZE
    size = -(-len(data) // page) * page
    memory = mmap.mmap(-1, size + page)
    anchor = ctypes.c_char.from_buffer(memory)
    address = ctypes.addressof(anchor)
    del anchor  # the mmap can be closed again once no ctypes object holds it
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    if libc.mprotect(address + size, page, 0) != 0:  # PROT_NONE
        memory.close()
        pytest.skip("mprotect is not available here")
    memory[size - len(data) : size] = data
    view = memoryview(memory)[size - len(data) : size]
    try:
        yield view
    finally:
        view.release()
        memory.close()


def _plain(item: object) -> object:
    """A buffer the scan returned as bytes (lists and None as they are)."""
    return item if item is None or isinstance(item, list) else bytes(memoryview(item))  # type: ignore[arg-type]


def _random_vertex_lines(seed: int, count: int) -> list[str]:
    rng = np.random.default_rng(seed)
    return [
        " ".join(str(t) for t in rng.choice(TOKENS, int(rng.choice([3, 6])))) for _ in range(count)
    ]


@pytest.mark.parametrize("seed", range(24))
def test_vertex_lines_at_the_end_of_a_buffer_read_nothing_past_it(
    native: ModuleType, seed: int
) -> None:
    """The last lines of a text (the fast path's 144-byte window would reach past the end) are
    read without a byte beyond it: OBJ "v" lines and PLY vertex rows ending right at a guard
    page, with and without a final newline, give what the same bytes give elsewhere."""
    rows = _random_vertex_lines(seed, 30)
    end = "\n" if seed % 2 else ""
    text = ("f 1 2 3\n" + "\n".join("v " + row for row in rows) + end).encode("ascii")
    with _ending_at_a_guard_page(text) as view:
        for threads in (1, 2):
            at_the_edge = native.obj_scan(view, 0, len(view), threads, True)
            elsewhere = native.obj_scan(text, 0, len(text), threads, True)
            assert at_the_edge is not None
            assert elsewhere is not None
            assert [_plain(a) for a in at_the_edge] == [_plain(b) for b in elsewhere]
    width = min(len(row.split()) for row in rows)
    rows = [" ".join(row.split()[:width]) for row in rows]
    data = _ply(rows, XYZ if width == 3 else FLOAT_RGB, faces=0)
    data = data.rstrip(b"\n") + end.encode("ascii")
    with _ending_at_a_guard_page(data) as view:
        at_the_edge = ply_mesh_arrays(native, view)
        assert at_the_edge is not None
        assert at_the_edge == ply_mesh_arrays(native, data)


@pytest.mark.parametrize(
    "props",
    [
        [*XYZ, "uchar red", "uchar green", "uchar blue"],  # the plain layouts, stored directly
        [*XYZ, "float red", "float green", "float blue", "float alpha"],
        [*XYZ, "uchar blue", "uchar green", "uchar red"],  # in another order: role by role
        [*XYZ, "uchar red", "float green", "uchar blue"],  # mixed kinds
        ["float y", "float x", "float z", "uchar red", "uchar green", "uchar blue"],
        [*XYZ, "float quality", "uchar red", "uchar green", "uchar blue"],  # a dropped column
        [*XYZ, "uchar red", "uchar green", "uchar blue", "uchar alpha", "float nx"],
    ],
)
def test_vertex_rows_of_every_colour_layout(
    native: ModuleType, props: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each column lands where the numpy reader puts it: colours rounded half to even and
    clipped (0.5 and 2.5 to even, 300 to 255, -3 to 0), floats times 255 first."""
    rng = np.random.default_rng(len(props))
    values = ["0.5", "2.5", "300", "-3", "1.5", "254.5", "0.002", "1"]
    rows = [
        " ".join(
            [f"{rng.normal() * 30:.6f}" for _ in range(3)]
            + [str(rng.choice(values)) for _ in range(len(props) - 3)]
        )
        for _ in range(60)
    ]
    data = _ply(rows, props)
    assert ply_mesh_arrays(native, data) is not None
    mesh = _check_ply(data, monkeypatch)
    assert isinstance(mesh, Mesh)
    assert mesh.colours is not None


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
def test_vertex_lines_of_every_length_around_the_64_and_128_byte_blocks(
    native: ModuleType, crlf: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line's end found in the first 64 bytes, in each 16-byte piece of the next 64, or
    not at all (longer than 128 bytes: the token-by-token path): blanks pad the rows to every
    length from 59 to 140 bytes (OBJ lines 2 more), one after another, so each starts at
    another place of the block the previous one looked at."""
    end = "\r\n" if crlf else "\n"
    rows = []
    for length in range(59, 141):
        numbers = ["-35.594978", "13.886076", "28.799330", "0.901961", "0.588235", "0.588235"]
        gap = length - len(" ".join(numbers)) - len(end)
        numbers[3] = " " * gap + numbers[3]
        row = " ".join(numbers)
        assert len(row) + len(end) == length
        rows.append(row)
    obj_text = end.join(["v " + row for row in rows] + ["f 1 2 3", ""])
    mesh = _check_obj(native, obj_text.encode("ascii"))
    assert isinstance(mesh, Mesh)
    assert mesh.n_points == len(rows)
    data = _ply(rows, FLOAT_RGB)
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    mesh = _check_ply(data, monkeypatch)
    assert isinstance(mesh, Mesh)
    assert mesh.n_points == len(rows)
