"""Files written to break the readers: every count is checked against the bytes present before
any loop or allocation, so each one fails fast with a plain `MeshError`."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scaninbox.scans import Mesh, MeshError, read_mesh
from scaninbox.scans.ply import parse_ply
from scaninbox.scans.stl import parse_binary_stl
from scaninbox.scans.stl_ascii import parse_ascii_stl

from .meshfiles import TETRA_FACES, TETRA_POINTS, ascii_stl, binary_stl, ply

_XYZ = "property float x\nproperty float y\nproperty float z\n"
_HEADER = "ply\nformat {fmt} 1.0\n{before}element vertex 3\n" + _XYZ + "element face {faces}\n"


def _header(
    faces: int, face_props: str, *, fmt: str = "binary_little_endian", before: str = ""
) -> bytes:
    text = _HEADER.format(fmt=fmt, before=before, faces=faces) + face_props + "end_header\n"
    return text.encode()


_VERTICES_BIN = np.zeros(9, "<f4").tobytes()
_VERTICES_TXT = b"0 0 0\n1 0 0\n0 1 0\n"


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    "data",
    [
        # The 179-byte file: 2^40 faces whose index property is no list, no body.
        _header(2**40, "property int vertex_indices\n"),
        # Counts below the header ceiling, far beyond the body: the walks would loop for hours.
        _header(2**31 - 1, "property int flags\nproperty list uchar int vertex_indices\n")
        + _VERTICES_BIN,
        _header(2**31 - 1, "property list uchar int vertex_indices\n") + _VERTICES_BIN + b"\x04",
        _header(
            2**31 - 1, "property int flags\nproperty list uchar int vertex_indices\n", fmt="ascii"
        )
        + _VERTICES_TXT,
        _header(
            1,
            "property list uchar int vertex_indices\n",
            fmt="ascii",
            before="element junk 2147483647\nproperty int a\n",
        )
        + _VERTICES_TXT
        + b"3 0 1 2\n",
        _header(
            1,
            "property list uchar int vertex_indices\n",
            before="element junk 2147483647\nproperty list uchar int a\n",
        )
        + b"\0" * 64,
    ],
    ids=["179-bytes", "binary-walk", "binary-uniform", "ascii-faces", "ascii-skip", "binary-skip"],
)
def test_a_huge_count_without_a_body_is_not_a_valid_ply(data: bytes) -> None:
    with pytest.raises(MeshError, match=r"'evil.ply': it is not a valid PLY file"):
        read_mesh(data, name="evil.ply")


@pytest.mark.parametrize("length", ["nan", "inf", "-inf", "-1", "2.5", "1e300"])
def test_an_impossible_list_length_in_text_is_not_a_valid_ply(length: str) -> None:
    data = (
        _header(2, "property list uchar int vertex_indices\n", fmt="ascii")
        + _VERTICES_TXT
        + f"3 0 1 2\n{length} 0 1 2\n".encode()
    )
    with pytest.raises(
        MeshError, match=r"'evil.ply': it is not a valid PLY file: a list in its face"
    ):
        read_mesh(data, name="evil.ply")


def test_a_negative_binary_list_length_is_not_a_valid_ply() -> None:
    data = (
        _header(2, "property list char int vertex_indices\n")
        + _VERTICES_BIN
        + b"\x03"
        + np.array([0, 1, 2], "<i4").tobytes()
        + b"\xfb"
        + b"\0" * 20
    )
    with pytest.raises(MeshError, match=r"'evil.ply': it is not a valid PLY file: .* -5 items"):
        read_mesh(data, name="evil.ply")


def test_a_list_length_of_floating_type_is_a_malformed_header() -> None:
    data = _header(1, "property list float int vertex_indices\n") + b"\0" * 64
    with pytest.raises(MeshError, match=r"not a valid PLY file: .*line 8.*list's length .*'float'"):
        read_mesh(data, name="evil.ply")


def test_a_header_count_beyond_int32_is_refused_before_the_body() -> None:
    data = _header(1, "property list uchar int vertex_indices\n").replace(
        b"vertex 3", b"vertex 99999999999999999999"
    )
    with pytest.raises(MeshError, match=r"not a valid PLY file: .*announces 99,999"):
        read_mesh(data, name="evil.ply")


# ------------------------------------------------------------------ fuzzing

_TYPES = ["char", "uchar", "short", "ushort", "int", "uint", "float", "double"]
_COUNTS = st.one_of(
    st.integers(0, 8), st.sampled_from([255, 2**16, 2**31 - 1, 2**32, 2**40, 2**64])
)


@st.composite
def _ply_files(draw: st.DrawFn) -> bytes:
    fmt = draw(st.sampled_from(["ascii", "binary_little_endian", "binary_big_endian"]))
    lines = ["ply", f"format {fmt} 1.0"]
    for element in draw(st.lists(st.sampled_from(["vertex", "face", "junk"]), max_size=4)):
        lines.append(f"element {element} {draw(_COUNTS)}")
        for i in range(draw(st.integers(0, 4))):
            if draw(st.booleans()):
                count_type, item_type = draw(st.sampled_from(_TYPES)), draw(st.sampled_from(_TYPES))
                name = draw(st.sampled_from(["vertex_indices", f"l{i}"]))
                lines.append(f"property list {count_type} {item_type} {name}")
            else:
                name = draw(st.sampled_from(["x", "y", "z", "vertex_indices", f"p{i}"]))
                lines.append(f"property {draw(st.sampled_from(_TYPES))} {name}")
    lines.append("end_header")
    if fmt == "ascii":
        words = st.sampled_from(["0", "1", "2", "3", "4", "-1", "nan", "inf", "1e300", "2.5", "x"])
        body = " ".join(draw(st.lists(words, max_size=60))).encode()
    else:
        body = draw(st.binary(max_size=200))
    return "\n".join(lines).encode() + b"\n" + body


_FUZZ = settings(
    max_examples=300,
    deadline=timedelta(seconds=2),  # a count that drives a loop shows up as a slow example
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


@pytest.mark.timeout(240)
@_FUZZ
@given(_ply_files())
def test_fuzzed_ply_headers_read_or_fail_plainly(data: bytes) -> None:
    _reads_or_fails_plainly(parse_ply, data)


@pytest.mark.timeout(240)
@_FUZZ
@given(st.data())
def test_every_truncation_of_a_good_file_fails_plainly(data: st.DataObject) -> None:
    files = [
        ply(TETRA_POINTS, TETRA_FACES.tolist()),
        ply(TETRA_POINTS, [[0, 1, 2, 3], [0, 2, 1]], fmt="ascii"),
        ply(TETRA_POINTS, [[0, 1, 2], [1, 2, 3, 0]], fmt="binary_big_endian"),
    ]
    whole = data.draw(st.sampled_from(files))
    cut = data.draw(st.integers(0, len(whole) - 1))
    _reads_or_fails_plainly(parse_ply, whole[:cut])


@pytest.mark.timeout(240)
@_FUZZ
@given(st.binary(min_size=84, max_size=400), st.integers(0, 2**32 - 1))
def test_fuzzed_binary_stl_counts_fail_plainly(body: bytes, count: int) -> None:
    data = body[:80] + count.to_bytes(4, "little") + body[84:]
    _reads_or_fails_plainly(parse_binary_stl, data)


@pytest.mark.timeout(240)
@_FUZZ
@given(st.data())
def test_fuzzed_ascii_stl_fails_plainly(data: st.DataObject) -> None:
    good = ascii_stl(TETRA_POINTS, TETRA_FACES).decode().split()
    words = st.one_of(
        st.sampled_from(good), st.sampled_from(["nan", "-inf", "1e999", "x", "vertex"])
    )
    tokens = data.draw(st.lists(words, max_size=120))
    _reads_or_fails_plainly(parse_ascii_stl, ("solid a\n" + " ".join(tokens)).encode())


def test_the_binary_stl_fuzz_can_build_a_good_file() -> None:
    """The STL strategies above reach real files, not only errors."""
    mesh = parse_binary_stl(binary_stl(TETRA_POINTS, TETRA_FACES), "good.stl")
    assert mesh.n_faces == 4


def _reads_or_fails_plainly(parse: object, data: bytes) -> None:
    assert callable(parse)
    outcome: object
    try:
        outcome = parse(data, "fuzz")
    except MeshError as exc:
        outcome = exc
    if isinstance(outcome, MeshError):
        assert str(outcome).startswith("Cannot read the scan 'fuzz': ")
    else:
        assert isinstance(outcome, Mesh)
        assert outcome.n_faces > 0


@pytest.mark.timeout(20)
def test_a_named_pipe_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    # Opening a pipe for reading waits for a writer, which may never come: the reader opens
    # without blocking and refuses it by its size, as any empty file.
    pipe = tmp_path / "upper.stl"
    os.mkfifo(pipe)
    with pytest.raises(MeshError, match="the file is empty"):
        read_mesh(pipe)
