"""Writing a rendered picture to a PNG file so that nothing half-written is ever left behind:
it is written beside its name (a hidden ``.part`` file of this process) and moved into place.

Only a regular file is ever replaced: a folder, a device (``/dev/full``), a pipe, a socket or a
link at the target is refused before anything is written — as root, a rename would otherwise
replace a device node.

The encoder is a few lines of numpy and zlib rather than Pillow: every row gets PNG's "Sub"
filter (each byte's difference to the same channel of the pixel on its left, one vectorised
subtraction: a rendered picture's background, graded from top to bottom, and its smoothly shaded
surfaces become runs of zeros and small numbers) and the whole image is deflated at zlib level 1.
Measured on 1280×960 renders of the real scan (the figures: benchmarks/README.md): zlib's
default level takes several times the CPU for a file only a third smaller, and level 1 after
the "Up" filter (the row above, the encoder before) is slower and larger. zlib's run-length
strategy (``Z_RLE``) made renders a little smaller still, but a steep gradient many times
larger, so it is not used. Nor does the
encoder import Pillow.
"""

from __future__ import annotations

import contextlib
import os
import stat
import struct
import zlib
from pathlib import Path

import numpy as np

from scaninbox.language import os_reason, translate

__all__ = ["PNG_LEVEL", "PictureWriteError", "check_picture_path", "encode_png", "write_png"]

PNG_LEVEL = 1  # zlib level: pictures are written far more often than they are kept for long
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_FILTER_SUB = 1
_CHANNELS = 3


class PictureWriteError(OSError):
    """The picture cannot be written there; ``str()`` is one plain sentence."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "The picture cannot be written."


def encode_png(pixels: np.ndarray, level: int = PNG_LEVEL) -> bytes:
    """``pixels`` (height, width, 3 or 4; RGB is kept) as the bytes of an 8-bit RGB PNG."""
    rgb = np.ascontiguousarray(pixels[:, :, :3], dtype=np.uint8)
    height, width = rgb.shape[:2]
    if height == 0 or width == 0:
        raise ValueError("a picture needs at least one pixel")
    rows = rgb.reshape(height, width * _CHANNELS)
    filtered = np.empty((height, width * _CHANNELS + 1), np.uint8)
    filtered[:, 0] = _FILTER_SUB
    body = filtered[:, 1:]
    body[:, :_CHANNELS] = rows[:, :_CHANNELS]  # left of the first pixel is all zeros
    np.subtract(
        rows[:, _CHANNELS:],
        rows[:, :-_CHANNELS],
        out=body[:, _CHANNELS:],
        dtype=np.uint8,
        casting="unsafe",
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(filtered.data, level)),
            _chunk(b"IEND", b""),
        )
    )


def write_png(pixels: np.ndarray, path: Path) -> Path:
    """Write ``pixels`` (height, width, 3 or 4; RGB is kept) to ``path``; returns ``path``.

    Raises `PictureWriteError` (an OSError) when ``path`` is not a regular file or its folder
    cannot be written; a failed write leaves no file.
    """
    path = Path(path)
    check_picture_path(path)
    data = encode_png(pixels)
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        try:
            # O_EXCL: the scratch name is ours alone, never something already there.
            fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            check_picture_path(path)  # checked again just before the rename
            partial.replace(path)
        except PictureWriteError:
            raise
        except OSError as exc:
            raise PictureWriteError(_write_failed(path, exc)) from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()
    return path


def check_picture_path(path: Path) -> None:
    """Raise `PictureWriteError` unless ``path`` is absent or a regular file (callers check
    before the work of drawing, too)."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise PictureWriteError(_write_failed(path, exc)) from None
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise PictureWriteError(
            f"The picture cannot be written to {path}: it is {kind}, and only a regular file "
            "is ever replaced."
        )


_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFLNK: "a link",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFIFO: "a pipe",
    stat.S_IFSOCK: "a socket",
}


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(body, zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def _write_failed(path: Path, exc: OSError) -> str:
    return translate("PictureFile", "The picture cannot be written to {path}: {reason}.").format(
        path=path, reason=os_reason(exc)
    )
