"""installer/trim.py: which files of the analysis the frozen app leaves out, and the strip step."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.loaders import load

trim = load("installer/trim.py", "scaninbox_trim")

EXT = "cpython-311-x86_64-linux-gnu.so"


def _dropped(entries: list[tuple[str, str, str]], imports: dict[str, list[str]]) -> list[str]:
    rules = trim.rules(entries, imports=lambda path: imports.get(path, []))
    kept = trim.trim(entries, rules, lambda _line: None)
    return sorted(e[0] for e in entries if e not in kept)


def test_vtk_keeps_the_used_modules_and_what_they_link_to() -> None:
    entries = [
        (f"vtkmodules/vtkRenderingCore.{EXT}", "/w/vtkRenderingCore.so", "EXTENSION"),
        (f"vtkmodules/vtkIOExodus.{EXT}", "/w/vtkIOExodus.so", "EXTENSION"),
        ("vtkmodules/libvtkRenderingCore.so", "/w/libvtkRenderingCore.so", "BINARY"),
        ("vtkmodules/libvtkCommonCore.so", "/w/libvtkCommonCore.so", "BINARY"),
        ("vtkmodules/libvtkIOExodus.so", "/w/libvtkIOExodus.so", "BINARY"),
        ("vtkmodules/libviskores_cont.so", "/w/libviskores_cont.so", "BINARY"),
        ("libvtkIOExodus.so", "vtkmodules/libvtkIOExodus.so", "SYMLINK"),
        ("vtkmodules/util/numpy_support.py", "/w/numpy_support.py", "DATA"),
    ]
    imports = {
        "/w/vtkRenderingCore.so": ["/w/libvtkRenderingCore.so", "/w/libvtkCommonCore.so"],
        "/w/vtkIOExodus.so": ["/w/libvtkIOExodus.so", "/w/libviskores_cont.so"],
    }
    assert _dropped(entries, imports) == [
        "libvtkIOExodus.so",
        "vtkmodules/libviskores_cont.so",
        "vtkmodules/libvtkIOExodus.so",
        f"vtkmodules/vtkIOExodus.{EXT}",
    ]


def test_unused_qt_translations_and_embedded_platforms_go_xcb_and_german_stay() -> None:
    qt = "PySide6/Qt/"
    entries = [
        (f"{qt}translations/qtbase_fr.qm", "/w/a", "DATA"),
        (f"{qt}plugins/platforms/libqeglfs.so", "/w/b", "BINARY"),
        (f"{qt}plugins/platforms/libqwayland.so", "/w/c", "BINARY"),
        (f"{qt}plugins/platformthemes/libqgtk3.so", "/w/d", "BINARY"),
        (f"{qt}lib/libQt6EglFSDeviceIntegration.so.6", "/w/e", "BINARY"),
        (f"{qt}plugins/platforms/libqxcb.so", "/w/f", "BINARY"),
        (f"{qt}plugins/xcbglintegrations/libqxcb-glx-integration.so", "/w/g", "BINARY"),
        (f"{qt}plugins/imageformats/libqjpeg.so", "/w/h", "BINARY"),
        (f"{qt}lib/libQt6OpenGLWidgets.so.6", "/w/i", "BINARY"),
        (f"{qt}translations/qtbase_de.qm", "/w/j", "DATA"),  # the window speaks German
        (f"{qt}translations/designer_de.qm", "/w/k", "DATA"),
    ]
    assert _dropped(entries, {}) == sorted([*(e[0] for e in entries[:5]), entries[-1][0]])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux rule")
def test_distribution_libraries_go_but_the_interpreter_stays(tmp_path: Path) -> None:
    bundled = tmp_path / "libfoo.so.1"
    bundled.write_bytes(b"x")
    libc = Path("/lib/x86_64-linux-gnu/libz.so.1")
    entries = [
        ("libz.so.1", str(libc), "BINARY"),
        ("libfoo.so.1", str(bundled), "BINARY"),
        ("libpython3.11.so.1.0", "/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0", "BINARY"),
    ]
    assert _dropped(entries, {}) == ["libz.so.1"]


def test_dev_tools_go() -> None:
    entries = [("hypothesis/extra.so", "/w/x", "BINARY"), ("numpy/core.so", "/w/y", "EXTENSION")]
    assert _dropped(entries, {}) == ["hypothesis/extra.so"]


@pytest.mark.skipif(shutil.which("strip") is None, reason="binutils")
def test_strip_keeps_a_library_loadable_and_smaller(tmp_path: Path) -> None:
    import ctypes

    # A real shared object with symbols: the interpreter's own _ctypes module, copied.
    source = Path(ctypes.__file__).parent.parent / "lib-dynload"
    module = next(source.glob("_ctypes.*.so"), None)
    if module is None:
        pytest.skip("no shared _ctypes module in this Python")
    folder = tmp_path / "app"
    folder.mkdir()
    copy = folder / module.name
    shutil.copyfile(module, copy)
    sections = subprocess.run(
        ["readelf", "-S", str(copy)], capture_output=True, text=True, check=True
    ).stdout
    if ".symtab" not in sections:
        pytest.skip("this Python's modules are stripped already")
    before = copy.stat().st_size
    lines: list[str] = []
    trim.strip_binaries(folder, lines.append)
    assert trim.loadable_layout(copy)
    assert "stripped from" in lines[0]
    assert copy.stat().st_size < before
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(folder)!r}); import _ctypes"],
        check=False,
    )
    assert done.returncode == 0  # the stripped module still imports


def test_a_misaligned_load_segment_is_refused(tmp_path: Path) -> None:
    import struct

    header = bytearray(64)
    header[:6] = b"\x7fELF\x02\x01"
    struct.pack_into("<Q", header, 0x20, 64)  # program headers right after the ELF header
    struct.pack_into("<HH", header, 0x36, 56, 1)
    segment = bytearray(56)
    struct.pack_into("<IIQQ", segment, 0, 1, 5, 0x1234, 0x5000)  # PT_LOAD, offset ≠ vaddr
    struct.pack_into("<Q", segment, 48, 0x1000)
    bad = tmp_path / "bad.so"
    bad.write_bytes(bytes(header + segment))
    assert not trim.loadable_layout(bad)
    struct.pack_into("<IIQQ", segment, 0, 1, 5, 0x1000, 0x5000)
    bad.write_bytes(bytes(header + segment))
    assert trim.loadable_layout(bad)


def test_matplotlib_keeps_only_the_order_form_fonts_and_pillow_drops_avif_and_webp() -> None:
    fonts = "matplotlib/mpl-data/fonts/"
    entries = [
        (f"{fonts}ttf/DejaVuSans.ttf", "/w/a", "DATA"),
        (f"{fonts}ttf/DejaVuSans-Bold.ttf", "/w/b", "DATA"),
        (f"{fonts}ttf/STIXGeneral.ttf", "/w/c", "DATA"),
        (f"{fonts}afm/cmex10.afm", "/w/d", "DATA"),
        ("matplotlib/mpl-data/sample_data/Stocks.csv", "/w/e", "DATA"),
        ("matplotlib/mpl-data/matplotlibrc", "/w/f", "DATA"),
        (f"PIL/_avif.{EXT}", "/w/g", "EXTENSION"),
        ("pillow.libs/libavif-c6062d5f.so.16.4.2", "/w/h", "BINARY"),
        ("pillow.libs/libwebp-51b0b3f7.so.7.2.0", "/w/i", "BINARY"),
        (f"PIL/_imaging.{EXT}", "/w/j", "EXTENSION"),
        ("pillow.libs/libjpeg-6dc8d115.so.62.4.0", "/w/k", "BINARY"),
    ]
    assert _dropped(entries, {}) == sorted(
        [
            f"{fonts}ttf/STIXGeneral.ttf",
            f"{fonts}afm/cmex10.afm",
            "matplotlib/mpl-data/sample_data/Stocks.csv",
            f"PIL/_avif.{EXT}",
            "pillow.libs/libavif-c6062d5f.so.16.4.2",
            "pillow.libs/libwebp-51b0b3f7.so.7.2.0",
        ]
    )


def test_zstandard_keeps_its_c_backend_and_drops_the_cffi_one() -> None:
    entries = [
        (f"zstandard/backend_c.{EXT}", "/w/a", "EXTENSION"),
        (f"zstandard/_cffi.{EXT}", "/w/b", "EXTENSION"),
    ]
    assert _dropped(entries, {}) == [f"zstandard/_cffi.{EXT}"]


def test_the_vtk_modules_with_stand_ins_are_left_out() -> None:
    stubs = load("installer/vtk_stubs.py", "scaninbox_vtk_stubs_for_trim")
    for module in stubs.STUBBED_MODULES + stubs.ABSENT_MODULES:
        assert module.split(".", 1)[1] not in trim.VTK_EXTENSIONS, module
    # What the viewer draws with stays: text (the orientation marker, the QC report's captions)
    # and point labels (the measure tool).
    assert {"vtkRenderingCore", "vtkRenderingFreeType", "vtkRenderingLabel"} <= trim.VTK_EXTENSIONS


def test_files_no_run_opens_go_and_their_neighbours_stay() -> None:
    qt = "PySide6/Qt/plugins/"
    dyn = "python3.11/lib-dynload/"
    entries = [
        (f"{qt}tls/libqopensslbackend.so", "/w/a", "BINARY"),
        (f"{qt}networkinformation/libqnetworkmanager.so", "/w/b", "BINARY"),
        (f"{dyn}_codecs_jp.{EXT}", "/w/c", "EXTENSION"),
        (f"{dyn}_multibytecodec.{EXT}", "/w/d", "EXTENSION"),
        ("matplotlib/mpl-data/images/hand.svg", "/w/e", "DATA"),
        ("trimesh/resources/templates/viewer.zip", "/w/f", "DATA"),
        (f"numpy/_core/_multiarray_tests.{EXT}", "/w/g", "EXTENSION"),
        ("resources/translations/scaninbox_pane_de.ts", "/w/h", "DATA"),
        # Kept: what the runs open, and the compiled catalogues the window loads.
        (f"{qt}platforms/libqxcb.so", "/w/i", "BINARY"),
        (f"{dyn}_ssl.{EXT}", "/w/j", "EXTENSION"),
        (f"{dyn}unicodedata.{EXT}", "/w/k", "EXTENSION"),
        ("matplotlib/mpl-data/matplotlibrc", "/w/l", "DATA"),
        ("matplotlib/mpl-data/stylelib/classic.mplstyle", "/w/m", "DATA"),
        (f"numpy/_core/_multiarray_umath.{EXT}", "/w/n", "EXTENSION"),
        ("resources/translations/scaninbox_pane_de.qm", "/w/o", "DATA"),
        ("resources/selftest/upper-arch.ply", "/w/p", "DATA"),
    ]
    assert _dropped(entries, {}) == sorted(e[0] for e in entries[:8])
