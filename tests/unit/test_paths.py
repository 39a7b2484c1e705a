"""Folders the program creates are private (0700), parents included."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from scaninbox.paths import app_paths, ensure_private_dir
from scaninbox.store.accounts import Account, account_folder

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_every_folder_created_is_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        made = ensure_private_dir(tmp_path / "home" / "data" / "accounts" / "one")
    finally:
        os.umask(old)
    for folder in (made, made.parent, made.parent.parent, made.parent.parent.parent):
        assert _mode(folder) == 0o700, folder


def test_a_folder_that_existed_is_left_alone_but_ours_are_tightened(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    ours = shared / "ScanInbox"
    ours.mkdir()
    ours.chmod(0o755)
    ensure_private_dir(ours / "logs")
    assert _mode(shared) == 0o755
    assert _mode(ours) == 0o755  # existed before: not ours to change
    assert _mode(ours / "logs") == 0o700


def test_the_data_and_accounts_folders_of_a_store_are_private() -> None:
    from scaninbox.store import CaseStore

    paths = app_paths()
    folder = account_folder(paths, Account("custom", "https://lab.example", "a@b.test"))
    with CaseStore.open(folder):
        pass
    for each in (paths.data_dir, paths.accounts_dir, folder):
        assert _mode(each) == 0o700, each


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
@pytest.mark.parametrize(
    "xdg",
    [
        {},  # the defaults under the home folder
        {"XDG_CONFIG_HOME": "/x/config", "XDG_DATA_HOME": "/x/data/", "XDG_STATE_HOME": "/x/s"},
        {"XDG_CACHE_HOME": "/x/cache", "XDG_DATA_HOME": "relative/data"},  # relative: ignored
        {"XDG_CONFIG_HOME": ""},
    ],
)
@pytest.mark.parametrize("home", ["absolute", "relative"])
def test_the_folders_are_those_platformdirs_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, xdg: dict[str, str], home: str
) -> None:
    """`app_paths` works the XDG folders out itself (importing platformdirs cost every start
    more than building the command line); it must agree with platformdirs."""
    import platformdirs

    monkeypatch.delenv("SCANINBOX_HOME", raising=False)
    for name in ("CONFIG", "DATA", "CACHE", "STATE"):
        monkeypatch.delenv(f"XDG_{name}_HOME", raising=False)
    for name, value in xdg.items():
        monkeypatch.setenv(name, value)
    # A relative HOME counts as unset: both fall back to the password database.
    monkeypatch.setenv("HOME", str(tmp_path) if home == "absolute" else "somewhere")
    dirs = platformdirs.PlatformDirs("ScanInbox", appauthor=False)
    expected = (dirs.user_config_dir, dirs.user_data_dir, dirs.user_cache_dir, dirs.user_log_dir)
    paths = app_paths()
    assert (paths.config_dir, paths.data_dir, paths.cache_dir, paths.log_dir) == tuple(
        Path(folder) for folder in expected
    )
