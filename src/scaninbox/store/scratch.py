"""A private scratch folder per process, so a crash never leaves partial files behind for long.

Downloads land in ``tmp/<pid>-<random>/`` while they are written. The folder holds a lock file
locked for the life of the process (the OS drops the lock when the process dies, even by
SIGKILL), so whoever opens the cache next can tell an abandoned folder from one another running
process (the CLI beside the window) is still writing into, and removes only the abandoned ones.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sys
from pathlib import Path
from typing import IO

from scaninbox.paths import ensure_private_dir

__all__ = ["ScratchDir", "remove_abandoned"]

_LOCK_NAME = ".owner.lock"


class ScratchDir:
    """This process's scratch folder inside ``root``; ``close()`` removes it."""

    def __init__(self, root: Path) -> None:
        ensure_private_dir(root)
        self.path = root / f"{os.getpid()}-{secrets.token_hex(4)}"
        self.path.mkdir(mode=0o700)
        self._lock_file: IO[bytes] | None = (self.path / _LOCK_NAME).open("wb")
        _lock(self._lock_file, blocking=True)

    def new_file_path(self, suffix: str = "") -> Path:
        """A fresh path inside the folder (nothing is created)."""
        return self.path / f"{secrets.token_hex(8)}{suffix}"

    def close(self) -> None:
        if self._lock_file is None:
            return
        self._lock_file.close()
        self._lock_file = None
        shutil.rmtree(self.path, ignore_errors=True)


def remove_abandoned(root: Path) -> int:
    """Delete scratch folders whose process is gone; returns how many were removed."""
    if not root.is_dir():
        return 0
    removed = 0
    for folder in root.iterdir():
        if not folder.is_dir():
            with contextlib.suppress(OSError):
                folder.unlink()
            continue
        lock_path = folder / _LOCK_NAME
        try:
            handle = lock_path.open("ab")
        except OSError:
            shutil.rmtree(folder, ignore_errors=True)  # no lock file: never fully created
            removed += 1
            continue
        with handle:
            if not _lock(handle, blocking=False):
                continue  # its process is alive and still owns it
        shutil.rmtree(folder, ignore_errors=True)
        removed += 1
    return removed


def _lock(handle: IO[bytes], *, blocking: bool) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        mode = msvcrt.LK_LOCK if blocking else msvcrt.LK_NBLCK
        try:
            msvcrt.locking(handle.fileno(), mode, 1)
        except OSError:
            return False
        return True
    import fcntl

    flags = fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB)
    try:
        fcntl.flock(handle.fileno(), flags)
    except OSError:
        return False
    return True
