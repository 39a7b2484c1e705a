"""The installer recipes that cannot be built here (Windows, macOS) and the Linux package's
metadata: the files they reference exist, names agree with build.spec, versions agree with
pyproject.toml, and the desktop entry and AppStream file pass their validators."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path, PureWindowsPath

import pytest

import scaninbox

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
ISS = ROOT / "installer" / "windows" / "scaninbox.iss"
DESKTOP = ROOT / "resources" / "linux" / "scaninbox.desktop"
METAINFO = ROOT / "resources" / "linux" / "scaninbox.metainfo.xml"
MIME_XML = ROOT / "resources" / "linux" / "scaninbox-mime.xml"
SYSTEM_MIME = Path("/usr/share/mime/packages/freedesktop.org.xml")


def _iss_value(text: str, key: str) -> str:
    match = re.search(rf"^{key}=(.*)$", text, re.MULTILINE)
    assert match, key
    return match.group(1).strip()


def test_the_package_version_is_pyproject_s() -> None:
    assert scaninbox.__version__ == VERSION


def test_the_spec_builds_two_executables_in_one_folder_and_reads_the_version() -> None:
    assert 'executable("scaninbox-desktop", console=False)' in SPEC
    assert 'executable("scaninbox", console=True)' in SPEC
    assert 'name="ScanInbox")' in SPEC
    assert '"0.1.0"' not in SPEC  # the macOS bundle takes pyproject's version
    assert (ROOT / "installer" / "launcher.py").is_file()


def test_windows_installer_matches_the_build() -> None:
    text = ISS.read_text(encoding="utf-8")
    assert re.search(rf'^#define AppVersion "{re.escape(VERSION)}"$', text, re.MULTILINE)
    here = ISS.parent
    icon = PureWindowsPath(_iss_value(text, "SetupIconFile"))
    assert (here / Path(*icon.parts)).resolve().is_file()
    source = re.search(r'^Source: "([^"]+)"', text, re.MULTILINE)
    assert source
    assert PureWindowsPath(source.group(1)).parts[:-1] == ("..", "..", "dist", "ScanInbox")
    # Every shortcut starts an executable the spec builds.
    for target in re.findall(r'Filename: "\{app\}\\([^"]+)"', text):
        assert target.removesuffix(".exe") in ("scaninbox", "scaninbox-desktop"), target
    # Per-user, upgradeable in place (fixed AppId), optional desktop shortcut, with uninstaller.
    assert _iss_value(text, "PrivilegesRequired") == "lowest"
    assert re.fullmatch(r"\{\{[0-9A-F-]{36}\}", _iss_value(text, "AppId"))
    assert re.search(r"^Name: \"desktopicon\".*Flags: unchecked", text, re.MULTILINE)
    assert "Uninstallable=no" not in text
    # "Open with" for .stl and .ply, removed by the uninstaller, opening the window with the file.
    assert _iss_value(text, "ChangesAssociations") == "yes"
    for suffix in (".stl", ".ply"):
        assert re.search(
            rf'Subkey: "Software\\Classes\\{re.escape(suffix)}\\OpenWithProgids"; .*'
            r'ValueName: "ScanInbox\.Scan".*Flags: uninsdeletevalue',
            text,
        ), suffix
    assert '"""{app}\\scaninbox-desktop.exe"" ""%1"""' in text


def test_macos_script_builds_the_bundle_the_spec_names() -> None:
    script = (ROOT / "installer" / "macos" / "build.sh").read_text(encoding="utf-8")
    assert "build.spec" in script
    assert 'BUNDLE(folder, name="Scan Inbox.app"' in SPEC
    assert '"dist/Scan Inbox.app"' in script
    assert '"CFBundleTypeExtensions": ["stl", "ply"]' in SPEC
    assert 'argv_emulation=sys.platform == "darwin"' in SPEC
    assert (ROOT / "resources" / "icons" / "scaninbox-512.png").is_file()


def test_linux_files_reference_what_exists() -> None:
    entry = DESKTOP.read_text(encoding="utf-8")
    assert re.search(r"^Exec=scaninbox-desktop\b", entry, re.MULTILINE)
    assert re.search(r"^Icon=scaninbox$", entry, re.MULTILINE)
    icons = ROOT / "resources" / "icons"
    sizes = sorted(int(p.stem.rsplit("-", 1)[1]) for p in icons.glob("scaninbox-*.png"))
    assert sizes == [16, 24, 32, 48, 64, 128, 256, 512]
    assert (icons / "scaninbox.svg").is_file()
    meta = METAINFO.read_text(encoding="utf-8")
    assert f'<release version="{VERSION}"' in meta
    assert '<launchable type="desktop-id">scaninbox.desktop</launchable>' in meta


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_the_desktop_entry_validates() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""  # not even a hint


def test_the_desktop_entry_opens_stl_and_ply_files() -> None:
    entry = DESKTOP.read_text(encoding="utf-8")
    assert re.search(r"^Exec=scaninbox-desktop %F$", entry, re.MULTILINE)
    mime = re.search(r"^MimeType=(.*)$", entry, re.MULTILINE)
    assert mime
    types = mime.group(1).rstrip(";").split(";")
    assert "model/stl" in types
    assert "model/x-ply" in types
    meta = METAINFO.read_text(encoding="utf-8")
    assert "<mediatype>model/stl</mediatype>" in meta
    assert "<mediatype>model/x-ply</mediatype>" in meta
    if SYSTEM_MIME.is_file():  # STL's names are the ones shared-mime-info defines
        system = SYSTEM_MIME.read_text(encoding="utf-8")
        for name in types:
            if name != "model/x-ply":
                assert f'type="{name}"' in system, name
        assert 'type="model/x-ply"' not in system  # else drop ours


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="shared-mime-info")
def test_the_ply_mime_type_builds_and_matches_ply_files(tmp_path: Path) -> None:
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(MIME_XML, packages / "scaninbox.xml")
    done = subprocess.run(
        ["update-mime-database", "-V", str(tmp_path / "mime")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr.lower(), done.stderr
    globs = (tmp_path / "mime" / "globs2").read_text(encoding="utf-8")
    assert "model/x-ply:*.ply" in globs
    magic = (tmp_path / "mime" / "magic").read_bytes()
    assert b"[50:model/x-ply]" in magic
    assert b"ply\n" in magic


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream")
def test_the_metainfo_validates() -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
