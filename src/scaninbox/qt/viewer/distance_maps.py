"""`DistanceMaps`: the clearance, reduction and undercut colour maps in the viewport.

The "Colours" button's menu offers the scanner's colours and the maps the case's scans allow
(`map_choices`; what cannot be had is greyed out with the reason as its tooltip). Choosing a map
measures on a worker thread — every point of the painted scan (and of its level of detail) against
the other scan's triangles (`scaninbox.qc.clearance_field`) — and paints the colours on the scan's
own actor (`ScanScene.set_field_colours`): same actor, same orientation, nothing mirrored. The
undercut map measures the painted scan against itself: each prescribed prepared tooth's walls by
their undercut depth on its best path of insertion (`scaninbox.qc.undercut_map`, the ``undercut``
finding's own measure). The distances are kept while the case is shown, per mesh: changing the range
only recolours (numpy, on the GUI thread, milliseconds); a scan replaced by its full or smoothed
mesh is measured again. "No distance map" (or the C key again) gives the scans their own colours
back. ``mapShown(choice)`` after a map was chosen (None: the scans' own colours again): the viewport
turns to the view that shows the painted jaw.

The scans of a case are in the scanner's frame and the viewer turns them all with one matrix
(`loader._CaseOrientation`), so distances measured between the meshes on screen are those between
the files.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QToolButton, QWidget

from scaninbox import language
from scaninbox.domain import Jaw
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.viewer.loader import Stage
from scaninbox.qt.viewer.map_choices import MapChoice, map_choices
from scaninbox.qt.viewer.map_legend import MapLegend
from scaninbox.qt.viewer.plan import PlannedScan
from scaninbox.qt.viewer.sink import ScanSink
from scaninbox.render import ColourScale, MapKind, ScanScene
from scaninbox.scans import Mesh

if TYPE_CHECKING:
    from scaninbox.qc import Surface

# `scaninbox.qc` is imported where a map is measured or summed up, not with the viewer: the 3D
# stack's import, which a first frame waits for, need not carry QC (local files have no work).

__all__ = ["DistanceMaps", "Measured"]

_log = logging.getLogger(__name__)
F32 = npt.NDArray[np.float32]
_NO_SCANS = QT_TRANSLATE_NOOP("DistanceMaps", "Select a case with scans to see a distance map.")


class Measured:
    """The distances of one map: per mesh painted (full and level of detail), by identity."""

    def __init__(self, choice: MapChoice, reference: Mesh) -> None:
        self.choice = choice
        self.reference = reference
        self.fields: dict[int, tuple[Mesh, F32]] = {}

    def field(self, mesh: Mesh | None) -> F32 | None:
        if mesh is None:
            return None
        kept = self.fields.get(id(mesh))
        return kept[1] if kept is not None and kept[0] is mesh else None


class DistanceMaps(QObject):
    """The map button, its menu, the legend, and the measuring (``owner`` of its tasks)."""

    mapShown = Signal(object)  # the `MapChoice` shown, or None

    def __init__(
        self,
        scene: ScanScene,
        sink: ScanSink,
        stage: QWidget,
        request_frame: Callable[[], None],
        parent: QWidget,
        *,
        scanner_colours: QAction | None = None,
    ) -> None:
        super().__init__(parent)
        self._scanner_colours = scanner_colours
        self._scene = scene
        self._sink = sink
        self._request_frame = request_frame
        self.legend = MapLegend(stage)
        self.legend.rangeChanged.connect(self._on_range)
        self.menu = QMenu(parent)
        self.menu.setObjectName("mapMenu")
        self.menu.setToolTipsVisible(True)  # a greyed-out map says why
        # One "Colours" button for how the surface is coloured: the scanner's colours or a
        # distance map (the toolbar must fit the case pane of a 1280 px window).
        self.button = QToolButton(parent)
        self.button.setObjectName("coloursButton")
        self.button.setText(translate("DistanceMaps", "Colours"))
        self.button.setMenu(self.menu)
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.toggle = QAction(translate("DistanceMaps", "Map on/off"), parent)  # the C key
        self.toggle.triggered.connect(self._on_toggle)
        self._group = QActionGroup(self)
        self._group.setExclusive(True)
        self.off = self._entry(
            translate("DistanceMaps", "No distance map"),
            translate("DistanceMaps", "The scans in their own colours"),
            "",
        )
        self.actions: dict[str, QAction] = {}
        self.choices: list[MapChoice] = []
        self.current: MapChoice | None = None
        self._last: str | None = None  # the map C brings back
        self._scales: dict[MapKind, ColourScale] = {k: ColourScale.default(k) for k in MapKind}
        self._measured: Measured | None = None  # the map on show
        self._kept: dict[str, Measured] = {}  # every map measured for the case, by name
        self._surface: tuple[Mesh, Surface] | None = None
        self._why_no_map = translate("DistanceMaps", _NO_SCANS)
        sink.listeners.append(self._on_mesh)
        if scanner_colours is not None:
            scanner_colours.changed.connect(self._sync_button)
        self.start([])

    # ------------------------------------------------------------------ public

    @property
    def scale(self) -> ColourScale | None:
        return self._scales[self.current.kind] if self.current is not None else None

    @property
    def busy(self) -> bool:
        """Whether a measurement is running on a worker thread."""
        return async_bridge.running_task(self, "measure") is not None

    def start(self, planned: Sequence[PlannedScan], prepared: Sequence[int] = ()) -> None:
        """A new case (its rows planned; ``prepared``: its prescribed prepared teeth): its
        choices, no map, nothing measured, and the colour ranges as they start (a range
        narrowed to read one case is not applied, unseen in a closed legend, to the next
        patient's map)."""
        self._clear_map()
        self._scales = {k: ColourScale.default(k) for k in MapKind}
        self._measured = None
        self._kept = {}
        self._surface = None
        self.choices = map_choices(planned, prepared)
        for action in self.actions.values():
            self._group.removeAction(action)
            self.menu.removeAction(action)
            action.deleteLater()
        self.actions = {}
        self.menu.clear()
        if self._scanner_colours is not None:
            self.menu.addAction(self._scanner_colours)
            self.menu.addSeparator()
        self.menu.addAction(self.off)
        self.menu.addSeparator()
        kinds: set[MapKind] = set()
        for choice in self.choices:
            if kinds and choice.kind not in kinds:
                self.menu.addSeparator()  # the clearance maps, then the reduction maps
            kinds.add(choice.kind)
            action = self._entry(choice.label, choice.reason or _tip(choice), choice.name)
            action.setEnabled(choice.available)
            self.actions[choice.name] = action
        self.off.setChecked(True)
        available = [c for c in self.choices if c.available]
        self.toggle.setEnabled(bool(available))
        if not planned:
            self._why_no_map = translate("DistanceMaps", _NO_SCANS)
        elif not available:
            self._why_no_map = " ".join(dict.fromkeys(c.reason for c in self.choices))
        else:
            self._why_no_map = ""
        self._sync_button()

    def _sync_button(self) -> None:
        """Enabled while the scanner's colours or a map can be shown; the tooltip says what
        it offers, or why it offers nothing."""
        scanner = self._scanner_colours is not None and self._scanner_colours.isEnabled()
        self.button.setEnabled(scanner or not self._why_no_map)
        if self._why_no_map:
            tip = (
                translate("DistanceMaps", "Distance map: {reason}")
                if scanner
                else translate(
                    "DistanceMaps",
                    "Distance map: {reason} These scans carry no colours of the scanner either.",
                )
            ).format(reason=self._why_no_map)
        else:
            tip = translate(
                "DistanceMaps",
                "Colours of the surface: the scanner's own (V), or a distance map (C) — "
                "clearance to the antagonist in mm with bite-through in magenta, how much "
                "was removed since the scan before the preparation, or the prepared teeth's "
                "undercuts",
            )
        self.button.setToolTip(tip)

    def show_map(self, name: str | None) -> bool:
        """Show the map ``name`` (a `MapChoice.name`; None: off); False when the case does not
        allow it."""
        choice = next((c for c in self.choices if c.name == name), None)
        if name is not None and (choice is None or not choice.available):
            return False
        self._clear_map()
        self.current = choice
        action = self.off if choice is None else self.actions[choice.name]
        action.setChecked(True)
        if choice is None:
            self.legend.hide()
            self._request_frame()
            self.mapShown.emit(None)
            return True
        self._last = choice.name
        scale = self._scales[choice.kind]
        self.legend.show_scale(scale, choice.subtitle)
        self._refresh()
        self.mapShown.emit(choice)
        return True

    def close(self) -> None:
        async_bridge.cancel_owned(self)
        self._sink.listeners[:] = [f for f in self._sink.listeners if f != self._on_mesh]

    # ------------------------------------------------------------------ internals

    def _entry(self, text: str, tip: str, name: str) -> QAction:
        action = QAction(text, self)  # not the menu's: `QMenu.clear` would delete it
        action.setCheckable(True)
        action.setToolTip(tip)
        action.setData(name)
        action.triggered.connect(lambda _=False, n=name: self.show_map(n or None))
        self._group.addAction(action)
        self.menu.addAction(action)
        return action

    def _on_toggle(self) -> None:
        if self.current is not None:
            self.show_map(None)
            return
        wanted = self._last if self._last in self.actions else None
        first = next((c.name for c in self.choices if c.available), None)
        self.show_map(wanted if wanted and self.actions[wanted].isEnabled() else first)

    def _on_range(self, low_mm: float, high_mm: float) -> None:
        if self.current is None:
            return
        kind = self.current.kind
        self._scales[kind] = ColourScale.from_mm(kind, low_mm, high_mm)
        self.legend.bar.set_scale(self._scales[kind])
        self._paint()

    def _on_mesh(self, key: str) -> None:
        """The sink shows a new mesh (or level of detail) for ``key``."""
        choice = self.current
        if choice is not None and key in (choice.target, choice.reference):
            self._refresh()

    def _ready_mesh(self, key: str | None) -> Mesh | None:
        """The mesh on show for ``key`` once it is worth measuring (not the soup that its
        smoothed mesh replaces in a moment)."""
        if key is None or self._sink.stages.get(key) in (None, Stage.FIRST):
            return None
        return self._sink.meshes.get(key)

    def _refresh(self) -> None:
        """Paint what is measured; measure what is not yet (on a worker thread)."""
        choice = self.current
        if choice is None:
            return
        target, reference = self._ready_mesh(choice.target), self._ready_mesh(choice.reference)
        if target is None or reference is None:
            self.legend.set_status(translate("DistanceMaps", "Waiting for the scans to load…"))
            return
        measured = self._kept.get(choice.name)
        if measured is None or measured.reference is not reference:
            measured = self._kept[choice.name] = Measured(choice, reference)
        self._measured = measured
        lod = self._sink.lods.get(choice.target) if choice.target else None
        missing = [m for m in (target, lod) if m is not None and measured.field(m) is None]
        self._paint()
        if missing:
            self.legend.set_status(translate("DistanceMaps", "Measuring…"))
            async_bridge.run(
                self._measure(measured, missing),
                owner=self,
                key="measure",
                name=f"measure the {choice.name} map",
            )

    async def _measure(self, measured: Measured, meshes: list[Mesh]) -> None:
        kept = self._surface
        surface = kept[1] if kept is not None and kept[0] is measured.reference else None
        kind, points = measured.choice.kind, [m.points for m in meshes]

        def show_progress(fraction: float) -> None:  # on the GUI thread
            if self._measured is measured and self.current == measured.choice and self.busy:
                self.legend.set_status(
                    translate("DistanceMaps", "Measuring… {percent}%").format(
                        percent=round(fraction * 100)
                    )
                )

        progress = _Percent(async_bridge.gui_callback(show_progress))
        try:
            if kind is MapKind.UNDERCUT:
                fields = await async_bridge.to_thread(
                    _undercut_fields,
                    measured.choice,
                    measured.reference,
                    measured.field(measured.reference),
                    meshes,
                    progress,
                )
            else:
                surface, fields = await async_bridge.to_thread(
                    _fields, kind, points, measured.reference, surface, progress
                )
        except Exception:  # a bug or no memory left: say so where the map would be
            _log.exception("the %s map could not be measured", measured.choice.label)
            if self.current == measured.choice:
                self.legend.set_status(
                    translate("DistanceMaps", "The map could not be measured (details in the log).")
                )
            return
        if surface is not None:
            self._surface = (measured.reference, surface)
        for mesh, values in zip(meshes, fields, strict=True):
            measured.fields[id(mesh)] = (mesh, values)
        if self._measured is measured and self.current == measured.choice:
            self._paint()

    def _paint(self) -> None:
        choice, measured = self.current, self._measured
        if choice is None or choice.target is None or measured is None:
            return
        target = self._sink.meshes.get(choice.target)
        values = measured.field(target)
        if values is None:
            return
        scale = self._scales[choice.kind]
        lod_values = measured.field(self._sink.lods.get(choice.target))
        self._scene.set_field_colours(
            choice.target,
            scale.colours(values),
            scale.colours(lod_values) if lod_values is not None else None,
        )
        self.legend.set_status(_summary(choice.kind, values))
        self._request_frame()

    def _clear_map(self) -> None:
        async_bridge.cancel(self, "measure")
        choice, self.current = self.current, None
        target = choice.target if choice is not None else None
        if target is not None and self._scene.scan(target) is not None:
            self._scene.set_field_colours(target, None)
        self.legend.hide()


class _Percent:
    """Worker thread: passes on whole percentages only, once each (a queued call per chunk
    would be cheap, but a label redrawn for nothing is not)."""

    def __init__(self, report: Callable[[float], None]) -> None:
        self._report = report
        self._last = -1

    def __call__(self, fraction: float) -> None:
        percent = int(fraction * 100)
        if percent != self._last:
            self._last = percent
            self._report(percent / 100)


def _fields(
    kind: MapKind,
    points: list[Any],
    reference: Mesh,
    surface: Surface | None,
    progress: Callable[[float], None] | None = None,
) -> tuple[Surface, list[F32]]:
    """Worker thread: the reference's surface (built once) and each point set's field;
    ``progress`` is told the share measured of all the point sets together."""
    from scaninbox.qc import clearance_field, reduction_field, surface_of_mesh

    if surface is None:
        surface = surface_of_mesh(reference)
    measure = clearance_field if kind is MapKind.CLEARANCE else reduction_field
    total = max(1, sum(len(p) for p in points))
    fields, done = [], 0
    for p in points:
        share, before = len(p) / total, done / total

        def told(fraction: float, share: float = share, before: float = before) -> None:
            if progress is not None:
                progress(before + share * fraction)

        fields.append(measure(p, surface, progress=told))
        done += len(p)
    return surface, fields


def _undercut_fields(
    choice: MapChoice,
    full: Mesh,
    known: F32 | None,
    meshes: list[Mesh],
    progress: Callable[[float], None] | None = None,
) -> list[F32]:
    """Worker thread: the undercut field of the full scan (``known`` when already measured),
    and each of ``meshes``' (a level of detail's carried over from the full scan's)."""
    from scaninbox.qc import carried_over, undercut_field

    jaw = "upper" if choice.jaw is Jaw.UPPER else "lower"
    values = known if known is not None else undercut_field(full, jaw, choice.teeth, None, progress)
    return [values if m is full else carried_over(values, full.points, m.points) for m in meshes]


def _mm(value: float) -> str:
    """``0.1`` as the person's language writes it (``0,1`` in German)."""
    return language.current().number_text(value, 2 if value < 0.1 else 1)


def _tip(choice: MapChoice) -> str:
    if choice.kind is MapKind.CLEARANCE:
        text = (
            translate(
                "DistanceMaps",
                "Colour the upper jaw by its distance to the lower jaw's surface, in {band} mm "
                "bands; bite-through in magenta",
            )
            if choice.jaw is Jaw.UPPER
            else translate(
                "DistanceMaps",
                "Colour the lower jaw by its distance to the upper jaw's surface, in {band} mm "
                "bands; bite-through in magenta",
            )
        )
    elif choice.kind is MapKind.UNDERCUT:
        text = translate(
            "DistanceMaps",
            "Colour the walls of the prepared teeth by how deep they lie in undercut on each "
            "tooth's best path of insertion, in {band} mm bands (the undercut check's measure)",
        )
    else:
        text = translate(
            "DistanceMaps",
            "Colour the preparation scan by how much was removed since the scan before the "
            "preparation, in {band} mm bands",
        )
    return text.format(band=_mm(0.1))


def _summary(kind: MapKind, values: F32) -> str:
    """One line under the legend: the figure QC asks for first."""
    from scaninbox.qc import CLEARANCE_CAP_MM, clearance_summary, mm_text

    measured = values[np.isfinite(values)]
    if kind is MapKind.CLEARANCE:
        # The same words and rounding as the clearance finding of the pair (`qc.figures`).
        least = float(measured.min()) if len(measured) else None
        return clearance_summary(least, CLEARANCE_CAP_MM)
    if kind is MapKind.UNDERCUT:
        if not len(measured):
            return translate("DistanceMaps", "The prepared teeth could not be found on this scan.")
        if float(measured.max()) < 0.05:
            return translate(
                "DistanceMaps", "No undercut (under {least} mm) on the best paths of insertion."
            ).format(least=_mm(0.05))
        return translate(
            "DistanceMaps", "Deepest undercut {depth} on the best path of insertion."
        ).format(depth=mm_text(float(measured.max())))
    if not len(measured) or float(measured.max()) < 0.05:
        return translate("DistanceMaps", "Nothing removed (under {least} mm).").format(
            least=_mm(0.05)
        )
    return translate("DistanceMaps", "Up to {depth} removed.").format(
        depth=mm_text(float(measured.max()))
    )
