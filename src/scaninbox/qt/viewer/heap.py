"""The C heap's settings for a process that handles meshes of tens of megabytes (glibc).

glibc hands an allocation above its "mmap threshold" its own mapping, returned to the system
on free; below it, memory comes from heaps that rarely shrink. The threshold starts at 128 KiB
but rises to the size of the largest mapped block freed so far (up to 32 MiB), so after the
first scan the arrays of the next ones (points, faces, normals, tens of megabytes each, many made
on worker threads, each with its own heap "arena") land in heaps and stay in the process after
they are freed. Measured with ``benchmarks/memory_case.py`` (2 × 600k triangles): a fixed 1 MiB
threshold and two arenas lower both the peak and the settled size after the case is shown, at no
measurable cost in speed (large arrays are few; the figures: benchmarks/README.md).

Below the threshold stay the many small blocks others free in bulk — Mesa's llvmpipe sorts a
frame's triangles into blocks of tens of kilobytes and frees them once drawn —, which the heaps
keep for their next use. `give_back_free_memory` returns those free pages to the system
(``malloc_trim``) before a step that makes the next peak (welding a scan beside the scans on
screen, building a level of detail): what a frame drew with is not held through it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys

__all__ = ["MMAP_THRESHOLD_BYTES", "give_back_free_memory", "tune_heap"]

MMAP_THRESHOLD_BYTES = 1 << 20
_ARENAS = 2
# glibc's mallopt parameters (malloc.h)
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """glibc, or None where the C library is another (musl has no mallopt) or not Linux's."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
        libc.mallopt.restype = ctypes.c_int
        libc.malloc_trim.argtypes = (ctypes.c_size_t,)
        libc.malloc_trim.restype = ctypes.c_int
    except (OSError, AttributeError):
        return None
    return libc


def give_back_free_memory() -> bool:
    """Return the heaps' free pages to the system (from any thread);
    True when some were. Nothing happens where the C library is not glibc."""
    libc = _libc()
    return libc is not None and bool(libc.malloc_trim(0))


@functools.cache
def tune_heap() -> bool:
    """Fix the mmap threshold and cap the arenas (once per process); False where the C
    library is not glibc (no ``mallopt``) or refused."""
    libc = _libc()
    if libc is None:
        return False
    # Setting the threshold by hand also stops glibc from raising it (mallopt(3)).
    return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)) and bool(
        libc.mallopt(_M_ARENA_MAX, _ARENAS)
    )
