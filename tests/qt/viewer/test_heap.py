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
