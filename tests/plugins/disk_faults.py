"""Real faults of the disk for tests, provoked rather than mocked: a full file system and a
folder in which no file can be made."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A real, tiny file system (64 KiB tmpfs): writing more than that fails with ENOSPC.
    Mounting needs root (CAP_SYS_ADMIN); elsewhere the test is skipped."""
    mount = tmp_path / "small-disk"
    mount.mkdir()
    tool = shutil.which("mount")
    if os.name != "posix" or os.geteuid() != 0 or tool is None:
        pytest.skip("mounting a small file system needs root")
    made = subprocess.run(
        [tool, "-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if made.returncode != 0:
        pytest.skip(f"a small file system cannot be mounted here: {made.stderr!r}")
    try:
        yield mount
    finally:
        # Lazily: a file the test left open must not fail the teardown or keep the mount.
        subprocess.run([shutil.which("umount") or "umount", "-l", str(mount)], check=True)


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in which no file can be made, for real: without write permission for a normal
    user; for root (whom permissions do not stop) immutable (``chattr +i``, EPERM)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if os.name != "posix":
        pytest.skip("needs POSIX permissions")
    if os.geteuid() != 0:
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
        yield folder
        folder.chmod(stat.S_IRWXU)
        return
    chattr = shutil.which("chattr")
    made = (
        subprocess.run([chattr, "+i", str(folder)], capture_output=True, check=False)
        if chattr
        else None
    )
    if made is None or made.returncode != 0:
        pytest.skip("this file system has no immutable folders")
    try:
        yield folder
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)
