"""Binary STL straight into numpy: one structured view over the bytes, one copy of the corners.

The result is a triangle soup (three points per triangle, nothing shared), which is drawable at
once; welding the repeated corners is `scaninbox.scans.weld`'s job, off the GUI thread.
"""

from __future__ import annotations

import threading
import weakref

import numpy as np

from scaninbox.language import translate
from scaninbox.scans.mesh import BytesLike, FloatArray, IndexArray, Mesh, MeshError, count_text
from scaninbox.scans.parallel import run_parts
from scaninbox.scans.sniff import HEAD_BYTES, looks_like_text
from scaninbox.scans.validate import require_finite

__all__ = ["STL_RECORD", "parse_binary_stl", "soup_faces", "soup_from_corners"]

# 12 bytes facet normal (ignored: we compute our own), 36 bytes corners, 2 bytes attribute.
STL_RECORD = np.dtype([("normal", "<f4", (3,)), ("corners", "<f4", (3, 3)), ("attribute", "<u2")])
_MAX_TRIANGLES = (2**31 - 1) // 3  # int32 corner indices


def parse_binary_stl(data: BytesLike, name: str) -> Mesh:
    """The triangle soup of a binary STL held in ``data`` (bytes, mmap, memoryview)."""
    view = memoryview(data).cast("B")
    size = view.nbytes
    if size < 84:
        raise MeshError(
            name,
            translate(
                "MeshError", "a binary STL has at least 84 bytes; this file has {size}"
            ).format(size=count_text(size)),
        )
    count = int.from_bytes(view[80:84], "little")
    expected = 84 + 50 * count
    if expected > size and looks_like_text(bytes(view[:HEAD_BYTES])):
        raise MeshError(
            name, translate("MeshError", "it is not a 3D mesh (a text file, but not an ASCII STL)")
        )
    if expected > size and count > _MAX_TRIANGLES:
        # A header that cannot be an STL's: more triangles than any scan, far beyond the size.
        raise MeshError(
            name,
            translate(
                "MeshError",
                "it is not a 3D mesh (as a binary STL its header would announce {count} "
                "triangles, for a file of {size} bytes)",
            ).format(count=count_text(count), size=count_text(size)),
        )
    if expected > size:
        raise MeshError(
            name,
            translate(
                "MeshError",
                "its header announces {count} triangles ({expected} bytes) but the file has "
                "{size} bytes: it is truncated",
            ).format(count=count_text(count), expected=count_text(expected), size=count_text(size)),
        )
    if count == 0:
        raise MeshError(name, translate("MeshError", "the STL file contains no triangles"))
    if count > _MAX_TRIANGLES:
        raise MeshError(
            name,
            translate("MeshError", "{count} triangles are more than this program can show").format(
                count=count_text(count)
            ),
        )
    soup = _corners(np.frombuffer(view, STL_RECORD, count=count, offset=84))
    return soup_from_corners(soup, name, "binary STL")


def _corners(records: np.ndarray) -> FloatArray:
    """The records' corner points as one contiguous (3·M, 3) float32 array (copied in parts on
    the worker threads: numpy releases the GIL while it copies)."""
    soup = np.empty((len(records) * 3, 3), np.float32)
    triangles = soup.reshape(-1, 3, 3)
    corners = records["corners"]
    run_parts(lambda a, b: triangles.__setitem__(slice(a, b), corners[a:b]), len(records))
    return soup


def soup_faces(n_triangles: int) -> IndexArray:
    """Faces of a soup: triangle i uses points 3i, 3i+1, 3i+2.

    Every soup's faces are the same count, so soups alive together share one read-only array
    (each a view of its beginning) rather than each holding its own: a case's soups are on
    screen together while the first of them is welded, the viewer's peak memory
    (``benchmarks/memory_case.py``). The array lives as long as a soup uses it."""
    return _COUNTING.first(3 * n_triangles).reshape(-1, 3)


class _Counting:
    """0, 1, 2, … as far as the largest soup alive needs, shared (soups are read on several
    worker threads at once)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: weakref.ref[IndexArray] | None = None

    def first(self, count: int) -> IndexArray:
        with self._lock:
            counting = None if self._kept is None else self._kept()
            if counting is None or len(counting) < count:
                counting = np.arange(count, dtype=np.int32)
                counting.flags.writeable = False  # shared: no step may write into it
                self._kept = weakref.ref(counting)
        return counting[:count]


_COUNTING = _Counting()


def soup_from_corners(corners: FloatArray, name: str, source: str) -> Mesh:
    """A soup mesh from (3·M, 3) float32 corner points (after validation)."""
    if len(corners) == 0:
        raise MeshError(name, translate("MeshError", "the file contains no triangles"))
    require_finite(corners, name)
    return Mesh(corners, soup_faces(len(corners) // 3), welded=False, name=name, source=source)
