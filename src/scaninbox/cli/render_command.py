"""``scaninbox render FILE... --out PNG``: the viewer's scene as a picture, without a display.

The command only turns arguments into `ScanFile` entries (path, jaw, orientation) and hands
them to `scaninbox.render.render_scan_files`; a later ``--case REF`` fills the same list from
the local store.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from scaninbox.cli.errors import EXIT_OTHER, EXIT_USAGE, CliError
from scaninbox.domain import Jaw

__all__ = ["guess_jaw", "parse_size", "register"]

_SIZE = re.compile(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*")
_WORDS = re.compile(r"[a-z]+")
_JAW_WORDS = (
    (Jaw.UPPER, ("upper", "maxilla", "maxillary", "oberkiefer")),
    (Jaw.LOWER, ("lower", "mandible", "mandibular", "unterkiefer")),
    (Jaw.BITE, ("bite", "bitescan", "occlusion")),
)
_JAW_TOKENS = {"uj": Jaw.UPPER, "lj": Jaw.LOWER}
_VIEWS = ("front", "left", "right", "upper", "lower")
_JAWS = ("upper", "lower", "bite")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "render",
        help="draw scan files into a PNG picture (no display needed)",
        description=(
            "Draw one or more scan files (STL, PLY, OBJ) together, as the viewer shows them, "
            "into a PNG picture."
        ),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", type=Path, help="scan files")
    parser.add_argument("--out", required=True, type=Path, metavar="PNG", help="picture to write")
    parser.add_argument(
        "--axis-mapping",
        metavar="M",
        help="the portal's axis mapping, e.g. 'x,z,-y' (default: as exported)",
    )
    parser.add_argument(
        "--jaw",
        choices=_JAWS,
        help="jaw of every file (default: guessed from each file name, else upper)",
    )
    parser.add_argument("--view", choices=_VIEWS, default="front", help="camera (default: front)")
    parser.add_argument("--size", default="1280x960", metavar="WxH", help="picture size in pixels")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from scaninbox.render import ScanFile, render_scan_files
    from scaninbox.scans import AxisMappingError, MeshError, Orientation, parse_axis_mapping

    size = parse_size(args.size)
    orientation = Orientation()
    if args.axis_mapping is not None:
        try:
            orientation = Orientation(parse_axis_mapping(args.axis_mapping))
        except AxisMappingError as exc:
            raise CliError(
                f"The axis mapping {args.axis_mapping!r} is not understood: {exc}.", EXIT_USAGE
            ) from None
    out: Path = args.out
    if not out.parent.is_dir():
        raise CliError(
            f"The folder {str(out.parent)!r} for the picture does not exist.", EXIT_USAGE
        )
    files = [
        ScanFile(path, Jaw(args.jaw) if args.jaw else guess_jaw(path.name), orientation)
        for path in args.files
    ]
    try:
        written = render_scan_files(files, out, size=size, view=args.view)
    except MeshError as exc:
        raise CliError(str(exc), EXIT_OTHER) from None
    print(written)
    return 0


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
    stem = file_name.rsplit(".", 1)[0]
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", stem).lower()
    words = _WORDS.findall(spaced)
    for word in words:
        if word in _JAW_TOKENS:
            return _JAW_TOKENS[word]
    joined = " ".join(words)
    for jaw, names in _JAW_WORDS:
        if any(name in joined for name in names):
            return jaw
    return Jaw.UPPER
