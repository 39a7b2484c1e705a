"""Banded colour scales for the distance maps: per-point millimetres → per-point colours.

Dental CAD shows distances in bands: one colour per 0.1 mm, so "this cusp has 0.4–0.5 mm of
room" reads off the surface and off the legend alike. A `ColourScale` is a range in whole
tenths of a millimetre (so that 0.3 is a band edge, not 0.30000000000000004), a ramp laid over
its bands, and what lies outside:

- **clearance** (to the antagonist): red (no room) through yellow and green to blue (plenty);
  *bite-through* (below 0: inside the antagonist) in a colour of its own that no band has
  (magenta); from 0 up to the range's start the first band's colour (as tight as the tightest
  band); beyond the range's end neutral grey ("enough room");
- **reduction** (removed since the scan before the preparation): pale yellow (little) through
  orange and red to deep brown (much); under the range's start neutral grey ("untouched"); from
  the end on the last band's colour (at least that much);
- **undercut** (depth on a prepared tooth's best path of insertion): amber (shallow) through red
  to violet (deep); under the range's start — what the die spacer and cement gap take up — a
  pale green of its own ("no undercut": the prepared walls stay distinct from the rest of the
  arch); from the end on the last band's colour.

Points with no value (NaN: farther than the query's cap) are neutral. Pure numpy: the scene
uploads the colours (`ScanScene.set_field_colours`), the legends read `bands` and `ticks`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from scaninbox import language
from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "BITE_THROUGH",
    "MAP_MAX_MM",
    "MAP_STEP_MM",
    "NEUTRAL",
    "NO_UNDERCUT",
    "Band",
    "ColourScale",
    "MapKind",
]

MAP_STEP_MM = 0.1
MAX_TENTHS = 30  # 3.0 mm: the fields are capped there (`scaninbox.qc.clearance_field.CAP_MM`)
MAP_MAX_MM = MAX_TENTHS * MAP_STEP_MM
Rgb = tuple[int, int, int]

BITE_THROUGH: Rgb = (226, 32, 214)  # magenta: neither a band of either ramp nor a jaw colour
NEUTRAL: Rgb = (200, 200, 200)

_CLEARANCE_RAMP: tuple[Rgb, ...] = (
    (214, 39, 40),  # red: no room
    (247, 129, 37),
    (250, 214, 60),  # yellow
    (120, 198, 76),  # green
    (39, 170, 178),
    (44, 107, 200),  # blue: plenty
)
_REDUCTION_RAMP: tuple[Rgb, ...] = (
    (255, 240, 170),  # pale yellow: a little
    (253, 174, 77),
    (232, 93, 46),
    (178, 34, 52),
    (101, 28, 40),  # deep brown-red: much
)


_UNDERCUT_RAMP: tuple[Rgb, ...] = (
    (255, 200, 60),  # amber: shallow
    (240, 120, 40),
    (214, 39, 40),  # red
    (160, 30, 120),
    (90, 40, 160),  # violet: deep
)
NO_UNDERCUT: Rgb = (160, 214, 160)  # pale green: a prepared wall with no undercut to speak of


class MapKind(Enum):
    CLEARANCE = "clearance"
    REDUCTION = "reduction"
    UNDERCUT = "undercut"


@dataclass(frozen=True, slots=True)
class Band:
    low_mm: float
    high_mm: float
    colour: Rgb


@dataclass(frozen=True, slots=True)
class ColourScale:
    """``kind``'s scale over [``low_tenths``, ``high_tenths``] tenths of a millimetre."""

    kind: MapKind
    low_tenths: int
    high_tenths: int

    def __post_init__(self) -> None:
        if not 0 <= self.low_tenths < self.high_tenths <= MAX_TENTHS:
            raise ValueError(
                f"a colour range runs from 0 to {MAP_MAX_MM:.1f} mm, its start below "
                f"its end (asked: {self.low_tenths / 10:.1f}–{self.high_tenths / 10:.1f})"
            )

    @classmethod
    def default(cls, kind: MapKind) -> ColourScale:
        # Clearance: 0–2 mm covers every restorative material's minimum thickness.
        # Reduction: from 0.1 mm, so that the untouched arch (and scan noise) stays grey.
        # Undercut: from the 0.1 mm the check starts warning at (`QcThresholds`) to 1 mm.
        if kind is MapKind.UNDERCUT:
            return cls(kind, 1, 10)
        return cls(kind, 0, 20) if kind is MapKind.CLEARANCE else cls(kind, 1, 20)

    @classmethod
    def from_mm(cls, kind: MapKind, low_mm: float, high_mm: float) -> ColourScale:
        """The scale from millimetres as typed (rounded to the 0.1 mm step)."""
        return cls(kind, round(low_mm / MAP_STEP_MM), round(high_mm / MAP_STEP_MM))

    @property
    def low_mm(self) -> float:
        return self.low_tenths / 10

    @property
    def high_mm(self) -> float:
        return self.high_tenths / 10

    @property
    def title(self) -> str:
        return translate("ColourMap", _TITLES[self.kind])

    @property
    def bands(self) -> list[Band]:
        """The bands from the range's start up, each 0.1 mm wide, with its colour."""
        bands = []
        for i, (red, green, blue) in enumerate(self.band_colours().tolist()):
            low = self.low_tenths + i
            bands.append(Band(low / 10, (low + 1) / 10, (red, green, blue)))
        return bands

    def band_colours(self) -> npt.NDArray[np.uint8]:
        """(bands, 3) colours: the ramp sampled at each band's middle."""
        ramp = np.array(_RAMPS[self.kind], np.float64)
        count = self.high_tenths - self.low_tenths
        at = (np.arange(count) + 0.5) / count * (len(ramp) - 1)
        stops = np.arange(len(ramp))
        channels = [np.interp(at, stops, ramp[:, c]) for c in range(3)]
        table: npt.NDArray[np.uint8] = np.rint(np.stack(channels, axis=1)).astype(np.uint8)
        return table

    def band_index(self, values: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The band each value falls in, counted from the range's start (−1 below it, the band
        count and more above it). A value on an edge belongs to the band above the edge."""
        tenths = np.asarray(values, np.float64) * 10 - self.low_tenths
        # A float32 0.3 is 2.9999999 tenths: a nudge far below any scan's precision puts it
        # on the edge it was meant to be.
        index: npt.NDArray[np.int64] = np.floor(np.nan_to_num(tenths) + 1e-4).astype(np.int64)
        return index

    def colours(self, values: npt.ArrayLike) -> npt.NDArray[np.uint8]:
        """(N, 3) uint8 colours of the per-point ``values`` (mm; NaN: not measured)."""
        v = np.asarray(values, np.float64)
        table = self.band_colours()
        count = len(table)
        index = self.band_index(v)
        out = np.empty((len(v), 3), np.uint8)
        out[:] = NEUTRAL
        inside = (index >= 0) & (index < count)
        out[inside] = table[index[inside]]
        measured = ~np.isnan(v)
        if self.kind is MapKind.CLEARANCE:
            out[measured & (index < 0)] = table[0]  # tighter than the range's start
            out[measured & (v < 0)] = BITE_THROUGH
        else:
            out[measured & (index >= count)] = table[-1]  # at least the range's end
        if self.kind is MapKind.UNDERCUT:
            out[measured & (index < 0)] = NO_UNDERCUT
        out[~measured] = NEUTRAL
        return out

    def ticks(self, most: int = 11) -> list[float]:
        """Band edges (mm) to label in a legend: every edge when they fit in ``most`` labels,
        else every 0.2, 0.5 or 1.0 mm — always the range's start and end."""
        span = self.high_tenths - self.low_tenths
        for every in (1, 2, 5, 10):
            if math.ceil(span / every) + 1 <= most:
                break
        edges = [t for t in range(self.low_tenths, self.high_tenths + 1) if t % every == 0]
        if edges[0] != self.low_tenths:
            edges.insert(0, self.low_tenths)
        if edges[-1] != self.high_tenths:
            edges.append(self.high_tenths)
        # An edge crowding an end of the range (half a step or nearer) gives way to it.
        if len(edges) > 2 and self.high_tenths - edges[-2] <= every / 2:
            edges.pop(-2)
        if len(edges) > 2 and edges[1] - self.low_tenths <= every / 2:
            edges.pop(1)
        return [t / 10 for t in edges]

    def outside_labels(self) -> tuple[tuple[str, Rgb], ...]:
        """What the legend says about the colours outside the bands, top to bottom."""
        number = language.current().number_text
        if self.kind is MapKind.CLEARANCE:
            return (
                (translate("ColourMap", "over {mm}").format(mm=number(self.high_mm, 1)), NEUTRAL),
                (translate("ColourMap", "bite-through (< 0)"), BITE_THROUGH),
            )
        if self.kind is MapKind.UNDERCUT:
            return (
                (
                    translate("ColourMap", "under {mm}: no undercut").format(
                        mm=number(self.low_mm, 1)
                    ),
                    NO_UNDERCUT,
                ),
                (translate("ColourMap", "not a prepared wall"), NEUTRAL),
            )
        return (
            (
                translate("ColourMap", "under {mm}: untouched").format(mm=number(self.low_mm, 1)),
                NEUTRAL,
            ),
        )


_RAMPS = {
    MapKind.CLEARANCE: _CLEARANCE_RAMP,
    MapKind.REDUCTION: _REDUCTION_RAMP,
    MapKind.UNDERCUT: _UNDERCUT_RAMP,
}
_TITLES = {
    MapKind.CLEARANCE: QT_TRANSLATE_NOOP("ColourMap", "Clearance, mm"),
    MapKind.REDUCTION: QT_TRANSLATE_NOOP("ColourMap", "Removed, mm"),
    MapKind.UNDERCUT: QT_TRANSLATE_NOOP("ColourMap", "Undercut, mm"),
}
