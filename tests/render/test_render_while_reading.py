"""Pictures whose scans are still being read: the window opens meanwhile, on the thread that
draws; a failed read stops the drawing with its own error and leaves no window open."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from scaninbox.domain import Jaw
from scaninbox.render import ScanToDraw, SceneInput, render_png, render_scan_files
from scaninbox.render import offscreen as offscreen_module
from scaninbox.render.canvas import OffscreenCanvas
from scaninbox.scans import MeshError, running_beside
from scaninbox.scans.mesh import Mesh
from tests.unit.scans.meshfiles import arch_mesh, binary_stl

from .pixels import load, mean_colour, scan_mask

_PATIENCE_S = 30.0  # a bound on a wait that, without the overlap, would never end


class _Windows:
    """Every `OffscreenCanvas` opened and closed, and on which thread; ``opened`` is set once
    the first window exists."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.open_threads: list[int] = []
        self.closed = 0


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> _Windows:
    seen = _Windows()
    real_init, real_close = OffscreenCanvas.__init__, OffscreenCanvas.close

    def init(canvas: OffscreenCanvas, size: tuple[int, int]) -> None:
        real_init(canvas, size)
        seen.open_threads.append(threading.get_ident())
        seen.opened.set()

    def close(canvas: OffscreenCanvas) -> None:
        seen.closed += 1
        real_close(canvas)

    monkeypatch.setattr(OffscreenCanvas, "__init__", init)
    monkeypatch.setattr(OffscreenCanvas, "close", close)
    return seen


def test_the_files_are_read_while_the_window_opens(
    tmp_path: Path, windows: _Windows, monkeypatch: pytest.MonkeyPatch
) -> None:
    points, faces = arch_mesh(120, 24)
    path = tmp_path / "lower.stl"
    path.write_bytes(binary_stl(points, faces))
    real_load = offscreen_module.load_scan_file
    read_on: list[int] = []

    def load_when_the_window_is_open(scan: ScanToDraw) -> SceneInput:
        # Waits for the drawing thread's window: read one after the other, it never comes.
        assert windows.opened.wait(_PATIENCE_S)
        read_on.append(threading.get_ident())
        return real_load(scan)

    monkeypatch.setattr(offscreen_module, "load_scan_file", load_when_the_window_is_open)
    out = render_scan_files(
        [ScanToDraw(path, jaw=Jaw.LOWER)], tmp_path / "lower.png", size=(160, 120), view="upper"
    )
    pixels = load(out)
    red, _, blue = mean_colour(pixels, scan_mask(pixels))
    assert blue > red  # the lower jaw's blue: the scan that was read is the one drawn
    assert windows.open_threads == [threading.get_ident()]  # the window: on the drawing thread
    assert len(read_on) == 1
    assert read_on[0] != threading.get_ident()  # the reading: beside it
    assert windows.closed == 1


def test_a_read_that_already_failed_opens_no_window(tmp_path: Path, windows: _Windows) -> None:
    failed: Future[list[SceneInput]] = Future()
    failed.set_exception(MeshError("upper.stl", "the file is empty"))
    with pytest.raises(MeshError, match="the file is empty"):
        render_png(failed, tmp_path / "x.png", size=(64, 48))
    assert windows.open_threads == []
    assert not (tmp_path / "x.png").exists()


def test_a_read_failing_while_the_window_opens_closes_it(tmp_path: Path, windows: _Windows) -> None:
    def read() -> list[SceneInput]:
        assert windows.opened.wait(_PATIENCE_S)
        raise MeshError("upper.stl", "the file ends in the middle of a triangle")

    with running_beside(read) as reading, pytest.raises(MeshError, match="middle of a triangle"):
        render_png(reading, tmp_path / "x.png", size=(64, 48))
    assert len(windows.open_threads) == 1
    assert windows.closed == 1
    assert list(tmp_path.iterdir()) == []


def test_scans_already_read_draw_as_before(tmp_path: Path, arch: Mesh) -> None:
    done: Future[Any] = Future()
    done.set_result([SceneInput(arch, jaw=Jaw.UPPER)])
    pixels = load(render_png(done, tmp_path / "x.png", size=(160, 120)))
    assert scan_mask(pixels).mean() > 0.03
