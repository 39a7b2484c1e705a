"""Writing a rendered picture to a PNG file so that nothing half-written is ever left behind:
it is written beside its name (a hidden ``.part`` file of this process) and moved into place.

The encoder is a few lines of numpy and zlib rather than Pillow: every row gets PNG's "Up"
filter (its difference to the row above, one vectorised subtraction — a rendered picture's
background gradient and flat surfaces become runs of zeros) and the whole image is deflated at
zlib level 1. For a 1280×960 render that took ~0.12 s against ~0.24 s for Pillow at level 1
(which tries every filter on every row) and ~1 s at Pillow's default level, for a file the
same size as Pillow's level 1 and ~30 % larger than its default; nor does it import Pillow.
"""

from __future__ import annotations

import contextlib
import os
import struct
import zlib
from pathlib import Path

import numpy as np

__all__ = ["PNG_LEVEL", "encode_png", "write_png"]

PNG_LEVEL = 1  # zlib level: pictures are written far more often than they are kept for long
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_FILTER_UP = 2


def encode_png(pixels: np.ndarray, level: int = PNG_LEVEL) -> bytes:
    """``pixels`` (height, width, 3 or 4; RGB is kept) as the bytes of an 8-bit RGB PNG."""
    rgb = np.ascontiguousarray(pixels[:, :, :3], dtype=np.uint8)
    height, width = rgb.shape[:2]
    if height == 0 or width == 0:
        raise ValueError("a picture needs at least one pixel")
    rows = rgb.reshape(height, width * 3)
    filtered = np.empty((height, width * 3 + 1), np.uint8)
    filtered[:, 0] = _FILTER_UP
    filtered[0, 1:] = rows[0]  # the row above the first is all zeros
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:], dtype=np.uint8, casting="unsafe")
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(filtered.tobytes(), level)),
            _chunk(b"IEND", b""),
        )
    )


def write_png(pixels: np.ndarray, path: Path) -> Path:
    """Write ``pixels`` (height, width, 3 or 4; RGB is kept) to ``path``; returns ``path``.

    Raises OSError when the folder cannot be written; a failed write leaves no file.
    """
    path = Path(path)
    data = encode_png(pixels)
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        partial.write_bytes(data)
        partial.replace(path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return path


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(body, zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)
