"""Asking a QC run to stop: a `threading.Event` handed down the run, looked at between its
steps and every few thousand closest-point queries (the bite of two 300k arches is seconds of
them), and `QcStopped` raised once it is set. The app's background checks are asked when the
account closes or the app quits; the QC tab's own check and report run when their task is
cancelled (another case shown, the pane closed); nothing else sets one."""

from __future__ import annotations

import threading

__all__ = ["QcStopped", "stop_if_asked"]


class QcStopped(Exception):  # noqa: N818  (a request granted, not a failure)
    """The run was asked to stop (its event set) before it finished; it has no result."""


def stop_if_asked(stop: threading.Event | None) -> None:
    if stop is not None and stop.is_set():
        raise QcStopped
