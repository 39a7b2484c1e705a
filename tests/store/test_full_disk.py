"""A really full disk (a small tmpfs mounted in a private mount namespace): the command says
the disk is full, never that the database is damaged, and `sync --with-files` fails when
files did not arrive."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest

from scaninbox.sandbox import SandboxServer
from tests.store.conftest import CliRun, cli_env


def _can_mount_tmpfs(tmp_path: Path) -> bool:
    if shutil.which("unshare") is None:
        return False
    target = tmp_path / "probe"
    target.mkdir()
    done = subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs {target}"],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


def on_small_disk(tmp_path: Path, size: str, runs: list[list[str] | str]) -> list[CliRun]:
    """Run ``scaninbox`` commands one after the other with SCANINBOX_HOME on a tmpfs of
    ``size`` (or with these mount options); what they printed is kept outside it. A string
    among them is a shell line run at that point (``$SCANINBOX_HOME`` is the tmpfs), e.g. to
    fill the disk; only the commands' results come back."""
    home = Path(os.environ["SCANINBOX_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    out = tmp_path / "out"
    out.mkdir()
    options = size if "=" in size else f"size={size},mode=0700"
    lines = [f"mount -t tmpfs -o {options} tmpfs {shlex.quote(str(home))} || exit 99"]
    commands = [args for args in runs if not isinstance(args, str)]
    i = 0
    for args in runs:
        if isinstance(args, str):
            lines.append(args)
            continue
        command = shlex.join([sys.executable, "-m", "scaninbox", *args])
        lines.append(f"{command} >{out}/{i}.out 2>{out}/{i}.err </dev/null; echo $? >{out}/{i}.rc")
        i += 1
    done = subprocess.run(
        ["unshare", "-rm", "sh", "-c", "\n".join(lines)],
        env=cli_env(),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0
    return [
        CliRun(
            int((out / f"{i}.rc").read_text()),
            (out / f"{i}.out").read_text(encoding="utf-8"),
            (out / f"{i}.err").read_text(encoding="utf-8"),
        )
        for i in range(len(commands))
    ]


SmallDisk = Callable[[str, list[list[str] | str]], list[CliRun]]


@pytest.fixture
def small_disk(tmp_path: Path) -> SmallDisk:
    if not _can_mount_tmpfs(tmp_path):
        pytest.skip("cannot mount a tmpfs in a private mount namespace here")
    return lambda size, runs: on_small_disk(tmp_path, size, runs)


def test_a_full_disk_is_not_a_damaged_database(
    make_sandbox: Callable[..., SandboxServer],
    small_disk: Callable[[str, list[list[str]]], list[CliRun]],
) -> None:
    server = make_sandbox(cases=1500)
    url = server.base_url
    sync, offline = small_disk(
        "1500k",  # room for a few pages of cases, not for 1,500 of them
        [["--base-url", url, "sync"], ["--base-url", url, "--offline", "cases", "--json"]],
    )
    assert sync.code == 1, sync.err
    assert "is full" in sync.err
    assert "Nothing stored was lost" in sync.err
    assert "damaged" not in sync.err
    assert "cache clear" not in sync.err
    assert "Unexpected" not in sync.err
    # What was saved before the disk filled is intact and readable.
    assert offline.code == 0, offline.err
    assert len(json.loads(offline.out)) >= 1


def test_sync_with_files_fails_when_files_do_not_arrive(
    make_sandbox: Callable[..., SandboxServer],
    small_disk: Callable[[str, list[list[str]]], list[CliRun]],
) -> None:
    server = make_sandbox(cases=6)
    url = server.base_url
    since = (date.today() - timedelta(days=120)).isoformat()
    (sync,) = small_disk("1200k", [["--base-url", url, "sync", "--from", since, "--with-files"]])
    assert sync.code == 1, sync.out + sync.err
    assert "could not be fetched" in sync.err
    assert "Unexpected" not in sync.err


def test_a_read_only_home_is_a_plain_message(
    make_sandbox: Callable[..., SandboxServer],
    small_disk: Callable[[str, list[list[str]]], list[CliRun]],
) -> None:
    server = make_sandbox(cases=4)
    (sync,) = small_disk("ro,size=64k", [["--base-url", server.base_url, "sync"]])
    assert sync.code == 1
    assert "Unexpected" not in sync.err
    assert "read-only file system" in sync.err
    assert sync.err.count("\n") == 1
