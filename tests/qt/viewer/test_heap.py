"""The C heap gives freed scan arrays back to the system (glibc), checked in fresh interpreters."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PROBE = textwrap.dedent(
    """
    import sys
    import numpy as np

    def rss_mib():
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024

    if sys.argv[1] == "tuned":
        from scaninbox.qt.viewer.heap import tune_heap

        assert tune_heap()
    big = np.ones(16 << 20, np.uint8)  # freed, it would raise glibc's own threshold to 16 MiB
    del big
    start = rss_mib()
    arrays, pins = [], []
    for _ in range(40):  # 80 MiB of 2 MiB arrays, as a scan's points and normals are
        arrays.append(np.ones(2 << 20, np.uint8))
        pins.append(np.ones(300))  # a small block after each: the heap cannot shrink from the top
    del arrays
    print(rss_mib() - start)
    """
)


def _kept_mib(mode: str) -> float:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True
    )
    return float(done.stdout.strip())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")
def test_freed_arrays_leave_the_process_once_the_heap_is_tuned() -> None:
    assert _kept_mib("tuned") < 8
    # The same work without the settings keeps most of it: what the settings are for.
    assert _kept_mib("plain") > 40


SMALL_BLOCKS = textwrap.dedent(
    """
    import ctypes, sys

    from scaninbox.qt.viewer.heap import give_back_free_memory, tune_heap

    def rss_mib():
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024

    assert tune_heap()
    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = (ctypes.c_size_t,)
    libc.free.argtypes = (ctypes.c_void_p,)
    blocks = []
    for _ in range(1280):  # blocks of 64 KiB, as llvmpipe sorts a frame's triangles into
        block = libc.malloc(64 << 10)
        ctypes.memset(block, 1, 64 << 10)
        blocks.append(block)
    start = rss_mib()
    for block in blocks[::2]:  # 40 MiB freed, each between two blocks still in use
        libc.free(block)
    if sys.argv[1] == "give back":
        assert give_back_free_memory()
    print(40 - (start - rss_mib()))  # of the 40 MiB freed, what the process still holds
    """
)


def _held_mib(mode: str) -> float:
    done = subprocess.run(
        [sys.executable, "-c", SMALL_BLOCKS, mode], capture_output=True, text=True, check=True
    )
    return float(done.stdout.strip())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")
def test_small_blocks_freed_in_bulk_leave_the_process_when_given_back() -> None:
    assert _held_mib("give back") < 8
    # Below the mmap threshold the heap keeps them for its next use: what giving back is for.
    assert _held_mib("keep") > 30
