"""File access shared by the case pane and the viewer: the provider protocol over the store's
cache (``providers``; the account's adapter over the store is ``qt.account.file_provider``),
fetching a file with plain-words problems (``file_fetch``), the file dialogs (``dialogs``) and
decoding images (``images``).

Neither pane imports the other's modules: what both need lives here.
"""

from scaninbox.qt.files.dialogs import FileDialogs, QtFileDialogs
from scaninbox.qt.files.providers import (
    OFFLINE_HEADLINE,
    CaseFile,
    CaseFileProvider,
    FileUnavailableError,
    ProgressCallback,
    case_files,
)

__all__ = [
    "OFFLINE_HEADLINE",
    "CaseFile",
    "CaseFileProvider",
    "FileDialogs",
    "FileUnavailableError",
    "ProgressCallback",
    "QtFileDialogs",
    "case_files",
]
