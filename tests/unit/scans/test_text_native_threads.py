"""The C text readers' second thread: one helper thread is kept between calls (see
``run_two`` in ``_text_native.c``). Calls at the same time from several Python threads, and a
process forked after a call, must still read every text whole and right."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from scaninbox.scans import read_mesh

from .meshfiles import arch_mesh, obj, ply
from .native_builds import BUILD_NAMES, use_build


@pytest.fixture(params=BUILD_NAMES)
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    return use_build(request.param, monkeypatch)


def _texts() -> list[tuple[str, bytes]]:
    """OBJs and ASCII PLYs of different sizes, all large enough for a second thread."""
    texts = []
    for rows in (40, 60, 90):
        points, faces = arch_mesh(rows, 30)
        texts += [("a.obj", obj(points, faces)), ("a.ply", ply(points, faces, fmt="ascii"))]
    assert all(len(text) >= 1 << 16 for _, text in texts)
    return texts


def _read(named: tuple[str, bytes]) -> tuple[bytes, bytes]:
    mesh = read_mesh(named[1], name=named[0])
    return mesh.points.tobytes(), mesh.faces.tobytes()


def test_calls_from_several_threads_at_once_each_read_their_own_text(native: ModuleType) -> None:
    texts = _texts() * 4
    one_at_a_time = [_read(text) for text in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        at_once = list(pool.map(_read, texts))
    assert at_once == one_at_a_time


def test_a_forked_child_reads_with_a_helper_of_its_own(native: ModuleType, tmp_path: Path) -> None:
    # A child of fork() has no copy of the parent's kept helper thread: reading there must make
    # its own rather than wait forever for one that does not exist. In a process of its own (a
    # fork inside pytest would copy pytest), with an alarm so that a hang fails the test.
    points, faces = arch_mesh(60, 30)
    path = tmp_path / "a.obj"
    path.write_bytes(obj(points, faces))
    script = textwrap.dedent(f"""
        import os, signal
        from scaninbox.scans.text_numbers import text_native_builds
        native = text_native_builds()[{native.BUILD!r}]
        text = open({str(path)!r}, "rb").read()
        first = bytes(native.obj_scan(text, 0, len(text), 2)[0])
        pid = os.fork()
        if pid == 0:
            signal.alarm(20)
            again = bytes(native.obj_scan(text, 0, len(text), 2)[0])
            os._exit(0 if again == first else 3)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status))
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "0", done.stdout + done.stderr
