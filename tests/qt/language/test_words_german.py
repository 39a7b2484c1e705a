"""The shared words in German through the real compiled catalogues: dates, relative times,
sizes, deliveries, the trade's vocabulary, the QC findings' titles, messages and figures.

Each test installs German for itself (the ``german`` fixture) and plain English again after;
the English wording is pinned by ``tests/unit/domain`` and ``tests/qc``.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from scaninbox import language
from scaninbox.domain import (
    Worktype,
    category_label,
    delivery_phrase,
    exact_time,
    format_date,
    format_date_of_birth,
    format_gender,
    format_size,
    identifier_label,
    jaw_label,
    relative_time,
    shown_work_summary,
    status_label,
    work_summary,
)
from scaninbox.qc.figures import clearance_summary, figures_words, mm_text
from scaninbox.qc.finding_words import finding_message
from scaninbox.qc.findings import (
    Finding,
    Severity,
    Verdict,
    check_title,
    kind_title,
    severity_word,
    verdict_word,
)
from scaninbox.qt.runtime.language import QtLanguage

_NOW = datetime(2025, 3, 12, 15, 0).astimezone()


def test_dates_and_weekdays_read_german(german: QtLanguage) -> None:
    assert format_date(date(2025, 3, 12), with_weekday=True) == "Mi. 12. März 2025"
    assert format_date(date(2025, 3, 12), with_year=False) == "12. März"
    assert format_date_of_birth("1984-06-03", today=date(2025, 12, 6)) == "3. Juni 1984 (41 J.)"
    assert exact_time(_NOW).startswith("Mi. 12. März 2025, 15:00:00 (")


def test_relative_times_read_german(german: QtLanguage) -> None:
    assert relative_time(_NOW - timedelta(seconds=20), now=_NOW) == "gerade eben"
    assert relative_time(_NOW - timedelta(minutes=5), now=_NOW) == "vor 5 Min."
    assert relative_time(_NOW - timedelta(hours=3), now=_NOW) == "vor 3 Std."
    assert relative_time(_NOW - timedelta(days=1, hours=1), now=_NOW) == "gestern 14:00"
    assert relative_time(_NOW - timedelta(days=3), now=_NOW) == "So. 15:00"
    assert relative_time(_NOW - timedelta(days=30), now=_NOW) == "10. Feb."
    assert relative_time(_NOW + timedelta(hours=2), now=_NOW) == "heute 17:00"


def test_deliveries_read_german_with_plurals(german: QtLanguage) -> None:
    today = date(2025, 3, 12)
    assert delivery_phrase(today, today=today) == "heute"
    assert delivery_phrase(today + timedelta(days=1), today=today) == "morgen"
    assert delivery_phrase(today + timedelta(days=5), today=today) == "in 5 Tagen"
    assert delivery_phrase(today - timedelta(days=1), today=today) == "1 Tag überfällig"
    assert delivery_phrase(today - timedelta(days=3), today=today) == "3 Tage überfällig"


def test_sizes_write_a_decimal_comma(german: QtLanguage) -> None:
    assert format_size(1_500_000) == "1,5 MB"
    assert format_size(512) == "512 B"
    assert format_size(150_000_000) == "150 MB"
    assert language.current().number_text(0.41, 2) == "0,41"


def test_the_trades_vocabulary_reads_german_for_display_only(german: QtLanguage) -> None:
    assert status_label("in_production") == "In Produktion"
    assert status_label("cancelled") == "Storniert"
    assert status_label("on_hold") == "On hold"  # a status the service added: its words
    assert format_gender("F") == "weiblich"
    assert category_label("Fixed") == "Festsitzend"
    assert identifier_label("Zirconia") == "Zirkon"
    assert identifier_label("LithiumDisilicate") == "Lithiumdisilikat"
    assert identifier_label("Monolithic") == "monolithisch"
    assert identifier_label("PMMA") == "PMMA"
    assert identifier_label("SportsGuard") == "Sportmundschutz"  # the sandbox's appliances
    assert identifier_label("Retainer") == "Retainer"
    assert identifier_label("biteScan") == "Bissregistrat"
    assert jaw_label("upper") == "Oberkiefer"
    assert jaw_label("lower") == "Unterkiefer"
    crowns = (
        Worktype(restoration_type="Crown", material="Zirconia", fdi="16"),
        Worktype(restoration_type="Crown", material="Zirconia", fdi="26"),
        Worktype(
            restoration_type="Bridge", material="LithiumDisilicate", from_tooth="34", to_tooth="36"
        ),
        Worktype(),
    )
    assert work_summary(crowns) == (
        "Krone ×2 · Zirkon, Brücke ×3 · Lithiumdisilikat, Arbeit ohne Angabe"
    )
    # The wire values are untouched: what is stored and compared stays as the service sent it.
    assert crowns[0].restoration_type == "Crown"


def test_finding_titles_checks_and_verdicts_read_german(german: QtLanguage) -> None:
    assert kind_title("hole") == "Loch"
    assert kind_title("bite_through") == "Durchbiss"
    assert kind_title("undercut") == "Unterschnitt"
    assert kind_title("abutment_divergence") == "Pfeilerdivergenz"
    assert kind_title("margin") == "Präparationsgrenze"
    assert check_title("holes") == "Keine Löcher"
    assert verdict_word(Verdict.FAIL) == "NICHT BESTANDEN"
    assert verdict_word(None) == "nicht geprüft"
    assert severity_word(Severity.WARN) == "WARNUNG"


def test_finding_messages_are_worded_from_their_figures(german: QtLanguage) -> None:
    hole = Finding(
        "hole",
        Severity.FAIL,
        "Hole of 16.46 mm perimeter (about 5.2 mm across).",
        (1.0, 2.0, 3.0),
        {"perimeter_mm": 16.46, "edges": 41},
    )
    assert finding_message(hole) == "Loch mit 16,46 mm Umfang (etwa 5,2 mm Durchmesser)."
    room = Finding(
        "insufficient_room",
        Severity.FAIL,
        "Tooth 16: 0.40 mm of room for monolithic zirconia, which needs 1.00 mm (…).",
        None,
        {"tooth": 16, "min_mm": 0.4, "needed_mm": 1.0, "material": "monolithic zirconia"},
    )
    assert finding_message(room).startswith(
        "Zahn 16: 0,40 mm Platz für Zirkon monolithisch, benötigt werden 1,00 mm"
    )
    cusp = Finding(
        "insufficient_room",
        Severity.FAIL,
        "Tooth 14: 0.60 mm of room over the non-functional cusps for cast metal, which needs "
        "1.00 mm there (…).",
        None,
        {
            "tooth": 14,
            "min_mm": 0.6,
            "needed_mm": 1.0,
            "material": "cast metal",
            "cusps": "non-functional",
        },
    )
    assert finding_message(cusp).startswith(
        "Zahn 14: 0,60 mm Platz über den nicht tragenden Höckern für"
    )
    assert "über den nicht tragenden Höckern" in figures_words(cusp.figures)
    late = Finding(
        "delivery_date",
        Severity.WARN,
        "The delivery date 2025-03-09 passed 3 days ago.",
        None,
        {"delivery_date": "2025-03-09"},
    )
    assert finding_message(late) == "Der Liefertermin 9. März 2025 ist seit 3 Tagen überschritten."
    one_sided = Finding(
        "one_sided_contact",
        Severity.WARN,
        "The arches touch only on the patient's left; …",
        None,
        {"side": "left", "open_side": "right", "gap_mm": 0.8},
    )
    assert "linken Seite" in finding_message(one_sided)
    assert "rechten Seite" in finding_message(one_sided)
    # The kept message — the JSON's — is English whatever the language.
    assert hole.to_json()["message"] == "Hole of 16.46 mm perimeter (about 5.2 mm across)."


def test_a_finding_of_an_unknown_shape_still_reads(german: QtLanguage) -> None:
    odd = Finding("hole", Severity.WARN, "Hole somewhere.", None, {})
    assert finding_message(odd) == "Loch mit 0,00 mm Umfang (etwa 0,0 mm Durchmesser)."
    new_kind = Finding("gremlin", Severity.WARN, "A gremlin.", None, {})
    assert finding_message(new_kind) == "Gremlin (A gremlin.)"


def test_figures_read_german_and_the_kept_rounding_is_english(german: QtLanguage) -> None:
    words = figures_words({"area_mm2": 8.046, "depth_mm": 0.4049, "at_margin": True})
    assert words == "Fläche 8,0 mm², Tiefe 0,41 mm, an der Präparationsgrenze"
    assert figures_words({"against": "lower", "side": "right"}) == (
        "gegen Unterkiefer, Seite rechts"
    )
    assert clearance_summary(0.4049, 3.0) == "Kleinster Abstand 0,41 mm."
    assert clearance_summary(-0.3, 3.0) == "Durchbiss bis 0,30 mm."
    # The messages' own rounding (kept in the JSON) writes a decimal point in every language.
    assert mm_text(0.4049) == "0.41 mm"


def test_english_is_back_after_the_german_test() -> None:
    assert format_size(1_500_000) == "1.5 MB"
    assert kind_title("hole") == "Hole"
    assert format_date(date(2025, 3, 12), with_weekday=True) == "Wed 12 Mar 2025"


def test_a_measured_distance_reads_with_a_decimal_comma(german: QtLanguage) -> None:
    from scaninbox.render.measure import measure

    assert measure((0.0, 0.0, 0.0), (12.3456, 0.0, 0.0)).label == "12,35 mm"


def test_the_stores_english_work_summary_is_shown_in_german(german: QtLanguage) -> None:
    stored = "Crown ×2 · Zirconia, Bridge ×3 · Lithium disilicate, Night guard, Unspecified work"
    assert shown_work_summary(stored) == (
        "Krone ×2 · Zirkon, Brücke ×3 · Lithiumdisilikat, Aufbissschiene, Arbeit ohne Angabe"
    )
    assert shown_work_summary("Crown · PMMA, Gizmo ×2") == "Krone · PMMA, Gizmo ×2"
    assert shown_work_summary("") == ""


def test_an_estimated_margin_reads_how_sure_it_is(german: QtLanguage) -> None:
    figures = {"tooth": 16, "length_mm": 30.0, "method": "estimated from the shape"}
    unclear = Finding(
        "margin", Severity.WARN, "…", None, {**figures, "confidence": 0.2, "closed": False}
    )
    clear = Finding(
        "margin", Severity.INFO, "…", None, {**figures, "confidence": 0.9, "closed": False}
    )
    assert "Präparationsgrenze ist unklar" in finding_message(unclear)
    assert "Präparationsgrenze ist unklar" not in finding_message(clear)
    assert "mit Lücken" in finding_message(clear)
