"""The one door for visible strings: plain English until a language is installed."""

from __future__ import annotations

from datetime import date

import pytest

from scaninbox import language
from scaninbox.language import ENGLISH, QT_TRANSLATE_NOOP, english_plural, translate
from scaninbox.language.catalogs import placeholders


class _Shouting:
    """A language of its own: every known text in capitals, dates as ISO."""

    code = "xx"

    def lookup(self, context: str, text: str, disambiguation: str | None, n: int) -> str | None:
        return None if context == "Unknown" else text.upper().replace("%N", "%n")

    def date_text(self, day: date, *, with_weekday: bool, with_year: bool) -> str:
        return day.isoformat()

    def weekday_text(self, day: date) -> str:
        return "WD"

    def number_text(self, value: float, decimals: int) -> str:
        return f"{value:.{decimals}f}".replace(".", ",")

    def count_text(self, value: int) -> str:
        return f"{value:,}".replace(",", ".")


@pytest.fixture
def shouting() -> object:
    before = language.install(_Shouting())
    yield language.current()
    language.install(before)


@pytest.mark.parametrize(
    ("text", "n", "expected"),
    [
        ("%n day(s) overdue", 1, "1 day overdue"),
        ("%n day(s) overdue", 0, "0 days overdue"),
        ("%n day(s) overdue", 12, "12 days overdue"),
        ("%n box(es)", 2, "2 boxes"),
        ("%n case(s)", 12345, "12,345 cases"),  # a count keeps its thousands separator
        ("Due", -1, "Due"),
        ("Scans (upper)", -1, "Scans (upper)"),  # a parenthesis after a space is not a marker
    ],
)
def test_plain_english_fills_the_number_and_the_plural(text: str, n: int, expected: str) -> None:
    assert language.current() is ENGLISH
    assert translate("Test", text, None, n) == expected


def test_an_installed_language_answers_and_english_fills_in_what_it_lacks(
    shouting: object,
) -> None:
    assert translate("Test", "Due") == "DUE"
    assert translate("Test", "%n day(s)", None, 3) == "3 DAY(S)"
    assert translate("Unknown", "%n day(s)", None, 1) == "1 day"
    assert language.current().date_text(date(2025, 3, 12), with_weekday=True, with_year=True) == (
        "2025-03-12"
    )


def test_install_returns_the_language_before() -> None:
    other = _Shouting()
    before = language.install(other)
    try:
        assert before is ENGLISH
        assert language.current() is other
    finally:
        assert language.install(before) is other


def test_plain_english_dates_and_numbers() -> None:
    day = date(2025, 3, 12)
    assert ENGLISH.date_text(day, with_weekday=True, with_year=True) == "Wed 12 Mar 2025"
    assert ENGLISH.date_text(day, with_weekday=False, with_year=False) == "12 Mar"
    assert ENGLISH.number_text(1.25, 1) == "1.2"


def test_markers_return_the_source_and_plural_rule_leaves_other_parentheses() -> None:
    assert QT_TRANSLATE_NOOP("Kinds", "Hole") == "Hole"
    assert english_plural("file(s) (of 3)", 1) == "file (of 3)"


def test_placeholders_are_the_fields_a_translation_must_keep() -> None:
    assert placeholders("{count} of {total:,} for %n") == {"{count}", "{total:,}", "%n"}
    assert placeholders("no fields") == set()
