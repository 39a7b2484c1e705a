"""A real CaseFileProvider over a local folder, for the case pane's tests.

``server_dir`` plays the service's storage (files by name); "downloads" copy them in chunks into
``cache_dir`` under extension-less names, as the store's content-addressed cache does. A test can
make a file unavailable offline, make it fail with a message, serve damaged bytes, or hold a
download so that each chunk waits for the test to call :meth:`FolderProvider.step` — progress in
steps without sleeping.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from scaninbox.domain import CaseRef, FileKind
from scaninbox.qt.files import FileUnavailableError, ProgressCallback


@dataclass
class _Gate:
    """Lets one chunk through per ``set()``."""

    event: asyncio.Event = field(default_factory=asyncio.Event)


class FolderProvider:
    def __init__(self, server_dir: Path, cache_dir: Path, *, chunk_size_bytes: int = 64_000):
        self.server_dir = server_dir
        self.cache_dir = cache_dir
        cache_dir.mkdir(parents=True, exist_ok=True)
        self.chunk_size_bytes = chunk_size_bytes
        self.offline = False
        self.unavailable_headline: str | None = None  # e.g. storage out of reach, not offline
        self.unavailable: set[str] = set()
        self.failures: dict[str, str] = {}  # filename -> message of the next fetch's failure
        self.damaged: set[str] = set()  # filename -> serve garbage instead of the file
        # Downloads that finish even when cancelled, as a provider that ignores cancellation would.
        self.stubborn: set[str] = set()
        self.fetches: list[tuple[str, str, FileKind, str | None]] = []  # ref, name, kind, type
        self.cancelled: list[str] = []
        self.completed: list[str] = []
        self._gates: dict[str, _Gate] = {}

    # ------------------------------------------------------------------ test controls
    def hold(self, filename: str) -> None:
        """From now on each chunk of ``filename`` waits for :meth:`step`."""
        self._gates[filename] = _Gate()

    def step(self, filename: str) -> None:
        self._gates[filename].event.set()

    def release(self, filename: str) -> None:
        """Stop holding: the download runs to its end."""
        gate = self._gates.pop(filename, None)
        if gate is not None:
            gate.event.set()

    def cache_file(self, filename: str) -> Path:
        """Put ``filename`` into the cache as if it had been downloaded before."""
        target = self._cache_path(filename)
        target.write_bytes((self.server_dir / filename).read_bytes())
        return target

    def fetched_names(self) -> list[str]:
        return [name for _, name, *_ in self.fetches]

    # ------------------------------------------------------------------ the protocol
    def cached_path(
        self, ref: CaseRef, kind: FileKind, filename: str, file_type: str | None
    ) -> Path | None:
        path = self._cache_path(filename)
        return path if path.is_file() else None

    async def fetch(
        self,
        ref: CaseRef,
        kind: FileKind,
        filename: str,
        file_type: str | None,
        progress: ProgressCallback,
    ) -> Path:
        self.fetches.append((ref.value, filename, kind, file_type))
        if self.offline or filename in self.unavailable:
            if self.unavailable_headline is not None:
                raise FileUnavailableError(
                    f"{filename} cannot be had now", headline=self.unavailable_headline
                )
            raise FileUnavailableError(f"{filename} is not available offline")
        message = self.failures.pop(filename, None)
        if message is not None:
            raise RuntimeError(message)
        source = self.server_dir / filename
        if not source.is_file():
            raise RuntimeError(f"The server has no file named {filename}")
        data = source.read_bytes()
        if filename in self.damaged:
            data = hashlib.sha256(data).digest() * 8
        target = self._cache_path(filename)
        part = target.with_name(target.name + ".part")
        try:
            with part.open("wb") as out:
                progress(0, len(data))
                for start in range(0, len(data), self.chunk_size_bytes):
                    await self._next_chunk(filename)
                    out.write(data[start : start + self.chunk_size_bytes])
                    progress(min(len(data), start + self.chunk_size_bytes), len(data))
            part.replace(target)
        except asyncio.CancelledError:
            self.cancelled.append(filename)
            raise
        finally:
            part.unlink(missing_ok=True)
        self.completed.append(filename)
        return target

    async def _next_chunk(self, filename: str) -> None:
        while True:
            try:
                gate = self._gates.get(filename)
                if gate is None:
                    await asyncio.sleep(0)  # yield to the loop, as a network read would
                    return
                await gate.event.wait()
                gate.event.clear()
                return
            except asyncio.CancelledError:
                if filename not in self.stubborn:
                    raise
                self.cancelled.append(f"{filename} (ignored)")

    def _cache_path(self, filename: str) -> Path:
        return self.cache_dir / hashlib.sha256(filename.encode()).hexdigest()[:24]
