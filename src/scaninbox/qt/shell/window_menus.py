"""The main window's menus: File (sync, find, keep this week offline, open local scan files,
print, quit), View (columns, theme), Case (its sections, the list, the QC decisions), Account.

Menu actions carry the keyboard shortcuts (F5 syncs, Ctrl+F finds, Ctrl+Tab and Ctrl+PgDn switch
the case's sections, Ctrl+1 … Ctrl+5 go to one, Ctrl+L to the list, Ctrl+Q quits), so they work
wherever the focus is in the window and the menus show them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.look.theme import Theme

if TYPE_CHECKING:
    from scaninbox.qt.account.session import AccountSession

__all__ = ["LANGUAGE_NAMES", "SECTION_KEYS", "WindowMenus"]

# The case pane's sections (`CasePane`'s tab order) and their keys; the first is the 3D view.
# Labels marked for translation here, translated where the menu is built.
SECTION_KEYS: tuple[tuple[str, str], ...] = (
    (QT_TRANSLATE_NOOP("WindowMenus", "&3D scans"), "Ctrl+1"),
    (QT_TRANSLATE_NOOP("WindowMenus", "&Prescription"), "Ctrl+2"),
    (QT_TRANSLATE_NOOP("WindowMenus", "&Order form"), "Ctrl+3"),
    (QT_TRANSLATE_NOOP("WindowMenus", "&Attachments"), "Ctrl+4"),
    (QT_TRANSLATE_NOOP("WindowMenus", "&QC"), "Ctrl+5"),
)

# Each language by its own name, so that a person finds theirs whatever the window speaks:
# not translated.
LANGUAGE_NAMES: tuple[tuple[str, str], ...] = (("de", "Deutsch"), ("en", "English"))


class WindowMenus:
    """Builds the menu bar of ``window``; the actions are attributes for the window to wire."""

    def __init__(self, window: QMainWindow) -> None:
        bar = window.menuBar()
        file_menu = bar.addMenu(translate("WindowMenus", "&File"))
        self.sync_action = file_menu.addAction(translate("WindowMenus", "&Sync now"))
        self.sync_action.setShortcut(QKeySequence(Qt.Key.Key_F5))
        self.find_action = file_menu.addAction(translate("WindowMenus", "&Find cases…"))
        self.find_action.setShortcut(QKeySequence.StandardKey.Find)
        self.keep_week_action = file_menu.addAction(
            translate("WindowMenus", "Keep all cases due this &week offline")
        )
        file_menu.addSeparator()
        # Local STL/PLY files in a window of their own (`local_files_window`); no sign-in needed.
        self.open_files_action = file_menu.addAction(translate("WindowMenus", "&Open scan files…"))
        self.open_files_action.setShortcut(QKeySequence.StandardKey.Open)
        file_menu.addSeparator()
        self.print_ticket_action = file_menu.addAction(
            translate("WindowMenus", "&Print work ticket…")
        )
        self.print_ticket_action.setShortcut(QKeySequence.StandardKey.Print)
        self.print_order_form_action = file_menu.addAction(
            translate("WindowMenus", "Print &order form…")
        )
        self.print_order_form_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction(translate("WindowMenus", "&Quit"))
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)

        view_menu = bar.addMenu(translate("WindowMenus", "&View"))
        # "N" as in mail programs; a single letter never fires while typing in the search box
        # (a line edit takes printable keys before shortcuts see them).
        self.next_unread_action = view_menu.addAction(translate("WindowMenus", "&Next unread case"))
        self.next_unread_action.setShortcut(QKeySequence(Qt.Key.Key_N))
        view_menu.addSeparator()
        self.reset_columns_action = view_menu.addAction(translate("WindowMenus", "Reset columns"))
        self.theme_menu = QMenu(translate("WindowMenus", "Theme"), window)
        view_menu.addMenu(self.theme_menu)
        self.language_menu = QMenu(translate("WindowMenus", "&Language"), window)
        self.language_menu.setObjectName("languageMenu")
        view_menu.addMenu(self.language_menu)

        self._build_case_menu(bar.addMenu(translate("WindowMenus", "&Case")))

        account = bar.addMenu(translate("WindowMenus", "&Account"))
        self.account_label = QAction(translate("WindowMenus", "Not signed in"), window)
        self.account_label.setEnabled(False)
        account.addAction(self.account_label)
        account.addSeparator()
        self.sign_in_action = account.addAction(translate("WindowMenus", "Sign in…"))
        self.sign_out_action = account.addAction(translate("WindowMenus", "Sign out"))
        self.remove_data_action = account.addAction(
            translate("WindowMenus", "Sign out and remove local data…")
        )
        self.show_account(None)

    def _build_case_menu(self, case_menu: QMenu) -> None:
        """The case's sections, the list and the QC decisions, each with its key."""
        # Ctrl+Tab first (what menus show), Ctrl+PgDn as browsers and file managers also use.
        self.next_section_action = case_menu.addAction(translate("WindowMenus", "Next section"))
        self.next_section_action.setShortcuts(
            [QKeySequence("Ctrl+Tab"), QKeySequence("Ctrl+PgDown")]
        )
        self.previous_section_action = case_menu.addAction(
            translate("WindowMenus", "Previous section")
        )
        self.previous_section_action.setShortcuts(
            [QKeySequence("Ctrl+Shift+Tab"), QKeySequence("Ctrl+PgUp")]
        )
        self.section_actions: list[QAction] = []
        for label, key in SECTION_KEYS:
            action = case_menu.addAction(translate("WindowMenus", label))
            action.setShortcut(QKeySequence(key))
            self.section_actions.append(action)
        self.section_actions[0].setToolTip(
            translate("WindowMenus", "Show the 3D scans and give the keyboard to the 3D view")
        )
        case_menu.addSeparator()
        self.case_list_action = case_menu.addAction(translate("WindowMenus", "Case &list"))
        self.case_list_action.setShortcut(QKeySequence("Ctrl+L"))
        case_menu.addSeparator()
        # With Shift: a decision goes into the case's record, so no single slip of a key.
        self.ready_action = case_menu.addAction(translate("WindowMenus", "QC: Ready to accept"))
        self.ready_action.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.rescan_action = case_menu.addAction(translate("WindowMenus", "QC: Rescan needed"))
        self.rescan_action.setShortcut(QKeySequence("Ctrl+Shift+R"))

    def offer_themes(self, chosen: str, choose: Callable[[Theme], None]) -> None:
        """Fill View › Theme; ``chosen`` is ticked, ``choose(theme)`` follows a click."""
        group = QActionGroup(self.theme_menu)
        for theme, label in (
            (Theme.SYSTEM, translate("WindowMenus", "Follow the system")),
            (Theme.LIGHT, translate("WindowMenus", "Light")),
            (Theme.DARK, translate("WindowMenus", "Dark")),
        ):
            action = self.theme_menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(theme.value == chosen)
            action.triggered.connect(lambda _checked=False, t=theme: choose(t))
            group.addAction(action)

    def offer_languages(
        self, chosen: str, system: str, choose: Callable[[str], None]
    ) -> dict[str, QAction]:
        """Fill View › Language: the system's language, then each language by its own name
        (``system`` is the code the system's would give). ``chosen`` (``"system"``, ``"de"``,
        ``"en"``) is ticked, ``choose(code)`` follows a click; the actions by code."""
        group = QActionGroup(self.language_menu)
        actions: dict[str, QAction] = {}
        own_name = dict(LANGUAGE_NAMES)
        for code, label in (
            (
                "system",
                translate("WindowMenus", "System ({language})").format(
                    language=own_name.get(system, system)
                ),
            ),
            *LANGUAGE_NAMES,
        ):
            action = self.language_menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(code == chosen)
            action.setData(code)
            action.triggered.connect(lambda _checked=False, c=code: choose(c))
            group.addAction(action)
            actions[code] = action
        if not any(a.isChecked() for a in actions.values()):
            actions["system"].setChecked(True)
        return actions

    def show_account(self, session: AccountSession | None) -> None:
        """Who is signed in where, and which account actions apply."""
        if session is None:
            self.account_label.setText(translate("WindowMenus", "Not signed in"))
        else:
            where = translate("WindowMenus", "Demo") if session.demo else session.account.base_url
            self.account_label.setText(
                translate("WindowMenus", "{email} — {where}").format(
                    email=session.account.email, where=where
                )
            )
        open_ = session is not None
        self.sign_in_action.setVisible(session is None or not session.signed_in)
        self.sign_out_action.setEnabled(open_)
        self.remove_data_action.setEnabled(open_)
        self.sync_action.setEnabled(open_)
        self.keep_week_action.setEnabled(session is not None and session.signed_in)
