"""Arch pairs for the bite checks: the real upper arch of ``../shared/realscans`` with a lower arch
made from it (mirrored below its cusps, a little narrower and set back, as a lower arch sits in a
normal bite), and the sandbox's procedural pairs."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scaninbox.qc.occlusion import Arch
from scaninbox.qc.scan_checks import ScanGeometry, check_mesh
from scaninbox.scans import Mesh, read_mesh


def real_upper(realscans: Path) -> Arch:
    geometry = check_mesh(
        read_mesh(realscans / "Example_01_binary.stl"), jaw="upper", file="real upper.stl"
    )[1]
    return Arch("upper", "real upper.stl", geometry)


def lower_from(
    upper: ScanGeometry, *, gap_mm: float = 0.0, narrower: float = 0.94, back_mm: float = 1.5
) -> Arch:
    """The upper arch (cusps toward -Z, front toward -Y) mirrored below its cusps ``gap_mm``
    apart, scaled by ``narrower`` across the occlusal plane and set ``back_mm`` back."""
    p = upper.points.astype(np.float64)
    z0 = float(p[:, 2].min()) - gap_mm / 2
    p[:, 2] = 2 * z0 - p[:, 2]
    centre = p[:, :2].mean(axis=0)
    p[:, :2] = centre + (p[:, :2] - centre) * narrower
    p[:, 1] += back_mm
    mesh = Mesh(p.astype(np.float32), np.ascontiguousarray(upper.faces[:, ::-1]), welded=True)
    return Arch("lower", "made lower.stl", check_mesh(mesh, jaw="lower", file="made lower.stl")[1])


def sandbox_pair(seed: int, spacing_mm: float = 0.3) -> tuple[Arch, Arch]:
    from scaninbox.sandbox.arch_mesh import ArchRecipe, build_arch

    arches = []
    for jaw in ("upper", "lower"):
        built = build_arch(ArchRecipe(jaw, seed), spacing_mm=spacing_mm)  # type: ignore[arg-type]
        mesh = Mesh(
            np.ascontiguousarray(built.vertices, np.float32),
            np.ascontiguousarray(built.faces, np.int32),
            welded=True,
        )
        arches.append(Arch(jaw, f"{jaw}.stl", check_mesh(mesh, jaw=jaw, file=f"{jaw}.stl")[1]))
    return arches[0], arches[1]
