"""The finish line of a prepared tooth found from its shape alone (no scan from before the
preparation).

**What is sought.** A crown preparation ends in a chamfer or a shoulder: going down the tapered
axial wall the surface turns out across the chamfer's floor, and at the floor's outer edge — the
finish line — it turns sharply down again onto the unprepared root or into the gingival sulcus.
That outer edge is a convex crease, the sharpest one round the tooth's neck (the floor's inner
line angle is concave; the gingiva's crest and a natural tooth's bulge are rounded). So the line
is the most convex closed path round the tooth's axis, below its axial walls.

**How.** Per point, the sharpest convex crease through it: the largest dihedral angle of its
edges where the surface folds outward (`crease_angles`, a sharp-edge filter). The prescribed
tooth's axis is the arch's occlusal axis through the crown of the middle of its stretch of the
arch curve (`arch_frame`). Round it, in ``_SECTORS`` sectors, the points within the tooth's reach
(half its larger textbook width and ``_REACH_MM`` more: the stretch may be off by part of a
tooth), between ``_BELOW_TOP_MM`` (the preparation's occlusal-axial line angle, convex too, lies
above) and ``_DEEPEST_MM`` under its top, are the candidates: the ``_CANDIDATES`` of each sector
with the sharpest crease, the lower ones favoured by ``_LOWER_BONUS`` per mm (of two creases the
lower is the finish line; the root and the gingiva below it are not creased). Dynamic
programming over the ring of sectors picks one candidate per sector, closed back to its start,
with the sharpest creases and steps between neighbouring sectors no longer than the arc between
them (``_STEP_COST`` beyond): ridge following round the tooth. The axis then moves to the middle
of the line's clear stretches and the line is sought again (a few rounds, ``_CENTRING_MM`` at
most): the stretch of the arch curve may sit part of a tooth off the crown.

**How sure** (`FinishLine.confidence`, 0–1): the share of the ``_SECTORS`` sectors where the line
runs on a crease of ``_CLEAR_TURN_DEG`` or more (a chamfer folds the surface about 45°, a
shoulder 90°; a natural tooth's neck, or a margin smoothed over, far less) joined to its
neighbours within ``_GAP_MM`` (a point answers for the empty sectors up to the next one when the
step there is that short: 5° of a premolar's neck is less than a scan's point spacing); a jump
over a hole or the scan's edge counts as unclear, and ``closed`` says whether the line went all
round without one. On crown preparations seeded on the labelled real arch
(tests/qc/test_finish_line.py: chamfers 0.5–1.0 mm deep, finish lines 0–1 mm above the
gingiva, on molars, premolars, a canine and incisors) the line lies a median 0.2 mm from the
true finish line (90th percentile 0.8 mm), confidence 0.54–0.90; on the arch's natural teeth
the confidence is at most 0.29. The interproximal stretches, under the contact with a
neighbour, are the least sure (the line there is seldom closed). Blood, saliva, retraction
cord or gingiva over the margin leave no crease to find, and the confidence falls with it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scaninbox.qc.arch_frame import ArchFrame, tooth_positions, tooth_widths
from scaninbox.qc.scan_checks import ScanGeometry

__all__ = ["FinishLine", "crease_angles", "finish_lines"]

F64 = npt.NDArray[np.float64]
# A line round one axis: points, clear ones, sectors each answers for, closed, creases.
_Found = tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int64], bool, F64]

_SECTORS = 72  # 5° each: about 0.4 mm of a molar's neck, the scans' point spacing
_CANDIDATES = 24  # the most convex points of each sector the line may pass through
_REACH_MM = 2.5  # beyond half the tooth's larger width: the stretch may be off this much
_BELOW_TOP_MM = 1.8  # the preparation's occlusal edge (convex too) lies above this
_DEEPEST_MM = 9.0  # no margin lies deeper than this below the preparation's top
_CLEAR_TURN_DEG = 30.0  # vtkFeatureEdges' default feature angle
_CENTRING_STEPS = 4
_CENTRING_MM = 4.0  # the axis moves this far at most from the stretch's middle
_LOWER_BONUS = 6.0  # degrees of crease per mm deeper: of two creases, the lower is the margin
_SHARPEST_DEG = 90.0  # sharper than a shoulder's right angle is a scan's spike, not more sure
_GAP_MM = 1.5
# The cost of a step between neighbouring sectors longer than the arc between them, in degrees
# of turn per mm² beyond: a line keeps to one crease rather than hopping to another.
_STEP_COST = 40.0

# Bucco-lingual crown widths (mm), position 1 … 7 (Wheeler's Dental Anatomy, Physiology and
# Occlusion, as the mesio-distal ones of `arch_frame`): a molar's neck is wider across the arch.
_UPPER_ACROSS_MM = (7.0, 6.0, 8.0, 9.0, 9.0, 11.0, 11.0)
_LOWER_ACROSS_MM = (6.0, 6.0, 7.5, 7.5, 8.0, 10.5, 10.0)


@dataclass(frozen=True, slots=True)
class FinishLine:
    tooth: int  # FDI
    points: npt.NDArray[np.int64]  # point indices, one per sector with candidates, in order round
    confidence: float  # 0–1 (see the module's text)
    closed: bool  # each point within ``_GAP_MM`` of the next, all round
    turn_deg: float  # the median crease (degrees) along the line


def crease_angles(points: F64, faces: npt.NDArray[np.integer]) -> F64:
    """Per point, the sharpest convex crease through it: the largest dihedral angle (degrees,
    between the two triangles' normals) of its edges where the surface folds outward, as a
    sharp-edge filter measures it (vtkFeatureEdges' feature angle; trimesh's
    ``face_adjacency_angles`` — whose import alone would outweigh the QC run's time budget);
    concave folds count negative. Points on no edge shared by two triangles get -180."""
    n = len(points)
    corner = points[faces]
    normal = np.cross(corner[:, 1] - corner[:, 0], corner[:, 2] - corner[:, 0])
    normal /= np.maximum(np.linalg.norm(normal, axis=1, keepdims=True), 1e-12)
    a = faces[:, [0, 1, 2]].ravel().astype(np.int64)
    b = faces[:, [1, 2, 0]].ravel().astype(np.int64)
    opposite = faces[:, [2, 0, 1]].ravel()
    face = np.repeat(np.arange(len(faces)), 3)
    key = np.minimum(a, b) * n + np.maximum(a, b)
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    # Edges used by exactly two triangles: a key equal to the next, not to the one after.
    same = np.flatnonzero(ordered[1:] == ordered[:-1])
    after = np.minimum(same + 2, len(ordered) - 1)
    same = same[(same + 2 >= len(ordered)) | (ordered[after] != ordered[same])]
    before_ok = (same == 0) | (ordered[np.maximum(same - 1, 0)] != ordered[same])
    same = same[before_ok]
    one, two = order[same], order[same + 1]
    cosine = np.einsum("ij,ij->i", normal[face[one]], normal[face[two]])
    angle = np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0)))
    outward = np.einsum("ij,ij->i", normal[face[one]], points[opposite[two]] - points[a[one]]) < 0
    signed = np.where(outward, angle, -angle)
    result: F64 = np.full(n, -180.0)
    np.maximum.at(result, a[one], signed)
    np.maximum.at(result, b[one], signed)
    return result


def finish_lines(
    geometry: ScanGeometry,
    frame: ArchFrame,
    teeth: list[int] | tuple[int, ...],
    *,
    upper: bool,
) -> list[FinishLine]:
    """The finish line of each of ``teeth`` (FDI) found from the shape; a tooth whose stretch
    of the arch holds too few points (missing, or off the scan) has none."""
    points = geometry.points.astype(np.float64)
    fdi, where = tooth_positions(geometry.points, frame, upper=upper)
    height = frame.height(points)
    lines = []
    for tooth in teeth:
        line = _finish_line(
            points,
            geometry.faces,
            height,
            fdi=fdi,
            where=where,
            frame=frame,
            tooth=tooth,
            upper=upper,
        )
        if line is not None:
            lines.append(line)
    return lines


def _finish_line(
    points: F64,
    faces: npt.NDArray[np.int32],
    height: F64,
    *,
    fdi: npt.NDArray[np.int64],
    where: F64,
    frame: ArchFrame,
    tooth: int,
    upper: bool,
) -> FinishLine | None:
    stretch = np.flatnonzero(fdi == tooth)
    if len(stretch) < 50:
        return None
    position = tooth % 10 - 1
    across = (_UPPER_ACROSS_MM if upper else _LOWER_ACROSS_MM)[position]
    along = tooth_widths(upper)[position]
    # The axis: through the crown of the middle of the tooth's stretch (its gingiva and the
    # palate beside it lie lower).
    middle = stretch[(where[stretch] > 0.2) & (where[stretch] < 0.8)]
    if len(middle) < 20:
        middle = stretch
    highest = float(np.quantile(height[middle], 0.98))
    crown = middle[height[middle] >= highest - 3.0]
    centre = points[crown].mean(axis=0)
    reach = 0.5 * max(across, along) + _REACH_MM
    rel = points - centre
    near = np.hypot(rel @ frame.left, rel @ frame.anterior) <= reach + _CENTRING_MM
    near &= height >= highest - _DEEPEST_MM - 1.0  # the palate and the base are no margin's
    sharp = _creases(points, faces, near)
    # From here on only the points round the tooth (indices into them: ``region``).
    region = np.flatnonzero(sharp > -180.0)
    if len(region) < _SECTORS:
        return None
    points, height, sharp = points[region], height[region], sharp[region]
    # The stretch may sit part of a tooth off the crown: the line is sought round the first
    # axis, then again round the middle of its clear stretches (a ridge followed round the
    # wrong axis still runs along the preparation's crease where it finds it).
    found = None
    first_centre = centre
    for _ in range(_CENTRING_STEPS):
        found = _line_round(
            points,
            height,
            sharp,
            frame=frame,
            centre=centre,
            across=across,
            along=along,
            reach=reach,
        )
        if found is None:
            return None
        line, clear = found[0], found[1]
        if clear.sum() < _SECTORS // 4:
            break
        middle_of_clear = points[line[clear]].mean(axis=0)
        shift = middle_of_clear - centre
        shift -= (shift @ frame.occlusal) * frame.occlusal
        if float(np.linalg.norm(shift)) < 0.3:
            break
        moved = centre + shift - first_centre
        moved *= min(1.0, _CENTRING_MM / max(float(np.linalg.norm(moved)), 1e-9))
        centre = first_centre + moved
    assert found is not None
    line, clear, covered, closed, turns = found
    line = region[line]
    confidence = float(covered[clear].sum()) / _SECTORS
    return FinishLine(tooth, line, round(confidence, 2), closed, float(np.median(turns)))


def _line_round(
    points: F64,
    height: F64,
    sharp: F64,
    *,
    frame: ArchFrame,
    centre: F64,
    across: float,
    along: float,
    reach: float,
) -> _Found | None:
    """The most convex closed line round the axis through ``centre``: its points, which of
    them lie on a clear crease joined to their neighbours, how many sectors each answers for,
    whether it is closed (no step longer than ``_GAP_MM``), the creases."""
    rel = points - centre
    x, y = rel @ frame.left, rel @ frame.anterior
    radius = np.hypot(x, y)
    own = radius <= 0.5 * min(across, along)
    if not own.any():
        return None
    top = float(np.quantile(height[own], 0.99))
    band = np.flatnonzero(
        (radius <= reach)
        & (height <= top - _BELOW_TOP_MM)
        & (height >= top - _DEEPEST_MM)
        & (radius >= 0.25 * min(across, along))
    )
    if len(band) < _SECTORS:
        return None
    angle = np.arctan2(y[band], x[band])
    sector = ((angle + np.pi) / (2 * np.pi) * _SECTORS).astype(np.int64) % _SECTORS
    # The most convex candidates of each sector (fewer where the sector holds fewer).
    order = np.lexsort((-(sharp[band] + _LOWER_BONUS * (top - height[band])), sector))
    sorted_sector = sector[order]
    first = np.searchsorted(sorted_sector, np.arange(_SECTORS))
    rank = np.arange(len(order)) - first[sorted_sector]
    keep = rank < _CANDIDATES
    table = np.full((_SECTORS, _CANDIDATES), -1, np.int64)
    table[sorted_sector[keep], rank[keep]] = band[order[keep]]
    present = np.flatnonzero((table >= 0).any(axis=1))
    if len(present) < _SECTORS // 2:
        return None
    # The lowest crease is the finish line: the occlusal-axial line angle above it is convex
    # too, the root and the gingiva below it are not creased.
    merit = sharp + _LOWER_BONUS * (top - height)
    chosen = _ridge(points, merit, table[present], present, radius)
    line = np.array(chosen, np.int64)
    turns = sharp[line]
    steps = np.linalg.norm(points[line] - points[np.roll(line, -1)], axis=1)
    joined = (steps <= _GAP_MM) & (np.roll(steps, 1) <= _GAP_MM)
    clear = (turns >= _CLEAR_TURN_DEG) & joined
    # A sector without a point between two joined ones is the scan's point spacing (5° of a
    # premolar's neck is less than the spacing), not a gap: each point answers for the sectors
    # up to the next one when the step there is short.
    span = np.diff(np.concatenate([present, present[:1] + _SECTORS]))
    covered = np.where(steps <= _GAP_MM, span, 1)
    closed = bool(np.all(steps <= _GAP_MM))
    return line, clear, covered, closed, turns


def _creases(points: F64, faces: npt.NDArray[np.int32], near: npt.NDArray[np.bool_]) -> F64:
    """`crease_angles` of the triangles all of whose corners are ``near`` (-180 elsewhere),
    capped at ``_SHARPEST_DEG``."""
    local = faces[near[faces].all(axis=1)]
    sharp = np.full(len(points), -180.0)
    used = np.unique(local)
    remap = np.zeros(len(points), np.int64)
    remap[used] = np.arange(len(used))
    sharp[used] = np.minimum(crease_angles(points[used], remap[local]), _SHARPEST_DEG)
    return sharp


def _ridge(
    points: F64,
    sharp: F64,
    table: npt.NDArray[np.int64],
    sectors: npt.NDArray[np.int64],
    radius: F64,
) -> list[int]:
    """One candidate per sector (rows of ``table``, -1 for none), closed round: the most convex
    path whose steps stay near the arc between their sectors."""
    k, m = table.shape
    valid = table >= 0
    safe = np.where(valid, table, 0)
    gain = np.where(valid, np.maximum(sharp[safe], -30.0), -np.inf)
    # Start in the sector whose best candidate is the sharpest, from each of its candidates.
    start = int(np.argmax(gain.max(axis=1)))
    table = np.roll(table, -start, axis=0)
    gain = np.roll(gain, -start, axis=0)
    valid = np.roll(valid, -start, axis=0)
    safe = np.roll(safe, -start, axis=0)
    gaps = np.roll(sectors, -start)
    span = (np.diff(np.concatenate([gaps, gaps[:1] + _SECTORS])) % _SECTORS).astype(float)
    span[span == 0] = _SECTORS
    starts = np.flatnonzero(valid[0])
    s = len(starts)
    # The cost of every step from sector row r to row r + 1 (the last back to the first),
    # worked out at once: (rows, previous candidate, next candidate).
    steps = _step_costs(points, radius, safe, np.roll(safe, -1, axis=0), span)
    steps[~(valid[:, :, None] & np.roll(valid, -1, axis=0)[:, None, :])] = np.inf
    # score[i, j]: the best path from start i to candidate j of the current sector.
    score = np.full((s, m), -np.inf)
    score[np.arange(s), starts] = gain[0, starts]
    back = np.zeros((k, s, m), np.int64)
    for row in range(1, k + 1):
        here = row % k
        total = score[:, :, None] - steps[row - 1][None, :, :]  # (start, previous, current)
        best = np.argmax(total, axis=1)
        score = np.take_along_axis(total, best[:, None, :], axis=1)[:, 0, :]
        back[here] = best
        if here:
            score += gain[here][None, :]
    # Closed: each start comes back to itself (its gain counted at the start).
    winner = int(np.argmax(score[np.arange(s), starts]))
    node = int(starts[winner])
    path = [node]
    for r in range(k, 1, -1):  # back from row 0 (= k) through rows k-1 … 1
        node = int(back[r % k][winner, node])
        path.append(node)
    path.append(int(starts[winner]))  # row 0
    path = path[1:][::-1]  # rows 0 … k-1
    return [int(table[r, path[r]]) for r in range(k)]


def _step_costs(
    points: F64,
    radius: F64,
    previous: npt.NDArray[np.int64],
    current: npt.NDArray[np.int64],
    span: F64,
) -> F64:
    """The cost of stepping from each ``previous`` candidate to each ``current`` one, row by
    row: the part of the step longer than the arc between their sectors, squared."""
    step = np.linalg.norm(points[previous][:, :, None, :] - points[current][:, None, :, :], axis=3)
    widest = np.maximum(radius[previous][:, :, None], radius[current][:, None, :])
    arc = 2 * np.pi / _SECTORS * span[:, None, None] * widest
    over = np.maximum(step - 1.2 * arc - 0.15, 0.0)
    result: F64 = _STEP_COST * over * over
    return result
