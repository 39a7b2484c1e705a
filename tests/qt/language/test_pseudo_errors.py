"""Under the pseudo-language every reason the scan readers give for refusing a file comes
through translation: every cut of a good STL, ASCII STL, PLY (three encodings) and OBJ file is
read, and each refusal (frame and reason) must be a catalogued text, marked ``[…]``."""

from __future__ import annotations

import pytest

from scaninbox.qt.runtime.language import QtLanguage
from scaninbox.scans import MeshError, read_mesh
from tests.unit.scans.meshfiles import TETRA_FACES, TETRA_POINTS, ascii_stl, binary_stl, obj, ply

GOOD_FILES = {
    "binary.stl": binary_stl(TETRA_POINTS, TETRA_FACES),
    "ascii.stl": ascii_stl(TETRA_POINTS, TETRA_FACES),
    "little.ply": ply(TETRA_POINTS, TETRA_FACES.tolist()),
    "text.ply": ply(TETRA_POINTS, [[0, 1, 2, 3], [0, 2, 1]], fmt="ascii"),
    "big.ply": ply(TETRA_POINTS, [[0, 1, 2], [1, 2, 3, 0]], fmt="binary_big_endian"),
    "tetra.obj": obj(TETRA_POINTS, TETRA_FACES),
}


@pytest.mark.parametrize("name", sorted(GOOD_FILES))
def test_every_refusal_of_a_cut_file_is_translated(pseudo: QtLanguage, name: str) -> None:
    whole = GOOD_FILES[name]
    read_mesh(whole, name=name)  # the file itself is good
    refusals: dict[str, str] = {}
    for cut in range(len(whole)):
        try:
            read_mesh(whole[:cut], name=name)
        except MeshError as error:
            refusals[error.reason] = str(error)
    assert refusals, "no cut of the file was refused"
    for reason, message in refusals.items():
        assert message.startswith(f"[Cannot read the scan {name!r}: "), message
        assert reason.startswith("["), f"not through translate(): {reason!r}"


def test_refusals_of_odd_content_are_translated(pseudo: QtLanguage) -> None:
    odd = {
        "picture.png": b"\x89PNG\r\n\x1a\n" + bytes(64),
        "notes.stl": b"this is a text file about a scan, not a scan\n" * 3,
        "faces.obj": b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n",
        "zero.obj": b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n",
        "word.obj": b"v 0 0 0\nv 1 0 x\nv 0 1 0\nf 1 2 3\n",
        "cloud.ply": b"ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n"
        b"property float y\nproperty float z\nend_header\n0 0 0\n",
        "far.stl": ascii_stl(TETRA_POINTS * 1e30, TETRA_FACES),
    }
    for name, data in odd.items():
        with pytest.raises(MeshError) as caught:
            read_mesh(data, name=name)
        assert str(caught.value).startswith("[Cannot read the scan"), name
        assert caught.value.reason.startswith("["), f"{name}: {caught.value.reason!r}"
