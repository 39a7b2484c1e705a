"""Pictures of the main views of the real upper-arch scan, to look at (not a measurement).

    .venv/bin/python benchmarks/render_gallery.py            # → artifacts/render/*.png

Needs ../shared/realscans. Writes front/left/right/upper/lower views of Example_01 oriented
with ``-x,-y,z``, the PLY's vertex colours on and off, and the first flat-shaded soup.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
REALSCANS = ROOT.parent / "shared" / "realscans"


def main() -> int:
    from scaninbox.domain import Jaw
    from scaninbox.render import SceneInput, View, render_png
    from scaninbox.scans import orient, read_mesh, refine, resolve_orientation

    if not (REALSCANS / "Example_01_binary.stl").is_file():
        print("../shared/realscans is not here; nothing to draw.", file=sys.stderr)
        return 1
    out = ROOT / "artifacts" / "render"
    out.mkdir(parents=True, exist_ok=True)
    matrix = resolve_orientation("-x,-y,z").matrix
    soup = orient(read_mesh(REALSCANS / "Example_01_binary.stl"), matrix)
    smooth = refine(soup)
    coloured = refine(orient(read_mesh(REALSCANS / "Example_01_vcolor_binary.ply"), matrix))
    for view in View:
        print(render_png([SceneInput(smooth, Jaw.UPPER)], out / f"example01_{view}.png", view=view))
    print(render_png([SceneInput(coloured)], out / "example01_ply_colours.png", view=View.UPPER))
    print(
        render_png(
            [SceneInput(coloured, vertex_colours=False)],
            out / "example01_ply_jaw.png",
            view=View.UPPER,
        )
    )
    print(render_png([SceneInput(soup, Jaw.UPPER)], out / "example01_soup_flat.png"))
    # A stand-in lower arch: the upper one mirrored, its cusps 1 mm below the upper cusps.
    lower = orient(smooth, [[1, 0, 0], [0, 1, 0], [0, 0, -1]])
    gap = np.float32(lower.bounds[5] - smooth.bounds[4] + 1.0)
    print(
        render_png(
            [
                SceneInput(smooth, Jaw.UPPER),
                SceneInput(
                    lower.replace(points=lower.points - np.array([0, 0, gap], np.float32)),
                    Jaw.LOWER,
                ),
            ],
            out / "example01_two_arches_front.png",
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
