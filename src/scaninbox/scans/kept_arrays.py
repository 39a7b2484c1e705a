"""Arrays a reader fills whole, in memory the C text module keeps between scans.

A scan's arrays of a few hundred KB to a few MB are fresh memory every time in the app's heap
(`qt/viewer/heap.py` gives freed blocks back to the system), and each 4 KiB page of fresh memory
costs a page fault on first touch: 458 of them, ~0.8 ms, in a 1.4 ms read of the real 100k
binary PLY, and 1,195 (~1.9 ms) in a 3.4 ms first drawable of the real 100k binary STL, whose
soup (corners and faces) now comes from here too. ``kept_block`` (`_text_native.c`, "Output
memory") hands out mappings that earlier arrays left in its pool, their pages in place. Without
the C module, numpy's own memory.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

__all__ = ["KEPT_FROM_BYTES", "empty", "give_back", "kept_bytes"]

_native = None  # the pool was in the C text module, deleted (removed next with this module)
_kept_block = getattr(_native, "kept_block", None)
_pool = getattr(_native, "out_pool", None)
_pool_clear = getattr(_native, "out_pool_clear", None)
# From this size ``kept_block`` hands out kept memory; smaller arrays stay numpy's own (without
# the C module, every array is).
KEPT_FROM_BYTES: int = getattr(_native, "KEPT_FROM", 0)


def empty(shape: tuple[int, ...], dtype: npt.DTypeLike) -> np.ndarray:
    """An uninitialised C-contiguous array, as ``np.empty``: the caller writes every element
    before reading any (kept memory holds an earlier array's bytes)."""
    kind = np.dtype(dtype)
    size = math.prod(shape) * kind.itemsize
    if _kept_block is None or size < KEPT_FROM_BYTES:
        return np.empty(shape, kind)
    return np.frombuffer(_kept_block(size), kind).reshape(shape)


def kept_bytes() -> int:
    """How much freed memory the pool keeps for the next arrays (0 without the C module)."""
    return int(_pool()[1]) if _pool is not None else 0


def give_back() -> int:
    """Give the pool's memory back to the system (arrays in use keep theirs); the bytes given
    back. Safe from any thread, also while readers run: their next arrays are then fresh
    memory."""
    return int(_pool_clear()[1]) if _pool_clear is not None else 0
