"""An arch's own frame and where its teeth are, estimated from the shape alone (no labels).

**Frame** (`arch_frame`). A scanned arch is a shallow open shell: its smallest spread is across
the occlusal plane, so the occlusal axis is the points' least principal axis; the cut through
the gingiva (the rim: edges used by one triangle) lies on the base side, so the axis points from
the rim toward the cusps (``occlusal``). In the occlusal plane the dentition is a horseshoe, wider
than deep: its width is the larger spread of the *teeth* (the points nearest the occlusal end —
a palate lies far toward the base), and the front (``anterior``) is the closed end of the
horseshoe: the teeth near the midline are the incisors. The patient's left is ``head × anterior``
where the head is away from the cusps for an upper arch and toward them for a lower one —
left and right follow the tooth chart.

**Teeth** (`tooth_of_points`). The arch curve runs through the middle of the teeth: seen from a
centre inside the horseshoe, direction by direction, at the teeth's median distance (smoothed).
Each point is placed along it by arc length from the midline (the middle of the curve's front
millimetre: the incisal edges). Textbook mesio-distal crown widths, scaled so that the second
molars end where the scanned teeth end on each side, give each tooth its stretch of the curve.
How sure: on the labelled real arch of the tests most teeth are named right and none is off by
more than one position (a missing tooth, a third molar or crowding shift the stretches); every
finding that names a tooth found this way says it was estimated.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from scaninbox.qc.topology import Edges

__all__ = [
    "ArchFrame",
    "arch_frame",
    "tooth_of_points",
    "tooth_positions",
    "tooth_widths",
]

F64 = npt.NDArray[np.float64]
_TEETH_SHARE = 0.35  # the occlusal-most share of the points taken for the teeth
_MIDLINE_SHARE = 0.12  # of the width: the teeth this near the midline are the front ones

# Mesio-distal crown widths (mm), position 1 (central incisor) … 7 (second molar): textbook
# averages (Wheeler's Dental Anatomy, Physiology and Occlusion; the sandbox's arches use them).
_UPPER_WIDTHS_MM = (8.6, 6.6, 7.6, 7.0, 6.6, 10.2, 9.2)
_LOWER_WIDTHS_MM = (5.2, 5.8, 7.0, 7.0, 7.1, 11.0, 10.4)


def tooth_widths(upper: bool) -> tuple[float, ...]:
    return _UPPER_WIDTHS_MM if upper else _LOWER_WIDTHS_MM


@dataclass(frozen=True, slots=True)
class ArchFrame:
    """Unit vectors in the scan's own coordinates, and the teeth's extent along them."""

    centre: F64  # the teeth's centre
    occlusal: F64  # from the base toward the cusps
    anterior: F64  # toward the incisors
    left: F64  # the patient's left
    width_mm: float  # the teeth's extent along left-right
    front_mm: float  # the most anterior teeth point, along ``anterior`` from ``centre``
    back_mm: float  # the most posterior one
    teeth: npt.NDArray[np.int64]  # indices of the points taken for the teeth
    teeth_xyz: F64  # those points
    # `tooth_positions` of the arch's own points, worked out once (several checks ask).
    known: dict[tuple[int, bool], tuple[npt.NDArray[np.int64], F64]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def plane(self, points: F64) -> tuple[F64, F64]:
        """(left, anterior) coordinates of ``points`` from the centre."""
        rel = points - self.centre
        return rel @ self.left, rel @ self.anterior

    def height(self, points: F64) -> F64:
        """Coordinate along the occlusal axis from the centre."""
        result: F64 = (points - self.centre) @ self.occlusal
        return result


def arch_frame(points: npt.ArrayLike, edges: Edges, *, upper: bool) -> ArchFrame:
    """The frame of an arch (see the module's docstring); ``upper`` says which jaw it is filed
    as (it decides only which way the patient's head is)."""
    p = np.asarray(points, np.float64)
    centre = p.mean(axis=0)
    _values, vectors = np.linalg.eigh(np.cov((p - centre).T))
    occlusal = vectors[:, 0]
    rim = edges.uses == 1
    if rim.any():
        rim_points = np.unique(np.concatenate([edges.a[rim], edges.b[rim]]))
        if float((p[rim_points].mean(axis=0) - centre) @ occlusal) > 0:
            occlusal = -occlusal
    height = (p - centre) @ occlusal
    teeth = np.flatnonzero(height >= np.quantile(height, 1 - _TEETH_SHARE))
    t = p[teeth]
    t_centre = t.mean(axis=0)
    flat = (t - t_centre) - np.outer((t - t_centre) @ occlusal, occlusal)
    _v, in_plane = np.linalg.eigh(np.cov(flat.T))
    across = in_plane[:, 2]  # the largest spread: the width
    along = np.cross(occlusal, across)
    x = flat @ across
    y = flat @ along
    width = float(np.ptp(x)) if len(x) else 0.0
    middle = (float(x.max()) + float(x.min())) / 2 if len(x) else 0.0
    near = np.abs(x - middle) < _MIDLINE_SHARE * width
    if near.any() and float(y[near].mean()) < float(y.mean()):
        along = -along
        y = -y
    head = -occlusal if upper else occlusal
    left = np.cross(head, along)
    centre_teeth = t_centre + across * middle
    y_mid = flat @ along
    return ArchFrame(
        centre=centre_teeth,
        occlusal=occlusal,
        anterior=along,
        left=left / np.linalg.norm(left),
        width_mm=width,
        front_mm=float(y_mid.max()) if len(y_mid) else 0.0,
        back_mm=float(y_mid.min()) if len(y_mid) else 0.0,
        teeth=teeth,
        teeth_xyz=t,
    )


def tooth_of_points(
    points: npt.ArrayLike, frame: ArchFrame, *, upper: bool
) -> npt.NDArray[np.int64]:
    """The FDI tooth (permanent, 11–17 / 21–27 / 31–37 / 41–47) each point lies on or next to,
    estimated along the arch curve (0: not placed — behind the second molars, or no curve)."""
    return tooth_positions(points, frame, upper=upper)[0]


def tooth_positions(
    points: npt.ArrayLike, frame: ArchFrame, *, upper: bool
) -> tuple[npt.NDArray[np.int64], F64]:
    """`tooth_of_points`, and where along its tooth's stretch each point lies (0 at the mesial
    end, 1 at the distal end): the middle of a stretch is that tooth's most surely. The answer
    for an array asked before (the arch's own points, by several checks) is kept."""
    key = (id(points), upper)
    if key in frame.known and frame.known[key][0].shape[0] == len(points):  # type: ignore[arg-type]
        return frame.known[key]
    found = _tooth_positions(points, frame, upper=upper)
    frame.known[key] = found
    return found


def _tooth_positions(
    points: npt.ArrayLike, frame: ArchFrame, *, upper: bool
) -> tuple[npt.NDArray[np.int64], F64]:
    p = np.asarray(points, np.float64)
    where = np.zeros(len(p))
    fdi = np.zeros(len(p), np.int64)
    curve = _ArchCurve.through(frame)
    if curve is None:
        return fdi, where
    tx, ty = frame.plane(frame.teeth_xyz)
    s_teeth = curve.arc(tx, ty)
    # The midline: the middle of the curve's front millimetre (the incisal edges); each side
    # reaches from there to its own distal end (an arch is seldom quite symmetric).
    low, high = (float(v) for v in np.quantile(s_teeth, (0.002, 0.998)))
    front = np.flatnonzero(curve.y >= float(curve.y.max()) - 1.0)
    middle = float(-curve.length[front].mean())
    low, high = low - middle, high - middle
    px, py = frame.plane(p)
    s = curve.arc(px, py) - middle
    widths = np.array(tooth_widths(upper))
    edges_std = np.concatenate([[0.0], np.cumsum(widths)])
    for side in (1.0, -1.0):  # +x is the patient's left
        reach = high if side > 0 else -low
        if reach <= 0:
            continue
        bounds = edges_std * reach / edges_std[-1]
        here = s * side
        position = np.searchsorted(bounds, here, side="right")  # 1 … 7 inside, 8 beyond
        inside = (here >= 0) & (position >= 1) & (position <= len(widths))
        quadrant = (2 if side > 0 else 1) if upper else (3 if side > 0 else 4)
        fdi[inside] = quadrant * 10 + position[inside]
        slot = np.clip(position - 1, 0, len(widths) - 1)
        where[inside] = ((here - bounds[slot]) / np.diff(bounds)[slot])[inside]
    return fdi, where


@dataclass(frozen=True, slots=True)
class _ArchCurve:
    """The arch curve through the middle of the teeth, in the frame's (left, anterior) plane:
    a polyline round a centre inside the horseshoe, and the arc length at its corners."""

    x: F64
    y: F64
    length: F64
    angle: F64  # of each corner, seen from the centre
    centre: tuple[float, float]

    @classmethod
    def through(cls, frame: ArchFrame) -> _ArchCurve | None:
        tx, ty = frame.plane(frame.teeth_xyz)
        if len(tx) < 50:
            return None
        # The teeth's median distance from the centre, direction by direction.
        x_mid = (float(tx.max()) + float(tx.min())) / 2
        centre_y = float(ty.min()) + 0.3 * (float(ty.max()) - float(ty.min()))
        angle = np.arctan2(ty - centre_y, tx - x_mid)
        angle = np.where(angle < -np.pi / 2, angle + 2 * np.pi, angle)  # behind to behind
        radius = np.hypot(tx - x_mid, ty - centre_y)
        bins = np.linspace(float(angle.min()), float(angle.max()), 41)
        which = np.clip(np.searchsorted(bins, angle) - 1, 0, len(bins) - 2)
        middle_angle, middle_radius = [], []
        for k in range(len(bins) - 1):
            here = which == k
            if here.sum() >= 3:
                middle_angle.append(float(np.median(angle[here])))
                middle_radius.append(float(np.median(radius[here])))
        if len(middle_angle) < 8:
            return None
        curve_a = np.array(middle_angle)
        # Smoothed over five directions: the median jumps between a tooth's cheek and tongue
        # sides, and the curve's length with it.
        kernel = np.ones(5) / 5
        curve_r = np.convolve(np.pad(np.array(middle_radius), 2, mode="edge"), kernel, "valid")
        x = curve_r * np.cos(curve_a) + x_mid
        y = curve_r * np.sin(curve_a) + centre_y
        length = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(x), np.diff(y)))])
        return cls(x, y, length, curve_a, (x_mid, centre_y))

    def arc(self, x: F64, y: F64) -> F64:
        """The arc length at the nearest point of the curve (a point on a molar's cheek or
        tongue side lands beside that molar), negated: the curve runs from the patient's left
        (+x) round to the right, and the arc is to grow toward the left."""
        ax, ay = self.x[:-1], self.y[:-1]
        dx, dy = np.diff(self.x), np.diff(self.y)
        seg = np.maximum(dx * dx + dy * dy, 1e-12)
        # Only the segments near the point's own direction from the centre can be nearest.
        a = np.arctan2(y - self.centre[1], x - self.centre[0])
        a = np.where(a < -np.pi / 2, a + 2 * np.pi, a)
        near = np.searchsorted(self.angle, a)[:, None] + np.arange(-4, 4)[None, :]
        near = np.clip(near, 0, len(seg) - 1)
        px, py = x[:, None], y[:, None]
        t = np.clip(((px - ax[near]) * dx[near] + (py - ay[near]) * dy[near]) / seg[near], 0, 1)
        gap = (px - ax[near] - t * dx[near]) ** 2 + (py - ay[near] - t * dy[near]) ** 2
        pick = np.argmin(gap, axis=1)
        rows = np.arange(len(x))
        best = near[rows, pick]
        result: F64 = self.length[best] + t[rows, pick] * np.sqrt(seg[best])
        return -result
