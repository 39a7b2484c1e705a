"""The C text readers' output memory (``out_realloc`` in ``_text_native.c``): on Linux an array
of 1 MiB or more gets a mapping of its own, and a freed one is kept, within bounds, for the next
arrays (a first touch of fresh memory costs a page fault per 4 KiB). A kept mapping must never
show an earlier read's bytes, the pool must stay within its bounds whatever is freed at once,
and a child made by fork() must not use its parent's."""

from __future__ import annotations

import functools
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from scaninbox.scans import read_mesh

from .meshfiles import arch_mesh, ascii_stl, obj, ply
from .native_builds import BUILD_NAMES, use_build, use_reader
from .page_faults import faults_of_reads

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="output arrays are mapped and kept on Linux only"
)

POOL_MAPPINGS = 8  # OUT_POOL
POOL_BYTES = 32 << 20  # OUT_POOL_BYTES
BIG = 1 << 20  # OUT_BIG: arrays from here are mapped


@pytest.fixture(params=BUILD_NAMES)
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The build, its pool emptied: what earlier tests left there must not decide these."""
    build = use_build(request.param, monkeypatch)
    build.out_pool_clear()
    assert build.out_pool() == (0, 0)
    return build


@functools.cache
def _text(kind: str, n_around: int, shift: float = 0.0) -> bytes:
    """An OBJ or ASCII PLY whose faces array takes 1 MiB or more (400 × 120: 94,962 faces), or
    an ASCII STL whose coordinates do (from a third as many facets)."""
    if kind == "stl":
        points, faces = arch_mesh(n_around // 3, 120)
        assert len(faces) * 36 >= BIG
        return ascii_stl(points + np.float32(shift), faces)
    points, faces = arch_mesh(n_around, 120)
    points = points + np.float32(shift)
    assert len(faces) * 12 >= BIG
    return obj(points, faces) if kind == "obj" else ply(points, faces, fmt="ascii")


def _arrays(text: bytes, kind: str) -> tuple[bytes, bytes]:
    mesh = read_mesh(text, name=f"a.{kind}")
    return mesh.points.tobytes(), mesh.faces.tobytes()


@pytest.mark.parametrize("kind", ["obj", "ply", "stl"])
def test_a_freed_array_is_kept_and_the_next_read_takes_it(native: ModuleType, kind: str) -> None:
    text = _text(kind, 400)
    first = read_mesh(text, name=f"a.{kind}")
    expected = first.points.tobytes(), first.faces.tobytes()
    del first  # its arrays (and the helper's half, freed at once) go to the pool
    kept_mappings, kept_bytes = native.out_pool()
    assert kept_mappings >= 1
    assert BIG <= kept_bytes <= POOL_BYTES

    second = read_mesh(text, name=f"a.{kind}")
    assert (second.points.tobytes(), second.faces.tobytes()) == expected
    assert native.out_pool()[0] < kept_mappings  # the second read's arrays came from the pool


@pytest.mark.parametrize("kind", ["obj", "ply", "stl"])
def test_kept_memory_never_shows_an_earlier_read(
    native: ModuleType, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A larger text leaves larger mappings; a smaller one, its numbers elsewhere, reuses them.
    # Every read must give what the numpy reader gives, byte for byte, and no more bytes.
    texts = [_text(kind, 480), _text(kind, 400, shift=3.25), _text(kind, 440, shift=-7.5)]
    by_c = []
    for text in texts:
        by_c.append(_arrays(text, kind))  # each freed before the next is read
    use_reader("numpy", monkeypatch)
    assert by_c == [_arrays(text, kind) for text in texts]


def test_the_pool_stays_within_its_bounds(native: ModuleType) -> None:
    # Twelve meshes alive at once, then all dropped together: at most 8 mappings and 32 MiB
    # are kept, the rest unmapped.
    meshes = [read_mesh(_text("obj", 400 + 8 * i), name="a.obj") for i in range(12)]
    assert native.out_pool()[1] <= POOL_BYTES
    del meshes
    mappings, kept = native.out_pool()
    assert 1 <= mappings <= POOL_MAPPINGS
    assert kept <= POOL_BYTES


def test_a_forked_child_keeps_no_mappings_of_its_own(native: ModuleType, tmp_path: Path) -> None:
    # The pool's lock may be held by a thread the child does not have: the child reads with
    # fresh mappings and keeps none. In a process of its own (a fork inside pytest would copy
    # pytest), with an alarm so that a hang fails the test.
    path = tmp_path / "a.obj"
    path.write_bytes(_text("obj", 400))
    script = textwrap.dedent(f"""
        import os, signal
        from scaninbox.scans.text_numbers import text_native_builds
        native = text_native_builds()[{native.BUILD!r}]
        text = open({str(path)!r}, "rb").read()
        first = bytes(native.obj_scan(text, 0, len(text), 2)[2])
        assert native.out_pool()[0] >= 1  # the helper's half, freed after the join
        pid = os.fork()
        if pid == 0:
            signal.alarm(20)
            again = native.obj_scan(text, 0, len(text), 2)
            same = bytes(again[2]) == first
            del again
            os._exit(0 if same and native.out_pool() == (0, 0) else 3)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status), native.out_pool()[0] >= 1)
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "0 True", done.stdout + done.stderr


def test_threads_reading_at_once_share_the_pool_safely(native: ModuleType) -> None:
    # Four threads taking mappings from the pool and giving them back at the same time.
    texts = [("obj", _text("obj", 400)), ("ply", _text("ply", 400)), ("obj", _text("obj", 440))]
    one_at_a_time = [_arrays(text, kind) for kind, text in texts]
    with ThreadPoolExecutor(max_workers=4) as workers:
        at_once = list(workers.map(lambda named: _arrays(named[1], named[0]), texts * 4))
    assert at_once == one_at_a_time * 4
    mappings, kept = native.out_pool()
    assert mappings <= POOL_MAPPINGS
    assert kept <= POOL_BYTES


def test_joined_blocks_hold_both_in_order_and_leave_them_as_they_were(native: ModuleType) -> None:
    # How the ASCII STL reader joins its two halves' coordinates (into kept memory when there
    # is some, rather than a fresh bytes object).
    first_text, second_text = _text("stl", 400), _text("stl", 400, shift=1.5)
    first = native.stl_vertices(first_text, 0, len(first_text), True)[0]
    second = native.stl_vertices(second_text, 0, len(second_text), True)[0]
    before = bytes(first), bytes(second)
    joined = native.join_blocks(first, second)
    assert bytes(joined) == before[0] + before[1]
    assert len(joined) == len(first) + len(second)
    assert (bytes(first), bytes(second)) == before
    with pytest.raises(TypeError):
        native.join_blocks(first, b"not a block")


def test_a_second_read_in_the_apps_heap_finds_its_pages_in_place(
    native: ModuleType, tmp_path: Path
) -> None:
    # What the pool is for: with the C heap set as the app sets it (every block of 1 MiB or
    # more a fresh mapping), a second read of the same OBJ takes far fewer page faults than
    # the first, whose arrays met fresh pages. Counted by the kernel (minor faults), in a
    # process of its own so that nothing else has warmed the pool.
    path = tmp_path / "a.obj"
    path.write_bytes(_text("obj", 480))
    setup = f"""
        from scaninbox.scans import obj as reader
        from scaninbox.scans.text_numbers import text_native_builds
        reader._native = text_native_builds()[{native.BUILD!r}]
    """
    first, second = faults_of_reads(path, 2, setup=setup)
    assert first > 400  # the arrays' pages: ~1.7 MB
    assert second < first // 3
