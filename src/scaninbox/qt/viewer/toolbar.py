"""The viewport's actions (with their keys) and the slim toolbar that shows them.

Keys work while the viewport (or anything in it) has the focus, so they never steal letters
from the inbox's search field: F/1 front, L/2 left, R/3 right, U/4 upper, D/5 lower ("down"),
0/Home fit, M measure, Esc clears the measurement, V scanner colours (C a distance map: the
viewport's "Colours" menu, `distance_maps`), S folds the list of scans
(or shows it again), Ctrl+Shift+S picture.
Every tooltip names its keys. The viewport looks keys up in `ViewerActions.by_key` from its own
key handler rather than through QAction shortcuts: shortcuts fire only in the active window,
and a key pressed in the 3D view should work the same whether or not a window manager has made
the window active (remote desktops, Xvfb).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QKeySequence, QPalette
from PySide6.QtWidgets import QMenu, QSizePolicy, QToolBar, QToolButton, QWidget

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.viewer.icons import camera_icon
from scaninbox.render import View

__all__ = ["VIEW_KEYS", "ViewerActions", "build_toolbar", "make_actions", "view_name"]

# view → (button text, what the camera does, keys); shown through `view_name` and translate.
VIEW_KEYS: dict[View, tuple[str, str, tuple[str, ...]]] = {
    View.FRONT: (
        "Front",
        QT_TRANSLATE_NOOP(
            "ViewerToolbar",
            "Front view: from in front of the patient, superior up, the patient's right on "
            "your left",
        ),
        ("F", "1"),
    ),
    View.LEFT: (
        "Left",
        QT_TRANSLATE_NOOP("ViewerToolbar", "Left view: from the patient's left side, superior up"),
        ("L", "2"),
    ),
    View.RIGHT: (
        "Right",
        QT_TRANSLATE_NOOP(
            "ViewerToolbar", "Right view: from the patient's right side, superior up"
        ),
        ("R", "3"),
    ),
    View.UPPER: (
        "Upper",
        QT_TRANSLATE_NOOP(
            "ViewerToolbar",
            "Upper view: looking up at the upper teeth (lower jaw hidden), incisors at the top, "
            "the patient's right on your left",
        ),
        ("U", "4"),
    ),
    View.LOWER: (
        "Lower",
        QT_TRANSLATE_NOOP(
            "ViewerToolbar",
            "Lower view: looking down at the lower teeth (upper jaw hidden), incisors at the "
            "bottom, the patient's right on your left",
        ),
        ("D", "5"),
    ),
}


def view_name(view: View) -> str:
    """A view's button text in the person's language (left and right: the patient's)."""
    names = {
        View.FRONT: translate("ViewerToolbar", "Front", "view from in front of the patient"),
        View.LEFT: translate("ViewerToolbar", "Left", "view from the patient's left side"),
        View.RIGHT: translate("ViewerToolbar", "Right", "view from the patient's right side"),
        View.UPPER: translate("ViewerToolbar", "Upper", "view of the upper jaw's teeth"),
        View.LOWER: translate("ViewerToolbar", "Lower", "view of the lower jaw's teeth"),
    }
    return names[view]


@dataclass(frozen=True, slots=True)
class ViewerActions:
    views: dict[View, QAction]
    fit: QAction
    measure: QAction
    clear_measurement: QAction
    undo_measurement: QAction
    scanner_colours: QAction
    save_picture: QAction
    upside_down: QAction  # the portal's `Turn`: checked while it applies
    back_to_front: QAction
    scan_list: QAction  # no button: the list's own title folds it
    by_key: dict[str, QAction]  # QKeySequence text ("U", "Ctrl+Shift+S") → action

    def action_for(self, key: QKeySequence) -> QAction | None:
        return self.by_key.get(key.toString(QKeySequence.SequenceFormat.PortableText))


def make_actions(owner: QWidget) -> ViewerActions:
    """The actions of the viewport ``owner`` (which hands its key presses to `action_for`)."""
    by_key: dict[str, QAction] = {}
    views = {}
    for view, (_text, what, keys) in VIEW_KEYS.items():
        views[view] = _action(
            owner, by_key, view_name(view), translate("ViewerToolbar", what), keys
        )
    fit = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Fit", "fit the scans into the view"),
        translate("ViewerToolbar", "Fit the scans into the view"),
        ("0", "Home"),
    )
    measure = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Measure"),
        translate(
            "ViewerToolbar",
            "Measure distances: click two points on a scan for each; Backspace takes the last "
            "away, Esc clears them all",
        ),
        ("M",),
        checkable=True,
    )
    clear = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Clear measurements"),
        translate("ViewerToolbar", "Clear the measurements"),
        ("Esc",),
    )
    undo = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Undo measurement"),
        translate("ViewerToolbar", "Take the last point or measurement away"),
        ("Backspace",),
    )
    colours = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Scanner colours"),
        translate(
            "ViewerToolbar",
            "Scanner colours: show the colours the scanner recorded instead of the jaw colours",
        ),
        ("V",),
        checkable=True,
    )
    colours.setEnabled(False)
    picture = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Save picture…"),
        translate("ViewerToolbar", "Save the 3D view as a PNG picture"),
        ("Ctrl+Shift+S",),
    )
    scan_list = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Scan list"),
        translate("ViewerToolbar", "Fold away or show the list of scans"),
        ("S",),
    )
    # Half turns only: a mirror would swap the patient's left and right, so none is offered.
    upside_down = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Flip upside down"),
        translate(
            "ViewerToolbar",
            "Turn the scans upside down, for this case and every later case of its portal",
        ),
        ("Shift+U",),
        checkable=True,
    )
    back_to_front = _action(
        owner,
        by_key,
        translate("ViewerToolbar", "Turn back to front"),
        translate(
            "ViewerToolbar",
            "Turn the scans back to front (180°), for this case and every later case of its portal",
        ),
        ("Shift+B",),
        checkable=True,
    )
    for action in (upside_down, back_to_front):
        action.setEnabled(False)
    return ViewerActions(
        views,
        fit,
        measure,
        clear,
        undo,
        colours,
        picture,
        upside_down,
        back_to_front,
        scan_list,
        by_key,
    )


def build_toolbar(parent: QWidget, actions: ViewerActions) -> QToolBar:
    bar = QToolBar(translate("ViewerToolbar", "3D view"), parent)
    bar.setObjectName("viewerToolbar")
    bar.setMovable(False)
    bar.setFloatable(False)
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for action in actions.views.values():
        bar.addAction(action)
    bar.addAction(actions.fit)
    bar.addSeparator()
    bar.addWidget(_turn_button(bar, actions))
    bar.addAction(actions.measure)
    # The scanner's colours sit in the viewport's "Colours" menu, beside the distance maps.
    spacer = QWidget(bar)
    spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    bar.addWidget(spacer)
    bar.addAction(actions.save_picture)
    # The least used action as a camera (its name in the tooltip and for screen readers): in
    # German the toolbar ran past the case pane at 1280×720 and hid it behind ».
    bar.setIconSize(QSize(16, 16))
    picture = bar.widgetForAction(actions.save_picture)
    assert isinstance(picture, QToolButton)
    picture.setObjectName("savePictureButton")
    picture.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    picture.setAccessibleName(actions.save_picture.text())
    _IconInTextColour(picture, actions.save_picture, camera_icon)
    return bar


class _IconInTextColour(QObject):
    """Paints ``action``'s icon in the text colour of ``button`` again when the look changes
    (light or dark): drawn icons have no theme of their own."""

    def __init__(
        self, button: QToolButton, action: QAction, paint: Callable[[QColor], QIcon]
    ) -> None:
        super().__init__(button)
        self._button = button
        self._action = action
        self._paint = paint
        button.installEventFilter(self)
        self._repaint()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._repaint()
        return False

    def _repaint(self) -> None:
        self._action.setIcon(
            self._paint(self._button.palette().color(QPalette.ColorRole.ButtonText))
        )


def _turn_button(bar: QToolBar, actions: ViewerActions) -> QToolButton:
    """One "Turn" button with the two half turns in its menu (the toolbar must fit 1280 px)."""
    menu = QMenu(bar)
    menu.addAction(actions.upside_down)
    menu.addAction(actions.back_to_front)
    button = QToolButton(bar)
    button.setObjectName("turnButton")
    button.setText(translate("ViewerToolbar", "Turn", "turn the scans"))
    button.setToolTip(
        translate(
            "ViewerToolbar",
            "Turn the scans upside down or back to front when the portal sends them wrongly "
            "oriented; remembered for the portal (never mirrored)",
        )
    )
    button.setMenu(menu)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    return button


def _action(
    owner: QWidget,
    by_key: dict[str, QAction],
    text: str,
    tip: str,
    keys: tuple[str, ...],
    *,
    checkable: bool = False,
) -> QAction:
    action = QAction(text, owner)
    native = QKeySequence.SequenceFormat.NativeText
    names = [QKeySequence(k).toString(native) for k in keys]
    named = (
        translate("ViewerToolbar", "{first} or {second}").format(first=names[0], second=names[1])
        if len(names) == 2
        else ", ".join(names)
    )
    action.setToolTip(translate("ViewerToolbar", "{what} ({keys})").format(what=tip, keys=named))
    action.setCheckable(checkable)
    for key in keys:
        by_key[QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)] = action
    return action
