"""Fetching a file from a signed storage URL into place, completely or not at all.

The bytes stream into a temporary file beside the destination (``.{name}.{random}.part``,
``case_folder.new_part_file``: exclusive, locked) while their SHA-256 is computed; the length is
checked against ``Content-Length``; the file is synced and published under the destination's name
without replacing anything there (``case_folder.place_file``: "name (2)" when taken). Any
failure, or cancelling the task, removes the temporary file, so a folder never holds half a scan;
a process killed meanwhile leaves one the next run removes.

Storage is not trusted either (``NetworkLimits``): not one byte more than it announced is
written, a file of unannounced size stops at a ceiling, a body that inflates like a
decompression bomb is refused, and a download must keep an average pace after its first seconds
(a body trickled a byte at a time is stopped). An address that is not a web address, has an
impossible port or control characters is a plain error for that file; ``user:password@`` is
removed from it. A TLS failure is reported as such (and ends the download: the next files would
meet the same certificate).

Signed URLs are credentials of their own: no ``Authorization`` header (nor cookie) is ever sent
with them, redirects are followed by hand so nothing is added on the way, and a plain-HTTP
storage address is refused unless it is this computer. A link that expired (past ``expiresAt``,
or storage answers 401/403) is replaced by asking ``get_link`` again, a bounded number of times.
A body cut short is fetched again, resuming with ``Range`` when storage offers byte ranges.
When the last attempt got no answer at all (no connection, or none before the headers), the
error is a ``StorageUnreachableError``: a ``TransportError`` too, so it reads as "offline", not
as a bad file.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import hashlib
import logging
import os
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import Enum, auto
from pathlib import Path
from typing import IO

import httpx

from scaninbox.api.bounded import inflated_too_much, size_text
from scaninbox.api.case_folder import new_part_file, place_file
from scaninbox.api.errors import (
    DownloadError,
    InsecureUrlError,
    StorageUnreachableError,
    TlsError,
)
from scaninbox.api.limits import NetworkLimits
from scaninbox.api.results import DownloadResult
from scaninbox.api.retry import RetryPolicy, parse_retry_after
from scaninbox.api.transport import transport_error
from scaninbox.api.urls import check_storage_url
from scaninbox.api.wire import SignedFileLink
from scaninbox.language import os_reason, translate

__all__ = ["ProgressCallback", "download_file"]

ProgressCallback = Callable[[int, int | None], None]
_log = logging.getLogger(__name__)
_EXPIRY_MARGIN = timedelta(seconds=5)
_MAX_LINK_REFRESHES = 3
_MAX_REDIRECTS = 5
_CONTENT_RANGE = re.compile(r"bytes\s+(\d+)-(\d+)/(\d+|\*)")
_CREDENTIAL_HEADERS = ("authorization", "cookie", "proxy-authorization")


class _Outcome(Enum):
    DONE = auto()
    LINK_REFUSED = auto()
    RETRY = auto()


@dataclass(slots=True)
class _Pace:
    """The deadline of one attempt: ``grace_s`` to start, then ``min_rate`` bytes/s on average.

    Moved on by every chunk, so a fast download never meets it and a trickle soon does.
    """

    grace_s: float
    min_rate: float
    timer: asyncio.Timeout | None = None
    started: float = 0.0
    received: int = 0

    def begin(self, timer: asyncio.Timeout) -> None:
        self.timer, self.started, self.received = timer, asyncio.get_running_loop().time(), 0
        self._push()

    def add(self, size: int) -> None:
        self.received += size
        self._push()

    def _push(self) -> None:
        if self.timer is not None:
            self.timer.reschedule(self.started + self.grace_s + self.received / self.min_rate)


@dataclass(slots=True)
class _Transfer:
    """The bytes written so far, their hash, and what storage promised."""

    out: IO[bytes]
    progress: ProgressCallback | None
    pace: _Pace
    done: int = 0
    total: int | None = None
    resumable: bool = False
    hasher: hashlib._Hash = field(default_factory=hashlib.sha256)
    problem: str = field(default_factory=lambda: translate("ApiError", "no answer"))
    unreachable: bool = False  # the last attempt got no answer at all (storage out of reach)
    retry_after_s: float | None = None

    def restart(self) -> None:
        self.out.seek(0)
        self.out.truncate()
        self.done, self.total, self.hasher = 0, None, hashlib.sha256()
        self._report()

    def write(self, chunk: bytes) -> None:
        self.pace.add(len(chunk))
        self.out.write(chunk)
        self.hasher.update(chunk)
        self.done += len(chunk)
        self._report()

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total)


async def download_file(
    http: httpx.AsyncClient,
    get_link: Callable[[], Awaitable[SignedFileLink]],
    dest: Path,
    *,
    retry: RetryPolicy,
    limits: NetworkLimits | None = None,
    progress: ProgressCallback | None = None,
    name: str | None = None,
    where: str | None = None,
) -> DownloadResult:
    """Download the file ``get_link`` points to as ``dest`` (whose folder must exist).

    An existing ``dest`` is never replaced: the file is then saved under a numbered name, which
    the result's ``path`` gives. Messages call the file ``name`` (default: ``dest``'s name) and
    the place ``where`` (default: ``dest``'s folder); a download into a scratch file names the
    scan it is and where it is kept, never the scratch file.
    """
    dest = Path(dest)
    name = name or dest.name
    where = where or str(dest.parent)
    limits = limits or NetworkLimits()
    try:
        fd, temp = new_part_file(dest.parent, dest.name)
    except OSError as exc:
        raise _disk_error(exc, name, where) from None
    finished = False
    try:
        with os.fdopen(fd, "wb") as out:
            pace = _Pace(limits.download_grace_s, limits.download_min_bytes_per_s)
            transfer = _Transfer(out, progress, pace)
            job = _Download(http, get_link, retry, limits, name)
            await job.run(transfer)
            out.flush()
            # fsync of a large scan can take a while on a slow disk: not on the event loop,
            # which is the GUI thread in the desktop app.
            await asyncio.to_thread(os.fsync, out.fileno())
            digest = transfer.hasher.hexdigest()
            placed = await asyncio.to_thread(
                functools.partial(place_file, temp, dest.parent, dest.name, sha256=digest)
            )
        finished = True
        await asyncio.to_thread(_fsync_folder, dest.parent)
    except OSError as exc:
        raise _disk_error(exc, name, where) from None
    finally:
        if not finished:
            temp.unlink(missing_ok=True)
    _log.info("downloaded %s (%d bytes)", placed.name, transfer.done)
    return DownloadResult(placed, transfer.done, transfer.hasher.hexdigest())


@dataclass(frozen=True, slots=True)
class _Download:
    """One file's way from storage: links, redirects, retries. Writes into a ``_Transfer``."""

    http: httpx.AsyncClient
    get_link: Callable[[], Awaitable[SignedFileLink]]
    retry: RetryPolicy
    limits: NetworkLimits
    name: str

    async def run(self, transfer: _Transfer) -> None:
        link = await self.get_link()
        refreshes = 0
        if _expired(link):
            # Asked once more; a fresh link that still looks expired means this computer's clock
            # is off, and storage is the judge then.
            link, refreshes = await self.get_link(), 1
        failures = 0
        while True:
            outcome = await self._paced_attempt(link.url, transfer)
            if outcome is _Outcome.DONE:
                return
            if outcome is _Outcome.LINK_REFUSED:
                refreshes += 1
                if refreshes > _MAX_LINK_REFRESHES:
                    raise DownloadError(
                        translate(
                            "ApiError",
                            "File storage kept refusing the download link for {name} (it expired "
                            "again and again); check this computer's clock and try again",
                        ).format(name=repr(self.name))
                    )
                link = await self.get_link()
                continue
            failures += 1
            if failures >= self.retry.attempts:
                message = translate(
                    "ApiError",
                    "Downloading {name} failed after %n attempt(s): {problem}",
                    None,
                    failures,
                ).format(name=repr(self.name), problem=transfer.problem)
                # Storage out of reach is the network's doing: told apart so the caller can
                # treat it as being offline (and stop asking for the next files).
                if transfer.unreachable:
                    raise StorageUnreachableError(message)
                raise DownloadError(message)
            _log.info("download of %s: %s; trying again", self.name, transfer.problem)
            await self.retry.wait(failures, transfer.retry_after_s)

    async def _paced_attempt(self, url: str, transfer: _Transfer) -> _Outcome:
        try:
            async with asyncio.timeout(None) as timer:
                transfer.pace.begin(timer)
                return await self._attempt(url, transfer)
        except TimeoutError:
            pace = self.limits.download_min_bytes_per_s
            raise DownloadError(
                translate(
                    "ApiError",
                    "File storage sent {name} too slowly (less than {size} a second after the "
                    "first {seconds} seconds); the download was stopped",
                ).format(
                    name=repr(self.name),
                    size=size_text(pace),
                    seconds=f"{self.limits.download_grace_s:g}",
                )
            ) from None

    async def _attempt(self, url: str, transfer: _Transfer) -> _Outcome:
        headers = {"Accept-Encoding": "identity"}
        if transfer.done and transfer.resumable:
            headers["Range"] = f"bytes={transfer.done}-"
        elif transfer.done:
            transfer.restart()
        transfer.retry_after_s, transfer.unreachable = None, False
        for _ in range(_MAX_REDIRECTS + 1):
            try:
                request = self.http.build_request("GET", check_storage_url(url), headers=headers)
            except (InsecureUrlError, httpx.InvalidURL) as exc:
                raise DownloadError(
                    translate("ApiError", "File storage cannot send {name}: {problem}").format(
                        name=repr(self.name), problem=_url_problem(exc)
                    )
                ) from None
            for header in _CREDENTIAL_HEADERS:
                request.headers.pop(header, None)
            try:
                response = await self.http.send(request, stream=True)
            except httpx.InvalidURL:  # httpx reads a redirect's address before handing it back
                raise _unusable_redirect(self.name) from None
            except httpx.TransportError as exc:
                error = transport_error(exc, translate("ApiWhat", "file storage"))
                if isinstance(error, TlsError):
                    raise error from None
                transfer.problem = translate(
                    "ApiError", "file storage could not be reached ({reason})"
                ).format(reason=type(exc).__name__)
                transfer.unreachable = True
                return _Outcome.RETRY
            try:
                location = response.headers.get("location")
                if response.is_redirect and location:
                    url = _redirect_target(response, location, self.name)
                    continue
                outcome = self._judge_status(response, transfer)
                return outcome or await self._receive(response, transfer)
            finally:
                await response.aclose()
        raise DownloadError(
            translate(
                "ApiError", "File storage redirected the download of {name} too often"
            ).format(name=repr(self.name))
        )

    def _judge_status(self, response: httpx.Response, transfer: _Transfer) -> _Outcome | None:
        """The outcome an unusable answer leads to; None when the body should be read."""
        status = response.status_code
        if status in (200, 206):
            return None
        if status in (401, 403):
            transfer.problem = translate(
                "ApiError", "file storage refused the link (HTTP {status})"
            ).format(status=status)
            return _Outcome.LINK_REFUSED
        if status in (404, 410):
            raise DownloadError(
                translate("ApiError", "File storage no longer has {name}").format(
                    name=repr(self.name)
                )
            )
        if status == 416:
            transfer.resumable = False
            transfer.restart()
            transfer.problem = translate("ApiError", "file storage could not resume the download")
            return _Outcome.RETRY
        if status == 429 or status >= 500:
            transfer.problem = translate(
                "ApiError", "file storage is not available (HTTP {status})"
            ).format(status=status)
            transfer.retry_after_s = parse_retry_after(response.headers.get("retry-after"))
            return _Outcome.RETRY
        raise DownloadError(
            translate("ApiError", "File storage refused to send {name} (HTTP {status})").format(
                name=repr(self.name), status=status
            )
        )

    async def _receive(self, response: httpx.Response, transfer: _Transfer) -> _Outcome:
        if not _start_body(response, transfer):
            transfer.problem = translate(
                "ApiError", "file storage sent a different part of the file than asked for"
            )
            return _Outcome.RETRY
        limit = transfer.total if transfer.total is not None else self.limits.max_download_bytes
        if limit > self.limits.max_download_bytes:
            raise DownloadError(
                translate(
                    "ApiError",
                    "File storage announces {name} as {size}, more than the {limit} this "
                    "program accepts for one file",
                ).format(
                    name=repr(self.name),
                    size=size_text(limit),
                    limit=size_text(self.limits.max_download_bytes),
                )
            )
        decoded = 0
        try:
            # Decoded bytes: with "Accept-Encoding: identity" they are the raw bytes; a storage
            # that compresses anyway still yields the file itself (its length is then not
            # checked, but its inflation and the ceiling are).
            async for chunk in response.aiter_bytes():
                decoded += len(chunk)
                if transfer.done + len(chunk) > limit:
                    raise DownloadError(self._too_much(transfer, limit))
                if inflated_too_much(decoded, response.num_bytes_downloaded, self.limits):
                    raise DownloadError(
                        translate(
                            "ApiError",
                            "File storage sent {name} compressed so that it grows more than "
                            "{times} times; it was refused as a possible decompression bomb",
                        ).format(name=repr(self.name), times=self.limits.max_inflation)
                    )
                transfer.write(chunk)
        except httpx.DecodingError:
            raise DownloadError(
                translate(
                    "ApiError",
                    "File storage sent {name} compressed in a way that cannot be decompressed",
                ).format(name=repr(self.name))
            ) from None
        except httpx.TransportError:
            transfer.problem = _short_problem(transfer)
            return _Outcome.RETRY
        return _check_length(transfer)

    def _too_much(self, transfer: _Transfer, limit: int) -> str:
        if transfer.total is not None:
            return translate(
                "ApiError",
                "File storage sent more of {name} than the {total} bytes it announced; the "
                "download was stopped",
            ).format(name=repr(self.name), total=transfer.total)
        return translate(
            "ApiError",
            "File storage sent more than {size} of {name} without saying how large it is; the "
            "download was stopped",
        ).format(name=repr(self.name), size=size_text(limit))


def _check_length(transfer: _Transfer) -> _Outcome:
    if transfer.total is not None and transfer.done != transfer.total:
        transfer.problem = _short_problem(transfer)
        if transfer.done > transfer.total:
            transfer.resumable = False
        return _Outcome.RETRY
    return _Outcome.DONE


def _start_body(response: httpx.Response, transfer: _Transfer) -> bool:
    """Position the transfer for this answer; False when a partial answer does not fit."""
    headers = response.headers
    encoded = headers.get("content-encoding", "identity").lower() not in ("", "identity")
    length = _int_header(headers.get("content-length"))
    if response.status_code == 206:
        match = _CONTENT_RANGE.fullmatch(headers.get("content-range", "").strip())
        if match is None or int(match[1]) != transfer.done:
            transfer.resumable = False
            transfer.restart()
            return False
        transfer.total = int(match[3]) if match[3] != "*" else None
        if transfer.total is None and length is not None:
            transfer.total = transfer.done + length
        return True
    if transfer.done:
        transfer.restart()  # storage ignored the range and sends the whole file
    transfer.resumable = headers.get("accept-ranges", "").strip().lower() == "bytes" and not encoded
    transfer.total = None if encoded else length
    return True


def _redirect_target(response: httpx.Response, location: str, name: str) -> str:
    try:
        return str(response.url.join(location))
    except (httpx.InvalidURL, ValueError):
        raise _unusable_redirect(name) from None


def _unusable_redirect(name: str) -> DownloadError:
    return DownloadError(
        translate(
            "ApiError", "File storage redirected the download of {name} to an unusable address"
        ).format(name=repr(name))
    )


def _url_problem(exc: Exception) -> str:
    if isinstance(exc, InsecureUrlError):
        return str(exc).rstrip(".")
    return translate("ApiError", "its address is not a usable web address")


def _short_problem(transfer: _Transfer) -> str:
    if transfer.total is not None:
        return translate("ApiError", "the connection was cut after {done} of {total} bytes").format(
            done=transfer.done, total=transfer.total
        )
    return translate("ApiError", "the connection was cut after {done} bytes").format(
        done=transfer.done
    )


def _int_header(value: str | None) -> int | None:
    return int(value) if value is not None and value.strip().isdigit() else None


def _expired(link: SignedFileLink) -> bool:
    return link.expires_at <= datetime.now(UTC) + _EXPIRY_MARGIN


def _fsync_folder(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk (POSIX); Windows has no
    # folder handles to sync.
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:  # the file is complete and in place; durability is best effort here
        _log.debug("could not sync folder %s", folder)


def _disk_error(exc: OSError, name: str, where: str) -> DownloadError:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return DownloadError(
            translate(
                "ApiError", "There is not enough disk space to save {name} in {where}"
            ).format(name=repr(name), where=where),
            disk_full=True,
        )
    reason = os_reason(exc)
    return DownloadError(
        translate("ApiError", "{name} could not be saved in {where}: {reason}").format(
            name=repr(name), where=where, reason=reason
        ),
        local=True,
    )
