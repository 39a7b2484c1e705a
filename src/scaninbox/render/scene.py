"""`ScanScene`: the case's scans on any pyvista plotter, coloured by jaw, with a level of detail.

The scene owns one VTK actor per scan, and a second one for its level of detail (LOD) once the
caller hands a coarse copy in (`set_lod`). Before every frame it looks at the render window's
desired update rate, which VTK's interactor raises while the user rotates or zooms and lowers
when the mouse is released. While it is high and the window's render policy degrades motion
(`render_policy`: a software rasteriser, or frames measured too slow for the target rate) the
scene draws only what motion needs — the coarse actors, one light instead of two
(`appearance.LightRig`), no FXAA (and the Qt view draws a smaller picture:
`scaninbox.qt.viewer.interactor`) —, otherwise the full look, also while turning. Each
actor keeps its own GPU buffers, so swapping costs nothing. A plotter whose ``draft_frame`` is
true while it draws (the Qt view's first picture of a still, smoothed once the view settles)
gets the full look without FXAA for that frame.

A large scan is drawn as pieces of at most 75k triangles, one actor each, sharing the scan's
arrays and their buffers in OpenGL (`scaninbox.render.pieces`): under a software rasteriser
each piece is drawn in step with it (`draw_pacing`), which bounds the memory its queue takes.

Colours: each jaw its own (the settings' ``jaw_colours``), a scan taken before the preparation a
colour of its own (it lies over the prepared arch), and the inside of every surface (its back
faces) one colour no jaw has — "inside", plum — so a hole in a scan reads as a hole. Bite scans
and scans taken before the preparation repeat the arches' surfaces almost exactly; their
polygons are drawn a little behind (a polygon offset), so the arch wins where both lie and no
z-fighting stripes appear — and where they differ (the tooth before it was prepared) they show.

Replacing a scan under the same key (the welded, smooth mesh replacing the first flat-shaded
soup) swaps the actor's data in place: camera, visibility, opacity and colour stay.

Thread rules: everything here touches VTK and must run on the thread that owns the plotter (the
GUI thread). Build meshes, refined meshes and LODs on worker threads (`scaninbox.scans`), then
hand them in here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scaninbox.domain import Jaw
from scaninbox.render.appearance import apply_material, decide_policy, style_plotter
from scaninbox.render.draw_pacing import pace_drawing
from scaninbox.render.field_paint import FIELD_COLOURS, paint
from scaninbox.render.pieces import shift_scale_method, to_pieces
from scaninbox.render.polydata import COLOURS, to_polydata
from scaninbox.render.views import Bounds, View, apply_view, centre_beside, fit
from scaninbox.scans import Mesh
from scaninbox.settings import DEFAULT_JAW_COLOURS

__all__ = ["INSIDE", "MIN_FREE_SHARE", "NEUTRAL_COLOUR", "ScanScene", "ScanState"]

NEUTRAL_COLOUR = "#d4d4d4"  # a scan whose jaw is unknown
INSIDE = "inside"  # the ``jaw_colours`` key of the back faces' colour
# Depth offset of a bite's (or a pre-preparation scan's) polygons, VTK's relative factor and
# units: enough to lose to the arch's surface where both lie despite the depth buffer's
# rounding, too little to hide anything half a millimetre nearer.
_BEHIND_OFFSET = (2.0, 8.0)
MIN_FREE_SHARE = 0.4  # of the view's width, beside an overlay
_INTERACTIVE_RATE = 1.0  # frames/s above which VTK is in the middle of an interaction


@dataclass(slots=True)
class ScanState:
    """What the scene shows for one key (read-only for callers)."""

    key: str
    jaw: Jaw
    colour: str
    opacity: float
    visible: bool
    vertex_colours: bool
    has_colours: bool
    n_triangles: int
    actor: Any  # the first piece of the full mesh (the only one of a scan up to 75k triangles)
    lod_actor: Any | None = None
    before_preparation: bool = False
    field: bool = False  # painted with a distance map (`set_field_colours`)
    lod_field: bool = False  # its level of detail too (else the full mesh is drawn in motion)
    # Every actor of the full mesh, `actor` first: a large scan is drawn in pieces that share
    # its arrays (`scaninbox.render.pieces`), so llvmpipe's queue holds one piece at a time.
    pieces: tuple[Any, ...] = ()


class ScanScene:
    """Scans on ``plotter`` (``pyvista.Plotter``, off-screen or ``QtInteractor``).

    ``jaw_colours`` maps "upper"/"lower"/"bite" to ``#rrggbb`` (default: the settings' colours).
    The plotter gets the scene's background, lights, orientation marker and anti-aliasing.
    """

    def __init__(self, plotter: Any, *, jaw_colours: Mapping[str, str] | None = None) -> None:
        self.plotter = plotter
        self.jaw_colours = dict(DEFAULT_JAW_COLOURS if jaw_colours is None else jaw_colours)
        self._scans: dict[str, ScanState] = {}
        self._showing_lod = False
        self._fxaa_at_rest = False
        self._fxaa_held = False  # FXAA switched off by the scene for this frame
        self._peeling = False
        self._covered = 0.0
        self._covered_left = 0.0
        self.lights = style_plotter(plotter)
        window = plotter.render_window
        self._observer = window.AddObserver("StartEvent", self._before_frame)

    # ------------------------------------------------------------------ scans

    def set_scan(
        self,
        key: str,
        mesh: Mesh,
        *,
        jaw: Jaw | None = None,
        colour: str | None = None,
        opacity: float | None = None,
        visible: bool | None = None,
        vertex_colours: bool | None = None,
        keep_lod: bool = True,
        before_preparation: bool | None = None,
    ) -> ScanState:
        """Show ``mesh`` under ``key``; replacing keeps camera, visibility and the rest.

        Arguments left as None keep the current value (or take the default for a new key:
        upper jaw, its jaw colour, opaque, visible, vertex colours on when the mesh has them).
        ``keep_lod=False`` drops the level of detail (the new mesh is another shape).
        ``before_preparation``: the scan taken before the preparation (its own colour, drawn
        behind the arch where both lie).
        """
        polys = to_pieces(mesh)
        state = self._scans.get(key)
        if state is None:
            actor = self._new_piece(key, polys[0], 0)
            jaw = jaw if jaw is not None else Jaw.UPPER
            before = bool(before_preparation)
            state = ScanState(
                key=key,
                jaw=jaw,
                colour=colour or self.colour_for(jaw, before_preparation=before),
                opacity=1.0 if opacity is None else opacity,
                visible=True if visible is None else visible,
                vertex_colours=True if vertex_colours is None else vertex_colours,
                has_colours=mesh.colours is not None,
                n_triangles=mesh.n_faces,
                actor=actor,
                before_preparation=before,
                pieces=(actor,),
            )
            self._scans[key] = state
            self._set_pieces(state, polys)
        else:
            self._release_buffers(state, lod=not keep_lod)
            self._set_pieces(state, polys)
            state.field = state.lod_field = False  # the map belonged to the mesh replaced
            state.has_colours = mesh.colours is not None
            state.n_triangles = mesh.n_faces
            if before_preparation is not None:
                state.before_preparation = before_preparation
            if jaw is not None:
                state.jaw = jaw
                state.colour = colour or self.colour_for(
                    jaw, before_preparation=state.before_preparation
                )
            if colour is not None:
                state.colour = colour
            if opacity is not None:
                state.opacity = opacity
            if visible is not None:
                state.visible = visible
            if vertex_colours is not None:
                state.vertex_colours = vertex_colours
            if not keep_lod:
                self._drop_lod(state)
        for piece in state.pieces:
            _shade(piece, smooth=mesh.normals is not None)
        self._apply(state)
        return state

    def set_lod(self, key: str, lod: Mesh) -> None:
        """Hand in the coarse copy of scan ``key`` (built off the GUI thread, `build_lod`)."""
        state = self._state(key)
        poly = to_polydata(lod)
        if state.lod_actor is None:
            state.lod_actor = self._new_actor(poly)
            state.lod_actor.PickableOff()
            self.plotter.add_actor(
                state.lod_actor, reset_camera=False, render=False, name=f"lod:{key}"
            )
        else:
            state.lod_actor.GetMapper().SetInputData(poly)
        state.lod_field = False
        _shade(state.lod_actor, smooth=lod.normals is not None)
        self._apply(state)

    def remove_scan(self, key: str) -> None:
        state = self._scans.pop(key, None)
        if state is None:
            return
        self._drop_lod(state)
        for piece in state.pieces:
            self.plotter.remove_actor(piece, reset_camera=False, render=False)

    def clear(self) -> None:
        for key in list(self._scans):
            self.remove_scan(key)

    def scan(self, key: str) -> ScanState | None:
        return self._scans.get(key)

    def __iter__(self) -> Iterator[ScanState]:
        return iter(list(self._scans.values()))

    def __len__(self) -> int:
        return len(self._scans)

    # ------------------------------------------------------------------ appearance

    def colour_for(self, jaw: Jaw, *, before_preparation: bool = False) -> str:
        """The colour of ``jaw``'s scans (of the one before the preparation, if that one has
        a colour configured)."""
        if before_preparation:
            own = self.jaw_colours.get(f"{jaw}_before_preparation")
            if own is not None:
                return own
        return self.jaw_colours.get(str(jaw), NEUTRAL_COLOUR)

    @property
    def inside_colour(self) -> str | None:
        """The back faces' colour (None: a darker shade of each scan's own)."""
        return self.jaw_colours.get(INSIDE)

    def set_visible(self, key: str, visible: bool) -> None:
        state = self._state(key)
        state.visible = visible
        self._apply(state)

    def set_opacity(self, key: str, opacity: float) -> None:
        state = self._state(key)
        state.opacity = min(1.0, max(0.0, opacity))
        self._apply(state)

    def set_colour(self, key: str, colour: str) -> None:
        state = self._state(key)
        state.colour = colour
        self._apply(state)

    def set_vertex_colours(self, enabled: bool, key: str | None = None) -> None:
        """Show the scanner's own colours (where a mesh has them) or the jaw colour."""
        for state in [self._state(key)] if key is not None else list(self._scans.values()):
            state.vertex_colours = enabled
            self._apply(state)

    def set_field_colours(
        self,
        key: str,
        colours: npt.NDArray[np.uint8] | None,
        lod_colours: npt.NDArray[np.uint8] | None = None,
    ) -> bool:
        """Paint scan ``key`` with a distance map's per-point colours (and its level of detail
        with ``lod_colours``), or give it back its own colours (None). False when the colours
        do not fit the mesh shown (it was replaced meanwhile): nothing is painted then."""
        state = self._state(key)
        state.field = paint(state.pieces, colours)
        state.lod_field = False
        if state.lod_actor is not None:
            state.lod_field = paint([state.lod_actor], lod_colours if state.field else None)
        self._apply(state)
        return state.field or colours is None

    # ------------------------------------------------------------------ camera

    def visible_bounds(self) -> Bounds | None:
        """Bounds of the scans being shown (not of markers or measurements)."""
        boxes = [p.GetBounds() for s in self._scans.values() if s.visible for p in s.pieces]
        if not boxes:
            return None
        return (
            min(b[0] for b in boxes),
            max(b[1] for b in boxes),
            min(b[2] for b in boxes),
            max(b[3] for b in boxes),
            min(b[4] for b in boxes),
            max(b[5] for b in boxes),
        )

    def apply_view(self, view: View | str) -> None:
        bounds = self.visible_bounds()
        if bounds is not None:
            apply_view(
                self.plotter,
                view,
                bounds,
                covered=self._covered,
                covered_left=self._covered_left,
            )

    def fit(self) -> None:
        bounds = self.visible_bounds()
        if bounds is not None:
            fit(self.plotter, bounds, covered=self._covered, covered_left=self._covered_left)

    @property
    def covered(self) -> float:
        """The share of the view's width an overlay covers on the right, as framed."""
        return self._covered

    @property
    def covered_left(self) -> float:
        """The share of the view's width an overlay covers on the left, as framed."""
        return self._covered_left

    def set_covered(self, share: float, *, left: float = 0.0) -> None:
        """Overlays cover ``share`` of the view's width on the right and ``left`` on the left
        (0: nothing): the image is centred in the rest, and `fit` and `apply_view` fit into
        the rest. Shares that leave too little room (under `MIN_FREE_SHARE`) are dropped, the
        right one first (the left one is a distance map's legend, which must stay readable
        over the scans): that overlay then lies over the scans rather than squeezing them into
        a sliver."""
        left = left if 0.0 < left <= 1.0 - MIN_FREE_SHARE else 0.0
        share = share if 0.0 < share <= 1.0 - MIN_FREE_SHARE - left else 0.0
        self._covered, self._covered_left = share, left
        centre_beside(self.plotter, share, left)

    # ------------------------------------------------------------------ level of detail

    @property
    def showing_lod(self) -> bool:
        """Whether the last frame was drawn degraded for motion (the coarse copies, the moving
        light): only while the camera moves, and only where the render policy says so."""
        return self._showing_lod

    def close(self) -> None:
        """Detach from the plotter (the plotter itself is the caller's to close)."""
        window = self.plotter.render_window
        if window is not None and self._observer is not None:
            window.RemoveObserver(self._observer)
        self._observer = None

    def degrades_motion(self) -> bool:
        """Whether the camera's motion is drawn degraded on this window (`render_policy`)."""
        return decide_policy(self.plotter).degrade_while_moving

    def _before_frame(self, window: Any, _event: str) -> None:
        interacting = window.GetDesiredUpdateRate() > _INTERACTIVE_RATE
        interacting = interacting and self.degrades_motion()
        if interacting != self._showing_lod:
            self._showing_lod = interacting
            for state in self._scans.values():
                self._apply(state)
            self.lights.set_moving(interacting)
        # FXAA is a large share of a frame under llvmpipe; nobody sees jagged edges in motion, and
        # a draft is followed by its smooth frame as soon as the view settles.
        hold = interacting or bool(getattr(self.plotter, "draft_frame", False))
        if hold == self._fxaa_held:
            return
        renderer = self.plotter.renderer
        if hold:
            self._fxaa_at_rest = bool(renderer.GetUseFXAA())
            renderer.SetUseFXAA(False)
        else:
            renderer.SetUseFXAA(self._fxaa_at_rest)
        self._fxaa_held = hold

    # ------------------------------------------------------------------ internals

    def _state(self, key: str) -> ScanState:
        try:
            return self._scans[key]
        except KeyError:
            raise KeyError(f"no scan {key!r} in the scene") from None

    def _new_piece(self, key: str, poly: Any, index: int) -> Any:
        """A new actor for piece ``index`` of scan ``key``, in the scene, drawn in step with
        the rasteriser (`draw_pacing`)."""
        actor = self._new_actor(poly)
        pace_drawing(actor.GetMapper(), self.plotter.render_window)  # bounds llvmpipe's queue
        name = f"scan:{key}" if index == 0 else f"scan:{key}:{index}"
        self.plotter.add_actor(actor, reset_camera=False, render=False, name=name)
        return actor

    def _set_pieces(self, state: ScanState, polys: list[Any]) -> None:
        """Show ``polys`` on the scan's piece actors: the actors there are keep their place
        (and whatever was set on them), surplus ones leave, missing ones are added."""
        kept = list(state.pieces[: len(polys)])
        for surplus in state.pieces[len(polys) :]:
            self.plotter.remove_actor(surplus, reset_camera=False, render=False)
        method = shift_scale_method(polys[0])  # the pieces share one buffer: one choice
        for index, poly in enumerate(polys):
            if index < len(kept):
                kept[index].GetMapper().SetInputData(poly)
            else:
                kept.append(self._new_piece(state.key, poly, index))
            kept[index].GetMapper().SetVBOShiftScaleMethod(method)
        state.pieces = tuple(kept)

    def _release_buffers(self, state: ScanState, *, lod: bool) -> None:
        """Free the OpenGL buffers of the mesh ``state`` shows now (and of its level of detail
        when ``lod``), before another mesh takes its place.

        Otherwise VTK keeps them, and the arrays they were made from, until the next frame has
        uploaded the new mesh: for a moment the scan would be held twice in the process (under
        a software rasteriser buffers live in main memory too), beside llvmpipe's queue and the
        next scan's weld — the viewer's peak (``benchmarks/memory_case.py``). The next frame
        uploads the new arrays either way."""
        window = self.plotter.render_window
        if window is None:
            return
        window.MakeCurrent()  # the buffers belong to this window's context
        if not window.IsCurrent():
            return  # no context yet (the view never drew): nothing was uploaded
        actors = [*state.pieces, state.lod_actor] if lod else list(state.pieces)
        for actor in actors:
            if actor is not None:
                actor.GetMapper().ReleaseGraphicsResources(window)

    def _new_actor(self, poly: Any) -> Any:
        from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

        mapper = vtkPolyDataMapper()
        # VTK's switch is global (static): on, every mapper's relative offset counts (bites).
        mapper.SetResolveCoincidentTopologyToPolygonOffset()
        mapper.SetInputData(poly)
        mapper.SetScalarModeToUsePointFieldData()
        mapper.SelectColorArray(COLOURS)
        mapper.SetColorModeToDirectScalars()
        actor = vtkActor()
        actor.SetMapper(mapper)
        prop = actor.GetProperty()
        apply_material(prop)
        back = actor.MakeProperty()
        back.DeepCopy(prop)
        actor.SetBackfaceProperty(back)
        return actor

    def _apply(self, state: ScanState) -> None:
        if state.opacity < 1 and not self._peeling:
            # See-through scans need order-independent transparency; off until first needed
            # because it costs extra passes on every frame.
            self.plotter.enable_depth_peeling(number_of_peels=4)
            self._peeling = True
        use_lod = self._showing_lod and state.lod_actor is not None
        use_lod = use_lod and state.lod_field == state.field  # a map shows in motion too
        actors = [(piece, False) for piece in state.pieces] + [(state.lod_actor, True)]
        for actor, is_lod in actors:
            if actor is None:
                continue
            red, green, blue = _rgb(state.colour)
            actor.GetProperty().SetColor(red, green, blue)
            actor.GetProperty().SetOpacity(state.opacity)
            # The inside of an open scan shell in a colour of its own, so holes read as holes.
            inside = self.inside_colour
            back = _rgb(inside) if inside else (red * 0.55, green * 0.55, blue * 0.55)
            actor.GetBackfaceProperty().SetColor(*back)
            actor.GetBackfaceProperty().SetOpacity(state.opacity)
            behind = state.jaw is Jaw.BITE or state.before_preparation
            factor, units = _BEHIND_OFFSET if behind else (0.0, 0.0)
            actor.GetMapper().SetRelativeCoincidentTopologyPolygonOffsetParameters(factor, units)
            painted = state.lod_field if is_lod else state.field
            actor.GetMapper().SelectColorArray(FIELD_COLOURS if painted else COLOURS)
            own = state.vertex_colours and state.has_colours
            actor.GetMapper().SetScalarVisibility(painted or own)
            actor.SetVisibility(state.visible and is_lod == use_lod)

    def _drop_lod(self, state: ScanState) -> None:
        if state.lod_actor is not None:
            self.plotter.remove_actor(state.lod_actor, reset_camera=False, render=False)
            state.lod_actor = None


def _shade(actor: Any, *, smooth: bool) -> None:
    for prop in (actor.GetProperty(), actor.GetBackfaceProperty()):
        if smooth:
            prop.SetInterpolationToPhong()
        else:
            prop.SetInterpolationToFlat()


def _rgb(colour: str) -> tuple[float, float, float]:
    text = colour.lstrip("#")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)
