"""Loading one case's scans into the viewport: cached files at once, the rest as they arrive.

The order is chosen for the first frame:

1. *First look* — every scan already on this computer (its full file, else its preview) is read
   in parallel on worker threads and handed to the viewport together, which draws them in one
   frame: a cached case shows in one read plus one render. An STL arrives as its unwelded soup,
   drawn flat-shaded.
2. *The rest*, per scan: download what is missing (the preview first, small, then the full scan,
   with progress), read it, and replace whatever stood in for it; then weld and smooth
   (`refine`) and build the level of detail. Those two run one at a time across the viewport
   (``heavy``), so that flicking through cases never piles up work for cases nobody looks at.

Everything CPU-bound runs on worker threads; everything that touches the viewport runs on the
GUI thread, and only while the load is still ``live`` — a newer case may have replaced it during
any ``await``, even when a provider ignored the cancellation. Expected trouble (offline, damaged
or unreadable files) becomes a message on the scan's row; the other scans carry on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt
from PySide6.QtGui import QImage

from scaninbox.domain import CaseRef, FileKind, ScanFile
from scaninbox.qt import async_bridge
from scaninbox.qt.case_pane import CaseFile, CaseFileProvider, ProgressCallback
from scaninbox.qt.case_pane.file_fetch import FileProblem, cached_copy, obtain
from scaninbox.qt.case_pane.image_viewer import decode_image
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.scans import Mesh, MeshError, build_lod, orient, read_mesh, refine, sniff_format

__all__ = ["LOD_FROM_TRIANGLES", "CaseLoader", "LoadSink", "LoadToken", "Stage"]

_log = logging.getLogger(__name__)

LOD_FROM_TRIANGLES = 50_000  # below this a full frame is cheap already
_PICTURE_MAX_PX = 640


class Stage(Enum):
    PREVIEW = "preview"
    FIRST = "first"  # as read: flat-shaded soup for STL
    REFINED = "refined"  # welded, smooth normals


@dataclass(slots=True)
class LoadToken:
    """Whether a load may still touch the viewport (the viewport clears ``live``)."""

    generation: int
    live: bool = True


class LoadSink(Protocol):
    """What the loader tells the viewport (always on the GUI thread, only while live)."""

    def show_mesh(self, key: str, mesh: Mesh, stage: Stage) -> None: ...
    def show_lod(self, key: str, lod: Mesh) -> None: ...
    def show_picture(self, key: str, picture: QImage) -> None: ...
    def show_progress(self, key: str, text: str, fraction: float | None) -> None: ...
    def show_problem(self, key: str, message: str, *, offline: bool) -> None: ...
    def show_ready(self, key: str) -> None: ...
    def first_look_done(self) -> None: ...
    def load_done(self) -> None: ...


@dataclass(slots=True)
class _Progress:
    """How far one scan got."""

    mesh: Mesh | None = None
    preview_shown: bool = False
    notes: list[str] = field(default_factory=list)


class CaseLoader:
    """Loads ``scans`` of case ``ref`` into ``sink``; `run` is the coroutine."""

    def __init__(
        self,
        ref: CaseRef,
        scans: Sequence[PlannedScan],
        *,
        provider: CaseFileProvider,
        matrix: npt.NDArray[np.float64],
        sink: LoadSink,
        token: LoadToken,
        heavy: asyncio.Lock,
    ) -> None:
        self._ref = ref
        self._scans = list(scans)
        self._provider = provider
        self._matrix = matrix
        self._sink = sink
        self._token = token
        self._heavy = heavy

    async def run(self) -> None:
        progress = {scan.key: _Progress() for scan in self._scans}
        looks = await asyncio.gather(*(self._first_look(s, progress[s.key]) for s in self._scans))
        if not self._live():
            return
        for scan, look in zip(self._scans, looks, strict=True):
            if isinstance(look, QImage):
                self._sink.show_picture(scan.key, look)
            elif look is not None:
                stage = Stage.FIRST if progress[scan.key].mesh is look else Stage.PREVIEW
                self._sink.show_mesh(scan.key, look, stage)
        del looks  # each mesh is held where it is needed (the scene, its scan's progress)
        self._sink.first_look_done()
        async with asyncio.TaskGroup() as group:
            for scan in self._scans:
                group.create_task(self._complete(scan, progress[scan.key]))
        if self._live():
            self._sink.load_done()

    # ------------------------------------------------------------------ stage 1

    async def _first_look(self, scan: PlannedScan, progress: _Progress) -> Mesh | QImage | None:
        """The scan's full file when cached, else its cached preview; None when neither is."""
        if scan.file is not None:
            path = cached_copy(self._provider, self._case_file(scan.file))
            if path is not None:
                try:
                    mesh = await async_bridge.to_thread(_read, path, scan.filename, self._matrix)
                except MeshError as exc:
                    # Maybe a damaged copy: `_complete` fetches it again before giving up.
                    progress.notes.append(str(exc))
                    return None
                progress.mesh = mesh
                return mesh
        if scan.preview is not None:
            path = cached_copy(self._provider, self._case_file(scan.preview))
            if path is not None:
                try:
                    look = await async_bridge.to_thread(
                        _read_preview, path, scan.preview.filename or "", self._matrix
                    )
                except MeshError as exc:
                    _log.info("preview %s not shown: %s", scan.preview.filename, exc)
                    return None
                progress.preview_shown = True
                return look
        return None

    # ------------------------------------------------------------------ stage 2

    async def _complete(self, scan: PlannedScan, progress: _Progress) -> None:
        mesh, progress.mesh = progress.mesh, None
        if mesh is None:
            if scan.file is None:
                await self._preview_only(scan, progress)
                return
            if scan.preview is not None and not progress.preview_shown:
                await self._show_preview(scan, progress)
            mesh = await self._read_full(scan, progress)
            if mesh is None or not self._live():
                return
            self._sink.show_mesh(scan.key, mesh, Stage.FIRST)
        refined = await self._heavy_step(scan.key, refine, mesh)
        if refined is None:
            return
        del mesh  # the soup and the welded mesh both alive would double the memory
        self._sink.show_mesh(scan.key, refined, Stage.REFINED)
        if refined.n_faces >= LOD_FROM_TRIANGLES:
            lod = await self._heavy_step(scan.key, build_lod, refined)
            if lod is None:
                return
            self._sink.show_lod(scan.key, lod)
        self._sink.show_ready(scan.key)

    async def _preview_only(self, scan: PlannedScan, progress: _Progress) -> None:
        if not progress.preview_shown:
            await self._show_preview(scan, progress, report=True)
        if self._live() and progress.preview_shown:
            self._sink.show_ready(scan.key)

    async def _show_preview(
        self, scan: PlannedScan, progress: _Progress, *, report: bool = False
    ) -> None:
        """Fetch and draw the preview; it is optional, so trouble is only reported when the
        preview is all there is (``report``)."""
        assert scan.preview is not None
        file = self._case_file(scan.preview)
        try:
            on_progress = self._reporter(scan, "preview")
            path = await obtain(self._provider, file, on_progress, refresh=False)
            if not self._live():
                return
            look = await async_bridge.to_thread(_read_preview, path, file.filename, self._matrix)
        except (FileProblem, MeshError) as exc:
            if report and self._live():
                self._sink.show_problem(scan.key, str(exc), offline=_offline(exc))
            return
        if not self._live():
            return
        progress.preview_shown = True
        if isinstance(look, QImage):
            self._sink.show_picture(scan.key, look)
        else:
            self._sink.show_mesh(scan.key, look, Stage.PREVIEW)

    async def _read_full(self, scan: PlannedScan, progress: _Progress) -> Mesh | None:
        """The full scan, fetched when it is not cached (or its cached copy would not read)."""
        assert scan.file is not None
        file = self._case_file(scan.file)
        refresh = bool(progress.notes)  # the cached copy failed: ask the provider to verify it
        try:
            path = await obtain(self._provider, file, self._reporter(scan, "scan"), refresh=refresh)
            if not self._live():
                return None
            return await async_bridge.to_thread(_read, path, scan.filename, self._matrix)
        except (FileProblem, MeshError) as exc:
            if self._live():
                self._sink.show_problem(scan.key, str(exc), offline=_offline(exc))
            return None

    async def _heavy_step(self, key: str, step: _MeshStep, mesh: Mesh) -> Mesh | None:
        async with self._heavy:
            if not self._live():
                return None
            try:
                result = await async_bridge.to_thread(_plainly, step, mesh)
            except MeshError as exc:  # a scan whose triangles cannot be welded, in plain words
                if self._live():
                    self._sink.show_problem(key, str(exc), offline=False)
                return None
        return result if self._live() else None

    # ------------------------------------------------------------------ helpers

    def _live(self) -> bool:
        # A method, not the attribute: its value changes across every await.
        return self._token.live

    def _case_file(self, scan: ScanFile) -> CaseFile:
        return CaseFile(self._ref, FileKind.SCAN, scan.filename or "", scan.file_type)

    def _reporter(self, scan: PlannedScan, what: str) -> ProgressCallback:
        sink, token, key = self._sink, self._token, scan.key
        label = "Downloading the preview" if what == "preview" else "Downloading"

        def report(received_bytes: int, total_bytes: int | None) -> None:
            if not token.live:
                return
            if total_bytes:
                fraction = min(1.0, received_bytes / total_bytes)
                sink.show_progress(key, f"{label}… {fraction:.0%}", fraction)
            else:
                sink.show_progress(key, f"{label}… {received_bytes / 1e6:.1f} MB", None)

        return async_bridge.gui_callback(report)


class _MeshStep(Protocol):
    def __call__(self, mesh: Mesh, /) -> Mesh: ...


def _plainly(step: _MeshStep, mesh: Mesh) -> Mesh:
    """``step(mesh)``; anything but a `MeshError` becomes one, so that the scan's row shows a
    problem rather than waiting forever (and the other scans carry on)."""
    try:
        return step(mesh)
    except MeshError:
        raise
    except Exception as exc:
        _log.warning("%s failed on %s", getattr(step, "__name__", step), mesh.name, exc_info=True)
        raise _unexpected(mesh.name or "scan", exc) from None


def _read(path: Path, name: str, matrix: npt.NDArray[np.float64]) -> Mesh:
    try:
        return orient(read_mesh(path, name=name), matrix)
    except MeshError:
        raise
    except Exception as exc:
        _log.warning("reading %s failed", name, exc_info=True)
        raise _unexpected(name, exc) from None


def _unexpected(name: str, exc: Exception) -> MeshError:
    return MeshError(name, f"it could not be shown ({type(exc).__name__}; details in the log)")


def _read_preview(path: Path, name: str, matrix: npt.NDArray[np.float64]) -> Mesh | QImage:
    """A preview: a small mesh (drawn smooth at once, it is cheap) or a picture."""
    try:
        return _preview(path, name, matrix)
    except MeshError:
        raise
    except Exception as exc:
        _log.warning("reading the preview %s failed", name, exc_info=True)
        raise _unexpected(name, exc) from None


def _preview(path: Path, name: str, matrix: npt.NDArray[np.float64]) -> Mesh | QImage:
    if sniff_format(path).is_image:
        try:
            return decode_image(path, _PICTURE_MAX_PX)  # QImage is fine off the GUI thread
        except ValueError as exc:
            raise MeshError(name, "the preview picture cannot be read") from exc
    return orient(refine(read_mesh(path, name=name)), matrix)


def _offline(exc: Exception) -> bool:
    return isinstance(exc, FileProblem) and exc.offline
