"""The numbers of an ASCII PLY body: in C when the extension is built, else with numpy.

Every whitespace-separated token of the body is a number (the elements' records one after the
other), so the body is read as one flat float64 array and `ply` cuts it into elements. The C
function `_text_native.text_numbers` decodes each token with the same rules and arithmetic as
`parse_decimal_tokens` (both give the same bits); a body of 1 MiB or more is cut in two at a
blank byte and the halves are read on two threads (the GIL is released). Tokens the C code does
not accept ("nan", more than 24 bytes, garbage) come back by position and are read by ``float()``
or named in the error, exactly as on the numpy path. Error lines count from the file's start.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import numpy.typing as npt

from scaninbox.scans.parallel import run_together
from scaninbox.scans.ply_header import PlyHeader, require_text_body_fits
from scaninbox.scans.text_numbers import (
    blank_near,
    load_text_native,
    parse_decimal_tokens,
    parse_token,
    reader_name,
    whitespace_tokens,
)

__all__ = ["ascii_ply_parser", "text_body_numbers"]

_native = load_text_native()
_SPLIT_FROM_BYTES = 1 << 20  # smaller bodies: handing half to a thread costs more than it saves
# (float64 values, tokens the C code did not accept as (slot, start, end))
_Part = tuple[bytearray, list[tuple[int, int, int]]]


def ascii_ply_parser() -> str:
    """Which reader parses ASCII PLY numbers here: the C extension, or numpy (the fallback)."""
    return reader_name(_native)


def text_body_numbers(view: memoryview, header: PlyHeader, name: str) -> npt.NDArray[np.float64]:
    """Every number of the body after ``header``, in order. Raises `MeshError` when the body has
    fewer numbers than the header announces, or for the first token that is not a number."""
    if _native is not None:
        return _native_numbers(_native, view, header, name)
    return _numpy_numbers(view, header, name)


def _numpy_numbers(view: memoryview, header: PlyHeader, name: str) -> npt.NDArray[np.float64]:
    buf = np.frombuffer(view, np.uint8)
    starts, ends = whitespace_tokens(buf[header.body_offset :])
    require_text_body_fits(header, len(starts), name)
    return parse_decimal_tokens(buf, starts + header.body_offset, ends + header.body_offset, name)


def _native_numbers(
    native: ModuleType, view: memoryview, header: PlyHeader, name: str, *, split: bool = True
) -> npt.NDArray[np.float64]:
    start, size = header.body_offset, view.nbytes
    cut = (
        blank_near(np.frombuffer(view, np.uint8), (start + size) // 2)
        if split and size - start >= _SPLIT_FROM_BYTES
        else None
    )
    if cut is None:
        parts: list[_Part] = [native.text_numbers(view, start, size)]
    else:
        before: list[_Part] = []
        after: list[_Part] = []
        run_together(
            lambda: before.append(native.text_numbers(view, start, cut)),
            lambda: after.append(native.text_numbers(view, cut, size)),
        )
        parts = before + after
    joined = parts[0][0] if len(parts) == 1 else parts[0][0] + parts[1][0]
    values = np.frombuffer(joined, np.float64)
    require_text_body_fits(header, len(values), name)
    bad = list(parts[0][1])
    if len(parts) > 1:
        first_count = len(parts[0][0]) // 8  # the second half's slots follow the first's
        bad += [(slot + first_count, a, b) for slot, a, b in parts[1][1]]
    if bad:
        buf = np.frombuffer(view, np.uint8)
        # The same float() and the same error as the numpy path, in the same order.
        for slot, token_start, token_end in bad:
            values[slot] = parse_token(buf, token_start, token_end, name)
    return values
