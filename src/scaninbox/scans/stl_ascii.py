"""ASCII STL without a Python loop over facets: whole-array numpy.

The file is tokenised once (`whitespace_tokens`). Exporters write every facet as the same 21
tokens (``facet normal n n n outer loop vertex x y z ×3 endloop endfacet``); when the file has
that rhythm, which one gather of the ``vertex`` keywords confirms, the coordinates are at fixed
token offsets. Otherwise (several solids, odd spacing of keywords) every ``vertex`` keyword is
found through the ``x`` that ends it, leaving out those in a solid's name and those standing
where a number should be. Either way the coordinates are parsed together by
`parse_decimal_tokens`; facet normals are skipped (we compute our own).

A file cut short is refused wherever the cut falls inside a facet: the last facet must be
closed by its ``endfacet``. A file may end without ``endsolid`` after a whole facet: some
exporters never write it, and such a file cannot be told from one cut exactly between two
facets, whose facets before the cut are then read (docs/spec-gaps.md, "STL").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scaninbox.language import translate
from scaninbox.scans.mesh import BytesLike, Mesh, MeshError, count_text
from scaninbox.scans.stl import soup_from_corners
from scaninbox.scans.text_numbers import Int64Array, parse_decimal_tokens, whitespace_tokens

__all__ = ["parse_ascii_stl"]


_TOKENS_PER_FACET = 21
_VERTEX_AT = np.array([7, 11, 15])  # token offsets of the three "vertex" keywords in a facet
_ENDFACET_AT = 20
_LOWER = np.uint64(0x2020202020202020)


def parse_ascii_stl(data: BytesLike, name: str) -> Mesh:
    """The triangle soup of an ASCII STL held in ``data``."""
    buf = np.frombuffer(data, np.uint8)
    starts, ends = whitespace_tokens(buf)
    words = _first_words(buf)
    keywords = _regular_vertex_keywords(words, starts, ends)
    if keywords is None:
        keywords, dangling = _vertex_keywords(buf, words, starts, ends)
        if dangling and len(keywords):  # a file cut after "facet normal …" or "outer loop"
            raise MeshError(
                name, translate("MeshError", "the file ends in the middle of a triangle")
            )
    if len(keywords) == 0:
        raise MeshError(name, translate("MeshError", "the ASCII STL file contains no triangles"))
    if len(keywords) % 3:
        raise MeshError(
            name,
            translate(
                "MeshError", "it lists {count} vertices, which do not make whole triangles"
            ).format(count=count_text(len(keywords))),
        )
    if int(keywords[-1]) + 3 >= len(starts):
        raise MeshError(name, translate("MeshError", "the file ends in the middle of a vertex"))
    coordinate = (keywords[:, None] + np.arange(1, 4)).ravel()
    values = parse_decimal_tokens(buf, starts[coordinate], ends[coordinate], name)
    # Beyond float32's range is infinite, refused by soup_from_corners like "inf".
    with np.errstate(over="ignore"):
        corners = values.astype(np.float32).reshape(-1, 3)
    soup = soup_from_corners(corners, name, "ASCII STL")
    # Last, so that a file with a bad number or point as well is refused for that, as before.
    if not _closed_after(words, starts, ends, keywords):
        # Cut after the last vertex's numbers (maybe within them), before its "endfacet".
        raise MeshError(name, translate("MeshError", "the file ends in the middle of a triangle"))
    return soup


@dataclass(frozen=True)
class _Words:
    """The little-endian 64-bit word at each byte offset of a file: ``body``, the eight bytes
    from each offset but the last seven (a view of the file, no copy), ``tail`` the words at
    those seven (zeros past the end)."""

    body: npt.NDArray[np.uint8]  # shape (size - 7, 8)
    tail: npt.NDArray[np.uint64]

    def at(self, start: Int64Array) -> npt.NDArray[np.uint64]:
        """The word beginning at each of ``start``."""
        n = len(self.body)
        late = start >= n
        if not late.any():
            return self._body_words(start)
        first = np.zeros(len(start), np.uint64)
        first[~late] = self._body_words(start[~late])
        first[late] = self.tail[start[late] - n]
        return first

    def _body_words(self, start: Int64Array) -> npt.NDArray[np.uint64]:
        # Rows of eight bytes gathered, then read as words: quicker than gathering unaligned
        # words through a one-byte stride.
        gathered: npt.NDArray[np.uint64] = self.body[start].view("<u8").reshape(-1)
        return gathered


def _first_words(buf: npt.NDArray[np.uint8]) -> _Words:
    """The words at every byte offset. The last seven come from a padded copy of the file's
    tail, so a keyword there (a file cut just after ``vertex``) is read like any other."""
    tail_bytes = np.concatenate([buf[-7:], np.zeros(8, np.uint8)])
    tail = np.ndarray((min(len(buf), 7),), np.dtype("<u8"), buffer=tail_bytes, strides=(1,))
    if len(buf) >= 8:
        body = np.lib.stride_tricks.sliding_window_view(buf, 8)
    else:
        body = np.empty((0, 8), np.uint8)
    return _Words(body, tail)


def _is_word(
    words: _Words,
    starts: Int64Array,
    ends: Int64Array,
    tokens: Int64Array,
    text: bytes,
) -> npt.NDArray[np.bool_]:
    """Which of ``tokens`` spell ``text`` (at most 8 letters, any case)."""
    size = len(text)
    mask = np.uint64((1 << (8 * size)) - 1)
    expected = np.uint64(int.from_bytes(text.lower(), "little"))
    start = starts[tokens]
    first = words.at(start)
    same = ((first | _LOWER) & mask) == expected
    whole: npt.NDArray[np.bool_] = same & (ends[tokens] - start == size)
    return whole


def _regular_vertex_keywords(
    words: _Words, starts: Int64Array, ends: Int64Array
) -> Int64Array | None:
    """Keyword token indices when every facet is the usual 21 tokens; None otherwise."""
    head = np.arange(min(len(starts), 64))
    facet = np.flatnonzero(_is_word(words, starts, ends, head, b"facet"))
    if len(facet) == 0:
        return None
    first = int(facet[0])
    n_facets = (len(starts) - first) // _TOKENS_PER_FACET
    if n_facets == 0:
        return None
    trailer = np.arange(first + n_facets * _TOKENS_PER_FACET, len(starts))
    if len(trailer) and not _is_word(words, starts, ends, trailer[:1], b"endsolid")[0]:
        return None
    base = first + _TOKENS_PER_FACET * np.arange(n_facets)
    keywords: Int64Array = (base[:, None] + _VERTEX_AT).ravel()
    if not _is_word(words, starts, ends, keywords, b"vertex").all():
        return None
    if not _is_word(words, starts, ends, base[-1:] + _ENDFACET_AT, b"endfacet")[0]:
        return None  # the last facet is not closed: the general path says how
    return keywords


def _vertex_keywords(
    buf: npt.NDArray[np.uint8], words: _Words, starts: Int64Array, ends: Int64Array
) -> tuple[Int64Array, bool]:
    """Indices of every token that is the word ``vertex``, wherever it stands, except in a
    solid's name (after ``solid``/``endsolid``, before the next ``facet``) and where a number
    should be; and whether a facet opens after the last of them (a facet with no vertex)."""
    if len(starts) == 0:
        return np.empty(0, np.int64), False
    # 'x' is the only letter of the keywords that never occurs in a number; it ends "vertex".
    x_at = np.flatnonzero((buf == ord("x")) | (buf == ord("X")))
    token = np.searchsorted(ends, x_at + 1)
    keep = token < len(ends)
    token, x_at = token[keep], x_at[keep]
    token = token[ends[token] == x_at + 1]
    found: Int64Array = token[_is_word(words, starts, ends, token, b"vertex")]
    every = np.arange(len(starts))
    opens = _is_word(words, starts, ends, every, b"facet")
    names = _is_word(words, starts, ends, every, b"solid") | _is_word(
        words, starts, ends, every, b"endsolid"
    )
    marks = np.flatnonzero(opens | names)
    last = np.searchsorted(marks, found) - 1  # the keyword before each vertex (-1: none)
    if len(marks) == 0:
        return np.empty(0, np.int64), False
    inside = (last >= 0) & opens[marks[np.maximum(last, 0)]]
    kept: Int64Array = found[inside]
    if len(kept) > 1 and int(np.diff(kept).min()) <= 3:
        kept = _not_taken_as_coordinates(kept)
    dangling = bool(len(kept)) and bool(opens[int(kept[-1]) + 1 :].any())
    return kept, dangling


def _closed_after(
    words: _Words, starts: Int64Array, ends: Int64Array, keywords: Int64Array
) -> bool:
    """Whether an ``endfacet`` follows the numbers of the last ``vertex`` keyword."""
    after = np.arange(int(keywords[-1]) + 4, len(starts))
    return bool(_is_word(words, starts, ends, after, b"endfacet").any())


def _not_taken_as_coordinates(keywords: Int64Array) -> Int64Array:
    """Drop each ``vertex`` that stands where the previous keyword's numbers should be: it is a
    bad number there, not a keyword. Only broken files get here."""
    kept = []
    last = -4
    for token in keywords.tolist():
        if token - last > 3:
            kept.append(token)
            last = token
    return np.array(kept, np.int64)
