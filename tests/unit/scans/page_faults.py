"""Page faults of repeated reads, counted by the kernel in a fresh interpreter with the C heap
set as the app sets it (`qt/viewer/heap.py`): what kept memory is for shows there, where nothing
else has warmed the pool."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def faults_of_reads(path: Path, reads: int, *, setup: str = "") -> list[int]:
    """Minor page faults of each of ``reads`` `read_mesh` calls on ``path``'s bytes (the file is
    read once first); ``setup``: Python lines run before the first, after the heap is set."""
    script = textwrap.dedent("""
        import resource
        from scaninbox.qt.viewer.heap import tune_heap
        from scaninbox.scans import read_mesh
        assert tune_heap()
    """)
    script += textwrap.dedent(setup)
    script += textwrap.dedent(f"""
        data = open({str(path)!r}, "rb").read()
        faults = []
        for _ in range({reads}):
            before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            mesh = read_mesh(data, name={path.name!r})
            faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
            del mesh
        print(*faults)
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    return [int(count) for count in done.stdout.split()]
