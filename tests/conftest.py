"""Fixtures every test shares: an isolated SCANINBOX_HOME, no real keyring, the real scans."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# pyvistaqt finds Qt through QtPy; say which binding before anything imports it.
os.environ.setdefault("QT_API", "pyside6")

pytest_plugins = [
    "tests.plugins.sandbox_server",
    "tests.plugins.logfail",
    "tests.plugins.disk_faults",
    "pytester",
]

REPO_ROOT = Path(__file__).resolve().parents[1]
REALSCANS = REPO_ROOT.parent / "shared" / "realscans"


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test writes under its own SCANINBOX_HOME and never sees the user's settings."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("SCANINBOX_HOME", str(home))
    for name in ("SCANINBOX_BASE_URL", "SCANINBOX_EMAIL", "SCANINBOX_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    # English, whatever the machine speaks (LANGUAGE comes first where Qt and the command line
    # choose): the tests of German install it or set it themselves.
    monkeypatch.setenv("LANGUAGE", "en")
    # Never the user's keyring: tests that need one install an in-memory backend.
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    return home


@pytest.fixture(scope="session", autouse=True)
def current_catalogues() -> None:
    """The ``.qm`` files the app and the command line load, compiled again when a ``.ts`` is
    newer (``scripts/setup`` compiles them; a test run straight after a pull must not read
    stale ones)."""
    from scaninbox.language import catalogue_dir
    from scaninbox.language.catalogs import compile_all

    folder = catalogue_dir()
    stale = [
        ts
        for ts in folder.glob("*.ts")
        if not ts.with_suffix(".qm").exists()
        or ts.with_suffix(".qm").stat().st_mtime < ts.stat().st_mtime
    ]
    if stale:
        compile_all(folder)


@pytest.fixture(scope="session")
def realscans() -> Path:
    """``../shared/realscans``; tests using it skip cleanly when it is absent (a user's clone)."""
    if not (REALSCANS / "Example_01_binary.stl").is_file():
        pytest.skip("../shared/realscans is not present")
    return REALSCANS


@pytest.fixture
def anyio_backend() -> str:
    """Async tests outside Qt run on asyncio through anyio's pytest plugin."""
    return "asyncio"


@pytest.fixture
def no_stray_files(tmp_path: Path) -> Iterator[Path]:
    """A folder that must hold no temporary or partial files when the test ends."""
    yield tmp_path
    leftovers = [p.name for p in tmp_path.rglob("*") if p.name.endswith((".part", ".tmp"))]
    assert not leftovers, f"partial files left behind: {leftovers}"


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    """pytest-qt's application object is the app's own class (it takes the file-open events
    macOS sends the running app), so Qt tests run on what the app runs on."""
    from scaninbox.qt.shell.file_open_events import ScanInboxApplication

    return ScanInboxApplication
