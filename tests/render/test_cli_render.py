"""``scaninbox render``: pictures from files, plain errors, exit codes, jaw guesses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scaninbox.cli.main import main
from scaninbox.cli.render_command import guess_jaw
from scaninbox.domain import Jaw
from tests.unit.scans.meshfiles import arch_mesh, binary_stl

from .pixels import load, mean_colour, scan_mask


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
            "--size",
            "160x120",
        ]
    )
    assert code == 0
    red, _, blue = mean_colour(load(out), scan_mask(load(out)))
    assert red > blue


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
    assert err.startswith(f"The picture cannot be written to {out}: ")
    assert "Unexpected" not in err
    assert err.count("\n") == 0


def test_an_existing_picture_is_replaced(stl_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "picture.png"
    out.write_bytes(b"old")
    assert main(["render", str(stl_file), "--out", str(out), "--size", "64x48"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
