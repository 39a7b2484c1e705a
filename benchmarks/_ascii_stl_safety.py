"""`ascii_stl.py --safety`: the ``pyvista-stl`` wheel against our reader on malformed ASCII STLs.

Every file is read by the wheel in a child process (a batch per child; a crash or a hang ends the
child and is put down to the file it had started) and by `read_mesh` in this process. The named
cases are the kinds of damage the test-suite makes ours refuse, cut from the first facets of the
real scan; the mutations are random (seeded) byte flips, inserted keywords and numbers, deletions,
truncations and repeats of the same small file.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

_FACETS = 2000
_BATCH = 200
_CHILD_SECONDS = 60
_CHILD = """
import faulthandler, json, sys
faulthandler.enable()
import pyvista_stl
for path in sys.argv[1:]:
    print(json.dumps(["start", path]), flush=True)
    try:
        points, faces = pyvista_stl.read(path)
    except Exception as exc:
        print(json.dumps(["done", path, "error: " + str(exc)[:60]]), flush=True)
        continue
    bad = len(faces) and int(faces.max()) >= len(points)
    finite = bool((abs(points) < 1e30).all()) if len(points) else True
    note = " (an index past the points)" if bad else ""
    note += "" if finite else " (a point beyond 1e30)"
    print(json.dumps(["done", path, f"{len(faces)} triangles{note}"]), flush=True)
"""
_TOKENS = [b"vertex", b"facet", b"endfacet", b"endloop", b"solid", b"endsolid", b"\n", b"\r",
           b" ", b"\t", b"1e38", b"-", b".", b"e", b"9" * 40, b"\x00", b"\xff", b"nan"]  # fmt: skip


def compare_on_malformed_files(scan: Path, mutations: int, seed: int = 24) -> int:
    try:
        import pyvista_stl  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        print("pyvista-stl is not installed: nothing to compare (pip install pyvista-stl)")
        return 2
    small = _first_facets(scan.read_bytes(), _FACETS)
    cases = _named_cases(small)
    rng = random.Random(seed)
    for number in range(mutations):
        cases[f"mutation {number}"] = _mutate(small, rng)
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for number, (name, data) in enumerate(cases.items()):
            paths[name] = Path(folder) / f"{number}.stl"
            paths[name].write_bytes(data)
        wheel = _read_by_the_wheel([str(p) for p in paths.values()])
        ours = {name: _read_by_ours(path) for name, path in paths.items()}
    print(f"{len(small) / 1e3:.0f} kB cut from {scan.name} ({_FACETS} facets), seed {seed}\n")
    print(f"{'case':30}{'pyvista-stl':42}ours")
    for name in cases:
        if not name.startswith("mutation"):
            print(f"{name:30}{wheel[str(paths[name])]:42}{ours[name]}")
    tally: Counter[str] = Counter()
    for name in cases:
        if name.startswith("mutation"):
            tally[_outcome(wheel[str(paths[name])], ours[name])] += 1
    print(f"\n{mutations} mutations:")
    for outcome, count in tally.most_common():
        print(f"{count:8}  {outcome}")
    return 0


def _first_facets(data: bytes, count: int) -> bytes:
    end = 0
    for _ in range(count):
        end = data.index(b"endfacet", end) + len(b"endfacet")
    return data[: data.index(b"\n", end) + 1] + b"endsolid\n"


def _named_cases(good: bytes) -> dict[str, bytes]:
    lines = good.split(b"\n")
    at = next(i for i, line in enumerate(lines) if b"vertex" in line and i > len(lines) // 2)

    def number(bad: bytes) -> bytes:
        words = lines[at].split()
        changed = [*lines[:at], b" ".join([*words[:2], bad, *words[3:]]), *lines[at + 1 :]]
        return b"\n".join(changed)

    middle = good.index(b"vertex", len(good) // 2)
    cases = {
        "good": good,
        "cut in the middle": good[: len(good) // 2],
        "cut after a vertex word": good[:middle + 6],
        "a vertex line missing": b"\n".join(lines[:at] + lines[at + 1 :]),
        "no triangles": b"solid nothing\nendsolid nothing\n",
        "no facet, only text": b"solid notes\nthis is not a mesh\n" * 10,
        "binary, 'solid' header, cut": b"solid x".ljust(80) + (4).to_bytes(4, "little")
        + bytes(170),
    }  # fmt: skip
    for bad in (b"nan", b"inf", b"1e999", b"1.2.3", b"--1", b"1e", b"0x10", b"1,5", b"."):
        cases[f"number {bad.decode()!r}"] = number(bad)
    return cases


def _mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        kind, at = rng.random(), rng.randrange(len(out) + 1)
        if kind < 0.25 and out:
            out[min(at, len(out) - 1)] = rng.randrange(256)
        elif kind < 0.45:
            out[at:at] = rng.choice(_TOKENS)
        elif kind < 0.65:
            del out[at : at + rng.randint(1, 40)]
        elif kind < 0.75:
            del out[at:]
        elif kind < 0.85:
            start = rng.randrange(len(out) + 1)
            out[at:at] = out[start : start + rng.randint(1, 200)]
        else:
            out[at:at] = rng.choice(_TOKENS) * rng.randint(1, 50)
    return bytes(out)


def _read_by_the_wheel(paths: list[str]) -> dict[str, str]:
    results: dict[str, str] = {}
    pending = list(paths)
    while pending:
        batch, pending = pending[:_BATCH], pending[_BATCH:]
        command = [sys.executable, "-c", _CHILD, *batch]
        try:
            run = subprocess.run(command, capture_output=True, timeout=_CHILD_SECONDS, check=False)
            stdout, ended = run.stdout, f"crashed (exit {run.returncode})"
        except subprocess.TimeoutExpired as late:
            stdout, ended = late.stdout or b"", f"hung (> {_CHILD_SECONDS} s)"
        started = None
        for line in stdout.decode().splitlines():
            record = json.loads(line)
            if record[0] == "start":
                started = record[1]
            else:
                results[record[1]] = record[2]
        if started is not None and started not in results:
            results[started] = ended
            pending = batch[batch.index(started) + 1 :] + pending
    return results


def _read_by_ours(path: Path) -> str:
    from scaninbox.scans import MeshError, read_mesh

    try:
        return f"{read_mesh(path).n_faces} triangles"
    except MeshError as refusal:
        return "error: " + refusal.reason[:60]


def _outcome(wheel: str, ours: str) -> str:
    if wheel.startswith(("crashed", "hung")):
        return "the wheel " + wheel.split(" (", maxsplit=1)[0]
    if wheel.startswith("error"):
        return "the wheel refused" + (" too" if ours.startswith("error") else f"; ours: {ours}")
    if ours.startswith("error"):
        return "ours refused, the wheel returned a mesh" + (
            " of 0 triangles" if wheel.startswith("0 ") else ""
        )
    if wheel == ours:
        return "both read, the same triangle count"
    return "both read, a different triangle count"
