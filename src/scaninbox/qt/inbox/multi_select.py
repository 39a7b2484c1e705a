"""A button that drops down a list of checkable choices (status, portal) and stays open
while the person ticks several of them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QMenu, QPushButton, QWidget

from scaninbox.language import translate

__all__ = ["MultiSelectButton"]


class _StayOpenMenu(QMenu):
    """Ticking a choice must not close the list: people pick two or three statuses in a row."""

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        action = self.activeAction()
        if action is not None and action.isCheckable() and action.isEnabled():
            action.trigger()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        action = self.activeAction()
        if (
            event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and action is not None
            and action.isCheckable()
        ):
            action.trigger()
            return
        super().keyPressEvent(event)


class MultiSelectButton(QPushButton):
    """``Status: Any`` / ``Status: New, Accepted`` / ``Status: 3 selected``.

    ``set_choices([(value, label), …])`` fills it; ``selected`` is the set of ticked values
    (empty: any). ``selectionChanged(frozenset)`` follows every tick.
    """

    selectionChanged = Signal(object)

    def __init__(self, title: str, parent: QWidget | None = None, *, name: str = "") -> None:
        super().__init__(parent)
        self._title = title  # shown, in the window's language
        self._menu = _StayOpenMenu(self)
        # ``name``: the same in every language (objects are found by it).
        self._menu.setObjectName(f"{(name or title).lower()}FilterMenu")
        self._actions: dict[str, QAction] = {}
        self._labels: dict[str, str] = {}
        self._selected: frozenset[str] = frozenset()
        self.setMenu(self._menu)
        self.setAccessibleName(translate("MultiSelectButton", "{title} filter").format(title=title))
        self._clear_action = QAction(
            translate("MultiSelectButton", "Any", "the menu's first item: no filter"), self
        )
        self._clear_action.triggered.connect(lambda *_: self.set_selected(frozenset(), notify=True))
        self._update_text()

    @property
    def selected(self) -> frozenset[str]:
        return self._selected

    @property
    def menu_widget(self) -> QMenu:
        return self._menu

    def set_choices(self, choices: Sequence[tuple[str, str]]) -> None:
        """Offer ``choices`` (value, label); ticked values that are gone stay ticked and listed."""
        wanted = list(choices)
        known = {value for value, _ in wanted}
        wanted += [
            (value, self._labels.get(value, value)) for value in sorted(self._selected - known)
        ]
        self._menu.clear()
        self._actions.clear()
        self._labels = dict(wanted)
        self._menu.addAction(self._clear_action)
        self._menu.addSeparator()
        for value, label in wanted:
            action = QAction(label, self._menu)
            action.setCheckable(True)
            action.setChecked(value in self._selected)
            action.toggled.connect(lambda _on, v=value: self._on_toggled(v))
            self._actions[value] = action
            self._menu.addAction(action)
        if not wanted:
            empty = QAction(translate("MultiSelectButton", "No values yet"), self._menu)
            empty.setEnabled(False)
            self._menu.addAction(empty)
        self._update_text()

    def set_selected(self, values: Iterable[str], *, notify: bool = False) -> None:
        selected = frozenset(values)
        changed = selected != self._selected
        self._selected = selected
        for value, action in self._actions.items():
            action.blockSignals(True)
            action.setChecked(value in selected)
            action.blockSignals(False)
        self._update_text()
        if changed and notify:
            self.selectionChanged.emit(selected)

    def _on_toggled(self, value: str) -> None:
        action = self._actions[value]
        selected = set(self._selected)
        if action.isChecked():
            selected.add(value)
        else:
            selected.discard(value)
        self._selected = frozenset(selected)
        self._update_text()
        self.selectionChanged.emit(self._selected)

    def _update_text(self) -> None:
        self._clear_action.setCheckable(True)
        self._clear_action.setChecked(not self._selected)
        if not self._selected:
            shown = translate("MultiSelectButton", "Any")
        elif len(self._selected) <= 2:
            shown = ", ".join(sorted(self._labels.get(v, v) for v in self._selected))
        else:
            shown = translate("MultiSelectButton", "%n selected", None, len(self._selected))
        self.setText(
            translate("MultiSelectButton", "{title}: {shown}").format(
                title=self._title, shown=shown
            )
        )
        listing = ", ".join(sorted(self._labels.get(v, v) for v in self._selected)) or translate(
            "MultiSelectButton", "any"
        )
        self.setToolTip(
            translate("MultiSelectButton", "{title}: {shown}").format(
                title=self._title, shown=listing
            )
        )
