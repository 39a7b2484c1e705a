"""A disk with not one byte free (a tmpfs filled to its last byte), run as a user would: every
command says the disk is full in the same plain sentence as with a few bytes free, and a
`sync --with-files` that fills the disk names the scans and their cases, never a scratch file
of the program's own."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from scaninbox.sandbox import SandboxServer
from tests.store.test_full_disk import SmallDisk, small_disk

__all__ = ["small_disk"]  # the fixture, used below

FILL = 'cat /dev/zero > "$SCANINBOX_HOME/filler" 2>/dev/null; df -B1 "$SCANINBOX_HOME" >&2'


def _holding_the_store(tmp_path: Path) -> str:
    """Shell lines that start a process keeping the account's database open (as the window
    does beside the command line) and go on once it has it open."""
    ready = tmp_path / "ready"
    holder = (
        "import glob, os, sqlite3, sys, time\n"
        "path, = glob.glob(os.environ['SCANINBOX_HOME'] + '/data/accounts/*/inbox.sqlite3')\n"
        "db = sqlite3.connect(path)\n"
        "db.execute('select count(*) from sqlite_master').fetchall()\n"
        "print('open', flush=True)\n"
        "sys.stdout.close()\n"
        "time.sleep(300)\n"
    )
    return "\n".join(
        [
            f"mkfifo {shlex.quote(str(ready))}",
            f"{shlex.quote(sys.executable)} -c {shlex.quote(holder)} >{shlex.quote(str(ready))} &",
            "HOLDER=$!",
            f"read line <{shlex.quote(str(ready))}",
        ]
    )


def _full_sentence(err: str) -> None:
    assert "is full" in err, err
    assert "Nothing stored was lost" in err
    assert "Unexpected" not in err
    assert "Errno" not in err
    assert err.count("\n") == 1


def test_sync_on_a_disk_with_no_byte_free_says_the_disk_is_full(
    make_sandbox: Callable[..., SandboxServer], small_disk: SmallDisk, tmp_path: Path
) -> None:
    url = make_sandbox(cases=4).base_url
    first, sync, with_files = small_disk(
        "3000k",
        [
            ["--base-url", url, "sync"],
            _holding_the_store(tmp_path),
            FILL,
            ["--base-url", url, "sync"],
            ["--base-url", url, "sync", "--with-files"],
            "kill $HOLDER",
        ],
    )
    assert first.code == 0, first.err
    assert sync.code == 1
    _full_sentence(sync.err)
    assert with_files.code == 1
    _full_sentence(with_files.err)


def test_sync_alone_on_a_full_disk_is_not_called_a_failing_disk(
    make_sandbox: Callable[..., SandboxServer], small_disk: SmallDisk
) -> None:
    # Nobody else holds the store: SQLite cannot even size its shared memory and reports an
    # I/O error, which on a disk without a free byte is the full disk, not a broken one.
    url = make_sandbox(cases=4).base_url
    first, sync = small_disk(
        "3000k", [["--base-url", url, "sync"], FILL, ["--base-url", url, "sync"]]
    )
    assert first.code == 0, first.err
    assert sync.code == 1
    _full_sentence(sync.err)
    assert "failed to read or write" not in sync.err


def test_files_that_do_not_fit_are_named_by_scan_and_case_never_by_scratch_path(
    make_sandbox: Callable[..., SandboxServer], small_disk: SmallDisk
) -> None:
    url = make_sandbox(cases=6).base_url
    since = (date.today() - timedelta(days=120)).isoformat()
    (sync,) = small_disk("1200k", [["--base-url", url, "sync", "--from", since, "--with-files"]])
    assert sync.code == 1
    failed = [line for line in sync.out.splitlines() if "could not fetch" in line]
    assert failed, sync.out + sync.err
    assert "files/tmp" not in sync.out + sync.err
    for line in failed:  # the disk fills under a file or under the database's record of one
        assert " of case " in line
        assert "not enough disk space to save" in line or "is full" in line
    assert any("in the local file cache" in line for line in failed)
    # Every next file would fail alike: fetching stops at the full disk and says so once,
    # rather than a line for each of the remaining files.
    assert "The disk is full, so fetching files stopped there" in sync.out
    assert len(failed) <= 12
