"""The words a person reads, in the person's language: one door for every visible string.

Every string shown in the window, the QC report, the rescan pack and the work ticket goes
through :func:`translate` (or :func:`QT_TRANSLATE_NOOP` for tables built at import time, then
:func:`translate` where it is shown). ``pyside6-lupdate`` finds both by name, so the calls must
be written positionally with literal strings::

    translate("Wording", "Due")
    translate("Wording", "Open", "verb")                  # a disambiguation for the translator
    translate("Wording", "%n day(s) overdue", None, days)  # a plural: %n is the number

Placeholders are Python's ``{name}``, filled after translation with ``str.format``.

This package imports no Qt (the command line and the checks use it too). The window installs a
:class:`Language` built on Qt's translators and ``QLocale`` (``scaninbox.qt.runtime.language``);
until then, and in the command line whose JSON must never change with the language, the plain
English of the source texts is used: ``%n`` becomes the number (thousands grouped, as the
language writes them) and a plural marker such as
``(s)`` or ``(es)`` is kept only when the number is not one.
"""

from __future__ import annotations

import re
import threading
from datetime import date
from typing import Protocol

from scaninbox.language.areas import AREAS, LANGUAGES, PSEUDO, Area, catalogue_dir

__all__ = [
    "AREAS",
    "ENGLISH",
    "LANGUAGES",
    "PSEUDO",
    "QT_TRANSLATE_NOOP",
    "Area",
    "Language",
    "PlainEnglish",
    "catalogue_dir",
    "current",
    "english_plural",
    "install",
    "os_reason",
    "os_reason_in_text",
    "translate",
]

_PLURAL_MARKER = re.compile(r"(?<=[A-Za-z])\(([a-z]{1,3})\)")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


class Language(Protocol):
    """What the rest of the program asks of a language: its words, dates and numbers."""

    @property
    def code(self) -> str:
        """``"en"``, ``"de"``: the language's ISO 639-1 code."""
        ...

    def lookup(self, context: str, text: str, disambiguation: str | None, n: int) -> str | None:
        """The translation of ``text`` (``%n`` not yet replaced), or ``None`` if there is none."""
        ...

    def date_text(self, day: date, *, with_weekday: bool, with_year: bool) -> str:
        """A day as this language writes it in running text (``12 Mar 2025``, ``12. März 2025``)."""
        ...

    def weekday_text(self, day: date) -> str:
        """The short name of the day's weekday (``Wed``, ``Mi.``)."""
        ...

    def number_text(self, value: float, decimals: int) -> str:
        """A number with this language's decimal sign (``1.5``, ``1,5``)."""
        ...

    def count_text(self, value: int) -> str:
        """A whole number with this language's thousands separator (``12,345``, ``12.345``)."""
        ...


class PlainEnglish:
    """The source texts as written: the fallback, and the command line's language."""

    code = "en"

    def lookup(self, context: str, text: str, disambiguation: str | None, n: int) -> str | None:
        return None

    def date_text(self, day: date, *, with_weekday: bool, with_year: bool) -> str:
        text = f"{day.day} {_MONTHS[day.month - 1]}"
        if with_year:
            text += f" {day.year}"
        if with_weekday:
            text = f"{self.weekday_text(day)} {text}"
        return text

    def weekday_text(self, day: date) -> str:
        return _WEEKDAYS[day.weekday()]

    def number_text(self, value: float, decimals: int) -> str:
        return f"{value:.{decimals}f}"

    def count_text(self, value: int) -> str:
        return f"{value:,}"


ENGLISH: Language = PlainEnglish()
_lock = threading.Lock()
_current: list[Language] = [ENGLISH]


def install(language: Language) -> Language:
    """Make ``language`` the one every later :func:`translate` uses; returns the one before."""
    with _lock:
        before = _current[0]
        _current[0] = language
    return before


def current() -> Language:
    """The language in use (plain English until the window installs another)."""
    return _current[0]


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1, /) -> str:
    """``text`` in the current language; see the module's docstring for how to write the call."""
    language = _current[0]
    found = language.lookup(context, text, disambiguation, n)
    if found is None:
        found = english_plural(text, n)
    return found.replace("%n", language.count_text(n)) if n >= 0 else found


def english_plural(text: str, n: int) -> str:
    """``"%n file(s)"`` for ``n``: the marker's letters kept unless ``n`` is one."""
    if n < 0:
        return text
    return _PLURAL_MARKER.sub("" if n == 1 else r"\1", text)


def QT_TRANSLATE_NOOP(context: str, text: str, /) -> str:  # noqa: N802 - the name lupdate looks for
    """Marks ``text`` for translation where a table is built; translate it where it is shown."""
    del context
    return text


# Last: the reasons are worded through `translate`, defined above.
from scaninbox.language.os_reasons import os_reason, os_reason_in_text  # noqa: E402
