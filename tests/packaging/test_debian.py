"""installer/linux/debian.py builds a real .deb (dpkg-deb) around a small stand-in for the frozen
folder: the file tree, Depends from ldd + dpkg -S, Installed-Size, no maintainer scripts."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.packaging.loaders import load

pytestmark = pytest.mark.skipif(
    shutil.which("dpkg-deb") is None or shutil.which("ldd") is None, reason="a Debian system"
)
debian = load("installer/linux/debian.py", "scaninbox_debian")

TRUE = Path("/usr/bin/true")
ZLIB = Path("/lib/x86_64-linux-gnu/libz.so.1")


@pytest.fixture
def frozen(tmp_path: Path) -> Path:
    """Two executables (copies of true, which needs only libc) and a bundled zlib."""
    folder = tmp_path / "ScanInbox"
    (folder / "_internal").mkdir(parents=True)
    for name in ("scaninbox", "scaninbox-desktop"):
        shutil.copy2(TRUE, folder / name)
    if ZLIB.exists():
        shutil.copy2(ZLIB.resolve(), folder / "_internal" / "libz.so.1")
    return folder


def _contents(deb: Path) -> list[str]:
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    return [line.split()[5] for line in listing.splitlines()]


def _field(deb: Path, name: str) -> str:
    return subprocess.run(
        ["dpkg-deb", "--field", str(deb), name], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_package_holds_the_app_the_commands_and_the_desktop_files(
    frozen: Path, tmp_path: Path
) -> None:
    deb = tmp_path / "out" / "scan-inbox_9.8.7_amd64.deb"
    assert debian.main(["--folder", str(frozen), "--version", "9.8.7", "--out", str(deb)]) == 0
    files = _contents(deb)
    for expected in (
        "./opt/scan-inbox/scaninbox",
        "./opt/scan-inbox/scaninbox-desktop",
        "./usr/bin/scaninbox",
        "./usr/bin/scaninbox-desktop",
        "./usr/share/applications/scaninbox.desktop",
        "./usr/share/icons/hicolor/16x16/apps/scaninbox.png",
        "./usr/share/icons/hicolor/512x512/apps/scaninbox.png",
        "./usr/share/icons/hicolor/scalable/apps/scaninbox.svg",
        "./usr/share/metainfo/scaninbox.metainfo.xml",
        "./usr/share/mime/packages/scaninbox.xml",
        "./usr/share/doc/scan-inbox/copyright",
    ):
        assert expected in files, expected
    assert not [f for f in files if f.startswith(("./home", "./root", "./etc", "./var"))]
    assert _field(deb, "Package") == "scan-inbox"
    assert _field(deb, "Version") == "9.8.7"
    assert _field(deb, "Architecture") == "amd64"
    # Only the payload's own files: no maintainer scripts that could touch user data.
    control = subprocess.run(
        ["dpkg-deb", "--ctrl-tarfile", str(deb)], capture_output=True, check=True
    ).stdout
    names = (
        subprocess.run(["tar", "-t"], input=control, capture_output=True, check=True)
        .stdout.decode()
        .split()
    )
    assert "./control" in names
    assert set(names) <= {"./", "./control", "./md5sums"}
    assert not list(deb.parent.glob("*.partial"))


def test_depends_are_computed_and_bundled_libraries_left_out(frozen: Path, tmp_path: Path) -> None:
    depends = debian.compute_depends(frozen)
    assert "libc6" in depends  # what `true` links to, found with ldd and dpkg -S
    assert set(debian.RUNTIME_DLOPEN_PACKAGES) <= set(depends)
    assert "zlib1g" not in depends  # libz ships inside the folder
    assert depends == sorted(set(depends))


def test_installed_size_is_the_tree_in_kib(frozen: Path, tmp_path: Path) -> None:
    big = frozen / "_internal" / "data.bin"
    big.write_bytes(b"\0" * 3_000_000)
    deb = tmp_path / "x.deb"
    debian.main(["--folder", str(frozen), "--version", "1.0", "--out", str(deb)])
    size = int(_field(deb, "Installed-Size"))
    assert 2900 < size < 3400 + 600  # 3 MB of data, plus icons and the small rest


def _payload_member(deb: Path) -> str:
    """The name of the .deb's payload member (data.tar.xz, data.tar.zst): `ar t`."""
    members = subprocess.run(["ar", "t", str(deb)], capture_output=True, text=True, check=True)
    return next(name for name in members.stdout.split() if name.startswith("data.tar"))


@pytest.mark.parametrize(
    ("options", "member"), [([], "data.tar.xz"), (["--compressor", "zstd"], "data.tar.zst")]
)
def test_the_payload_is_xz_by_default_and_zstd_on_request(
    frozen: Path, tmp_path: Path, options: list[str], member: str
) -> None:
    deb = tmp_path / "x.deb"
    debian.main(["--folder", str(frozen), "--version", "1.0", "--out", str(deb), *options])
    assert _payload_member(deb) == member
    extracted = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(extracted)], check=True)
    assert (extracted / "opt" / "scan-inbox" / "scaninbox").read_bytes() == TRUE.read_bytes()


def test_a_folder_without_the_app_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="holds no frozen app"):
        debian.main(["--folder", str(tmp_path), "--version", "1", "--out", str(tmp_path / "x")])
    assert not list(tmp_path.glob("x*"))
