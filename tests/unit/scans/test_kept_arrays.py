"""Arrays the PLY and STL readers fill in the C module's kept memory (`scans.kept_arrays`, over
``kept_block`` in ``_text_native.c``): writable and contiguous as numpy's own, from 64 KiB taken
from and given back to the pool, never showing an earlier array's bytes, and numpy's memory when
the C module is missing. In the app's heap a second read of a PLY or an STL, binary or ASCII,
finds its pages in place."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import numpy as np
import pytest

from scaninbox.scans import kept_arrays, read_mesh
from scaninbox.scans.text_numbers import load_text_native

from .meshfiles import arch_mesh, ascii_stl, binary_stl, ply, soup_of
from .page_faults import faults_of_reads

NATIVE = load_text_native()
LINUX = sys.platform.startswith("linux")
needs_native = pytest.mark.skipif(NATIVE is None, reason="the C extension is not built")


@functools.cache
def _coloured_ply(shift: float = 0.0, fmt: str = "binary_little_endian") -> bytes:
    """A PLY with colours whose faces take 1.1 MB and points 0.6 MB (400 × 120)."""
    points, faces = arch_mesh(400, 120)
    colours = (np.arange(len(points) * 4) % 251).astype(np.uint8).reshape(-1, 4)
    return ply(points + np.float32(shift), faces, colours=colours, fmt=fmt)


def _owner(array: np.ndarray) -> object:
    base: object = array
    while isinstance(base, np.ndarray) and base.base is not None:
        base = base.base
    return base


@needs_native
def test_kept_block_is_writable_memory_of_the_size_asked() -> None:
    assert NATIVE is not None
    for size in (0, 1, kept_arrays.KEPT_FROM_BYTES - 1, kept_arrays.KEPT_FROM_BYTES, 3 << 20):
        block = NATIVE.kept_block(size)
        assert len(block) == size
        view = np.frombuffer(block, np.uint8)
        view[:] = 7
        assert bytes(memoryview(block)) == b"\x07" * size
    with pytest.raises(ValueError, match="negative"):
        NATIVE.kept_block(-1)
    with pytest.raises(TypeError):
        NATIVE.kept_block("10")


@needs_native
@pytest.mark.skipif(not LINUX, reason="kept memory is pooled on Linux only")
def test_a_large_array_comes_from_the_pool_and_goes_back_to_it() -> None:
    assert NATIVE is not None
    NATIVE.out_pool_clear()  # a full pool would keep nothing more
    array = kept_arrays.empty((100_000, 3), np.int32)
    assert type(_owner(array)).__name__ == "Block"
    array[:] = 1
    del array
    count, size = NATIVE.out_pool()
    assert count >= 1
    assert size >= 1_200_000
    again = kept_arrays.empty((100_000, 3), np.int32)  # takes that mapping back
    assert NATIVE.out_pool()[0] == count - 1
    del again


def test_small_arrays_and_no_c_module_give_numpys_own(monkeypatch: pytest.MonkeyPatch) -> None:
    small = kept_arrays.empty((10, 3), np.float32)
    assert small.base is None
    assert small.shape == (10, 3)
    assert small.dtype == np.float32
    monkeypatch.setattr(kept_arrays, "_kept_block", None)
    large = kept_arrays.empty((100_000, 3), np.int32)
    assert large.base is None
    assert large.flags.c_contiguous
    assert large.flags.writeable


@needs_native
def test_the_binary_ply_reader_fills_kept_memory_and_shows_nothing_older(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A first file leaves its arrays in the pool; a second, other numbers, reuses them. Every
    # read must give what numpy's own memory gives, byte for byte.
    first = read_mesh(_coloured_ply(), name="a.ply")
    assert type(_owner(first.faces)).__name__ == "Block"
    assert first.colours is not None
    assert type(_owner(first.colours)).__name__ == "Block"
    del first
    second = read_mesh(_coloured_ply(shift=2.5), name="b.ply")
    monkeypatch.setattr(kept_arrays, "_kept_block", None)
    plain = read_mesh(_coloured_ply(shift=2.5), name="b.ply")
    assert _owner(plain.faces) is not _owner(second.faces)
    assert second.points.tobytes() == plain.points.tobytes()
    assert second.faces.tobytes() == plain.faces.tobytes()
    assert second.colours is not None
    assert plain.colours is not None
    assert second.colours.tobytes() == plain.colours.tobytes()


@needs_native
@pytest.mark.skipif(not LINUX, reason="glibc's heap and kept mappings")
@pytest.mark.parametrize("fmt", ["binary_little_endian", "ascii"])
def test_a_second_ply_read_in_the_apps_heap_finds_its_pages_in_place(
    tmp_path: Path, fmt: str
) -> None:
    # What the kept memory is for: with the C heap set as the app sets it, every array of a
    # few hundred KB or more is fresh memory, a page fault per 4 KiB on first touch. Counted by
    # the kernel (minor faults) in a process of its own, so nothing else has warmed the pool.
    # The binary reader's arrays are numpy's (`kept_arrays`), the ASCII reader's the C code's.
    path = tmp_path / "a.ply"
    path.write_bytes(_coloured_ply(fmt=fmt))
    first, _, third = faults_of_reads(path, 3)
    assert first > 300  # the arrays' pages: ~1.8 MB
    assert third < first // 4


@needs_native
@pytest.mark.skipif(not LINUX, reason="kept memory is pooled on Linux only")
def test_the_pool_can_be_emptied() -> None:
    assert NATIVE is not None
    block = NATIVE.kept_block(2 << 20)
    del block
    count, size = NATIVE.out_pool()
    assert count >= 1
    assert NATIVE.out_pool_clear() == (count, size)
    assert NATIVE.out_pool() == (0, 0)
    assert len(NATIVE.kept_block(2 << 20)) == 2 << 20  # fresh memory again


@needs_native
@pytest.mark.skipif(not LINUX, reason="glibc's heap and kept mappings")
@pytest.mark.parametrize("fmt", ["binary", "ascii"])
def test_a_second_stl_read_in_the_apps_heap_finds_its_pages_in_place(
    tmp_path: Path, fmt: str
) -> None:
    # The same for an STL's soup: its corners (3.4 MB here) and its faces (1.1 MB) are kept
    # memory; the faces are counted into it a piece at a time, with no temporary in fresh pages.
    points, faces = arch_mesh(400, 120)
    path = tmp_path / "a.stl"
    path.write_bytes(binary_stl(points, faces) if fmt == "binary" else ascii_stl(points, faces))
    soup_pages = len(faces) * 3 * (12 + 4) // 4096  # corners and faces: ~4.6 MB
    first, _, third = faults_of_reads(path, 3)
    assert first > soup_pages
    assert third < soup_pages // 10
    mesh = read_mesh(path)
    np.testing.assert_array_equal(mesh.points, soup_of(points, faces))
    np.testing.assert_array_equal(mesh.faces.reshape(-1), np.arange(len(mesh.points)))


def _vm_flags_at(address: int) -> set[str]:
    """The VmFlags of the mapping of this process that holds ``address``."""
    flags: set[str] = set()
    inside = False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split(maxsplit=1)[0]
        if "-" in head and all(c in "0123456789abcdef-" for c in head):
            start, end = (int(x, 16) for x in head.split("-"))
            inside = start <= address < end
        elif inside and head == "VmFlags:":
            flags = set(line.split()[1:])
    return flags


@needs_native
@pytest.mark.skipif(
    not Path("/sys/kernel/mm/transparent_hugepage/enabled").exists(),
    reason="no transparent huge pages here",
)
def test_a_large_new_kept_array_asks_for_huge_pages_as_numpy_does() -> None:
    # A 600k STL's soup (22 MB) does not stay in the pool: each read maps it afresh, and with
    # 4 KiB pages that was 5,300 page faults (~9 ms) where numpy's own array (which asks for huge
    # pages from 4 MiB) took a few. A new mapping of 4 MiB or more asks too; a smaller one not.
    assert NATIVE is not None
    NATIVE.out_pool_clear()  # new mappings, not kept ones
    large = kept_arrays.empty((1 << 20, 3), np.float32)  # 12 MiB
    small = kept_arrays.empty((1 << 17, 3), np.float32)  # 1.5 MiB
    assert "hg" in _vm_flags_at(large.ctypes.data)
    assert "hg" not in _vm_flags_at(small.ctypes.data)
    assert _vm_flags_at(small.ctypes.data)  # found: its mapping has flags
