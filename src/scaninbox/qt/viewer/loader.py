"""Loading one case's scans into the viewport: cached files at once, the rest as they arrive.

The order is chosen for the first frame:

1. *First look* — every scan already on this computer (its full file, else its preview) is read
   in parallel on worker threads and handed to the viewport together, which draws them in one
   frame: a cached case shows in one read plus one render. An STL arrives as its unwelded soup,
   drawn flat-shaded.
2. *The rest*, per scan: download what is missing (the preview first, small, then the full scan,
   with progress), read it, and replace whatever stood in for it; then weld and smooth
   (`refine`) and build the level of detail (capped in triangles where the view's render policy
   says so: `moving_triangles`). Those two run one at a time across the viewport
   (``heavy``), so that flicking through cases never piles up work for cases nobody looks at.

Orientation: the case's `Orientation` (`scaninbox.scans.resolve_orientation`). When it is pending
(the portal sends no usable ``axisMapping``), it is estimated once per case from the first arch
to arrive — the first look's upper arch if it has one —, and every scan of the case gets that
one matrix, so the jaws keep their bite; a bite scan waits for it while an arch may still come.

Everything CPU-bound runs on worker threads; everything that touches the viewport runs on the
GUI thread, and only while the load is still ``live`` — a newer case may have replaced it during
any ``await``, even when a provider ignored the cancellation. Expected trouble (offline, damaged
or unreadable files) becomes a message on the scan's row; the other scans carry on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QImage

from scaninbox import language
from scaninbox.domain import CaseRef, FileKind, Jaw, ScanFile, known_jaw
from scaninbox.language import translate
from scaninbox.qt.files import CaseFile, CaseFileProvider, ProgressCallback
from scaninbox.qt.files.file_fetch import FileProblem, cached_copy, obtain
from scaninbox.qt.files.images import decode_image
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer.heap import give_back_free_memory
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.scans import (
    LOD_FRACTION,
    Mesh,
    MeshError,
    Orientation,
    build_lod,
    orient,
    read_mesh,
    refine,
    sniff_format,
)

__all__ = ["LOD_FROM_TRIANGLES", "CaseLoader", "LoadSink", "LoadToken", "Stage", "lod_fraction"]

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
    def show_problem(
        self, key: str, message: str, *, offline: bool, lasting: bool = False
    ) -> None: ...
    def show_ready(self, key: str) -> None: ...
    def first_look_done(self) -> None: ...
    def load_done(self) -> None: ...


@dataclass(slots=True)
class _Progress:
    """How far one scan got."""

    mesh: Mesh | None = None
    unoriented: bool = False  # ``mesh`` as read, still to be turned into the canonical frame
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
        orientation: Orientation,
        sink: LoadSink,
        token: LoadToken,
        heavy: asyncio.Lock,
        on_oriented: Callable[[Orientation], None] | None = None,
        moving_triangles: Callable[[], int | None] = lambda: None,
    ) -> None:
        """``moving_triangles()``: the most triangles a coarse copy may ask for, as the view's
        render policy says when the copy is built (None: the usual share, `LOD_FRACTION`)."""
        self._ref = ref
        self._scans = list(scans)
        self._provider = provider
        self._orienter = _CaseOrientation(orientation, self._scans, token, on_oriented)
        self._sink = sink
        self._token = token
        self._heavy = heavy
        self._moving_triangles = moving_triangles

    async def run(self) -> None:
        progress = {scan.key: _Progress() for scan in self._scans}
        looks = await asyncio.gather(*(self._first_look(s, progress[s.key]) for s in self._scans))
        if not self._live():
            return
        looks = await self._orienter.orient_first_look(self._scans, looks)
        if not self._live():
            return
        for scan, look in zip(self._scans, looks, strict=True):
            state = progress[scan.key]
            if state.mesh is not None and look is None:
                state.unoriented = True  # a bite before any arch: `_complete` turns it
            elif state.mesh is not None:
                state.mesh = look if isinstance(look, Mesh) else None
            elif look is None:
                state.preview_shown = False
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
                    mesh = await async_bridge.to_thread(_read, path, scan.filename)
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
                        _read_preview, path, scan.preview.filename or ""
                    )
                except MeshError as exc:
                    _log.info("preview %s not shown: %s", scan.preview.filename, exc)
                    return None
                progress.preview_shown = True
                return look
        return None

    # ------------------------------------------------------------------ stage 2

    async def _complete(self, scan: PlannedScan, progress: _Progress) -> None:
        try:
            await self._complete_scan(scan, progress)
        finally:
            self._orienter.scan_done(scan)

    async def _complete_scan(self, scan: PlannedScan, progress: _Progress) -> None:
        mesh, progress.mesh = progress.mesh, None
        if mesh is not None and progress.unoriented:
            mesh = await self._orienter.oriented(mesh, scan)
            if not self._live():
                return
            self._sink.show_mesh(scan.key, mesh, Stage.FIRST)
        if mesh is None:
            if scan.file is None:
                await self._preview_only(scan, progress)
                return
            if scan.preview is not None and not progress.preview_shown:
                await self._show_preview(scan, progress)
            read = await self._read_full(scan, progress)
            if read is None or not self._live():
                return
            mesh = await self._orienter.oriented(read, scan)
            del read
            if not self._live():
                return
            self._sink.show_mesh(scan.key, mesh, Stage.FIRST)
        refined = await self._heavy_step(scan.key, refine, mesh)
        if refined is None:
            return
        del mesh  # the soup and the welded mesh both alive would double the memory
        self._sink.show_mesh(scan.key, refined, Stage.REFINED)
        if refined.n_faces >= LOD_FROM_TRIANGLES:
            fraction = lod_fraction(refined.n_faces, self._moving_triangles())
            lod = await self._heavy_step(
                scan.key, functools.partial(build_lod, fraction=fraction), refined
            )
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
            look = await async_bridge.to_thread(_read_preview, path, file.filename)
            if isinstance(look, Mesh) and self._live():
                look = await self._orienter.oriented(look, scan)
        except (FileProblem, MeshError) as exc:
            if report and self._live():
                self._sink.show_problem(
                    scan.key, str(exc), offline=_offline(exc), lasting=_lasting(exc)
                )
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
            return await async_bridge.to_thread(_read, path, scan.filename)
        except (FileProblem, MeshError) as exc:
            if self._live():
                self._sink.show_problem(
                    scan.key, str(exc), offline=_offline(exc), lasting=_lasting(exc)
                )
            return None

    async def _heavy_step(self, key: str, step: _MeshStep, mesh: Mesh) -> Mesh | None:
        async with self._heavy:
            if not self._live():
                return None
            try:
                result = await async_bridge.to_thread(_lightly, step, mesh)
            except MeshError as exc:  # a scan whose triangles cannot be welded, in plain words
                if self._live():
                    self._sink.show_problem(key, str(exc), offline=False, lasting=True)
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
        preview = what == "preview"
        share = (
            translate("CaseLoader", "Downloading the preview… {percent}%")
            if preview
            else translate("CaseLoader", "Downloading… {percent}%")
        )
        amount = (
            translate("CaseLoader", "Downloading the preview… {size} MB")
            if preview
            else translate("CaseLoader", "Downloading… {size} MB")
        )

        def report(received_bytes: int, total_bytes: int | None) -> None:
            if not token.live:
                return
            if total_bytes:
                fraction = min(1.0, received_bytes / total_bytes)
                sink.show_progress(key, share.format(percent=round(fraction * 100)), fraction)
            else:
                size = language.current().number_text(received_bytes / 1e6, 1)
                sink.show_progress(key, amount.format(size=size), None)

        return async_bridge.gui_callback(report)


class _MeshStep(Protocol):
    def __call__(self, mesh: Mesh, /) -> Mesh: ...


class _CaseOrientation:
    """The case's orientation, settled once from its first arch when pending (GUI thread;
    the estimate and the turning run on worker threads)."""

    def __init__(
        self,
        orientation: Orientation,
        scans: Sequence[PlannedScan],
        token: LoadToken,
        on_oriented: Callable[[Orientation], None] | None,
    ) -> None:
        self.current = orientation
        self._token = token
        self._on_oriented = on_oriented
        self._lock = asyncio.Lock()
        self._settled = asyncio.Event()
        self._arches_left = {s.key for s in scans if _jaw_of(s) is not Jaw.BITE}
        if not orientation.pending or not self._arches_left:
            self._settled.set()

    async def orient_first_look(
        self, scans: Sequence[PlannedScan], looks: Sequence[Mesh | QImage | None]
    ) -> list[Mesh | QImage | None]:
        """The first look's meshes turned; a pending orientation is settled from them all
        (the upper arch preferred, see `Orientation.settle`). A mesh that cannot be turned yet
        (a bite while no arch was read) comes back as None."""
        meshes = [(look, _jaw_of(s)) for s, look in zip(scans, looks, strict=True)]
        found: list[tuple[Mesh, Jaw]] = [(m, jaw) for m, jaw in meshes if isinstance(m, Mesh)]
        arches: list[tuple[Mesh, Jaw]] = [(m, jaw) for m, jaw in found if jaw is not Jaw.BITE]
        if self.current.pending and (arches or (found and not self._arches_left)):
            await self._settle(arches or found)
        turned: list[Mesh | QImage | None] = []
        for look, _ in meshes:
            if not isinstance(look, Mesh):
                turned.append(look)
            else:
                turned.append(None if self.current.pending else await self._turned(look))
        return turned

    async def oriented(self, mesh: Mesh, scan: PlannedScan) -> Mesh:
        """``mesh`` (of ``scan``) turned into the canonical frame."""
        jaw = _jaw_of(scan)
        if self.current.pending and jaw is Jaw.BITE:
            await self._settled.wait()  # an arch may still come: it orients better
        if self.current.pending:
            await self._settle([(mesh, jaw)])
        return await self._turned(mesh)

    def scan_done(self, scan: PlannedScan) -> None:
        """``scan`` is loaded or gave up: bites stop waiting when no arch is left to come."""
        self._arches_left.discard(scan.key)
        if not self._arches_left:
            self._settled.set()

    async def _settle(self, scans: list[tuple[Mesh, Jaw]]) -> None:
        async with self._lock:
            if not self.current.pending:
                return
            settled = await async_bridge.to_thread(self.current.settle, scans)
            self.current = settled
            self._settled.set()
            if self._on_oriented is not None and self._token.live:
                self._on_oriented(settled)

    async def _turned(self, mesh: Mesh) -> Mesh:
        matrix = self.current.matrix
        if not self.current.pending and bool((matrix == _IDENTITY).all()):
            return mesh
        # The mesh is this load's own, just read and not yet on screen: turned where it is,
        # not copied (both arches are turned at once, beside the first look's other work).
        return await async_bridge.to_thread(functools.partial(orient, in_place=True), mesh, matrix)


_IDENTITY = Orientation().matrix


def lod_fraction(n_faces: int, most_triangles: int | None) -> float:
    """The share of a scan's ``n_faces`` its coarse copy keeps: the usual `LOD_FRACTION`, less
    where that would ask for more than ``most_triangles``."""
    if most_triangles is None or n_faces <= 0:
        return LOD_FRACTION
    return min(LOD_FRACTION, most_triangles / n_faces)


def _jaw_of(scan: PlannedScan) -> Jaw:
    return known_jaw(scan.jaw, scan.filename)


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


def _lightly(step: _MeshStep, mesh: Mesh) -> Mesh:
    """`_plainly`, with the memory the frames so far freed given back first: a heavy step's
    working memory comes on top of the scans on screen, the viewer's peak."""
    give_back_free_memory()
    return _plainly(step, mesh)


def _read(path: Path, name: str) -> Mesh:
    """The scan as read; an unexpected failure is a `MeshError` too (see `_plainly`)."""
    try:
        return read_mesh(path, name=name)
    except MeshError:
        raise
    except Exception as exc:
        _log.warning("reading %s failed", name, exc_info=True)
        raise _unexpected(name, exc) from None


def _unexpected(name: str, exc: Exception) -> MeshError:
    return MeshError(
        name,
        translate("CaseLoader", "it could not be shown ({error}; details in the log)").format(
            error=type(exc).__name__
        ),
    )


def _read_preview(path: Path, name: str) -> Mesh | QImage:
    """A preview: a small mesh (drawn smooth at once, it is cheap) or a picture."""
    try:
        return _preview(path, name)
    except MeshError:
        raise
    except Exception as exc:
        _log.warning("reading the preview %s failed", name, exc_info=True)
        raise _unexpected(name, exc) from None


def _preview(path: Path, name: str) -> Mesh | QImage:
    if sniff_format(path).is_image:
        try:
            return decode_image(path, _PICTURE_MAX_PX)  # QImage is fine off the GUI thread
        except ValueError as exc:
            raise MeshError(
                name, translate("CaseLoader", "the preview picture cannot be read")
            ) from exc
    return refine(read_mesh(path, name=name))


def _offline(exc: Exception) -> bool:
    return isinstance(exc, FileProblem) and exc.offline


def _lasting(exc: Exception) -> bool:
    """The file was had, and is no scan (or a damaged one): reading it again changes nothing
    (a damaged cached copy was already fetched again)."""
    return isinstance(exc, MeshError)
