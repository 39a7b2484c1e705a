"""Bite sanity of an upper and a lower arch in one frame: filed the right way round, and closed
on both sides.

- **Jaw swapped** (`jaw_swapped`, fail): in occlusion the upper arch is the wider one (its cheek
  cusps overlap the lower ones) and its incisors lie in front of the lower ones (overjet); a
  palate is only ever on the upper. The scan filed as upper is called a lower arch when it is
  both the narrower one at the back *and* its incisors lie behind the other's — each by more than
  scan noise — or when the scan filed as lower has a palate. One cue alone (a crossbite, an
  edge-to-edge bite, a class III patient) says nothing: no false alarm on correctly filed pairs.
- **One-sided contact** (`one_sided_contact`, warn): the arches touch (within
  ``contact_mm``, or bite through) only on one side of the arch's midline while every posterior
  tooth on the other side stays at least ``open_side_mm`` away: a bite taken open on one side.
  ``side`` is the patient's side with the contacts (tooth chart: the patient's right is the
  viewer's left), ``open_side`` the other, ``gap_mm`` the smallest distance there.

Left, right, front and back come from the upper arch's own frame (`arch_frame`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scaninbox.qc.arch_frame import ArchFrame, arch_frame
from scaninbox.qc.figures import kept, mm_text
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.occlusion import Arch, OcclusionResult
from scaninbox.qc.thresholds import QcThresholds

__all__ = ["bite_findings", "has_palate"]

F64 = npt.NDArray[np.float64]
_CUE_MM = 0.5  # a width or overjet difference smaller than this is no cue either way
_PALATE_COVER = 0.5  # share of the palate's disc covered by a scan's surface


def bite_findings(
    upper: Arch,
    lower: Arch,
    occlusion: OcclusionResult,
    thresholds: QcThresholds | None = None,
) -> tuple[list[Finding], ArchFrame | None]:
    """`jaw_swapped` and `one_sided_contact` for arches in occlusion; the upper's frame."""
    limits = thresholds or QcThresholds()
    if not occlusion.in_occlusion:
        return [], None
    up = arch_frame(upper.geometry.points, upper.geometry.edges, upper=True)
    low = arch_frame(lower.geometry.points, lower.geometry.edges, upper=False)
    findings: list[Finding] = []
    swapped = _swapped(upper, lower, up, low)
    if swapped is not None:
        findings.append(swapped)
        return findings, up  # left and right mean nothing until the scans are filed right
    sided = _one_sided(upper, lower, up, occlusion, limits)
    if sided is not None:
        findings.append(sided)
    return findings, up


# ---------------------------------------------------------------------- jaw swapped


def _swapped(upper: Arch, lower: Arch, up: ArchFrame, low: ArchFrame) -> Finding | None:
    if float(up.anterior @ low.anterior) < 0.5:
        return None  # the arches disagree on where the front is: no judgement
    forward = up.anterior + low.anterior
    forward /= np.linalg.norm(forward)
    across = np.cross(up.occlusal, forward)
    across /= np.linalg.norm(across)
    u = upper.geometry.points[up.teeth].astype(np.float64)
    lo = lower.geometry.points[low.teeth].astype(np.float64)
    width_u, width_l = _back_width(u, across, forward), _back_width(lo, across, forward)
    front_u = float(np.quantile(u @ forward, 0.998))
    front_l = float(np.quantile(lo @ forward, 0.998))
    narrower = width_l - width_u > _CUE_MM
    behind = front_l - front_u > _CUE_MM
    palate = has_palate(lower.geometry.points, low)
    if not ((narrower and behind) or palate):
        return None
    why = (
        "the scan filed as lower has a palate"
        if palate
        else f"the scan filed as upper is {mm_text(width_l - width_u)} narrower at the back "
        f"and its incisors lie {mm_text(front_l - front_u)} behind the other's"
    )
    return Finding(
        "jaw_swapped",
        Severity.FAIL,
        f"The upper and lower scans look swapped: {why}. File each scan under its jaw.",
        None,
        {
            "upper_file": upper.file,
            "lower_file": lower.file,
            "width_difference_mm": kept(width_l - width_u),
            "overjet_mm": kept(front_u - front_l),
            "palate_on_lower": palate,
        },
    )


def _back_width(points: F64, across: F64, forward: F64) -> float:
    """The teeth's spread across the arch behind their middle (the premolars and molars)."""
    depth = points @ forward
    back = points[depth < (float(depth.min()) + float(depth.max())) / 2]
    if len(back) < 10:
        return 0.0
    x = back @ across
    return float(np.quantile(x, 0.995) - np.quantile(x, 0.005))


def has_palate(points: npt.ArrayLike, frame: ArchFrame) -> bool:
    """Whether the scan's surface covers the middle of the horseshoe (a palate): the disc a
    fifth of the teeth's width across, on the midline between the back and the front teeth,
    seen along the occlusal axis, is mostly covered."""
    p = np.asarray(points, np.float64)
    x, y = frame.plane(p)
    centre_y = frame.back_mm + 0.4 * (frame.front_mm - frame.back_mm)
    radius = 0.1 * frame.width_mm
    if radius <= 0:
        return False
    inside = np.hypot(x, y - centre_y) < radius
    if inside.sum() < 20:
        return False
    # Coverage on a grid of 1 mm cells over the disc.
    cells = np.unique(np.floor(np.stack([x[inside], y[inside] - centre_y], axis=1)), axis=0)
    return bool(len(cells) > _PALATE_COVER * np.pi * radius * radius)


# ---------------------------------------------------------------------- one-sided contact


def _one_sided(
    upper: Arch,
    lower: Arch,
    up: ArchFrame,
    occlusion: OcclusionResult,
    limits: QcThresholds,
) -> Finding | None:
    middle = (up.front_mm + up.back_mm) / 2
    contact = {"left": False, "right": False}
    for arch in (upper, lower):
        near = occlusion.near.get(arch.jaw)
        if near is None or not len(near.index):
            continue
        x, _y = up.plane(arch.geometry.points[near.index].astype(np.float64))
        touching = near.signed <= limits.contact_mm
        contact["left"] |= bool((touching & (x > 0)).any())
        contact["right"] |= bool((touching & (x < 0)).any())
    if contact["left"] == contact["right"]:
        return None
    side = "left" if contact["left"] else "right"
    open_side = "right" if side == "left" else "left"
    # The open side's posterior teeth: how near do they come to the antagonist?
    points = upper.geometry.points.astype(np.float64)
    teeth = up.teeth
    x, y = up.plane(points[teeth])
    back = teeth[((x > 0) if open_side == "left" else (x < 0)) & (y < middle)]
    surface = occlusion.surfaces.get(upper.jaw)
    if surface is None or not len(back):
        return None
    flip = occlusion.flipped.get(upper.jaw, False)
    reach = limits.open_side_mm + 2.0
    found = surface.distances(points, reach, flip=flip, among=back)
    if not len(found.index):  # farther still: a window just wide enough for the nearest
        reach = surface.nearest(points[back]) * 1.001 + 1e-6
        found = surface.distances(points, reach, flip=flip, among=back)
    if not len(found.index):
        return None
    nearest = int(np.argmin(np.abs(found.signed)))
    gap = float(abs(found.signed[nearest]))
    if gap < limits.open_side_mm:
        return None
    where = points[found.index[nearest]]
    return Finding(
        "one_sided_contact",
        Severity.WARN,
        f"The arches touch only on the patient's {side}; on the {open_side} the back teeth "
        f"stay at least {mm_text(gap)} apart — "
        "a bite taken open on one side.",
        (float(where[0]), float(where[1]), float(where[2])),
        {
            "side": side,
            "open_side": open_side,
            "gap_mm": kept(gap),
            "jaw": upper.jaw,
            "file": upper.file,
        },
    )
