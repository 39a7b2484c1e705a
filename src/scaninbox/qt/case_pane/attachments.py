"""The attachments tab: photos and other files of a case, and "Save all files to folder…".

Thumbnails load when the tab is first shown: each image is fetched (progress on its tile),
decoded and scaled in a worker thread, and painted on the GUI thread. Images open in the image
viewer; other files open with the system's application. "Save all" saves every file of the case
(scans, order form, attachments) or, when any of them cannot be had, nothing.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from scaninbox.domain import Case, FileKind
from scaninbox.language import os_reason, translate
from scaninbox.qt.case_pane.attachment_tile import THUMBNAIL_SIZE, AttachmentTile
from scaninbox.qt.case_pane.file_actions import (
    SaveError,
    open_with_system,
    safe_filename,
    save_copy,
    save_files,
)
from scaninbox.qt.case_pane.file_status import FileStatusBar, fetch_with_status
from scaninbox.qt.case_pane.image_viewer import ImageViewer
from scaninbox.qt.case_pane.other_files import OtherFilesList
from scaninbox.qt.case_pane.pdf_window import PdfWindow, is_pdf_name
from scaninbox.qt.files.dialogs import FileDialogs
from scaninbox.qt.files.file_fetch import FileProblem, cached_copy, obtain_all
from scaninbox.qt.files.images import decode_image
from scaninbox.qt.files.providers import CaseFile, CaseFileProvider, case_files
from scaninbox.qt.look.flow_layout import FlowLayout
from scaninbox.qt.look.widgets import muted_label, section_title
from scaninbox.qt.runtime import async_bridge
from scaninbox.settings import DEFAULT_FOLDER_TEMPLATE

__all__ = ["AttachmentsView"]


class AttachmentsView(QWidget):
    """Tiles for the attachments, the list of scans and order form, and "Save all"."""

    statusMessage = Signal(str)
    statusError = Signal(str)  # what failed: kept on screen until read

    def __init__(
        self, provider: CaseFileProvider, dialogs: FileDialogs, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._provider = provider
        self._dialogs = dialogs
        self._case: Case | None = None
        self._generation = 0
        self._activated = False
        self._save_folder: Path | None = None
        # "Save all" makes one folder per case inside the chosen one, named by this template
        # (the same fields as the `[download] folder_template` setting of the command line).
        self.folder_template = DEFAULT_FOLDER_TEMPLATE
        self.viewer: ImageViewer | None = None
        self.pdf_window: PdfWindow | None = None
        self._shown_image: CaseFile | None = None
        self.tiles: list[AttachmentTile] = []
        self._online = True

        self.save_all_button = QPushButton(
            translate("AttachmentsView", "Save all files to folder…"), self
        )
        self.save_all_button.clicked.connect(self.save_all)
        self.save_status = FileStatusBar(self)
        self.save_status.retryRequested.connect(self._retry_save_all)
        self.title = section_title(translate("AttachmentsView", "Attachments"), self)
        self.empty_label = muted_label(
            translate("AttachmentsView", "No attachments were sent with this case."), self
        )
        self._tiles_host = QWidget(self)
        self._flow = FlowLayout(self._tiles_host, spacing=12)
        self._flow.setContentsMargins(0, 0, 0, 0)
        self.other_files = OtherFilesList(self)
        self._build_layout()
        self.show_case(None)

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.save_all_button)
        page = QWidget(self)
        body = QVBoxLayout(page)
        body.setContentsMargins(0, 0, 8, 8)
        body.setSpacing(8)
        body.addWidget(self.empty_label)
        body.addWidget(self._tiles_host)
        body.addSpacing(16)
        body.addWidget(self.other_files)
        body.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.save_status)
        layout.addWidget(scroll, 1)

    # ------------------------------------------------------------------ case switching
    def show_case(self, case: Case | None) -> None:
        self._generation += 1
        async_bridge.cancel_owned(self)
        self._case = case
        self._activated = False
        self.save_status.reset()
        for window in (self.viewer, self.pdf_window):
            if window is not None:
                window.close()
        self._shown_image = None
        for tile in self.tiles:
            self._flow.removeWidget(tile)
            tile.deleteLater()
        self.tiles = []
        files = case_files(case) if case is not None else []
        for file in files:
            if file.kind is FileKind.MISC:
                self._add_tile(file)
        self.title.setText(
            translate("AttachmentsView", "Attachments ({count})").format(count=len(self.tiles))
            if self.tiles
            else translate("AttachmentsView", "Attachments")
        )
        self.empty_label.setVisible(not self.tiles)
        self._tiles_host.setVisible(bool(self.tiles))
        self.other_files.show_files(
            [f for f in files if f.kind is not FileKind.MISC], case.scan_files if case else ()
        )
        self.save_all_button.setEnabled(bool(files))

    def set_online(self, online: bool) -> None:
        """Whether files can come from the service now: Retry is offered only then."""
        self._online = online
        self.save_status.set_online(online)
        for tile in self.tiles:
            tile.status.set_online(online)

    def _add_tile(self, file: CaseFile) -> None:
        tile = AttachmentTile(file, self._tiles_host)
        tile.status.set_online(self._online)
        if cached_copy(self._provider, file) is not None:
            tile.set_meta(
                translate("AttachmentsView", "{kind} · on this computer").format(
                    kind=tile.meta_label.text()
                )
            )
        tile.openRequested.connect(self.open_file)
        tile.saveRequested.connect(self.save_file)
        tile.retryRequested.connect(self._retry)
        self._flow.addWidget(tile)
        self.tiles.append(tile)

    def activate(self) -> None:
        """The tab became visible: load the thumbnails once."""
        if self._activated:
            return
        self._activated = True
        for tile in self.tiles:
            if tile.is_image:
                self._load_thumbnail(tile, refresh=False)

    def _is_current(self, generation: int) -> bool:
        return generation == self._generation and shiboken6.isValid(self)

    # ------------------------------------------------------------------ thumbnails and opening
    def _load_thumbnail(self, tile: AttachmentTile, *, refresh: bool) -> None:
        async_bridge.run(
            self._thumbnail_async(tile, refresh, self._generation),
            owner=self,
            key=f"thumbnail:{tile.file.key}",
        )

    async def _thumbnail_async(self, tile: AttachmentTile, refresh: bool, generation: int) -> None:
        path = await self._fetch(tile, refresh, generation)
        if path is None:
            return
        try:
            image = await async_bridge.to_thread(decode_image, path, THUMBNAIL_SIZE.width() * 2)
        except ValueError as error:
            if self._is_current(generation):
                tile.status.show_problem(str(error), offline=False)
            return
        if self._is_current(generation):
            tile.set_thumbnail(image)

    async def _fetch(self, tile: AttachmentTile, refresh: bool, generation: int) -> Path | None:
        return await fetch_with_status(
            self._provider,
            tile.file,
            tile.status,
            refresh=refresh,
            is_current=lambda: self._is_current(generation),
        )

    def _retry(self, file: CaseFile) -> None:
        tile = self._tile(file)
        if tile is None:
            return
        if tile.is_image:
            self._load_thumbnail(tile, refresh=True)
        else:
            async_bridge.run(
                self._fetch(tile, True, self._generation), owner=self, key=f"open:{file.key}"
            )

    def open_file(self, file: CaseFile) -> None:
        tile = self._tile(file)
        if tile is not None:
            async_bridge.run(
                self._open_async(tile, self._generation), owner=self, key=f"open:{file.key}"
            )

    async def _open_async(self, tile: AttachmentTile, generation: int) -> None:
        # An image whose thumbnail is still coming: wait for that download, not a second one.
        pending = async_bridge.running_task(self, f"thumbnail:{tile.file.key}")
        if pending is not None:
            await asyncio.wait([pending])
        path = await self._fetch(tile, False, generation)
        if path is None:
            return
        name = tile.file.filename
        if tile.is_image:
            try:
                image = await async_bridge.to_thread(decode_image, path, None)
            except ValueError as error:
                if self._is_current(generation):
                    tile.status.show_problem(str(error), offline=False)
                return
            if not self._is_current(generation):
                return
            viewer = self._image_viewer()
            viewer.show_image(name, image)
            images = self._image_tiles()
            self._shown_image = tile.file
            viewer.set_position(images.index(tile), len(images))
            _bring_up(viewer)
            return
        if is_pdf_name(name):
            window = self._pdf_window()
            try:
                window.show_pdf(name, path)
            except ValueError as error:
                tile.status.show_problem(str(error), offline=False)
                return
            _bring_up(window)
            return
        await self._open_externally(path, name)

    async def _open_externally(self, path: Path, name: str) -> None:
        problem = await open_with_system(path, name)
        if problem is not None:
            self.statusError.emit(problem)

    def _image_tiles(self) -> list[AttachmentTile]:
        return [t for t in self.tiles if t.is_image]

    def _image_viewer(self) -> ImageViewer:
        if self.viewer is None:
            self.viewer = ImageViewer(self)
            self.viewer.previousRequested.connect(lambda: self._step_image(-1))
            self.viewer.nextRequested.connect(lambda: self._step_image(+1))
        return self.viewer

    def _pdf_window(self) -> PdfWindow:
        if self.pdf_window is None:
            self.pdf_window = PdfWindow(self)
            self.pdf_window.openExternallyRequested.connect(
                lambda path: (
                    async_bridge.run(
                        self._open_externally(path, path.name), owner=self, name="open externally"
                    )
                    if path is not None
                    else None
                )
            )
        return self.pdf_window

    def _step_image(self, step: int) -> None:
        """Previous/next in the image viewer: the neighbouring image attachment of the case."""
        images = self._image_tiles()
        current = next((i for i, t in enumerate(images) if t.file == self._shown_image), None)
        if current is None or not 0 <= current + step < len(images):
            return
        self.open_file(images[current + step].file)

    def _tile(self, file: CaseFile) -> AttachmentTile | None:
        return next((t for t in self.tiles if t.file == file), None)

    # ------------------------------------------------------------------ saving
    def save_file(self, file: CaseFile) -> None:
        tile = self._tile(file)
        target = self._dialogs.save_file_path(self, safe_filename(file.filename))
        if tile is not None and target is not None:
            async_bridge.run(
                self._save_file_async(tile, target, self._generation),
                owner=self,
                key=f"save:{file.key}",
            )

    async def _save_file_async(self, tile: AttachmentTile, target: Path, generation: int) -> None:
        path = await self._fetch(tile, False, generation)
        if path is None:
            return
        try:
            saved = await async_bridge.to_thread(save_copy, path, target)
        except SaveError as error:
            self.statusError.emit(str(error))
            return
        self.statusMessage.emit(translate("AttachmentsView", "Saved {path}").format(path=saved))

    def save_all(self) -> None:
        folder = self._dialogs.folder_path(
            self, translate("AttachmentsView", "Save all files of this case to")
        )
        if folder is not None:
            self._save_folder = folder
            self._start_save_all(folder)

    def _retry_save_all(self) -> None:
        if self._save_folder is not None:
            self._start_save_all(self._save_folder)

    def _start_save_all(self, folder: Path) -> None:
        files = case_files(self._case) if self._case is not None else []
        if files:
            async_bridge.run(self._save_all_async(files, folder), owner=self, key="save-all")

    def _case_folder(self, parent: Path, case: Case) -> Path:
        # Here, not at the top: the API package (a heavy import) is not needed to build the window.
        from scaninbox.api import case_folder_name, open_case_folder

        try:
            return open_case_folder(parent, case_folder_name(case, self.folder_template))
        except OSError as error:
            reason = os_reason(error)
            raise SaveError(
                translate("FileActions", "Nothing was saved to {folder}: {reason}.").format(
                    folder=parent, reason=reason
                )
            ) from error

    async def _save_all_async(self, files: list[CaseFile], folder: Path) -> None:
        count = len(files)
        case = self._case
        if case is None:
            return

        def progress(index: int, file: CaseFile, received: int, total: int | None) -> None:
            label = translate("AttachmentsView", "Getting {number} of {count}: {file}").format(
                number=index + 1, count=count, file=file.filename
            )
            self.save_status.show_progress(received, total, label=label)

        self.save_all_button.setEnabled(False)
        stop = threading.Event()
        try:
            paths = await obtain_all(self._provider, files, async_bridge.gui_callback(progress))
            self.save_status.show_progress(
                0, None, label=translate("AttachmentsView", "Saving %n file(s)…", None, count)
            )
            sources = list(zip(paths, [f.filename for f in files], strict=True))
            # One folder per case, named and made by the same rule as `scaninbox download`
            # (never a link, never an existing file's name); inside it, nothing is overwritten.
            folder = await async_bridge.to_thread(self._case_folder, folder, case)
            saved = await async_bridge.to_thread(save_files, sources, folder, stop=stop)
        except FileProblem as problem:
            self.save_status.show_problem(
                translate("AttachmentsView", "Nothing was saved. {reason}").format(
                    reason=problem.message
                ),
                offline=False,
            )
            return
        except SaveError as error:
            self.save_status.show_problem(str(error), offline=False)
            return
        except asyncio.CancelledError:
            # The copying thread cannot be interrupted mid-file; it undoes its work when it sees
            # the stop, unless it had already finished every copy.
            stop.set()
            if shiboken6.isValid(self):
                self.statusMessage.emit(
                    translate(
                        "AttachmentsView", "Saving all files stopped: another case was opened."
                    )
                )
            raise
        finally:
            if shiboken6.isValid(self):
                self.save_all_button.setEnabled(self._case is not None)
        self.save_status.show_ready()
        self.statusMessage.emit(
            translate("AttachmentsView", "Saved %n file(s) to {folder}", None, len(saved)).format(
                folder=folder
            )
        )


def _bring_up(window: QWidget) -> None:
    window.show()
    window.raise_()
    window.activateWindow()
