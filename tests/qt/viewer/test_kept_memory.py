"""The mesh readers' kept memory goes back to the system once the viewer has been idle: counted
loads, the real pool of the C module, and a real case loaded into the viewport."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from scaninbox.qt import async_bridge
from scaninbox.qt.viewer.kept_memory import KeptMemoryRelease
from scaninbox.qt.viewer.viewport import ScanViewport
from scaninbox.scans import kept_arrays
from scaninbox.scans.text_numbers import load_text_native
from tests.qt.case_pane.folder_provider import FolderProvider
from tests.qt.viewer.cases import generated_case
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait, wait_loaded

pytestmark = [
    pytest.mark.skipif(load_text_native() is None, reason="the C extension is not built"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pooled on Linux only"),
]


def _free_a_kept_array() -> None:
    """What a read leaves behind: a kept array freed into the pool."""
    array = kept_arrays.empty((1 << 20,), np.uint8)
    array[:] = 1
    del array


def test_kept_memory_goes_back_only_when_no_load_runs(
    qtbot: QtBot, qt_loop: asyncio.AbstractEventLoop
) -> None:
    release = KeptMemoryRelease(idle_ms=20)
    _free_a_kept_array()
    assert kept_arrays.kept_bytes() >= 1 << 20
    release.busy()
    release.busy()  # a newer case's load began before the older one ended
    release.idle()
    assert not release.waiting  # the newer load still reads
    release.busy()
    release.idle()
    assert not release.waiting
    release.idle()
    assert release.waiting
    qtbot.waitUntil(lambda: kept_arrays.kept_bytes() == 0, timeout=WAIT_MS)
    release.idle()  # one end too many does not go below nothing
    release.busy()
    assert not release.waiting
    release.stop()  # the viewer closed: the load it cancelled ends afterwards
    release.idle()
    assert not release.waiting
    release.deleteLater()


def test_after_a_case_is_shown_the_viewport_gives_the_kept_memory_back(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport = make_viewport(provider)
    viewport.kept_memory = KeptMemoryRelease(viewport, idle_ms=300)
    show_and_wait(qtbot, viewport, generated_case("upper.stl", "lower.stl"))
    wait_loaded(qtbot, viewport)
    qtbot.waitUntil(lambda: viewport.kept_memory.waiting, timeout=WAIT_MS)
    _free_a_kept_array()  # as the arrays of a case shown before would be
    qtbot.waitUntil(lambda: kept_arrays.kept_bytes() == 0, timeout=WAIT_MS)
    assert len(viewport.scene) == 2  # the scans shown keep their own memory


def test_a_load_ended_by_closing_the_viewport_does_not_arm_the_release(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    provider.hold("lower.stl")  # the load is still under way when the viewport closes
    viewport = make_viewport(provider)
    show_and_wait(qtbot, viewport, generated_case("upper.stl", "lower.stl"))
    assert not viewport.kept_memory.waiting
    task = async_bridge.running_task(viewport, "case")
    assert task is not None
    viewport.close()
    qtbot.waitUntil(task.done, timeout=WAIT_MS)
    assert not viewport.kept_memory.waiting


def test_a_load_replaced_before_it_began_still_lets_the_memory_go(
    qtbot: QtBot, make_viewport: Callable[..., ScanViewport], provider: FolderProvider
) -> None:
    viewport = make_viewport(provider)
    viewport.show_case(generated_case("upper.stl", ref="gen-first"))
    # Another case at once: the first load's task is cancelled before its first step.
    show_and_wait(qtbot, viewport, generated_case("lower.stl", ref="gen-second"))
    wait_loaded(qtbot, viewport)
    qtbot.waitUntil(lambda: viewport.kept_memory.waiting, timeout=WAIT_MS)
