"""The sign-in dialog: service, e-mail, password, "Remember me"; also "sign in again".

Signing in runs as a task (``async_bridge``) while the dialog stays responsive: a busy bar
shows, the fields lock, and Cancel stops the attempt (a second Cancel closes the dialog). A
failure is shown in the dialog in plain words (``messages.sign_in_error_message``); a wrong
password, an unreachable server and an unverifiable certificate each read differently.

The dialog does not know how signing in works: the window hands it ``handler(target, email,
password, remember)``, a coroutine function that raises on failure.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette, QShowEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scaninbox.language import translate
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.signin.messages import sign_in_error_message
from scaninbox.qt.signin.parts import error_frame, heading
from scaninbox.qt.signin.targets import CUSTOM, DEMO, SignInTarget, TargetChoice

__all__ = ["SignInDialog", "SignInHandler"]

SignInHandler = Callable[[SignInTarget, str, str, bool], Awaitable[object]]


class SignInDialog(QDialog):
    """Sign in (``choices`` of services) or, with ``reauth_email``, sign in again as the open
    account (``reauth_expired``: because its session ended, rather than it being opened offline).

    ``remember_available``/``remember_reason`` come from ``credentials.keyring_status()``.
    The dialog accepts once the handler succeeded. Signals: ``workOfflineRequested()`` and
    ``signOutRequested()`` for the extra buttons.
    """

    workOfflineRequested = Signal()
    signOutRequested = Signal()

    def __init__(
        self,
        choices: Sequence[TargetChoice],
        handler: SignInHandler,
        *,
        remember_available: bool,
        remember_reason: str = "",
        ca_bundle: Path | None = None,
        environment: str | None = None,
        base_url: str | None = None,
        email: str = "",
        reauth_email: str | None = None,
        reauth_expired: bool = True,
        offline_label: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("signInDialog")
        self._choices = list(choices)
        self._handler = handler
        self._ca_bundle = ca_bundle
        self._reauth = reauth_email is not None
        self._expired = reauth_expired
        if self._reauth:
            self.setWindowTitle(
                translate("SignInDialog", "Sign in again")
                if reauth_expired
                else translate("SignInDialog", "Sign in", "title")
            )
        else:
            self.setWindowTitle(translate("SignInDialog", "Sign in to Scan Inbox"))
        self.setModal(True)
        # A fixed width: a long message wraps instead of stretching the dialog.
        self.setFixedWidth(520)
        self._build_fields(remember_available, remember_reason, email)
        self._build_feedback()
        self._build_buttons(offline_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 20, 22, 16)
        layout.setSpacing(14)
        layout.addLayout(heading(self, self.windowTitle(), self._subtitle()))
        self.form = self._form()
        layout.addLayout(self.form)
        layout.addWidget(self.error_frame)
        busy = QHBoxLayout()
        busy.addWidget(self.busy_label)
        busy.addWidget(self.busy_bar, 1)
        layout.addLayout(busy)
        layout.addStretch(
            1
        )  # room the dialog is given beyond its rows goes here, not above the form
        layout.addWidget(self.buttons)
        self.service_combo.currentIndexChanged.connect(self._on_service_changed)
        self._select_environment(environment, base_url)
        if self._reauth:
            self.email_edit.setText(reauth_email or "")
            self.email_edit.setReadOnly(True)
            # The account is fixed: its address says where, and the fields read as text.
            self.form.setRowVisible(self.service_combo, False)
            for edit in (self.email_edit, self.url_edit):
                palette = edit.palette()
                palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Window))
                edit.setPalette(palette)
            self.url_edit.setReadOnly(True)
        self._set_busy(False)
        self._fit_height()

    def _subtitle(self) -> str:
        if not self._reauth:
            return translate(
                "SignInDialog",
                "Cases and scans of your lab, from the Intra-Oral Scan Inbox service.",
            )
        if self._expired:
            return translate(
                "SignInDialog",
                "Your session has ended. Sign in again to continue — everything you have open "
                "stays as it is.",
            )
        return translate(
            "SignInDialog",
            "Sign in to get new cases and files — everything you have open stays as it is.",
        )

    def _build_fields(self, remember_available: bool, remember_reason: str, email: str) -> None:
        self.service_combo = QComboBox(self)
        self.service_combo.setAccessibleName(translate("SignInDialog", "Service"))
        model = self.service_combo.model()
        for choice in self._choices:
            self.service_combo.addItem(choice.label, choice.environment)
            row = self.service_combo.count() - 1
            self.service_combo.setItemData(row, choice.tooltip, Qt.ItemDataRole.ToolTipRole)
            if not choice.enabled and isinstance(model, QStandardItemModel):
                item = model.item(row)
                if item is not None:
                    item.setEnabled(False)
        self.url_edit = QLineEdit(self)
        self.url_edit.setPlaceholderText(
            translate("SignInDialog", "https://inbox.example.com", "an example address")
        )
        self.url_edit.setAccessibleName(translate("SignInDialog", "Service address"))
        self.url_label = QLabel(translate("SignInDialog", "Address"), self)
        self.email_edit = QLineEdit(email, self)
        self.email_edit.setAccessibleName(translate("SignInDialog", "E-mail"))
        self.password_edit = QLineEdit(self)
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setAccessibleName(translate("SignInDialog", "Password"))
        self.remember_box = QCheckBox(
            translate("SignInDialog", "Remember me on this computer"), self
        )
        self.remember_box.setEnabled(remember_available)
        self.remember_box.setChecked(remember_available)
        self.remember_box.setToolTip(
            translate(
                "SignInDialog",
                "Keep the session in the system keyring, so the next start needs no password",
            )
            if remember_available
            else translate("SignInDialog", "{reason}. The session is kept in memory only.").format(
                reason=remember_reason.rstrip(".")
            )
        )

    def _form(self) -> QFormLayout:
        form = QFormLayout()
        form.setHorizontalSpacing(12)
        form.setVerticalSpacing(10)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(translate("SignInDialog", "Service"), self.service_combo)
        form.addRow(self.url_label, self.url_edit)
        form.addRow(translate("SignInDialog", "E-mail"), self.email_edit)
        form.addRow(translate("SignInDialog", "Password"), self.password_edit)
        form.addRow("", self.remember_box)
        return form

    def _build_feedback(self) -> None:
        self.error_frame, self.error_label = error_frame(self)
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setFixedHeight(6)
        self.busy_label = QLabel(translate("SignInDialog", "Signing in…"), self)

    def _build_buttons(self, offline_label: str | None) -> None:
        self.buttons = QDialogButtonBox(self)
        self.sign_in_button = self.buttons.addButton(
            translate("SignInDialog", "Sign in", "button"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.sign_in_button.setDefault(True)
        self.cancel_button = self.buttons.addButton(
            translate("SignInDialog", "Later")
            if self._reauth
            else translate("SignInDialog", "Cancel"),
            QDialogButtonBox.ButtonRole.RejectRole,
        )
        self.extra_button: QPushButton | None = None
        if self._reauth:
            self.extra_button = self.buttons.addButton(
                translate("SignInDialog", "Sign out"), QDialogButtonBox.ButtonRole.ResetRole
            )
            self.extra_button.clicked.connect(self._on_sign_out)
        elif offline_label:
            self.extra_button = self.buttons.addButton(
                offline_label, QDialogButtonBox.ButtonRole.ResetRole
            )
            self.extra_button.setToolTip(
                translate("SignInDialog", "Open the cases kept on this computer without signing in")
            )
            self.extra_button.clicked.connect(self._on_work_offline)
        self.sign_in_button.clicked.connect(self._on_sign_in)
        self.cancel_button.clicked.connect(self._on_cancel)

    # ------------------------------------------------------------------ state

    @property
    def target(self) -> SignInTarget:
        choice = self._choices[self.service_combo.currentIndex()]
        if choice.environment == CUSTOM:
            url = self.url_edit.text().strip() or None
            return SignInTarget(
                CUSTOM, url or translate("SignInDialog", "Custom"), url, self._ca_bundle
            )
        return SignInTarget(choice.environment, choice.label, choice.base_url, self._ca_bundle)

    @property
    def busy(self) -> bool:
        return async_bridge.running_task(self, "sign-in") is not None

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_frame.setVisible(bool(text))
        self._fit_height()

    def _fit_height(self) -> None:
        """As tall as the rows shown need at the dialog's fixed width: rows hidden for a service
        (Demo needs no address, e-mail or "Remember me") leave no gap behind."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        height = layout.totalHeightForWidth(self.width())
        if height > 0:
            self.resize(self.width(), height)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_height()
        self.first_field().setFocus()

    def first_field(self) -> QWidget:
        """Where typing starts: the first field, top to bottom, that is shown, editable and
        still empty; the Sign in button when there is nothing to type (Demo, or all filled)."""
        for edit in (self.url_edit, self.email_edit, self.password_edit):
            if (
                not edit.isHidden()
                and edit.isEnabled()
                and not edit.isReadOnly()
                and not edit.text().strip()
            ):
                return edit
        return self.sign_in_button

    # ------------------------------------------------------------------ actions

    def _on_sign_in(self) -> None:
        if self.busy:
            return
        target = self.target
        email, password = self.email_edit.text().strip(), self.password_edit.text()
        if not target.is_demo:
            missing = [
                name
                for name, value in (
                    (translate("SignInDialog", "the service address"), target.base_url),
                    (translate("SignInDialog", "your e-mail address"), email),
                    (translate("SignInDialog", "your password"), password),
                )
                if not value
            ]
            if missing:
                self.show_error(_please_enter(missing))
                return
        self.show_error("")
        self._set_busy(True)
        remember = self.remember_box.isEnabled() and self.remember_box.isChecked()
        async_bridge.run(
            self._attempt(target, email, password, remember), owner=self, key="sign-in"
        )

    async def _attempt(
        self, target: SignInTarget, email: str, password: str, remember: bool
    ) -> None:
        try:
            await self._handler(target, email, password, remember)
        except Exception as exc:
            self._set_busy(False)
            self.show_error(sign_in_error_message(exc, target.base_url))
            self.password_edit.setFocus()
            self.password_edit.selectAll()
            return
        self._set_busy(False)
        self.password_edit.clear()
        self.accept()

    def _on_cancel(self) -> None:
        if async_bridge.cancel(self, "sign-in"):
            self._set_busy(False)
            self.show_error(translate("SignInDialog", "Signing in was cancelled."))
            return
        self.reject()

    def reject(self) -> None:
        async_bridge.cancel(self, "sign-in")
        super().reject()

    def _on_work_offline(self) -> None:
        async_bridge.cancel(self, "sign-in")
        self.workOfflineRequested.emit()
        self.accept()

    def _on_sign_out(self) -> None:
        async_bridge.cancel(self, "sign-in")
        self.signOutRequested.emit()
        self.reject()

    def _set_busy(self, busy: bool) -> None:
        self.busy_bar.setVisible(busy)
        self.busy_label.setVisible(busy)
        editable = not busy
        demo = self.target.is_demo
        self.service_combo.setEnabled(editable and not self._reauth)
        self.url_edit.setEnabled(editable)
        self.email_edit.setEnabled(editable and not demo)
        self.password_edit.setEnabled(editable and not demo)
        self.sign_in_button.setEnabled(editable)
        if self.extra_button is not None:
            self.extra_button.setEnabled(editable)
        self.cancel_button.setText(
            translate("SignInDialog", "Cancel")
            if busy or not self._reauth
            else translate("SignInDialog", "Later")
        )

    def _select_environment(self, environment: str | None, base_url: str | None) -> None:
        names = [c.environment for c in self._choices]
        enabled = [c.environment for c in self._choices if c.enabled]
        wanted = environment if environment in enabled else (enabled[0] if enabled else DEMO)
        self.service_combo.setCurrentIndex(names.index(wanted))
        if base_url and wanted == CUSTOM:
            self.url_edit.setText(base_url)
        self._on_service_changed(self.service_combo.currentIndex())

    def _on_service_changed(self, index: int) -> None:
        choice = self._choices[index]
        custom = choice.environment == CUSTOM
        demo = choice.environment == DEMO
        self.url_label.setVisible(custom or bool(choice.base_url))
        self.url_edit.setVisible(custom or bool(choice.base_url))
        self.url_edit.setReadOnly(not custom or self._reauth)
        if not custom:
            self.url_edit.setText(choice.base_url or "")
        self.email_edit.setEnabled(not demo)
        self.password_edit.setEnabled(not demo)
        self.email_edit.setPlaceholderText(
            translate("SignInDialog", "Signed in as the demo user")
            if demo
            else translate("SignInDialog", "name@lab.example", "an example e-mail address")
        )
        self.password_edit.setPlaceholderText(
            translate("SignInDialog", "Not needed for the demo") if demo else ""
        )
        self.remember_box.setVisible(not demo)
        self.show_error("")


def _please_enter(missing: Sequence[str]) -> str:
    """One sentence naming the empty fields (whole sentences: word order differs by language)."""
    if len(missing) == 1:
        return translate("SignInDialog", "Please enter {first}.").format(first=missing[0])
    if len(missing) == 2:
        return translate("SignInDialog", "Please enter {first} and {second}.").format(
            first=missing[0], second=missing[1]
        )
    return translate("SignInDialog", "Please enter {first}, {second} and {third}.").format(
        first=missing[0], second=missing[1], third=missing[2]
    )
