"""``scaninbox render FILE... | --case REF --out PNG``: the viewer's scene as a picture, no display.

The command turns arguments into scan files with their jaws and one `Orientation` (from
`scaninbox.scans.resolve_orientation`, the resolver the viewer uses), reads and orients the
meshes and hands them to `scaninbox.render.render_png`. The orientation's note (no mapping,
estimated, turned) goes to stderr.

With ``--case REF`` the entries come from the local store, as the viewer gets them: the case as
stored (else fetched), its full-resolution scans from the file cache (downloaded when missing),
oriented by its portal's ``axisMapping`` and the turn chosen for that portal in the viewer
(`scaninbox.portal_turns`). The same scans as the viewer shows at first
(`scaninbox.domain.shown_at_first`), less the jaws the upper and lower views hide.
``--offline`` uses cached files only; when the service cannot be reached the store answers, as
for ``case``.

Files without ``--axis-mapping`` are oriented from their shape, as the viewer does for a portal
without a mapping; ``--axis-mapping x,y,z`` draws them as exported.

The arguments are read once into `RenderOptions` (checked there: size, files or a case, options
that only files take); the handler `run_render` gets them through
``deferred(module, name, RenderOptions.from_args)``, like every other command, and never sees
argparse. Everything heavy (VTK, the readers, the store) is imported when the command runs.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.cli.arguments import case_ref
from scaninbox.cli.deferred import deferred
from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_OTHER, EXIT_USAGE, CliError
from scaninbox.cli.options import GlobalOptions

if TYPE_CHECKING:  # the domain's types load when the command runs, not while the parser is built
    from scaninbox.cli.local_store import LocalStore
    from scaninbox.domain import Case, CaseRef, Jaw, ScanFile
    from scaninbox.scans import Orientation
    from scaninbox.store import SyncEngine

__all__ = [
    "RenderOptions",
    "case_scans_to_draw",
    "guess_jaw",
    "parse_size",
    "register",
    "run_render",
]

_SIZE = re.compile(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*")
_VIEWS = ("front", "left", "right", "upper", "lower")
_JAWS = ("upper", "lower", "bite")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "render",
        help="draw scan files into a PNG picture (no display needed)",
        description=(
            "Draw one or more scan files (STL, PLY, OBJ) together, or the scans of a case, as "
            "the viewer shows them, into a PNG picture."
        ),
    )
    parser.add_argument("files", nargs="*", metavar="FILE", type=Path, help="scan files")
    parser.add_argument(
        "--case",
        metavar="REF",
        help="draw this case's scans (guid or numeric id), from the local store and file cache",
    )
    parser.add_argument("--out", required=True, type=Path, metavar="PNG", help="picture to write")
    parser.add_argument(
        "--axis-mapping",
        metavar="M",
        help="the portal's axis mapping, e.g. 'x,z,-y' (default: estimated from the scans' "
        "shape; 'x,y,z' draws them as exported)",
    )
    parser.add_argument(
        "--jaw",
        choices=_JAWS,
        help="jaw of every file (default: guessed from each file name, else upper)",
    )
    parser.add_argument("--view", choices=_VIEWS, default="front", help="camera (default: front)")
    parser.add_argument(
        "--scanner-colours",
        action="store_true",
        help="the colours the scanner recorded (default: each jaw in its colour, as the window)",
    )
    parser.add_argument("--size", default="1280x960", metavar="WxH", help="picture size in pixels")
    parser.set_defaults(
        handler=deferred("scaninbox.cli.render_command", "run_render", RenderOptions.from_args)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class RenderOptions:
    """``render``'s arguments, checked: scan files or a case (never both), the picture."""

    files: tuple[Path, ...] = ()
    case: CaseRef | None = None
    out: Path
    axis_mapping: str | None = None  # files only: the portal's mapping, None to estimate
    jaw: Jaw | None = None  # files only: every file's jaw, None to guess from each name
    view: str = "front"
    size: tuple[int, int] = (1280, 960)
    scanner_colours: bool = False  # the window's default: jaw colours

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> RenderOptions:
        from scaninbox.domain import Jaw

        size = parse_size(args.size)
        files = tuple(args.files)
        if (args.case is None) == (not files):
            raise CliError("Give scan files or --case REF (one of the two).", EXIT_USAGE)
        if args.case is not None and (args.axis_mapping is not None or args.jaw is not None):
            raise CliError(
                "--axis-mapping and --jaw are for files; a case brings its own.", EXIT_USAGE
            )
        return cls(
            files=files,
            case=case_ref(args.case) if args.case is not None else None,
            out=args.out,
            axis_mapping=args.axis_mapping,
            jaw=Jaw(args.jaw) if args.jaw else None,
            view=args.view,
            size=size,
            scanner_colours=bool(args.scanner_colours),
        )


def run_render(options: GlobalOptions, command: RenderOptions) -> int:
    if "numpy" not in sys.modules:
        # The command's own process, before numpy loads: one BLAS thread. Our readers spread
        # their work over threads of their own; the BLAS's pool would only spin beside them
        # (CPU at numpy's import alone: benchmarks/README.md). Whoever set it keeps their choice.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from scaninbox.render.png_file import PictureWriteError, check_picture_path
    from scaninbox.scans import MeshError

    out = command.out
    if not out.parent.is_dir():
        raise CliError(
            f"The folder {str(out.parent)!r} for the picture does not exist.", EXIT_USAGE
        )
    try:
        check_picture_path(out)  # before any drawing: a folder or a device is refused at once
    except PictureWriteError as exc:
        raise CliError(str(exc), EXIT_OTHER) from None
    if command.case is not None:
        from scaninbox.cli.ref_lookup import resolve_ref

        drawing = _case_files(options, resolve_ref(options, command.case), command.view)
    else:
        files = [
            _File(path, command.jaw or guess_jaw(path.name), path.name) for path in command.files
        ]
        drawing = _Drawing(files, _orientation(command.axis_mapping))
    try:
        written = _draw(
            drawing,
            out,
            size=command.size,
            view=command.view,
            scanner_colours=command.scanner_colours,
        )
    except MeshError as exc:
        raise CliError(str(exc), EXIT_OTHER) from None
    except PictureWriteError as exc:  # a folder, a device, /proc, a name too long …
        raise CliError(str(exc), EXIT_OTHER) from None
    print(written)
    return 0


def case_scans_to_draw(case: Case, view: str = "front") -> list[ScanFile]:
    """The scans of ``case`` the viewer shows at first, minus what ``view`` leaves out."""
    from scaninbox.domain import jaws_hidden_in_view, shown_at_first

    hidden = jaws_hidden_in_view(view)
    return [s for s in shown_at_first(case.scan_files) if s.jaw not in hidden]


@dataclass(frozen=True, slots=True)
class _File:
    path: Path
    jaw: Jaw  # drawn in this jaw's colour
    name: str  # the scan's file name (a cached copy's path may not say it)


@dataclass(frozen=True, slots=True)
class _Drawing:
    files: list[_File]
    orientation: Orientation


def _orientation(mapping: str | None) -> Orientation:
    from scaninbox.scans import AxisMappingError, parse_axis_mapping, resolve_orientation

    if mapping is not None:
        try:
            parse_axis_mapping(mapping)
        except AxisMappingError as exc:
            raise CliError(
                f"The axis mapping {mapping!r} is not understood: {exc}.", EXIT_USAGE
            ) from None
    return resolve_orientation(mapping, portal="these files")


def _draw(
    drawing: _Drawing, out: Path, *, size: tuple[int, int], view: str, scanner_colours: bool
) -> Path:
    """Read, orient (estimating when there is no mapping) and draw; the note goes to stderr."""
    from scaninbox.cli.text_layout import write_error
    from scaninbox.domain import known_jaw
    from scaninbox.render import SceneInput, render_png
    from scaninbox.scans import orient, read_mesh, refine

    meshes = [refine(read_mesh(f.path, name=f.name)) for f in drawing.files]
    orientation = drawing.orientation.settle(
        [(mesh, known_jaw(f.jaw, f.name)) for mesh, f in zip(meshes, drawing.files, strict=True)]
    )
    if orientation.note is not None:
        write_error(f"{orientation.note}.")  # quotes the portal's name and axis mapping: escaped
    scans = [
        SceneInput(orient(mesh, orientation.matrix), jaw=f.jaw, vertex_colours=scanner_colours)
        for mesh, f in zip(meshes, drawing.files, strict=True)
    ]
    return render_png(scans, out, size=size, view=view)


# ------------------------------------------------------------------ --case


def _case_files(options: GlobalOptions, ref: CaseRef, view: str) -> _Drawing:
    from scaninbox.cli.local_cases import answer_locally_when_offline
    from scaninbox.cli.local_store import run_with_store

    async def fetch(engine: SyncEngine) -> _Drawing:
        return await _fetched_case_files(engine, ref, view)

    return answer_locally_when_offline(
        options,
        lambda: run_with_store(options, fetch),
        lambda local: _cached_case_files(local, ref, view),
        doing=f"drawing case {ref} from the files kept on this computer",
        ref=ref,
    )


async def _fetched_case_files(engine: SyncEngine, ref: CaseRef, view: str) -> _Drawing:
    """The case's scans from the cache, downloading the missing ones."""
    store = engine.store
    if not store.ios_portals():
        # A store that never synced has no portal list, and so no axis mappings: sync first.
        await engine.sync_now()
    stored = store.case(ref) or await engine.refresh_case(ref)
    if stored is None:
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    scans = _scans_or_fail(stored.case, view)
    from scaninbox.cli.case_scans import fetched_scan_paths

    paths = await fetched_scan_paths(engine, ref, scans)
    return _render_files(stored.case, scans, paths, store.axis_mapping(stored.case.source))


def _cached_case_files(local: LocalStore, ref: CaseRef, view: str) -> _Drawing:
    """The case's scans from the cache only; exit 4 naming what is not there."""
    stored = local.store.case(ref)
    if stored is None:
        raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    scans = _scans_or_fail(stored.case, view)
    from scaninbox.cli.case_scans import cached_scan_paths

    found = cached_scan_paths(local, ref, scans)
    return _render_files(stored.case, scans, found, local.store.axis_mapping(stored.case.source))


def _scans_or_fail(case: Case, view: str) -> list[ScanFile]:
    scans = case_scans_to_draw(case, view)
    if not scans:
        raise CliError(f"Case {case.ref} has no scans to draw in the {view} view.", EXIT_NOT_FOUND)
    return scans


def _render_files(
    case: Case, scans: Sequence[ScanFile], paths: Sequence[Path], mapping: str | None
) -> _Drawing:
    from scaninbox.paths import app_paths
    from scaninbox.portal_turns import PortalTurns
    from scaninbox.scans import resolve_orientation

    turn = PortalTurns.of(app_paths()).turn_for(case.source)
    orientation = resolve_orientation(mapping, portal=case.source, turn=turn)
    files = [
        _File(path, scan.jaw, scan.filename or path.name)
        for scan, path in zip(scans, paths, strict=True)
    ]
    return _Drawing(files, orientation)


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x960"`` → (1280, 960); `CliError` (usage) for anything else."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise CliError(f"The size {text!r} is not WIDTHxHEIGHT, e.g. 1280x960.", EXIT_USAGE)
    width, height = int(match.group(1)), int(match.group(2))
    if not (16 <= width <= 8192 and 16 <= height <= 8192):
        raise CliError(
            f"The size {text!r} is out of range: 16 to 8192 pixels each way.", EXIT_USAGE
        )
    return width, height


def guess_jaw(file_name: str) -> Jaw:
    """The jaw a file name suggests ("…_UpperJaw.stl", "LJ.ply", "maxilla…"); upper otherwise."""
    from scaninbox.domain import Jaw, jaw_from_name

    return jaw_from_name(file_name) or Jaw.UPPER
