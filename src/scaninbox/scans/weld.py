"""Welding an STL soup: points with exactly the same coordinates become one point.

Exporters write each shared corner with the same float bits, so exact equality is the right test
(a tolerance would merge distinct points of a fine scan). The method is a hash table built with a
handful of whole-array numpy operations instead of a sort:

1. hash the 12 coordinate bytes: ``h = (z·K2 + xy)·K1 mod 2⁶⁴`` (xy is the x and y bits read as
   one 64-bit word; K1 odd, so the mix is a bijection) and keep its top bits, the table slot;
2. scatter every point's index into the table at its hash slot and read the slot back: all copies
   of a point read the same winner (whichever write landed last);
3. a point whose winner has other coordinates (a slot collision, a few percent; xy and z are
   compared: two comparisons, not three) is set aside; all copies of such a point collide alike,
   so the set-aside points are welded on their own with a different hash (recursively, on an
   ever smaller set).

The welded points keep the order of their winners in the file, so neighbouring triangles keep
neighbouring points (good for caches later). Streaming steps run in blocks that fit the CPU
cache, where numpy's temporaries cost far less than on whole arrays, and are spread over the
cores (`scaninbox.scans.parallel`); the table scatter stays on one thread so that the result does
not depend on timing.

Memory: besides the table, each point keeps only its slot (which becomes its winner, then its
label, in place) and a collision flag; a match is verified on the coordinates in the soup itself.
That is about half the working memory of keeping each point's 64-bit hash as well: the weld
runs while both arches' soups are on screen, at the viewer's peak memory
(``benchmarks/memory_case.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.scans.mesh import FloatArray, IndexArray
from scaninbox.scans.parallel import run_parts

__all__ = ["weld_points"]

_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)
_NEGATIVE_ZERO = np.uint32(0x80000000)
_BLOCK = 32768
_RECORD = np.dtype("V12")  # one point's three float32 coordinates as one opaque item
_MAX_ROUNDS = 64


def weld_points(soup: FloatArray) -> tuple[FloatArray, IndexArray]:
    """(points, inverse): the distinct points of ``soup`` and, for every soup point, the index
    of its distinct point, so that ``points[inverse]`` equals ``soup`` bit for bit.

    ``-0.0`` and ``0.0`` count as equal. ``soup`` is float32 (N, 3) C-contiguous.
    """
    soup = _without_negative_zero(soup)
    return _weld(soup, salt=0)


def _weld(soup: FloatArray, salt: int) -> tuple[FloatArray, IndexArray]:
    n = len(soup)
    if n == 0:
        return soup.copy(), np.empty(0, np.int32)
    if salt >= _MAX_ROUNDS:
        return _weld_by_sorting(soup)
    # Per point only its slot (which becomes its winner, then its label, in place) and a
    # collision flag are kept: a match is verified on the coordinates in the soup itself.
    bits = _table_bits(n)
    winner = _slots(soup, salt, bits)
    collided = _winners(soup, winner, bits)  # ``winner`` holds the winners now
    heads, inverse = _labels(winner)  # ``winner`` becomes ``inverse`` (same memory)
    records = soup.view(_RECORD).reshape(-1)
    points = records.take(heads).view(np.float32).reshape(-1, 3)
    del heads
    again = np.flatnonzero(collided)
    del collided
    if len(again):
        more_points, more_inverse = _weld(
            records.take(again).view(np.float32).reshape(-1, 3), salt + 1
        )
        more_inverse += len(points)
        inverse[again] = more_inverse
        points = np.concatenate([points, more_points])
    return points, inverse


def _coordinates(soup: FloatArray) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32]]:
    """Each point's x and y bits as one 64-bit word and its z bits, read in the soup itself."""
    xy = np.ndarray((len(soup),), np.uint64, buffer=soup, strides=(12,))
    return xy, soup.view(np.uint32)[:, 2]


def _slots(soup: FloatArray, salt: int, bits: int) -> IndexArray:
    """Each point's table slot: the top ``bits`` bits of ``h = (z·K2 + xy)·K1 mod 2⁶⁴``."""
    n = len(soup)
    shift = np.uint64(64 - bits)
    k2 = _K2 + np.uint64(2 * salt)  # stays odd: a different, still bijective mix per round
    xy, z = _coordinates(soup)
    slots = np.empty(n, np.int32)  # below 2**bits ≤ 2**31 (`_table_bits`)

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            h = np.multiply(z[a:b], k2)
            h += xy[a:b]
            h *= _K1
            h >>= shift
            slots[a:b] = h

    run_parts(part, n)
    return slots


def _winners(soup: FloatArray, slots: IndexArray, bits: int) -> npt.NDArray[np.bool_]:
    """Replace each point's slot in ``slots`` by its winner, the index of the point whose write
    to that slot landed last, and tell whether that winner has other coordinates (a slot
    collision)."""
    n = len(slots)
    table = np.empty(1 << bits, np.int32)
    for a in range(0, n, _BLOCK):  # one thread, blocks in order: the last write must not vary
        b = min(a + _BLOCK, n)
        table[slots[a:b]] = np.arange(a, b, dtype=np.int32)
    collided = np.empty(n, bool)
    xy, z = _coordinates(soup)

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            w = table.take(slots[a:b])
            slots[a:b] = w  # each part reads and writes only its own points
            # Indexing, not take: take copies a strided array (xy, z) whole first.
            np.not_equal(xy[w], xy[a:b], out=collided[a:b])
            collided[a:b] |= z[w] != z[a:b]

    run_parts(part, n)
    return collided


def _labels(winner: IndexArray) -> tuple[npt.NDArray[np.intp], IndexArray]:
    """(heads, inverse): the winners in file order, and each point's rank among them, written
    over ``winner``."""
    n = len(winner)
    is_head = np.empty(n, bool)

    def mark(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            np.equal(winner[a:b], np.arange(a, b, dtype=np.int32), out=is_head[a:b])

    run_parts(mark, n)
    heads = np.flatnonzero(is_head)
    label = np.empty(n, np.int32)  # only the heads' entries are ever read
    label[heads] = np.arange(len(heads), dtype=np.int32)

    def relabel(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            winner[a:b] = label.take(winner[a:b])

    run_parts(relabel, n)
    return heads, winner


def _table_bits(n: int) -> int:
    # A soup repeats each point about six times: aim for a table ~4× the distinct points (a
    # soup of int32-indexed triangles never asks for more than 31 bits: slots fit an int32).
    return min(31, max(8, (n // 6).bit_length() + 2))


def _without_negative_zero(soup: FloatArray) -> FloatArray:
    bits = soup.view(np.uint32).reshape(-1)
    found = [False]

    def look(start: int, stop: int) -> None:
        for a in range(start, stop, 3 * _BLOCK):
            if (bits[a : min(a + 3 * _BLOCK, stop)] == _NEGATIVE_ZERO).any():
                found[0] = True
                return

    run_parts(look, len(bits))
    if not found[0]:
        return soup
    return soup + np.float32(0.0)  # -0.0 + 0.0 == +0.0; every other value is unchanged


def _weld_by_sorting(soup: FloatArray) -> tuple[FloatArray, IndexArray]:
    """Exact fallback for pathological inputs where hashing keeps colliding."""
    records = soup.view(_RECORD).reshape(-1)
    unique, inverse = np.unique(records, return_inverse=True)
    return unique.view(np.float32).reshape(-1, 3), inverse.astype(np.int32).reshape(-1)
