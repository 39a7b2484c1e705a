"""Procedural intra-oral scans: one dental arch (or a buccal bite strip) as an open triangle mesh.

The surface is one grid over (arc length ``s``, sideways offset ``w``) of the arch curve
(``scaninbox.sandbox.arch_layout``): the gingiva is a ridge across ``w``, every tooth a height
field over its footprint, and the scan is the upper envelope of both — one connected, open
surface with a clean rim, like a trimmed real scan. Vertices come out in the canonical
frame (``scaninbox.sandbox.axes``) in millimetres: upper and lower arches in occlusion around
the plane z = 0, upper teeth pointing to -Z, lower teeth to +Z, incisors toward +Y. Triangles
face out of the tissue (toward the mouth's air). Everything is vectorised numpy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from scaninbox.sandbox.arch_layout import ArchLayout, ToothSlot, arch_layout
from scaninbox.sandbox.tooth_shapes import Treatment, tooth_height_mm

__all__ = ["ArchMesh", "ArchRecipe", "PrepFault", "build_arch", "build_bite"]

# Faults of the preparations, on the arch's stumps in FDI order (a height field has no
# overhang: these bend the grid's points sideways or cut triangles out after it is built):
# - "overhang": the first stump's upper walls bulge out on the cheek side over the wall below —
#   an undercut on every path of insertion;
# - "divergent": the first and last stumps (a bridge's abutments) lean away from each other,
#   each more than its walls taper — no single path seats the bridge;
# - "margin_hole": a hole punched through the first stump's margin on the cheek side — an
#   open margin.
PrepFault = Literal["overhang", "divergent", "margin_hole"]

FloatArray = npt.NDArray[np.float64]

_CREST_MM = 11.0  # gingiva crest above the scan's rim
_MARGIN_BELOW_CREST_MM = 1.0  # crowns emerge this far below the crest
_OCCLUSAL_ABOVE_MARGIN_MM = 7.3  # the occlusal plane, measured from the crown margins
_BITE_GAP_MM = 0.1  # half the clearance between upper and lower cusps
# Crowns reaching within this of the occlusal plane (tall canines and incisors) are worn down
# smoothly so that none crosses it: the arches touch with a clearance of about 2 x _BITE_GAP_MM
# and never go into each other, whatever a seed draws.
_WEAR_BAND_MM = 0.6
_BUCCAL_MM, _LINGUAL_MM = 5.5, 7.0  # how far the scan reaches to either side of the tooth row
_RIDGE_LOSS_MM = 1.6  # an edentulous ridge sits lower than gingiva between teeth


@dataclass(frozen=True, slots=True)
class ArchRecipe:
    """Everything that decides an arch's shape; equal recipes give identical meshes."""

    jaw: Literal["upper", "lower"]
    seed: int
    missing: tuple[int, ...] = ()  # sorted FDI numbers
    treatments: tuple[tuple[int, Treatment], ...] = ()
    third_molars: tuple[bool, bool] = (False, False)
    crowding: bool = False
    edentulous: bool = False
    # A careless scan: a hole on the first molar's cusp and a floating fragment beside the
    # first premolar (a few demo cases have it, so QC has something to find and mark).
    defects: bool = False
    # A bite taken open on one side: this arch sinks away from the antagonist on the patient's
    # "left" or "right" (none at the midline, about 1 mm at the second molars).
    open_side: Literal["left", "right"] | None = None
    # What sends a crown back, built into the prepared teeth (stumps) for QC to find (`PrepFault`).
    prep_fault: PrepFault | None = None


_OPEN_SLOPE = 0.04  # mm of opening per mm from the midline, on the open side


@dataclass(frozen=True, slots=True)
class ArchMesh:
    vertices: npt.NDArray[np.float32]  # (n, 3) canonical frame, mm
    faces: npt.NDArray[np.int32]  # (m, 3)
    is_tooth: npt.NDArray[np.bool_] = field(repr=False)  # (n,) tooth or gingiva, for colour


def build_arch(recipe: ArchRecipe, *, spacing_mm: float) -> ArchMesh:
    """The whole arch at roughly ``spacing_mm`` between neighbouring vertices."""
    layout = arch_layout(recipe.jaw, third_molars=recipe.third_molars)
    mesh = _build(
        recipe,
        layout,
        s_range=(0.0, layout.length_mm),
        w_range=(-_LINGUAL_MM, _BUCCAL_MM),
        spacing_mm=spacing_mm,
    )
    mesh = _with_defects(mesh, recipe, layout) if recipe.defects else mesh
    return _with_prep_fault(mesh, recipe, layout) if recipe.prep_fault else mesh


_OVERHANG_MM = 0.5  # how far the bulge stands out beyond the wall under it
_OVERHANG_FROM = 0.55  # of the stump's height above the margin: where the bulge starts
_OVERHANG_HALF_ANGLE = math.radians(55)  # the bulge's reach around the cheek side
_LEAN_DEG = 30.0  # each divergent abutment's lean (the stumps' walls taper about 20°)
_MARGIN_HOLE_RADIUS_MM = 0.8


def _with_prep_fault(mesh: ArchMesh, recipe: ArchRecipe, layout: ArchLayout) -> ArchMesh:
    """``mesh`` with ``recipe.prep_fault`` built into its stumps (see `PrepFault`); unchanged
    when the arch has no stump."""
    stumps = sorted(fdi for fdi, t in recipe.treatments if t == "stump")
    stumps = [t for t in stumps if t not in recipe.missing]
    if not stumps or recipe.edentulous:
        return mesh
    by_fdi = {slot.fdi: slot for slot in layout.slots}
    vertices = mesh.vertices.astype(np.float64)
    occlusal = _CREST_MM - _MARGIN_BELOW_CREST_MM + _OCCLUSAL_ABOVE_MARGIN_MM + _BITE_GAP_MM
    height = occlusal - vertices[:, 2] if recipe.jaw == "upper" else vertices[:, 2] + occlusal
    above_margin = height - (_CREST_MM - _MARGIN_BELOW_CREST_MM)
    faces = mesh.faces
    if recipe.prep_fault == "divergent":
        if len(stumps) < 2:
            return mesh
        first, last = by_fdi[stumps[0]], by_fdi[stumps[-1]]
        for slot, other in ((first, last), (last, first)):
            centre, tangent, _normal, inside = _footprint(vertices, slot, layout)
            away = 1.0 if slot.center_s_mm > other.center_s_mm else -1.0
            # A shear along the arch, growing with the height above the gingiva's level.
            lean = math.tan(math.radians(_LEAN_DEG)) * np.clip(above_margin[inside] - 1.0, 0, None)
            vertices[inside, :2] += away * lean[:, None] * tangent
    else:
        slot = by_fdi[stumps[0]]
        centre, _tangent, normal, inside = _footprint(vertices, slot, layout)
        rel = vertices[:, :2] - centre
        if recipe.prep_fault == "overhang":
            radius = np.hypot(rel[:, 0], rel[:, 1])
            cos_az = (rel @ normal) / np.maximum(radius, 1e-9)
            around = np.clip(
                (cos_az - math.cos(_OVERHANG_HALF_ANGLE)) / (1 - math.cos(_OVERHANG_HALF_ANGLE)),
                0.0,
                1.0,
            )
            stump_mm = float(above_margin[inside].max())
            rise = np.clip((above_margin - _OVERHANG_FROM * stump_mm) / 0.25, 0.0, 1.0)
            off_centre = np.clip(radius - 0.5, 0.0, 1.0)  # the top's middle stays put
            push = _OVERHANG_MM * np.sqrt(around) * rise * off_centre * inside
            vertices[:, :2] += (push / np.maximum(radius, 1e-9))[:, None] * rel
        else:  # a hole through the margin: on the cheek side, where the chamfer meets the gum
            cheek = inside & (rel @ normal > 0) & (np.abs(rel @ _tangent) < 1.0)
            ring = cheek & (np.abs(above_margin) < 0.3)
            if not ring.any():
                return mesh
            spot = vertices[ring][np.argmax(rel[ring] @ normal)]
            centroid = vertices[faces].mean(axis=1)
            faces = faces[np.linalg.norm(centroid - spot, axis=1) >= _MARGIN_HOLE_RADIUS_MM]
    return ArchMesh(vertices.astype(np.float32), np.ascontiguousarray(faces), mesh.is_tooth)


def _footprint(
    vertices: FloatArray, slot: ToothSlot, layout: ArchLayout
) -> tuple[FloatArray, FloatArray, FloatArray, npt.NDArray[np.bool_]]:
    """The slot's centre (x, y), its unit tangent along the arch and normal toward the cheek,
    and which vertices lie on its footprint (out to the gingiva around it)."""
    (centre,), (normal,) = layout.frame(np.array([slot.center_s_mm]))
    (before, after), _normals = layout.frame(
        np.array([slot.center_s_mm - 0.5, slot.center_s_mm + 0.5])
    )
    tangent = (after - before) / np.linalg.norm(after - before)  # toward larger arc lengths
    rel = vertices[:, :2] - centre
    along = (rel @ tangent) / (slot.width_mm / 2 + 0.6)
    across = (rel @ normal) / (slot.depth_mm / 2 + 0.6)
    inside: npt.NDArray[np.bool_] = np.hypot(along, across) < 1.0
    return centre, tangent, normal, inside


_HOLE_RADIUS_MM = 1.4
_FRAGMENT_RADIUS_MM = 1.6
_FRAGMENT_LIFT_MM = 3.0


def _with_defects(mesh: ArchMesh, recipe: ArchRecipe, layout: ArchLayout) -> ArchMesh:
    """``mesh`` with a hole punched on the first molar's highest cusp (the triangles around it
    taken out) and a patch of gingiva beside the first premolar copied off the surface, lifted
    away from the teeth (buccally and toward the gum) as a floating fragment."""
    quadrant = 1 if recipe.jaw == "upper" else 4
    by_fdi = {slot.fdi: slot for slot in layout.slots}
    vertices, faces = mesh.vertices, mesh.faces
    occlusal_sign = -1.0 if recipe.jaw == "upper" else 1.0  # teeth point to -Z (upper)
    centroid = vertices[faces].mean(axis=1)

    molar = by_fdi[quadrant * 10 + 6]
    (centre,), _normal = layout.frame(np.array([molar.center_s_mm]))
    near = np.hypot(*(vertices[:, :2] - centre).T) < molar.width_mm / 2
    tip = vertices[near][np.argmax(vertices[near, 2] * occlusal_sign)]
    hole = np.linalg.norm(centroid - tip, axis=1) < _HOLE_RADIUS_MM

    premolar = by_fdi[quadrant * 10 + 4]
    (base,), (normal,) = layout.frame(np.array([premolar.center_s_mm]))
    spot_xy = base + normal * (_BUCCAL_MM - 1.5)
    nearest = vertices[np.argmin(np.hypot(*(vertices[:, :2] - spot_xy).T))]
    patch = np.flatnonzero(np.linalg.norm(centroid - nearest, axis=1) < _FRAGMENT_RADIUS_MM)
    used, local = np.unique(faces[patch], return_inverse=True)
    lift = np.array([*(normal * _FRAGMENT_LIFT_MM), -occlusal_sign * _FRAGMENT_LIFT_MM])
    lifted = (vertices[used] + lift).astype(np.float32)
    return ArchMesh(
        vertices=np.concatenate([vertices, lifted]),
        faces=np.concatenate([faces[~hole], local.reshape(-1, 3).astype(np.int32) + len(vertices)]),
        is_tooth=np.concatenate([mesh.is_tooth, np.zeros(len(used), bool)]),
    )


def build_bite(upper: ArchRecipe, lower: ArchRecipe, *, spacing_mm: float) -> ArchMesh:
    """A bite registration: the cheek side of both arches from canine to first molar, in occlusion,
    as one mesh (the patient's right side, as most scanners take it)."""
    parts = []
    for recipe, first, last in ((upper, 13, 16), (lower, 43, 46)):
        layout = arch_layout(recipe.jaw, third_molars=recipe.third_molars)
        by_fdi = {slot.fdi: slot for slot in layout.slots}
        s_start = by_fdi[last].center_s_mm - by_fdi[last].width_mm / 2
        s_end = by_fdi[first].center_s_mm + by_fdi[first].width_mm / 2
        parts.append(
            _build(
                recipe,
                layout,
                s_range=(s_start, s_end),
                w_range=(-1.5, _BUCCAL_MM),
                spacing_mm=spacing_mm,
            )
        )
    offset = len(parts[0].vertices)
    return ArchMesh(
        vertices=np.concatenate([p.vertices for p in parts]),
        faces=np.concatenate([parts[0].faces, parts[1].faces + offset]),
        is_tooth=np.concatenate([p.is_tooth for p in parts]),
    )


def _build(
    recipe: ArchRecipe,
    layout: ArchLayout,
    *,
    s_range: tuple[float, float],
    w_range: tuple[float, float],
    spacing_mm: float,
) -> ArchMesh:
    (s_start, s_end), (w_start, w_end) = s_range, w_range
    rng = np.random.default_rng([recipe.seed, 1 if recipe.jaw == "upper" else 2])
    n_s = max(2, math.ceil((s_end - s_start) / spacing_mm) + 1)
    n_w = max(2, math.ceil((w_end - w_start) / (spacing_mm * 0.85)) + 1)
    s = np.linspace(s_start, s_end, n_s)
    w = np.linspace(w_start, w_end, n_w)
    gum = _gingiva(recipe, layout, s, w, rng)
    height = gum.copy()
    treatments = dict(recipe.treatments)
    if not recipe.edentulous:
        for slot in layout.slots:
            if slot.fdi in recipe.missing:
                continue
            treatment = treatments.get(slot.fdi, "natural")
            _add_tooth(height, slot, treatment, grid=(s, w), rng=rng, crowding=recipe.crowding)
    is_tooth = height > gum + 1e-9
    occlusal = _CREST_MM - _MARGIN_BELOW_CREST_MM + _OCCLUSAL_ABOVE_MARGIN_MM + _BITE_GAP_MM
    height = _worn_to(height, occlusal - _BITE_GAP_MM)

    centers, normals = layout.frame(s)
    xy = centers[:, None, :] + w[None, :, None] * normals[:, None, :]
    z = occlusal - height if recipe.jaw == "upper" else height - occlusal
    if recipe.open_side is not None:
        # +X is the patient's right (``axes``); away from the antagonist is up for the upper
        # arch, down for the lower one.
        toward = xy[:, :, 0] if recipe.open_side == "right" else -xy[:, :, 0]
        away = 1.0 if recipe.jaw == "upper" else -1.0
        # The other side closes fully (the arches otherwise keep a bite gap): it touches.
        z = z + away * (_OPEN_SLOPE * np.clip(toward, 0.0, None) - 2 * _BITE_GAP_MM - 0.1)
    vertices = np.concatenate([xy, z[:, :, None]], axis=2).reshape(-1, 3).astype(np.float32)
    faces = _grid_faces(n_s, n_w)
    if _facing_z(vertices, faces) * (-1.0 if recipe.jaw == "upper" else 1.0) < 0:
        faces = faces[:, ::-1].copy()
    return ArchMesh(vertices=vertices, faces=faces, is_tooth=is_tooth.reshape(-1))


def _worn_to(height: FloatArray, ceiling: float) -> FloatArray:
    """``height`` kept under ``ceiling``: unchanged up to the wear band below it, then bent
    smoothly (same slope at the band's start) toward the ceiling without reaching it. The map
    is strictly increasing, so every cusp keeps its place and one tip stays the highest."""
    knee = ceiling - _WEAR_BAND_MM
    excess = height - knee
    worn = height.copy()
    top = excess > 0
    worn[top] = knee + _WEAR_BAND_MM * -np.expm1(-excess[top] / _WEAR_BAND_MM)
    return worn


def _gingiva(
    recipe: ArchRecipe, layout: ArchLayout, s: FloatArray, w: FloatArray, rng: np.random.Generator
) -> FloatArray:
    """Alveolar ridge height over the grid: a rounded crest with papillae between the teeth."""
    side = np.where(w >= 0, w / _BUCCAL_MM, -w / _LINGUAL_MM)
    across = np.clip(1.0 - np.clip(side, 0.0, 1.0) ** 2.2, 0.0, None) ** 0.55
    crest = np.full_like(s, _CREST_MM)
    near_crest = np.exp(-((w / 3.0) ** 2))
    papillae = np.zeros_like(s)
    for left, right in zip(layout.slots, layout.slots[1:], strict=False):
        if recipe.edentulous or left.fdi in recipe.missing or right.fdi in recipe.missing:
            continue
        contact = (
            left.center_s_mm + left.width_mm / 2 + right.center_s_mm - right.width_mm / 2
        ) / 2
        papillae += 1.3 * np.exp(-(((s - contact) / 1.1) ** 2))
    absent = np.zeros_like(s)
    for slot in layout.slots:
        if recipe.edentulous or slot.fdi in recipe.missing:
            distance = np.abs(s - slot.center_s_mm) / (slot.width_mm / 2 + 1.5)
            absent = np.maximum(absent, np.clip(1.0 - distance**4, 0.0, 1.0))
    crest = crest - _RIDGE_LOSS_MM * absent
    # Gentle seeded waviness, so no two scans have exactly the same gums.
    phase = rng.uniform(0, 2 * np.pi, size=3)
    wave = 0.25 * np.sin(s / 7.0 + phase[0]) + 0.15 * np.sin(s / 2.9 + phase[1])
    ripple = 0.12 * np.sin(w / 1.7 + phase[2])
    return np.asarray(
        crest[:, None] * across[None, :]
        + (papillae[:, None] * near_crest[None, :])
        + (wave[:, None] + ripple[None, :]) * across[None, :]
    )


def _add_tooth(
    height: FloatArray,
    slot: ToothSlot,
    treatment: Treatment,
    *,
    grid: tuple[FloatArray, FloatArray],
    rng: np.random.Generator,
    crowding: bool,
) -> None:
    s, w = grid
    anterior = slot.kind in ("incisor", "canine")
    twist = rng.normal(0.0, 0.2 if crowding and anterior else 0.04)
    shift = rng.normal(0.0, 0.8 if crowding and anterior else 0.15)
    scale = rng.uniform(0.95, 1.05)
    crown_mm = slot.crown_height_mm * rng.uniform(0.94, 1.06)
    reach = slot.width_mm * 0.8 * scale
    rows = slice(
        int(np.searchsorted(s, slot.center_s_mm - reach)),
        int(np.searchsorted(s, slot.center_s_mm + reach)),
    )
    ds = s[rows, None] - slot.center_s_mm
    dw = w[None, :] - shift
    cos_t, sin_t = math.cos(twist), math.sin(twist)
    a = (ds * cos_t + dw * sin_t) / (slot.width_mm * scale / 2)
    b = (-ds * sin_t + dw * cos_t) / (slot.depth_mm * scale / 2)
    crown = tooth_height_mm(slot.kind, treatment, a, b, crown_mm)
    margin = _CREST_MM - _MARGIN_BELOW_CREST_MM
    np.maximum(height[rows], margin + crown, out=height[rows])


def _grid_faces(n_s: int, n_w: int) -> npt.NDArray[np.int32]:
    index = np.arange(n_s * n_w, dtype=np.int32).reshape(n_s, n_w)
    p00, p10 = index[:-1, :-1], index[1:, :-1]
    p01, p11 = index[:-1, 1:], index[1:, 1:]
    first = np.stack([p00, p10, p11], axis=-1).reshape(-1, 3)
    second = np.stack([p00, p11, p01], axis=-1).reshape(-1, 3)
    return np.concatenate([first, second])


def _facing_z(vertices: npt.NDArray[np.float32], faces: npt.NDArray[np.int32]) -> float:
    """The z component of the summed face normals (the projected area on the occlusal plane)."""
    v0, v1, v2 = (vertices[faces[:, k]].astype(np.float64) for k in range(3))
    return float(np.cross(v1 - v0, v2 - v0)[:, 2].sum())
