"""Proof that a change to the QC's speed changed no finding: a fingerprint of every QC answer on the
real scans and on the sandbox's demo cases, written before the change and compared after it.

    .venv/bin/python benchmarks/qc_same_findings.py --write before.json   # on the old tree
    .venv/bin/python benchmarks/qc_same_findings.py --compare before.json  # on the new tree

What is fingerprinted:
- ``scaninbox qc --upper FILE --json`` (whole process, the JSON text exactly as printed) for each
  scan in ``../shared/realscans`` that reads, and for that folder's binary STL subdivided into a
  400k arch (the speed benchmark's file);
- per scan, `check_mesh`'s result unrounded (every float's ``repr``) and its geometry for the case
  checks and the pictures (welded points, kept faces, edges and their uses, areas, rim, holes'
  and fragments' members), as SHA-256 digests of the arrays' bytes;
- ``check_scans`` with the case for the demo cases that carry QC faults (issue 27) and a few
  careless scans, the JSON of the result and the digests of each scan's geometry and margin
  lines; and ``scaninbox qc --upper --lower --bite --json`` on the three sandbox arches of
  ``qc_checks.py``.

Exit status 1 when ``--compare`` finds any difference (each one is printed).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.qc.demo_case_inputs
from _arches import subdivide, write_binary_stl

ROOT = Path(__file__).resolve().parents[1]
REALSCANS = ROOT.parent / "shared" / "realscans"
DEMO_INDICES = (0, 1, 2, 3, 12, 33, 36, 40, 42, 59)


def _digest(array: Any) -> str:
    data = np.ascontiguousarray(array)
    return f"{data.dtype}{data.shape}:{hashlib.sha256(data.tobytes()).hexdigest()[:24]}"


def _geometry(geometry: Any) -> dict[str, Any]:
    edges = geometry.edges
    return {
        "points": _digest(geometry.points),
        "faces": _digest(geometry.faces),
        "edges": [_digest(edges.a), _digest(edges.b), _digest(edges.uses)],
        "face_area": _digest(geometry.face_area),
        "rim_edges": _digest(geometry.rim_edges),
        "hole_loops": [_digest(loop) for loop in geometry.hole_loops],
        "fragment_faces": [_digest(part) for part in geometry.fragment_faces],
    }


def _unrounded(result: Any) -> dict[str, Any]:
    return {
        "triangles": result.triangles,
        "vertices": result.vertices,
        "extent_mm": [repr(v) for v in result.extent_mm],
        "mean_edge_mm": repr(result.mean_edge_mm),
        "area_mm2": repr(result.area_mm2),
        "findings": [
            [
                f.kind,
                str(f.severity),
                f.message,
                None if f.center_mm is None else [repr(float(v)) for v in f.center_mm],
                {k: repr(v) for k, v in f.figures.items()},
            ]
            for f in result.findings
        ],
    }


def _cli(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scaninbox", "qc", *args, "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return f"exit {done.returncode}\n{done.stdout}"


def _scan_files(folder: Path) -> list[Path]:
    from scaninbox.scans import read_mesh, refine

    files = sorted(p for p in REALSCANS.iterdir() if p.suffix.lower() in (".stl", ".ply", ".obj"))
    binary = REALSCANS / "Example_01_binary.stl"
    if binary.is_file():
        real = refine(read_mesh(binary))
        points, faces = subdivide(real.points, real.faces)
        files.append(write_binary_stl(folder / "real400k.stl", points, faces))
    return files


def _per_scan(path: Path) -> dict[str, Any]:
    from scaninbox.qc.scan_checks import check_mesh
    from scaninbox.scans import read_mesh

    result, geometry = check_mesh(read_mesh(path), jaw="upper", file=path.name)
    return {"cli": _cli("--upper", str(path)), "result": _unrounded(result), **_geometry(geometry)}


def _demo_case(index: int, folder: Path) -> dict[str, Any]:
    from tests.qc.demo_case_inputs import demo_case_inputs

    from scaninbox.qc import check_scans

    case, inputs = demo_case_inputs(index, folder, prefix=f"demo{index}_")
    today = datetime(2026, 12, 6, tzinfo=UTC).date()
    run = check_scans(inputs, case=case, today=today)
    return {
        "result": json.dumps(run.result.to_json(), sort_keys=True),
        "scans": [_unrounded(s) for s in run.result.scans],
        "geometry": {str(i): _geometry(g) for i, g in sorted(run.geometry.items())},
        "margin_lines": {str(i): _digest(m) for i, m in sorted(run.margin_lines.items())},
    }


def _three_arches(folder: Path) -> str:
    from qc_checks import _case_files

    paths = _case_files(folder)
    args = []
    for flag, path in zip(("--upper", "--lower", "--bite"), paths, strict=True):
        args += [flag, str(path)]
    return _cli(*args)


def fingerprints() -> dict[str, Any]:
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="qc-same-") as name:
        folder = Path(name)
        for path in _scan_files(folder):
            print(f"  {path.name}", file=sys.stderr)
            out[f"scan {path.name}"] = _per_scan(path)
        for index in DEMO_INDICES:
            print(f"  demo case {index}", file=sys.stderr)
            out[f"demo case {index}"] = _demo_case(index, folder)
        out["three sandbox arches"] = _three_arches(folder)
    return out


def _differences(before: Any, after: Any, where: str) -> list[str]:
    if isinstance(before, dict) and isinstance(after, dict):
        found = []
        for key in sorted(set(before) | set(after)):
            if key not in before or key not in after:
                found.append(f"{where}/{key}: only {'after' if key in after else 'before'}")
            else:
                found += _differences(before[key], after[key], f"{where}/{key}")
        return found
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [
            d
            for i, pair in enumerate(zip(before, after, strict=True))
            for d in _differences(*pair, f"{where}[{i}]")
        ]
    return [] if before == after else [f"{where}: {str(before)[:200]!r} → {str(after)[:200]!r}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path)
    group.add_argument("--compare", type=Path)
    args = parser.parse_args()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    now = fingerprints()
    if args.write is not None:
        args.write.write_text(json.dumps(now, indent=1, sort_keys=True))
        print(f"{len(now)} inputs fingerprinted into {args.write}")
        return 0
    differences = _differences(json.loads(args.compare.read_text()), now, "")
    for line in differences:
        print(line)
    print(f"{len(now)} inputs compared: {len(differences)} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
