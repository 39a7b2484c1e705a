"""Saving a case's files: names that stay in their folder, all or nothing, private copies."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from scaninbox.paths import app_paths
from scaninbox.qt.case_pane.file_actions import (
    SaveError,
    external_copy,
    safe_filename,
    save_copy,
    save_files,
)


@pytest.mark.parametrize(
    ("name", "safe"),
    [
        ("photo.jpg", "photo.jpg"),
        ("../../etc/passwd", "passwd"),
        ("..\\..\\boot.ini", "boot.ini"),
        ("/abs/path/scan.stl", "scan.stl"),
        ("..", "file"),
        ("", "file"),
        (".hidden", "hidden"),
        ('a<b>c:d"e|f?g*h.png', "a_b_c_d_e_f_g_h.png"),
        ("line\nbreak\x00.txt", "line_break_.txt"),
        ("CON", "_CON"),
        ("com1.txt", "_com1.txt"),
        ("trailing. . ", "trailing"),
        ("Zahnfarbe Ä2 – Foto.jpg", "Zahnfarbe Ä2 – Foto.jpg"),
        ("invoice\u202efdp.exe", "invoicefdp.exe"),  # no right-to-left override disguise
    ],
)
def test_safe_filename(name: str, safe: str) -> None:
    assert safe_filename(name) == safe


def test_long_names_are_cut_keeping_the_extension() -> None:
    name = safe_filename("ü" * 300 + ".jpeg")
    assert name.endswith(".jpeg")
    assert len(name.encode()) <= 200
    name.encode().decode()  # no split character


def _sources(folder: Path, names: list[str]) -> list[tuple[Path, str]]:
    folder.mkdir(exist_ok=True)
    sources = []
    for index, name in enumerate(names):
        source = folder / f"cached-{index}"
        source.write_bytes(f"content {index}".encode())
        sources.append((source, name))
    return sources


def test_save_files_uses_safe_unused_names(tmp_path: Path, no_stray_files: Path) -> None:
    target = no_stray_files / "out"
    target.mkdir()
    (target / "photo.jpg").write_bytes(b"already there")
    sources = _sources(tmp_path / "cache", ["photo.jpg", "../photo.jpg", "PHOTO.JPG", "x/.."])
    saved = save_files(sources, target)
    assert [p.name for p in saved] == ["photo (2).jpg", "photo (3).jpg", "PHOTO (4).JPG", "file"]
    assert (target / "photo.jpg").read_bytes() == b"already there"
    assert [p.read_bytes() for p in saved] == [f"content {i}".encode() for i in range(4)]
    assert all(p.parent == target for p in saved)


def test_save_files_is_all_or_nothing(tmp_path: Path, no_stray_files: Path) -> None:
    target = no_stray_files / "out"
    target.mkdir()
    sources = _sources(tmp_path / "cache", ["a.stl", "b.stl", "c.stl"])
    sources[2][0].unlink()  # the last copy fails after two succeeded
    with pytest.raises(SaveError, match="Nothing was saved"):
        save_files(sources, target)
    assert list(target.iterdir()) == []


def test_save_files_refuses_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        save_files(_sources(tmp_path / "cache", ["a.stl"]), tmp_path / "nowhere")


def test_save_files_into_a_read_only_folder_says_so(tmp_path: Path, read_only_folder: Path) -> None:
    with pytest.raises(SaveError, match="you do not have permission for this file or folder"):
        save_files(_sources(tmp_path / "cache", ["a.stl"]), read_only_folder)
    assert list(read_only_folder.iterdir()) == []


def test_a_stopped_save_leaves_nothing(tmp_path: Path, no_stray_files: Path) -> None:
    target = no_stray_files / "out"
    target.mkdir()
    stop = threading.Event()
    stop.set()
    with pytest.raises(SaveError, match="stopped"):
        save_files(_sources(tmp_path / "cache", ["a.stl", "b.stl"]), target, stop=stop)
    assert list(target.iterdir()) == []


def test_save_copy_overwrites_what_the_person_confirmed(
    tmp_path: Path, no_stray_files: Path
) -> None:
    [(source, _)] = _sources(tmp_path / "cache", ["x.pdf"])
    folder = no_stray_files / "out"
    folder.mkdir()
    target = folder / "order.pdf"
    target.write_bytes(b"old")
    assert save_copy(source, target) == target
    assert target.read_bytes() == b"content 0"
    with pytest.raises(SaveError, match="was not saved"):
        save_copy(tmp_path / "missing", folder / "other.pdf")
    assert sorted(p.name for p in folder.iterdir()) == ["order.pdf"]


def test_external_copies_are_private_and_named_for_their_application(tmp_path: Path) -> None:
    [(source, _)] = _sources(tmp_path / "cache", ["x"])
    copy = external_copy(source, "../Implant report.pdf")
    opened_root = app_paths().cache_dir / "opened"
    assert copy.name == "Implant report.pdf"
    assert copy.parent.parent == opened_root
    assert copy.read_bytes() == b"content 0"
    if os.name == "posix":
        assert stat.S_IMODE(copy.parent.stat().st_mode) == 0o700
    second = external_copy(source, "Implant report.pdf")
    assert second.parent != copy.parent  # an application may still hold the first one open
