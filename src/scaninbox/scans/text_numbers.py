"""Decimal numbers in text (ASCII STL, OBJ and ASCII PLY), parsed for the whole buffer at once.

Converting numbers one at a time (``float()``, numpy's string casts) costs a Python call each; a
600k-triangle ASCII STL holds millions of them. Here the whitespace-separated tokens are found
with a few whole-buffer passes, and every token of up to 24 bytes is read as little-endian 64-bit
words and decoded with byte-parallel ("SWAR") integer arithmetic: sign, dot, exponent and digit
checks are bit masks, and eight digits combine into an integer in three multiply-shift steps.
Work runs in blocks small enough for the CPU cache, where numpy's temporaries are cheap. A token
the fast path does not accept (longer than 24 bytes, "nan", garbage) goes to ``float()``, which
either reads it or names it in the error.

A leading sign counts as a '0' digit; the mantissa's digits are read as a first group of 16 and
a second of up to 8 (right-padded with zeros), value = float(first) + float(second) * 1e-8; then
one multiplication or division by an exact power of ten. The mantissa's first 16 digits form
an exact integer that is divided by one exact power of ten (up to 1e22; tokens needing a larger
one go to ``float()``), so typical scan coordinates (up to 15 significant digits after a sign)
are correctly rounded.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.language import translate
from scaninbox.scans.mesh import MeshError, count_text
from scaninbox.scans.parallel import run_parts, run_together

__all__ = [
    "blank_near",
    "parse_decimal_tokens",
    "parse_token",
    "whitespace_tokens",
]

Int64Array = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
BoolArray = npt.NDArray[np.bool_]

_WIDTH = 24  # bytes per token on the fast path: three words
_BLOCK = 32768  # tokens per block: the temporaries stay in the L2 cache
_SCAN_BYTES = 1 << 16  # bytes per block when looking for whitespace
_SPLIT_FROM_BYTES = 1 << 22  # larger buffers are scanned for whitespace in two halves
_U = np.uint64


def _table(offset: int, high_only: bool = False) -> U64:
    """For n = 0…24: the bytes of the word at ``offset`` that lie below byte n of the token."""
    rows = []
    for n in range(_WIDTH + 1):
        count = min(max(n - offset, 0), 8)
        mask = (1 << (8 * count)) - 1
        rows.append(mask & 0x8080808080808080 if high_only else mask)
    return np.array(rows, np.uint64)


_BELOW = [_table(8 * k) for k in range(3)]
_BELOW_HIGH = [_table(8 * k, high_only=True) for k in range(3)]
_LOW7 = _U(0x7F7F7F7F7F7F7F7F)
_ZEROS = _U(0x3030303030303030)
_DOTS = _U(0x2E2E2E2E2E2E2E2E)
_CASE = _U(0x2020202020202020)
_ES = _U(0x6565656565656565)
_PLUS_76 = _U(0x7676767676767676)  # a digit value 0–9 plus 0x76 stays below 0x80
_POSITION = _U(0x0102030405060708)  # (1 << 8j) * this >> 56 == j + 1
_EMPTY_EDGES = np.empty(0, np.int64)
_POW10 = np.array([float(10**k) for k in range(309)], np.float64)


def whitespace_tokens(buf: npt.NDArray[np.uint8]) -> tuple[Int64Array, Int64Array]:
    """Start and end (exclusive) offsets of the whitespace-separated tokens of ``buf``.

    A large buffer is cut in two at a blank byte (no token spans the cut) and the halves are
    scanned on two threads (numpy releases the GIL in its loops).
    """
    n = len(buf)
    cut = blank_near(buf, n // 2) if n >= _SPLIT_FROM_BYTES else None
    if cut is None:
        edges = _edges(buf)
    else:
        halves: list[Int64Array] = [_EMPTY_EDGES, _EMPTY_EDGES]

        def scan(index: int, a: int, b: int) -> None:
            found = _edges(buf[a:b])
            found += a
            halves[index] = found

        run_together(lambda: scan(0, 0, cut), lambda: scan(1, cut, n))
        edges = np.concatenate(halves)  # each half holds whole tokens: starts, ends alternate
    return edges[0::2], edges[1::2]


def blank_near(buf: npt.NDArray[np.uint8], at: int) -> int | None:
    """The offset of a blank byte at or shortly after ``at`` (None: a very long token there, or
    ``at`` at the end): no token spans a cut there."""
    window = buf[at : at + 4096] <= 32
    found = int(np.argmax(window)) if window.size else 0
    return at + found if window.size and window[found] else None


def _edges(buf: npt.NDArray[np.uint8]) -> Int64Array:
    """Every token's start and end (exclusive), in turn, in one array."""
    n = len(buf)
    # Runs of blanks and non-blanks, with a blank imagined before the start and after the end:
    # every change of kind is a token boundary, starts and ends taking turns.
    blank = np.empty(min(n, _SCAN_BYTES) + 1, bool)
    change = np.empty(n + 1, bool)
    previous = True
    for a in range(0, n, _SCAN_BYTES):
        b = min(a + _SCAN_BYTES, n)
        here = blank[: b - a + 1]
        here[0] = previous
        np.less_equal(buf[a:b], 32, out=here[1:])
        np.not_equal(here[1:], here[:-1], out=change[a:b])
        previous = bool(here[-1])
    change[n] = not previous
    edges: Int64Array = np.flatnonzero(change).astype(np.int64, copy=False)
    return edges


def parse_decimal_tokens(
    buf: npt.NDArray[np.uint8], starts: Int64Array, ends: Int64Array, name: str
) -> npt.NDArray[np.float64]:
    """The numbers written in ``buf[starts[i]:ends[i]]``, as float64.

    Raises `MeshError` naming the line of the first token that is not a number.
    """
    n = len(starts)
    values = np.empty(n, np.float64)
    ok = np.zeros(n, bool)
    if n == 0:
        return values
    need = int(starts.max()) + _WIDTH
    padded = buf if need <= len(buf) else np.concatenate([buf, np.zeros(need - len(buf), np.uint8)])
    # Every byte offset as the start of an (unaligned) little-endian 64-bit word.
    words = np.ndarray((len(padded) - 7,), np.dtype("<u8"), buffer=padded, strides=(1,))
    rows = np.lib.stride_tricks.sliding_window_view(padded, _WIDTH)

    def simple(first: int, stop: int) -> None:
        for a in range(first, stop, _BLOCK):
            b = min(a + _BLOCK, stop)
            _parse_simple_block(rows, starts[a:b], ends[a:b] - starts[a:b], values[a:b], ok[a:b])

    # Parts write disjoint slices; numpy's loops release the GIL, so the cores share the work.
    run_parts(simple, n)
    retry = np.flatnonzero(~ok)
    for a in range(0, len(retry), _BLOCK):
        idx = retry[a : a + _BLOCK]
        block_values = np.empty(len(idx), np.float64)
        block_ok = np.zeros(len(idx), bool)
        _parse_block(words, starts[idx], ends[idx] - starts[idx], block_values, block_ok)
        values[idx] = block_values
        ok[idx] = block_ok
    for i in np.flatnonzero(~ok):
        values[i] = parse_token(buf, int(starts[i]), int(ends[i]), name)
    return values


def _parse_simple_block(
    rows: npt.NDArray[np.uint8],
    starts: Int64Array,
    lengths: Int64Array,
    values: npt.NDArray[np.float64],
    ok: BoolArray,
) -> None:
    """The common shape only: optional sign, digits, a dot within the first 8 bytes, digits;
    at most 24 bytes, no exponent. ``ok`` is False where a token has another shape."""
    length = np.minimum(lengths, _WIDTH)
    n_words = 2 if int(length.max()) <= 16 else 3
    # One row copy per token, then contiguous word columns: 1-D operations are the fast ones.
    columns = rows[starts, : 8 * n_words].view("<u8").T.copy()
    g = [columns[k] & _BELOW[k][length] for k in range(n_words)]
    first = g[0] & _U(0xFF)
    negative = first == 0x2D
    signed = negative | (first == 0x2B)
    # A sign becomes a leading '0' digit: the value is unchanged and no byte has to move.
    g[0] += (_U(0x30) - first) * signed
    x = g[0] ^ _DOTS
    zero_high = ~((((x & _LOW7) + _LOW7) | x) | _LOW7)
    dot_at = (((zero_high & (~zero_high + _U(1))) >> _U(7)) * _POSITION) >> _U(56)
    dot_at = dot_at.astype(np.intp)  # the dot's byte index + 1; 0: no dot in the first word
    below_dot = _BELOW[0][np.maximum(dot_at - 1, 0)]
    n_digits = length - 1
    bad = np.zeros(len(starts), np.uint64)
    digits = []
    for k in range(n_words):
        moved = g[k] >> _U(8)  # the bytes after the dot slide into its place
        if k + 1 < n_words:
            moved |= g[k + 1] << _U(56)
        word = moved ^ ((g[k] ^ moved) & below_dot) if k == 0 else moved
        value = (word ^ _ZEROS) & _BELOW[k][n_digits]
        bad |= (value | (value + _PLUS_76)) & _BELOW_HIGH[k][n_digits]
        digits.append(_eight_digits(value))
    ok[:] = (lengths <= _WIDTH) & (dot_at > 0) & (n_digits > signed) & (bad == 0)
    mantissa = (digits[0] * _U(100_000_000) + digits[1]).astype(np.float64)
    if n_words == 3:
        mantissa += digits[2].astype(np.float64) * 1e-8
    result = mantissa / _POW10[17 - dot_at]
    _store_signed(result, negative, values)


def _parse_block(
    words: U64,
    starts: Int64Array,
    lengths: Int64Array,
    values: npt.NDArray[np.float64],
    ok: BoolArray,
) -> None:
    fits = lengths <= _WIDTH
    length = np.where(fits, lengths, 0)
    n_words = 1 + (int(length.max()) - 1) // 8 if len(length) else 1
    n_words = max(1, min(3, n_words))
    g = [words[starts + 8 * k] & _BELOW[k][length] for k in range(n_words)]
    # A sign becomes a leading '0' digit: the value is unchanged and no byte has to move.
    first = g[0] & _U(0xFF)
    negative = first == 0x2D
    signed = negative | (first == 0x2B)
    g[0] = np.where(signed, (g[0] & ~_U(0xFF)) | _U(0x30), g[0])

    exp_at = _first_zero_byte([(w | _CASE) ^ _ES for w in g], length)
    has_exp = exp_at < length
    mant_len = np.where(has_exp, exp_at, length)
    dot_at = _first_zero_byte([w ^ _DOTS for w in g], mant_len)
    has_dot = dot_at < mant_len
    int_digits = np.where(has_dot, dot_at, mant_len)
    n_digits = mant_len - has_dot
    good = fits & (n_digits - signed >= 1)

    digits = []
    for k in range(n_words):
        after = g[k + 1] << _U(56) if k + 1 < n_words else _U(0)
        moved = (g[k] >> _U(8)) | after  # the byte after the dot slides into its place
        word = moved ^ ((g[k] ^ moved) & _BELOW[k][dot_at])
        value = (word ^ _ZEROS) & _BELOW[k][n_digits]
        good &= ((value | (value + _PLUS_76)) & _BELOW_HIGH[k][n_digits]) == 0
        digits.append(_eight_digits(value))

    if n_words == 1:
        mantissa = digits[0].astype(np.float64)
    else:
        mantissa = (digits[0] * _U(100_000_000) + digits[1]).astype(np.float64)
        if n_words == 3:
            mantissa += digits[2].astype(np.float64) * 1e-8
    exponent = int_digits - 8 * min(n_words, 2)
    if has_exp.any() or (exponent > 0).any():
        if has_exp.any():
            power, power_ok = _exponents(g, exp_at, length)
            exponent = np.where(has_exp, exponent + power, exponent)
            good &= ~has_exp | power_ok
        # Powers of ten up to 1e22 are exact doubles: beyond that the division would add its own
        # rounding error to the mantissa's, so such (rare) tokens go to float() instead.
        good &= np.abs(exponent) <= 22
        np.clip(exponent, -300, 300, out=exponent)
        scale = _POW10[np.abs(exponent)]
        # Tokens that are not numbers get nonsense values here (marked not ok): no warnings.
        with np.errstate(over="ignore", invalid="ignore"):
            result = np.where(exponent >= 0, mantissa * scale, mantissa / scale)
    else:
        result = mantissa / _POW10[-exponent]
    _store_signed(result, negative, values)
    ok[:] = good


def _store_signed(
    magnitude: npt.NDArray[np.float64], negative: BoolArray, values: npt.NDArray[np.float64]
) -> None:
    """``values`` = ``magnitude`` (never negative), negated where ``negative``: the sign bit set
    with one integer OR (exact, and -0.0 for "-0" as float() gives), not two masked copies."""
    sign = negative.view(np.uint8).astype(np.uint64) << _U(63)
    np.bitwise_or(magnitude.view(np.uint64), sign, out=values.view(np.uint64))


def _exponents(
    g: list[U64], exp_at: Int64Array, length: Int64Array
) -> tuple[Int64Array, BoolArray]:
    """The decimal exponents written after the 'e' (meaningful where one was found)."""
    start = np.minimum(exp_at + 1, _WIDTH)
    count = length - start
    stack = np.stack([*g, *([np.zeros_like(g[0])] * (4 - len(g)))], axis=1)
    rows = np.arange(len(start))
    word_index = np.minimum(start // 8, 3)
    bits = ((start % 8) * 8).astype(np.uint64)
    low = stack[rows, word_index] >> bits
    high = stack[rows, np.minimum(word_index + 1, 3)] << (_U(64) - bits)
    text = (low | high) & _BELOW[0][np.clip(count, 0, 8)]
    first = text & _U(0xFF)
    negative = first == 0x2D
    signed = negative | (first == 0x2B)
    text >>= signed.astype(np.uint64) * _U(8)
    count -= signed
    ok = (count >= 1) & (count <= 3)
    value = np.zeros(len(start), np.int64)
    for i in range(3):
        byte = ((text >> _U(8 * i)) & _U(0xFF)).astype(np.int64) - 48
        inside = i < count
        ok &= ~inside | ((byte >= 0) & (byte <= 9))
        value = np.where(inside, value * 10 + byte, value)
    return np.where(negative, -value, value), ok


def _first_zero_byte(xored: list[U64], limit: Int64Array) -> Int64Array:
    """Byte index of the first zero byte of the string ``xored`` (``limit`` where none is)."""
    result = limit.copy()
    for k in range(len(xored) - 1, -1, -1):
        x = xored[k]
        zero_high = ~((((x & _LOW7) + _LOW7) | x) | _LOW7)
        lowest = zero_high & (~zero_high + _U(1))
        found = ((lowest >> _U(7)) * _POSITION) >> _U(56)
        result = np.where(found > 0, found.astype(np.int64) + (8 * k - 1), result)
    return np.minimum(result, limit)


def _eight_digits(word: U64) -> U64:
    """Eight digit values (0–9, first digit in the lowest byte) as one integer."""
    word = (word * _U(10) + (word >> _U(8))) & _U(0x00FF00FF00FF00FF)
    word = (word * _U(100) + (word >> _U(16))) & _U(0x0000FFFF0000FFFF)
    return (word * _U(10000) + (word >> _U(32))) & _U(0xFFFFFFFF)


def parse_token(buf: npt.NDArray[np.uint8], start: int, end: int, name: str) -> float:
    """``float()`` of the token ``buf[start:end]``; `MeshError` naming its line if not a number."""
    text = buf[start:end].tobytes()
    try:
        return float(text)
    except ValueError:
        line = int(np.count_nonzero(buf[:start] == 10)) + 1
        shown = text[:40].decode("ascii", "replace")
        raise MeshError(name, not_a_number(line, shown)) from None


def not_a_number(line: int, shown: str) -> str:
    """The reason for a token on ``line`` that is not a number (``shown``: its first letters)."""
    return translate("MeshError", "line {line}: {token} is not a number").format(
        line=count_text(line), token=repr(shown)
    )
