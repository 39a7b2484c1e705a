"""The top of the case pane: who the patient is, when the work is due, and what needs attention.

The patient's name is the most prominent text of the pane; dates, status and where the case came
from sit below it as caption/value pairs, and the administrative flags are badges. The "Keep
available offline" switch and the cache indicator live here too, because they are about the
whole case.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from scaninbox.domain import (
    Case,
    Urgency,
    delivery_phrase,
    delivery_urgency,
    exact_time,
    format_date,
    format_date_of_birth,
    format_gender,
    relative_time,
    status_label,
)
from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.qt.look.flow_layout import FlowLayout
from scaninbox.qt.look.widgets import (
    Badge,
    Tone,
    ValueLabel,
    caption_label,
    muted_label,
    set_muted,
)

__all__ = ["CaseHeader"]

_REFRESH_MS = 60_000
_STATUS_TONES = {
    "new": Tone.BLUE,
    "accepted": Tone.GREEN,
    "in_production": Tone.ORANGE,
    "complete": Tone.GREEN,
    "rejected": Tone.RED,
    "cancelled": Tone.NEUTRAL,
}
_FLAG_BADGES = (
    ("priority", QT_TRANSLATE_NOOP("CaseHeader", "Priority"), Tone.RED),
    ("remake", QT_TRANSLATE_NOOP("CaseHeader", "Remake"), Tone.ORANGE),
    ("additional_info", QT_TRANSLATE_NOOP("CaseHeader", "Additional info"), Tone.BLUE),
    ("contact_required", QT_TRANSLATE_NOOP("CaseHeader", "Contact required"), Tone.PURPLE),
)


class CaseHeader(QWidget):
    """Patient, dates, status, origin, flags and the offline switch of one case."""

    pinToggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.patient_label = QLabel(self)
        self.patient_label.setTextFormat(Qt.TextFormat.PlainText)
        self.patient_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A long name wraps rather than being cut beside the badge and the offline switch (the
        # pane's share of a 1280×720 screen, in German): a patient's name is never shortened.
        self.patient_label.setWordWrap(True)
        self.patient_label.setAccessibleName(translate("CaseHeader", "Patient name"))
        font = QFont(self.patient_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.patient_label.setFont(font)
        self.status_badge = Badge("—", Tone.NEUTRAL, self)
        self.details_label = ValueLabel(
            self, placeholder=translate("CaseHeader", "No patient details")
        )
        self.details_label.setAccessibleName(translate("CaseHeader", "Patient details"))

        self.offline_toggle = QCheckBox(translate("CaseHeader", "Keep available offline"), self)
        self.offline_toggle.setToolTip(
            translate("CaseHeader", "Download every file of this case and keep it on this computer")
        )
        self.offline_toggle.toggled.connect(self.pinToggled)
        self.cache_label = muted_label("", self, wrap=False)
        self.cache_label.setAccessibleName(translate("CaseHeader", "Offline availability"))
        self.cache_label.setAlignment(Qt.AlignmentFlag.AlignRight)

        self.badges: dict[str, Badge] = {}
        badge_row = QHBoxLayout()
        badge_row.setSpacing(6)
        for attribute, text, tone in _FLAG_BADGES:
            badge = Badge(translate("CaseHeader", text), tone, self)
            self.badges[attribute] = badge
            badge_row.addWidget(badge)
        self.completeness_badge = Badge(translate("CaseHeader", "Incomplete"), Tone.ORANGE, self)
        self.info_request_badge = Badge(
            translate("CaseHeader", "Info requested"), Tone.PURPLE, self
        )
        badge_row.addWidget(self.completeness_badge)
        badge_row.addWidget(self.info_request_badge)
        badge_row.addStretch(1)
        self._badge_row = badge_row

        self.received_value = ValueLabel(self, placeholder="—", wrap=False)
        self.delivery_value = ValueLabel(self, placeholder="—", wrap=False)
        self.urgency_badge = Badge("", Tone.RED, self)
        self.source_value = ValueLabel(self, placeholder="—", wrap=False)
        self.external_id_value = ValueLabel(self, placeholder="—", wrap=False)
        self.case_id_caption = caption_label(translate("CaseHeader", "Case ID"), self)
        self.case_id_value = ValueLabel(self, placeholder="—", wrap=False)
        self.sent_to_caption = caption_label(translate("CaseHeader", "Sent to"), self)
        self.sent_to_value = ValueLabel(self, placeholder="—", wrap=False)
        self._build_layout()
        self._case: Case | None = None
        # "3 h ago" and "due tomorrow" go stale while a case stays open all day.
        self._clock = QTimer(self)
        self._clock.setInterval(_REFRESH_MS)
        self._clock.timeout.connect(lambda: self._show_dates(self._case, None))
        self.show_case(None)

    def _build_layout(self) -> None:
        title_row = QHBoxLayout()
        title_row.setSpacing(10)
        title_row.addWidget(self.patient_label, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addWidget(self.status_badge, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addStretch(1)
        offline = QVBoxLayout()
        offline.setSpacing(2)
        offline.addWidget(self.offline_toggle, 0, Qt.AlignmentFlag.AlignRight)
        offline.addWidget(self.cache_label, 0, Qt.AlignmentFlag.AlignRight)
        title_row.addLayout(offline)

        # The facts wrap onto another row when the pane is narrow, instead of squeezing into
        # each other (the delivery date under its "overdue" badge, "Sent to" cut off).
        facts = FlowLayout(spacing=28, row_spacing=6)
        delivery = QHBoxLayout()
        delivery.setSpacing(8)
        delivery.addWidget(self.delivery_value)
        delivery.addWidget(self.urgency_badge)
        self.facts: list[QWidget] = []
        columns: list[tuple[QLabel, QWidget | QHBoxLayout]] = [
            (caption_label(translate("CaseHeader", "Received"), self), self.received_value),
            (caption_label(translate("CaseHeader", "Delivery"), self), delivery),
            (caption_label(translate("CaseHeader", "Source"), self), self.source_value),
            (
                caption_label(translate("CaseHeader", "External ID"), self),
                self.external_id_value,
            ),
            (self.case_id_caption, self.case_id_value),
            (self.sent_to_caption, self.sent_to_value),
        ]
        for caption, value in columns:
            fact = QWidget(self)
            column = QVBoxLayout(fact)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            column.addWidget(caption)
            if isinstance(value, QHBoxLayout):
                column.addLayout(value)
            else:
                column.addWidget(value)
            facts.addWidget(fact)
            self.facts.append(fact)
        self._case_id_fact, self._sent_to_fact = self.facts[4], self.facts[5]

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(title_row)
        layout.addWidget(self.details_label)
        layout.addLayout(self._badge_row)
        layout.addSpacing(4)
        layout.addLayout(facts)

    def show_case(self, case: Case | None, *, today: date | None = None) -> None:
        """Fill the header from ``case`` (None: an empty header)."""
        self._case = case
        if case is not None and (case.received_at or case.delivery_date):
            self._clock.start()
        else:
            self._clock.stop()
        name = case.patient_name if case is not None else None
        self.patient_label.setText(name or translate("CaseHeader", "Unnamed patient"))
        set_muted(self.patient_label, not name)
        self.patient_label.setToolTip(
            name or translate("CaseHeader", "The portal sent no patient name")
        )
        status = case.status if case is not None else None
        self.status_badge.setText(status_label(status))
        self.status_badge.setAccessibleName(
            translate("CaseHeader", "Status: {status}").format(status=status_label(status))
        )
        self.status_badge.set_tone(_STATUS_TONES.get(status or "", Tone.NEUTRAL))
        self.status_badge.setVisible(bool(status))
        self._show_patient_details(case, today)
        self._show_badges(case)
        self._show_dates(case, today)
        self.source_value.set_value(case.source if case else None)
        self.external_id_value.set_value(case.external_id if case else None)
        variant = case.variant if case is not None else None
        case_id = variant.case_id if variant is not None else None
        self.case_id_value.set_value(case_id)
        self._case_id_fact.setVisible(bool(case_id))
        sent_to = case.sent_to if case is not None else None
        self.sent_to_value.set_value(sent_to)
        self._sent_to_fact.setVisible(bool(sent_to))
        self.offline_toggle.setEnabled(case is not None)

    def set_cache_state(self, *, pinned: bool, fully_cached: bool) -> None:
        """Show the offline switch and indicator without emitting ``pinToggled``."""
        blocked = self.offline_toggle.blockSignals(True)
        self.offline_toggle.setChecked(pinned)
        self.offline_toggle.blockSignals(blocked)
        if fully_cached:
            text = (
                translate("CaseHeader", "✓ Available offline")
                if pinned
                else translate("CaseHeader", "✓ All files on this computer")
            )
        elif pinned:
            text = translate("CaseHeader", "Not all files downloaded yet")
        else:
            text = translate("CaseHeader", "Files download when opened")
        self.cache_label.setText(text)
        self.cache_label.setToolTip(
            translate("CaseHeader", "Every file of this case is on this computer")
            if fully_cached
            else translate("CaseHeader", "Some files of this case need a connection to open")
        )

    def _show_patient_details(self, case: Case | None, today: date | None) -> None:
        patient = case.patient if case is not None else None
        parts: list[str] = []
        if patient is not None:
            gender = format_gender(patient.gender)
            born = format_date_of_birth(patient.date_of_birth, today=today)
            if born:
                born = translate("CaseHeader", "born {date}").format(date=born)
            parts.extend(p for p in (gender, born) if p)
            if patient.reference_no:
                parts.append(
                    translate("CaseHeader", "Ref. {reference}").format(
                        reference=patient.reference_no.strip()
                    )
                )
            if patient.external_id:
                parts.append(
                    translate("CaseHeader", "Patient ID {identifier}").format(
                        identifier=patient.external_id.strip()
                    )
                )
        self.details_label.set_value(" · ".join(parts) or None)

    def _show_badges(self, case: Case | None) -> None:
        for attribute, badge in self.badges.items():
            badge.setVisible(case is not None and bool(getattr(case.flags, attribute)))
        variant = case.variant if case is not None else None
        self.completeness_badge.setVisible(
            variant is not None and variant.completeness_status == "incomplete"
        )
        info = variant.info_request_status if variant is not None else None
        self.info_request_badge.setVisible(info in ("requested", "received"))
        if info:
            text = (
                translate("CaseHeader", "Info requested")
                if info == "requested"
                else translate("CaseHeader", "Info received")
            )
            self.info_request_badge.setText(text)
            self.info_request_badge.setAccessibleName(text)

    def _show_dates(self, case: Case | None, today: date | None) -> None:
        received = case.received_at if case is not None else None
        if received is not None:
            self.received_value.set_value(relative_time(received), tooltip=exact_time(received))
        else:
            self.received_value.set_value(None)
        delivery = case.delivery_date if case is not None else None
        status = case.status if case is not None else None
        urgency = delivery_urgency(delivery, status=status, today=today)
        if delivery is not None:
            self.delivery_value.set_value(
                format_date(delivery, with_weekday=True),
                tooltip=translate("CaseHeader", "Due {when}").format(
                    when=delivery_phrase(delivery, today=today)
                ),
            )
        else:
            # A delivery "date" that is not a date (``ASAP``) is shown as the portal sent it.
            self.delivery_value.set_value(case.delivery_text if case is not None else None)
        self.urgency_badge.setVisible(urgency.needs_attention)
        if delivery is not None and urgency.needs_attention:
            phrase = delivery_phrase(delivery, today=today)
            self.urgency_badge.setText(phrase[:1].upper() + phrase[1:])
            self.urgency_badge.setAccessibleName(
                translate("CaseHeader", "Delivery {when}").format(when=phrase)
            )
            self.urgency_badge.set_tone(Tone.RED if urgency is Urgency.OVERDUE else Tone.ORANGE)
