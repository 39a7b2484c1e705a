"""installer/mpl_cache.py: the frozen app's matplotlib keeps its font list between starts, in the
app's folder of the user's cache, instead of PyInstaller's new temporary folder per start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.loaders import ROOT, load

mpl_cache = load("installer/mpl_cache.py", "mpl_cache")

# What the frozen app runs: the hook (build.spec appends `install()` to its copy), then the
# import that pyvista's import reaches.
_START = (
    f"import runpy; runpy.run_path({str(ROOT / 'installer' / 'mpl_cache.py')!r}, "
    "run_name='hook')['install'](); import matplotlib.font_manager"
)


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    env["SCANINBOX_HOME"] = str(tmp_path / "scaninbox-home")
    env.pop("MPLCONFIGDIR", None)
    return env


def test_the_folder_is_the_users_cache_whatever_scaninbox_home_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("SCANINBOX_HOME", str(tmp_path / "elsewhere"))
    expected = tmp_path / "cache" / "ScanInbox" / "matplotlib"
    assert mpl_cache.matplotlib_folder() == str(expected)


def test_a_folder_the_user_set_is_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mine"))
    mpl_cache.install()
    assert os.environ["MPLCONFIGDIR"] == str(tmp_path / "mine")


@pytest.mark.slow
def test_the_second_start_reuses_the_font_list_of_the_first(tmp_path: Path) -> None:
    env = _env(tmp_path)
    folder = tmp_path / "cache" / "ScanInbox" / "matplotlib"
    subprocess.run([sys.executable, "-c", _START], env=env, check=True, timeout=120)
    lists = list(folder.glob("fontlist-*.json"))
    assert len(lists) == 1, list(folder.iterdir())
    written = lists[0].stat().st_mtime_ns
    subprocess.run([sys.executable, "-c", _START], env=env, check=True, timeout=120)
    assert lists[0].stat().st_mtime_ns == written  # read, not built again
    assert not (tmp_path / "scaninbox-home").exists()


def test_the_spec_replaces_pyinstallers_temporary_folder_hook() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert 'entry[0] != "pyi_rth_mplconfig"' in spec
    assert "str(MPL_HOOK)" in spec
