"""Fixtures for Qt tests: the qasync loop, the async bridge's error reporter, screenshots, cleanup.

GUI tests run under Xvfb (pytest-xvfb); never set ``QT_QPA_PLATFORM=offscreen`` here: the 3D
viewport draws nothing there.

- ``qt_loop``: asyncio on the Qt event loop: the app's `GuiEventLoop` (qasync's, woken from
  other threads without Qt), built with ``already_running=True`` (PLATFORM.md) so that
  ``qtbot.waitUntil``/``waitSignal`` drive coroutines. At the end, tasks still running are
  cancelled and must finish; anything the async bridge reported as an unexpected failure fails
  the test (``bridge_errors`` lets a test that expects one look at it and clear it).
- ``screenshot(widget, name)``: saves ``artifacts/screenshots/<name>.png``.
- Every test must close the top-level windows it opened (qtbot's ``addWidget`` does it).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.workarounds.qasync_loop import GuiEventLoop

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = REPO_ROOT / "artifacts" / "screenshots"
_LOOP_TEARDOWN_S = 5.0


@pytest.fixture
def bridge_errors() -> Iterator[list[tuple[BaseException, str]]]:
    """Unexpected task failures the async bridge reported during the test (must end empty)."""
    errors: list[tuple[BaseException, str]] = []
    previous = async_bridge.set_error_reporter(lambda error, name: errors.append((error, name)))
    yield errors
    async_bridge.set_error_reporter(previous)
    assert not errors, f"unexpected failures in background tasks: {errors!r}"


@pytest.fixture
def qt_loop(
    qapp: QApplication, bridge_errors: list[tuple[BaseException, str]]
) -> Iterator[asyncio.AbstractEventLoop]:
    """The running asyncio loop, on Qt's event loop, for one test."""
    loop = GuiEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    loop_errors: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: loop_errors.append(context))
    yield loop
    _finish_tasks(qapp, loop)
    # qasync's stop() calls QApplication.exit(), which makes every later QEventLoop.exec() return
    # at once (pytest-qt issue #37) and would break waitSignal in the tests that follow; the loop
    # never ran exec() here, so marking it stopped is all there is to undo.
    loop._QEventLoop__is_running = False  # type: ignore[attr-defined]
    qapp.aboutToQuit.disconnect(loop._after_run_forever)
    asyncio.events._set_running_loop(None)
    loop.close()  # also joins the worker threads of its default executor
    asyncio.set_event_loop(None)
    assert not loop_errors, f"asyncio reported: {loop_errors!r}"


def _finish_tasks(qapp: QApplication, loop: asyncio.AbstractEventLoop) -> None:
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in pending:
        task.cancel()
    deadline = loop.time() + _LOOP_TEARDOWN_S
    while any(not t.done() for t in pending) and loop.time() < deadline:
        qapp.processEvents()
    stuck = [t for t in pending if not t.done()]
    assert not stuck, f"tasks did not finish after cancellation: {stuck!r}"


@pytest.fixture
def screenshot(qapp: QApplication) -> Callable[[QWidget, str], Path]:
    """``screenshot(widget, "case-full")`` → ``artifacts/screenshots/case-full.png``."""

    def save(widget: QWidget, name: str) -> Path:
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):
            raise ValueError(f"screenshot name {name!r}: use lower-case letters, digits, - and _")
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        qapp.processEvents()
        path = SCREENSHOT_DIR / f"{name}.png"
        assert widget.grab().save(str(path)), f"could not write {path}"
        return path

    return save


@pytest.fixture(autouse=True)
def _windows_closed(qapp: QApplication) -> Iterator[None]:
    """Every top-level window a test shows is closed by its end."""
    before = {id(w) for w in qapp.topLevelWidgets() if w.isVisible()}
    yield
    qapp.processEvents()
    left = [
        w.objectName() or type(w).__name__
        for w in qapp.topLevelWidgets()
        if w.isVisible() and id(w) not in before
    ]
    assert not left, f"windows left open: {left}"


@pytest.fixture(autouse=True)
def _no_dangling_qthreads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A QThread the test started must have finished when it ends (after napari's check):
    one still running outlives its owner and crashes the interpreter at exit."""
    from PySide6.QtCore import QThread

    started: list[tuple[QThread, str]] = []
    original = QThread.start

    def start(self: QThread, *args: Any, **kwargs: Any) -> None:
        started.append((self, type(self).__qualname__))
        original(self, *args, **kwargs)

    monkeypatch.setattr(QThread, "start", start)
    yield
    running = []
    for thread, name in started:
        try:
            if thread.isRunning():
                running.append(name)
        except RuntimeError:  # already deleted on the C++ side: finished
            continue
    assert not running, f"QThreads still running after the test: {running}"
