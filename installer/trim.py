"""What the frozen app leaves out, and why: used by build.spec after PyInstaller's analysis.

Every cut is backed by a measurement of what the app really loads (docs/packaging.md, "Size"):
the shared objects mapped into the process (/proc/self/maps) and the Python modules imported while
`scaninbox --self-test` runs under Xvfb (imports, off-screen render, sandbox, sign-in, download,
the main window with its 3D viewer), plus the render and 3D-viewer test suites. The frozen
app's self-test in CI is the proof that nothing needed was cut.

The rules work on PyInstaller TOC entries ``(dest_name, src_name, typecode)``; ``trim`` returns
the kept entries and reports, per rule, how many files and bytes it dropped.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

# The VTK Python extension modules imported by the measured runs (pyvista's import, pyvistaqt,
# our render/ and qt/viewer code). Everything else in vtkmodules — I/O for 60 file formats,
# parallel, VR, Web, chemistry, the VTK-m/Viskores accelerators (≈ 170 MB) — is never loaded.
# Not here although pyvista imports them: the modules `vtk_stubs.STUBBED_MODULES` stands in for
# (2D charts and their drawing device, volume rendering, image sources, 3D widgets, annotation
# actors: pyvista defines subclasses of their classes or reads them into a table, and never
# creates one in this app) and the modules only they pull in (vtkViewsCore, vtkImagingMath,
# vtkImagingColor), and the optional vtkRenderingMatplotlib.
# A VTK library is kept when one of these needs it at link time (ldd), so upgrades that move
# code between libraries stay safe; a new module pyvista starts importing fails the frozen
# self-test's import check in CI and belongs here.
VTK_EXTENSIONS = frozenset(
    {
        "vtkCommonColor",
        "vtkCommonCore",
        "vtkCommonDataModel",
        "vtkCommonExecutionModel",
        "vtkCommonMath",
        "vtkCommonMisc",
        "vtkCommonSystem",
        "vtkCommonTransforms",
        "vtkFiltersCore",
        "vtkFiltersGeneral",
        "vtkFiltersPython",
        "vtkFiltersSources",
        "vtkIOCore",
        "vtkIOImage",
        "vtkIOPLY",
        "vtkImagingCore",
        "vtkInteractionStyle",
        "vtkParallelCore",
        "vtkRenderingCore",
        "vtkRenderingFreeType",
        "vtkRenderingHyperTreeGrid",
        "vtkRenderingLabel",
        "vtkRenderingOpenGL2",
        "vtkRenderingUI",
    }
)

QT_TRANSLATIONS_KEPT = ("de",)  # the languages of scaninbox.language.catalogs besides English

# Qt plugins for platforms a desktop app never runs on (embedded framebuffers, VNC, Vulkan
# displays, evdev input without a window system), the GTK theme bridge (it drags GTK, Pango,
# Cairo and ATK into the package and is only used when QT_QPA_PLATFORMTHEME=gtk3), and Wayland:
# the 3D viewer is tested on X11 only (Xvfb here, XWayland on a Wayland desktop), so the app
# always takes the xcb platform, which Wayland desktops run through XWayland. Kept: xcb,
# offscreen, the xdg-desktop-portal theme, image formats, TLS, network information.
QT_PLUGINS_UNUSED = (
    "platforms/libqwayland",
    "wayland-",
    "platforms/libqeglfs.so",
    "platforms/libqlinuxfb.so",
    "platforms/libqminimal.so",
    "platforms/libqminimalegl.so",
    "platforms/libqvnc.so",
    "platforms/libqvkkhrdisplay.so",
    "egldeviceintegrations/",
    "generic/",
    "platformthemes/libqgtk3.so",
    # Qt's own TLS and network-reachability plugins: the app speaks HTTPS through httpx (Python's
    # ssl on the system's OpenSSL) and uses Qt's network module only for the local socket that
    # hands files to a running window; no run opens these (strace, docs/packaging.md).
    "tls/",
    "networkinformation/",
)
# Libraries only the plugins above link to.
QT_LIBS_UNUSED = (
    "libQt6EglFSDeviceIntegration.so.6",
    "libQt6EglFsKmsSupport.so.6",
    "libQt6WaylandClient.so.6",
    "libQt6WaylandEglClientHwIntegration.so.6",
    "libQt6WlShellIntegration.so.6",
)

# Data and plugins of libraries the app never reaches (measured: never opened by the runs
# above). matplotlib is imported by pyvista but never draws: its sample data, and its fonts
# except DejaVu Sans (regular, bold), which the demo sandbox's order-form PDF uses. Pillow's AVIF
# and WebP codecs (the app reads and writes PNG and JPEG; Qt has its own WebP plugin).
# zstandard's CFFI backend: on CPython zstandard imports its C backend and nothing else unless
# PYTHON_ZSTANDARD_IMPORT_POLICY asks for CFFI (zstandard/__init__.py; the runs above open
# backend_c only, and the self-test imports the store's zstandard-using module).
# Also never opened: matplotlib's toolbar images (its own windows, which the app never shows),
# trimesh's notebook viewer, numpy's test extension, Python's CJK codecs (the app reads and
# writes UTF-8; Qt's ICU data left out the legacy character sets for the same reason), the
# translation sources (.ts: the window loads the compiled .qm beside them).
DATA_UNUSED = (
    "matplotlib/mpl-data/sample_data/",
    "matplotlib/mpl-data/plot_directive/",
    "matplotlib/mpl-data/images/",
    "trimesh/resources/templates/viewer.zip",
    "numpy/_core/_multiarray_tests.",
    "python3.11/lib-dynload/_codecs_",
    "python3.11/lib-dynload/_multibytecodec.",
    "PIL/_avif.",
    "PIL/_webp.",
    "PIL/_imagingtk.",
    "pillow.libs/libavif-",
    "pillow.libs/libwebp-",
    "pillow.libs/libwebpmux-",
    "pillow.libs/libwebpdemux-",
    "pillow.libs/libsharpyuv-",
    "zstandard/_cffi.",
)
TRANSLATION_SOURCES = ("resources/translations/", ".ts")
MATPLOTLIB_FONTS = "matplotlib/mpl-data/fonts/"
FONTS_KEPT = ("ttf/DejaVuSans.ttf", "ttf/DejaVuSans-Bold.ttf")

# Python packages PyInstaller's analysis finds but no run imports, left out of the analysis
# (build.spec's excludes). Measured by recording `sys.modules` at exit of the app's runs (the
# self-test, the demo window with a case in 3D, a local file, render, qc --report, lab status;
# docs/packaging.md says how) and checked by tests/packaging/test_python_unused.py, which walks
# every module of the app as the self-test does with these made unimportable.
PYTHON_UNUSED = (
    # httpx's command line (httpx/_main.py: rich, pygments and the markdown parser rich needs).
    # httpx imports it inside `try … except ImportError` and puts a stand-in `main` in its place;
    # the library itself does not use them.
    "httpx._main",
    "rich",
    "pygments",
    "markdown_it",
    "mdurl",
    # requests and its helpers: only pooch's downloader (pyvista's example data) imports them.
    "requests",
    "urllib3",
    "charset_normalizer",
    # pyvista's example data sets and demos (downloads), numpy's Fortran binding generator, FFT
    # and polynomial classes (numpy loads np.fft and np.polynomial on first use; nothing uses
    # them), pydantic's v1 API and mypy plugin.
    "pyvista.examples",
    "pyvista.demos",
    "numpy.f2py",
    "numpy.fft",
    "numpy.polynomial",
    "pydantic.v1",
    "pydantic.mypy",
    # matplotlib's contouring and triangulation engines: imported inside the functions that draw
    # contour plots and triangulations. pyvista uses matplotlib for colour maps only, and the
    # app draws no matplotlib figure.
    "contourpy",
    "matplotlib._qhull",
    "matplotlib._tri",
    # The standard library's help topics, doctest and XML-RPC.
    "pydoc_data",
    "doctest",
    "xmlrpc",
    # PySide6's D-Bus binding (Qt's own D-Bus library stays: the platform theme links it).
    "PySide6.QtDBus",
)

# Development tools that reach the analysis through optional imports of libraries.
DEV_PACKAGES = ("hypothesis/", "_pytest/", "pytest/", "mypy/", "mypyc/")

# System library folders: on Linux the package depends on the distribution's libraries
# (Depends, computed by scripts/package with ldd and dpkg -S) instead of carrying copies of them.
SYSTEM_LIB_DIRS = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/")

Entry = tuple[str, str, str]


def _dest(entry: Entry) -> str:
    return entry[0].replace(os.sep, "/")


def _vtk_extension(dest: str) -> str | None:
    """``vtkFiltersCore`` for ``vtkmodules/vtkFiltersCore.cpython-311-x86_64-linux-gnu.so``."""
    if not dest.startswith("vtkmodules/") or dest.count("/") != 1:
        return None
    name = dest.split("/", 1)[1]
    stem = name.split(".", 1)[0]
    return stem if stem.startswith("vtk") and name.endswith((".so", ".pyd")) else None


def _is_vtk_library(dest: str) -> bool:
    base = dest.rsplit("/", 1)[-1]
    return base.startswith(("libvtk", "libviskores", "vtk", "viskores")) and (
        ".so" in base or base.endswith(".dll") or ".dylib" in base
    )


def vtk_keep_names(binaries: Iterable[Entry], imports: Callable[[str], Iterable[str]]) -> set[str]:
    """Base names of the VTK files the kept extension modules need (themselves included)."""
    keep: set[str] = set()
    for entry in binaries:
        dest = _dest(entry)
        module = _vtk_extension(dest)
        if module in VTK_EXTENSIONS:
            keep.add(dest.rsplit("/", 1)[-1])
            keep.update(Path(path).name for path in imports(entry[1]))
    return keep


def ldd_imports(path: str) -> list[str]:
    """Resolved link-time dependencies of ``path`` (PyInstaller's own ldd wrapper, cached)."""
    from PyInstaller.depend import bindepend

    return [full for _name, full in bindepend.get_imports(path) if full]


Rule = tuple[str, Callable[[Entry], bool]]


def rules(
    binaries: list[Entry], *, imports: Callable[[str], Iterable[str]] = ldd_imports
) -> list[Rule]:
    """The cuts, in the order they are applied; each says which entries it drops."""
    vtk_keep = vtk_keep_names(binaries, imports)

    def vtk_unused(entry: Entry) -> bool:
        dest = _dest(entry)
        module = _vtk_extension(dest)
        if module is not None:
            return module not in VTK_EXTENSIONS
        return _is_vtk_library(dest) and dest.rsplit("/", 1)[-1] not in vtk_keep

    def qt_unused(entry: Entry) -> bool:
        dest = _dest(entry)
        if "PySide6/Qt/translations/" in dest:
            # Qt's own words (standard buttons, print and file dialogs) for the languages the
            # window speaks (scaninbox.qt.runtime.language loads qtbase_<code>.qm); no others.
            name = dest.rsplit("/", 1)[-1]
            return name not in {f"qtbase_{code}.qm" for code in QT_TRANSLATIONS_KEPT}
        if "PySide6/Qt/plugins/" in dest:
            plugin = dest.split("PySide6/Qt/plugins/", 1)[1]
            return any(plugin.startswith(cut) for cut in QT_PLUGINS_UNUSED)
        return dest.rsplit("/", 1)[-1] in QT_LIBS_UNUSED

    def data_unused(entry: Entry) -> bool:
        dest = _dest(entry)
        if dest.startswith(MATPLOTLIB_FONTS):
            return dest.removeprefix(MATPLOTLIB_FONTS) not in FONTS_KEPT
        if dest.startswith(TRANSLATION_SOURCES[0]) and dest.endswith(TRANSLATION_SOURCES[1]):
            return True
        return dest.startswith(DATA_UNUSED)

    def dev_tool(entry: Entry) -> bool:
        return _dest(entry).startswith(DEV_PACKAGES)

    def system_library(entry: Entry) -> bool:
        if not sys.platform.startswith("linux") or entry[2] != "BINARY":
            return False
        if Path(entry[0]).name.startswith("libpython"):
            return False  # the bootloader loads the interpreter from the folder
        source = os.path.realpath(entry[1])
        return source.startswith(SYSTEM_LIB_DIRS)

    return [
        ("VTK modules outside the app's closure", vtk_unused),
        ("Qt translations, unused platform plugins and their libraries", qt_unused),
        ("data and codecs the app never reaches (matplotlib, Pillow, CJK codecs, …)", data_unused),
        ("development tools", dev_tool),
        ("copies of distribution libraries (the package depends on them)", system_library),
    ]


def loadable_layout(path: Path) -> bool:
    """Whether every PT_LOAD segment of the ELF file satisfies the loader's rule
    ``p_vaddr ≡ p_offset (mod p_align)`` — what `strip` breaks in files patchelf rewrote (the
    wheels auditwheel repaired, e.g. numpy's OpenBLAS: "ELF load command address/offset not
    page-aligned"; the frozen self-test caught it)."""
    import struct

    data = path.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2:  # 64-bit only (the Linux build is x86-64)
        return True
    endian = "<" if data[5] == 1 else ">"
    phoff = struct.unpack_from(endian + "Q", data, 0x20)[0]
    phentsize, phnum = struct.unpack_from(endian + "HH", data, 0x36)
    for index in range(phnum):
        p_type, _flags, p_offset, p_vaddr = struct.unpack_from(
            endian + "IIQQ", data, phoff + index * phentsize
        )
        p_align = struct.unpack_from(endian + "Q", data, phoff + index * phentsize + 48)[0]
        if p_type == 1 and p_align > 1 and (p_vaddr - p_offset) % p_align:
            return False
    return True


def strip_binaries(folder: Path, report: Callable[[str], None]) -> None:
    """``strip --strip-unneeded`` every shared object of the frozen ``folder`` (Linux).

    Most wheels ship theirs with symbol tables and debug information (VTK's alone ≈ 110 MB).
    A file whose stripped copy the loader would refuse (see ``loadable_layout``) is left as
    it was.
    """
    import shutil
    import subprocess
    import tempfile

    saved = count = 0
    kept: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        for path in sorted(folder.rglob("*.so*")):
            if path.is_symlink() or not path.is_file():
                continue
            copy = Path(scratch) / "stripped"
            shutil.copyfile(path, copy)
            done = subprocess.run(
                ["strip", "--strip-unneeded", str(copy)], capture_output=True, check=False
            )
            if done.returncode != 0 or not loadable_layout(copy):
                kept.append(path.name)
                continue
            before, after = path.stat().st_size, copy.stat().st_size
            if after < before:
                mode = path.stat().st_mode
                shutil.copyfile(copy, path)
                path.chmod(mode)
                saved += before - after
                count += 1
    report(f"trim: symbol tables stripped from {count} shared objects: {saved / 1e6:.1f} MB")
    if kept:
        report(f"trim: left unstripped (stripping would break them): {', '.join(kept)}")


def trim(entries: list[Entry], applied: list[Rule], report: Callable[[str], None]) -> list[Entry]:
    """``entries`` without those a rule drops; one report line per rule (files, MB)."""
    kept: list[Entry] = []
    dropped: dict[str, list[int]] = {name: [0, 0] for name, _ in applied}
    for entry in entries:
        for name, drops in applied:
            if drops(entry):
                counts = dropped[name]
                counts[0] += 1
                with contextlib.suppress(OSError):  # a file PyInstaller names but cannot find
                    counts[1] += Path(entry[1]).stat().st_size
                break
        else:
            kept.append(entry)
    for name, (files, size) in dropped.items():
        report(f"trim: {name}: {files} files, {size / 1e6:.1f} MB")
    return kept
