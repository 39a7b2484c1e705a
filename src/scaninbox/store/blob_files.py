"""The cache's blob files on disk: their hash, whether one is still the file recorded, and
making a rename into the blobs folder durable. No SQL here: `filecache` keeps the records."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

__all__ = ["check_blob", "file_sha256", "fsync_dir"]


def file_sha256(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def check_blob(path: Path, size_bytes: int, sha256: str | None) -> str | None:
    """Why ``path`` is not the recorded file, or None when it is."""
    try:
        actual = path.stat().st_size
    except OSError:
        return "the file is missing"
    if actual != size_bytes:
        return f"size {actual} instead of {size_bytes} bytes"
    if sha256 is not None and file_sha256(path) != sha256:
        return "its content changed (hash mismatch)"
    return None


def fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return  # directories cannot be opened for fsync on Windows; NTFS journals renames
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
