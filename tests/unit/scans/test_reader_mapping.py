"""How `read_mesh` gets a file's bytes: a large binary file mapped with its page table filled up
front; a text from 128 KiB mapped without filling its page table (its parser's threads fault
the pages in as they go, see `reader._map`); anything smaller read."""

from __future__ import annotations

import mmap
import os
from pathlib import Path

import numpy as np
import pytest

from scaninbox.scans import read_mesh, reader

from .meshfiles import arch_mesh, ascii_stl, binary_stl, obj, soup_of


@pytest.fixture
def populated(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """What each mapping `read_mesh` makes was asked for (the mapping itself is the real one)."""
    asked: list[bool] = []
    real = reader._map

    def spy(fd: int, *, populate: bool = True) -> mmap.mmap:
        asked.append(populate)
        return real(fd, populate=populate)

    monkeypatch.setattr(reader, "_map", spy)
    return asked


def _large(path: Path, data: bytes) -> Path:
    assert len(data) > 1 << 20  # read_mesh maps every file from 1 MiB
    path.write_bytes(data)
    return path


def test_a_text_of_some_hundred_kilobytes_is_mapped_and_a_binary_file_read(
    tmp_path: Path, populated: list[bool]
) -> None:
    points, faces = arch_mesh(90, 30)
    text, binary = obj(points, faces), binary_stl(points, faces)
    assert 1 << 17 <= len(text) < 1 << 20
    assert 1 << 17 <= len(binary) < 1 << 20
    (tmp_path / "a.obj").write_bytes(text)
    (tmp_path / "a.stl").write_bytes(binary)
    np.testing.assert_array_equal(read_mesh(tmp_path / "a.obj").points, points)
    text_mapped = [False]
    assert populated == text_mapped
    np.testing.assert_array_equal(read_mesh(tmp_path / "a.stl").points, soup_of(points, faces))
    assert populated == text_mapped  # read, not mapped


def test_a_small_text_is_read(tmp_path: Path, populated: list[bool]) -> None:
    points, faces = arch_mesh(20, 12)
    text = obj(points, faces)
    assert len(text) < 1 << 17
    (tmp_path / "a.obj").write_bytes(text)
    np.testing.assert_array_equal(read_mesh(tmp_path / "a.obj").points, points)
    assert populated == []


def test_a_binary_stl_is_mapped_with_its_pages_up_front(
    tmp_path: Path, populated: list[bool]
) -> None:
    points, faces = arch_mesh(300, 60)
    mesh = read_mesh(_large(tmp_path / "arch.stl", binary_stl(points, faces)))
    np.testing.assert_array_equal(mesh.points, soup_of(points, faces))
    assert populated == [True]


@pytest.mark.parametrize("kind", ["obj", "stl"])
def test_a_text_is_mapped_without_filling_its_page_table(
    tmp_path: Path, populated: list[bool], kind: str
) -> None:
    points, faces = arch_mesh(300, 60)
    data = obj(points, faces) if kind == "obj" else ascii_stl(points, faces)
    mesh = read_mesh(_large(tmp_path / f"arch.{kind}", data))
    expected = points if kind == "obj" else soup_of(points, faces)
    np.testing.assert_array_equal(mesh.points, expected)
    assert populated == [False]


def test_without_pread_the_head_is_read_and_the_offset_put_back(
    tmp_path: Path, populated: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windows has no os.pread: the first bytes are read, then the file is read from its start.
    monkeypatch.delattr(os, "pread")
    points, faces = arch_mesh(90, 30)
    (tmp_path / "a.stl").write_bytes(binary_stl(points, faces))
    np.testing.assert_array_equal(read_mesh(tmp_path / "a.stl").points, soup_of(points, faces))
    (tmp_path / "a.obj").write_bytes(obj(points, faces))
    np.testing.assert_array_equal(read_mesh(tmp_path / "a.obj").points, points)
    assert populated == [False]  # the OBJ mapped, the STL read
