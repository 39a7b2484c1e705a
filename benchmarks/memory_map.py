"""Where the memory of `memory_case.py`'s scenario goes, by kind of mapping (issue 24).

    .venv/bin/python benchmarks/memory_map.py                 # ours: the viewport (under Xvfb)
    .venv/bin/python benchmarks/memory_map.py --side peer     # the plain pyvistaqt viewer
    .venv/bin/python benchmarks/memory_map.py --side app      # the whole app: `gui FILES`

Not a comparison (`memory_case.py` is): one child process, the same 2 × N-triangle arches as
`memory_case.py`, and at each of its steps (the viewport's and the peer's marks, or the app's
start-up milestones, ``SCANINBOX_STARTUP_TRACE``) and at its highest RSS a read of
``/proc/PID/smaps``, summed by kind: anonymous mappings (numpy arrays of a MiB or more,
llvmpipe's buffers and textures, glibc's thread arenas, Python's object arenas), the main
heap (``[heap]``: glibc's main arena, where the GUI thread's small blocks live, llvmpipe's
sorted triangles among them), the X server's shared images, and the pages of each group of
libraries that were read (shared with other processes, but counted in RSS and so in the
budget). Then the largest anonymous mappings at the peak. The highest RSS is caught by polling
every ~2 ms and reading smaps when it has grown by 4 MiB, so it can be a few MiB under
`memory_case.py`'s figure. ``--side app`` runs ``gui FILE FILE --quit-when-ready`` in a fresh
home: it quits at the first full-resolution frame (the soups), before the weld. (The whole
app's peak beside the peer, running on through the welds and the account's start until its RSS
settles, is `memory_case.py`'s third side.)
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import write_two_arch_case
from memory_case import OURS, PEER

MIB = 1 << 20
_MAPPING = re.compile(r"^[0-9a-f]+-[0-9a-f]+ ")
_LIBRARIES = (
    ("libvtk", "VTK libraries"),
    ("vtkmodules", "VTK's Python modules"),
    ("libLLVM", "LLVM (llvmpipe's compiler)"),
    ("swrast", "Mesa (llvmpipe)"),
    ("gallium", "Mesa (llvmpipe)"),
    ("libQt6", "Qt libraries"),
    ("PySide6", "PySide6 modules"),
    ("shiboken", "PySide6 modules"),
    ("numpy", "numpy + OpenBLAS"),
    ("openblas", "numpy + OpenBLAS"),
    ("matplotlib", "matplotlib modules"),
    ("libpython", "Python"),
    ("python3", "Python"),
)

Kinds = dict[str, float]
Snapshot = tuple[Kinds, list[tuple[float, float]]]


def kind(name: str) -> str:
    if not name:
        return "anonymous"
    if name == "[heap]":
        return "main heap ([heap])"
    if name.startswith("["):
        return "stacks, vdso" if "stack" in name or "vdso" in name or "vvar" in name else name
    if "/dev/shm" in name or name.startswith("/memfd") or "SYSV" in name:
        return "X shared images"
    for key, label in _LIBRARIES:
        if key in name:
            return "files: " + label
    return "files: other libraries" if ".so" in name else "files: other"


def snapshot(pid: int) -> Snapshot | None:
    """RSS by kind, and (size, RSS) of every anonymous mapping, in MiB."""
    kinds: collections.defaultdict[str, float] = collections.defaultdict(float)
    anonymous: list[tuple[float, float]] = []
    try:
        text = Path(f"/proc/{pid}/smaps").read_text()
    except OSError:
        return None
    current, size = "", 0
    for line in text.splitlines():
        if _MAPPING.match(line):
            parts = line.split(None, 5)
            start, end = (int(x, 16) for x in parts[0].split("-"))
            current, size = kind(parts[5].strip() if len(parts) > 5 else ""), end - start
        elif line.startswith("Rss:"):
            rss = int(line.split()[1]) / 1024
            kinds[current] += rss
            if current == "anonymous":
                anonymous.append((size / MIB, rss))
    return dict(kinds), anonymous


def run(command: list[str], env: dict[str, str], marker: str) -> list[tuple[str, Snapshot]]:
    child = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    steps: list[tuple[str, Snapshot]] = []
    highest: list[tuple[float, Snapshot, str]] = []
    last = [""]
    page = os.sysconf("SC_PAGE_SIZE")

    def poll() -> None:
        while child.poll() is None:
            try:
                rss = int(Path(f"/proc/{child.pid}/statm").read_text().split()[1]) * page / MIB
            except (OSError, IndexError, ValueError):
                return
            top = highest[0][0] if highest else 0.0
            if rss > top + 4:
                taken = snapshot(child.pid)
                if taken is not None and sum(taken[0].values()) > top:
                    highest[:] = [(sum(taken[0].values()), taken, last[0])]
            time.sleep(0.002)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    stream = child.stdout if marker == "MARK" else child.stderr
    assert stream is not None
    for line in stream:
        if line.startswith(marker):
            name = line.split(None, 4)[4].strip() if marker == "MARK" else line.split()[1]
            taken = snapshot(child.pid)
            if taken is not None:
                steps.append((name, taken))
                last[0] = name
    child.wait()
    poller.join()
    if highest:
        _, taken, after = highest[0]
        steps.append((f"highest RSS (after {after})", taken))
    return steps


def show(steps: list[tuple[str, Snapshot]]) -> None:
    print("RSS in MiB by kind of mapping; columns are the steps:")
    for index, (name, _) in enumerate(steps):
        print(f"  [{index}] {name}")
    kinds = {k for _, (by_kind, _) in steps for k in by_kind}
    largest = {k: max(s[0].get(k, 0.0) for _, s in steps) for k in kinds}
    print(f"{'kind':34}" + "".join(f"{i:>7}" for i in range(len(steps))))
    for k in sorted((k for k in kinds if largest[k] >= 0.5), key=lambda k: -largest[k]):
        print(f"{k:34}" + "".join(f"{s[0].get(k, 0.0):7.1f}" for _, s in steps))
    print(f"{'total':34}" + "".join(f"{sum(s[0].values()):7.1f}" for _, s in steps))
    anonymous = steps[-1][1][1]
    big = sorted(anonymous, key=lambda m: -m[1])[:20]
    print("largest anonymous mappings at the last column (size/RSS MiB): ", end="")
    print(", ".join(f"{size:.1f}/{rss:.1f}" for size, rss in big))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", choices=("ours", "peer", "app"), default="ours")
    parser.add_argument("--triangles", type=int, default=600_000, help="per arch")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, *sys.argv]
        return subprocess.run(command, check=False).returncode
    print(f"load average {os.getloadavg()[0]:.2f}; 2 × {args.triangles:,} triangles; {args.side}")
    with tempfile.TemporaryDirectory(prefix="scaninbox-memory-map-") as tmp:
        folder = Path(tmp)
        write_two_arch_case(folder, args.triangles)
        env = dict(os.environ, QT_API="pyside6")
        if args.side == "app":
            env.update(SCANINBOX_HOME=str(folder / "home"), SCANINBOX_STARTUP_TRACE="1")
            files = [str(folder / "upper.stl"), str(folder / "lower.stl")]
            command = [sys.executable, "-m", "scaninbox", "gui", *files, "--quit-when-ready"]
            show(run(command, env, "scaninbox-trace"))
        else:
            script = OURS if args.side == "ours" else PEER
            show(run([sys.executable, "-c", script, str(folder)], env, "MARK"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
