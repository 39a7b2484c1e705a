"""A real window manager (openbox) on the test's X display, for tests where stacking and focus
matter: without one, Xvfb stacks windows in creation order and nobody activates anything.

``window_manager`` starts openbox on the display pytest-xvfb made and waits until it says it is
ready (``--startup`` runs a command once openbox manages the screen); it stops it afterwards.
The test is skipped with a plain reason when openbox is not installed (``scripts/setup --dev``
installs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

__all__ = ["window_manager"]

_READY_MS = 15_000


@pytest.fixture
def window_manager(qtbot: QtBot, tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    openbox = shutil.which("openbox")
    if openbox is None:
        pytest.skip("openbox is not installed (scripts/setup --dev installs it)")
    if not os.environ.get("DISPLAY"):
        pytest.skip("no X display")
    ready = tmp_path / "openbox-ready"
    touch = f"{sys.executable} -c \"import pathlib; pathlib.Path('{ready}').touch()\""
    process = subprocess.Popen(
        [openbox, "--sm-disable", "--startup", touch],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        qtbot.waitUntil(ready.exists, timeout=_READY_MS)
        yield process
    finally:
        process.terminate()
        process.wait(10)
