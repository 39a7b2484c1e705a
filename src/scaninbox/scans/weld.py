"""Welding an STL soup: points with exactly the same coordinates become one point.

Exporters write each shared corner with the same float bits, so exact equality is the right test
(a tolerance would merge distinct points of a fine scan). The method is a hash table built with a
handful of whole-array numpy operations instead of a sort:

1. hash the 12 coordinate bytes: ``h = (z·K2 + xy)·K1 mod 2⁶⁴`` (xy is the x and y bits read as
   one 64-bit word). Multiplying by the odd K1 is a bijection, so two points with equal ``h`` and
   equal z bits have equal x and y bits too: verifying a match needs two comparisons, not three;
2. scatter every point's index into the table at its hash slot and read the slot back: all copies
   of a point read the same winner (whichever write landed last);
3. a point whose winner has other coordinates (a slot collision, a few percent) is set aside; all
   copies of such a point collide alike, so the set-aside points are welded on their own with a
   different hash (recursively, on an ever smaller set).

The welded points keep the order of their winners in the file, so neighbouring triangles keep
neighbouring points (good for caches later). Streaming steps run in blocks that fit the CPU
cache, where numpy's temporaries cost far less than on whole arrays, and are spread over the
cores (`scaninbox.scans.parallel`); the table scatter stays on one thread so that the result does
not depend on timing.
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
    hashes, z_bits, slots = _hash(soup, salt)
    winner = _winners(slots, _table_bits(n))
    del slots
    collided = _collisions(hashes, z_bits, winner)
    del hashes, z_bits
    heads, inverse = _labels(winner)
    del winner
    records = soup.view(_RECORD).reshape(-1)
    points = records.take(heads).view(np.float32).reshape(-1, 3)
    again = np.flatnonzero(collided)
    if len(again):
        more_points, more_inverse = _weld(
            records.take(again).view(np.float32).reshape(-1, 3), salt + 1
        )
        more_inverse += len(points)
        inverse[again] = more_inverse
        points = np.concatenate([points, more_points])
    return points, inverse


def _winners(slots: npt.NDArray[np.intp], bits: int) -> IndexArray:
    """For every point, the index of the point whose write to its slot landed last."""
    n = len(slots)
    table = np.empty(1 << bits, np.int32)
    table[slots] = np.arange(n, dtype=np.int32)  # one thread: the last write must not vary
    winner = np.empty(n, np.int32)
    run_parts(lambda a, b: np.take(table, slots[a:b], out=winner[a:b]), n)
    return winner


def _collisions(
    hashes: npt.NDArray[np.uint64], z_bits: npt.NDArray[np.uint32], winner: IndexArray
) -> npt.NDArray[np.bool_]:
    """Points whose slot's winner has other coordinates."""
    collided = np.empty(len(winner), bool)

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            w = winner[a:b]
            np.not_equal(hashes.take(w), hashes[a:b], out=collided[a:b])
            collided[a:b] |= z_bits.take(w) != z_bits[a:b]

    run_parts(part, len(winner))
    return collided


def _labels(winner: IndexArray) -> tuple[npt.NDArray[np.intp], IndexArray]:
    """(heads, inverse): the winners in file order, and each point's rank among them."""
    n = len(winner)
    order = np.arange(n, dtype=np.int32)
    heads = np.flatnonzero(winner == order)
    label = np.empty(n, np.int32)
    label[heads] = order[: len(heads)]
    inverse = np.empty(n, np.int32)
    run_parts(lambda a, b: np.take(label, winner[a:b], out=inverse[a:b]), n)
    return heads, inverse


def _hash(
    soup: FloatArray, salt: int
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32], npt.NDArray[np.intp]]:
    n = len(soup)
    shift = np.uint64(64 - _table_bits(n))
    k2 = _K2 + np.uint64(2 * salt)  # stays odd: a different, still bijective mix per round
    xy = np.ndarray((n,), np.uint64, buffer=soup, strides=(12,))
    z = soup.view(np.uint32)[:, 2]
    hashes = np.empty(n, np.uint64)
    z_bits = np.empty(n, np.uint32)
    slots = np.empty(n, np.intp)

    def part(start: int, stop: int) -> None:
        for a in range(start, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            zb = z_bits[a:b]
            zb[:] = z[a:b]
            h = hashes[a:b]
            np.multiply(zb, k2, out=h)
            h += xy[a:b]
            h *= _K1
            np.right_shift(h, shift, out=slots[a:b].view(np.uint64))

    run_parts(part, n)
    return hashes, z_bits, slots


def _table_bits(n: int) -> int:
    # A soup repeats each point about six times: aim for a table ~4× the distinct points.
    return max(8, (n // 6).bit_length() + 2)


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
