"""The file cache: downloaded case files, content-addressed, verified before every use.

Layout beside the account's database::

    files/blobs/ab/abcdef…   one file per distinct content, named by its SHA-256
    files/tmp/<pid>-<rnd>/   this process's downloads while they are being written

A file reaches the cache in a crash-safe order: the download is written to the scratch folder
(temp + fsync + rename, by the API client), re-hashed, renamed into ``blobs/`` (then the folder
is fsynced), and only then is its row recorded. So a kill at any moment leaves either no row
(an orphan blob, removed on the next open) or a row whose blob is complete. Before a cached file
is handed out its size and hash are checked again; one that fails is discarded so it is fetched
anew. Server file names never become paths: the blob name is the hash.

The cache has a size limit; least-recently-used files of cases that are not pinned are evicted
to stay under it. Pinned cases are never evicted, even when they alone exceed the limit.

Opening a cached file (`cached_path`, called on the GUI thread by the case pane and the viewer)
counts as a use but writes nothing on the calling thread (`use_marks`): the marks are written
on the store writer's thread (`attach_writer`; the sync engine attaches its own). Eviction
writes the waiting marks first, so it always sees every use; without a writer they are written
by the next eviction, `flush_opened` or `close`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from scaninbox.domain import CaseRef
from scaninbox.language import translate
from scaninbox.paths import ensure_private_dir
from scaninbox.store.blob_files import check_blob, file_sha256, fsync_dir
from scaninbox.store.case_store import CaseStore
from scaninbox.store.derive import FileSpec
from scaninbox.store.errors import NotCachedError, StoreError
from scaninbox.store.scratch import ScratchDir, remove_abandoned
from scaninbox.store.use_marks import UseMarks
from scaninbox.store.writer import StoreWriter

__all__ = ["DEFAULT_LIMIT_BYTES", "CacheUsage", "EvictionReport", "FileCache", "file_sha256"]

_log = logging.getLogger(__name__)
DEFAULT_LIMIT_BYTES = 5 * 1024**3
# A blob renamed into place by another process has its row committed within milliseconds;
# only older unreferenced blobs are orphans of a crash.
_ORPHAN_AGE_S = 60.0


@dataclass(frozen=True, slots=True)
class CacheUsage:
    total_bytes: int
    pinned_bytes: int
    blob_count: int
    file_count: int
    case_count: int
    limit_bytes: int


@dataclass(frozen=True, slots=True)
class EvictionReport:
    files_removed: int
    bytes_freed: int
    over_limit_bytes: int  # what pinned cases keep above the limit (0 when within it)


class FileCache:
    """Case files of one account. ``FileCache.open(store)``; ``close()`` when done."""

    def __init__(self, store: CaseStore, *, limit_bytes: int = DEFAULT_LIMIT_BYTES) -> None:
        self.store = store
        self.limit_bytes = limit_bytes
        self.folder = store.folder / "files"
        self.blobs_dir = self.folder / "blobs"
        self._scratch: ScratchDir | None = None
        self._uses = UseMarks(store)
        self._adding = threading.Lock()

    @classmethod
    def open(cls, store: CaseStore, *, limit_bytes: int = DEFAULT_LIMIT_BYTES) -> FileCache:
        """Open the cache and tidy what a crash may have left: scratch folders, orphan blobs."""
        cache = cls(store, limit_bytes=limit_bytes)
        ensure_private_dir(cache.folder)
        remove_abandoned(cache.folder / "tmp")
        ensure_private_dir(cache.blobs_dir)
        cache._remove_orphans()
        return cache

    def close(self) -> None:
        if len(self._uses) and not self.store.closed:
            self._uses.flush()
        if self._scratch is not None:
            self._scratch.close()
            self._scratch = None

    def __enter__(self) -> FileCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def blob_path(self, sha256: str) -> Path:
        return self.blobs_dir / sha256[:2] / sha256

    def scratch_path(self, suffix: str = ".download") -> Path:
        """Where a download may be written before ``add`` moves it into the cache."""
        if self._scratch is None:
            self._scratch = ScratchDir(self.folder / "tmp")
        return self._scratch.new_file_path(suffix)

    # ------------------------------------------------------------------ using cached files

    def cached_path(self, ref: CaseRef, spec: FileSpec, *, verify: bool = True) -> Path | None:
        """The cached copy of a file, checked (size, and hash unless ``verify`` is False).

        A copy that fails the check is discarded and None is returned, so the caller fetches it
        again. Opening a file counts as a use for eviction (recorded off this thread).
        """
        found = self._file_row(ref, spec)
        if found is None:
            return None
        file_id, size, sha = found
        path = self.blob_path(sha)
        problem = check_blob(path, size, sha if verify else None)
        if problem is not None:
            _log.warning("cached %s of case %s discarded: %s", spec, ref, problem)
            self._discard(file_id)
            return None
        self._uses.note(file_id)
        return path

    def attach_writer(self, writer: StoreWriter | None) -> None:
        """Record opened files on ``writer``'s thread from now on (None: let go of it)."""
        self._uses.attach_writer(writer)

    def flush_opened(self) -> None:
        """Write the waiting "opened" marks now, on this thread."""
        self._uses.flush()

    def require(self, ref: CaseRef, spec: FileSpec) -> Path:
        """Like ``cached_path`` but says plainly when the file is not on this computer."""
        path = self.cached_path(ref, spec)
        if path is None:
            raise NotCachedError(
                translate("StoreError", "{file} of case {ref} is not available offline.").format(
                    file=spec, ref=ref
                )
            )
        return path

    # ------------------------------------------------------------------ adding files

    def add(
        self,
        ref: CaseRef,
        spec: FileSpec,
        source: Path,
        *,
        size_bytes: int | None = None,
        sha256: str | None = None,
    ) -> Path:
        """Move a fully written file into the cache and record it; returns the cached path.

        The file is hashed again here; a size or hash different from what the download
        reported means it was damaged on the way, and it is refused (and deleted).
        """
        case_id = self.store.case_id(ref)
        if case_id is None:
            source.unlink(missing_ok=True)
            raise StoreError(
                translate("StoreError", "Case {ref} is not in the local store.").format(ref=ref)
            )
        actual_size = source.stat().st_size
        actual_sha = file_sha256(source)
        if (size_bytes is not None and size_bytes != actual_size) or (
            sha256 is not None and sha256 != actual_sha
        ):
            source.unlink(missing_ok=True)
            raise StoreError(
                translate(
                    "StoreError", "The download of {file} was damaged on the way; it was discarded."
                ).format(file=spec)
            )
        # One add at a time from here: downloads end together on worker threads, and one add's
        # clean-up (garbage, eviction) could take the file another had just placed or added
        # (a prefetch then saw an empty cache and went on to the next case).
        with self._adding:
            return self._place(spec, source, case_id=case_id, size=actual_size, sha=actual_sha)

    def _place(self, spec: FileSpec, source: Path, *, case_id: int, size: int, sha: str) -> Path:
        actual_size, actual_sha = size, sha
        target = self.blob_path(actual_sha)
        target.parent.mkdir(exist_ok=True, mode=0o700)
        if check_blob(target, actual_size, None) is None:
            source.unlink()  # the same content is already cached (another case, or a re-fetch)
        else:
            if os.name == "posix":
                source.chmod(0o600)  # patient data: owner only, whoever wrote the file
            source.replace(target)
            fsync_dir(target.parent)
        now = time.time()
        with self.store.transaction() as tx:
            tx.execute(
                "INSERT INTO blobs (sha256, size_bytes, stored_at) VALUES (?, ?, ?) "
                "ON CONFLICT (sha256) DO NOTHING",
                (actual_sha, actual_size, now),
            )
            tx.execute(
                "INSERT INTO files (case_id, kind, name, file_type, size_bytes, sha256, "
                "fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (case_id, kind, name, file_type) DO UPDATE SET "
                "size_bytes = excluded.size_bytes, sha256 = excluded.sha256, "
                "fetched_at = excluded.fetched_at",
                (case_id, spec.kind.value, spec.name, spec.file_type, actual_size, actual_sha, now),
            )
        self.collect_garbage()
        self.evict(keep_sha256=actual_sha)
        return target

    # ------------------------------------------------------------------ housekeeping

    def stored_bytes(self) -> int:
        """The bytes the cache holds: ``usage().total_bytes`` without the rest of its counting
        (a fraction of a millisecond: the prefetch asks before every case, on the event loop)."""
        return int(self.store.query("SELECT coalesce(sum(size_bytes), 0) FROM blobs")[0][0])

    def usage(self) -> CacheUsage:
        row = self.store.query("SELECT coalesce(sum(size_bytes), 0), count(*) FROM blobs")[0]
        files = self.store.query("SELECT count(*), count(DISTINCT case_id) FROM files")[0]
        pinned = self.store.query(
            "SELECT coalesce(sum(size_bytes), 0) FROM blobs WHERE sha256 IN "
            "(SELECT f.sha256 FROM files f JOIN cases c ON c.id = f.case_id WHERE c.pinned = 1)"
        )[0]
        return CacheUsage(
            total_bytes=int(row[0]),
            pinned_bytes=int(pinned[0]),
            blob_count=int(row[1]),
            file_count=int(files[0]),
            case_count=int(files[1]),
            limit_bytes=self.limit_bytes,
        )

    def evict(self, limit_bytes: int | None = None, *, keep_sha256: str = "") -> EvictionReport:
        """Forget least-recently-used files of unpinned cases until the cache fits the limit."""
        limit = self.limit_bytes if limit_bytes is None else limit_bytes
        removed = freed = 0
        doomed: list[str] = []
        with self.store.transaction() as tx:
            self._uses.write(tx)  # every use counts, also those not written yet
            total = int(tx.execute("SELECT coalesce(sum(size_bytes), 0) FROM blobs").fetchone()[0])
            candidates = tx.execute(
                "SELECT f.id, f.sha256 FROM files f JOIN cases c ON c.id = f.case_id "
                "WHERE c.pinned = 0 AND f.sha256 != ? "
                "ORDER BY coalesce(f.last_opened_at, f.fetched_at), f.id",
                (keep_sha256,),
            ).fetchall()
            for file_id, sha in candidates:
                if total <= limit:
                    break
                tx.execute("DELETE FROM files WHERE id = ?", (file_id,))
                removed += 1
                size = _drop_blob_if_unused(tx, sha)
                if size is not None:
                    total -= size
                    freed += size
                    doomed.append(sha)
        for sha in doomed:  # rows first, files second: a crash in between leaves orphans only
            self.blob_path(sha).unlink(missing_ok=True)
        return EvictionReport(removed, freed, max(0, total - limit))

    def collect_garbage(self) -> int:
        """Delete blobs no file refers to any more (e.g. of removed cases); returns bytes freed."""
        with self.store.transaction() as tx:
            rows = tx.execute(
                "SELECT sha256, size_bytes FROM blobs "
                "WHERE sha256 NOT IN (SELECT sha256 FROM files)"
            ).fetchall()
            tx.executemany("DELETE FROM blobs WHERE sha256 = ?", [(r[0],) for r in rows])
        for sha, _ in rows:
            self.blob_path(sha).unlink(missing_ok=True)
        return sum(int(r[1]) for r in rows)

    def _file_row(self, ref: CaseRef, spec: FileSpec) -> tuple[int, int, str] | None:
        found = self.store.query(
            "SELECT f.id, f.size_bytes, f.sha256 FROM files f JOIN cases c ON c.id = f.case_id "
            "WHERE c.ref = ? AND c.ref_numeric = ? AND f.kind = ? AND f.name = ? "
            "AND f.file_type = ?",
            (ref.value, int(ref.numeric), spec.kind.value, spec.name, spec.file_type),
        )
        return (int(found[0][0]), int(found[0][1]), str(found[0][2])) if found else None

    def _discard(self, file_id: int) -> None:
        # Written at once, even on the GUI thread (rare: a damaged copy): the caller fetches the
        # file again right away, and a discard queued behind that download could delete it.
        with self.store.transaction() as tx:
            found = tx.execute("SELECT sha256 FROM files WHERE id = ?", (file_id,)).fetchone()
            tx.execute("DELETE FROM files WHERE id = ?", (file_id,))
            # The blob itself is bad: every file sharing it must be fetched again too.
            if found is not None:
                tx.execute("DELETE FROM files WHERE sha256 = ?", (found[0],))
                tx.execute("DELETE FROM blobs WHERE sha256 = ?", (found[0],))
        if found is not None:
            self.blob_path(found[0]).unlink(missing_ok=True)

    def _remove_orphans(self) -> None:
        known = {r[0] for r in self.store.query("SELECT sha256 FROM blobs")}
        cutoff = time.time() - _ORPHAN_AGE_S
        for shard in self.blobs_dir.iterdir():
            for blob in shard.iterdir() if shard.is_dir() else ():
                if blob.name in known:
                    continue
                with contextlib.suppress(OSError):
                    if blob.stat().st_mtime < cutoff:
                        blob.unlink()
        self.collect_garbage()


def _drop_blob_if_unused(tx: sqlite3.Connection, sha256: str) -> int | None:
    """Delete a blob's row when no file uses it; its size, or None when it is still used."""
    if tx.execute("SELECT 1 FROM files WHERE sha256 = ? LIMIT 1", (sha256,)).fetchone():
        return None
    found = tx.execute("SELECT size_bytes FROM blobs WHERE sha256 = ?", (sha256,)).fetchone()
    tx.execute("DELETE FROM blobs WHERE sha256 = ?", (sha256,))
    return int(found[0]) if found else 0
