"""The numbers of an ASCII PLY body, with numpy.

Every whitespace-separated token of the body is a number (the elements' records one after the
other), so the body is read as one flat float64 array and `ply` cuts it into elements. Error
lines count from the file's start.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.scans.ply_header import PlyHeader, require_text_body_fits
from scaninbox.scans.text_numbers import parse_decimal_tokens, whitespace_tokens

__all__ = ["text_body_numbers"]


def text_body_numbers(view: memoryview, header: PlyHeader, name: str) -> npt.NDArray[np.float64]:
    """Every number of the body after ``header``, in order. Raises `MeshError` when the body has
    fewer numbers than the header announces, or for the first token that is not a number."""
    buf = np.frombuffer(view, np.uint8)
    starts, ends = whitespace_tokens(buf[header.body_offset :])
    require_text_body_fits(header, len(starts), name)
    return parse_decimal_tokens(buf, starts + header.body_offset, ends + header.body_offset, name)
