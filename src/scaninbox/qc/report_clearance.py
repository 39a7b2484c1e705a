"""Occlusal clearance pictures for the PDF report: each arch coloured by its distance to the
antagonist, as the viewer's clearance map shows it (same bands, same colours), seen from its
occlusal side (off-screen, no display).

Only for a run that read both arches (a run that reused stored checks has no geometry, and no
pictures at all). The distances are measured in the files' own frame
(`scaninbox.qc.clearance_field`), then the arch is turned by the portal's orientation for the
picture — a turn moves both arches alike, so the distances hold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox import language
from scaninbox.domain import Jaw
from scaninbox.language import translate
from scaninbox.qc.clearance_field import CAP_MM, clearance_field
from scaninbox.qc.occlusion import surface_of
from scaninbox.qc.report_views import picture_height, turned_geometry
from scaninbox.qc.run import QcRun
from scaninbox.qc.scan_checks import ScanGeometry
from scaninbox.render import ColourScale, MapKind

__all__ = ["ClearancePicture", "clearance_pictures", "clearance_section"]

_PICTURE_MM = 130.0  # the width of a map picture on the page


@dataclass(frozen=True, slots=True)
class ClearancePicture:
    caption: str
    path: Path
    scale: ColourScale
    least_mm: float | None  # the smallest distance within the cap (negative: bite-through)


def clearance_pictures(
    run: QcRun,
    folder: Path,
    matrix: npt.NDArray[np.float64] | None = None,
    *,
    size: tuple[int, int] = (1000, 760),
) -> list[ClearancePicture]:
    """A clearance picture of the upper arch against the lower and of the lower against the
    upper (the arches the occlusion check used), written into ``folder``."""
    arches: dict[Jaw, tuple[str, ScanGeometry]] = {}
    for index, item in enumerate(run.inputs):
        geometry = run.geometry.get(index)
        usable = geometry is not None and len(geometry.faces) > 0
        if usable and not item.before_preparation and item.jaw in (Jaw.UPPER, Jaw.LOWER):
            assert geometry is not None
            arches.setdefault(item.jaw, (item.label, geometry))
    if len(arches) < 2:
        return []
    scale = ColourScale.default(MapKind.CLEARANCE)
    pictures = []
    for jaw, against in ((Jaw.UPPER, Jaw.LOWER), (Jaw.LOWER, Jaw.UPPER)):
        label, geometry = arches[jaw]
        values = clearance_field(geometry.points, surface_of(arches[against][1]))
        out = folder / f"clearance-{jaw}.png"
        _render(geometry, jaw, scale.colours(values), out, matrix=matrix, size=size)
        finite = values[np.isfinite(values)]
        least = float(finite.min()) if len(finite) else None
        caption = (
            translate("QcReport", "Upper against lower — {file}")
            if jaw is Jaw.UPPER
            else translate("QcReport", "Lower against upper — {file}")
        ).format(file=label)
        pictures.append(ClearancePicture(caption, out, scale, least))
    return pictures


def _render(
    geometry: ScanGeometry,
    jaw: Jaw,
    colours: npt.NDArray[np.uint8],
    out: Path,
    *,
    matrix: npt.NDArray[np.float64] | None,
    size: tuple[int, int],
) -> Path:
    from scaninbox.render import View, offscreen_scene, write_png

    _, mesh, _ = turned_geometry(geometry, matrix)
    with offscreen_scene(size) as (canvas, scene):  # bare VTK, as `report_views` draws
        scene.set_scan("scan", mesh, jaw=jaw)
        scene.set_field_colours("scan", colours)
        scene.apply_view(View.UPPER if jaw is Jaw.UPPER else View.LOWER)
        pixels = canvas.screenshot()
    return write_png(pixels, out)


def clearance_section(
    pdf: Any, pictures: list[ClearancePicture], heading: Callable[[Any, str], None]
) -> None:
    """A page of the report (``pdf``: its FPDF with ``use(style, size)`` and ``text_of``):
    each picture with its legend — the bands in mm under it, what the other colours mean —
    and its smallest clearance or deepest bite-through."""
    if not pictures:
        return
    # A new page only when the heading and the first picture with its legend do not fit.
    if pdf.get_y() + 12 + _room(picture_height(pictures[0].path, _PICTURE_MM)) > (
        pdf.page_break_trigger
    ):
        pdf.add_page()
    heading(pdf, translate("QcReport", "Occlusal clearance (distance to the antagonist, mm)"))
    for picture in pictures:
        if pdf.get_y() + _room(picture_height(picture.path, _PICTURE_MM)) > pdf.page_break_trigger:
            pdf.add_page()
        pdf.use("B", 9)
        pdf.cell(0, 6, pdf.text_of(picture.caption), new_x="LMARGIN", new_y="NEXT")
        pdf.image(str(picture.path), w=_PICTURE_MM)
        _legend(pdf, picture)
        pdf.ln(3)


def _room(picture_mm: float) -> float:
    """A picture's height with its caption and legend (mm)."""
    return 6 + picture_mm + 18


def _legend(pdf: Any, picture: ClearancePicture) -> None:
    scale = picture.scale
    left, top, width, height = pdf.l_margin, pdf.get_y() + 1, 130.0, 4.0
    bands = scale.bands
    step = width / len(bands)
    for i, band in enumerate(bands):
        pdf.set_fill_color(*band.colour)
        pdf.rect(left + i * step, top, step + 0.05, height, style="F")
    pdf.use("", 7.5)
    for tick in scale.ticks():
        x = left + (tick - scale.low_mm) / (scale.high_mm - scale.low_mm) * width
        pdf.set_xy(x - 5, top + height + 0.5)
        pdf.cell(10, 3.5, language.current().number_text(tick, 1), align="C")
    pdf.set_xy(left, top + height + 5)
    for text, colour in scale.outside_labels():
        pdf.set_fill_color(*colour)
        pdf.rect(pdf.get_x(), pdf.get_y() + 0.7, 3, 3, style="F")
        pdf.set_x(pdf.get_x() + 4)
        pdf.cell(pdf.get_string_width(text) + 6, 4.5, pdf.text_of(text))
    from scaninbox.qc.figures import clearance_summary

    summary = clearance_summary(picture.least_mm, CAP_MM)
    pdf.use("B", 8)
    pdf.cell(0, 4.5, pdf.text_of(summary), new_x="LMARGIN", new_y="NEXT")
