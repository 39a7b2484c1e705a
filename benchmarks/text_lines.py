"""The C text readers line kind by line kind: ns per line of each build of `_text_native`.

    .venv/bin/python benchmarks/text_lines.py              # 15 rounds
    .venv/bin/python benchmarks/text_lines.py --repeat 30

The real 100k scan (with its colours) written as `mesh_pipeline.py --text` writes it (OBJ
``v x y z r g b`` and ``f a b c``; ASCII PLY ``x y z r g b a`` uchar colours), plus an ASCII PLY
with float colours, is cut into texts of one kind of line each: OBJ ``v`` with colours, ``v``
without them (the same numbers, three a line), ``f``; PLY vertex rows, uchar and float colours.
The two real 12k OBJ files give the ``%g``-style vertices and faces other exporters write.
Every installed build of the C extension (portable, and x86-64-v2 when this CPU runs it) reads
each text on one thread, the builds taking turns within each round so that a busy machine slows
them alike; then whole files on one and two threads. Printed: min, median and spread of ns per
line (of the text's lines), and each build's median against the first build's. An ``f`` text
alone names vertices it lacks: the scan reads every line, then returns None (timed all the same).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import write_ascii_ply, write_obj
from scaninbox.scans.ply_header import parse_ply_header
from scaninbox.scans.ply_text import _roles
from scaninbox.scans.text_numbers import text_native_builds

REALSCANS = Path(__file__).resolve().parents[2] / "shared" / "realscans"

Job = Callable[[ModuleType], object]


def _obj_job(data: bytes, threads: int = 1) -> Job:
    return lambda native: native.obj_scan(data, 0, len(data), threads, False)


def _ply_job(data: bytes, threads: int = 1, *, vertex_rows: bool = False) -> Job:
    """``ply_mesh`` over the whole body, or over its vertex rows alone."""
    header = parse_ply_header(memoryview(data), "bench.ply")
    vertex, face = header.element("vertex"), header.element("face")
    assert vertex is not None
    assert face is not None
    roles = _roles(vertex)
    assert roles is not None
    start, count, n_faces = header.body_offset, vertex.count, face.count
    if vertex_rows:
        stop = start
        for _ in range(count):
            stop = data.index(b"\n", stop) + 1
        return lambda native: native.ply_mesh(data, start, stop, roles, count, 0, 1)
    return lambda native: native.ply_mesh(data, start, len(data), roles, count, n_faces, threads)


def _texts(folder: Path) -> list[tuple[str, int, Job]]:
    """(label, lines, job) for every text measured."""
    from scaninbox.scans import read_mesh

    coloured = read_mesh(REALSCANS / "Example_01_vcolor_binary.ply")
    assert coloured.colours is not None
    points, faces, colours = coloured.points, coloured.faces, coloured.colours
    obj = write_obj(folder / "real100k.obj", points, faces, colours).read_bytes()
    ply = write_ascii_ply(folder / "real100k_ascii.ply", points, faces, colours).read_bytes()
    head = ply[: ply.index(b"end_header\n")].replace(b"property uchar", b"property float")
    rows = np.hstack([points.astype(np.float64), colours[:, :4].astype(np.float64) / 255])
    body = "\n".join(" ".join(f"{v:.6f}" for v in row) for row in rows)
    float_ply = head + b"end_header\n" + body.encode() + b"\n"
    float_ply += "\n".join(f"3 {a} {b} {c}" for a, b, c in faces).encode() + b"\n"

    lines = obj.split(b"\n")
    v6 = b"\n".join(line for line in lines if line.startswith(b"v ")) + b"\n"
    v3 = b"\n".join(b" ".join(line.split()[:4]) for line in v6.split(b"\n")[:-1]) + b"\n"
    f = b"\n".join(line for line in lines if line.startswith(b"f ")) + b"\n"
    texts: list[tuple[str, int, Job]] = [
        ("OBJ v x y z r g b", v6.count(b"\n"), _obj_job(v6)),
        ("OBJ v x y z", v3.count(b"\n"), _obj_job(v3)),
        ("OBJ f a b c", f.count(b"\n"), _obj_job(f)),
        ("PLY rows x y z + uchar rgba", len(points), _ply_job(ply, vertex_rows=True)),
        ("PLY rows x y z + float rgba", len(points), _ply_job(float_ply, vertex_rows=True)),
    ]
    for path in sorted(REALSCANS.glob("*.obj")):
        data = path.read_bytes()
        for kind, key in (("v", b"v "), ("f", b"f ")):
            text = b"\n".join(x for x in data.split(b"\n") if x.startswith(key)) + b"\n"
            texts.append((f"{path.stem} {kind}", text.count(b"\n"), _obj_job(text)))
    for threads in (1, 2):
        texts.append((f"100k OBJ, {threads} thread(s)", obj.count(b"\n"), _obj_job(obj, threads)))
        texts.append(
            (f"100k ASCII PLY, {threads} thread(s)", ply.count(b"\n"), _ply_job(ply, threads))
        )
        texts.append(
            (
                f"100k PLY float rgba, {threads} thread(s)",
                float_ply.count(b"\n"),
                _ply_job(float_ply, threads),
            )
        )
    return texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    if not (REALSCANS / "Example_01_vcolor_binary.ply").is_file():
        print("../shared/realscans is not present", file=sys.stderr)
        return 1
    builds = text_native_builds()
    if not builds:
        print("the C extension is not built", file=sys.stderr)
        return 1
    load = os.getloadavg()[0]
    names = list(builds)
    with tempfile.TemporaryDirectory(prefix="scaninbox-lines-") as folder:
        texts = _texts(Path(folder))
        print(f"load average {load:.2f} at start; builds: {', '.join(names)}; 1 thread unless said")
        print(
            f"{'text':34s} {'lines':>7s}  "
            + "  ".join(f"{n + ' ns/line min/med/spread':>36s}" for n in names)
            + "  ratio"
        )
        for label, count, job in texts:
            times: dict[str, list[float]] = {name: [] for name in names}
            for round_number in range(args.repeat + 1):
                for name in names:
                    start = time.perf_counter()
                    job(builds[name])
                    elapsed = time.perf_counter() - start
                    if round_number:  # round 0 warms up
                        times[name].append(elapsed * 1e9 / count)
            cells = [
                f"{min(t):10.1f} {statistics.median(t):10.1f} {max(t) - min(t):10.1f}    "
                for t in times.values()
            ]
            first = statistics.median(times[names[0]])
            ratio = " ".join(f"{statistics.median(times[n]) / first:.2f}" for n in names[1:])
            print(f"{label:34s} {count:7d}  " + "  ".join(cells) + f"  {ratio}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
