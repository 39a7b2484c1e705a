"""Who ordered the work: the clinic and the dentist, with phone numbers and e-mail as links.

Links open the system's telephone or mail application (``tel:``/``mailto:``). Link texts are
escaped: the only markup in these labels is the link we build.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtGui import (
    QDesktopServices,
    QFocusEvent,
    QFont,
    QKeyEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QLabel, QVBoxLayout, QWidget

from scaninbox.domain import Clinic, Dentist
from scaninbox.language import translate
from scaninbox.qt.look.widgets import (
    NOT_PROVIDED,
    ValueLabel,
    caption_label,
    section_title,
    set_muted,
)

__all__ = ["CustomerSection", "LinkLabel", "mail_url", "phone_url"]

_PHONE_NOISE = re.compile(r"[\s()./-]")
_PHONE = re.compile(r"\+?[0-9]{3,20}")
_MAIL = re.compile(r"[^\s@<>\"]+@[^\s@<>\"]+\.[^\s@<>\"]+")


def phone_url(number: str | None) -> QUrl | None:
    """``tel:+493012345`` from ``+49 (30) 123-45``; None when it is not a dialable number."""
    if not number:
        return None
    compact = _PHONE_NOISE.sub("", number.strip())
    return QUrl(f"tel:{compact}") if _PHONE.fullmatch(compact) else None


def mail_url(address: str | None) -> QUrl | None:
    if not address or not _MAIL.fullmatch(address.strip()):
        return None
    url = QUrl()
    url.setScheme("mailto")
    url.setPath(address.strip())
    return url


class LinkLabel(QLabel):
    """A value that opens with the system's application when it is a usable link."""

    def __init__(self, accessible_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(accessible_name)
        self.setOpenExternalLinks(False)
        self.linkActivated.connect(self._open)
        self.url: QUrl | None = None
        self._value = ""

    def set_link(self, text: str | None, url: QUrl | None) -> None:
        value = (text or "").strip()
        self._value = value
        self.url = url if value else None
        if self.url is not None:
            self.setTextInteractionFlags(
                Qt.TextInteractionFlag.LinksAccessibleByMouse
                | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
                | Qt.TextInteractionFlag.TextSelectableByMouse
            )
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.setToolTip(self.url.toString())
        else:
            self.setTextFormat(Qt.TextFormat.PlainText)
            self.setText(value or translate("ValueLabel", NOT_PROVIDED))
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.setToolTip("")
        set_muted(self, not value)
        self._render_link()

    def _render_link(self) -> None:
        if self.url is None:
            return
        # Rich text bakes the application's link colour in when it is parsed; name the colour of
        # this label's palette instead, and render again when the palette changes.
        href = html.escape(self.url.toString(QUrl.ComponentFormattingOption.FullyEncoded), True)
        color = self.palette().color(QPalette.ColorRole.Link).name()
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setText(f'<a href="{href}" style="color: {color}">{html.escape(self._value)}</a>')

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._render_link()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        # QLabel highlights its link only on a second Tab; select it at once (a visible focus cue).
        reason = event.reason()
        if self.url is not None and reason in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
        ):
            self.focusNextPrevChild(reason == Qt.FocusReason.TabFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.url is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._open(self.url.toString(QUrl.ComponentFormattingOption.FullyEncoded))
            event.accept()
            return
        super().keyPressEvent(event)

    def _open(self, href: str) -> None:
        QDesktopServices.openUrl(QUrl(href))


class _ContactCard(QWidget):
    """Name in bold, then caption/value rows."""

    def __init__(self, title: str, names: tuple[str, str, str, str], parent: QWidget) -> None:
        """``names``: the accessible names of the card's name, address, phone and e-mail."""
        super().__init__(parent)
        self.title = caption_label(title, self)
        self.name_value = ValueLabel(self)
        bold = QFont(self.name_value.font())
        bold.setBold(True)
        self.name_value.setFont(bold)
        self.name_value.setAccessibleName(names[0])
        self.address_caption = caption_label(translate("CustomerSection", "Address"), self)
        self.address_value = ValueLabel(self)
        self.address_value.setAccessibleName(names[1])
        self.phone_value = LinkLabel(names[2], self)
        self.email_value = LinkLabel(names[3], self)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        rows: list[tuple[QLabel, QLabel]] = [
            (self.address_caption, self.address_value),
            (caption_label(translate("CustomerSection", "Phone"), self), self.phone_value),
            (caption_label(translate("CustomerSection", "E-mail"), self), self.email_value),
        ]
        for row, (caption, value) in enumerate(rows):
            grid.addWidget(caption, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(value, row, 1)
        grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.name_value)
        layout.addLayout(grid)
        layout.addStretch(1)

    def show_contact(
        self, name: str | None, phone: str | None, email: str | None, address: str | None = None
    ) -> None:
        self.name_value.set_value(name)
        self.address_value.set_value(address)
        self.phone_value.set_link(phone, phone_url(phone))
        self.email_value.set_link(email, mail_url(email))


class CustomerSection(QWidget):
    """The clinic beside the dentist; hidden by the pane when the case names neither."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clinic_card = _ContactCard(
            translate("CustomerSection", "Clinic"),
            (
                translate("CustomerSection", "Clinic name"),
                translate("CustomerSection", "Clinic address"),
                translate("CustomerSection", "Clinic phone"),
                translate("CustomerSection", "Clinic e-mail"),
            ),
            self,
        )
        self.dentist_card = _ContactCard(
            translate("CustomerSection", "Dentist"),
            (
                translate("CustomerSection", "Dentist name"),
                translate("CustomerSection", "Dentist address"),
                translate("CustomerSection", "Dentist phone"),
                translate("CustomerSection", "Dentist e-mail"),
            ),
            self,
        )
        self.dentist_card.address_caption.hide()
        self.dentist_card.address_value.hide()
        cards = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        cards.setSpacing(32)
        cards.addWidget(self.clinic_card, 1)
        cards.addWidget(self.dentist_card, 1)
        self._cards = cards
        self._needed: int | None = None  # the width both cards need side by side (`_arrange`)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(section_title(translate("CustomerSection", "Customer"), self))
        layout.addLayout(cards)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._needed = None  # other letters: measured again
            self._arrange()

    def _arrange(self) -> None:
        """Side by side when both cards fit, else the dentist below the clinic.

        The width both need is measured once per customer shown: measured at each resize, it
        came out larger when the cards were stacked than when side by side, so a width between
        the two flipped them at every resize; in the prescription's scroll area that resized
        the page from within its own resize until the process ran out of stack (a 1080p screen
        scaled 1.5 or 2 times)."""
        if self._needed is None:
            self._needed = (
                self.clinic_card.minimumSizeHint().width()
                + self.dentist_card.minimumSizeHint().width()
                + 32  # the spacing side by side
            )
        side_by_side = self.width() >= self._needed or self.dentist_card.isHidden()
        direction = (
            QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        )
        if self._cards.direction() != direction:
            self._cards.setDirection(direction)
            self._cards.setSpacing(32 if side_by_side else 12)

    def show_customer(self, clinic: Clinic | None, dentist: Dentist | None) -> bool:
        """Fill both cards; returns whether there is anything to show."""
        self._needed = None  # other texts: measured again
        self.clinic_card.setVisible(clinic is not None)
        if clinic is not None:
            self.clinic_card.show_contact(
                clinic.name, clinic.phone, clinic.email, clinic.display_address
            )
        self.dentist_card.setVisible(dentist is not None)
        if dentist is not None:
            self.dentist_card.show_contact(dentist.display_name, dentist.phone, dentist.email)
        self._arrange()
        return clinic is not None or dentist is not None
