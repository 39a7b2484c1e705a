"""Wavefront OBJ read with whole-array numpy (no Python loop over lines).

What a scan needs from an OBJ: the ``v`` lines (x y z, then an optional w, or r g b as many
portals write per-vertex colour) and the ``f`` lines (corners ``v``, ``v/vt``, ``v//vn`` or
``v/vt/vn``; only the vertex index is kept; negative indices count back from the vertices
written so far; polygons are split into fans of triangles). Everything else (``vt``, ``vn``,
``o``, ``g``, ``s``, ``usemtl``, ``mtllib``, ``l``…) is skipped, as is the rest of a line from a
token starting with ``#``. A backslash at the end of a line joins it to the next. Lines may end
in CRLF; spaces and tabs separate tokens.

Rules: every token on a ``v`` line must be a number (read with `parse_decimal_tokens`' rules);
x, y, z and colours must be finite. A corner's vertex index is an optional sign and 1–10
digits, followed by ``/`` or the token's end; 0, a negative index reaching before the first
vertex, a positive one beyond the last vertex of the file, a ``v`` with fewer than three
numbers, a face with fewer than three corners and a file without faces are refused in plain
words naming the line. Colours are used when every
vertex has them, as 0–1 when none is above 1, else as 0–255.

OBJ announces no counts, so memory follows what the file holds, never what it claims.
"""

from __future__ import annotations

import mmap
import re

import numpy as np
import numpy.typing as npt

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.scans.mesh import (
    BytesLike,
    ColourArray,
    FloatArray,
    IndexArray,
    Mesh,
    MeshError,
    count_text,
)
from scaninbox.scans.text_numbers import (
    Int64Array,
    not_a_number,
    parse_decimal_tokens,
    whitespace_tokens,
)

__all__ = ["parse_obj"]

_MAX_DIGITS = 10  # an index has at most 10 digits (int32 holds 2,147,483,647)
_INT32_MAX = 2**31 - 1
_Error = tuple[int, str]  # (byte offset, message): the first in the file wins
_CONTINUATION = re.compile(rb"\\\r?\n")


def parse_obj(data: BytesLike, name: str) -> Mesh:
    """The indexed mesh of an OBJ file held in ``data``."""
    return _parse_numpy(_joined_lines(data), data, name)


def _joined_lines(data: BytesLike) -> BytesLike:
    """``data`` with each line continuation (a backslash ending a line) turned into blanks.

    The offsets stay the same, so errors still count lines in the original bytes."""
    whole = _searchable(data)
    # One memchr for the byte first (memory speed); the pattern search only when it is there.
    if whole.find(b"\\") < 0 or _CONTINUATION.search(whole) is None:
        return data
    return bytes(memoryview(data).cast("B")).replace(b"\\\r\n", b"   ").replace(b"\\\n", b"  ")


def _searchable(data: BytesLike) -> bytes | bytearray | mmap.mmap:
    """``data`` as an object with ``find`` (a view of whole bytes gives them back uncopied)."""
    if not isinstance(data, memoryview):
        return data
    owner = data.obj
    if isinstance(owner, bytes | bytearray) and len(owner) == data.nbytes:
        return owner
    return bytes(data)


def _parse_numpy(text: BytesLike, original: BytesLike, name: str) -> Mesh:
    buf = np.frombuffer(text, np.uint8)
    lines = _Lines(original, joined=text is not original)
    tokens = _Tokens(buf)
    if len(tokens.starts) == 0:
        raise MeshError(name, translate("MeshError", "the OBJ file contains no faces"))
    v_lines, f_lines = tokens.lines_of(ord("v")), tokens.lines_of(ord("f"))
    v_values, f_corners = tokens.values_of(v_lines), tokens.values_of(f_lines)
    corners = _Corners(buf, tokens, f_corners, v_lines)
    problems = [
        _first(tokens.heads_where(v_lines, tokens.counts < 3), _VERTEX_SHORT),
        _first(tokens.heads_where(f_lines, tokens.counts < 3), _FACE_SHORT),
        corners.first_problem(),
    ]
    first = min((p for p in problems if p is not None), default=None)
    before = v_values if first is None else v_values[tokens.starts[v_values] < first[0]]
    numbers = _numbers(buf, tokens, before, lines, name)
    if first is not None:
        raise MeshError(name, _on_line(lines.at(first[0]), first[1]))
    position = tokens.position[v_values]
    points64 = numbers[position < 3].reshape(-1, 3)
    coloured = v_lines[tokens.counts[v_lines] >= 6]
    wide = tokens.counts[tokens.line_of[v_values]] >= 6
    colours = numbers[wide & (position >= 3) & (position < 6)].reshape(-1, 3)
    with np.errstate(over="ignore"):  # beyond float32's range: infinite, refused just below
        points = points64.astype(np.float32)
    late = [
        _first(tokens.head_starts(v_lines)[~_finite_rows(points)], _COORDINATE_NOT_FINITE),
        _first(tokens.head_starts(coloured)[~_finite_rows(colours)], _COLOUR_NOT_FINITE),
        corners.beyond(len(points)),
    ]
    found = min((p for p in late if p is not None), default=None)
    if found is not None:
        raise MeshError(name, _on_line(lines.at(found[0]), found[1]))
    rgb = _colours(colours) if len(colours) == len(points) else None
    return _mesh(points, corners.triangles(), rgb, name)


def _mesh(points: FloatArray, faces: IndexArray, rgb: ColourArray | None, name: str) -> Mesh:
    """``rgb``: the colours when every vertex has them (as `_colours` makes them)."""
    if len(faces) == 0:
        raise MeshError(name, translate("MeshError", "the OBJ file contains no faces"))
    return Mesh(
        np.ascontiguousarray(points),
        np.ascontiguousarray(faces),
        colours=rgb,
        welded=True,
        name=name,
        source="OBJ",
    )


def _colours(values: npt.NDArray[np.float64]) -> ColourArray:
    """Per-vertex colours as uint8: 0–1 floats scaled (as MeshLab writes them), else 0–255."""
    scale = 255.0 if values.size == 0 or float(values.max()) <= 1.0 else 1.0
    return np.clip(np.rint(values * scale), 0, 255).astype(np.uint8)


def _finite_rows(values: npt.NDArray[np.floating]) -> npt.NDArray[np.bool_]:
    finite: npt.NDArray[np.bool_] = np.isfinite(values).all(axis=1)
    return finite


def _first(offsets: Int64Array, message: str) -> _Error | None:
    return (int(offsets[0]), message) if len(offsets) else None


# Translated only when a file is refused (`_on_line`), never on the way through a good file.
_VERTEX_SHORT = QT_TRANSLATE_NOOP("MeshError", "a vertex needs three numbers")
_FACE_SHORT = QT_TRANSLATE_NOOP("MeshError", "a face needs three corners")
_COORDINATE_NOT_FINITE = QT_TRANSLATE_NOOP("MeshError", "a coordinate is not a finite number")
_COLOUR_NOT_FINITE = QT_TRANSLATE_NOOP("MeshError", "a colour is not a finite number")


def _on_line(line: int, problem: str) -> str:
    """``problem`` (a marked constant above, or a sentence already translated) on ``line``."""
    return translate("MeshError", "line {line}: {problem}").format(
        line=count_text(line), problem=translate("MeshError", problem)
    )


class _Lines:
    """Line numbers of byte offsets, counted in the original bytes."""

    def __init__(self, original: BytesLike, *, joined: bool) -> None:
        self.buf = np.frombuffer(original, np.uint8)
        self.joined = joined  # continuations were blanked: the parsed text has fewer lines

    def at(self, offset: int) -> int:
        return int(np.count_nonzero(self.buf[:offset] == 10)) + 1


class _Tokens:
    """The file's tokens, comments dropped, grouped by line.

    A line's first token is its head (the keyword); ``counts`` is, per head, how many tokens
    follow it on its line; ``position`` is a token's place after its head (-1 for the head)."""

    def __init__(self, buf: npt.NDArray[np.uint8]) -> None:
        starts, ends = whitespace_tokens(buf)
        line = np.searchsorted(np.flatnonzero(buf == 10), starts)
        hashes = np.flatnonzero(buf[starts] == ord("#"))
        if len(hashes):
            # A token starting with '#' ends its line: it and what follows are a comment.
            commented, first = np.unique(line[hashes], return_index=True)
            cut = np.full(int(line[-1]) + 1, len(starts), np.int64)
            cut[commented] = hashes[first]
            keep = np.arange(len(starts)) < cut[line]
            starts, ends, line = starts[keep], ends[keep], line[keep]
        n = len(starts)
        is_head = np.ones(n, bool)
        is_head[1:] = line[1:] != line[:-1]
        self.buf = buf
        self.starts: Int64Array = starts
        self.ends: Int64Array = ends
        self.heads: Int64Array = np.flatnonzero(is_head)
        self.counts: Int64Array = np.diff(np.append(self.heads, n)) - 1  # per head
        self.line_of: Int64Array = np.cumsum(is_head) - 1  # each token's head number
        self.position: Int64Array = np.arange(n) - self.heads[self.line_of] - 1

    def lines_of(self, keyword: int) -> Int64Array:
        """Head numbers of the lines whose keyword is the single letter ``keyword``."""
        at = self.heads
        single = (self.ends[at] - self.starts[at] == 1) & (self.buf[self.starts[at]] == keyword)
        return np.flatnonzero(single)

    def values_of(self, lines: Int64Array) -> Int64Array:
        """Indices of the tokens after the heads ``lines``, in file order."""
        chosen = np.zeros(len(self.heads), bool)
        chosen[lines] = True
        return np.flatnonzero(chosen[self.line_of] & (self.position >= 0))

    def heads_where(self, lines: Int64Array, mask: npt.NDArray[np.bool_]) -> Int64Array:
        """Start offsets of the heads ``lines`` where ``mask`` (per head) holds."""
        return self.head_starts(lines[mask[lines]])

    def head_starts(self, lines: Int64Array) -> Int64Array:
        """Start offsets of the heads ``lines``."""
        picked: Int64Array = self.starts[self.heads[lines]]
        return picked


class _Corners:
    """The vertex index of every face corner, checked and resolved to 0-based."""

    def __init__(
        self, buf: npt.NDArray[np.uint8], tokens: _Tokens, corners: Int64Array, v_lines: Int64Array
    ) -> None:
        starts, ends = tokens.starts[corners], tokens.ends[corners]
        slashes = np.flatnonzero(buf == ord("/"))
        following = np.searchsorted(slashes, starts)
        slash = np.append(slashes, len(buf))[following]
        stop = np.minimum(slash, ends)  # the index ends at the first '/' or the token's end
        first = buf[starts] if len(starts) else np.empty(0, np.uint8)
        negative = first == ord("-")
        signed = negative | (first == ord("+"))
        digits_at = starts + signed
        n_digits = stop - digits_at
        padded = np.concatenate([buf, np.zeros(_MAX_DIGITS, np.uint8)])
        value = np.zeros(len(starts), np.int64)
        whole = (n_digits >= 1) & (n_digits <= _MAX_DIGITS)
        # Only as many digit places as the longest index has (beyond, no corner has a digit).
        longest = int(n_digits.max()) if len(n_digits) else 0
        for k in range(min(max(longest, 0), _MAX_DIGITS)):
            inside = k < n_digits
            digit = padded[np.minimum(digits_at + k, len(buf))].astype(np.int64) - 48
            whole &= ~inside | ((digit >= 0) & (digit <= 9))
            value = np.where(inside, value * 10 + digit, value)
        # Vertices written before each corner: a negative index counts back from there.
        v_head = np.zeros(len(tokens.heads), np.int64)
        v_head[v_lines] = 1
        before = np.cumsum(v_head)[tokens.line_of[corners]]
        self.tokens = tokens
        self.buf = buf
        self.corners = corners
        self.value = value
        self.negative = negative
        self.before = before
        self.index = np.where(negative, before - value, value - 1)
        self.whole = whole

    def first_problem(self) -> _Error | None:
        zero = self.whole & (self.value == 0)
        too_large = self.whole & (self.value > _INT32_MAX)
        back = self.whole & ~zero & ~too_large & (self.index < 0)
        bad = np.flatnonzero(~self.whole | zero | too_large | back)
        if len(bad) == 0:
            return None
        i = int(bad[0])
        start = int(self.tokens.starts[self.corners[i]])
        text = self.buf[start : int(self.tokens.ends[self.corners[i]])].tobytes()
        shown = text[:40].decode("ascii", "replace")
        if not self.whole[i] or too_large[i]:
            return start, translate("MeshError", "{token} is not a vertex number").format(
                token=repr(shown)
            )
        if zero[i]:
            return start, translate(
                "MeshError", "{token} refers to vertex 0, but OBJ counts vertices from 1"
            ).format(token=repr(shown))
        return start, translate(
            "MeshError", "{token} refers back {count} vertices, but only {before} come before it"
        ).format(
            token=repr(shown),
            count=count_text(int(self.value[i])),
            before=count_text(int(self.before[i])),
        )

    def beyond(self, n_points: int) -> _Error | None:
        """The first corner naming a vertex past the last one of the file."""
        over = np.flatnonzero(self.index >= n_points)
        if len(over) == 0:
            return None
        i = int(over[0])
        return int(self.tokens.starts[self.corners[i]]), translate(
            "MeshError", "a face refers to vertex {vertex}, but the file has {count}"
        ).format(vertex=count_text(int(self.value[i])), count=count_text(n_points))

    def triangles(self) -> IndexArray:
        """Fans (first, i, i+1) of every face, in file order."""
        position = self.tokens.position[self.corners]
        count = self.tokens.counts[self.tokens.line_of[self.corners]]
        middle = np.flatnonzero((position >= 1) & (position <= count - 2))
        index = self.index.astype(np.int32)
        out = np.empty((len(middle), 3), np.int32)
        out[:, 0] = index[middle - position[middle]]
        out[:, 1] = index[middle]
        out[:, 2] = index[middle + 1]
        return out


def _numbers(
    buf: npt.NDArray[np.uint8],
    tokens: _Tokens,
    chosen: Int64Array,
    lines: _Lines,
    name: str,
) -> npt.NDArray[np.float64]:
    starts, ends = tokens.starts[chosen], tokens.ends[chosen]
    try:
        return parse_decimal_tokens(buf, starts, ends, name)
    except MeshError:
        if not lines.joined:
            raise
    # Lines were joined: name the token's line in the original bytes.
    for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
        text = buf[start:end].tobytes()
        try:
            float(text)
        except ValueError:
            shown = text[:40].decode("ascii", "replace")
            raise MeshError(name, not_a_number(lines.at(start), shown)) from None
    raise AssertionError("parse_decimal_tokens refused a token float() reads")
