"""The text of a PDF's pages, read back with Qt's PDF module (the report embeds its font as
glyph ids: the words cannot be found in the file's bytes). Needs a Qt application (``qapp``)."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtPdf import QPdfDocument


def pdf_pages(path: Path) -> list[str]:
    document = QPdfDocument()
    try:
        error = document.load(str(path))
        assert error == QPdfDocument.Error.None_, error
        # The report breaks long lines: one line per page reads as it was written.
        return [
            " ".join(document.getAllText(page).text().split())
            for page in range(document.pageCount())
        ]
    finally:
        document.close()
        # Destroyed here, on this thread: left to the garbage collector, it could be destroyed
        # on a worker thread, and Qt warns of its timers.
        shiboken6.delete(document)
