"""At start-up the first account's bulk prefetch and background QC wait for the 3D viewer's first
frame."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from scaninbox.qt.app_controller import AppController
from scaninbox.qt.prefetch_hold import PrefetchHold
from scaninbox.qt.qc_background import BackgroundQc
from scaninbox.qt.session import AccountSession
from tests.qt.shell.conftest import WAIT_MS


def _opened_demo(qtbot: QtBot, make_app: Callable[..., AppController]) -> AppController:
    app = make_app(demo=True)  # no viewer loading: the app itself holds nothing
    qtbot.waitUntil(
        lambda: app.session is not None and app.session.current is not None, timeout=60_000
    )
    return app


def _current(app: AppController) -> AccountSession:
    assert app.session is not None
    current = app.session.current
    assert current is not None
    return current


def test_held_until_the_viewer_draws_a_case_and_only_for_the_first_account(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = _opened_demo(qtbot, make_app)
    opened = _current(app)
    assert not opened.engine.prefetch_held  # --no-viewer: nothing to wait for
    hold = PrefetchHold(app.viewer, enabled=True, parent=app)
    hold.hold(opened)
    assert hold.held is opened
    assert opened.engine.prefetch_held
    qtbot.waitUntil(lambda: app.window.inbox.model.rowCount() > 0, timeout=WAIT_MS)
    app.viewer.caseShown.emit(app.window.inbox.model.ref_at(0))  # its first frame of a case
    assert hold.held is None
    assert not opened.engine.prefetch_held
    hold.hold(opened)  # a later account opens with the viewer in place: not held
    assert not opened.engine.prefetch_held


def test_released_when_the_viewer_cannot_start_or_has_no_case_to_draw(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = _opened_demo(qtbot, make_app)
    opened = _current(app)
    unavailable = PrefetchHold(app.viewer, enabled=True, parent=app)
    unavailable.hold(opened)
    assert opened.engine.prefetch_held
    app.viewer.unavailable.emit("The 3D viewer could not start: no OpenGL.")
    assert not opened.engine.prefetch_held

    nothing_to_draw = PrefetchHold(app.viewer, enabled=True, parent=app)
    nothing_to_draw.hold(opened)
    assert opened.engine.prefetch_held
    assert app.viewer.case is None
    app.viewer.ready.emit()
    assert not opened.engine.prefetch_held


def test_never_held_without_a_viewer_to_wait_for(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = _opened_demo(qtbot, make_app)
    opened = _current(app)
    PrefetchHold(app.viewer, enabled=False, parent=app).hold(opened)
    assert not opened.engine.prefetch_held


def test_the_background_qc_starts_once_the_viewer_draws_a_case(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = _opened_demo(qtbot, make_app)
    opened = _current(app)
    qtbot.waitUntil(lambda: app.window.inbox.model.rowCount() > 0, timeout=WAIT_MS)
    background = BackgroundQc(parent=app)
    hold = PrefetchHold(app.viewer, enabled=True, background_qc=background, parent=app)
    # The account opens while the viewer is still loading: its QC does not start yet (it would
    # look at the cache and tell what it found).
    with qtbot.assertNotEmitted(background.pendingChanged, wait=300):
        background.attach(opened.store, opened.cache)
    assert background.pending() == []
    with qtbot.waitSignal(background.pendingChanged, timeout=WAIT_MS):
        app.viewer.caseShown.emit(app.window.inbox.model.ref_at(0))  # its first frame of a case
    hold.release()  # again: nothing more happens
    background.close()


def test_a_case_someone_wants_checked_ends_the_hold_at_once(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = _opened_demo(qtbot, make_app)
    opened = _current(app)
    qtbot.waitUntil(lambda: app.window.inbox.model.rowCount() > 0, timeout=WAIT_MS)
    background = BackgroundQc(parent=app)
    PrefetchHold(app.viewer, enabled=True, background_qc=background, parent=app)
    with qtbot.assertNotEmitted(background.pendingChanged, wait=300):
        background.attach(opened.store, opened.cache)
        background.files_arrived(app.window.inbox.model.ref_at(0))  # a download: it waits
    # The QC tab of a case asks (`check_now`) before the viewer drew anything: checking starts.
    with qtbot.waitSignal(background.pendingChanged, timeout=WAIT_MS):
        background.check_now(app.window.inbox.model.ref_at(0))
    background.close()


def test_the_background_qc_is_not_held_without_a_viewer_to_wait_for(
    qtbot: QtBot, make_app: Callable[..., AppController]
) -> None:
    app = _opened_demo(qtbot, make_app)
    opened = _current(app)
    background = BackgroundQc(parent=app)
    PrefetchHold(app.viewer, enabled=False, background_qc=background, parent=app)
    with qtbot.waitSignal(background.pendingChanged, timeout=WAIT_MS):
        background.attach(opened.store, opened.cache)
    background.close()
