"""``scaninbox --self-test``: the installed app proves it works, one printed line per check.

Meant for the frozen app (a package, an installer) after installation and in CI: it exercises
what a build can break — modules left out of the bundle, a missing Qt or VTK library, the GL
stack — with the app's own code, on its own data:

    imports (and the lab hub's libpq) · the text mesh readers (ASCII STL, OBJ, ASCII PLY) ·
    off-screen render of the shipped mesh · sandbox on loopback · sign in · list cases ·
    download and parse a scan · QC and its PDF report (when the build has it) · the main window

Everything it writes goes into a temporary folder (``SCANINBOX_HOME`` points there while it
runs, and it is deleted afterwards): the user's settings, keyring entries, cases and caches are
never read or touched. Exit 0 when every check passed or was skipped for a stated reason; else 1,
and the last line names the checks that failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import io
import json
import os
import pkgutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scaninbox.sandbox import SandboxServer

__all__ = ["SELF_TEST_MESH", "CheckFailedError", "has_display", "one_line", "run_self_test"]

SELF_TEST_MESH = Path("selftest") / "upper-arch.ply"  # under resources/
_RENDER_SIZE = (320, 240)
_WINDOW_TIMEOUT_S = 35.0

# Third-party modules the app imports lazily, inside functions (so walking our own package does
# not import them): the bundle must hold them all.
_LAZY_IMPORTS = (
    "numpy",
    "trimesh",
    "pyvista",
    # The VTK modules the viewer and the renderer import by name (qt.viewer's stack): a build
    # that trims one away fails here, with its name, before the window check.
    "vtkmodules.vtkRenderingOpenGL2",
    "vtkmodules.vtkRenderingFreeType",
    "vtkmodules.vtkRenderingAnnotation",
    "vtkmodules.vtkInteractionStyle",
    "vtkmodules.vtkIOPLY",
    "vtkmodules.vtkFiltersCore",
    "psycopg",  # the lab hub's driver; its libpq is checked below
    "httpx",
    "pydantic",
    "keyring",
    "starlette",
    "uvicorn",
    "fpdf",
    "PIL.Image",
    "platformdirs",
)
# Qt and the viewer's bindings; imported by name so that this module itself stays Qt-free.
_GUI_IMPORTS = (
    "PySide6.QtWidgets",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtPdf",
    "PySide6.QtPdfWidgets",
    "PySide6.QtSvg",
    "qasync",
    "pyvistaqt",
)


class CheckFailedError(Exception):
    """A check's plain-words reason for failing."""


class _SkippedError(Exception):
    """A check that cannot run here; its message says why."""


@dataclass
class _Context:
    home: Path
    out: Callable[[str], None]
    verbose: bool
    run_command: Callable[[Sequence[str]], int]
    failed: list[str] = field(default_factory=list)
    server: SandboxServer | None = None
    base_url: str | None = None
    scan: Path | None = None


def has_display() -> bool:
    """Whether a window can be opened: always on Windows and macOS, else an X or Wayland display."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_self_test(
    run_command: Callable[[Sequence[str]], int],
    *,
    verbose: bool = False,
    out: Callable[[str], None] | None = None,
) -> int:
    """Run every check, print one line each; 0 when none failed, else 1.

    ``run_command(argv)`` runs a ``scaninbox`` command in this process and returns its exit code
    (the command line's ``main``, handed in by it: this module does not import it back)."""
    write = out or (lambda line: print(line, flush=True))
    started = time.monotonic()
    from scaninbox import __version__

    write(f"Scan Inbox {__version__} self-test ({_build_kind()})")
    with _private_home() as home:
        context = _Context(home=home, out=write, verbose=verbose, run_command=run_command)
        try:
            _run("imports", context, _check_imports)
            _run("text mesh readers", context, _check_text_readers)
            _run("render", context, _check_render)
            _run("sandbox", context, _check_sandbox)
            _run("sign in, list cases, download and parse a scan", context, _check_service)
            _run("QC", context, _check_qc)
            _run("main window", context, _check_window)
        finally:
            if context.server is not None:
                context.server.stop()
    elapsed = time.monotonic() - started
    if context.failed:
        write(f"Self-test FAILED ({elapsed:.1f} s): {', '.join(context.failed)}")
        return 1
    write(f"Self-test passed ({elapsed:.1f} s)")
    return 0


def _build_kind() -> str:
    if getattr(sys, "frozen", False):
        return f"frozen app in {Path(sys.executable).parent}"
    return f"Python {sys.version.split()[0]} at {sys.executable}"


@contextlib.contextmanager
def _private_home() -> Iterator[Path]:
    """``SCANINBOX_HOME`` on a temporary folder while the checks run, then restored."""
    from scaninbox.paths import HOME_ENV

    previous = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix="scaninbox-self-test-") as folder:
        os.environ[HOME_ENV] = folder
        try:
            yield Path(folder)
        finally:
            if previous is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = previous


def _run(name: str, context: _Context, check: Callable[[_Context], str]) -> None:
    started = time.monotonic()
    try:
        detail = check(context)
    except _SkippedError as skipped:
        context.out(f"{name}: skipped ({skipped})")
        return
    except Exception as exc:
        context.failed.append(name)
        reason = (
            str(exc)
            if isinstance(exc, CheckFailedError)
            else f"{type(exc).__name__}: {one_line(exc)}"
        )
        context.out(f"{name}: FAILED — {reason}")
        if context.verbose:
            traceback.print_exc(file=sys.stderr)
        return
    context.out(f"{name}: ok — {detail} ({time.monotonic() - started:.1f} s)")


# ------------------------------------------------------------------ the checks


def _check_imports(context: _Context) -> str:
    import scaninbox

    os.environ.setdefault("QT_API", "pyside6")  # pyvistaqt finds Qt through QtPy
    ours = [
        info.name
        for info in pkgutil.walk_packages(scaninbox.__path__, "scaninbox.")
        if not info.name.endswith("__main__")
    ]
    failures: dict[str, list[str]] = {}
    for name in [*ours, *_LAZY_IMPORTS, *_GUI_IMPORTS]:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            failures.setdefault(one_line(exc), []).append(name)
    if failures:
        count = sum(len(names) for names in failures.values())
        raise CheckFailedError(
            f"{count} modules cannot be imported: "
            + "; ".join(f"{_names(names)}: {reason}" for reason, names in failures.items())
        )
    if len(ours) < 50:  # a bundle whose module index is broken would walk nothing and pass
        raise CheckFailedError(f"only {len(ours)} scaninbox modules found; the app is incomplete")
    libraries = len(_LAZY_IMPORTS) + len(_GUI_IMPORTS)
    return f"{len(ours)} scaninbox modules, {libraries} libraries, {_libpq()}"


def _libpq() -> str:
    """The lab hub's client library answers: libpq (on Linux the system's, loaded by psycopg's
    pure-Python implementation; elsewhere the compiled implementation's own copy) is only asked
    here, so importing psycopg alone proves little."""
    from psycopg import pq

    try:
        version = pq.version()
    except Exception as exc:
        raise CheckFailedError(f"the lab hub's libpq cannot be used: {one_line(exc)}") from None
    return f"libpq {version // 10000}.{version % 100} ({pq.__impl__})"


_ASCII_STL = (
    b"solid self-test\nfacet normal 0 0 1\n outer loop\n"
    b"  vertex -28.2027645111084 3.0631556510925293 19.392488479614258\n"
    b"  vertex 1.5e1 0 0\n  vertex 0 .25 -0\n endloop\nendfacet\nendsolid self-test\n"
)


_OBJ = (
    b"# self-test\r\nmtllib a.mtl\r\n"
    b"v -28.2027645111084 3.0631556510925293 19.392488479614258 1 0 0\r\n"
    b"v 1.5e1 0 0 0 1 0\r\nv\t0 .25 -0 0 0 1\r\nv 1 1 1 0.5 0.5 0.5\r\nvt 0 0\r\nvn 0 0 1\r\n"
    b"usemtl m\r\nf 1/1/1 2//1 -2 -1\r\n"
)
_ASCII_PLY = (
    b"ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
    b"property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n"
    b"-28.2027645111084 3.0631556510925293 19.392488479614258\n1.5e1 0 0\n0 .25 -0\n3 0 1 2\n"
)


def _check_text_readers(context: _Context) -> str:
    """ASCII STL, OBJ and ASCII PLY are read right (the numbers' decoding is our own code)."""
    import numpy as np

    from scaninbox.scans import read_mesh

    first = [-28.2027645111084, 3.0631556510925293, 19.392488479614258, 15, 0, 0, 0, 0.25, 0]
    expected = np.array(first, np.float32)
    stl = read_mesh(_ASCII_STL, name="self-test.stl")
    if stl.n_faces != 1 or not np.array_equal(stl.points.ravel(), expected):
        raise CheckFailedError("a one-triangle ASCII STL was read wrong")
    obj = read_mesh(_OBJ, name="self-test.obj")
    corners = [[0, 1, 2], [0, 2, 3]]
    if obj.faces.tolist() != corners or not np.array_equal(obj.points[:3].ravel(), expected):
        raise CheckFailedError("a two-triangle OBJ was read wrong")
    if obj.colours is None or obj.colours[:, :3].tolist()[:2] != [[255, 0, 0], [0, 255, 0]]:
        raise CheckFailedError("the vertex colours of an OBJ were read wrong")
    ply = read_mesh(_ASCII_PLY, name="self-test.ply")
    if ply.faces.tolist() != corners[:1] or not np.array_equal(ply.points.ravel(), expected):
        raise CheckFailedError("a one-triangle ASCII PLY was read wrong")
    _check_large_text_meshes()
    return "ASCII STL, OBJ, ASCII PLY"


def _check_large_text_meshes() -> None:
    """An OBJ and an ASCII PLY of 3,000 vertices (over 64 KiB). Every coordinate is a multiple
    of 1/8 written with six decimals, so any correct reader gives exactly these float32
    values."""
    import numpy as np

    from scaninbox.scans import read_mesh

    n = 3000
    steps = np.arange(n, dtype=np.float64)
    points = np.stack([steps * 0.125 - 100, -steps * 0.5, steps % 7 * 1.25], axis=1)
    faces = np.stack([steps[:-2], steps[1:-1], steps[2:]], axis=1).astype(np.int64)
    rows = [f"{x:.6f} {y:.6f} {z:.6f}" for x, y, z in points]
    obj = "".join(f"v {row} 0.5 0.25 1\n" for row in rows)
    obj += "".join(f"f {a + 1} {b + 1} {c + 1}\n" for a, b, c in faces)
    head = [
        "ply",
        "format ascii 1.0",
        f"element vertex {n}",
        *(f"property float {axis}" for axis in "xyz"),
        *(f"property uchar {channel}" for channel in ("red", "green", "blue")),
        f"element face {len(faces)}",
        "property list uchar int vertex_indices",
        "end_header",
    ]
    ply = "\n".join(head) + "\n" + "".join(f"{row} 128 64 255\n" for row in rows)
    ply += "".join(f"3 {a} {b} {c}\n" for a, b, c in faces)
    for text, kind in ((obj, "OBJ"), (ply, "ASCII PLY")):
        mesh = read_mesh(text.encode("ascii"), name=f"self-test large.{kind[-3:].lower()}")
        same = np.array_equal(mesh.points, points.astype(np.float32))
        if not same or not np.array_equal(mesh.faces, faces):
            raise CheckFailedError(f"a 3,000-vertex {kind} was read wrong")
        if mesh.colours is None or mesh.colours[:, :3].tolist()[0] != [128, 64, 255]:
            raise CheckFailedError(f"the vertex colours of a 3,000-vertex {kind} were read wrong")


def _names(names: list[str], shown: int = 4) -> str:
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")


def one_line(exc: BaseException) -> str:
    """The telling line of an exception's message (numpy's import error spans 20 lines, and the
    cause is the last), at most 300 characters."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    text = lines[-1] if lines else type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"


def _check_render(context: _Context) -> str:
    from scaninbox.paths import resources_dir
    from scaninbox.render import ScanToDraw, render_scan_files

    mesh = resources_dir() / SELF_TEST_MESH
    if not mesh.is_file():
        raise CheckFailedError(f"the test mesh {str(mesh)!r} is missing from the app")
    out = render_scan_files([ScanToDraw(mesh)], context.home / "render.png", size=_RENDER_SIZE)
    covered = _drawn_fraction(out)
    # The arch covers about a tenth of the frame; a blank or all-background picture means the GL
    # stack ran but drew nothing.
    if covered < 0.05:
        raise CheckFailedError(
            f"the picture of {mesh.name} is empty ({covered:.0%} of pixels drawn)"
        )
    width, height = _RENDER_SIZE
    return f"{mesh.name} drawn off-screen, {width}×{height}, {covered:.0%} of the pixels"


def _drawn_fraction(png: Path) -> float:
    """Share of pixels that differ from the background.

    The background is a vertical gradient, so each row is compared with its own left-most pixel
    (the scene is framed with a margin; nothing is drawn in the first column).
    """
    import numpy as np
    from PIL import Image

    with Image.open(png) as image:
        pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    background = pixels[:, :1, :]
    differs = np.abs(pixels - background).sum(axis=2) > 24
    return float(differs.mean())


def _check_sandbox(context: _Context) -> str:
    from scaninbox.paths import app_paths, ensure_private_dir
    from scaninbox.sandbox import SandboxConfig, SandboxServer

    config = SandboxConfig(
        host="127.0.0.1",
        port=0,
        cases=6,
        cache_dir=ensure_private_dir(app_paths().sandbox_cache_dir),
    )
    context.server = SandboxServer(config).start()
    context.base_url = context.server.base_url
    return f"listening on {context.base_url}"


def _check_service(context: _Context) -> str:
    if context.base_url is None:
        raise _SkippedError("the sandbox did not start")
    return asyncio.run(_sign_in_list_download(context, context.base_url))


async def _sign_in_list_download(context: _Context, base_url: str) -> str:
    from scaninbox.api import ApiClient, make_http_client, safe_filename
    from scaninbox.api.convert import case_ref, to_case
    from scaninbox.domain import Jaw
    from scaninbox.sandbox import DEMO_ACCOUNT
    from scaninbox.scans import read_mesh

    async with make_http_client(timeout_s=30) as http:
        client = ApiClient(http, base_url)
        await client.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        page = await client.list_cases(page_size=20)
        if not page.items:
            raise CheckFailedError("the sandbox listed no cases")
        for wire in page.items:
            ref = case_ref(wire)
            meshes = [s for s in to_case(wire).scan_files if s.file_type in ("stl", "ply")]
            # An upper jaw first: QC is then asked about the jaw it is told it is.
            meshes.sort(key=lambda scan: scan.jaw is not Jaw.UPPER)
            if ref is not None and meshes:
                break
        else:
            raise CheckFailedError(f"none of the {len(page.items)} listed cases has a scan file")
        if ref is None:  # unreachable: the loop only breaks on a case with a reference
            raise CheckFailedError("the listed case has no reference")
        chosen, name, file_type = ref, meshes[0].filename or "scan", meshes[0].file_type or "stl"
        dest = context.home / "download" / safe_filename(name)
        dest.parent.mkdir()
        await client.download(lambda: client.scan_file_link(chosen, name, file_type), dest)
    mesh = read_mesh(dest)
    context.scan = dest
    return (
        f"{len(page.items)} of {page.total} cases listed; {name!r} of case {ref}: "
        f"{dest.stat().st_size // 1024} KB, {mesh.faces.shape[0]} triangles"
    )


def _check_qc(context: _Context) -> str:
    if importlib.util.find_spec("scaninbox.qc") is None:
        raise _SkippedError("not in this build")
    if context.scan is None:
        raise _SkippedError("no scan was downloaded")
    captured = io.StringIO()
    pdf = context.home / "qc-report.pdf"
    with contextlib.redirect_stdout(captured):
        code = context.run_command(
            ["qc", "--upper", str(context.scan), "--json", "--report", str(pdf)]
        )
    if code not in (0, 6):  # 0 passed or warnings, 6 the scan failed QC: both are answers
        raise CheckFailedError(f"`scaninbox qc` ended with exit code {code}")
    try:
        report: Any = json.loads(captured.getvalue())
    except ValueError:
        raise CheckFailedError("`scaninbox qc --json` did not print JSON") from None
    verdict = report.get("verdict") if isinstance(report, dict) else None
    if not isinstance(verdict, str):
        raise CheckFailedError("the QC report has no verdict")
    # The printed report: its fonts, images and PDF writer are bundled parts a build can lose.
    if not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF-"):
        raise CheckFailedError("`scaninbox qc --report` wrote no PDF")
    return (
        f"verdict {verdict!r} for {context.scan.name!r} (exit {code}), "
        f"report PDF {pdf.stat().st_size // 1024} KB"
    )


def _check_window(context: _Context) -> str:
    if not has_display():
        raise _SkippedError("no display: DISPLAY and WAYLAND_DISPLAY are not set")
    from scaninbox.qt.harness.self_check import WindowCheckError, open_main_window

    try:
        return open_main_window(timeout_s=_WINDOW_TIMEOUT_S)
    except WindowCheckError as exc:
        raise CheckFailedError(str(exc)) from None
