"""The dialogs that appear over the main window: sign in, sign in again as the open account,
and the confirmation before local data is removed. One sign-in dialog at a time, window-modal
(a sheet on macOS), so the window behind keeps its state.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox

from scaninbox import credentials
from scaninbox.language import translate
from scaninbox.paths import AppPaths
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.settings import Settings

if TYPE_CHECKING:
    # Loaded with the first dialog: the services' targets bring the API client and the store
    # (heavy imports), which the window does not need before its first paint.
    from scaninbox.qt.account.session import AccountSession
    from scaninbox.qt.signin import SignInDialog, SignInHandler
    from scaninbox.store import Account

__all__ = ["SignInPrompts"]

Reauthenticate = Callable[[str, bool], Awaitable[None]]
"""``reauthenticate(password, remember)``: sign in again as the open account."""


class SignInPrompts(QObject):
    """Signals: ``workOfflineRequested()``, ``signOutRequested()``, ``removeDataConfirmed()``,
    ``dialogClosed()``."""

    workOfflineRequested = Signal()
    signOutRequested = Signal()
    removeDataConfirmed = Signal()
    dialogClosed = Signal()

    def __init__(
        self,
        window: MainWindow,
        settings: Settings,
        paths: AppPaths,
        *,
        sign_in: SignInHandler,
        reauthenticate: Reauthenticate,
        environment: str | None = None,
        base_url: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._window = window
        self._settings = settings
        self._paths = paths
        self._sign_in = sign_in
        self._reauthenticate = reauthenticate
        self._environment = environment  # with only ``base_url``: the custom service
        self._base_url = base_url
        self.dialog: SignInDialog | None = None
        self.confirmation: QMessageBox | None = None

    @property
    def dialog_open(self) -> bool:
        return self.dialog is not None and self.dialog.isVisible()

    def show_sign_in(
        self, last: Account | None, *, offline_possible: bool, error: str = ""
    ) -> None:
        """The sign-in dialog, prefilled from the command line or the last account."""
        if self.dialog_open:
            self.raise_dialog()
            return
        from scaninbox.qt.signin import CUSTOM, SignInDialog, target_choices

        usable, reason = credentials.keyring_status()
        chosen = self._environment or (CUSTOM if self._base_url else None)
        dialog = SignInDialog(
            target_choices(self._settings, self._paths.settings_file),
            self._sign_in,
            remember_available=usable,
            remember_reason=reason,
            ca_bundle=self._settings.ca_bundle,
            environment=chosen or (last.environment if last else None),
            base_url=self._base_url or (last.base_url if last else None),
            email=last.email if last else "",
            offline_label=translate("SignInPrompts", "Work offline")
            if last is not None and offline_possible
            else None,
            parent=self._window,
        )
        dialog.workOfflineRequested.connect(self.workOfflineRequested)
        self._show(dialog, error)

    def show_reauth(self, current: AccountSession, *, expired: bool = True) -> None:
        """Sign in again as the open account (its session ended, or it was opened offline)."""
        if self.dialog_open:
            self.raise_dialog()
            return
        from scaninbox.qt.signin import SignInDialog, TargetChoice

        account = current.account
        label = translate("SignInPrompts", "Demo") if current.demo else account.base_url
        usable, reason = credentials.keyring_status()
        dialog = SignInDialog(
            [TargetChoice(account.environment, label, account.base_url, True, label)],
            lambda _target, _email, password, remember: self._reauthenticate(password, remember),
            remember_available=usable and not current.demo,
            remember_reason=reason,
            environment=account.environment,
            base_url=account.base_url,
            reauth_email=account.email,
            reauth_expired=expired,
            parent=self._window,
        )
        dialog.remember_box.setChecked(usable and current.remember)
        dialog.signOutRequested.connect(self.signOutRequested)
        self._show(dialog, "")

    def raise_dialog(self) -> None:
        """Bring the open dialog in front and give it the keyboard (Account › Sign in…)."""
        dialog = self.dialog
        if dialog is not None and dialog.isVisible():
            dialog.raise_()
            dialog.activateWindow()

    def confirm_remove_data(self, current: AccountSession) -> None:
        box = QMessageBox(self._window)
        box.setObjectName("removeDataConfirmation")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(translate("SignInPrompts", "Remove local data"))
        box.setText(
            translate("SignInPrompts", "Sign out and remove the local data of {email}?").format(
                email=current.account.email
            )
        )
        box.setInformativeText(
            translate(
                "SignInPrompts",
                "The cases and downloaded files kept on this computer for this account are "
                "deleted. Nothing changes on the service; signing in again downloads what you "
                "need.",
            )
        )
        remove = box.addButton(
            translate("SignInPrompts", "Sign out and remove"),
            QMessageBox.ButtonRole.DestructiveRole,
        )
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def finished(_result: int) -> None:
            if box.clickedButton() is remove:
                self.removeDataConfirmed.emit()

        box.finished.connect(finished)
        self.confirmation = box
        box.open()

    def close_all(self) -> None:
        if self.dialog is not None:
            self.dialog.reject()
        if self.confirmation is not None and self.confirmation.isVisible():
            self.confirmation.reject()

    def _show(self, dialog: SignInDialog, error: str) -> None:
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.finished.connect(lambda _result: self._closed(dialog))
        if error:
            dialog.show_error(error)
        self.dialog = dialog
        dialog.open()

    def _closed(self, dialog: SignInDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        self.dialogClosed.emit()
