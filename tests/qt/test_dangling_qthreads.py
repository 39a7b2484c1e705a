"""The dangling-QThread check fails a test that leaves a started QThread running."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QThread
from pytestqt.qtbot import QtBot

from tests.qt.conftest import _no_dangling_qthreads


def test_a_running_qthread_is_reported(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    check = _no_dangling_qthreads.__wrapped__(monkeypatch)  # type: ignore[attr-defined]
    next(check)
    thread = QThread()
    thread.start()  # an event loop that runs until told to quit
    with pytest.raises(AssertionError, match="QThreads still running"):
        next(check)
    thread.quit()
    assert thread.wait(5000)


def test_a_finished_qthread_passes(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    check = _no_dangling_qthreads.__wrapped__(monkeypatch)  # type: ignore[attr-defined]
    next(check)
    thread = QThread()
    thread.start()
    thread.quit()
    assert thread.wait(5000)
    with pytest.raises(StopIteration):
        next(check)
