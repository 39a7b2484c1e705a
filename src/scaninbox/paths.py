"""Every on-disk location the program uses, in one place.

``SCANINBOX_HOME`` relocates everything the program writes (tests point it at a temporary
directory); otherwise the platform's conventional folders are used (platformdirs). Directories
holding case data are created with mode 0700: they contain patient data.

On Linux the folders are the XDG base directories, worked out here as platformdirs does (an
absolute ``XDG_*_HOME``, else the default under the home folder; a test compares the two):
every command asks for the log folder at its start, and importing platformdirs there (tempfile,
random…) cost more than the rest of building the command line.
"""

from __future__ import annotations

import contextlib
import os
import posixpath
import sys
from dataclasses import dataclass
from pathlib import Path

from scaninbox.language import translate
from scaninbox.resources import resources_dir  # named here too: the older callers' door

__all__ = ["AppPaths", "app_paths", "ensure_private_dir", "resources_dir"]

APP_NAME = "ScanInbox"
HOME_ENV = "SCANINBOX_HOME"


@dataclass(frozen=True, slots=True)
class AppPaths:
    """Where settings, case data, caches and logs live."""

    config_dir: Path
    data_dir: Path
    cache_dir: Path
    log_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.toml"

    @property
    def accounts_dir(self) -> Path:
        """One sub-directory per environment + account (database and file cache)."""
        return self.data_dir / "accounts"

    @property
    def sandbox_cache_dir(self) -> Path:
        """Generated demo data (meshes, PDFs, images) of the built-in sandbox."""
        return self.cache_dir / "sandbox"


def app_paths(env: dict[str, str] | None = None) -> AppPaths:
    """The locations for this process, honouring ``SCANINBOX_HOME``."""
    environ = os.environ if env is None else env
    home = environ.get(HOME_ENV)
    if home:
        root = Path(home).expanduser().absolute()
        return AppPaths(root / "config", root / "data", root / "cache", root / "logs")
    if _plain_linux():
        return AppPaths(
            _xdg_folder("XDG_CONFIG_HOME", "~/.config"),
            _xdg_folder("XDG_DATA_HOME", "~/.local/share"),
            _xdg_folder("XDG_CACHE_HOME", "~/.cache"),
            _xdg_folder("XDG_STATE_HOME", "~/.local/state") / "log",
        )
    import platformdirs

    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    return AppPaths(
        Path(dirs.user_config_dir),
        Path(dirs.user_data_dir),
        Path(dirs.user_cache_dir),
        Path(dirs.user_log_dir),
    )


def _plain_linux() -> bool:
    """Linux that platformdirs treats as Linux (not Android, which has folders of its own)."""
    android = hasattr(sys, "getandroidapilevel") or (
        os.environ.get("ANDROID_DATA") == "/data" and os.environ.get("ANDROID_ROOT") == "/system"
    )
    return sys.platform == "linux" and not android


def _xdg_folder(variable: str, default: str) -> Path:
    """Our folder in an XDG base directory: the variable's value when it is an absolute path
    (the specification says to ignore a relative one), else ``default`` in the home folder."""
    value = os.environ.get(variable, "")
    return Path(value if posixpath.isabs(value) else _in_home(default), APP_NAME)


def _in_home(path: str) -> str:
    """``~/…`` in the home folder; a relative ``HOME`` counts as unset (platformdirs' rule)."""
    home = os.environ.get("HOME")
    expanded = path
    if home is not None and not posixpath.isabs(home):
        import pwd

        with contextlib.suppress(KeyError):  # no entry for this user: the check below says so
            expanded = pwd.getpwuid(os.getuid()).pw_dir.rstrip("/") + path[1:] or "/"
    else:
        expanded = os.path.expanduser(path)  # noqa: PTH111 - keeps the text as platformdirs does
    if not posixpath.isabs(expanded):
        raise RuntimeError(
            translate(
                "Paths",
                "Cannot find the home folder for {path}: set HOME or the XDG folders to an "
                "absolute path.",
            ).format(path=repr(path))
        )
    return expanded


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` readable by the owner only, and return it. Every missing parent it
    creates is private too (``mkdir(parents=True)`` would make those 0755, so ``data/`` and
    ``data/accounts/`` ended up listable by anyone); parents that already existed are left."""
    missing: list[Path] = []
    folder = path
    while not folder.is_dir() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
        if os.name == "posix":
            folder.chmod(0o700)  # mkdir's mode is masked by the umask
    if os.name == "posix":
        path.chmod(0o700)  # an existing folder of ours, made before this rule
    return path
