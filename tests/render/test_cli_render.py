"""``scaninbox render``: pictures from files, plain errors, exit codes, jaw guesses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scaninbox.cli.main import main
from scaninbox.cli.render_command import guess_jaw
from scaninbox.domain import Jaw
from tests.unit.scans.meshfiles import arch_mesh, binary_stl

from .pixels import centroid, load, mean_colour, overlap, scan_mask


@pytest.fixture
def stl_file(tmp_path: Path) -> Path:
    points, faces = arch_mesh(120, 24)
    path = tmp_path / "case_LJ.stl"
    path.write_bytes(binary_stl(points, faces))
    return path


def test_render_writes_a_picture(
    tmp_path: Path, stl_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "picture.png"
    code = main(
        ["render", str(stl_file), "--out", str(out), "--view", "upper", "--size", "200x150"]
    )
    assert code == 0
    pixels = load(out)
    assert pixels.shape == (150, 200, 3)
    mask = scan_mask(pixels)
    red, _, blue = mean_colour(pixels, mask)
    assert blue > red  # "LJ" in the name: lower jaw, blue
    assert capsys.readouterr().out.strip() == str(out)


def test_jaw_and_mapping_options(tmp_path: Path, stl_file: Path) -> None:
    out = tmp_path / "p.png"
    code = main(
        [
            "render",
            str(stl_file),
            "--out",
            str(out),
            "--jaw",
            "upper",
            "--axis-mapping",
            "x, z, -y",
            "--view",
            "upper",
            "--size",
            "160x120",
        ]
    )
    assert code == 0
    pixels = load(out)
    mask = scan_mask(pixels)
    red, blue = pixels[..., 0], pixels[..., 2]
    # "--jaw upper" over the "LJ" in the name: ivory outside (the inside shows plum).
    assert (mask & (red - blue > 12)).sum() > 0.3 * mask.sum()
    assert (mask & (blue - red > 12) & (pixels[..., 1] > red)).sum() == 0  # no lower-jaw blue


@pytest.mark.parametrize(
    ("extra", "code", "message"),
    [
        (
            ["--axis-mapping", "x,x,z"],
            2,
            "The axis mapping 'x,x,z' is not understood: the axis x is used twice.",
        ),
        (["--size", "wide"], 2, "The size 'wide' is not WIDTHxHEIGHT, e.g. 1280x960."),
        (
            ["--size", "10x99999"],
            2,
            "The size '10x99999' is out of range: 16 to 8192 pixels each way.",
        ),
    ],
)
def test_usage_errors(
    tmp_path: Path,
    stl_file: Path,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    code: int,
    message: str,
) -> None:
    assert main(["render", str(stl_file), "--out", str(tmp_path / "x.png"), *extra]) == code
    assert capsys.readouterr().err.strip() == message
    assert not (tmp_path / "x.png").exists()


def test_unreadable_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "upper.stl"
    bad.write_bytes(b"\0" * 80 + (1000).to_bytes(4, "little") + b"\0" * 100)
    assert main(["render", str(bad), "--out", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("Cannot read the scan 'upper.stl': its header announces 1,000 triangles")
    assert err.count("\n") == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["upper.stl"]


def test_missing_folder_for_the_picture(
    stl_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(stl_file), "--out", str(tmp_path / "no" / "x.png")]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "jaw"),
    [
        ("Case12_UpperJaw.stl", Jaw.UPPER),
        ("lower.ply", Jaw.LOWER),
        ("scan-maxilla-01.stl", Jaw.UPPER),
        ("MandibleScan.stl", Jaw.LOWER),
        ("1234_UJ.stl", Jaw.UPPER),
        ("1234_LJ.stl", Jaw.LOWER),
        ("bite_left.stl", Jaw.BITE),
        ("BiteScan.ply", Jaw.BITE),
        ("preparation.stl", Jaw.UPPER),
        ("ljubljana.stl", Jaw.UPPER),
    ],
)
def test_jaw_guessed_from_the_file_name(name: str, jaw: Jaw) -> None:
    assert guess_jaw(name) is jaw


@pytest.mark.parametrize("kind", ["folder", "pipe", "link"])
def test_only_a_regular_file_is_ever_replaced(
    stl_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    # A pipe stands in for a device node such as /dev/full (which root would have replaced).
    out = tmp_path / "picture.png"
    if kind == "folder":
        out.mkdir()
    elif kind == "pipe":
        os.mkfifo(out)
    else:
        (tmp_path / "elsewhere.png").write_bytes(b"keep")
        out.symlink_to(tmp_path / "elsewhere.png")
    before = out.lstat()
    assert main(["render", str(stl_file), "--out", str(out), "--size", "64x48"]) == 1
    err = capsys.readouterr().err.strip()
    words = {"folder": "a folder", "pipe": "a pipe", "link": "a link"}[kind]
    assert err == (
        f"The picture cannot be written to {out}: it is {words}, and only a regular file "
        "is ever replaced."
    )
    after = out.lstat()
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("target", ["/proc/x.png", "LONG"])
def test_an_unwritable_picture_path_is_a_plain_message(
    stl_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    out = tmp_path / ("p" * 300 + ".png") if target == "LONG" else Path(target)
    assert main(["render", str(stl_file), "--out", str(out), "--size", "64x48"]) == 1
    err = capsys.readouterr().err.strip()
    last = err.splitlines()[-1]  # after the note on the estimated orientation
    assert last.startswith(f"The picture cannot be written to {out}: ")
    assert "Unexpected" not in err


def test_an_existing_picture_is_replaced(stl_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "picture.png"
    out.write_bytes(b"old")
    assert main(["render", str(stl_file), "--out", str(out), "--size", "64x48"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")


def test_files_without_a_mapping_are_oriented_from_their_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch
    from scaninbox.sandbox.axes import to_portal_frame

    names = []
    for jaw in ("upper", "lower"):
        arch = build_arch(ArchRecipe(jaw=jaw, seed=4), spacing_mm=0.8)  # type: ignore[arg-type]
        exported = to_portal_frame(arch.vertices, "x,z,-y")  # as iTero sends them
        path = tmp_path / f"{jaw}.stl"
        path.write_bytes(binary_stl(exported, arch.faces))
        names.append(str(path))

    def front(mapping: list[str], out: Path) -> tuple[float, float]:
        assert main(["render", *names, "--out", str(out), "--size", "320x240", *mapping]) == 0
        pixels = load(out)
        mask = scan_mask(pixels)
        red, blue = pixels[:, :, 0], pixels[:, :, 2]
        upper, lower = mask & (red - blue > 12), mask & (blue - red > 12)
        return centroid(upper)[1], centroid(lower)[1]

    upper_y, lower_y = front([], tmp_path / "estimated.png")
    assert upper_y < lower_y  # superior up, as with the right mapping
    err = capsys.readouterr().err
    assert err.strip() == "No axis mapping for these files — orientation estimated from the scan."
    front(["--axis-mapping", "x,z,-y"], tmp_path / "mapped.png")
    assert capsys.readouterr().err == ""  # the right mapping, on request: nothing to say
    front(["--axis-mapping", "x,y,z"], tmp_path / "exported.png")
    estimated, mapped, exported = (
        scan_mask(load(tmp_path / f"{name}.png")) for name in ("estimated", "mapped", "exported")
    )
    assert overlap(estimated, mapped) > 0.97
    assert overlap(estimated, exported) < 0.7
