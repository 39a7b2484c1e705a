"""Why the operating system (or the network under it) refused, in the person's language.

The system's own text ("[Errno 28] No space left on device") is English whatever the window
speaks. :func:`os_reason` words the cases a lab PC meets — a full disk, a used-up quota, no
permission, a read-only disk, a missing file, a name too long, too many open files, a file in
use, a network that cannot be reached, a refused, cut or silent connection, a server name not
found — by the error's number or class, and keeps the system's text after it as the technical
detail support looks for. An error it does not know keeps the system's text as the reason:
nothing is lost.

Windows: Python maps most Windows error codes to errno (ERROR_DISK_FULL to ENOSPC,
ERROR_ACCESS_DENIED to EACCES, ...), but a few land on a number that would mislead: a file
locked by another program (ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION) arrives as EACCES, a
write-protected disk (ERROR_WRITE_PROTECT) as EACCES, a path too long (ERROR_FILENAME_EXCED_RANGE)
as ENOENT, a used-up disk quota (ERROR_DISK_QUOTA_EXCEEDED) as EINVAL. ``winerror`` is read
first for those.

The network's errors are recognised without importing the network libraries: an exception of
``ssl``, ``socket``, ``httpcore`` or ``httpx`` exists only once that module is loaded, so the
module is looked up in ``sys.modules`` (this package imports no more than ``resources``).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable

from scaninbox.language import translate

__all__ = ["os_reason", "os_reason_in_text", "os_reason_words", "system_detail"]

_DETAIL_LIMIT = 300

# Windows error codes whose errno (Python's PC/errmap.h) would say the wrong thing.
_WIN_SHARING_VIOLATION = 32
_WIN_LOCK_VIOLATION = 33
_WIN_WRITE_PROTECT = 19
_WIN_FILENAME_EXCED_RANGE = 206
_WIN_DISK_QUOTA_EXCEEDED = 1295
_WIN_BAD_NETPATH = 53
_WIN_BAD_NET_NAME = 67


def _disk_full() -> str:
    return translate("OsReason", "the disk is full")


def _quota() -> str:
    return translate("OsReason", "your storage quota on this disk is used up")


def _permission() -> str:
    return translate("OsReason", "you do not have permission for this file or folder")


def _read_only() -> str:
    return translate("OsReason", "the disk or folder is read-only")


def _missing() -> str:
    return translate("OsReason", "the file or folder does not exist")


def _name_too_long() -> str:
    return translate("OsReason", "the file name or path is too long")


def _too_many_files() -> str:
    return translate("OsReason", "too many files are open at once")


def _busy() -> str:
    return translate("OsReason", "the file is in use or locked by another program")


def _too_large() -> str:
    return translate("OsReason", "the file is too large for this disk or folder")


def _disk_failed() -> str:
    return translate("OsReason", "the disk failed to read or write")


def _gone() -> str:
    return translate("OsReason", "the disk is not there any more (it may have been unplugged)")


def _exists() -> str:
    return translate("OsReason", "a file or folder of that name is already there")


def _not_a_folder() -> str:
    return translate("OsReason", "a file stands where a folder is needed")


def _is_a_folder() -> str:
    return translate("OsReason", "a folder stands where a file is needed")


def _network_share() -> str:
    return translate("OsReason", "the network drive cannot be reached")


def _unreachable() -> str:
    return translate("OsReason", "the network or the server cannot be reached")


def _refused() -> str:
    return translate("OsReason", "the server refused the connection")


def _cut() -> str:
    return translate("OsReason", "the connection was cut off")


def _timeout() -> str:
    return translate("OsReason", "the other side did not answer in time")


def _name_not_found() -> str:
    return translate("OsReason", "the server's name could not be found on the network")


def _certificate() -> str:
    return translate("OsReason", "the server's security certificate could not be verified")


def _tls() -> str:
    return translate("OsReason", "a secure connection could not be set up")


def _connection_failed() -> str:
    return translate("OsReason", "no connection could be made")


_BY_WINERROR: dict[int, Callable[[], str]] = {
    _WIN_SHARING_VIOLATION: _busy,
    _WIN_LOCK_VIOLATION: _busy,
    _WIN_WRITE_PROTECT: _read_only,
    _WIN_FILENAME_EXCED_RANGE: _name_too_long,
    _WIN_DISK_QUOTA_EXCEEDED: _quota,
    _WIN_BAD_NETPATH: _network_share,
    _WIN_BAD_NET_NAME: _network_share,
}


def _by_errno() -> dict[int, Callable[[], str]]:
    table: dict[str, Callable[[], str]] = {
        "ENOSPC": _disk_full,
        "EDQUOT": _quota,
        "EACCES": _permission,
        "EPERM": _permission,
        "EROFS": _read_only,
        "ENOENT": _missing,
        "ENAMETOOLONG": _name_too_long,
        "EMFILE": _too_many_files,
        "ENFILE": _too_many_files,
        "EBUSY": _busy,
        "ETXTBSY": _busy,
        "EFBIG": _too_large,
        "EIO": _disk_failed,
        "ENODEV": _gone,
        "ENXIO": _gone,
        "EEXIST": _exists,
        "ENOTDIR": _not_a_folder,
        "EISDIR": _is_a_folder,
        "ENETUNREACH": _unreachable,
        "ENETDOWN": _unreachable,
        "EHOSTUNREACH": _unreachable,
        "EHOSTDOWN": _unreachable,
        "ECONNREFUSED": _refused,
        "ECONNRESET": _cut,
        "ECONNABORTED": _cut,
        "EPIPE": _cut,
        "ETIMEDOUT": _timeout,
    }
    # Some numbers exist on one system only (EDQUOT, ETXTBSY, EHOSTDOWN are not on every one).
    return {getattr(errno, name): words for name, words in table.items() if hasattr(errno, name)}


_BY_ERRNO = _by_errno()


def os_reason(exc: BaseException) -> str:
    """Why ``exc`` happened, for after a colon: plain words in the person's language, then the
    system's own text as the technical detail — "the disk is full (technical detail: [Errno 28]
    No space left on device)". An error not known here reads "the system reported: …" with the
    system's text, so nothing is lost. Starts in lower case; no full stop at the end."""
    words, detail = os_reason_words(exc)
    if words is None:
        return translate("OsReason", "the system reported: {detail}").format(detail=detail)
    return translate("OsReason", "{reason} (technical detail: {detail})").format(
        reason=words, detail=detail
    )


def os_reason_in_text(text: str) -> str | None:
    """The plain words for a system reason quoted inside another program's message — libpq's
    "connection to server … failed: Connection refused" names no errno, only its English text —
    followed by ``text`` as the technical detail; ``None`` when no known reason is in it."""
    lowered = text.lower()
    for phrase, words in _phrases():
        if phrase in lowered:
            return translate("OsReason", "{reason} (technical detail: {detail})").format(
                reason=words(), detail=_one_line(text)
            )
    return None


def _phrases() -> list[tuple[str, Callable[[], str]]]:
    # The C library's texts for the numbers above (libpq, like Python, quotes strerror), the
    # resolver's, and libpq's own word for its connect timeout.
    known: list[tuple[str, Callable[[], str]]] = [
        ("name or service not known", _name_not_found),
        ("temporary failure in name resolution", _name_not_found),
        ("could not translate host name", _name_not_found),
        ("nodename nor servname provided", _name_not_found),
        ("timeout expired", _timeout),
        ("server closed the connection unexpectedly", _cut),
    ]
    known += [(os.strerror(number).lower(), words) for number, words in _BY_ERRNO.items()]
    return known


def os_reason_words(exc: BaseException) -> tuple[str | None, str]:
    """The plain words for ``exc`` (``None`` when it is not one this module knows) and the
    system's untranslated text (:func:`system_detail`), for a message that places them itself."""
    return _words(exc), system_detail(exc)


def system_detail(exc: BaseException) -> str:
    """The system's own text for ``exc`` — "[Errno 28] No space left on device" — without the
    file name Python appends (a scratch or cache path a message must not show). For an error
    that wraps an operating-system error (httpx's), that error's text after its own class."""
    inner = _os_error_in(exc)
    if inner is not None and (inner.strerror or inner.errno is not None):
        winerror = getattr(inner, "winerror", None)
        if isinstance(winerror, int):
            text = f"[WinError {winerror}] {inner.strerror or ''}"
        elif inner.errno is not None:
            text = f"[Errno {inner.errno}] {inner.strerror or ''}"
        else:
            text = inner.strerror or ""
        if inner is not exc:
            text = f"{type(exc).__name__}: {text}"
        return _one_line(text)
    said = _one_line(str(exc))
    return f"{type(exc).__name__}: {said}" if said else type(exc).__name__


def _words(exc: BaseException) -> str | None:
    words = _network_words(exc)
    if words is None:
        words = _system_words(exc)
    if words is None and _is_any(exc, "ConnectError"):
        words = _connection_failed()
    return words


def _network_words(exc: BaseException) -> str | None:
    """TLS, a timeout, a name not found: recognised by class before the errno (an SSLError
    carries OpenSSL's number, a gaierror the resolver's)."""
    ssl = sys.modules.get("ssl")
    tls = _in_chain(exc, ssl.SSLError) if ssl is not None else None
    if ssl is not None and isinstance(tls, ssl.SSLCertVerificationError):
        return _certificate()
    if tls is not None:
        return _tls()
    if _is_any(exc, "TimeoutException"):
        return _timeout()
    socket = sys.modules.get("socket")
    if socket is not None and _in_chain(exc, socket.gaierror) is not None:
        return _name_not_found()
    return None


def _system_words(exc: BaseException) -> str | None:
    inner = _os_error_in(exc)
    if inner is None:
        return None
    winerror = getattr(inner, "winerror", None)
    if isinstance(winerror, int) and winerror in _BY_WINERROR:
        return _BY_WINERROR[winerror]()
    if inner.errno in _BY_ERRNO:
        return _BY_ERRNO[inner.errno]()
    return _timeout() if isinstance(inner, TimeoutError) else None


def _is_any(exc: BaseException, class_name: str) -> bool:
    """Whether ``exc`` is httpx's or httpcore's ``class_name`` (only if they are loaded)."""
    for name in ("httpx", "httpcore"):
        module = sys.modules.get(name)
        if module is not None and isinstance(exc, getattr(module, class_name)):
            return True
    return False


def _os_error_in(exc: BaseException) -> OSError | None:
    """The operating system's error in ``exc``'s chain: the first that carries a number (anyio
    wraps the refused connection's ``ConnectionRefusedError`` in a bare "All connection attempts
    failed"), else the first at all."""
    found = [e for e in _chain(exc) if isinstance(e, OSError)]
    numbered = [e for e in found if e.errno is not None]
    return next(iter(numbered or found), None)


def _in_chain(exc: BaseException, kind: type[BaseException]) -> BaseException | None:
    """``exc`` or the first error it was raised from (or during) that is a ``kind``."""
    return next((e for e in _chain(exc) if isinstance(e, kind)), None)


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and the errors it was raised from or during; a group by its first member."""
    seen: set[int] = set()
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        chain.append(current)
        following = current.__cause__ or current.__context__
        if following is None and isinstance(current, BaseExceptionGroup) and current.exceptions:
            following = current.exceptions[0]
        current = following
    return chain


def _one_line(text: str) -> str:
    return " ".join(text.split())[:_DETAIL_LIMIT]
