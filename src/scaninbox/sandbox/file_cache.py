"""Generated files on disk, keyed by their recipe, written atomically.

A file is generated on first request and kept under ``directory/<key[:2]>/<key><suffix>``.
Writes go to a temporary file in the same folder and are renamed into place, so two servers
sharing one cache folder never read half a file; within one process a lock per key keeps two
requests from generating the same file twice.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from pathlib import Path

from scaninbox.sandbox.file_specs import FileRecipe, cache_key, generate, suffix

__all__ = ["FileCache"]


class FileCache:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    def path_for(self, recipe: FileRecipe) -> Path:
        """The file of ``recipe``, generated now if the cache does not hold it yet."""
        key = cache_key(recipe)
        target = self.directory / key[:2] / f"{key}{suffix(recipe)}"
        if target.is_file():
            return target
        with self._lock_for(key):
            if target.is_file():
                return target
            data = generate(recipe)
            self._write_atomically(target, data)
        return target

    def _lock_for(self, key: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(key, threading.Lock())

    @staticmethod
    def _write_atomically(target: Path, data: bytes) -> None:
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temp_name = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            Path(temp_name).replace(target)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(temp_name).unlink()
            raise
