"""Off-screen pictures, judged by their pixels."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from scaninbox.domain import Jaw
from scaninbox.render import SceneInput, View, render_png
from scaninbox.scans import orient, parse_axis_mapping, read_mesh, refine
from scaninbox.scans.mesh import Mesh

from .pixels import centroid, extent, load, mean_colour, overlap, scan_mask

SIZE = (320, 240)


def _render(
    tmp_path: Path, scans: list[SceneInput], view: View = View.FRONT, name: str = "p"
) -> np.ndarray:
    out = render_png(scans, tmp_path / f"{name}.png", size=SIZE, view=view)
    pixels = load(out)
    assert pixels.shape == (SIZE[1], SIZE[0], 3)
    return pixels


def test_upper_is_ivory_lower_is_blue_and_both_are_centred(tmp_path: Path, arch: Mesh) -> None:
    upper = _render(tmp_path, [SceneInput(arch, Jaw.UPPER)], View.UPPER, "upper")
    lower = _render(tmp_path, [SceneInput(arch, Jaw.LOWER)], View.UPPER, "lower")
    for pixels in (upper, lower):
        mask = scan_mask(pixels)
        assert mask.mean() > 0.06  # the arch (a thin horseshoe) fills a fair part of the picture
        x, y = centroid(mask)
        assert abs(x - 0.5) < 0.08
        assert abs(y - 0.5) < 0.12
    red, _, blue = mean_colour(upper, scan_mask(upper))
    assert red > blue + 15  # warm ivory
    red, _, blue = mean_colour(lower, scan_mask(lower))
    assert blue > red + 15  # soft blue


def test_front_and_upper_views_show_different_outlines(tmp_path: Path, arch: Mesh) -> None:
    front = scan_mask(_render(tmp_path, [SceneInput(arch)], View.FRONT, "front"))
    upper = scan_mask(_render(tmp_path, [SceneInput(arch)], View.UPPER, "upper"))
    front_width, front_height = extent(front)
    upper_width, upper_height = extent(upper)
    assert front_width / front_height > 2.0  # an arch seen from the front: wide and low
    assert upper_width / upper_height < 1.6  # from below: the horseshoe
    assert overlap(front, upper) < 0.6


def test_upper_view_puts_the_incisors_at_the_top(tmp_path: Path, arch: Mesh) -> None:
    mask = scan_mask(_render(tmp_path, [SceneInput(arch)], View.UPPER, "upper"))
    # The horseshoe is closed at the incisors (one blob across the middle) and open behind.
    assert _closed_at(mask, top=True)
    assert not _closed_at(mask, top=False)


def test_left_and_right_views_mirror_each_other(tmp_path: Path, arch: Mesh) -> None:
    left = scan_mask(_render(tmp_path, [SceneInput(arch)], View.LEFT, "left"))
    right = scan_mask(_render(tmp_path, [SceneInput(arch)], View.RIGHT, "right"))
    assert overlap(left, right[:, ::-1]) > 0.8
    assert overlap(left, right) < overlap(left, right[:, ::-1])


@pytest.mark.parametrize("mapping", ["x,z,-y", "-y,x,z", "z,-x,-y"])
def test_a_rotated_export_with_its_mapping_looks_like_the_canonical_scan(
    tmp_path: Path, arch: Mesh, mapping: str
) -> None:
    matrix = parse_axis_mapping(mapping)
    # What a portal with this convention would deliver: canonical = matrix @ exported.
    exported = orient(arch, matrix.T)
    unmapped_overlaps = []
    for view in (View.FRONT, View.UPPER):
        canonical = scan_mask(_render(tmp_path, [SceneInput(arch)], view, "canonical"))
        mapped = scan_mask(
            _render(tmp_path, [SceneInput(orient(exported, matrix))], view, "mapped")
        )
        unmapped = scan_mask(_render(tmp_path, [SceneInput(exported)], view, "raw"))
        assert overlap(canonical, mapped) > 0.97
        unmapped_overlaps.append(overlap(canonical, unmapped))
    assert min(unmapped_overlaps) < 0.7


def test_vertex_colours_can_be_switched_off(tmp_path: Path, coloured_arch: Mesh) -> None:
    on = _render(tmp_path, [SceneInput(coloured_arch, vertex_colours=True)], View.FRONT, "on")
    off = _render(tmp_path, [SceneInput(coloured_arch, vertex_colours=False)], View.FRONT, "off")

    def pinkish(pixels: np.ndarray) -> float:
        mask = scan_mask(pixels)
        r, g, b = (pixels[..., i][mask] for i in range(3))
        return float(((r - g > 45) & (r - b > 35)).mean())

    assert pinkish(on) > 0.2
    assert pinkish(off) < 0.02


def test_an_unreadable_size_is_refused(tmp_path: Path, arch: Mesh) -> None:
    with pytest.raises(ValueError, match="not possible"):
        render_png([SceneInput(arch)], tmp_path / "x.png", size=(0, 10))
    assert not list(tmp_path.iterdir())


@pytest.mark.realscans
def test_real_upper_arch_teeth_down_incisors_forward(tmp_path: Path, realscans: Path) -> None:
    raw = refine(read_mesh(realscans / "Example_01_vcolor_binary.ply"))
    mesh = orient(raw, parse_axis_mapping("-x,-y,z"))
    front = _render(tmp_path, [SceneInput(mesh, Jaw.UPPER)], View.FRONT, "front")
    upper = _render(tmp_path, [SceneInput(mesh, Jaw.UPPER)], View.UPPER, "upper")
    front_mask, upper_mask = scan_mask(front), scan_mask(upper)
    x, y = centroid(upper_mask)
    assert abs(x - 0.5) < 0.08
    assert abs(y - 0.5) < 0.12
    width, height = extent(front_mask)
    assert width / height > 2.0
    # From the front, the ivory crowns hang below the pink gingiva.
    r, g = front[..., 0], front[..., 1]
    rows = np.arange(front.shape[0])[:, None]
    ivory = front_mask & (r - g < 25)
    pink = front_mask & (r - g > 45)
    assert (rows * ivory).sum() / ivory.sum() > (rows * pink).sum() / pink.sum() + 5
    # From below, the arch is closed at the top of the picture (incisors, anterior +Y) and
    # open at the bottom (behind the molars).
    assert _closed_at(upper_mask, top=True)
    assert not _closed_at(upper_mask, top=False)
    # Shown as exported (no mapping), the incisors would be at the bottom.
    unmapped = scan_mask(_render(tmp_path, [SceneInput(raw, Jaw.UPPER)], View.UPPER, "raw"))
    assert not _closed_at(unmapped, top=True)


def _closed_at(mask: np.ndarray, *, top: bool) -> bool:
    rows = np.flatnonzero(mask.any(axis=1))
    band = mask[rows[0] : rows[0] + 8] if top else mask[rows[-1] - 8 : rows[-1]]
    return bool(band[:, mask.shape[1] // 2 - 2 : mask.shape[1] // 2 + 3].any())


@pytest.mark.realscans
def test_real_ply_vertex_colours(tmp_path: Path, realscans: Path) -> None:
    mesh = orient(
        refine(read_mesh(realscans / "Example_01_vcolor_binary.ply")), parse_axis_mapping("-x,-y,z")
    )
    on = _render(tmp_path, [SceneInput(mesh)], View.UPPER, "on")
    off = _render(tmp_path, [SceneInput(mesh, vertex_colours=False)], View.UPPER, "off")
    on_mask = scan_mask(on)
    r, g = on[..., 0][on_mask], on[..., 1][on_mask]
    assert ((r - g) > 40).mean() > 0.1  # pink gingiva
    off_mask = scan_mask(off)
    r, g = off[..., 0][off_mask], off[..., 1][off_mask]
    assert ((r - g) > 40).mean() < 0.02


def test_renders_without_any_display(tmp_path: Path, arch: Mesh) -> None:
    data = tmp_path / "arch.npz"
    np.savez(data, points=arch.points, faces=arch.faces)
    out = tmp_path / "headless.png"
    script = (
        "import sys, numpy as np\n"
        "from scaninbox.render import SceneInput, render_png\n"
        "from scaninbox.scans import refine\n"
        "from scaninbox.scans.mesh import Mesh\n"
        "d = np.load(sys.argv[1])\n"
        "mesh = refine(Mesh(d['points'], d['faces'], welded=True))\n"
        "render_png([SceneInput(mesh)], __import__('pathlib').Path(sys.argv[2]), size=(160, 120))\n"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "VTK_DEFAULT_OPENGL_WINDOW")
    }
    result = subprocess.run(
        [sys.executable, "-c", script, str(data), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "bad X server" not in result.stderr  # EGL was chosen up front, no X attempt
    assert scan_mask(load(out)).mean() > 0.03
