"""Cyclic garbage collected on the GUI thread only, while a package of Qt tests runs, as the app
collects it (`scaninbox.qt.runtime.gui_collector`).

The tests build the app's parts directly, without `qt/shell/app.py`, which installs the collector.
Without it CPython collects on whichever thread allocates past its threshold: a QC worker of an
app a test had already shut down collected a dead test's PySide objects, took Qt's signal-slot
lock while disconnecting them and waited for the GIL, while the GUI thread, holding the GIL,
waited for that lock in ``QApplication.setStyle`` of the next test's fixture (a fresh-machine run
hung there; py-spy showed both threads).
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtWidgets import QApplication

from scaninbox.qt.runtime.gui_collector import collecting_on_the_gui_thread


def collect_only_on_the_gui_thread(qapp: QApplication) -> Iterator[None]:
    """For a package-scoped autouse fixture: the automatic collector off, a GUI-thread timer
    collecting instead, until the package's last test is done."""
    with collecting_on_the_gui_thread(qapp) as collector:
        yield
    collector.deleteLater()
