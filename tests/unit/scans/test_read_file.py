"""Large texts read into the C module's kept memory (``read_file`` in ``_text_native.c``, used by
`read_mesh` from 128 KiB up to 16 MiB): every byte of the file and no more, in two halves at
once from 1 MiB; a file that ends sooner than its stated size gives what it has; a failed read
is an OSError; and `read_mesh` gives the same mesh as when the file is mapped."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from scaninbox.scans import read_mesh
from scaninbox.scans import reader as reader_module

from .meshfiles import arch_mesh, obj, ply
from .native_builds import BUILD_NAMES, use_build, use_reader

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="read_file needs pread")

SPLIT = 1 << 20  # READ_SPLIT_FROM: from here two threads read a half each
KEPT = 1 << 16  # KEPT_FROM: from here the memory is a (kept) mapping


@pytest.fixture(params=BUILD_NAMES)
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    return use_build(request.param, monkeypatch)


def _bytes(size: int, seed: int = 0) -> bytes:
    return np.random.default_rng(seed).integers(0, 256, size, dtype=np.uint8).tobytes()


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[tuple[Path, list[int]]]:
    """A path to write and a list of descriptors closed at the end."""
    fds: list[int] = []
    yield tmp_path / "f.bin", fds
    for fd in fds:
        os.close(fd)


def _open(path: Path, fds: list[int]) -> int:
    fd = os.open(path, os.O_RDONLY)
    fds.append(fd)
    return fd


@pytest.mark.parametrize("size", [0, 1, KEPT - 1, KEPT, SPLIT - 1, SPLIT, SPLIT + 1, 3 * SPLIT + 7])
def test_it_gives_every_byte_of_the_file_and_leaves_the_offset_alone(
    native: ModuleType, opened: tuple[Path, list[int]], size: int
) -> None:
    path, fds = opened
    data = _bytes(size, seed=size)
    path.write_bytes(data)
    fd = _open(path, fds)
    block = native.read_file(fd, size)
    assert len(block) == size
    assert bytes(memoryview(block)) == data
    assert os.lseek(fd, 0, os.SEEK_CUR) == 0  # pread: the caller's offset is untouched


@pytest.mark.parametrize("actual", [SPLIT + SPLIT // 2, 3 * SPLIT, 100])
def test_a_file_that_ends_sooner_gives_what_it_has_and_nothing_older(
    native: ModuleType, opened: tuple[Path, list[int]], actual: int
) -> None:
    # The file shrank after its size was taken: the first half comes short (1.5 MiB of 4), or
    # the second does (3 of 4), or all of it. A larger read just before left its memory in the
    # pool, holding other bytes: none of them may show.
    path, fds = opened
    path.write_bytes(_bytes(4 * SPLIT, seed=1))
    del_me = native.read_file(_open(path, fds), 4 * SPLIT)
    assert len(del_me) == 4 * SPLIT
    del del_me
    data = _bytes(actual, seed=2)
    path.write_bytes(data)
    block = native.read_file(_open(path, fds), 4 * SPLIT)
    assert len(block) == actual
    assert bytes(memoryview(block)) == data


def test_a_read_that_fails_is_an_oserror(
    native: ModuleType, opened: tuple[Path, list[int]]
) -> None:
    path, fds = opened
    directory = os.open(path.parent, os.O_RDONLY)
    fds.append(directory)
    with pytest.raises(IsADirectoryError):
        native.read_file(directory, 2 * SPLIT)
    read_end, write_end = os.pipe()
    fds += [read_end, write_end]
    with pytest.raises(OSError, match="seek"):  # ESPIPE: a pipe has no offsets
        native.read_file(read_end, 10)
    closed = os.open(path.parent, os.O_RDONLY)
    os.close(closed)
    with pytest.raises(OSError, match="descriptor"):
        native.read_file(closed, 10)


def test_bad_arguments_are_refused(native: ModuleType) -> None:
    with pytest.raises(ValueError, match="negative"):
        native.read_file(0, -1)
    with pytest.raises(ValueError, match="descriptor"):
        native.read_file(-3, 10)
    with pytest.raises(TypeError):
        native.read_file(0)
    with pytest.raises(TypeError):
        native.read_file("0", 10)


def test_threads_reading_at_once_each_get_their_own_file(
    native: ModuleType, tmp_path: Path
) -> None:
    # Four calls at once: one has the kept helper, the others start a thread of their own.
    files = []
    for i in range(4):
        path = tmp_path / f"{i}.bin"
        path.write_bytes(_bytes(2 * SPLIT + i, seed=10 + i))
        files.append(path)

    def read(path: Path) -> bool:
        fd = os.open(path, os.O_RDONLY)
        try:
            return all(
                bytes(memoryview(native.read_file(fd, path.stat().st_size))) == path.read_bytes()
                for _ in range(5)
            )
        finally:
            os.close(fd)

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(read, files * 2))


def _text_file(folder: Path, kind: str) -> Path:
    points, faces = arch_mesh(200, 60)  # 200-300 KB: read, not mapped
    path = folder / f"arch.{kind}"
    path.write_bytes(obj(points, faces) if kind == "obj" else ply(points, faces, fmt="ascii"))
    return path


def _forbid_mapping(monkeypatch: pytest.MonkeyPatch) -> None:
    def mapped(fd: int, *, populate: bool = True) -> None:
        raise AssertionError("the text was mapped")

    monkeypatch.setattr(reader_module, "_map", mapped)


@pytest.mark.parametrize("kind", ["obj", "ply"])
def test_read_mesh_reads_a_large_text_into_kept_memory(
    native: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path = _text_file(tmp_path, kind)
    assert path.stat().st_size >= reader_module._MAP_TEXT_FROM_BYTES
    expected = read_mesh(path.read_bytes(), name=path.name)
    _forbid_mapping(monkeypatch)
    mesh = read_mesh(path)
    assert mesh.points.tobytes() == expected.points.tobytes()
    assert mesh.faces.tobytes() == expected.faces.tobytes()
    if sys.platform.startswith("linux"):  # the file's memory went back to the pool
        assert native.out_pool()[1] >= path.stat().st_size


def test_a_text_above_the_kept_size_is_mapped(
    native: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _text_file(tmp_path, "obj")
    monkeypatch.setattr(reader_module, "_READ_TEXT_UP_TO", path.stat().st_size - 1)
    calls = []
    real_map = reader_module._map

    def counted(fd: int, *, populate: bool = True) -> object:
        calls.append(populate)
        return real_map(fd, populate=populate)

    monkeypatch.setattr(reader_module, "_map", counted)
    mesh = read_mesh(path)
    assert calls == [False]  # mapped, its pages not asked for up front (a text)
    assert mesh.faces.tobytes() == read_mesh(path.read_bytes()).faces.tobytes()


def test_without_the_c_module_a_large_text_is_mapped_and_reads_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _text_file(tmp_path, "ply")
    expected = read_mesh(path)
    use_reader("numpy", monkeypatch)
    assert reader_module._read_text is None
    mesh = read_mesh(path)
    assert mesh.points.tobytes() == expected.points.tobytes()
    assert mesh.faces.tobytes() == expected.faces.tobytes()
