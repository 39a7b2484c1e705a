"""The scans and the order form, listed under the attachments so "Save all" says what it saves."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from scaninbox.domain import FileKind, Jaw, ScanFile, identifier_label
from scaninbox.language import translate
from scaninbox.qt.files.providers import CaseFile
from scaninbox.qt.look.widgets import muted_label, section_title

__all__ = ["OtherFilesList"]


class OtherFilesList(QWidget):
    """Name and a short description (jaw, scan type, format) of each non-attachment file."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows = QWidget(self)
        self._grid = QGridLayout(self._rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(24)
        self._grid.setVerticalSpacing(4)
        self._grid.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(section_title(translate("OtherFilesList", "Scans and order form"), self))
        layout.addWidget(
            muted_label(
                translate("OtherFilesList", "“Save all files” saves these with the attachments."),
                self,
            )
        )
        layout.addWidget(self._rows)

    def show_files(self, files: Sequence[CaseFile], scans: Sequence[ScanFile]) -> None:
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        by_name = {scan.filename: scan for scan in scans}
        for row, file in enumerate(files):
            name = QLabel(file.filename, self._rows)
            name.setTextFormat(Qt.TextFormat.PlainText)
            detail = _describe(file, by_name.get(file.filename))
            self._grid.addWidget(name, row, 0)
            self._grid.addWidget(muted_label(detail, self._rows, wrap=False), row, 1)
        self.setVisible(bool(files))

    def names(self) -> list[str]:
        return [
            label.text()
            for row in range(self._grid.rowCount())
            if (item := self._grid.itemAtPosition(row, 0)) is not None
            and isinstance(label := item.widget(), QLabel)
        ]


def _describe(file: CaseFile, scan: ScanFile | None) -> str:
    if file.kind is FileKind.ORDER_FORM:
        return translate("OtherFilesList", "Order form (PDF)")
    jaws = {
        Jaw.UPPER: translate("OtherFilesList", "Upper jaw"),
        Jaw.LOWER: translate("OtherFilesList", "Lower jaw"),
        Jaw.BITE: translate("OtherFilesList", "Bite", "a bite registration scan"),
    }
    parts = [
        jaws.get(scan.jaw) if scan else None,
        identifier_label(scan.scan_type) if scan else None,
        _format(file.file_type),
    ]
    return " · ".join(p for p in parts if p) or translate("OtherFilesList", "Scan")


def _format(file_type: str | None) -> str | None:
    """``STL``, ``PLY``: the file's format; a preview is named as one (its type says no format)."""
    if not file_type:
        return None
    if file_type.strip().lower() == "preview":
        return translate("OtherFilesList", "Preview", "a small preview of a scan")
    return file_type.upper()
