"""Writing a rendered picture to a PNG file so that nothing half-written is ever left behind:
it is written beside its name (a hidden ``.part`` file of this process) and moved into place.

Only a regular file is ever replaced: a folder, a device (``/dev/full``), a pipe, a socket or a
link at the target is refused before anything is written — as root, a rename would otherwise
replace a device node.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import numpy as np

__all__ = ["PictureWriteError", "write_png"]


class PictureWriteError(OSError):
    """The picture cannot be written there; ``str()`` is one plain sentence."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "The picture cannot be written."


def write_png(pixels: np.ndarray, path: Path) -> Path:
    """Write ``pixels`` (height, width, 3 or 4; RGB is kept) to ``path``; returns ``path``.

    Raises `PictureWriteError` (an OSError) when ``path`` is not a regular file or its folder
    cannot be written; a failed write leaves no file.
    """
    from PIL import Image

    path = Path(path)
    rgb = np.ascontiguousarray(pixels[:, :, :3], dtype=np.uint8)
    _require_regular_or_absent(path)
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        try:
            # O_EXCL: the scratch name is ours alone, never something already there.
            fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(fd, "wb") as handle:
                Image.fromarray(rgb).save(handle, format="PNG")
            _require_regular_or_absent(path)  # checked again just before the rename
            partial.replace(path)
        except PictureWriteError:
            raise
        except OSError as exc:
            reason = (exc.strerror or type(exc).__name__).lower()
            raise PictureWriteError(f"The picture cannot be written to {path}: {reason}.") from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()
    return path


def _require_regular_or_absent(path: Path) -> None:
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
        raise PictureWriteError(f"The picture cannot be written to {path}: {reason}.") from None
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
