"""The operating system's reasons in plain English (the command line's and the fallback
language), the system's own text kept as the technical detail, nothing lost for the unknown."""

from __future__ import annotations

import errno
import os
import socket
import ssl

import httpx
import pytest

from scaninbox.language.os_reasons import (
    os_reason,
    os_reason_in_text,
    os_reason_words,
    system_detail,
)

ENGLISH_WORDS = [
    (errno.ENOSPC, "the disk is full"),
    (errno.EDQUOT, "your storage quota on this disk is used up"),
    (errno.EACCES, "you do not have permission for this file or folder"),
    (errno.EPERM, "you do not have permission for this file or folder"),
    (errno.EROFS, "the disk or folder is read-only"),
    (errno.ENOENT, "the file or folder does not exist"),
    (errno.ENAMETOOLONG, "the file name or path is too long"),
    (errno.EMFILE, "too many files are open at once"),
    (errno.ENFILE, "too many files are open at once"),
    (errno.EBUSY, "the file is in use or locked by another program"),
    (errno.EFBIG, "the file is too large for this disk or folder"),
    (errno.EIO, "the disk failed to read or write"),
    (errno.ENODEV, "the disk is not there any more (it may have been unplugged)"),
    (errno.EEXIST, "a file or folder of that name is already there"),
    (errno.ENOTDIR, "a file stands where a folder is needed"),
    (errno.EISDIR, "a folder stands where a file is needed"),
    (errno.ENETUNREACH, "the network or the server cannot be reached"),
    (errno.EHOSTUNREACH, "the network or the server cannot be reached"),
    (errno.ECONNREFUSED, "the server refused the connection"),
    (errno.ECONNRESET, "the connection was cut off"),
    (errno.ECONNABORTED, "the connection was cut off"),
    (errno.EPIPE, "the connection was cut off"),
    (errno.ETIMEDOUT, "the other side did not answer in time"),
]


@pytest.mark.parametrize(("number", "words"), ENGLISH_WORDS)
def test_each_errno_in_plain_english_with_the_system_text(number: int, words: str) -> None:
    # OSError picks the subclass Python raises for the number (PermissionError, …) itself.
    exc = OSError(number, os.strerror(number), "/home/lab/.cache/blobs/ab12cd.part")
    assert os_reason(exc) == (f"{words} (technical detail: [Errno {number}] {os.strerror(number)})")
    assert "ab12cd" not in os_reason(exc)  # never the cache's scratch paths


def test_an_unknown_errno_keeps_the_system_text() -> None:
    exc = OSError(errno.EL2HLT, os.strerror(errno.EL2HLT))
    assert os_reason_words(exc)[0] is None
    assert (
        os_reason(exc) == f"the system reported: [Errno {errno.EL2HLT}] {os.strerror(errno.EL2HLT)}"
    )


def test_not_an_os_error_keeps_its_class_and_text() -> None:
    assert os_reason(ValueError("odd")) == "the system reported: ValueError: odd"
    assert system_detail(OSError()) == "OSError"


class _WindowsError(OSError):
    """What Windows raises: ``winerror`` beside the errno Python mapped it to."""

    def __init__(self, number: int, winerror: int, text: str) -> None:
        super().__init__(number, text)
        self.winerror = winerror


@pytest.mark.parametrize(
    ("number", "winerror", "words"),
    [
        # ERROR_SHARING_VIOLATION and ERROR_LOCK_VIOLATION arrive as EACCES: a lock, not rights.
        (errno.EACCES, 32, "the file is in use or locked by another program"),
        (errno.EACCES, 33, "the file is in use or locked by another program"),
        (errno.EACCES, 19, "the disk or folder is read-only"),  # ERROR_WRITE_PROTECT
        (errno.ENOENT, 206, "the file name or path is too long"),  # ERROR_FILENAME_EXCED_RANGE
        (errno.EINVAL, 1295, "your storage quota on this disk is used up"),
        (errno.ENOENT, 53, "the network drive cannot be reached"),  # ERROR_BAD_NETPATH
        (errno.ENOSPC, 112, "the disk is full"),  # ERROR_DISK_FULL: the errno is right
        (errno.EACCES, 5, "you do not have permission for this file or folder"),
    ],
)
def test_windows_codes_that_errno_would_misname(number: int, winerror: int, words: str) -> None:
    exc = _WindowsError(number, winerror, "The process cannot access the file")
    assert os_reason(exc) == (
        f"{words} (technical detail: [WinError {winerror}] The process cannot access the file)"
    )


def test_a_refused_connection_through_httpx_is_found_under_its_wrapping() -> None:
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))  # bound, never listening: refused for real
    try:
        with httpx.Client() as client, pytest.raises(httpx.ConnectError) as caught:
            client.get(f"http://127.0.0.1:{closed.getsockname()[1]}/")
    finally:
        closed.close()
    reason = os_reason(caught.value)
    assert reason.startswith("the server refused the connection (technical detail: ConnectError: ")
    assert f"[Errno {errno.ECONNREFUSED}]" in reason


def test_network_errors_by_class() -> None:
    found = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert os_reason(found).startswith("the server's name could not be found on the network (")
    assert os_reason(httpx.ReadTimeout("timed out")) == (
        "the other side did not answer in time (technical detail: ReadTimeout: timed out)"
    )
    assert os_reason(TimeoutError()).startswith("the other side did not answer in time")
    cert = ssl.SSLCertVerificationError(1, "certificate verify failed")
    assert os_reason(cert).startswith("the server's security certificate could not be verified")
    assert os_reason(ssl.SSLError(1, "wrong version number")).startswith(
        "a secure connection could not be set up"
    )
    assert os_reason(httpx.ConnectError("")) == (
        "no connection could be made (technical detail: ConnectError)"
    )


def test_a_system_reason_quoted_in_another_programs_message() -> None:
    libpq = 'connection to server at "127.0.0.1", port 5433 failed: Connection refused'
    assert os_reason_in_text(libpq) == (
        f"the server refused the connection (technical detail: {libpq})"
    )
    resolver = 'could not translate host name "hub.lab" to address: Name or service not known'
    assert os_reason_in_text(resolver) == (
        f"the server's name could not be found on the network (technical detail: {resolver})"
    )
    assert os_reason_in_text("FATAL: the hub is having a bad day") is None
