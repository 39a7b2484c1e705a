"""The object-storage side: serving a file behind a signed link, like S3's query-string auth.

Order of checks: an ``Authorization`` header → 400 (one auth mechanism only, so a client that
leaks its bearer token to storage fails loudly); a missing, tampered or expired signature →
403; a file that no longer exists → 404 (errors as S3-like XML, see ``problems``). Then the
file is streamed from disk with Content-Length, Content-Type, ``Accept-Ranges: bytes`` and an
ETag; one ``Range: bytes=a-b`` / ``a-`` / ``-n`` gives 206 with Content-Range, an unsatisfiable
one 416, anything else (several ranges, other units, bad syntax) is ignored (200).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from scaninbox.sandbox.problems import storage_error

__all__ = ["serve_storage"]

_CHUNK_BYTES = 1 << 20
_RANGE = re.compile(r"bytes=([0-9]*)-([0-9]*)")


async def serve_storage(
    request: Request,
    *,
    signature_problem: str | None,
    media_type: str | None,
    locate: Callable[[], Awaitable[Path]],
    take_truncation: Callable[[], float | None],
) -> Response:
    resource = request.url.path
    if "authorization" in request.headers:
        return storage_error(
            400,
            "InvalidArgument",
            "Only one auth mechanism allowed; the signed URL and an Authorization header "
            "were both given.",
            resource,
        )
    if signature_problem is not None:
        return storage_error(403, "AccessDenied", signature_problem, resource)
    if media_type is None:
        return storage_error(404, "NoSuchKey", "The specified key does not exist.", resource)
    path = await locate()
    size = path.stat().st_size
    headers = {"Accept-Ranges": "bytes", "ETag": f'"{path.stem}"', "Content-Type": media_type}
    try:
        wanted = _parse_range(request.headers.get("range"), size)
    except _UnsatisfiableRangeError:
        return Response(
            status_code=416,
            headers={"Content-Range": f"bytes */{size}", "Accept-Ranges": "bytes"},
        )
    if wanted is None:
        return _FileStream(path, (0, size), 200, headers, take_truncation)
    start, stop = wanted
    headers["Content-Range"] = f"bytes {start}-{stop - 1}/{size}"
    return _FileStream(path, (start, stop), 206, headers, take_truncation)


class _UnsatisfiableRangeError(Exception):
    pass


def _parse_range(header: str | None, size: int) -> tuple[int, int] | None:
    """(start, stop) of one satisfiable byte range, or None for the whole file."""
    if not header:
        return None
    match = _RANGE.fullmatch(header.strip())
    if match is None:
        return None
    first, last = match.groups()
    if not first:  # suffix range: the last n bytes ("bytes=-" alone is ignored)
        count = int(last) if last else -1
        if count < 0:
            return None
        if count == 0 or size == 0:
            raise _UnsatisfiableRangeError
        return max(0, size - count), size
    start = int(first)
    if last and int(last) < start:
        return None  # syntactically invalid: ignore the header
    stop = int(last) + 1 if last else size
    if start >= size:
        raise _UnsatisfiableRangeError
    return start, min(stop, size)


class _FileStream(Response):
    """Streams ``path[start:stop]`` from disk; may stop early when a truncation is planned."""

    def __init__(
        self,
        path: Path,
        span: tuple[int, int],
        status: int,
        headers: dict[str, str],
        take_truncation: Callable[[], float | None],
    ) -> None:
        start, stop = span
        super().__init__(
            status_code=status, headers={**headers, "Content-Length": str(stop - start)}
        )
        self._path, self._start, self._stop = path, start, stop
        self._take_truncation = take_truncation

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send(
            {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
        )
        if scope["method"] == "HEAD":
            await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        length = self._stop - self._start
        fraction = self._take_truncation()
        budget = length if fraction is None else int(length * fraction)
        with self._path.open("rb") as stream:
            stream.seek(self._start)
            while budget > 0:
                chunk = await run_in_threadpool(stream.read, min(_CHUNK_BYTES, budget))
                if not chunk:
                    break
                budget -= len(chunk)
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        if fraction is not None:
            # Returning now leaves the response incomplete: the server closes the connection
            # after the bytes sent so far, short of the announced Content-Length.
            return
        await send({"type": "http.response.body", "body": b"", "more_body": False})
