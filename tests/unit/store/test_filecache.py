"""The file cache: content-addressed and verified, damaged copies are discarded, least recently
used files go first, pinned cases never go, and crash leftovers are tidied on open."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.domain import CaseRef, FileKind
from scaninbox.store.case_store import CaseStore
from scaninbox.store.derive import FileSpec
from scaninbox.store.errors import NotCachedError, StoreError
from scaninbox.store.filecache import FileCache
from scaninbox.store.scratch import ScratchDir, remove_abandoned
from scaninbox.store.writer import StoreWriter


def _ref(index: int) -> CaseRef:
    return CaseRef.guid(f"00000000-0000-4000-8000-{index:012d}")


def _upper(index: int) -> FileSpec:
    return FileSpec(FileKind.SCAN, f"upper {index}.stl", "stl")


def _lower(index: int) -> FileSpec:
    return FileSpec(FileKind.SCAN, f"lower {index}.stl", "stl")


@pytest.fixture
def cache(store: CaseStore) -> Iterator[FileCache]:
    sync_pages(store, [wire_case(i) for i in range(4)])
    with FileCache.open(store, limit_bytes=10_000) as opened:
        yield opened


def _put(cache: FileCache, index: int, spec: FileSpec, content: bytes) -> Path:
    temp = cache.scratch_path()
    temp.write_bytes(content)
    return cache.add(_ref(index), spec, temp, size_bytes=len(content))


def test_a_file_is_stored_under_its_hash_and_recorded(cache: FileCache) -> None:
    content = b"solid upper\n" * 100
    path = _put(cache, 1, _upper(1), content)
    sha = hashlib.sha256(content).hexdigest()
    assert path == cache.blobs_dir / sha[:2] / sha
    assert path.read_bytes() == content
    assert cache.cached_path(_ref(1), _upper(1)) == path
    cache.flush_opened()  # the use is noted in memory; the engine's writer thread writes it
    stored = cache.store.case(_ref(1))
    assert stored is not None
    [upper] = [f for f in stored.files if f.spec == _upper(1)]
    assert upper.cached
    assert upper.size_bytes == len(content)
    assert upper.sha256 == sha
    assert upper.last_opened_at is not None
    row = cache.store.row(_ref(1))
    assert row is not None
    assert row.cached_count == 1
    assert not row.fully_cached
    assert list((cache.folder / "tmp").rglob("*.download")) == []
    for folder in (cache.folder, cache.blobs_dir, path.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_a_download_that_does_not_match_what_was_reported_is_refused(cache: FileCache) -> None:
    temp = cache.scratch_path()
    temp.write_bytes(b"abc")
    with pytest.raises(StoreError, match="damaged on the way"):
        cache.add(_ref(1), _upper(1), temp, size_bytes=4)
    temp2 = cache.scratch_path()
    temp2.write_bytes(b"abc")
    with pytest.raises(StoreError, match="damaged on the way"):
        cache.add(_ref(1), _upper(1), temp2, sha256="0" * 64)
    assert not temp.exists()
    assert not temp2.exists()
    assert cache.cached_path(_ref(1), _upper(1)) is None
    assert cache.usage().blob_count == 0


def test_a_damaged_cached_file_is_discarded_so_it_is_fetched_again(cache: FileCache) -> None:
    path = _put(cache, 1, _upper(1), b"A" * 1000)
    _put(cache, 2, _upper(2), b"A" * 1000)  # same content, shared blob
    with path.open("r+b") as handle:  # same size, different bytes: only the hash can tell
        handle.write(b"B")
    assert cache.cached_path(_ref(1), _upper(1), verify=False) == path
    assert cache.cached_path(_ref(1), _upper(1)) is None
    assert not path.exists()
    assert cache.cached_path(_ref(2), _upper(2)) is None  # the shared blob was the bad one
    with pytest.raises(NotCachedError, match="not available offline"):
        cache.require(_ref(1), _upper(1))
    again = _put(cache, 1, _upper(1), b"A" * 1000)
    assert cache.cached_path(_ref(1), _upper(1)) == again


def test_a_truncated_or_missing_blob_is_noticed_even_without_hashing(cache: FileCache) -> None:
    path = _put(cache, 1, _upper(1), b"x" * 500)
    path.write_bytes(b"x" * 200)
    assert cache.cached_path(_ref(1), _upper(1), verify=False) is None
    path = _put(cache, 1, _upper(1), b"y" * 500)
    path.unlink()
    assert cache.cached_path(_ref(1), _upper(1), verify=False) is None


def _age(cache: FileCache, index: int, spec: FileSpec, seconds_ago: float) -> None:
    with cache.store.transaction() as tx:
        tx.execute(
            "UPDATE files SET fetched_at = ?, last_opened_at = NULL WHERE name = ?",
            (time.time() - seconds_ago, spec.name),
        )


def test_least_recently_used_files_go_first_and_pinned_cases_never(cache: FileCache) -> None:
    cache.store.set_pinned(_ref(0), True)
    _put(cache, 0, _upper(0), b"0" * 3000)  # pinned, and the oldest
    _put(cache, 1, _upper(1), b"1" * 3000)
    _put(cache, 2, _upper(2), b"2" * 3000)
    _age(cache, 0, _upper(0), 400)
    _age(cache, 1, _upper(1), 300)
    _age(cache, 2, _upper(2), 200)
    assert cache.cached_path(_ref(1), _upper(1)) is not None  # opened: now the freshest
    _put(cache, 3, _upper(3), b"3" * 3000)  # 12,000 bytes > 10,000: one must go
    usage = cache.usage()
    assert usage.total_bytes == cache.stored_bytes() == 9000 <= cache.limit_bytes
    assert cache.cached_path(_ref(2), _upper(2)) is None  # least recently used
    assert cache.cached_path(_ref(0), _upper(0)) is not None  # pinned: kept although oldest
    assert cache.cached_path(_ref(1), _upper(1)) is not None
    assert cache.cached_path(_ref(3), _upper(3)) is not None
    assert usage.pinned_bytes == 3000


def test_pinned_cases_are_kept_even_over_the_limit(cache: FileCache) -> None:
    cache.store.set_pinned(_ref(0), True)
    _put(cache, 0, _upper(0), b"a" * 6000)
    _put(cache, 0, _lower(0), b"b" * 6000)
    report = cache.evict()
    assert (report.files_removed, report.over_limit_bytes) == (0, 2000)
    assert cache.cached_path(_ref(0), _upper(0)) is not None
    assert cache.cached_path(_ref(0), _lower(0)) is not None


def test_a_file_bigger_than_the_limit_is_still_handed_out(cache: FileCache) -> None:
    path = _put(cache, 1, _upper(1), b"z" * 20_000)
    assert path.exists()
    assert cache.evict(limit_bytes=0).files_removed == 1
    assert not path.exists()


def test_files_of_cases_that_left_the_list_are_forgotten_unless_pinned(cache: FileCache) -> None:
    cache.store.set_pinned(_ref(3), True)
    gone = _put(cache, 2, _upper(2), b"two" * 10)
    kept = _put(cache, 3, _upper(3), b"three" * 10)
    sync_pages(cache.store, [wire_case(0), wire_case(1)])  # 2 and 3 left the list
    cache.collect_garbage()
    assert not gone.exists()
    assert kept.exists()
    assert cache.cached_path(_ref(3), _upper(3)) == kept


def test_opening_removes_orphan_blobs_and_abandoned_downloads(store: CaseStore) -> None:
    sync_pages(store, [wire_case(1)])
    with FileCache.open(store) as cache:
        kept = _put(cache, 1, _upper(1), b"kept")
        old_orphan = cache.blob_path("ab" + "0" * 62)
        new_orphan = cache.blob_path("ab" + "1" * 62)
        for orphan in (old_orphan, new_orphan):
            orphan.parent.mkdir(exist_ok=True)
            orphan.write_bytes(b"renamed into place, then the process died")
        os.utime(old_orphan, (time.time() - 3600, time.time() - 3600))
        abandoned = cache.folder / "tmp" / "99999-dead"
        abandoned.mkdir(parents=True)
        (abandoned / "x.download").write_bytes(b"partial")
    with FileCache.open(store) as cache:
        assert kept.exists()
        assert not old_orphan.exists()
        assert new_orphan.exists()  # may belong to another process about to record it
        assert not abandoned.exists()


def test_scratch_folders_of_living_processes_are_left_alone(tmp_path: Path) -> None:
    root = tmp_path / "tmp"
    mine = ScratchDir(root)
    command = [
        sys.executable, "-c",
        "import sys; from pathlib import Path; from scaninbox.store.scratch import ScratchDir; "
        "s = ScratchDir(Path(sys.argv[1])); print(s.path, flush=True); sys.stdin.read()",
        str(root),
    ]  # fmt: skip
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as child:
        try:
            assert child.stdout is not None
            theirs = Path(child.stdout.readline().strip())
            assert theirs.is_dir()
            assert remove_abandoned(root) == 0
            assert mine.path.is_dir()
            assert theirs.is_dir()
            child.kill()  # SIGKILL: the OS releases its lock
            child.wait(timeout=30)
            assert remove_abandoned(root) == 1
            assert not theirs.exists()
            assert mine.path.is_dir()
        finally:
            child.kill()
            mine.close()
    assert not mine.path.exists()


def _last_opened(cache: FileCache, index: int, spec: FileSpec) -> object:
    stored = cache.store.case(_ref(index))
    assert stored is not None
    return next(f.last_opened_at for f in stored.files if f.spec == spec)


class BlockedWriter:
    """A store writer whose thread waits for ``release()`` before its first job."""

    def __init__(self) -> None:
        self.writer = StoreWriter()
        self._gate = threading.Event()
        self.writer.submit(self._gate.wait, 30)

    def release(self) -> None:
        self._gate.set()

    def drain(self) -> None:
        """Until every job queued so far has run (the thread runs them in order)."""
        done = threading.Event()
        self.writer.submit(done.set)
        assert done.wait(10)


@pytest.fixture
def blocked_writer(cache: FileCache) -> Iterator[BlockedWriter]:
    blocked = BlockedWriter()
    cache.attach_writer(blocked.writer)
    yield blocked
    blocked.release()
    cache.attach_writer(None)
    blocked.writer.close()


def test_opening_a_cached_file_writes_nothing_on_the_calling_thread(
    cache: FileCache, blocked_writer: BlockedWriter
) -> None:
    _put(cache, 1, _upper(1), b"1" * 300)
    _put(cache, 1, _lower(1), b"2" * 300)
    before = cache.store.query("PRAGMA data_version")  # this thread's reader: sees commits
    for _ in range(50):
        assert cache.cached_path(_ref(1), _upper(1), verify=False) is not None
        assert cache.cached_path(_ref(1), _lower(1), verify=False) is not None
    assert cache.store.query("PRAGMA data_version") == before  # nothing was committed
    assert _last_opened(cache, 1, _upper(1)) is None
    blocked_writer.release()  # the writer's thread writes the marks, in one go
    blocked_writer.drain()
    assert _last_opened(cache, 1, _upper(1)) is not None
    assert _last_opened(cache, 1, _lower(1)) is not None


def test_eviction_follows_uses_not_yet_written(
    cache: FileCache, blocked_writer: BlockedWriter
) -> None:
    for index in (1, 2):
        _put(cache, index, _upper(index), str(index).encode() * 4000)
    _age(cache, 1, _upper(1), 300)
    _age(cache, 2, _upper(2), 200)
    assert cache.cached_path(_ref(1), _upper(1)) is not None  # the oldest is used: noted only
    assert _last_opened(cache, 1, _upper(1)) is None
    _put(cache, 3, _upper(3), b"3" * 4000)  # 12,000 bytes > 10,000: one must go
    assert cache.cached_path(_ref(2), _upper(2)) is None  # least recently used
    assert cache.cached_path(_ref(1), _upper(1)) is not None
    assert cache.cached_path(_ref(3), _upper(3)) is not None
