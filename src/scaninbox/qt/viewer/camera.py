"""Where the camera looks: the chosen standard view, and whether the person has taken over.

A case's scans are framed in the chosen view (front at first) as they arrive, until the person
turns or zooms; from then on arrivals leave the camera alone. The occlusal views hide the
opposing jaw (and the bite), as labs expect: "upper" looks up at the upper teeth, which the
lower arch would otherwise cover. Choosing another view shows again what the occlusal view hid,
unless the person has switched it themselves in the meantime.
"""

from __future__ import annotations

from typing import Any

from scaninbox.domain import Jaw, jaws_hidden_in_view
from scaninbox.qt.viewer.scan_list import ScanList
from scaninbox.render import ScanScene, View

__all__ = ["CameraGuide"]


class CameraGuide:
    """Applies standard views to ``scene`` on ``view`` (the interactor); ``scans`` shows which
    scans an occlusal view hid (their eye toggles)."""

    def __init__(self, scene: ScanScene, scans: ScanList, view: Any) -> None:
        self._scene = scene
        self._scans = scans
        self._view = view
        self.choice = View.FRONT
        self.moved = False
        self._auto_hidden: set[str] = set()
        self._switching = False

    def reset(self) -> None:
        """A new case: front view, nobody has moved the camera yet."""
        self.choice = View.FRONT
        self.moved = False
        self._auto_hidden.clear()

    def take_view(self, view: View) -> None:
        self.choice = view
        self.moved = False
        self._switching = True
        try:
            for key in sorted(self._auto_hidden):
                self._set_shown(key, True)
            self._auto_hidden.clear()
            hide = jaws_hidden_in_view(view)
            for state in self._scene:
                if state.visible and state.jaw in hide:
                    self._set_shown(state.key, False)
                    self._auto_hidden.add(state.key)
        finally:
            self._switching = False
        self._scene.apply_view(view)
        self._view.request_frame()

    def isolate(self, key: str) -> None:
        """Only scan ``key`` shown (a hole or fragment of it is being looked at: the antagonist
        would stand in front of it); the next standard view brings the others back."""
        self._switching = True
        try:
            for state in self._scene:
                if state.key == key and not state.visible:
                    self._set_shown(key, True)
                elif state.key != key and state.visible:
                    self._set_shown(state.key, False)
                    self._auto_hidden.add(state.key)
        finally:
            self._switching = False
        self.moved = True  # the finding placed the camera: arrivals leave it alone

    def frame(self) -> None:
        """Frame what is shown in the chosen view, unless the person has moved the camera."""
        if not self.moved:
            self._scene.apply_view(self.choice)

    def person_toggled(self, key: str) -> None:
        if not self._switching:
            self._auto_hidden.discard(key)

    def arriving(self, key: str, jaw: Jaw) -> None:
        """A scan is about to be drawn for the first time: an occlusal view hides it too."""
        row = self._scans.row(key)
        if row is not None and row.shown and jaw in jaws_hidden_in_view(self.choice):
            self._switching = True
            try:
                row.eye.setChecked(False)
            finally:
                self._switching = False
            self._auto_hidden.add(key)

    def _set_shown(self, key: str, shown: bool) -> None:
        row = self._scans.row(key)
        if row is not None:
            row.eye.setChecked(shown)  # the row tells the viewport, which updates the scene
        else:
            self._scene.set_visible(key, shown)
