"""Builds the Debian package around the frozen folder (called by scripts/package).

    python installer/linux/debian.py --folder dist/ScanInbox --version 0.1.0 --out dist/x.deb

Layout: the frozen folder in /opt/scan-inbox/; /usr/bin/scaninbox (the command line) and
/usr/bin/scaninbox-desktop (the window) as symbolic links into it; the desktop entry, hicolor
icons (every PNG size in resources/icons/ and the SVG), the PLY MIME type (shared-mime-info has
none) and the AppStream metainfo under /usr/share. ``Depends`` is computed, not written by hand:
``ldd`` on every ELF file of the folder, libraries found inside the folder left out, each
remaining library mapped to the Debian
package that owns it with ``dpkg -S``; plus the Mesa drivers that libGL/libEGL open at run time
(``dlopen``, invisible to ldd; measured with /proc/self/maps). ``Installed-Size`` is ``du -sk``.
No maintainer scripts: dpkg's own triggers refresh the menu, icon and AppStream caches, and
nothing outside the package's files is ever touched (settings, keyring entries and caches live
in the user's home and stay on remove, purge and upgrade).

Uses the standard library and Debian's tools only (dpkg-deb, dpkg, ldd).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "scan-inbox"
INSTALL_DIR = Path("opt") / PACKAGE
APP_ID = "scaninbox"  # desktop file and icon name; the app calls setDesktopFileName("scaninbox")
COMMANDS = ("scaninbox", "scaninbox-desktop")

# Loaded with dlopen at run time, so ldd cannot see them (found by recording the shared objects
# mapped into the running app: libEGL_mesa, libGLX_mesa and the Mesa DRI driver).
# libxcursor1: VTK's X11 render window opens libXcursor with dlopen for its cursor shapes (the
# installed app's self-test in a fresh Debian 12 warned "Failed to load Xcursor library").
# libpq5: the lab hub's driver (psycopg, pure Python on Linux: pyproject.toml) opens the
# system's libpq with ctypes when a hub is used.
RUNTIME_DLOPEN_PACKAGES = (
    "libegl-mesa0",
    "libglx-mesa0",
    "libgl1-mesa-dri",
    "libxcursor1",
    "libpq5",
)

DESCRIPTION = """\
intra-oral scan case inbox for dental laboratories
 Scan Inbox lists the cases your clinics send through the Intra-Oral Scan
 Inbox service, keeps them on this computer for offline work, and shows the
 jaw scans (STL, PLY) in 3D next to the order form and attachments.
 .
 Includes the `scaninbox` command line and a built-in demo sandbox
 (`scaninbox --demo`). `scaninbox --self-test` checks an installation."""

# The compressors dpkg-deb is asked for, with their default levels.
LEVELS = {"xz": 6, "zstd": 12}

_LDD_LINE = re.compile(r"^\s*(\S+)(?:\s+=>\s+(.+?))?\s+\(0x[0-9a-f]+\)\s*$")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Scan Inbox .deb")
    parser.add_argument("--folder", type=Path, required=True, help="the frozen folder")
    parser.add_argument("--version", required=True)
    parser.add_argument("--out", type=Path, required=True)
    # xz (dpkg's default compressor, level 6) makes the smallest package a person downloads;
    # zstd builds several times faster for a larger file, for trying builds locally. The sizes
    # and CPU times of both are in docs/packaging.md ("Compression").
    parser.add_argument("--compressor", choices=sorted(LEVELS), default="xz")
    parser.add_argument(
        "--compression-level", type=int, help="default: xz 6, zstd 12 (dpkg reads zstd ≥ 1.21.18)"
    )
    args = parser.parse_args(argv)
    level = LEVELS[args.compressor] if args.compression_level is None else args.compression_level
    with tempfile.TemporaryDirectory(prefix="scan-inbox-deb-") as work:
        stage = Path(work) / "root"
        stage_tree(stage, args.folder, args.version)
        depends = compute_depends(stage / INSTALL_DIR)
        write_control(stage, args.version, depends)
        build(stage, args.out, args.compressor, level)
    return 0


# ------------------------------------------------------------------ the file tree


def stage_tree(stage: Path, folder: Path, version: str) -> None:
    if not (folder / "scaninbox").is_file():
        raise SystemExit(f"{folder} holds no frozen app (build it with pyinstaller build.spec)")
    app = stage / INSTALL_DIR
    shutil.copytree(folder, app, symlinks=True)
    bin_dir = stage / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    for command in COMMANDS:
        (bin_dir / command).symlink_to(Path("..", "..", INSTALL_DIR, command))
    share = stage / "usr" / "share"
    resources = ROOT / "resources"
    _install(
        resources / "linux" / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop"
    )
    for png in sorted((resources / "icons").glob(f"{APP_ID}-*.png")):
        size = png.stem.rsplit("-", 1)[1]
        _install(png, share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png")
    _install(
        resources / "icons" / f"{APP_ID}.svg",
        share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
    )
    # PLY has no shared-mime-info type (STL has: model/stl); the desktop entry's MimeType names
    # ours. shared-mime-info's dpkg trigger on /usr/share/mime/packages rebuilds the database.
    _install(
        resources / "linux" / f"{APP_ID}-mime.xml", share / "mime" / "packages" / f"{APP_ID}.xml"
    )
    metainfo = (resources / "linux" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    _write(share / "metainfo" / f"{APP_ID}.metainfo.xml", metainfo)
    _write(share / "doc" / PACKAGE / "copyright", _copyright())
    _write(
        share / "doc" / PACKAGE / "README.Debian",
        "The application lives in /opt/scan-inbox. Per-user data (settings, cases, caches,\n"
        "logs) is kept in the user's home folder and is never removed by the package manager.\n"
        "Check an installation with: scaninbox --self-test\n",
    )
    # dpkg-deb refuses group/world-writable control files and some umasks leave them so.
    for path in stage.rglob("*"):
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)


def _install(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _write(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def _copyright() -> str:
    return (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: Scan Inbox\n\n"
        "Files: *\nCopyright: Scan Inbox developers\nLicense: proprietary\n"
        " All rights reserved. The bundled third-party libraries in /opt/scan-inbox/_internal\n"
        " keep their own licences (Qt for Python: LGPLv3; VTK, NumPy, pyvista: BSD).\n"
    )


# ------------------------------------------------------------------ Depends


def compute_depends(app: Path) -> list[str]:
    """The Debian packages owning every library the folder's ELF files need from the system."""
    elves = [p for p in sorted(app.rglob("*")) if p.is_file() and not p.is_symlink() and _is_elf(p)]
    bundled = {p.name for p in app.rglob("*") if p.is_file()}
    library_dirs = sorted({str(p.parent) for p in elves if ".so" in p.name})
    env = dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join(library_dirs))
    system: set[str] = set()
    missing: set[str] = set()
    for batch in _batches(elves, 40):
        result = subprocess.run(
            ["ldd", *map(str, batch)], capture_output=True, text=True, env=env, check=False
        )
        for line in result.stdout.splitlines():
            match = _LDD_LINE.match(line)
            if match is None:
                if "=> not found" in line:
                    name = line.split("=>", 1)[0].strip()
                    if name not in bundled:
                        missing.add(name)
                continue
            name, target = match.group(1), match.group(2)
            path = target if target else name
            if not path.startswith("/"):
                continue  # linux-vdso.so.1: the kernel's
            if Path(os.path.realpath(path)).is_relative_to(app.resolve()):
                continue
            system.add(path)
    if missing:
        raise SystemExit(
            "These libraries are needed by the frozen app but are neither in it nor installed "
            "here, so the package cannot name them: " + ", ".join(sorted(missing))
        )
    packages = _owners(sorted(system))
    return sorted(packages | set(RUNTIME_DLOPEN_PACKAGES))


def _is_elf(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(4) == b"\x7fELF"


def _batches(items: list[Path], size: int) -> Iterable[list[Path]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _candidates(path: str) -> list[str]:
    """The spellings dpkg may know a library by (merged /usr: /lib and /usr/lib are one)."""
    real = os.path.realpath(path)
    spellings = [path, real]
    for spelling in (path, real):
        if spelling.startswith("/usr/lib/"):
            spellings.append(spelling[len("/usr") :])
        elif spelling.startswith("/lib/"):
            spellings.append("/usr" + spelling)
    return list(dict.fromkeys(spellings))


def _owners(paths: list[str]) -> set[str]:
    spellings = sorted({s for p in paths for s in _candidates(p)})
    result = subprocess.run(["dpkg", "-S", *spellings], capture_output=True, text=True, check=False)
    owner: dict[str, str] = {}
    for line in result.stdout.splitlines():
        names, _, path = line.partition(": ")
        if names.startswith("diversion by") or not path:
            continue
        owner[path.strip()] = names.split(",")[0].strip().split(":")[0]
    packages: set[str] = set()
    unowned = []
    for path in paths:
        found = next((owner[s] for s in _candidates(path) if s in owner), None)
        if found is None:
            unowned.append(path)
        else:
            packages.add(found)
    if unowned:
        raise SystemExit("No Debian package owns these libraries: " + ", ".join(unowned))
    return packages


# ------------------------------------------------------------------ control and build


def write_control(stage: Path, version: str, depends: list[str]) -> None:
    installed_kib = int(
        subprocess.run(
            ["du", "-sk", str(stage)], capture_output=True, text=True, check=True
        ).stdout.split()[0]
    )
    control = stage / "DEBIAN" / "control"
    _write(
        control,
        f"Package: {PACKAGE}\n"
        f"Version: {version}\n"
        "Architecture: amd64\n"
        "Maintainer: Scan Inbox developers <support@scaninbox.app>\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {', '.join(depends)}\n"
        "Section: science\n"
        "Priority: optional\n"
        f"Description: {DESCRIPTION}\n",
    )
    control.parent.chmod(0o755)
    control.chmod(0o644)


def build(stage: Path, out: Path, compressor: str, level: int) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    subprocess.run(
        [
            "dpkg-deb",
            "--build",
            "--root-owner-group",
            f"-Z{compressor}",
            f"-z{level}",
            "--threads-max=2",
            str(stage),
            str(partial),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    partial.replace(out)  # a failed build leaves no half-written .deb under the final name
    print(
        f"{out} ({out.stat().st_size / 1e6:.1f} MB, built {datetime.now(UTC):%Y-%m-%d %H:%M} UTC)"
    )


if __name__ == "__main__":
    sys.exit(main())
