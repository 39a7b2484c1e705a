"""The main window's keys for the case on screen (the Case menu's actions, built in
`window_menus`): Ctrl+Tab / Ctrl+PgDn and back switch the case's sections, Ctrl+1 … Ctrl+5 go to
one with the keyboard in it (Ctrl+1: the 3D view), Ctrl+L goes to the case list, Ctrl+Shift+A /
Ctrl+Shift+R record the QC decisions through the QC tab's own buttons (so its rules apply).

Switching sections never changes the case or the list's selection (Ctrl+Tab from the list once
cleared it); a key that cannot apply says why in the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from scaninbox.language import translate
from scaninbox.qt.case_pane import CasePane
from scaninbox.qt.inbox import InboxPanel
from scaninbox.qt.shell.window_menus import WindowMenus

__all__ = ["CaseKeys", "focus_first_control"]


class CaseKeys(QObject):
    """Wires the Case menu of ``menus`` to ``pane`` and ``inbox``; ``show_message(text)`` is the
    window's status bar."""

    def __init__(
        self,
        menus: WindowMenus,
        pane: CasePane,
        inbox: InboxPanel,
        show_message: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._pane = pane
        self._inbox = inbox
        self._show_message = show_message
        menus.next_section_action.triggered.connect(lambda: self.step_section(1))
        menus.previous_section_action.triggered.connect(lambda: self.step_section(-1))
        for index, action in enumerate(menus.section_actions):
            action.triggered.connect(lambda _checked=False, i=index: self.go_to_section(i))
        menus.case_list_action.triggered.connect(self.focus_case_list)
        menus.ready_action.triggered.connect(lambda: self.decide_qc(ready=True))
        menus.rescan_action.triggered.connect(lambda: self.decide_qc(ready=False))

    def step_section(self, step: int) -> None:
        """Ctrl+Tab / Ctrl+PgDn (``step`` 1) and back (-1): the next section of the case that
        can be shown, round the end. The case and the list's selection stay; the keyboard stays
        where it was (in the list, one can switch to QC and go on down the cases)."""
        if not self._case_shown():
            return
        tabs = self._pane.tabs
        count = tabs.count()
        index = tabs.currentIndex()
        for _ in range(count):
            index = (index + step) % count
            if tabs.isTabEnabled(index):
                break
        self._show_section(index, take_keyboard=False)

    def go_to_section(self, index: int) -> None:
        """Ctrl+1 … Ctrl+5: that section, with the keyboard in it (Ctrl+1: in the 3D view)."""
        if not self._case_shown():
            return
        tabs = self._pane.tabs
        if not tabs.isTabEnabled(index):
            why = tabs.tabToolTip(index) or translate("CaseKeys", "Not available")
            self._show_message(
                translate("CaseKeys", "{section}: {why} for this case.").format(
                    section=tabs.tabText(index).replace("&", ""), why=why.rstrip(".")
                )
            )
            return
        self._show_section(index, take_keyboard=True)

    def focus_case_list(self) -> None:
        """Ctrl+L: the keyboard to the case list (to the search box while the list is empty)."""
        view = self._inbox.view
        if view.isVisible():
            view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        else:
            self._inbox.filters.focus_search()

    def decide_qc(self, *, ready: bool) -> None:
        """Ctrl+Shift+A / Ctrl+Shift+R: the QC tab's own buttons, for the case on screen (its
        rules apply: "Ready to accept" needs a current QC result). The QC tab is shown, so the
        decision and its note are seen."""
        if not self._case_shown():
            return
        qc = self._pane.qc
        self._pane.tabs.setCurrentIndex(CasePane.QC_TAB)
        button = qc.ready_button if ready else qc.rescan_button
        if not button.isEnabled():
            why = button.toolTip() or translate("CaseKeys", "QC decisions need an open account")
            self._show_message(
                translate("CaseKeys", "{decision}: not recorded. {why}.").format(
                    decision=button.text(), why=why.rstrip(".")
                )
            )
            return
        button.click()
        case = self._pane.case
        if case is not None and case.patient_name:
            text = translate("CaseKeys", "QC decision recorded for {patient}: {decision}.")
        else:
            text = translate("CaseKeys", "QC decision recorded for this case: {decision}.")
        patient = case.patient_name if case is not None else ""
        self._show_message(text.format(patient=patient, decision=button.text()))

    def _show_section(self, index: int, *, take_keyboard: bool) -> None:
        tabs = self._pane.tabs
        had_page_focus = _has_focus_within(tabs)
        tabs.setCurrentIndex(index)
        if take_keyboard:
            focus_first_control(tabs.widget(index), fallback=tabs.tabBar())
        elif had_page_focus:
            tabs.tabBar().setFocus(Qt.FocusReason.ShortcutFocusReason)  # the old page is hidden

    def _case_shown(self) -> bool:
        if self._pane.case is None:
            self._show_message(translate("CaseKeys", "Select a case first."))
            return False
        return True


def _has_focus_within(widget: QWidget) -> bool:
    focused = QApplication.focusWidget()
    return focused is not None and widget.isAncestorOf(focused)


def focus_first_control(page: QWidget | None, *, fallback: QWidget) -> None:
    """The keyboard to ``page`` itself when it takes it (the 3D view), else to its first control
    that does (in Tab order), else to ``fallback``."""
    reason = Qt.FocusReason.ShortcutFocusReason
    if page is not None:
        if page.focusPolicy() & Qt.FocusPolicy.TabFocus and page.isEnabled():
            page.setFocus(reason)
            return
        candidate = page.nextInFocusChain()
        while candidate is not None and candidate is not page and page.isAncestorOf(candidate):
            if (
                candidate.focusPolicy() & Qt.FocusPolicy.TabFocus
                and candidate.isVisible()
                and candidate.isEnabled()
            ):
                candidate.setFocus(reason)
                return
            candidate = candidate.nextInFocusChain()
    fallback.setFocus(reason)
