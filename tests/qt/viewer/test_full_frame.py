"""``caseComplete``: the first frame with the case's scans at full resolution — not the preview
frame ``caseShown`` reports first (what ``--quit-when-ready`` and the start-up benchmark time)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

from scaninbox.qt.viewer.loader import Stage
from scaninbox.qt.viewer.viewport import ScanViewport
from tests.qt.viewer.conftest import WAIT_MS, show_and_wait
from tests.qt.viewer.sandbox_cases import SandboxCase
from tests.qt.viewer.test_viewport_sandbox import full_names, provider_for


def test_the_full_frame_comes_with_the_full_scans_not_with_their_previews(
    qtbot: QtBot,
    make_viewport: Callable[..., ScanViewport],
    sandbox_cases: dict[str, SandboxCase],
    tmp_path: Path,
) -> None:
    found = sandbox_cases["3Shape TRIOS"]
    provider = provider_for(found, tmp_path, cached=False)
    full = full_names(found.case)
    for name in full:
        provider.hold(name)
    viewport = make_viewport(provider, found.mapping)
    complete: list[object] = []
    viewport.caseComplete.connect(complete.append)
    show_and_wait(qtbot, viewport, found.case)  # the previews' first frame
    qtbot.waitUntil(lambda: len(viewport.stage.pictures) + len(viewport.scene) >= 2)
    assert complete == []  # previews only: not the full frame
    with qtbot.waitSignal(viewport.caseComplete, timeout=WAIT_MS) as shown:
        for name in full:
            provider.release(name)
    assert shown.args == [found.case.ref]
    stages = viewport.sink.stages
    assert stages  # full scans drawn, no preview left among the visible ones
    assert all(stages[state.key] is not Stage.PREVIEW for state in viewport.scene if state.visible)
    assert len(viewport.stage.pictures) == 0
    assert complete == [found.case.ref]  # once
