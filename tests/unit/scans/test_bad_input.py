"""Bad files fail with MeshError naming the file and the reason in plain words."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scaninbox.scans import MeshError, PreviewImageError, read_mesh

from .meshfiles import TETRA_FACES, TETRA_POINTS, ascii_stl, binary_stl, ply

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
JPEG = b"\xff\xd8\xff\xe0" + b"\0" * 64


def _file(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_truncated_binary_stl_says_how_much_is_missing(tmp_path: Path) -> None:
    data = binary_stl(TETRA_POINTS, TETRA_FACES)[:-30]
    with pytest.raises(
        MeshError, match=r"'cut.stl'.*announces 4 triangles \(284 bytes\).*254.*truncated"
    ):
        read_mesh(_file(tmp_path, "cut.stl", data))


def test_a_text_file_named_stl_is_not_a_mesh_rather_than_a_truncated_one(tmp_path: Path) -> None:
    notes = b"Patient notes: please check the margin on 36.\n" * 10
    # Read as a binary STL, its bytes 80-83 ("he m"…) would announce a billion triangles.
    with pytest.raises(MeshError) as caught:
        read_mesh(_file(tmp_path, "notes.stl", notes))
    message = str(caught.value)
    assert message == (
        "Cannot read the scan 'notes.stl': it is not a 3D mesh (a text file, but not an ASCII STL)."
    )
    assert "truncated" not in message


def test_an_absurd_triangle_count_is_not_a_mesh_rather_than_a_truncated_one() -> None:
    data = b"\x01" * 80 + (2**31).to_bytes(4, "little") + b"\x02" * 200
    with pytest.raises(
        MeshError,
        match=r"'odd.stl': it is not a 3D mesh \(as a binary STL its header would announce "
        r"2,147,483,648 triangles, for a file of 284 bytes\)",
    ):
        read_mesh(data, name="odd.stl")


@pytest.mark.parametrize("data", [b"\x00\x17garbage" * 50, b"hello, this is not a mesh\n" * 10])
def test_garbage_is_not_a_mesh(tmp_path: Path, data: bytes) -> None:
    with pytest.raises(MeshError, match=r"'junk.bin'.*not a 3D mesh"):
        read_mesh(_file(tmp_path, "junk.bin", data))


def test_empty_file(tmp_path: Path) -> None:
    with pytest.raises(MeshError, match=r"'empty.stl'.*empty"):
        read_mesh(_file(tmp_path, "empty.stl", b""))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(
        MeshError,
        match=r"'gone.stl'.*the file or folder does not exist \(technical detail: \[Errno 2\]",
    ):
        read_mesh(tmp_path / "gone.stl")


def test_binary_stl_without_triangles() -> None:
    with pytest.raises(MeshError, match="no triangles"):
        read_mesh(b"x" * 80 + b"\0\0\0\0", name="none.stl")


def test_ascii_stl_without_triangles() -> None:
    with pytest.raises(MeshError, match="no triangles"):
        read_mesh(b"solid nothing\nendsolid nothing\n", name="none.stl")


@pytest.mark.parametrize("kind", ["binary", "ascii", "ply"])
def test_not_finite_coordinates(kind: str) -> None:
    points = TETRA_POINTS.copy()
    points[2, 1] = np.nan
    data = {
        "binary": lambda: binary_stl(points, TETRA_FACES),
        "ascii": lambda: ascii_stl(points, TETRA_FACES),
        "ply": lambda: ply(points, TETRA_FACES.tolist()),
    }[kind]()
    with pytest.raises(MeshError, match=r"'nan.x'.*not finite"):
        read_mesh(data, name="nan.x")


@pytest.mark.parametrize("fmt", ["binary_little_endian", "ascii"])
def test_face_index_out_of_range(fmt: str) -> None:
    data = ply(TETRA_POINTS, [[0, 1, 2], [1, 2, 9]], fmt=fmt)
    with pytest.raises(MeshError, match=r"'bad.ply'.*point 9 but the file has 4 points"):
        read_mesh(data, name="bad.ply")


def test_negative_face_index() -> None:
    with pytest.raises(MeshError, match=r"point -1"):
        read_mesh(ply(TETRA_POINTS, [[0, 1, -1]]), name="neg.ply")


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (
            "ply\nformat binary_little_endian 1.0\nelement vertex 3\n"
            "property float128 x\nend_header\n",
            r"malformed \(line 4\): unknown type 'float128'",
        ),
        ("ply\nformat binary_middle_endian 1.0\nend_header\n", r"unknown format"),
        ("ply\nformat ascii 1.0\nproperty float x\nend_header\n", "a property before any element"),
        ("ply\nformat ascii 1.0\nelement vertex many\nend_header\n", "needs a name and a count"),
        ("ply\nformat ascii 1.0\nelement vertex 3\n", "no 'end_header'"),
        ("ply\nelement vertex 0\nend_header\n", "no 'format' line"),
    ],
)
def test_malformed_ply_header(header: str, reason: str) -> None:
    with pytest.raises(MeshError, match=rf"'h.ply'.*{reason}"):
        read_mesh(header.encode() + b"\0" * 64, name="h.ply")


def test_ply_point_cloud() -> None:
    data = ply(TETRA_POINTS, [[0, 1, 2]]).replace(b"element face 1", b"element face 0")
    with pytest.raises(MeshError, match="point cloud"):
        read_mesh(data, name="cloud.ply")


def test_truncated_ply_body() -> None:
    data = ply(TETRA_POINTS, TETRA_FACES.tolist())
    with pytest.raises(MeshError, match=r"'short.ply'.*(truncated|ends)"):
        read_mesh(data[: len(data) - 60], name="short.ply")


@pytest.mark.parametrize(("data", "kind"), [(PNG, "png"), (JPEG, "jpeg")])
def test_preview_images_are_recognised(tmp_path: Path, data: bytes, kind: str) -> None:
    with pytest.raises(PreviewImageError, match=rf"{kind.upper()} image") as caught:
        read_mesh(_file(tmp_path, "preview.stl", data))
    assert caught.value.image_format == kind
    assert caught.value.name == "preview.stl"


def test_broken_obj_fails_in_words_naming_the_line() -> None:
    with pytest.raises(MeshError, match=r"'broken.obj': line 2: a vertex needs three numbers"):
        read_mesh(b"# nothing here\nv 1 2\n", name="broken.obj")
