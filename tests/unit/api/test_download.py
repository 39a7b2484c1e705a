"""Downloads from signed URLs against scripted storage: expiry, cuts, redirects, disk faults."""

from __future__ import annotations

import asyncio
import errno
import hashlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from tests.unit.api.conftest import TOKEN, Harness

from scaninbox.api import errors
from scaninbox.api.wire import SignedFileLink

pytestmark = pytest.mark.anyio

BODY = bytes(range(256)) * 40  # 10 KiB
STORAGE = "https://storage.example.test/bucket/scan%20upper.stl"


class LinkSource:
    """``get_link`` for the client: hands out numbered links, optionally already expired."""

    def __init__(self, *, expired_first: int = 0, url: str = STORAGE) -> None:
        self.calls = 0
        self.expired_first = expired_first
        self.url = url

    async def __call__(self) -> SignedFileLink:
        self.calls += 1
        offset = timedelta(minutes=-1 if self.calls <= self.expired_first else 15)
        return SignedFileLink(
            url=f"{self.url}?expires=1&sig=s{self.calls}",
            filename="scan upper.stl",
            expires_at=datetime.now(UTC) + offset,
        )


class CutStream(httpx.AsyncByteStream):
    """A body that stops with a read error after ``cut`` bytes."""

    def __init__(self, data: bytes, cut: int) -> None:
        self.data, self.cut = data, cut

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield self.data[: self.cut]
        raise httpx.ReadError("connection reset by peer")


def storage_refuses_credentials(request: httpx.Request) -> httpx.Response | None:
    if "authorization" in request.headers or "cookie" in request.headers:
        return httpx.Response(400, text="Only one auth mechanism allowed")
    return None


def ranged(request: httpx.Request, *, accept_ranges: bool = True) -> httpx.Response:
    headers = {"Accept-Ranges": "bytes"} if accept_ranges else {}
    range_header = request.headers.get("range")
    if range_header and accept_ranges:
        start = int(range_header.removeprefix("bytes=").rstrip("-"))
        return httpx.Response(
            206,
            content=BODY[start:],
            headers={**headers, "Content-Range": f"bytes {start}-{len(BODY) - 1}/{len(BODY)}"},
        )
    return httpx.Response(200, content=BODY, headers=headers)


def names_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def signed_in(h: Harness) -> Harness:
    h.client.use_session(TOKEN, datetime.now(UTC) + timedelta(hours=8))
    h.http.cookies.set("session", "cookie-that-must-not-travel", domain="storage.example.test")
    return h


async def test_download_saves_atomically_with_hash_and_no_credentials(
    harness_factory, no_stray_files: Path
) -> None:
    h = signed_in(harness_factory(lambda r: storage_refuses_credentials(r) or ranged(r)))
    seen: list[tuple[int, int | None]] = []
    dest = no_stray_files / "scan upper.stl"
    result = await h.client.download(LinkSource(), dest, progress=lambda d, t: seen.append((d, t)))
    assert dest.read_bytes() == BODY
    assert result.path == dest
    assert result.size_bytes == len(BODY)
    assert result.sha256 == hashlib.sha256(BODY).hexdigest()
    assert seen[-1] == (len(BODY), len(BODY))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    (request,) = h.requests
    assert "authorization" not in request.headers
    assert "cookie" not in request.headers
    assert request.url.params["sig"] == "s1"


async def test_link_expired_before_use_is_replaced_first(harness_factory, tmp_path: Path) -> None:
    h = signed_in(harness_factory(ranged))
    links = LinkSource(expired_first=1)
    await h.client.download(links, tmp_path / "a.stl")
    assert links.calls == 2
    assert [r.url.params["sig"] for r in h.requests] == ["s2"]


async def test_storage_403_gets_a_fresh_link(harness_factory, no_stray_files: Path) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.params["sig"] == "s1":
            return httpx.Response(403, text="<Error><Code>AccessDenied</Code></Error>")
        return ranged(request)

    h = signed_in(harness_factory(handler))
    links = LinkSource()
    result = await h.client.download(links, no_stray_files / "a.stl")
    assert links.calls == 2
    assert result.sha256 == hashlib.sha256(BODY).hexdigest()


async def test_a_link_refused_again_and_again_gives_up(harness_factory, no_stray_files) -> None:
    h = signed_in(harness_factory(lambda r: httpx.Response(403)))
    links = LinkSource()
    with pytest.raises(errors.DownloadError, match="again and again"):
        await h.client.download(links, no_stray_files / "a.stl")
    assert links.calls == 4  # the first link and three fresh ones
    assert not (no_stray_files / "a.stl").exists()


async def test_cut_body_is_resumed_with_range(harness_factory, no_stray_files: Path) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if "range" not in request.headers:
            headers = {"Accept-Ranges": "bytes", "Content-Length": str(len(BODY))}
            return httpx.Response(200, stream=CutStream(BODY, 4000), headers=headers)
        return ranged(request)

    h = signed_in(harness_factory(handler))
    result = await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert [r.headers.get("range") for r in h.requests] == [None, "bytes=4000-"]
    assert result.sha256 == hashlib.sha256(BODY).hexdigest()
    assert h.sleeps.delays == [0.5]


async def test_short_body_without_ranges_restarts(harness_factory, no_stray_files: Path) -> None:
    answers = iter(
        [
            httpx.Response(200, content=BODY[:100], headers={"Content-Length": str(len(BODY))}),
            httpx.Response(200, content=BODY),
        ]
    )
    h = signed_in(harness_factory(lambda r: next(answers)))
    result = await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert [r.headers.get("range") for r in h.requests] == [None, None]
    assert (no_stray_files / "a.stl").read_bytes() == BODY
    assert result.size_bytes == len(BODY)


async def test_range_ignored_by_storage_restarts_cleanly(harness_factory, no_stray_files) -> None:
    answers = iter(
        [
            httpx.Response(200, stream=CutStream(BODY, 999), headers={"Accept-Ranges": "bytes"}),
            httpx.Response(200, content=BODY, headers={"Accept-Ranges": "bytes"}),
        ]
    )
    h = signed_in(harness_factory(lambda r: next(answers)))
    await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert h.requests[1].headers["range"] == "bytes=999-"
    assert (no_stray_files / "a.stl").read_bytes() == BODY


async def test_wrong_partial_answer_restarts(harness_factory, no_stray_files: Path) -> None:
    answers = iter(
        [
            httpx.Response(200, stream=CutStream(BODY, 500), headers={"Accept-Ranges": "bytes"}),
            httpx.Response(
                206, content=BODY[10:], headers={"Content-Range": "bytes 10-10239/10240"}
            ),
            httpx.Response(200, content=BODY),
        ]
    )
    h = signed_in(harness_factory(lambda r: next(answers)))
    await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert [r.headers.get("range") for r in h.requests] == [None, "bytes=500-", None]
    assert (no_stray_files / "a.stl").read_bytes() == BODY


async def test_cut_every_time_fails_after_the_attempts(harness_factory, no_stray_files) -> None:
    h = signed_in(harness_factory(lambda r: httpx.Response(200, stream=CutStream(BODY, 10))))
    with pytest.raises(errors.DownloadError, match="failed after 4 attempts") as caught:
        await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert "connection was cut after 10 bytes" in str(caught.value)
    assert not isinstance(caught.value, errors.TransportError)  # storage answered, every time
    assert not (no_stray_files / "a.stl").exists()


async def test_storage_outage_is_retried(harness_factory, no_stray_files: Path) -> None:
    answers = iter([httpx.Response(503, headers={"Retry-After": "2"}), ranged])

    def handler(request: httpx.Request) -> httpx.Response:
        answer = next(answers)
        return answer if isinstance(answer, httpx.Response) else answer(request)

    h = signed_in(harness_factory(handler))
    await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert h.sleeps.delays == [2.0]


async def test_redirects_are_followed_without_credentials(harness_factory, no_stray_files) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        refused = storage_refuses_credentials(request)
        if refused:
            return refused
        if request.url.host == "storage.example.test":
            return httpx.Response(307, headers={"Location": "https://cdn.example.test/blob?sig=z"})
        return ranged(request)

    h = signed_in(harness_factory(handler))
    await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert [r.url.host for r in h.requests] == ["storage.example.test", "cdn.example.test"]
    assert all("authorization" not in r.headers for r in h.requests)


async def test_redirect_to_plain_http_elsewhere_is_refused(harness_factory, no_stray_files) -> None:
    h = signed_in(
        harness_factory(lambda r: httpx.Response(302, headers={"Location": "http://evil.test/x"}))
    )
    with pytest.raises(errors.DownloadError, match="not encrypted"):
        await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert len(h.requests) == 1


async def test_plain_http_storage_is_refused_unless_loopback(harness_factory, tmp_path) -> None:
    h = signed_in(harness_factory(ranged))
    with pytest.raises(errors.DownloadError, match="not encrypted"):
        await h.client.download(LinkSource(url="http://storage.test/x"), tmp_path / "a.stl")
    assert h.requests == []
    await h.client.download(LinkSource(url="http://127.0.0.1:9/x"), tmp_path / "b.stl")
    assert (tmp_path / "b.stl").read_bytes() == BODY


async def test_missing_file_is_a_download_error(harness_factory, no_stray_files: Path) -> None:
    h = signed_in(harness_factory(lambda r: httpx.Response(404)))
    with pytest.raises(errors.DownloadError, match=r"no longer has 'a\.stl'"):
        await h.client.download(LinkSource(), no_stray_files / "a.stl")


async def test_cancelling_removes_the_partial_file(harness_factory, no_stray_files: Path) -> None:
    started = asyncio.Event()

    class Endless(httpx.AsyncByteStream):
        async def __aiter__(self) -> AsyncIterator[bytes]:
            yield BODY
            started.set()
            await asyncio.Event().wait()
            yield b""  # never reached

    h = signed_in(harness_factory(lambda r: httpx.Response(200, stream=Endless())))
    task = asyncio.create_task(h.client.download(LinkSource(), no_stray_files / "a.stl"))
    await asyncio.wait_for(started.wait(), 10)
    assert any(name.endswith(".part") for name in names_in(no_stray_files))
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert names_in(no_stray_files) == []


async def test_full_disk_is_said_plainly(harness_factory, no_stray_files, monkeypatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    # Delayed allocation reports a full disk at fsync; a real full file system is not at hand.
    monkeypatch.setattr("scaninbox.api.download.os.fsync", full)
    h = signed_in(harness_factory(ranged))
    with pytest.raises(errors.DownloadError, match="not enough disk space") as caught:
        await h.client.download(LinkSource(), no_stray_files / "a.stl")
    assert caught.value.local
    assert names_in(no_stray_files) == []


async def test_a_really_full_disk_is_said_plainly_and_leaves_nothing(
    harness_factory, full_disk: Path
) -> None:
    # A real file system with 4 KiB left: the 10 KiB scan fails while being written.
    (full_disk / "filler").write_bytes(b"\0" * (60 * 1024))
    h = signed_in(harness_factory(ranged))
    with pytest.raises(errors.DownloadError) as caught:
        await h.client.download(LinkSource(), full_disk / "a.stl")
    assert str(caught.value) == f"There is not enough disk space to save 'a.stl' in {full_disk}."
    assert caught.value.disk_full
    assert names_in(full_disk) == ["filler"]  # no part file, no half scan
