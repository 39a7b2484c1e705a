"""Where the numbered tags of a report picture go: near their finding, never over another tag.

Findings close together (two fragments a millimetre apart, a row of small holes) would get
their tags on top of each other, and the reader could not tell 1 from 2. Each tag wants to sit
just above its point; a tag whose place is taken (by an earlier tag, or over another finding's
mark) moves to the nearest free place on rings around the point — above first, then beside,
then below — inside the picture, and the picture draws a leader line from the tag to its
point (`Tag.moved`). Greedy, in the findings' order: a handful of tags per picture, so there
is no need for anything cleverer.

Pixels here count from the bottom left (VTK's display coordinates), no VTK or Qt involved.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Box", "Tag", "place_tags"]

_GAP_PX = 3.0  # between two tags, and between a tag and a mark
_DIRECTIONS = 16  # places tried on each ring around the point
_RINGS = 12


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in pixels: left ``x``, bottom ``y``."""

    x: float
    y: float
    w: float
    h: float

    def overlap(self, other: Box, gap: float = 0.0) -> float:
        """The area the two share once each is grown by ``gap`` on every side (0: apart)."""
        dx = min(self.x + self.w, other.x + other.w) - max(self.x, other.x) + 2 * gap
        dy = min(self.y + self.h, other.y + other.h) - max(self.y, other.y) + 2 * gap
        return dx * dy if dx > 0 and dy > 0 else 0.0

    def nearest(self, x: float, y: float) -> tuple[float, float]:
        """The point of the rectangle nearest to (x, y): where a leader line meets it."""
        return (min(max(x, self.x), self.x + self.w), min(max(y, self.y), self.y + self.h))


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag's rectangle, its point, and whether it left its place above the point."""

    box: Box
    anchor: tuple[float, float]
    moved: bool


def place_tags(
    anchors: Sequence[tuple[float, float]],
    sizes: Sequence[tuple[float, float]],
    *,
    lift: float,
    mark_px: float,
    picture: tuple[int, int],
) -> list[Tag]:
    """Tags of ``sizes`` (w, h) for the points ``anchors``: each centred ``lift`` pixels above
    its point when that place is free, else at the nearest free place. ``mark_px`` is the
    radius of the marks drawn at the points (a tag never covers one); ``picture`` is (width,
    height). When nothing is free (more tags than room) the least crowded place is taken."""
    width, height = picture
    marks = [Box(x - mark_px, y - mark_px, 2 * mark_px, 2 * mark_px) for x, y in anchors]
    placed: list[Tag] = []
    for index, ((x, y), (w, h)) in enumerate(zip(anchors, sizes, strict=True)):
        others = [m for i, m in enumerate(marks) if i != index]
        best: tuple[float, Box] | None = None
        for box in _candidates((x, y), (w, h), lift=lift, mark_px=mark_px):
            if box.x < 0 or box.y < 0 or box.x + box.w > width or box.y + box.h > height:
                continue
            crowding = sum(box.overlap(t.box, _GAP_PX) for t in placed)
            crowding += sum(box.overlap(m, _GAP_PX) for m in others)
            if crowding == 0.0:
                best = (0.0, box)
                break
            if best is None or crowding < best[0]:
                best = (crowding, box)
        preferred = Box(x - w / 2, y + lift, w, h)
        box = preferred if best is None else best[1]  # None: no place inside the picture
        placed.append(Tag(box, (x, y), moved=box != preferred))
    return placed


def _candidates(
    anchor: tuple[float, float], size: tuple[float, float], *, lift: float, mark_px: float
) -> list[Box]:
    """Places for a tag, nearest first: above the point, then on growing rings around it
    (each ring starting above and going round both ways)."""
    (x, y), (w, h) = anchor, size
    boxes = [Box(x - w / 2, y + lift, w, h)]
    step = max(h, w) / 2 + _GAP_PX
    first = mark_px + _GAP_PX + max(w, h) / 2
    for ring in range(_RINGS):
        radius = first + ring * step
        for turn in _turns():
            angle = math.pi / 2 + turn * 2 * math.pi / _DIRECTIONS
            cx, cy = x + radius * math.cos(angle), y + radius * math.sin(angle)
            boxes.append(Box(cx - w / 2, cy - h / 2, w, h))
    return boxes


def _turns() -> list[int]:
    """0, 1, -1, 2, -2, …: round the ring from the top, both ways alternately."""
    turns = [0]
    for k in range(1, _DIRECTIONS // 2 + 1):
        turns.append(k)
        if k != _DIRECTIONS // 2:
            turns.append(-k)
    return turns
